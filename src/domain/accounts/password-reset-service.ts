import type { RequestContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { EmailRepo, RenderEmail } from '../email/ports.ts';
import type { MailFeature } from '../email/types.ts';
import { newId } from '../shared/ids.ts';
import type { RateLimiter } from '../shared/rate-limit.ts';
import { hashPassword, hashSecret } from '../shared/secrets.ts';
import type { Transactional } from '../shared/transactional.ts';
import type { AccountRepo } from './ports.ts';

/** The repositories password-reset-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface PasswordResetRepos {
  accounts: Pick<AccountRepo, 'setPassword' | 'revokeSessionsOfUser' | 'findUser' | 'markEmailVerified'>;
  email: Pick<EmailRepo, 'insertMessages' | 'afterCommit' | 'findLiveReset' | 'useResets'>;
}

/**
 * Reset requests are counted per address given and per client address (docs/email.md, "Password reset"). The count
 * is kept for the address as typed, whether an account has it or not, so being refused tells nothing either.
 */
export const RESET_LIMITS = {
  perEmail: { limit: 5, windowSeconds: 3600 },
  perAddress: { limit: 20, windowSeconds: 3600 },
} as const;

export const RESET_REQUESTED =
  'If an account has this email, a message with a link to choose a new password is on its way. The link works once, for 30 minutes.';

/**
 * Password reset without enumeration: a request does the same work whatever the email: it counts the attempt and
 * queues one message, and answers. Whether an account has the email is looked up only by the sender
 * (domain/email/mail-sender.ts), which mints the link's token then; so neither the answer nor its timing depends on it.
 * Setting the new password uses the token once, ends every session of the account and changes nothing else: API keys
 * and connected apps belong to stores, not to a password (docs/decisions/0021-email.md).
 */
export function createPasswordResetService(deps: {
  repos: Transactional<PasswordResetRepos>;
  rateLimiter: RateLimiter;
  render: RenderEmail;
  features: ReadonlySet<MailFeature>;
  notify: () => void;
}) {
  const { repos, rateLimiter } = deps;

  function requireFeature(): void {
    if (!deps.features.has('password-reset')) {
      throw new AppError('PASSWORD_RESET_UNAVAILABLE', "Password reset is turned off on this service (MAIL_FEATURES): ask its operator for help.");
    }
  }

  async function count(key: string, limits: { limit: number; windowSeconds: number }): Promise<void> {
    let result: Awaited<ReturnType<RateLimiter['take']>>;
    try {
      result = await rateLimiter.take(key, limits.limit, limits.windowSeconds);
    } catch (error) {
      throw new AppError('SERVICE_UNAVAILABLE', 'Reset requests cannot be counted right now. Retry shortly.', { headers: { 'retry-after': '5' }, internal: (error as Error).message });
    }
    if (!result.allowed) {
      throw new AppError('TOO_MANY_ATTEMPTS', `Too many reset requests. Try again in ${result.resetInSeconds} seconds.`, { headers: { 'retry-after': String(result.resetInSeconds) } });
    }
  }

  return {
    get enabled(): boolean {
      return deps.features.has('password-reset');
    },

    /** Queues the reset message for `email`; answers the same way whether an account has it or not. */
    async requestLink(ctx: RequestContext, input: { email: string; clientAddress: string }): Promise<void> {
      requireFeature();
      const email = input.email.trim();
      await count(`reset-ip:${input.clientAddress}`, RESET_LIMITS.perAddress);
      await count(`reset:${email.toLowerCase()}`, RESET_LIMITS.perEmail);
      const id = newId('eml', ctx.now);
      await repos.transaction(async (repos) => {
        await repos.email.insertMessages([
          { id, storeId: null, mode: null, kind: 'password_reset', cause: `password-reset:${id}`, to: email, subject: deps.render('password_reset', {}).subject, params: {}, createdAt: ctx.now },
        ]);
        repos.email.afterCommit(deps.notify);
      });
    },

    /** Whether a reset link's token still works (the page of the link says so before asking for a password). */
    async isLive(ctx: RequestContext, token: string): Promise<boolean> {
      requireFeature();
      return (await repos.email.findLiveReset(hashSecret(token), ctx.now)) !== undefined;
    },

    /** Sets a new password with a reset link's token: once, within its 30 minutes; every session of the account ends. */
    async complete(ctx: RequestContext, input: { token: string; password: string }): Promise<{ sessionsEnded: number }> {
      requireFeature();
      const passwordHash = await hashPassword(input.password);
      return repos.transaction(async (repos) => {
        const reset = await repos.email.findLiveReset(hashSecret(input.token), ctx.now);
        if (!reset) {
          throw new AppError('RESET_LINK_INVALID', 'This reset link does not work any more: it was used, it expired (links work 30 minutes), or the password was changed since with another link. Ask for a new link.', {
            details: [{ path: 'token', rule: 'must be the token of an unused reset link under 30 minutes old' }],
          });
        }
        await repos.accounts.setPassword(reset.userId, passwordHash, ctx.now);
        // The link reached the account's email: that proves it.
        const user = await repos.accounts.findUser(reset.userId);
        if (user && user.emailVerifiedAt === null) await repos.accounts.markEmailVerified(user.id, user.email, ctx.now);
        await repos.email.useResets(reset.userId, ctx.now);
        const sessionsEnded = await repos.accounts.revokeSessionsOfUser(reset.userId, ctx.now);
        return { sessionsEnded };
      });
    },
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
