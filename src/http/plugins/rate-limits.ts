import rateLimit, { type CreateRateLimitOptions, normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError } from '../../errors.ts';
import { RATE_LIMIT_NAMES, RATE_LIMIT_POLICIES, type RateLimitName, type RateLimits } from '../rate-limit-policies.ts';
import { addRouteHook } from '../route-hooks.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** "METHOD /url" → the rate-limit policies its requests count against (diagnostics and tests). */
    rateLimitPolicies: ReadonlyMap<string, readonly RateLimitName[]>;
  }
}

/** Policies of the routes that have their own; every other route counts against `public` or `credential`. */
const ROUTE_POLICIES: Readonly<Record<string, readonly RateLimitName[]>> = {
  'POST /v1/auth/signup': ['sign-up', 'sign-up-all'],
  'POST /v1/auth/login': ['sign-in'],
  'POST /sign-in': ['sign-in'],
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

/** Routes whose caller is authenticated by their own scope (not `config.auth`) and counted per credential. */
const CREDENTIAL_ROUTES = new Set(['POST /mcp']);

/** At most this many keys per policy are kept in memory (the least recently used go first beyond it). */
const MEMORY_KEYS_PER_POLICY = 20_000;

/** What a check of one request against one policy found. */
export interface Verdict {
  name: RateLimitName;
  limit: number;
  windowSeconds: number;
  remaining: number;
  resetSeconds: number;
  exceeded: boolean;
}

/** A request as far as the limits need it: its client address and, when authenticated, its principal. */
type Limited = Pick<FastifyRequest, 'ip' | 'principal'>;

/** The identity a credential is counted under: never the secret, only the id of what it stands for. */
function credentialKey(request: Limited): string | undefined {
  const principal = request.principal;
  if (!principal) return undefined;
  if (principal.kind === 'session') return `session:${principal.sessionId}`;
  if (principal.kind === 'api_key') return `api-key:${principal.key.id}`;
  return `app:${principal.app.grantId}`;
}

/** IPv4 as is, IPv6 by its /64 (one host's addresses), as @fastify/rate-limit counts them. */
function addressKey(request: Limited): string {
  return `address:${normalizeIP(request.ip ?? 'unknown', 64)}`;
}

/**
 * `RateLimit-Policy` and `RateLimit` (draft-ietf-httpapi-ratelimit-headers: structured-field lists, one item per
 * policy the request counted against): `"public";q=600;w=60` and `"public";r=599;t=60`.
 */
export function rateLimitHeaders(verdicts: readonly Verdict[]): Record<string, string> {
  if (verdicts.length === 0) return {};
  return {
    'ratelimit-policy': verdicts.map((v) => `"${v.name}";q=${v.limit};w=${v.windowSeconds}`).join(', '),
    ratelimit: verdicts.map((v) => `"${v.name}";r=${v.remaining};t=${v.resetSeconds}`).join(', '),
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

export interface RateLimitsHandle {
  /** Checks `request` against the named policies (counting it), in order. */
  check(request: Limited, names: readonly RateLimitName[]): Promise<Verdict[]>;
  /**
   * Before a credential is checked: refuses with 429 an address whose refused credentials are past `bad-credentials`
   * (without counting this request). `failed` counts a refused credential.
   */
  gate: { check(request: Limited): Promise<void>; failed(request: Limited): Promise<void> };
  /** Attaches the policies to every route registered from now on (call after the credential hooks are registered). */
  attach(): void;
}

/**
 * Request rate limits on top of @fastify/rate-limit (its stores: in memory, or Redis shared by every instance). The
 * plugin is registered with `global: false`; each named policy is a limiter from `createRateLimit`, and this module
 * decides which policies a route counts against, sets the RateLimit headers and answers 429 in the error envelope.
 * A Redis that fails is skipped (the request goes on, logged): the limits protect capacity, and an outage of Redis
 * must not become an outage of the API. The sign-in throttle, which protects accounts, fails closed instead.
 */
export async function setUpRateLimits(app: FastifyInstance, options: { limits: RateLimits; redis: Redis | null }): Promise<RateLimitsHandle> {
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    ...(options.redis ? { redis: options.redis, nameSpace: 'commerce:http-rl:' } : {}),
  });
  const limiters = new Map<RateLimitName, ReturnType<FastifyInstance['createRateLimit']>>();
  for (const name of RATE_LIMIT_NAMES) {
    const { limit, windowSeconds } = options.limits[name];
    const by = RATE_LIMIT_POLICIES[name].key;
    limiters.set(
      name,
      app.createRateLimit({
        max: limit,
        timeWindow: windowSeconds * 1000,
        keyGenerator: (request: FastifyRequest) => `${name}|${by === 'all' ? 'all' : by === 'credential' ? (credentialKey(request) ?? addressKey(request)) : addressKey(request)}`,
        cache: MEMORY_KEYS_PER_POLICY,
      } as CreateRateLimitOptions),
    );
  }

  async function run(request: Limited, name: RateLimitName, increment: boolean): Promise<Verdict> {
    const { limit, windowSeconds } = options.limits[name];
    // @fastify/rate-limit reads the route's own rate-limit config; a request the front cache answers has no route.
    const asRequest = ('routeOptions' in request ? request : { ip: request.ip, principal: request.principal, routeOptions: { config: {} } }) as FastifyRequest;
    const result = await limiters.get(name)!(asRequest, { increment });
    if (result.isAllowed) return { name, limit, windowSeconds, remaining: limit, resetSeconds: windowSeconds, exceeded: false };
    return {
      name,
      limit,
      windowSeconds,
      remaining: result.remaining,
      resetSeconds: result.ttlInSeconds > 0 ? result.ttlInSeconds : windowSeconds,
      exceeded: increment ? result.isExceeded : result.remaining === 0,
    };
  }

  async function check(request: Limited, names: readonly RateLimitName[]): Promise<Verdict[]> {
    const verdicts: Verdict[] = [];
    for (const name of names) verdicts.push(await run(request, name, true));
    return verdicts;
  }

  /** A route-level hook: counts the request, sets the headers, refuses past a limit. */
  function hook(names: readonly RateLimitName[]) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const verdicts = await check(request, names);
      reply.headers(rateLimitHeaders(verdicts));
      const refusal = rateLimited(verdicts);
      if (refusal) throw refusal;
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
  const credentialHook = (request: FastifyRequest, reply: FastifyReply) => (request.principal ? perCredential : perAddress)(request, reply);

  const assigned = new Map<string, readonly RateLimitName[]>();
  app.decorate('rateLimitPolicies', assigned);

  return {
    check,
    gate: {
      async check(request) {
        const verdict = await run(request, 'bad-credentials', false);
        if (verdict.exceeded) {
          throw new AppError(
            'RATE_LIMITED',
            `Too many requests with a refused credential from this address. Retry in ${verdict.resetSeconds} seconds with a valid one.`,
            { headers: { 'retry-after': String(verdict.resetSeconds), ...rateLimitHeaders([verdict]) } },
          );
        }
      },
      async failed(request) {
        await run(request, 'bad-credentials', true);
      },
    },
    attach() {
      app.addHook('onRoute', (route: RouteOptions) => {
        for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
          const id = `${method} ${route.url}`;
          const own = ROUTE_POLICIES[id];
          if (own !== undefined) {
            assigned.set(id, own);
            if (own.length > 0) addRouteHook(route, 'onRequest', hookFor(own));
          } else if (route.config?.auth || CREDENTIAL_ROUTES.has(id)) {
            assigned.set(id, ['credential']);
            addRouteHook(route, 'onRequest', credentialHook);
          } else {
            assigned.set(id, ['public']);
            addRouteHook(route, 'onRequest', hookFor(['public']));
          }
        }
      });
    },
  };
}
