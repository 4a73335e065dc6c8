import { AppError } from '../../errors.ts';
import type { RateLimiter } from '../shared/rate-limit.ts';

/**
 * Sign-in attempts, counted before the password is verified (docs/security.md, "Sign-in throttling").
 *
 * An attempt is reserved atomically in the rate limiter first; only an attempt that got its reservation is verified,
 * so a burst of simultaneous guesses can never verify more than the limit, on one instance or several sharing Redis.
 * A success gives its reservation back (it was not a failure) and clears the email+address count.
 *
 * - per email and address: 5 attempts in 15 minutes (someone mistyping their own password);
 * - per address: 30 attempts in 15 minutes (one address trying many accounts);
 * - per email from addresses that have not signed in to it in the last 30 days: 10 attempts in 10 minutes, across all
 *   such addresses (an attacker spreading guesses over many addresses gets at most 1,440 guesses a day). It never
 *   applies to an address the merchant signed in from recently, so an attack cannot lock a merchant out of their usual
 *   network, and it lifts 10 minutes after the attack stops.
 */
export const LOGIN_LIMITS = {
  perAccountAndAddress: { limit: 5, windowSeconds: 15 * 60 },
  perAddress: { limit: 30, windowSeconds: 15 * 60 },
  perAccountFromNewAddresses: { limit: 10, windowSeconds: 10 * 60 },
  /** How long an address stays "known" for an account after a successful sign-in from it. */
  knownAddressSeconds: 30 * 24 * 3600,
} as const;

export interface LoginAttempt {
  /** The password was right: give the reservations back and remember the address. */
  succeeded(): Promise<void>;
}

export function createLoginThrottle(rateLimiter: RateLimiter) {
  /** The limiter cannot answer (Redis down): sign-in is refused rather than let through uncounted. */
  async function counted<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Sign-in attempts cannot be counted right now, so sign-in is paused. Retry shortly.', {
        headers: { 'retry-after': '5' },
        internal: (error as Error).message,
      });
    }
  }

  return {
    /**
     * Reserves one attempt for `email` from `address` on every counter that applies, or refuses with 429
     * TOO_MANY_ATTEMPTS and Retry-After (giving back what it had reserved) before anything is verified.
     */
    async reserve(email: string, address: string): Promise<LoginAttempt> {
      const account = email.trim().toLowerCase();
      const knownKey = `login-known:${account}|${address}`;
      const known = (await counted(rateLimiter.peek(knownKey))).count > 0;
      const budgets: Array<[string, { limit: number; windowSeconds: number }]> = [
        [`login-ip:${address}`, LOGIN_LIMITS.perAddress],
        [`login:${account}|${address}`, LOGIN_LIMITS.perAccountAndAddress],
      ];
      if (!known) budgets.push([`login-acct:${account}`, LOGIN_LIMITS.perAccountFromNewAddresses]);
      const taken: string[] = [];
      for (const [key, { limit, windowSeconds }] of budgets) {
        const result = await counted(rateLimiter.take(key, limit, windowSeconds));
        if (!result.allowed) {
          await counted(Promise.all(taken.map((k) => rateLimiter.release(k))));
          throw new AppError('TOO_MANY_ATTEMPTS', `Too many failed sign-ins. Try again in ${result.resetInSeconds} seconds.`, {
            headers: { 'retry-after': String(result.resetInSeconds) },
          });
        }
        taken.push(key);
      }
      return {
        async succeeded() {
          const [addressKey, pairKey, accountKey] = taken;
          await counted(
            Promise.all([
              rateLimiter.release(addressKey!),
              rateLimiter.reset(pairKey!),
              accountKey === undefined ? undefined : rateLimiter.release(accountKey),
              known ? undefined : rateLimiter.hit(knownKey, LOGIN_LIMITS.knownAddressSeconds),
            ]),
          );
        },
      };
    },
  };
}
