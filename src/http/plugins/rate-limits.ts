import { createRequire } from 'node:module';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../../errors.ts';
import { ErrorEnvelopeSchema } from '../envelope.ts';
import { RATE_LIMIT_NAMES, RATE_LIMIT_POLICIES, type RateLimitName, type RateLimits } from '../rate-limit-policies.ts';
import { addRouteHook } from '../route-hooks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * "METHOD /url" → the rate-limit policies its requests count against (diagnostics and tests). A storefront route
     * lists all it may count against: `credential` for secret credentials, `publishable-key` and `public` for a
     * publishable key.
     */
    rateLimitPolicies: ReadonlyMap<string, readonly RateLimitName[]>;
  }
}

/**
 * A counter store of @fastify/rate-limit (store/LocalStore.js: an LRU in memory; store/RedisStore.js: one Lua script
 * per hit, shared by every instance). `incr` answers through its callback: synchronously for the LRU.
 */
interface CounterStore {
  incr(key: string, done: (error: Error | null, result: { current: number; ttl: number } | null) => void, timeWindowMs: number, max: number): void;
}
type LocalStoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => CounterStore;
type RedisStoreClass = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => CounterStore;
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as LocalStoreClass;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as RedisStoreClass;

/** Policies of the routes that have their own; every other route counts against `public` or `credential`. */
const ROUTE_POLICIES: Readonly<Record<string, readonly RateLimitName[]>> = {
  'POST /v1/auth/signup': ['sign-up', 'sign-up-all'],
  // The sign-up page creates accounts through the same service: the same counters, so neither door adds to the other.
  'POST /signup': ['sign-up', 'sign-up-all'],
  'POST /v1/auth/login': ['sign-in'],
  'POST /sign-in': ['sign-in'],
  // Password reset, through the API and the pages: the sign-in budget per address (each completion costs an argon2
  // hash); the service counts requests per email and per address on top (docs/email.md).
  'POST /v1/auth/password-reset': ['sign-in'],
  'POST /v1/auth/password-reset/confirm': ['sign-in'],
  'POST /password-reset': ['sign-in'],
  'POST /password-reset/new': ['sign-in'],
  // The pay page's card form and the test provider's challenge: each attempt calls a payment provider, and card testing
  // tries many numbers; the sign-in budget per address bounds both (docs/payments.md).
  'POST /pay/:token': ['sign-in'],
  'POST /test-provider/challenge/:id': ['sign-in'],
  // A mailed link's token is its whole authority: the sign-in budget per address, as for reset links.
  'POST /email-links/confirm': ['sign-in'],
  // Carts (docs/checkout.md): what any storefront request counts against, and a budget of their own per address, so one
  // visitor cannot grow storage without bound (creation) or spend the key's budget on writes.
  'POST /v1/carts': ['publishable-key', 'public', 'cart-create'],
  'PATCH /v1/carts/:cartId': ['publishable-key', 'public', 'cart-writes'],
  'POST /v1/carts/:cartId/lines': ['publishable-key', 'public', 'cart-writes'],
  'PATCH /v1/carts/:cartId/lines/:lineId': ['publishable-key', 'public', 'cart-writes'],
  'DELETE /v1/carts/:cartId/lines/:lineId': ['publishable-key', 'public', 'cart-writes'],
  'POST /v1/carts/:cartId/checkout': ['publishable-key', 'public', 'checkout'],
  'GET /oauth/authorize': ['oauth-authorize'],
  'POST /oauth/token': ['oauth-token'],
  'POST /oauth/register': ['oauth-register', 'oauth-register-all'],
  'POST /oauth/revoke': ['oauth-revoke'],
  // Liveness and readiness probes come from the platform, often many times a second, and do no work worth limiting.
  'GET /healthz': [],
  'HEAD /healthz': [],
  'GET /readyz': [],
  'HEAD /readyz': [],
};

/** What a storefront route's request with a publishable key counts against (docs/storefront.md). */
const STOREFRONT_KEY_POLICIES: readonly RateLimitName[] = ['publishable-key', 'public'];

