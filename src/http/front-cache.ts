import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { finished } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogScope, ChangeMark, MarkCheck } from '../db/db.ts';
import { authenticationSteadyUntil, type Principal } from '../domain/accounts/auth-service.ts';
import { hashSecret } from '../domain/shared/secrets.ts';
import type { AppError } from '../errors.ts';
import { boundedLru } from './bounded-lru.ts';
import { type CacheWindow, DEFAULT_CACHE_CONTROL, requestsFreshCopy } from './cache-windows.ts';
import { ifNoneMatchMatches } from './etag.ts';
import { limitItem, policyItem, type RateLimitsHandle, rateLimited, type Verdict } from './plugins/rate-limits.ts';
import { requestIdOf } from './request-id.ts';

/** A 200 as the route sent it. */
interface Sent {
  /** The headers the route's 200 went out with, with Content-Length; `x-request-id` is filled in per response. */
  ok: OutgoingHttpHeaders;
  /** The same for a 304: without Content-Type and Content-Length (RFC 9110 §15.4.5, §8.6). */
  notModified: OutgoingHttpHeaders;
  body: Buffer;
  etag: string;
}

/** A public answer, kept under its URL. */
interface Entry extends Sent {
  /** Whether the body is still what the route would answer; checked on every use. */
  isCurrent: () => boolean;
}

/** An answer to one API key, kept under the key's hash, X-Mode, X-MerchantId and the URL. */
interface KeyEntry extends Sent {
  /**
   * The database's change mark read before the route read anything, or read later by a check that found nothing the
   * answer depends on changed: the answer holds while the mark is the same, or while nothing of its scope changed.
   */
  mark: string;
  /** What the answer is made of: its store's products (one, or a list's page). */
  scope: CatalogScope;
  /** And until then (ms): when authenticating the key would write its time of last use. */
  until: number;
  /** Whom the answer was for: its requests count against that credential's rate limit. */
  principal: Principal;
  /**
   * The check of `scope` since `mark`, one object while the mark stays: the change mark looks once per batch for all
   * the requests waiting with it (Db.changeMark on PostgreSQL).
   */
  check?: MarkCheck;
}

/** The entry's check since its mark (the same object until the mark moves). */
function checkOf(entry: KeyEntry): MarkCheck {
  if (entry.check?.since !== entry.mark) entry.check = { ...entry.scope, since: entry.mark };
  return entry.check;
}

export interface FrontCacheOptions {
  /** At most this many URLs are kept (default 512); the oldest goes first. */
  maxEntries?: number;
  /** At most this many body bytes are kept (default 32 MiB). */
  maxBytes?: number;
  /** The app's TRUST_PROXY setting, so a logged client address is the one Fastify would log. */
  trustProxy?: boolean | number | string[];
  /** The caching plugin's cache windows (the same table): a route with a window answers per request headers, so it is never kept. */
  windows: Readonly<Record<string, CacheWindow>>;
  /**
   * The database's change mark (Db.changeMark): with it, authenticated routes that opt in (`offerPerKey`) have their
   * answers to API keys kept too. Without it only public answers are.
   */
  changeMark?: ChangeMark | undefined;
  /** At most this many body bytes of answers to API keys are kept (default 16 MiB); the least recently used go first. */
  maxKeyBytes?: number;
}

export type FrontCache = ReturnType<typeof createFrontCache>;

const OFFER = Symbol('front-cache offer');
/** The entry key of an API key's request and the change mark read when it arrived, before the route read anything. */
const MARK = Symbol('front-cache change mark');
/** What `offerPerKey` offers instead of an `isCurrent` function. */
const PER_KEY = Symbol('front-cache per API key');

/** Headers that belong to one response, never to a kept entry. */
const PER_RESPONSE = new Set(['x-request-id', 'ratelimit', 'ratelimit-policy']);

type Offered = FastifyReply & { [OFFER]?: (() => boolean) | { [PER_KEY]: CatalogScope } };
type Marked = IncomingMessage & { [MARK]?: { key: string; mark: string } };

