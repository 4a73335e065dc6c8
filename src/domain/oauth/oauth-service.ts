import { randomBytes } from 'node:crypto';
import type { EmailRepo } from '../email/ports.ts';
import type { Mode, RequestContext, UserContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { InvalidClientError, InvalidGrantError, InvalidScopeError, InvalidTargetError, type OAuthError } from './errors.ts';
import type { AccountRepo, StoreRepo } from '../accounts/ports.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { ClientMetadataDocuments, OAuthRepo } from './ports.ts';
import type { Transactional } from '../shared/transactional.ts';
import { requireSession } from '../shared/access.ts';
import { auditEntry } from '../shared/audit-trail.ts';
import { newId } from '../shared/ids.ts';
import { recordLastUse } from '../shared/instants.ts';
import { effectivePermissions, type Role } from '../shared/permissions.ts';
import { hashSecret, newSecret } from '../shared/secrets.ts';
import {
  appActorLabel,
  canonicalResource,
  clientIdHost,
  isClientIdUrl,
  isLoopbackHost,
  isWellFormedCodeVerifier,
  LIFETIMES,
  METADATA_CLIENT_PREFIX,
  metadataClientKey,
  redirectHost,
  s256,
  TOKEN_PREFIX,
} from './oauth-rules.ts';
import { openRefreshAnswer, type RefreshAnswer, refreshAsked, replayedTokens, sealRefreshAnswer } from './refresh-replay.ts';
import { formatScope, offerableScopes, type Scope, sortScopes } from './scopes.ts';
import type { AuthorizationRequest, ConnectedApp, Grant, GrantFilter, OAuthClient, TokenSet, VerifiedAccessToken } from './types.ts';
import type { WebhookRepo } from '../webhooks/ports.ts';
import type { EventPublisher } from '../webhooks/publisher.ts';

/** The repositories oauth-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface OAuthServiceRepos {
  accounts: Pick<AccountRepo, 'findUser'>;
  audit: Pick<AuditRepo, 'insert'>;
  oauth: Pick<OAuthRepo, 'bindAuthorizationRequest' | 'chooseStore' | 'completeAuthorizationRequest' | 'consumeCode' | 'consumeRefreshToken' | 'deleteAccessToken' | 'findActiveAccessTokenAcrossStores' | 'findAuthorizationRequest' | 'findClient' | 'findCode' | 'findGrantAcrossStores' | 'findRefreshReplay' | 'findRefreshToken' | 'insertAccessToken' | 'insertAuthorizationRequest' | 'insertClient' | 'insertCode' | 'insertGrant' | 'insertRefreshToken' | 'listActiveGrantsAcrossStores' | 'revokeGrantAcrossStores' | 'revokeGrantsAcrossStores' | 'saveMetadataDocumentClient' | 'sealRefreshReplay' | 'touchGrantAcrossStores'>;
  stores: Pick<StoreRepo, 'findMembership' | 'findStore' | 'listStoresOfUser'>;
  webhooks: Pick<WebhookRepo, 'afterCommit' | 'deleteEndpointsOfApp' | 'insertEvents' | 'subscribers'>;
  email: Pick<EmailRepo, 'insertMessages' | 'afterCommit'>;
}

/** Tokens from the consent flow are for the store's live data (docs/decisions/0004-oauth.md). */
const GRANT_MODE: Mode = 'live';

/** Where the merchant's browser goes next; the endpoint adds `iss` and builds the URL. */
export interface AuthorizationResponse {
  redirectUri: string;
  /** `code` and `state` on approval; `error`, `error_description` and `state` on denial. */
  params: Record<string, string>;
}

/** The next step of an authorization request for the signed-in merchant. */
export type AuthorizationStep =
  | { step: 'pick-store'; request: AuthorizationRequest; client: OAuthClient; stores: Array<{ id: string; name: string }> }
  | {
      step: 'consent';
      request: AuthorizationRequest;
      client: OAuthClient;
      store: { id: string; name: string };
      /** What the app will be able to do: requested scopes within the merchant's own permissions. */
      offered: Scope[];
      /** Requested scopes the merchant cannot grant (their role lacks them); never granted. */
      withheld: Scope[];
      redirectHost: string;
      /**
       * The host of the app's `client_id` URL when a Client ID Metadata Document describes it (who publishes the
       * description: the draft's "OAuth Phishing Attacks" asks to show it); null for a registered app.
       */
      clientIdHost: string | null;
      /** Every registered redirect URI is on this computer (a local app; MCP "Localhost Redirect URI Risks"). */
      localhostOnly: boolean;
    }
  | { step: 'done'; response: AuthorizationResponse };

export interface AuthorizationInput {
  client: OAuthClient;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  scopes: Scope[];
  resource: string;
}

function requestInvalid(message: string): AppError {
  return new AppError('AUTHORIZATION_REQUEST_INVALID', message);
}

function deniedResponse(request: AuthorizationRequest, description: string): AuthorizationResponse {
  return { redirectUri: request.redirectUri, params: { error: 'access_denied', error_description: description, state: request.state } };
}

function appActor(grant: Pick<Grant, 'clientId' | 'userId'>, client: Pick<OAuthClient, 'clientName' | 'metadataDocumentUrl'>) {
  return { type: 'oauth_app' as const, id: grant.clientId, label: appActorLabel(client), userId: grant.userId };
}

/** How audit entries about an app name it: its name, and the `client_id` URL of an app described by a metadata document. */
function appDetails(client: Pick<OAuthClient, 'clientName' | 'metadataDocumentUrl'>): Record<string, unknown> {
  return client.metadataDocumentUrl === null
    ? { clientName: client.clientName }
    : { clientName: client.clientName, clientIdMetadataDocument: client.metadataDocumentUrl };
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** A grant as Connected Apps lists it: with its app, store and approver. */
interface ListedGrant {
  grant: Grant;
  clientName: string;
  metadataDocumentUrl: string | null;
  redirectUris: string[];
  storeName: string;
  approverEmail: string;
}

/** Grants (in grant id order) as Connected Apps shows them: one entry per app, store and mode. */
function connectedApps(rows: readonly ListedGrant[]): ConnectedApp[] {
  const apps = new Map<string, ConnectedApp>();
  for (const { grant, clientName, metadataDocumentUrl, redirectUris, storeName, approverEmail } of rows) {
    const key = `${grant.clientId} ${grant.storeId} ${grant.mode}`;
    const approver = { userId: grant.userId, email: approverEmail };
    const app = apps.get(key);
    if (!app) {
      apps.set(key, {
        clientId: grant.clientId,
        clientName,
        metadataDocumentUrl,
        redirectHosts: [...new Set(redirectUris.map(redirectHost))],
        store: { id: grant.storeId, name: storeName },
        mode: grant.mode,
        scopes: grant.scopes,
        approvedBy: [approver],
        approvedAt: grant.createdAt,
        lastUsedAt: grant.lastUsedAt,
      });
      continue;
    }
    app.scopes = sortScopes([...app.scopes, ...grant.scopes]);
    if (!app.approvedBy.some((a) => a.userId === approver.userId)) app.approvedBy.push(approver);
    if (grant.createdAt > app.approvedAt) app.approvedAt = grant.createdAt;
    if (grant.lastUsedAt && (!app.lastUsedAt || grant.lastUsedAt > app.lastUsedAt)) app.lastUsedAt = grant.lastUsedAt;
  }
  return [...apps.values()];
}

/**
 * Connected apps: registration, the authorization request a merchant signs in to and decides on, grants, codes and
 * tokens. Never sees HTTP: the OAuth endpoints and the web pages parse input, call this, and shape the answer.
 *
 * Guarantees (docs/oauth.md maps each to its test):
 * - codes and refresh tokens are single use, consumed by a conditional UPDATE that exactly one caller wins;
 * - a second use of a code or a rotated refresh token revokes the whole grant (RFC 9700 §4.14.2, RFC 6749 §4.1.2);
 * - every token is bound to client, merchant, store, mode, scopes and resource, and checked against the database on
 *   every use, so revocation is immediate on every instance.
 */
export function createOAuthService(deps: {
  repos: Transactional<OAuthServiceRepos>;
  issuer: string;
  clientDocuments: ClientMetadataDocuments;
  /** The webhook outbox: removing an app from a store is published there (app.disconnected). */
  events: Pick<EventPublisher, 'publish'>;
}) {
  const { repos, issuer, clientDocuments, events } = deps;
  /** The one resource this server issues tokens for (RFC 8707): the AI connector; the REST API accepts it too. */
  const resource = `${issuer}/mcp`;

  /**
   * The app a `client_id` names, as recorded: a registered app by its id, an app described by a Client ID Metadata
   * Document by its URL (stored under the URL's `cimd_` key, which is never accepted as a client_id itself).
   */
  function findClient(clientId: string): Promise<OAuthClient | undefined> {
    if (isClientIdUrl(clientId)) return repos.oauth.findClient(metadataClientKey(clientId));
    if (clientId.length > 40 || clientId.startsWith(METADATA_CLIENT_PREFIX)) return Promise.resolve(undefined);
    return repos.oauth.findClient(clientId);
  }

  async function requireClient(clientId: string): Promise<OAuthClient> {
    const client = await findClient(clientId);
    if (!client) throw new InvalidClientError('No app is registered with this client_id. Register with POST /oauth/register.');
    return client;
  }

  /** The merchant's permissions in a store, or undefined when they are not a member. */
  async function permissionsIn(storeId: string, userId: string) {
    const membership = await repos.stores.findMembership(storeId, userId);
    return membership && effectivePermissions(membership.role as Role, null);
  }

  async function loadOpen(ctx: RequestContext, requestId: string): Promise<{ request: AuthorizationRequest; client: OAuthClient }> {
    const request = await repos.oauth.findAuthorizationRequest(requestId);
    if (!request || request.expiresAt <= ctx.now) {
      throw requestInvalid('This authorization request has expired or does not exist. Go back to the app and connect again.');
    }
    if (request.completedAt) throw requestInvalid('This authorization request was already answered. Go back to the app and connect again if needed.');
    const client = await repos.oauth.findClient(request.clientId);
    if (!client) throw requestInvalid('The app of this authorization request no longer exists.');
    return { request, client };
  }

  /** The request as carried by this browser session; a request started in another session is refused. */
  async function loadForSession(ctx: UserContext, requestId: string, sessionId: string) {
    const loaded = await loadOpen(ctx, requestId);
    if (loaded.request.sessionId === null) {
      if (!(await repos.oauth.bindAuthorizationRequest(requestId, sessionId))) {
        throw requestInvalid('This authorization request is being answered in another sign-in. Go back to the app and connect again.');
      }
      loaded.request.sessionId = sessionId;
    } else if (loaded.request.sessionId !== sessionId) {
      throw requestInvalid('This authorization request belongs to another sign-in. Go back to the app and connect again.');
    }
    return loaded;
  }

  async function issueTokens(repos: OAuthServiceRepos, grant: Grant, scopes: Scope[], parent: { hash: string; generation: number } | null, now: Date): Promise<TokenSet> {
    const accessToken = newSecret(TOKEN_PREFIX.accessToken);
    const refreshToken = newSecret(TOKEN_PREFIX.refreshToken);
    await repos.oauth.insertAccessToken(hashSecret(accessToken), {
      grantId: grant.id,
      scope: formatScope(scopes),
      createdAt: now,
      expiresAt: new Date(now.getTime() + LIFETIMES.accessTokenSeconds * 1000),
    });
    const refreshExpiry = Math.min(now.getTime() + LIFETIMES.refreshTokenMs, grant.createdAt.getTime() + LIFETIMES.grantMaxMs);
    await repos.oauth.insertRefreshToken(hashSecret(refreshToken), {
      grantId: grant.id,
      parentHash: parent?.hash ?? null,
      generation: parent ? parent.generation + 1 : 0,
      createdAt: now,
      expiresAt: new Date(refreshExpiry),
    });
    await repos.oauth.touchGrantAcrossStores(grant.id, now);
    return { accessToken, refreshToken, expiresIn: LIFETIMES.accessTokenSeconds, scopes: sortScopes(scopes) };
  }

  /** Revokes a grant whose code or refresh token was used twice, and records it in the store's audit log. */
  async function revokeOnReuse(repos: OAuthServiceRepos, ctx: RequestContext, grantId: string, reason: 'code_replay' | 'refresh_token_reuse'): Promise<void> {
    if (!(await repos.oauth.revokeGrantAcrossStores(grantId, ctx.now, reason))) return;
    const grant = await repos.oauth.findGrantAcrossStores(grantId);
    const client = grant && (await repos.oauth.findClient(grant.clientId));
    if (!grant || !client) return;
    await repos.audit.insert(
      auditEntry({ ...ctx, actor: appActor(grant, client) }, grant.storeId, grant.mode, {
        action: 'oauth_app.revoke',
        targetType: 'oauth_app',
        targetId: grant.clientId,
        details: { reason, grantId, ...(client.metadataDocumentUrl === null ? {} : { clientIdMetadataDocument: client.metadataDocumentUrl }) },
      }),
    );
  }

  /** RFC 8707 §2.2 at the token endpoint: a `resource` sent with a code or refresh must be the granted one. */
  function requireGrantedResource(requested: string | undefined, granted: string): void {
    if (requested === undefined) return;
    if (canonicalResource(requested) !== granted) {
      throw new InvalidTargetError(`resource must be ${granted}, the resource this authorization was granted for.`);
    }
  }

  async function nextStep(ctx: UserContext, requestId: string, sessionId: string): Promise<AuthorizationStep> {
    requireSession(ctx, 'Approving an app');
    const { request, client } = await loadForSession(ctx, requestId, sessionId);
    const userId = ctx.actor.userId!;
    let storeId = request.storeId;
    if (storeId === null) {
      const stores = await repos.stores.listStoresOfUser(userId);
      if (stores.length === 0) throw new AppError('STORE_NOT_FOUND', 'You do not belong to any store yet, so there is nothing to connect the app to.');
      if (stores.length > 1) {
        return { step: 'pick-store', request, client, stores: stores.map((s) => ({ id: s.store.id, name: s.store.name })) };
      }
      storeId = stores[0]!.store.id;
      await repos.oauth.chooseStore(request.id, sessionId, storeId);
    }
    const store = await repos.stores.findStore(storeId);
    const permissions = await permissionsIn(storeId, userId);
    if (!store || !permissions) throw storeNotFound(storeId);
    const offered = offerableScopes(request.scopes, permissions);
    if (offered.length === 0) {
      if (await repos.oauth.completeAuthorizationRequest(request.id, sessionId, ctx.now)) {
        return { step: 'done', response: deniedResponse(request, 'The merchant has none of the requested permissions in the chosen store.') };
      }
      throw requestInvalid('This authorization request was already answered.');
    }
    return {
      step: 'consent',
      request,
      client,
      store: { id: store.id, name: store.name },
      offered,
      withheld: request.scopes.filter((s) => !offered.includes(s)),
      redirectHost: redirectHost(request.redirectUri),
      clientIdHost: client.metadataDocumentUrl === null ? null : clientIdHost(client.metadataDocumentUrl),
      localhostOnly: client.redirectUris.every((uri) => isLoopbackHost(new URL(uri).hostname)),
    };
  }

  return {
    issuer,
    resource,

    // ---- registration (RFC 7591) --------------------------------------------------------------------------------

    /**
     * Registers a public client. Free and without approval: the HTTP layer limits registrations per client address and
     * across all addresses (rate limits `oauth-register`, `oauth-register-all`), and never-used registrations are
     * cleaned up. The input is already checked (oauth/checks); the client id is server-generated (≥128 random bits,
     * RFC 9700 §4.15).
     */
    async registerClient(ctx: RequestContext, input: { clientName: string; redirectUris: string[] }): Promise<OAuthClient> {
      const client: OAuthClient = {
        clientId: `app_${randomBytes(20).toString('base64url')}`,
        clientName: input.clientName,
        redirectUris: input.redirectUris,
        metadataDocumentUrl: null,
        createdAt: ctx.now,
      };
      await repos.oauth.insertClient(client);
      return client;
    },

    /**
     * The app an authorization request names. A registered id is looked up. A URL is a Client ID Metadata Document
     * (draft-ietf-oauth-client-id-metadata-document; MCP 2025-11-25 "Client ID Metadata Documents"): its document is
     * read (from the cache while fresh, else fetched within the bounds; a refusal throws `invalid_client` naming the
     * problem) and the app is what it says, under the URL's `cimd_` key. Nothing is written here: the app is recorded
     * with the authorization request (`startAuthorization`), once every check has passed. Undefined for an unknown id.
     */
    async resolveClient(ctx: RequestContext, clientId: string): Promise<OAuthClient | undefined> {
      if (!isClientIdUrl(clientId)) return findClient(clientId);
      const document = await clientDocuments.load(clientId);
      return {
        clientId: metadataClientKey(document.clientId),
        clientName: document.clientName,
        redirectUris: document.redirectUris,
        metadataDocumentUrl: document.clientId,
        createdAt: ctx.now,
      };
    },

    // ---- the authorization request (consent flow) --------------------------------------------------------------

    /**
     * Records a checked authorization request (and an app described by a metadata document, in the same transaction).
     * When the browser is already signed in, the request is bound to that session at once; otherwise to the session
     * that signs in for it.
     */
    async startAuthorization(ctx: RequestContext, input: AuthorizationInput, sessionId: string | null): Promise<AuthorizationRequest> {
      const { client } = input;
      const request: AuthorizationRequest = {
        id: `oar_${randomBytes(32).toString('base64url')}`,
        clientId: client.clientId,
        redirectUri: input.redirectUri,
        state: input.state,
        codeChallenge: input.codeChallenge,
        scopes: input.scopes,
        resource: input.resource,
        sessionId,
        storeId: null,
        createdAt: ctx.now,
        expiresAt: new Date(ctx.now.getTime() + LIFETIMES.authorizationRequestMs),
        completedAt: null,
      };
      await repos.transaction(async (repos) => {
        // An app described by a metadata document is recorded (or its name and redirect URIs updated) with its first
        // request, so the request, its grant and tokens can refer to it like to a registered app.
        if (client.metadataDocumentUrl !== null) {
          const stored = await repos.oauth.findClient(client.clientId);
          const unchanged =
            stored !== undefined &&
            stored.clientName === client.clientName &&
            sameList(stored.redirectUris, client.redirectUris) &&
            stored.metadataDocumentUrl === client.metadataDocumentUrl;
          if (!unchanged) await repos.oauth.saveMetadataDocumentClient(client);
        }
        await repos.oauth.insertAuthorizationRequest(request);
      });
      return request;
    },

    /** An open request and its app, for the sign-in page (no session needed yet). */
    loadAuthorization(ctx: RequestContext, requestId: string): Promise<{ request: AuthorizationRequest; client: OAuthClient }> {
      return loadOpen(ctx, requestId);
    },

    /** Binds a request started signed-out to the session that just signed in for it. */
    async bindAuthorization(ctx: RequestContext, requestId: string, sessionId: string): Promise<void> {
      await loadOpen(ctx, requestId);
      if (!(await repos.oauth.bindAuthorizationRequest(requestId, sessionId))) {
        throw requestInvalid('This authorization request is being answered in another sign-in. Go back to the app and connect again.');
      }
    },

    /**
     * What the signed-in merchant sees next: the store picker when they belong to several stores and none is chosen,
     * else the consent for the chosen (or only) store. When the merchant can grant nothing of what was asked in that
     * store, the request ends with `access_denied` (checklist 33).
     */
    nextStep,

    /** The merchant picks the store to connect; a store they do not belong to is 404 (checklist 33). */
    async chooseStore(ctx: UserContext, requestId: string, sessionId: string, storeId: string): Promise<void> {
      requireSession(ctx, 'Approving an app');
      await loadForSession(ctx, requestId, sessionId);
      if (!(await permissionsIn(storeId, ctx.actor.userId!))) throw storeNotFound(storeId);
      await repos.oauth.chooseStore(requestId, sessionId, storeId);
    },

    /**
     * Allow or deny. Only the stored request counts (nothing the browser sends but the decision); a request is
     * answered once. Allowing creates the grant and a 60-second code bound to client, redirect URI, challenge,
     * resource, scopes, merchant, store and mode; both decisions are audited in the store's log.
     */
    async decide(ctx: UserContext, requestId: string, sessionId: string, decision: 'allow' | 'deny'): Promise<AuthorizationResponse> {
      const step = await nextStep(ctx, requestId, sessionId);
      if (step.step === 'done') return step.response;
      if (step.step !== 'consent') throw requestInvalid('Choose a store first.');
      const { request, client, store, offered } = step;
      return repos.transaction(async (repos) => {
        if (!(await repos.oauth.completeAuthorizationRequest(request.id, sessionId, ctx.now))) {
          throw requestInvalid('This authorization request was already answered. Go back to the app and connect again if needed.');
        }
        const audit = (action: string, details: Record<string, unknown>) =>
          repos.audit.insert(
            auditEntry(ctx, store.id, GRANT_MODE, { action, targetType: 'oauth_app', targetId: client.clientId, details: { ...appDetails(client), ...details } }),
          );
        if (decision === 'deny') {
          await audit('oauth_app.deny', { scopes: offered });
          return deniedResponse(request, 'The merchant denied the request.');
        }
        const grant: Grant = {
          id: newId('grt', ctx.now),
          clientId: client.clientId,
          userId: ctx.actor.userId!,
          storeId: store.id,
          mode: GRANT_MODE,
          scopes: offered,
          resource: request.resource,
          createdAt: ctx.now,
          lastUsedAt: null,
          revokedAt: null,
          revokedReason: null,
        };
        const code = newSecret(TOKEN_PREFIX.code);
        await repos.oauth.insertGrant(grant);
        await repos.oauth.insertCode(hashSecret(code), {
          grantId: grant.id,
          redirectUri: request.redirectUri,
          codeChallenge: request.codeChallenge,
          createdAt: ctx.now,
          expiresAt: new Date(ctx.now.getTime() + LIFETIMES.codeMs),
        });
        await audit('oauth_app.authorize', { scopes: offered, redirectHost: step.redirectHost, grantId: grant.id });
        // app.connected, with the entry Connected Apps now shows (every active approval of the app there).
        await events.publish(repos, { storeId: store.id, mode: GRANT_MODE }, ctx.now, async (wants) => {
          if (!wants('app.connected')) return [];
          const rows = await repos.oauth.listActiveGrantsAcrossStores({ approvedBy: grant.userId, inStores: [store.id] });
          const mine = rows.filter((r) => r.grant.clientId === client.clientId && r.grant.storeId === store.id && r.grant.mode === GRANT_MODE);
          return connectedApps(mine).map((app) => ({ type: 'app.connected' as const, app }));
        });
        return { redirectUri: request.redirectUri, params: { code, state: request.state } };
      });
    },

    // ---- the token endpoint ------------------------------------------------------------------------------------

    /**
     * grant_type=authorization_code. The code is consumed first (so a wrong verifier cannot be retried), then its
     * bindings are checked. A code used before revokes its whole grant.
     */
    async redeemCode(
      ctx: RequestContext,
      input: { clientId: string; code: string; redirectUri: string | undefined; codeVerifier: string | undefined; resource: string | undefined },
    ): Promise<TokenSet> {
      const client = await requireClient(input.clientId);
      const codeHash = hashSecret(input.code);
      const outcome = await repos.transaction(async (repos): Promise<TokenSet | OAuthError> => {
        const code = await repos.oauth.consumeCode(codeHash, client.clientId, ctx.now);
        if (!code) {
          const known = await repos.oauth.findCode(codeHash);
          if (known?.consumedAt) {
            await revokeOnReuse(repos, ctx, known.grantId, 'code_replay');
            return new InvalidGrantError('This authorization code was already used; every token issued for it is now revoked.');
          }
          return new InvalidGrantError('The authorization code is unknown or was issued to another client.');
        }
        const grant = await repos.oauth.findGrantAcrossStores(code.grantId);
        if (!grant || grant.revokedAt) return new InvalidGrantError('The authorization behind this code was revoked.');
        if (code.expiresAt <= ctx.now) return new InvalidGrantError('The authorization code has expired (codes live 60 seconds). Authorize again.');
        if (input.redirectUri !== code.redirectUri) {
          return new InvalidGrantError('redirect_uri must be exactly the one sent in the authorization request.');
        }
        if (input.codeVerifier === undefined || !isWellFormedCodeVerifier(input.codeVerifier) || s256(input.codeVerifier) !== code.codeChallenge) {
          return new InvalidGrantError('code_verifier does not match the code_challenge of the authorization request.');
        }
        requireGrantedResource(input.resource, grant.resource);
        return issueTokens(repos, grant, grant.scopes, null, ctx.now);
      });
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },

    /**
     * grant_type=refresh_token. Rotates: the presented token is consumed and a new refresh token and access token are
     * issued in the same transaction. `scope` may narrow the access token within the grant, never widen it (RFC 6749
     * §6).
     *
     * A rotated token presented again revokes the whole grant, with one exception for lost responses: the same
     * request (same client, scope and resource) with the token just rotated, within 60 s of its rotation and while its
     * successor is unused, gets the rotation's own answer again (a replay: no new tokens). Parallel refreshes with one
     * token therefore all get the one rotation's answer. See refresh-replay.ts and docs/oauth.md.
     */
    async refresh(
      ctx: RequestContext,
      input: { clientId: string; refreshToken: string; scopes: Scope[] | undefined; resource: string | undefined },
    ): Promise<TokenSet> {
      const client = await requireClient(input.clientId);
      const tokenHash = hashSecret(input.refreshToken);
      const asked = refreshAsked(input.scopes, input.resource);
      const outcome = await repos.transaction(async (repos): Promise<TokenSet | OAuthError> => {
        const consumed = await repos.oauth.consumeRefreshToken(tokenHash, client.clientId, ctx.now);
        if (!consumed) {
          const known = await repos.oauth.findRefreshToken(tokenHash);
          if (known?.consumedAt && !known.grantRevokedAt) {
            if (known.clientId === client.clientId && ctx.now.getTime() - known.consumedAt.getTime() <= LIFETIMES.refreshReplayMs) {
              const replay = await repos.oauth.findRefreshReplay(tokenHash);
              const answer = replay?.sealed ? openRefreshAnswer(input.refreshToken, tokenHash, replay.sealed) : undefined;
              const successorUnused = replay?.successor !== null && replay?.successor.consumedAt === null;
              if (answer && successorUnused && answer.asked.scope === asked.scope && answer.asked.resource === asked.resource) {
                return replayedTokens(answer, ctx.now);
              }
            }
            await revokeOnReuse(repos, ctx, known.grantId, 'refresh_token_reuse');
            return new InvalidGrantError('This refresh token was already used; the authorization is now revoked. Ask the merchant to connect again.');
          }
          return new InvalidGrantError('The refresh token is unknown, expired, revoked, or was issued to another client.');
        }
        const grant = (await repos.oauth.findGrantAcrossStores(consumed.grantId))!;
        // The two refusals below throw, which rolls the consumption back: the client keeps its refresh token.
        if (input.scopes !== undefined) {
          const beyond = input.scopes.filter((s) => !grant.scopes.includes(s));
          if (beyond.length > 0) throw new InvalidScopeError(`scope may only narrow the granted scope (${formatScope(grant.scopes)}); not granted: ${beyond.join(' ')}.`);
        }
        requireGrantedResource(input.resource, grant.resource);
        const tokens = await issueTokens(repos, grant, input.scopes ?? grant.scopes, { hash: tokenHash, generation: consumed.generation }, ctx.now);
        const answer: RefreshAnswer = {
          accessToken: tokens.accessToken,
          refreshToken: tokens.refreshToken,
          accessExpiresAt: ctx.now.getTime() + tokens.expiresIn * 1000,
          scopes: tokens.scopes,
          asked,
        };
        await repos.oauth.sealRefreshReplay(tokenHash, sealRefreshAnswer(input.refreshToken, tokenHash, answer));
        return tokens;
      });
      if (outcome instanceof Error) throw outcome;
      return outcome;
    },

    /**
     * RFC 7009: revokes a refresh token (with its whole grant, §2.1) or one access token. Unknown tokens, tokens of
     * other clients and already revoked ones are ignored: the answer is the same.
     */
    async revokeToken(ctx: RequestContext, input: { clientId: string; token: string }): Promise<void> {
      const client = await requireClient(input.clientId);
      const tokenHash = hashSecret(input.token);
      if (input.token.startsWith(TOKEN_PREFIX.refreshToken)) {
        const known = await repos.oauth.findRefreshToken(tokenHash);
        if (known && known.clientId === client.clientId) await repos.oauth.revokeGrantAcrossStores(known.grantId, ctx.now, 'client_revoked');
      } else if (input.token.startsWith(TOKEN_PREFIX.accessToken)) {
        await repos.oauth.deleteAccessToken(tokenHash, client.clientId);
      }
    },

    // ---- the resource servers -----------------------------------------------------------------------------------

    /**
     * The merchant, store, mode and scopes an access token stands for, or undefined when it is unknown, expired,
     * revoked, or was issued for another resource (RFC 8707 audience). No cache: revocation is immediate everywhere.
     * A database failure propagates (the caller answers 503, never 401).
     */
    async verifyAccessToken(now: Date, token: string): Promise<VerifiedAccessToken | undefined> {
      if (!token.startsWith(TOKEN_PREFIX.accessToken)) return undefined;
      const found = await repos.oauth.findActiveAccessTokenAcrossStores(hashSecret(token), now);
      if (!found || found.app.resource !== resource) return undefined;
      await recordLastUse(found.grantLastUsedAt, now, () => repos.oauth.touchGrantAcrossStores(found.app.grantId, now));
      return found;
    },

    // ---- Connected Apps -------------------------------------------------------------------------------------------

    /**
     * The connected apps the signed-in merchant may see and remove (session only), one entry per app, store and mode:
     * in a store where their role has `settings:write`, every app connected by any member; elsewhere the apps they
     * approved themselves. Each entry names who approved it.
     */
    async listConnectedApps(ctx: UserContext): Promise<ConnectedApp[]> {
      requireSession(ctx, 'Managing connected apps');
      const filter = await appsVisibleTo(repos, ctx.actor.userId!);
      return connectedApps(await repos.oauth.listActiveGrantsAcrossStores(filter));
    },

    /**
     * Removes an app (in one store, or in every store the merchant sees it in): in a store where the merchant's role
     * has `settings:write`, every grant of the app there, whoever approved it; elsewhere only the grants they approved.
     * Revoking a grant stops its access and refresh tokens and any pending code at once, on every instance (tokens are
     * checked against the database on every use). 404 when nothing matched, the same answer for another store's app.
     *
     * Where the app has no active grant left in a store and mode, it is gone from there: its webhook endpoints there are
     * deleted and `app.disconnected` is published to the store's other endpoints, with the entry the merchant saw
     * under Connected Apps, all in the same transaction.
     */
    async removeConnectedApp(ctx: UserContext, clientId: string, storeId?: string): Promise<void> {
      requireSession(ctx, 'Managing connected apps');
      await repos.transaction(async (repos) => {
        const filter = await appsVisibleTo(repos, ctx.actor.userId!);
        const revoked = await repos.oauth.revokeGrantsAcrossStores(filter, clientId, storeId, ctx.now, 'merchant_removed');
        if (revoked.length === 0) {
          throw new AppError(
            'CONNECTED_APP_NOT_FOUND',
            `No connected app "${clientId}"${storeId ? ' in this store' : ''} that you can remove. List yours with GET /v1/connected-apps.`,
          );
        }
        const client = await repos.oauth.findClient(clientId);
        const places = new Map(revoked.map((g) => [`${g.storeId} ${g.mode}`, g]));
        for (const grant of places.values()) {
          const inPlace = revoked.filter((g) => g.storeId === grant.storeId && g.mode === grant.mode);
          await repos.audit.insert(
            auditEntry(ctx, grant.storeId, grant.mode, {
              action: 'oauth_app.remove',
              targetType: 'oauth_app',
              targetId: clientId,
              details: {
                ...(client ? appDetails(client) : { clientName: null }),
                grants: inPlace.length,
                approvedBy: [...new Set(inPlace.map((g) => g.userId))],
              },
            }),
          );
          await disconnect(repos, events, ctx, filter, client, inPlace);
        }
      });
    },
  };
}

/**
 * The webhook side of removing an app's grants `revoked` in one store and mode (in the removal's transaction): when no
 * active grant of the app is left there (always so in a store the merchant manages apps of, where every grant was
 * revoked; elsewhere other members' approvals may remain, and the app stays connected), its endpoints there are
 * deleted and then `app.disconnected` is published, so the app's own endpoints never receive it. `data` is the entry
 * GET /v1/connected-apps showed the merchant, rebuilt from the revoked grants (read only when someone subscribed).
 */
async function disconnect(repos: OAuthServiceRepos, events: Pick<EventPublisher, 'publish'>, ctx: UserContext, filter: GrantFilter, client: OAuthClient | undefined, revoked: readonly Grant[]): Promise<void> {
  const [first] = revoked;
  if (!first) return;
  const tenant = { storeId: first.storeId, mode: first.mode };
  if (!filter.inStores.includes(tenant.storeId)) {
    const left = await repos.oauth.listActiveGrantsAcrossStores({ approvedBy: filter.approvedBy, inStores: [tenant.storeId] });
    if (left.some(({ grant }) => grant.clientId === first.clientId && grant.storeId === tenant.storeId && grant.mode === tenant.mode)) return;
  }
  await repos.webhooks.deleteEndpointsOfApp(tenant, first.clientId);
  await events.publish(repos, tenant, ctx.now, async (wants) => {
    if (!wants('app.disconnected') || !client) return [];
    const store = await repos.stores.findStore(tenant.storeId);
    const rows: ListedGrant[] = [];
    for (const grant of [...revoked].sort((a, b) => (a.id < b.id ? -1 : 1))) {
      const approver = await repos.accounts.findUser(grant.userId);
      rows.push({
        grant,
        clientName: client.clientName,
        metadataDocumentUrl: client.metadataDocumentUrl,
        redirectUris: client.redirectUris,
        storeName: store?.name ?? '',
        approverEmail: approver?.email ?? '',
      });
    }
    return connectedApps(rows).map((app) => ({ type: 'app.disconnected' as const, app }));
  });
}

/**
 * Whose grants a merchant manages under Connected Apps: their own approvals everywhere, and every approval in the
 * stores where their role has `settings:write` (manage store settings, which includes the apps connected to it).
 */
async function appsVisibleTo(repos: OAuthServiceRepos, userId: string): Promise<GrantFilter> {
  const stores = await repos.stores.listStoresOfUser(userId);
  const inStores = stores.filter(({ role }) => effectivePermissions(role, null).has('settings:write')).map(({ store }) => store.id);
  return { approvedBy: userId, inStores };
}

function storeNotFound(storeId: string): AppError {
  return new AppError('STORE_NOT_FOUND', `No store "${storeId}" that you belong to.`);
}

export type OAuthService = ReturnType<typeof createOAuthService>;