/** Routes whose caller is authenticated by their own scope (not `config.auth`) and counted per credential. */
const CREDENTIAL_ROUTES = new Set(['POST /mcp']);

/** The API's routes (the error envelope) list the 429 every one of them can answer in the OpenAPI document. */
function documentTooManyRequests(route: RouteOptions): void {
  const schema = route.schema as { response?: Record<string, unknown>; hide?: boolean } | undefined;
  if (!schema?.response || schema.hide || !/^\/v[12]\//.test(route.url) || '429' in schema.response) return;
  route.schema = { ...schema, response: { ...schema.response, 429: ErrorEnvelopeSchema } } as RouteOptions['schema'];
}

/** At most this many keys per policy are kept in memory (the least recently used go first beyond it). */
const MEMORY_KEYS_PER_POLICY = 20_000;

/** What counting one request against one policy found. */
export interface Verdict {
  name: RateLimitName;
  limit: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
  exceeded: boolean;
}

/** A request as far as the limits need it: its client address and, when authenticated, its principal. */
export type Limited = Pick<FastifyRequest, 'ip' | 'principal'>;

/** The identity a credential is counted under: never the secret, only the id of what it stands for. */
function credentialKey(request: Limited): string | undefined {
  const principal = request.principal;
  if (!principal) return undefined;
  if (principal.kind === 'session') return `session:${principal.sessionId}`;
  if (principal.kind === 'api_key') return `api-key:${principal.key.id}`;
  if (principal.kind === 'publishable_key') return `publishable-key:${principal.key.id}`;
  return `app:${principal.app.grantId}`;
}

/** Keys of recent addresses: normalizing an address runs an IPv6 regular expression, a request comes every few µs. */
const addressKeys = new Map<string, string>();

/** IPv4 as is, IPv6 by its /64 (one host's addresses), as @fastify/rate-limit counts them. */
function addressKey(ip: string | undefined): string {
  const address = ip ?? 'unknown';
  let key = addressKeys.get(address);
  if (key === undefined) {
    if (addressKeys.size >= 10_000) addressKeys.clear();
    key = `address:${normalizeIP(address, 64)}`;
    addressKeys.set(address, key);
  }
  return key;
}

/** The `RateLimit-Policy` item of a verdict's policy (the same for every request: kept, not rebuilt). */
const policyItems = new Map<string, string>();
export function policyItem(v: Pick<Verdict, 'name' | 'limit' | 'windowSeconds'>): string {
  const id = `${v.name} ${v.limit} ${v.windowSeconds}`;
  let item = policyItems.get(id);
  if (item === undefined) {
    item = `"${v.name}";q=${v.limit};w=${v.windowSeconds}`;
    policyItems.set(id, item);
  }
  return item;
}

/** The `RateLimit` item of a verdict: what is left and when the window ends. */
export function limitItem(v: Pick<Verdict, 'name' | 'remaining' | 'resetSeconds'>): string {
  return `"${v.name}";r=${v.remaining};t=${v.resetSeconds}`;
}

/**
 * `RateLimit-Policy` and `RateLimit` (draft-ietf-httpapi-ratelimit-headers: structured-field lists, one item per
 * policy the request counted against): `"public";q=600;w=60` and `"public";r=599;t=60`.
 */
export function rateLimitHeaders(verdicts: readonly Verdict[]): Record<string, string> {
  if (verdicts.length === 0) return {};
  return {
    'ratelimit-policy': verdicts.length === 1 ? policyItem(verdicts[0]!) : verdicts.map(policyItem).join(', '),
    ratelimit: verdicts.length === 1 ? limitItem(verdicts[0]!) : verdicts.map(limitItem).join(', '),
  };
}

/** 429 RATE_LIMITED with Retry-After (the longest wait among the exceeded policies) and the RateLimit headers. */
export function rateLimited(verdicts: readonly Verdict[]): AppError | undefined {
  const exceeded = verdicts.filter((v) => v.exceeded);
  if (exceeded.length === 0) return undefined;
  const wait = Math.max(1, ...exceeded.map((v) => v.resetSeconds));
  return new AppError(
    'RATE_LIMITED',
    `Too many requests (${exceeded.map((v) => `${v.name}: ${v.limit} per ${v.windowSeconds} s`).join('; ')}). Retry in ${wait} seconds.`,
    { headers: { 'retry-after': String(wait), ...rateLimitHeaders(verdicts) } },
  );
}

type Done = (verdicts: Verdict[]) => void;

export interface RateLimitsHandle {
  /** `count` for one policy, without lists: the front cache's path. */
  countOne(request: Limited, name: RateLimitName, done: (verdict: Verdict) => void): void;
  /**
   * Counts `request` against the named policies and calls `done` with what it found, once: synchronously when the
   * counts are in memory, after Redis answered otherwise. A failing Redis counts as "not limited" (logged).
   */
  count(request: Limited, names: readonly RateLimitName[], done: Done): void;
  /**
   * `failed` counts a refused credential against `bad-credentials` and refuses (429) one past that budget. A credential
   * that verifies never meets it.
   */
  gate: { failed(request: Limited): Promise<void> };
  /** Attaches the policies to every route registered from now on (call after the credential hooks are registered). */
  attach(): void;
}

/**
 * Request rate limits (docs/security.md, "Rate limits"; decision 0009). Counting is @fastify/rate-limit's: its
 * in-memory LRU store, or its Redis store shared by every instance, one per policy. This module decides which policies
 * a route counts against, sets the RateLimit headers and answers 429 in the error envelope. It drives the stores
 * through their callbacks rather than the plugin's promise-based `createRateLimit()`, so an in-memory check costs no
 * promise: the front cache answers public reads at close to a bare server's rate, and measured 0.70× of it through
 * `createRateLimit()` (bench/README.md).
 * A Redis that fails is skipped (the request goes on, logged): the limits protect capacity, and an outage of Redis
 * must not become an outage of the API. The sign-in throttle, which protects accounts, fails closed instead.
 */
export function setUpRateLimits(app: FastifyInstance, options: { limits: RateLimits; redis: Redis | null }): RateLimitsHandle {
  const policies = new Map(
    RATE_LIMIT_NAMES.map((name) => {
      const { limit, windowSeconds } = options.limits[name];
      const store = options.redis
        ? new RedisStore(false, false, options.redis, `commerce:http-rl:${name}:`)
        : new LocalStore(false, false, MEMORY_KEYS_PER_POLICY);
      return [name, { name, limit, windowSeconds, windowMs: windowSeconds * 1000, by: RATE_LIMIT_POLICIES[name].key, store }] as const;
    }),
  );

  function keyOf(request: Limited, by: 'address' | 'credential' | 'all'): string {
    if (by === 'all') return 'all';
    if (by === 'credential') return credentialKey(request) ?? addressKey(request.ip);
    return addressKey(request.ip);
  }

  // A store that fails fails for every request: say so at most every 10 seconds.
  let warnedAt = 0;
  const warn = (error: Error | null, name: RateLimitName) => {
    const now = Date.now();
    if (now - warnedAt < 10_000) return;
    warnedAt = now;
    app.log.warn({ err: error, policy: name }, 'rate limits not checked: their store does not answer (requests go on unlimited)');
  };

  /** One policy: count the request and answer through `done`. */
  function one(request: Limited, name: RateLimitName, done: (verdict: Verdict) => void): void {
    const policy = policies.get(name)!;
    const answer = (error: Error | null, result: { current: number; ttl: number } | null) => {
      if (error || !result) {
        warn(error, name);
        done({ name, limit: policy.limit, windowSeconds: policy.windowSeconds, remaining: policy.limit, resetSeconds: policy.windowSeconds, exceeded: false });
        return;
      }
      const resetSeconds = result.ttl > 0 ? Math.ceil(result.ttl / 1000) : policy.windowSeconds;
      done({
        name,
        limit: policy.limit,
        windowSeconds: policy.windowSeconds,
        remaining: Math.max(0, policy.limit - result.current),
        resetSeconds,
        exceeded: result.current > policy.limit,
      });
    };
    const key = keyOf(request, policy.by);
    try {
      policy.store.incr(key, answer, policy.windowMs, policy.limit);
    } catch (error) {
      answer(error as Error, null);
    }
  }

  function count(request: Limited, names: readonly RateLimitName[], done: Done): void {
    const verdicts: Verdict[] = [];
    const next = (i: number): void => {
      if (i === names.length) {
        done(verdicts);
        return;
      }
      one(request, names[i]!, (verdict) => {
        verdicts.push(verdict);
        next(i + 1);
      });
    };
    next(0);
  }

  /** A route-level hook (callback style: no promise when the counts are in memory). */
  function hook(names: readonly RateLimitName[]) {
    return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      count(request, names, (verdicts) => {
        reply.headers(rateLimitHeaders(verdicts));
        done(rateLimited(verdicts));
      });
    };
  }

  const hooks = new Map<string, ReturnType<typeof hook>>();
  const hookFor = (names: readonly RateLimitName[]) => {
    const id = names.join(',');
    if (!hooks.has(id)) hooks.set(id, hook(names));
    return hooks.get(id)!;
  };
  /** Authenticated routes count per credential; a request that arrives without one (a CORS preflight) per address. */
  const perCredential = hookFor(['credential']);
  const perAddress = hookFor(['public']);
  const credentialHook = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) =>
    (request.principal ? perCredential : perAddress)(request, reply, done);
  /** Storefront routes: a publishable key counts per key and per address (it is public); other credentials as above. */
  const perPublishableKey = hookFor(STOREFRONT_KEY_POLICIES);
  const storefrontHook = (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) =>
    (request.principal?.kind === 'publishable_key' ? perPublishableKey : request.principal ? perCredential : perAddress)(request, reply, done);

  const assigned = new Map<string, readonly RateLimitName[]>();
  app.decorate('rateLimitPolicies', assigned);



  return {
    count,
    countOne: (request, name, done) => one(request, name, done),
    gate: {
      async failed(request) {
        const verdict = await new Promise<Verdict>((resolve) => one(request, 'bad-credentials', resolve));
        if (verdict.exceeded) {
          throw new AppError(
            'RATE_LIMITED',
            `Too many requests with a refused credential from this address. Retry in ${verdict.resetSeconds} seconds with a valid one.`,
            { headers: { 'retry-after': String(verdict.resetSeconds), ...rateLimitHeaders([verdict]) } },
          );
        }
      },
    },
    attach() {
      app.addHook('onRoute', (route: RouteOptions & { prefix?: string }) => {
        documentTooManyRequests(route);
        // A plugin's root route (`/docs`) is also served with a trailing slash (`/docs/`): one route, the same hooks.
        const twin = route.prefix && route.url === route.prefix ? `${route.url}/` : undefined;
        for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
          const id = `${method} ${route.url}`;
          const own = ROUTE_POLICIES[id];
          let policies: readonly RateLimitName[];
          if (own !== undefined) {
            policies = own;
            if (own.length > 0) addRouteHook(route, 'onRequest', hookFor(own));
          } else if (route.config?.auth && route.config.storefront) {
            policies = ['credential', ...STOREFRONT_KEY_POLICIES];
            addRouteHook(route, 'onRequest', storefrontHook);
          } else if (route.config?.auth || CREDENTIAL_ROUTES.has(id)) {
            policies = ['credential'];
            addRouteHook(route, 'onRequest', credentialHook);
          } else {
            policies = ['public'];
            addRouteHook(route, 'onRequest', hookFor(['public']));
          }
          assigned.set(id, policies);
          if (twin !== undefined) assigned.set(`${method} ${twin}`, policies);
        }
      });
    },
  };
}
