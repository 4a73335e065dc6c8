/**
 * The request rate limits (docs/security.md, "Rate limits"): one table of named policies, each a number of requests
 * per window counted per client address, per credential, or across all clients. `RATE_LIMITS` overrides any of them
 * (`name=count/seconds,…`).
 */
export interface RateLimitPolicy {
  limit: number;
  windowSeconds: number;
}

export type RateLimitKey = 'address' | 'credential' | 'all';

export const RATE_LIMIT_POLICIES = {
  /** Every route that needs no credential, public reference reads (front cache included), pages and discovery. */
  public: { limit: 600, windowSeconds: 60, key: 'address' },
  /** Every authenticated request (REST and /mcp), per credential: a session, an API key, an app's authorization. */
  credential: { limit: 1200, windowSeconds: 60, key: 'credential' },
  /**
   * Storefront reads with a publishable key, per key (besides `public` per address): what one store's storefront may
   * cost. Five addresses at their `public` limit reach it, one cannot: a key is public, so any visitor has it.
   */
  'publishable-key': { limit: 3000, windowSeconds: 60, key: 'credential' },
  /**
   * POST /v1/carts, per address (besides `publishable-key` and `public`): a visitor makes a cart or two a session, and
   * each one is storage (docs/checkout.md), so one address can leave at most this many carts per hour.
   */
  'cart-create': { limit: 30, windowSeconds: 3600, key: 'address' },
  /** Writes on carts (lines, addresses, codes), per address (besides `publishable-key` and `public`). */
  'cart-writes': { limit: 120, windowSeconds: 60, key: 'address' },
  /**
   * POST /v1/carts/{id}/checkout, per address (besides `publishable-key` and `public`): each checkout places an order
   * that holds stock for 15 minutes, so one address cannot hold a shop's stock by checking out over and over.
   */
  checkout: { limit: 10, windowSeconds: 600, key: 'address' },
  /** Requests whose credential is refused (401), per address: guessing and broken clients. */
  'bad-credentials': { limit: 100, windowSeconds: 300, key: 'address' },
  /** POST /v1/auth/signup, per address: every sign-up costs an argon2 hash and creates an account and a store. */
  'sign-up': { limit: 5, windowSeconds: 3600, key: 'address' },
  /** POST /v1/auth/signup across all addresses: bounds the argon2 work a distributed flood can cause. */
  'sign-up-all': { limit: 120, windowSeconds: 60, key: 'all' },
  /** POST /v1/auth/login and the sign-in page, per address (on top of the per-account sign-in throttle). */
  'sign-in': { limit: 30, windowSeconds: 60, key: 'address' },
  /** GET /oauth/authorize, per address: each request stores an authorization request. */
  'oauth-authorize': { limit: 30, windowSeconds: 60, key: 'address' },
  /** POST /oauth/token, per address. */
  'oauth-token': { limit: 60, windowSeconds: 60, key: 'address' },
  /** POST /oauth/register, per address: a real client registers once. */
  'oauth-register': { limit: 20, windowSeconds: 600, key: 'address' },
  /** POST /oauth/register across all addresses: registrations are free, so their number is bounded. */
  'oauth-register-all': { limit: 600, windowSeconds: 3600, key: 'all' },
  /** POST /oauth/revoke, per address. */
  'oauth-revoke': { limit: 60, windowSeconds: 60, key: 'address' },
} as const satisfies Record<string, RateLimitPolicy & { key: RateLimitKey }>;

export type RateLimitName = keyof typeof RATE_LIMIT_POLICIES;
export type RateLimits = Record<RateLimitName, RateLimitPolicy>;

export const RATE_LIMIT_NAMES = Object.keys(RATE_LIMIT_POLICIES) as RateLimitName[];

/** The limits of every policy: the defaults, with `overrides` on top. */
export function rateLimits(overrides: Partial<RateLimits> = {}): RateLimits {
  const out = {} as RateLimits;
  for (const name of RATE_LIMIT_NAMES) {
    const { limit, windowSeconds } = RATE_LIMIT_POLICIES[name];
    out[name] = overrides[name] ?? { limit, windowSeconds };
  }
  return out;
}

/**
 * Parses `RATE_LIMITS` (`public=1200/60,sign-up=10/3600`). Returns the overrides, or a message saying what is wrong.
 */
export function parseRateLimitOverrides(value: string): Partial<RateLimits> | string {
  const overrides: Partial<RateLimits> = {};
  for (const part of value.split(',').map((s) => s.trim()).filter(Boolean)) {
    const match = /^([a-z-]+)=(\d{1,12})\/(\d{1,9})$/.exec(part);
    if (!match) return `"${part}" is not name=count/seconds (for example public=1200/60)`;
    const [, name, limit, seconds] = match;
    if (!(RATE_LIMIT_NAMES as string[]).includes(name!)) return `"${name}" is not a rate limit; the names are ${RATE_LIMIT_NAMES.join(', ')}`;
    if (Number(seconds) < 1) return `"${part}": the window must be at least 1 second`;
    overrides[name as RateLimitName] = { limit: Number(limit), windowSeconds: Number(seconds) };
  }
  return overrides;
}
