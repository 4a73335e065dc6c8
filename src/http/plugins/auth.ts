import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Mode, StoreContext, UserContext } from '../../context.ts';
import { type AuthService, type Credentials, type Principal, resolutionSteadyUntil } from '../../domain/accounts/auth-service.ts';
import type { CredentialCheck } from '../../domain/catalog/ports.ts';
import { TOKEN_PREFIX } from '../../domain/oauth/oauth-rules.ts';
import { hashSecret } from '../../domain/shared/secrets.ts';
import { AppError, isAppError } from '../../errors.ts';
import { arrivalMark } from '../front-cache.ts';
import type { Found, PrincipalMemo } from '../principal-memo.ts';
import { addRouteHook } from '../route-hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route: absent = public; 'user' = any valid credential; 'store' = a credential acting in a
     * store (chosen with X-MerchantId / X-Mode).
     */
    auth?: 'user' | 'store';
    /**
     * A storefront route (docs/storefront.md): a read a publishable key may call besides the other credentials (with
     * `auth: 'store'`; the service answers a shopper what a shopper may see), answered with CORS for the key's
     * storefront origins (plugins/storefront.ts). A publishable key is refused on every other route.
     */
    storefront?: boolean;
    /**
     * A storefront route that only a publishable key may call (carts, docs/checkout.md): the service refuses every
     * other credential, and the OpenAPI document names only `publishableKey` as its security.
     */
    shopperOnly?: boolean;
    /**
     * A read that can carry the check of a store context kept for the request's credential (the principal memo,
     * PostgreSQL; docs/decisions/0044-one-statement-for-a-kept-credential.md): the credential hook starts it with that
     * context instead of asking the change mark first, and the context stands if the read's statement found nothing of
     * it changed (`check.outcome`); the route's handler then takes what it read (`takeCheckedRead`). Otherwise what it
     * read is dropped and the credential resolved as usual. It must read nothing the context may not see: it runs the
     * service's own read, with the service's own permission checks, for the context it is given.
     */
    checkedRead?: (request: FastifyRequest, ctx: StoreContext, check: CredentialCheck) => Promise<unknown>;
  }
  interface FastifyRequest {
    principal?: Principal;
    /** What `config.checkedRead` read for the context that stood (`takeCheckedRead`). */
    checkedRead: PromiseSettledResult<unknown> | null;
  }
}

const MERCHANT_ID = /^[A-Za-z0-9_-]{1,64}$/;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function invalidHeader(name: string, rule: string): AppError {
  return new AppError('INVALID_HEADER', `The ${name} header ${rule}.`, { details: [{ path: name, rule, in: 'header' }] });
}

export function readCredentials(request: FastifyRequest): Credentials {
  const authorization = header(request, 'authorization');
  const apiKey = header(request, 'x-merchantapikey');
  const publishableKey = header(request, 'x-publishablekey');
  let bearer: string | undefined;
  if (authorization !== undefined) {
    const match = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(authorization);
    if (!match) {
      throw new AppError('AUTH_INVALID', 'The Authorization header must be "Bearer <token>".', {
        headers: { 'www-authenticate': 'Bearer realm="commerce-service", error="invalid_request", error_description="Use the Bearer scheme"' },
      });
    }
    bearer = match[1];
  }
  return {
    bearer,
    apiKey: apiKey === undefined || apiKey === '' ? undefined : apiKey.trim(),
    publishableKey: publishableKey === undefined || publishableKey === '' ? undefined : publishableKey.trim(),
  };
}

export function readSelection(request: FastifyRequest): { merchantId?: string; mode?: Mode } {
  const merchantId = header(request, 'x-merchantid');
  const mode = header(request, 'x-mode');
  const selection: { merchantId?: string; mode?: Mode } = {};
  if (merchantId !== undefined && merchantId !== '') {
    if (!MERCHANT_ID.test(merchantId)) throw invalidHeader('X-MerchantId', 'must be a store id from GET /v1/stores');
    selection.merchantId = merchantId;
  }
  if (mode !== undefined && mode !== '') {
    const m = mode.trim().toLowerCase();
    if (m !== 'live' && m !== 'test') throw invalidHeader('X-Mode', 'must be live or test');
    selection.mode = m;
  }
  return selection;
}

/** The signed-in caller of a route declared with `config: { auth: 'user' }` (or 'store'). */
export function userCtx(request: FastifyRequest): UserContext {
  return request.ctx as UserContext;
}

/** The caller and active store of a route declared with `config: { auth: 'store' }`. */
export function storeCtx(request: FastifyRequest): StoreContext {
  return request.ctx as StoreContext;
}

/**
 * What the route's `config.checkedRead` read when the credential hook made it and its context stood (what it threw is
 * thrown here, in the handler, where the route's own errors belong); undefined when the route is to read now.
 */
export function takeCheckedRead<T>(request: FastifyRequest): T | undefined {
  const settled = request.checkedRead as PromiseSettledResult<T> | null;
  if (settled === null) return undefined;
  if (settled.status === 'rejected') throw settled.reason;
  return settled.value;
}

/** Counts refused credentials per client address (the `bad-credentials` rate limit, src/http/plugins/rate-limits.ts). */
export interface CredentialGate {
  /** Counts one refused credential; refuses (429) an address past its refused-credential budget. */
  failed(request: FastifyRequest): Promise<void>;
}

/**
 * The principal behind the request's credentials. A credential that verifies is never refused for what others sent
 * from the same address (a NAT, a proxy, a balancer without TRUST_PROXY); only a refused one counts against the
 * address's budget, and past that budget a refused credential is answered 429 instead of 401 (guessing stays
 * limited). A request without any credential is not a wrong one: it gets its 401 and counts for nothing.
 */
