import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { RequestContext, StoreContext } from '../../context.ts';
import { readIdempotencyKey, type SavedResponse } from '../../domain/idempotency/idempotency-rules.ts';
import type { IdempotencyClaim, IdempotencyService } from '../../domain/idempotency/idempotency-service.ts';
import { AppError } from '../../errors.ts';
import { addRouteHook } from '../route-hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `false` turns Idempotency-Key handling off for an authenticated POST route: for routes that hijack the reply
     * (their response cannot be saved) or that carry their own request ids (JSON-RPC).
     */
    idempotency?: false;
  }
  interface FastifyRequest {
    /** Set when an authenticated POST carries a valid Idempotency-Key. */
    idempotency?: IdempotencyState;
  }
}

interface IdempotencyState {
  key: string;
  /** The body as parsed, before schema validation (defaults, stripping), so the fingerprint sees what was sent. */
  body: unknown;
  claim?: IdempotencyClaim;
  /** The response was saved, or the key released. */
  settled?: boolean;
}

/** Response headers that are part of the answer and so are replayed; the rest (request id, caching) are per response. */
const REPLAYED_HEADERS = ['content-type', 'location', 'content-disposition', 'retry-after', 'clear-site-data', 'www-authenticate'];

export const REPLAYED_HEADER = 'idempotent-replayed';

const DOC =
  'Send `Idempotency-Key: <random string, e.g. a UUID>` to make a retry safe: the same request with the same key within 24 hours ' +
  'gets the first response again (with `Idempotent-Replayed: true`) without running twice.';

/** Whose key it is: keys of different stores, modes or credentials never meet. */
function scopeOf(ctx: RequestContext): string {
  const actor = ctx.actor!;
  const tenant = (ctx as Partial<StoreContext>).tenant;
  return tenant ? `store:${tenant.storeId}:${tenant.mode}:${actor.type}:${actor.id}` : `user:${actor.type}:${actor.id}`;
}

function invalidKey(): AppError {
  const rule = 'must be 1 to 255 printable ASCII characters (a UUID is best), sent once';
  return new AppError('INVALID_HEADER', `The Idempotency-Key header ${rule}.`, { details: [{ path: 'Idempotency-Key', rule, in: 'header' }] });
}

function savedHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}

/**
 * `Idempotency-Key` on every authenticated POST (routes declaring `config.auth`), see docs/idempotency.md:
 * - preValidation: checks the key's form (400 INVALID_HEADER) and keeps the body as sent;
 * - preHandler (after authentication and validation, so refusals there keep nothing): claims the key, or replays the
 *   saved response with `Idempotent-Replayed: true`, or refuses (422 reused, 409 in progress);
 * - onSend: saves the response (2xx-4xx) or frees the key (5xx);
 * - onResponse: frees a key whose response was never seen (so it does not stay locked).
 * Later routes get this by declaring `config.auth`; nothing else to do (`config.idempotency: false` opts out).
 */
export function registerIdempotency(app: FastifyInstance, deps: { idempotency: IdempotencyService }): void {
  const { idempotency } = deps;

  async function readKey(request: FastifyRequest): Promise<void> {
    if (request.method !== 'POST') return;
    const value = request.headers['idempotency-key'];
    if (value === undefined) return;
    const key = typeof value === 'string' ? readIdempotencyKey(value) : null;
    if (key === null) throw invalidKey();
    request.idempotency = { key, body: request.body };
  }

  async function claimOrReplay(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
    const state = request.idempotency;
    if (!state) return;
    const result = await idempotency.begin({
      scope: scopeOf(request.ctx),
      key: state.key,
      method: request.method,
      path: request.url,
      body: state.body,
      now: request.ctx.now,
    });
    if (result.kind === 'replay') {
      const saved = result.response;
      reply.code(saved.status).headers(saved.headers).header(REPLAYED_HEADER, 'true');
      return reply.send(saved.bodyEncoding === 'base64' ? Buffer.from(saved.body, 'base64') : saved.body);
    }
    state.claim = result.claim;
  }

  async function save(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    const state = request.idempotency;
    if (!state?.claim || state.settled) return payload;
    state.settled = true;
    let response: SavedResponse | undefined;
    if (payload === null || payload === undefined) response = { status: reply.statusCode, headers: savedHeaders(reply), body: '', bodyEncoding: 'utf8' };
    else if (typeof payload === 'string') response = { status: reply.statusCode, headers: savedHeaders(reply), body: payload, bodyEncoding: 'utf8' };
    else if (Buffer.isBuffer(payload)) response = { status: reply.statusCode, headers: savedHeaders(reply), body: payload.toString('base64'), bodyEncoding: 'base64' };
    try {
      // A streamed body cannot be kept: free the key rather than replay something else.
      if (response === undefined) await idempotency.release(state.claim);
      else await idempotency.finish(state.claim, response);
    } catch (error) {
      // The work is done and the client gets its answer; the key stays locked until IDEMPOTENCY_LOCK_MS passes.
      request.log.error({ err: error }, 'could not save the response of an idempotent request');
    }
    return payload;
  }

  async function releaseUnseen(request: FastifyRequest): Promise<void> {
    const state = request.idempotency;
    if (!state?.claim || state.settled) return;
    state.settled = true;
    await idempotency.release(state.claim).catch((error: unknown) => request.log.error({ err: error }, 'could not release an idempotency key'));
  }

  // Route-level hooks on the routes it applies to, so every other request runs none of this.
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST') || !route.config?.auth || route.config.idempotency === false) return;
    const description = (route.schema as { description?: string } | undefined)?.description;
    route.schema = { ...route.schema, description: description ? `${description}\n\n${DOC}` : DOC } as RouteOptions['schema'];
    addRouteHook(route, 'preValidation', readKey);
    addRouteHook(route, 'preHandler', claimOrReplay);
    addRouteHook(route, 'onSend', save);
    addRouteHook(route, 'onResponse', releaseUnseen);
  });
}
