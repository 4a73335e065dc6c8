import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { CACHE_WINDOWS, type CacheWindow, cacheControlFor, DEFAULT_CACHE_CONTROL, requestsFreshCopy, STOREFRONT_VARY, VARY } from '../cache-windows.ts';
import { etagOf, ifNoneMatchMatches } from '../etag.ts';

export interface CachingOptions {
  /** Cache windows by route URL pattern; defaults to the table in docs/http-caching.md ("Cache-Control"). */
  windows?: Readonly<Record<string, CacheWindow>>;
}

/** The cache windows apply on `X-Enable-Cache: true` or `X-Service-Client: dashboard`. */
export function cacheWindowRequested(request: FastifyRequest): boolean {
  const enable = request.headers['x-enable-cache'];
  const client = request.headers['x-service-client'];
  return (
    (typeof enable === 'string' && enable.trim().toLowerCase() === 'true') ||
    (typeof client === 'string' && client.trim().toLowerCase() === 'dashboard')
  );
}

const VARY_VALUE = VARY.join(', ');
const STOREFRONT_VARY_VALUE = STOREFRONT_VARY.join(', ');

function mergeVary(reply: FastifyReply, storefront: boolean): void {
  const existing = reply.getHeader('vary');
  if (existing === undefined) {
    reply.header('vary', storefront ? STOREFRONT_VARY_VALUE : VARY_VALUE);
    return;
  }
  const names = String(existing).split(',').map((s) => s.trim()).filter(Boolean);
  const seen = new Set(names.map((n) => n.toLowerCase()));
  for (const name of storefront ? STOREFRONT_VARY : VARY) if (!seen.has(name.toLowerCase())) names.push(name);
  reply.header('vary', names.join(', '));
}

/**
 * HTTP caching for every route (docs/http-caching.md; RFC 9110 §8.8, §13; RFC 9111):
 * - every 2xx GET/HEAD with a body gets a strong ETag hashed from the exact bytes sent, unless the route already set
 *   one derived the same way;
 * - If-None-Match (weak comparison, lists, `*`) answers 304 with no body, carrying ETag, Cache-Control and Vary and no
 *   Content-Type or Content-Length; it is evaluated only where the answer would have been 2xx;
 * - a request with `Cache-Control: no-cache` always gets the full 200 (rule 5);
 * - `Cache-Control: no-cache, private` by default, the route's window from the table when asked for;
 * - `Vary` naming every request header an answer may depend on (and Origin on storefront routes);
 * - HEAD is answered by the GET handler without a body and with the same headers.
 */
export function registerCaching(app: FastifyInstance, options: CachingOptions = {}): void {
  const windows = options.windows ?? CACHE_WINDOWS;

  // Explicit HEAD routes instead of Fastify's exposeHeadRoutes: its HEAD handler runs after every onSend hook and
  // always sets Content-Length, which a 304 must not carry.
  app.addHook('onRoute', function addHeadRoute(route: RouteOptions & { routePath?: string }) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    // A route that declares HEAD itself (@fastify/static's, under /docs/static) answers it already.
    if (!methods.includes('GET') || methods.includes('HEAD') || route.config?.headOf !== undefined) return;
    this.route({
      ...route,
      url: route.routePath ?? route.url,
      path: undefined,
      method: 'HEAD',
      schema: { ...route.schema, hide: true },
      config: { ...route.config, headOf: route.url },
    } as RouteOptions);
  });

  // Synchronous (done-callback) on purpose: it runs for every response, and an async hook costs a promise each time.
  app.addHook('onSend', (request, reply, payload, done) => {
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', DEFAULT_CACHE_CONTROL);
      done(null, payload);
      return;
    }

    const status = reply.statusCode;
    const success = status >= 200 && status < 300;
    const pattern = request.routeOptions.config?.headOf ?? request.routeOptions.url;
    const window = success && pattern !== undefined ? windows[pattern] : undefined;
    if (!reply.hasHeader('cache-control')) {
      reply.header('cache-control', window && cacheWindowRequested(request) ? cacheControlFor(window) : DEFAULT_CACHE_CONTROL);
    }
    // Storefront routes answer CORS by Origin (plugins/storefront.ts): every answer says so, errors and 304s included.
    mergeVary(reply, request.routeOptions.config?.storefront === true);

    const hasBody = typeof payload === 'string' || Buffer.isBuffer(payload);
    if (success && hasBody) {
      let etag = reply.getHeader('etag') as string | undefined;
      if (etag === undefined) {
        etag = etagOf(payload);
        reply.header('etag', etag);
      }
      const inm = request.headers['if-none-match'];
      if (inm !== undefined && !requestsFreshCopy(request.headers['cache-control']) && ifNoneMatchMatches(inm, etag)) {
        reply.code(304);
        reply.removeHeader('content-type');
        reply.removeHeader('content-length');
        done(null, null);
        return;
      }
    }

    if (method === 'HEAD') {
      if (hasBody) reply.header('content-length', Buffer.byteLength(payload));
      done(null, null);
      return;
    }
    done(null, payload);
  });
}