/**
 * The change mark the front cache read for an API key's request after it arrived, before the route read anything
 * (undefined when it read none: another credential, a URL it does not keep, the database not answering). The
 * principal memo keeps a context resolved for the request under it without a round trip of its own (decision 0044).
 */
export function arrivalMark(request: IncomingMessage): string | undefined {
  return (request as Marked)[MARK]?.mark;
}

/** What an entry's headers and body weigh besides the body (a generous estimate, for the bound). */
const HEADER_BYTES = 1024;

/**
 * The key of an answer to an API key: the key's hash (never the secret itself), the raw X-Mode and X-MerchantId
 * (the other headers such a route reads; Vary names them) and the URL. Undefined when the request carries no API key
 * or another credential header as well (Authorization, X-PublishableKey: the route refuses it), so the route answers it.
 * An answer kept here never carries CORS headers (secret keys get none), whatever the request's Origin.
 */
function keyEntryKey(request: IncomingMessage, url: string): string | undefined {
  const { headers } = request;
  const apiKey = headers['x-merchantapikey'];
  const mode = headers['x-mode'] ?? '';
  const merchant = headers['x-merchantid'] ?? '';
  if (typeof apiKey !== 'string' || apiKey.trim() === '' || headers.authorization !== undefined || headers['x-publishablekey'] !== undefined) return undefined;
  if (typeof mode !== 'string' || typeof merchant !== 'string') return undefined;
  return `${hashSecret(apiKey)}\n${mode}\n${merchant}\n${url}`;
}

/** Fastify's reading of trustProxy (lib/request.js getTrustProxyFn), for the logged client address. */
function trustFunction(trustProxy: boolean | number | string[]): (address: string, hop: number) => boolean {
  if (trustProxy === true) return () => true;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  return proxyAddr.compile(trustProxy === false ? [] : trustProxy);
}

/**
 * A front cache for public representations: it answers GET and HEAD requests for URLs whose response does not depend
 * on who asks (public reference data) before Fastify routes them, from the bytes and headers the route itself sent
 * last time. A matching If-None-Match gets the 304 the caching plugin would give; anything else (another method, an
 * unknown URL, an entry no longer current) goes to Fastify as usual. See docs/decisions/0007-front-cache.md.
 *
 * How a route takes part: it declares `onSend: front.capture` and calls `front.offer(reply, isCurrent)` before sending;
 * `isCurrent` must turn false as soon as the data behind the body changes. Only a GET's 200 with the default
 * Cache-Control, on a route without a time window (its Cache-Control depends on request headers), and without a
 * cookie is kept, under its exact URL (path and query as sent).
 */