export async function authenticatePrincipal(request: FastifyRequest, deps: { auth: AuthService; gate: CredentialGate }): Promise<Principal> {
  try {
    return await deps.auth.authenticate(request.ctx, readCredentials(request));
  } catch (error) {
    if (isAppError(error) && error.status === 401 && error.code !== 'AUTH_REQUIRED') await deps.gate.failed(request);
    throw error;
  }
}

/**
 * The principal memo's key of a request (src/http/principal-memo.ts): its session token, hashed (never the token
 * itself), with the raw X-MerchantId and X-Mode, which are all a session's store context is resolved from; on a route
 * whose read checks a kept context itself (`checked`, decision 0044) an API key's the same way, which saves that read
 * the key's own statement. Undefined for any other request (elsewhere an API key resolves in one statement, as the
 * mark would take one; app tokens and publishable keys depend on rows the change log does not record): resolved every
 * time.
 */
function memoKey(request: FastifyRequest, checked: boolean): string | undefined {
  const { headers } = request;
  const authorization = headers.authorization;
  const apiKey = headers['x-merchantapikey'];
  const merchant = headers['x-merchantid'] ?? '';
  const mode = headers['x-mode'] ?? '';
  if (headers['x-publishablekey'] !== undefined || typeof merchant !== 'string' || typeof mode !== 'string') return undefined;
  if (apiKey !== undefined) {
    if (!checked || typeof apiKey !== 'string' || authorization !== undefined || apiKey.trim() === '') return undefined;
    return `key\n${hashSecret(apiKey.trim())}\n${merchant}\n${mode}`;
  }
  if (typeof authorization !== 'string' || authorization.includes(TOKEN_PREFIX.accessToken)) return undefined;
  return `${hashSecret(authorization)}\n${merchant}\n${mode}`;
}

/**
 * Resolves credentials before anything else runs (so a 401/403 wins over a 422), for routes that declare
 * `config.auth`. Also marks those routes as secured in the OpenAPI document. With `memo`, a session's store context is kept under the database's change mark and reused while nothing it is made of changed
 * (docs/decisions/0039-principal-memo.md); what a request gets is the same either way.
 */
export function registerAuth(app: FastifyInstance, deps: { auth: AuthService; gate: CredentialGate; memo?: PrincipalMemo | undefined }): void {
  const { memo } = deps;

  async function authenticate(request: FastifyRequest): Promise<void> {
    const mode = request.routeOptions.config.auth;
    const read = request.routeOptions.config.checkedRead;
    const key = mode === 'store' && memo !== undefined ? memoKey(request, read !== undefined) : undefined;
    let found: Found | undefined;
    if (key !== undefined && read !== undefined) {
      // One statement for the kept context's check and the route's read (decision 0044).
      const candidate = memo!.candidate(key, request.ctx.now.getTime());
      if (candidate !== undefined) {
        const ctx: StoreContext = { requestId: request.ctx.requestId, now: request.ctx.now, ...candidate.resolved };
        const [settled] = await Promise.allSettled([read(request, ctx, candidate.check)]);
        if (memo!.settle(key, candidate, ctx.now.getTime())) {
          request.principal = candidate.principal;
          request.ctx = ctx;
          request.checkedRead = settled;
          return;
        }
        // Its store changed: the statement's snapshot, read after the request arrived, is the mark to keep the context
        // resolved now under.
        const { outcome } = candidate.check;
        if (outcome !== undefined) found = { kept: undefined, mark: outcome.snapshot };
        // The read failed before its statement answered, and not for a refusal of the route's own (the database is
        // not answering): resolving the credential would wait for it again.
        else if (settled.status === 'rejected' && !isAppError(settled.reason)) throw settled.reason;
      }
    }
    // An API key's request the front cache looked at carries the mark it read on arrival: the context resolved now is
    // kept under it, without a round trip of its own.
    const arrived = key !== undefined && found === undefined ? arrivalMark(request.raw) : undefined;
    if (arrived !== undefined) found = { kept: undefined, mark: arrived };
    if (key !== undefined && found === undefined) {
      found = await new Promise<Found>((resolve) => memo!.find(key, request.ctx.now.getTime(), resolve));
      if (found.kept !== undefined) {
        request.principal = found.kept.principal;
        request.ctx = { requestId: request.ctx.requestId, now: request.ctx.now, ...found.kept.resolved };
        return;
      }
    }
    const principal = await authenticatePrincipal(request, deps);
    request.principal = principal;
    if (mode === 'user') {
      request.ctx = deps.auth.userContext(request.ctx, principal);
      return;
    }
    const ctx = await deps.auth.storeContext(request.ctx, principal, readSelection(request), { storefront: request.routeOptions.config.storefront === true });
    request.ctx = ctx;
    if (key !== undefined && found?.mark !== undefined) {
      const { requestId: _id, now, ...resolved } = ctx;
      memo!.keep(key, found.mark, principal, resolved, resolutionSteadyUntil(principal), now.getTime());
    }
  }

  app.decorateRequest('checkedRead', null);
  // A route-level hook on the routes that declare `config.auth` only: public routes run no credential code at all.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.auth) return;
    route.schema = {
      ...route.schema,
      security: route.config.shopperOnly
        ? [{ publishableKey: [] }]
        : route.config.storefront
          ? [{ bearerAuth: [] }, { merchantApiKey: [] }, { publishableKey: [] }]
          : [{ bearerAuth: [] }, { merchantApiKey: [] }],
    } as RouteOptions['schema'];
    addRouteHook(route, 'onRequest', authenticate);
  });
}
