import type { Actor, Mode, RequestContext, StoreContext, UserContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { appActorLabel, TOKEN_PREFIX } from '../oauth/oauth-rules.ts';
import type { OAuthService } from '../oauth/oauth-service.ts';
import { CONNECTOR_SCOPE, restPermissionsOf } from '../oauth/scopes.ts';
import type { AppAuthorization } from '../oauth/types.ts';
import { insufficientScope } from '../shared/access.ts';
import { LAST_USE_RESOLUTION_MS, recordLastUse } from '../shared/instants.ts';
import { effectivePermissions, type Permission } from '../shared/permissions.ts';
import { hashSecret } from '../shared/secrets.ts';
import type { AccountRepo, ApiKeyRepo, PublishableKeyRepo, StoreRepo } from './ports.ts';
import { looksPublishable, looksSecret } from './publishable-key-service.ts';
import type { ApiKey, Membership, PublishableKey, User } from './types.ts';

/** The repositories auth-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface AuthServiceRepos {
  accounts: Pick<AccountRepo, 'findActiveSession'>;
  apiKeys: Pick<ApiKeyRepo, 'findActiveByHashAcrossStores' | 'touch'>;
  publishableKeys: Pick<PublishableKeyRepo, 'findActiveByKeyAcrossStores' | 'touch'>;
  stores: Pick<StoreRepo, 'countMemberships' | 'findMembership' | 'firstMembership'>;
}

/** Who a credential belongs to, before a store is chosen. */
export type Principal =
  /** `endsAt`: when the session stops being live by itself (its expiry, or its browser session's). */
  | { kind: 'session'; user: User; sessionId: string; endsAt: Date }
  /** `membership`: the creator's membership of the key's store, read with the key (null once they left it). */
  | { kind: 'api_key'; user: User; key: ApiKey; membership: Membership | null }
  | { kind: 'oauth'; user: User; app: AppAuthorization }
  /**
   * A storefront's publishable key: nobody signed in behind it. `allowedOrigins`: its store's storefront origins in
   * its mode (the browser pages that may read the answers), read with the key.
   */
  | { kind: 'publishable_key'; key: PublishableKey; allowedOrigins: string[]; /** read with the key (null: no store row) */ storeCurrency: string | null };

export interface Credentials {
  /** The token from `Authorization: Bearer <token>`. */
  bearer?: string | undefined;
  /** The key from `X-MerchantApiKey`. */
  apiKey?: string | undefined;
  /** The key from `X-PublishableKey`. */
  publishableKey?: string | undefined;
}

const INVALID_TOKEN = 'The access token is invalid, expired or revoked. Sign in again (POST /v1/auth/login).';
const INVALID_APP_TOKEN =
  "The app's access token is invalid, expired or revoked. Refresh it (POST /oauth/token with grant_type=refresh_token) or ask the merchant to connect the app again.";

const STOREFRONT_ONLY =
  'A publishable key reads only what a shopper may see, on the storefront routes (active products, categories, published promo ads, delivery quotes). Anything else needs a secret API key, used from a server.';

function invalidToken(message: string, description: string): AppError {
  return new AppError('AUTH_INVALID', message, {
    headers: { 'www-authenticate': `Bearer realm="commerce-service", error="invalid_token", error_description="${description}"` },
  });
}

/**
 * Turns credentials into a principal, and a principal plus `X-MerchantId` / `X-Mode` into the store context every
 * store-scoped service receives.
 */
export function createAuthService(deps: { repos: AuthServiceRepos; oauth: Pick<OAuthService, 'verifyAccessToken'> }) {
  const { repos, oauth } = deps;

  function actorOf(principal: Principal): Actor {
    if (principal.kind === 'publishable_key') {
      return { type: 'publishable_key', id: principal.key.id, label: `Publishable key ${principal.key.key.slice(0, 14)}… (${principal.key.name})`, userId: null };
    }
    if (principal.kind === 'api_key') {
      return { type: 'api_key', id: principal.key.id, label: `API key ${principal.key.prefix}… (${principal.key.name})`, userId: principal.user.id };
    }
    if (principal.kind === 'oauth') {
      return {
        type: 'oauth_app',
        id: principal.app.clientId,
        label: appActorLabel(principal.app, principal.user.email),
        userId: principal.user.id,
      };
    }
    return { type: 'user', id: principal.user.id, label: principal.user.email, userId: principal.user.id };
  }

  function contextOf(base: RequestContext, principal: Principal): UserContext {
    const credential = principal.kind;
    const ctx: UserContext = { ...base, actor: actorOf(principal), credential };
    if (principal.kind === 'oauth') {
      const { clientId, clientName, scopes, resource } = principal.app;
      ctx.app = { clientId, clientName, scopes, resource };
    }
    return ctx;
  }

  /**
   * The store and mode a principal acts in, and the member behind it there. A session picks with `X-MerchantId`
   * (or uses the user's only store); an API key and an app token are bound to theirs (another store: 404; the other
   * mode: 403).
   */
  async function resolveStore(principal: Exclude<Principal, { kind: 'publishable_key' }>, selection: { merchantId?: string | undefined; mode?: Mode | undefined }) {
    let storeId: string;
    let mode: Mode;
    if (principal.kind === 'api_key' || principal.kind === 'oauth') {
      const bound = principal.kind === 'api_key' ? principal.key : principal.app;
      ({ storeId, mode } = boundStore(bound, principal.kind === 'api_key' ? 'API key' : 'app', selection));
    } else {
      mode = selection.mode ?? 'live';
      if (selection.merchantId !== undefined) {
        storeId = selection.merchantId;
      } else {
        const count = await repos.stores.countMemberships(principal.user.id);
        if (count !== 1) {
          throw new AppError(
            count === 0 ? 'STORE_NOT_FOUND' : 'MERCHANT_ID_REQUIRED',
            count === 0
              ? 'You do not belong to any store yet. Create one with POST /v1/stores.'
              : 'You belong to several stores: say which one with the X-MerchantId header (ids from GET /v1/stores).',
            count === 0 ? {} : { details: [{ path: 'X-MerchantId', rule: 'required when you belong to several stores' }] },
          );
        }
        storeId = (await repos.stores.firstMembership(principal.user.id))!.storeId;
      }
    }
    const membership = principal.kind === 'api_key' ? (principal.membership ?? undefined) : await repos.stores.findMembership(storeId, principal.user.id);
    if (!membership && principal.kind === 'session') throw storeNotFound(storeId);
    if (!membership && principal.kind === 'oauth') {
      // The grant is useless now; 401 sends the app back through authorization.
      throw invalidToken(
        'The merchant who approved this app no longer belongs to its store, so the authorization no longer works.',
        'The authorization no longer applies to its store',
      );
    }
    return { storeId, mode, membership };
  }

  function restUserContext(base: RequestContext, principal: Principal): UserContext {
    if (principal.kind === 'publishable_key') throw new AppError('CREDENTIAL_NOT_ALLOWED', STOREFRONT_ONLY);
    if (principal.kind === 'oauth' && restPermissionsOf(principal.app.scopes).size === 0) {
      throw insufficientScope(
        `This app was granted only ${principal.app.scopes.join(' ')}, which is for the AI connector and allows nothing on the REST API. Connect the app again asking for the REST scopes it needs.`,
        undefined,
        'mcp:store grants nothing on the REST API',
      );
    }
    return contextOf(base, principal);
  }

  return {
    /** 401 AUTH_REQUIRED without credentials, AUTH_INVALID for unknown, expired or revoked ones. */
    async authenticate(base: RequestContext, credentials: Credentials): Promise<Principal> {
      const sent = [credentials.bearer, credentials.apiKey, credentials.publishableKey].filter((c) => c !== undefined).length;
      if (sent > 1) {
        throw new AppError('AUTH_AMBIGUOUS', 'Send one credential: Authorization: Bearer, X-MerchantApiKey or X-PublishableKey, not several.');
      }
      if (credentials.publishableKey !== undefined) {
        const given = credentials.publishableKey;
        if (!looksPublishable(given)) {
          throw invalidToken(
            looksSecret(given)
              ? 'X-PublishableKey carries a secret API key. A secret key must never be sent from a browser or put in a page: if this one was, revoke it under API keys now. Storefronts use a publishable key (pk_live_… or pk_test_…).'
              : 'X-PublishableKey takes a publishable key (pk_live_… or pk_test_…), from POST /v1/publishable-keys.',
            'X-PublishableKey takes a publishable key',
          );
        }
        const found = await repos.publishableKeys.findActiveByKeyAcrossStores(given);
        if (!found) throw invalidToken('The publishable key is invalid or has been revoked. Create a new one under API keys.', 'The publishable key is invalid or revoked');
        const { key, allowedOrigins, storeCurrency } = found;
        await recordLastUse(key.lastUsedAt, base.now, () => repos.publishableKeys.touch({ storeId: key.storeId, mode: key.mode }, key.id, base.now));
        return { kind: 'publishable_key', key, allowedOrigins, storeCurrency };
      }
      if (credentials.apiKey !== undefined && looksPublishable(credentials.apiKey)) {
        throw invalidToken(
          'This is a publishable key: send it in X-PublishableKey. X-MerchantApiKey takes a secret API key (sk_live_… or sk_test_…).',
          'A publishable key goes in X-PublishableKey',
        );
      }
      if (credentials.bearer !== undefined && looksPublishable(credentials.bearer)) {
        throw invalidToken('A publishable key is not a bearer token: send it in X-PublishableKey.', 'A publishable key goes in X-PublishableKey');
      }
      if (credentials.apiKey !== undefined) {
        const found = await repos.apiKeys.findActiveByHashAcrossStores(hashSecret(credentials.apiKey));
        if (!found) throw invalidToken('The API key is invalid or has been revoked. Create a new one under API keys.', 'The API key is invalid or revoked');
        const { key, user, membership } = found;
        await recordLastUse(key.lastUsedAt, base.now, () => repos.apiKeys.touch({ storeId: key.storeId, mode: key.mode }, key.id, base.now));
        return { kind: 'api_key', user, key, membership };
      }
      if (credentials.bearer !== undefined) {
        if (credentials.bearer.startsWith(TOKEN_PREFIX.accessToken)) {
          const verified = await oauth.verifyAccessToken(base.now, credentials.bearer);
          if (!verified) throw invalidToken(INVALID_APP_TOKEN, 'The access token is invalid, expired or revoked');
          return { kind: 'oauth', user: verified.user, app: verified.app };
        }
        const found = await repos.accounts.findActiveSession(hashSecret(credentials.bearer), base.now);
        if (!found) throw invalidToken(INVALID_TOKEN, 'The access token is invalid, expired or revoked');
        return { kind: 'session', user: found.user, sessionId: found.session.id, endsAt: found.endsAt };
      }
      throw new AppError(
        'AUTH_REQUIRED',
        'This route needs a credential: send Authorization: Bearer <token> (from POST /v1/auth/login) or X-MerchantApiKey: <key>.',
        { headers: { 'www-authenticate': 'Bearer realm="commerce-service"' } },
      );
    },

    /**
     * The caller on the REST API. An app token that holds no REST scope (only `mcp:store`, which is for the AI
     * connector) is refused on every REST route with 403 insufficient_scope.
     */
    userContext: restUserContext,

    /**
     * The caller acting in a store on the REST API. Permissions are the member's role permissions, limited by the
     * API key's restriction or the app's granted scopes, computed on every request (a permission the merchant loses
     * is lost by their keys and apps at once). A store the caller does not belong to is 404; a mode the credential is
     * not bound to is 403. A publishable key is taken only where `options.storefront` says the route serves shoppers
     * (403 CREDENTIAL_NOT_ALLOWED elsewhere), and acts there as a shopper: its store and mode, no permission at all.
     */
    async storeContext(
      base: RequestContext,
      principal: Principal,
      selection: { merchantId?: string | undefined; mode?: Mode | undefined },
      options: { storefront?: boolean } = {},
    ): Promise<StoreContext> {
      if (principal.kind === 'publishable_key') {
        if (!options.storefront) throw new AppError('CREDENTIAL_NOT_ALLOWED', STOREFRONT_ONLY);
        const { storeId, mode } = boundStore(principal.key, 'publishable key', selection);
        // A shopper: no member behind it, no permission at all; the services it may call check `readAs`.
        const shopper: StoreContext = { ...contextOf(base, principal), tenant: { storeId, mode }, role: 'staff', permissions: new Set() };
        if (principal.storeCurrency !== null) shopper.storeCurrencyRead = { storeId: principal.key.storeId, code: principal.storeCurrency };
        return shopper;
      }
      const userCtx = restUserContext(base, principal);
      const { storeId, mode, membership } = await resolveStore(principal, selection);
      if (!membership) {
        // An API key whose creator has left the store: the key keeps its store but can do nothing.
        return { ...userCtx, tenant: { storeId, mode }, role: 'staff', permissions: new Set() };
      }
      let restriction: readonly Permission[] | null = null;
      if (principal.kind === 'api_key') restriction = principal.key.permissions;
      if (principal.kind === 'oauth') restriction = [...restPermissionsOf(principal.app.scopes)];
      return { ...userCtx, tenant: { storeId, mode }, role: membership.role, permissions: effectivePermissions(membership.role, restriction) };
    },

    /**
     * The caller of the AI connector (/mcp), acting in one store with the permissions its tools are filtered by:
     * - an app token with `mcp:store`: everything the approving merchant's role allows in the app's store;
     * - an app token with permission scopes only: those scopes ∩ the merchant's role (as on REST);
     * - an API key: its permissions, as on REST;
     * - a session token (the merchant's own): their role in the store chosen with `X-MerchantId` / `X-Mode`.
     * Computed on every request, so a permission the merchant loses is lost by the connector at once.
     */
    async connectorContext(
      base: RequestContext,
      principal: Principal,
      selection: { merchantId?: string | undefined; mode?: Mode | undefined } = {},
    ): Promise<StoreContext> {
      if (principal.kind === 'publishable_key') {
        throw new AppError('CREDENTIAL_NOT_ALLOWED', 'A publishable key does not reach the AI connector: it reads only what a shopper may see, on the storefront routes of the REST API.');
      }
      let restriction: readonly Permission[] | null = null;
      if (principal.kind === 'api_key') restriction = principal.key.permissions;
      if (principal.kind === 'oauth' && !principal.app.scopes.includes(CONNECTOR_SCOPE)) {
        restriction = [...restPermissionsOf(principal.app.scopes)];
        if (restriction.length === 0) {
          throw insufficientScope(
            `The AI connector needs the ${CONNECTOR_SCOPE} scope (or permission scopes such as orders:read), which this app was not granted. Connect the app again asking for them.`,
            CONNECTOR_SCOPE,
            `The AI connector needs ${CONNECTOR_SCOPE}`,
          );
        }
      }
      const ctx = contextOf(base, principal);
      const { storeId, mode, membership } = await resolveStore(principal, selection);
      if (!membership) return { ...ctx, tenant: { storeId, mode }, role: 'staff', permissions: new Set() };
      return { ...ctx, tenant: { storeId, mode }, role: membership.role, permissions: effectivePermissions(membership.role, restriction) };
    },
  };
}

/**
 * Until when (milliseconds since the epoch) authenticating this principal's credential again would find the same
 * principal and write nothing, as long as the database does not change meanwhile: for an API key, until its time of
 * last use is due to be written again (to the minute; an unknown time is written at once). 0 for session and app
 * tokens: they expire at times of their own, and the front cache keeps no answer for them.
 */
export function authenticationSteadyUntil(principal: Principal): number {
  if (principal.kind !== 'api_key' || principal.key.lastUsedAt === null) return 0;
  return principal.key.lastUsedAt.getTime() + LAST_USE_RESOLUTION_MS;
}

/**
 * Until when (milliseconds since the epoch) the store context resolved for this principal stays what resolving it again
 * would give, as long as nothing the catalog change log records for its store changes meanwhile (the session's row,
 * the key's row, the member, the user, the store: migrations 0027 and 0036): a session until it ends by itself; an
 * API key until its time of last use is due to be written (`authenticationSteadyUntil`). 0 for the others: app tokens
 * and publishable keys depend on rows the log does not record; they are resolved on every request.
 */
export function resolutionSteadyUntil(principal: Principal): number {
  if (principal.kind === 'session') return principal.endsAt.getTime();
  return authenticationSteadyUntil(principal);
}

/**
 * The store and mode of a credential bound to one (an API key, an app's authorization, a publishable key): another
 * store asked for with X-MerchantId is 404, the other mode asked for with X-Mode is 403.
 */
function boundStore(bound: { storeId: string; mode: Mode }, what: 'API key' | 'app' | 'publishable key', selection: { merchantId?: string | undefined; mode?: Mode | undefined }): { storeId: string; mode: Mode } {
  if (selection.merchantId !== undefined && selection.merchantId !== bound.storeId) throw storeNotFound(selection.merchantId);
  if (selection.mode !== undefined && selection.mode !== bound.mode) {
    throw new AppError(
      'MODE_MISMATCH',
      what === 'app'
        ? `This app was authorized for the store's ${bound.mode} data; it cannot reach ${selection.mode} data. Drop X-Mode.`
        : `This ${what} is a ${bound.mode} key; it cannot reach ${selection.mode} data. Use a ${selection.mode} key or drop X-Mode.`,
    );
  }
  return { storeId: bound.storeId, mode: bound.mode };
}

function storeNotFound(storeId: string): AppError {
  return new AppError('STORE_NOT_FOUND', `No store "${storeId}" that you belong to. List yours with GET /v1/stores.`);
}

export type AuthService = ReturnType<typeof createAuthService>;