export function createFrontCache(options: FrontCacheOptions) {
  const maxEntries = options.maxEntries ?? 512;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  let log: FastifyBaseLogger | undefined;
  const trust = trustFunction(options.trustProxy ?? false);
  const { windows } = options;
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const { changeMark } = options;
  /** The URLs of the routes that offer answers per API key (`offerPerKeyAt`); only their requests read a change mark. */
  const keyUrls: RegExp[] = [];
  const keyEntries = boundedLru<KeyEntry>(options.maxKeyBytes ?? 16 * 1024 * 1024, (e) => e.body.length + HEADER_BYTES);
  /** The kept keys whose answer the route is making now, with the requests waiting for it (`routeOnce`). */
  const making = new Map<string, Array<(made: boolean) => void>>();
  let open = true;
  let limits: Pick<RateLimitsHandle, 'countOne'> | undefined;

  /** The client address as Fastify reads it (request.ip), for the rate limit. */
  function clientAddress(request: IncomingMessage): string | undefined {
    if (options.trustProxy === undefined || options.trustProxy === false) return request.socket.remoteAddress;
    const chain = proxyAddr.all(request, trust);
    return chain[chain.length - 1];
  }

  function forget(url: string): void {
    const entry = entries.get(url);
    if (entry === undefined) return;
    entries.delete(url);
    bytes -= entry.body.length;
  }

  function keep(url: string, entry: Entry): void {
    forget(url);
    if (entry.body.length > maxBytes) return;
    entries.set(url, entry);
    bytes += entry.body.length;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  /** What Fastify's request serializer reads (src/log.ts), for a request Fastify never saw. */
  function loggable(request: IncomingMessage) {
    return {
      method: request.method,
      url: request.url ?? '/',
      headers: request.headers,
      get ip(): string | undefined {
        const chain = proxyAddr.all(request, trust);
        return chain[chain.length - 1];
      },
    };
  }

  /** The route's 200 as it goes out (every onSend hook has run), for keeping. */
  function sentOf(reply: FastifyReply, payload: Buffer): Sent {
    const ok: OutgoingHttpHeaders = { 'x-request-id': '' };
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && !PER_RESPONSE.has(name)) ok[name] = typeof value === 'number' ? String(value) : value;
    }
    ok['content-length'] = String(payload.length);
    const notModified = { ...ok };
    delete notModified['content-type'];
    delete notModified['content-length'];
    return { ok, notModified, body: payload, etag: String(ok.etag) };
  }

  /**
   * An API key's GET: answered from the key's kept answer when the database's change mark, read now (after the
   * request arrived), is the one the answer was kept under, after the checks the route's hooks make (the address's
   * credential's rate limit; a key that verified is never barred by the address's refused credentials). Anything else (no kept answer, a changed database, a gate
   * or limit reached) goes to Fastify through `fallback`, which answers as it always does. The request carries the
   * mark to the route either way, so the route's answer is kept under a mark read before the route read anything.
   * Returns false (Fastify answers) only when the request is not an API key's.
   */
  function serveKey(request: IncomingMessage, response: ServerResponse, url: string, fallback: () => void): boolean {
    if (changeMark === undefined || !keyUrls.some((pattern) => pattern.test(url))) return false;
    const key = keyEntryKey(request, url);
    if (key === undefined) return false;
    answerKeyOrRoute(request, response, key, changeMark, fallback);
    return true;
  }

  /**
   * One answer made by the route per kept key at a time: the request that finds no current answer goes to the route;
   * those that find none while it is there wait for it to finish, then start over (a mark of their own, read after
   * they arrived, so a write answered before they were sent is never hidden from them). When the route kept nothing
   * (an error, a 404), they go to the route themselves. Without this, an answer going (a change in its scope, or the
   * key's time of last use coming due once a minute) sent every waiting connection to the route at once.
   */
  function routeOnce(key: string, response: ServerResponse, retry: (made: boolean) => void, fallback: () => void): void {
    const waiting = making.get(key);
    if (waiting !== undefined) {
      waiting.push(retry);
      return;
    }
    making.set(key, []);
    // `finished`, not a 'close' listener: a response whose client left while it waited for its mark has closed
    // already and emits nothing more, and the key would stay "being made" for every later request (a hang seen under
    // load when the load generator closed its connections).
    finished(response, () => {
      const waiters = making.get(key) ?? [];
      making.delete(key);
      const made = keyEntries.get(key) !== undefined;
      for (const waiter of waiters) waiter(made);
    });
    fallback();
  }

  function answerKeyOrRoute(request: IncomingMessage, response: ServerResponse, key: string, changeMark: ChangeMark, fallback: () => void): void {
    const kept = keyEntries.get(key);
    const check = kept === undefined ? undefined : checkOf(kept);
    const route = () => routeOnce(key, response, (made) => (made && open ? answerKeyOrRoute(request, response, key, changeMark, fallback) : fallback()), fallback);
    changeMark((mark, unchanged) => {
      if (mark === undefined) return fallback();
      (request as Marked)[MARK] = { key, mark };
      const entry = keyEntries.get(key);
      if (entry === undefined) return route();
      // The entry checked is the one kept (another request may have replaced it meanwhile: then its own mark decides).
      const current = entry.mark === mark || (entry === kept && unchanged);
      if (!current || Date.now() >= entry.until || !open) {
        keyEntries.delete(key);
        return route();
      }
      entry.mark = mark;
      const id = requestIdOf(request);
      const started = log ? performance.now() : 0;
      if (limits === undefined) return answerKey(request, response, entry, id, undefined, started);
      // The counts the route's hooks would make (in memory at once, with Redis later). Past a limit, Fastify answers
      // the 429 (counting the request once more, which changes nothing past the limit).
      const counts = limits;
      const limited = { ip: clientAddress(request) ?? 'unknown', principal: entry.principal };
      // A kept entry is a key that verified under this change mark: the address's refused credentials do not bar it.
      counts.countOne(limited, 'credential', (verdict) => {
        if (verdict.exceeded || !open) return fallback();
        answerKey(request, response, entry, id, verdict, started);
      });
    }, check);
  }

  function answerKey(request: IncomingMessage, response: ServerResponse, entry: KeyEntry, id: string, limit: Verdict | undefined, started: number): void {
    log?.info({ reqId: id, req: loggable(request) }, 'incoming request');
    answer(request, response, entry, id, limit, started);
  }

  function completed(response: ServerResponse, id: string, started: number): void {
    log?.info(
      { reqId: id, res: { statusCode: response.statusCode }, responseTime: performance.now() - started, frontCache: true },
      'request completed',
    );
  }

  function answer(request: IncomingMessage, response: ServerResponse, entry: Sent, id: string, limit: Verdict | undefined, started: number): void {
    const inm = request.headers['if-none-match'];
    const notModified = inm !== undefined && !requestsFreshCopy(request.headers['cache-control']) && ifNoneMatchMatches(inm, entry.etag);
    // The entry's header object goes to writeHead whole (Node's fast path, no per-header setHeader), with this
    // response's own headers written into it first: writeHead serializes the headers before it returns, and nothing
    // else runs in between, so no response ever sees another's id or rate-limit figures.
    const headers = notModified ? entry.notModified : entry.ok;
    headers['x-request-id'] = id;
    if (limit !== undefined) {
      headers['ratelimit-policy'] = policyItem(limit);
      headers.ratelimit = limitItem(limit);
    }
    response.writeHead(notModified ? 304 : 200, headers);
    response.end(notModified || request.method === 'HEAD' ? undefined : entry.body);
    completed(response, id, started);
  }

  /** The 429 the routed request would get: the error envelope with Retry-After and the RateLimit headers. */
  function tooMany(request: IncomingMessage, response: ServerResponse, refusal: AppError, id: string, started: number): void {
    const body = JSON.stringify({ status: false, message: refusal.message, error: { code: refusal.code, details: [] }, requestId: id });
    response.writeHead(429, {
      ...refusal.headers,
      'x-request-id': id,
      'x-content-type-options': 'nosniff',
      'cache-control': DEFAULT_CACHE_CONTROL,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
    });
    response.end(request.method === 'HEAD' ? undefined : body);
    completed(response, id, started);
  }

  return {
    /** Log hits like Fastify logs a request ('incoming request', 'request completed'); call when request logging is on. */
    logTo(logger: FastifyBaseLogger): void {
      log = logger;
    },

    /** The response about to be sent may be kept and served again for as long as `isCurrent()` is true. */
    offer(reply: FastifyReply, isCurrent: () => boolean): void {
      (reply as Offered)[OFFER] = isCurrent;
    },

    /**
     * For an authenticated route whose answer depends only on the credential, X-Mode, X-MerchantId, the URL and what
     * the database holds (not on the time): the response about to be sent to an API key may be kept for that key and
     * served to it again while the database is unchanged (the change mark) and the key's time of last use is not due.
     * Anything that could change the answer (a revoked key, a changed role, a removed member, a changed product) is
     * a write, and a write changes the mark (docs/decisions/0014-answers-per-api-key.md); `scope` says which writes
     * matter to it (the catalog change log, docs/decisions/0028-catalog-changes-per-store.md): once the mark moved,
     * the answer is still served while none of them happened.
     */
    offerPerKey(reply: FastifyReply, scope: CatalogScope): void {
      (reply as Offered)[OFFER] = { [PER_KEY]: scope };
    },

    /** Declares the URLs (path and query as sent) of a route that calls `offerPerKey`. */
    offerPerKeyAt(url: RegExp): void {
      keyUrls.push(url);
    },

    /** Route-level onSend hook (after the caching plugin's, so every header is final): keeps an offered GET 200. */
    capture(request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void): void {
      const isCurrent = (reply as Offered)[OFFER];
      const url = request.raw.url;
      if (
        open &&
        isCurrent !== undefined &&
        url !== undefined &&
        request.method === 'GET' &&
        reply.statusCode === 200 &&
        Buffer.isBuffer(payload) &&
        windows[request.routeOptions.url ?? ''] === undefined &&
        reply.getHeader('cache-control') === DEFAULT_CACHE_CONTROL &&
        !reply.hasHeader('set-cookie')
      ) {
        if (typeof isCurrent !== 'function') {
          const marked = (request.raw as Marked)[MARK];
          const principal = request.principal;
          const until = principal === undefined ? 0 : authenticationSteadyUntil(principal);
          if (marked !== undefined && principal !== undefined && until > Date.now()) {
            keyEntries.set(marked.key, { ...sentOf(reply, payload), mark: marked.mark, scope: isCurrent[PER_KEY], until, principal });
          }
        } else if (isCurrent()) {
          keep(url, { ...sentOf(reply, payload), isCurrent });
        }
      }
      done(null, payload);
    },

    /**
     * Counts answers from the cache against the `public` rate limit, as Fastify's hooks count the routed ones (the same
     * limiter, so both share one budget per address).
     */
    limitWith(handle: Pick<RateLimitsHandle, 'countOne'>): void {
      limits = handle;
    },

    /**
     * Answers the request from the cache and returns true, or returns false and leaves it to Fastify. With a rate
     * limit, the answer comes once the request is counted: a 429 past the limit, or `fallback()` (Fastify) when the
     * entry stopped being current meanwhile.
     */
    serve(request: IncomingMessage, response: ServerResponse, fallback: () => void): boolean {
      const method = request.method;
      if (!open || (method !== 'GET' && method !== 'HEAD')) return false;
      const url = request.url;
      if (url === undefined) return false;
      const entry = entries.get(url);
      if (entry === undefined) return serveKey(request, response, url, fallback);
      if (!entry.isCurrent()) {
        forget(url);
        return false;
      }
      const id = requestIdOf(request);
      const started = log ? performance.now() : 0;
      log?.info({ reqId: id, req: loggable(request) }, 'incoming request');
      if (limits === undefined) {
        answer(request, response, entry, id, undefined, started);
        return true;
      }
      // In memory the count answers at once (the response is written before serve returns); with Redis, later.
      limits.countOne({ ip: clientAddress(request) ?? 'unknown', principal: undefined }, 'public', (verdict) => {
        if (verdict.exceeded) return tooMany(request, response, rateLimited([verdict])!, id, started);
        if (!entry.isCurrent() || !open) return fallback();
        answer(request, response, entry, id, verdict, started);
      });
      return true;
    },

    /** Stops serving and empties the cache: once the app is closing, Fastify answers (with 503) as it does for any route. */
    close(): void {
      open = false;
      entries.clear();
      bytes = 0;
      keyEntries.clear();
    },

    /** How many URLs are kept (for tests and diagnostics). */
    get size(): number {
      return entries.size;
    },
  };
}

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would create (lib/server.js, same timeouts), whose requests
 * first meet the front cache.
 */
export function frontCachedServer(front: FrontCache) {
  // biome-ignore lint/suspicious/noExplicitAny: Fastify hands its options to a server factory as Record<string, any>
  return (handler: (request: IncomingMessage, response: ServerResponse) => void, options: Record<string, any>): Server => {
    const server = createServer(options.http ?? {}, (request, response) => {
      if (!front.serve(request, response, () => handler(request, response))) handler(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}
