import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { storefrontOriginAllowed } from '../../domain/accounts/publishable-key-service.ts';
import { addRouteHook } from '../route-hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** On a CORS preflight route this plugin adds: the URL of the storefront route it answers for. */
    preflightOf?: string;
    /**
     * On a storefront route that a page calls with more than the key (carts: `X-Cart-Token`, `Content-Type`): the
     * extra request headers its preflight allows.
     */
    storefrontHeaders?: readonly string[];
  }
}

/** The request headers a storefront page may send: its key, a validator, and the cache-window switch. */
export const STOREFRONT_REQUEST_HEADERS = 'X-PublishableKey, If-None-Match, X-Enable-Cache';
/** The answer headers a storefront page may read besides the CORS-safelisted ones. */
export const STOREFRONT_EXPOSED_HEADERS = 'ETag, X-Request-Id, RateLimit, RateLimit-Policy, Retry-After';
/** How long a browser may reuse a preflight's answer, in seconds (Chromium keeps it 2 hours at most). */
export const PREFLIGHT_MAX_AGE_SECONDS = 86_400;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * CORS on an answer of a storefront route (a route-level onSend hook, so refusals after the credential was read, a 429
 * included, carry it too and the page can read why): only for a request authenticated by a publishable key whose
 * store lists the request's Origin among its storefront origins in the key's mode. Secret keys, session tokens and app
 * tokens never get a CORS header; nor does an unknown or revoked publishable key (no store, no origins). Never
 * `Access-Control-Allow-Credentials`: the API takes no cookie. `Vary: Origin` is on every answer of these routes
 * (plugins/caching.ts), allowed or not.
 */
function allowStorefrontOrigin(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void): void {
  const principal = request.principal;
  if (principal?.kind === 'publishable_key') {
    const origin = header(request, 'origin');
    if (storefrontOriginAllowed(principal.allowedOrigins, origin)) {
      reply.header('access-control-allow-origin', origin).header('access-control-expose-headers', STOREFRONT_EXPOSED_HEADERS);
    }
  }
  done(null, payload);
}

/**
 * The CORS preflight of a storefront route. A browser sends it without the page's headers (so without the key): it
 * cannot say which store asks. It is answered the same for every origin: any page may *send* a GET or HEAD with the
 * key header to this route. That lets nothing through by itself: the request changes nothing, and its answer is
 * readable only when it carries `Access-Control-Allow-Origin`, which `allowStorefrontOrigin` sets only for a key
 * whose store lists the page's origin. Authorization and X-MerchantApiKey are not among the allowed headers, so a
 * browser never sends a secret credential across origins. Rate-limited per address (`public`).
 */
/** The order the preflight lists methods in. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

async function preflight(request: FastifyRequest, reply: FastifyReply, allowed: { methods: Set<string>; headers: Set<string> }): Promise<FastifyReply> {
  const method = header(request, 'access-control-request-method');
  const methods = METHOD_ORDER.filter((m) => allowed.methods.has(m));
  reply.header('vary', 'Origin').header('allow', [...methods, 'OPTIONS'].join(', '));
  if (header(request, 'origin') !== undefined && method !== undefined && allowed.methods.has(method)) {
    reply.headers({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': methods.join(', '),
      'access-control-allow-headers': [STOREFRONT_REQUEST_HEADERS, ...allowed.headers].join(', '),
      'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
    });
  }
  return reply.code(204).send();
}

/**
 * Storefront routes (`config.storefront`, docs/storefront.md): each gets the CORS hook above, and each GET a preflight
 * route (OPTIONS on the same URL, out of the OpenAPI document). Route-level, like the credential hooks: the other
 * routes run none of this. Register after the credential hooks (plugins/auth.ts), before any route.
 */
export function registerStorefront(app: FastifyInstance): void {
  /** URL → the methods and extra headers its preflight allows (the storefront routes on that URL, HEAD with GET). */
  const preflights = new Map<string, { methods: Set<string>; headers: Set<string>; routed: boolean }>();
  app.addHook('onRoute', function storefrontRoute(route: RouteOptions & { routePath?: string }) {
    if (!route.config?.storefront) return;
    addRouteHook(route, 'onSend', allowStorefrontOrigin);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const url = route.routePath ?? route.url;
    const allowed = preflights.get(url) ?? { methods: new Set<string>(), headers: new Set<string>(), routed: false };
    preflights.set(url, allowed);
    for (const m of methods) allowed.methods.add(m);
    if (methods.includes('GET')) allowed.methods.add('HEAD');
    for (const h of route.config.storefrontHeaders ?? []) allowed.headers.add(h);
    // One preflight route per URL, added with its first route other than the HEAD twin of a GET.
    if (allowed.routed || methods.every((m) => m === 'HEAD')) return;
    allowed.routed = true;
    const answer = allowed;
    this.route({
      method: 'OPTIONS',
      url,
      schema: { hide: true },
      config: { preflightOf: route.url },
      handler: (request, reply) => preflight(request, reply, answer),
    });
  });
}
