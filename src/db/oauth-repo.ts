import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { Mode } from '../context.ts';
import { parseStoredScope } from '../domain/oauth/scopes.ts';
import type { AuthorizationRequest, Grant, GrantFilter, OAuthClient, VerifiedAccessToken } from '../domain/oauth/types.ts';
import { toUser } from './account-repo.ts';
import { fromDate, toDate } from './db.ts';
import type { Database, OAuthAuthorizationRequestTable, OAuthGrantTable } from './schema.ts';
import type { OAuthRepo, SecretState } from '../domain/oauth/ports.ts';

const toDateOrNull = (value: Date | string | null): Date | null => (value === null ? null : toDate(value));

function toRequest(r: Selectable<OAuthAuthorizationRequestTable>): AuthorizationRequest {
  return {
    id: r.id,
    clientId: r.client_id,
    redirectUri: r.redirect_uri,
    state: r.state,
    codeChallenge: r.code_challenge,
    scopes: parseStoredScope(r.scope),
    resource: r.resource,
    sessionId: r.session_id,
    storeId: r.store_id,
    createdAt: toDate(r.created_at),
    expiresAt: toDate(r.expires_at),
    completedAt: toDateOrNull(r.completed_at),
  };
}

function toGrant(r: Selectable<OAuthGrantTable>): Grant {
  return {
    id: r.id,
    clientId: r.client_id,
    userId: r.user_id,
    storeId: r.store_id,
    mode: r.mode as Mode,
    scopes: parseStoredScope(r.scope),
    resource: r.resource,
    createdAt: toDate(r.created_at),
    lastUsedAt: toDateOrNull(r.last_used_at),
    revokedAt: toDateOrNull(r.revoked_at),
    revokedReason: r.revoked_reason,
  };
}

function toSecretState(r: {
  grant_id: string;
  client_id: string;
  consumed_at: Date | string | null;
  expires_at: Date | string;
  revoked_at: Date | string | null;
}): SecretState {
  return {
    grantId: r.grant_id,
    clientId: r.client_id,
    consumedAt: toDateOrNull(r.consumed_at),
    expiresAt: toDate(r.expires_at),
    grantRevokedAt: toDateOrNull(r.revoked_at),
  };
}

function visibleTo(eb: ExpressionBuilder<Database, 'oauth_grants'>, filter: GrantFilter) {
  const mine = eb('oauth_grants.user_id', '=', filter.approvedBy);
  return filter.inStores.length === 0 ? mine : eb.or([mine, eb('oauth_grants.store_id', 'in', [...filter.inStores])]);
}

/**
 * Storage for connected apps. Clients are global (anyone may register one); grants belong to a merchant and a store.
 * The consume methods are the atomic single-use steps: a conditional UPDATE that only one caller can win, on both
 * engines.
 */
/** A new `oauth_clients` row (not approved yet). */
function clientRow(client: OAuthClient) {
  return {
    client_id: client.clientId,
    client_name: client.clientName,
    redirect_uris: JSON.stringify(client.redirectUris),
    created_at: fromDate(client.createdAt),
    first_approved_at: null,
    metadata_document_url: client.metadataDocumentUrl,
  };
}

export function createOAuthRepo(db: Kysely<Database>): OAuthRepo {
  return {
    // ---- clients ------------------------------------------------------------------------------------------------

    async insertClient(client: OAuthClient): Promise<void> {
      await db
        .insertInto('oauth_clients')
        .values(clientRow(client))
        .execute();
    },

    async findClient(clientId: string): Promise<OAuthClient | undefined> {
      const row = await db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
      return (
        row && {
          clientId: row.client_id,
          clientName: row.client_name,
          redirectUris: JSON.parse(row.redirect_uris) as string[],
          metadataDocumentUrl: row.metadata_document_url,
          createdAt: toDate(row.created_at),
        }
      );
    },

    /** Records an app described by a Client ID Metadata Document, or updates its name and redirect URIs (keyed by its `cimd_` key). */
    async saveMetadataDocumentClient(client: OAuthClient): Promise<void> {
      await db
        .insertInto('oauth_clients')
        .values(clientRow(client))
        .onConflict((oc) =>
          oc.column('client_id').doUpdateSet({
            client_name: client.clientName,
            redirect_uris: JSON.stringify(client.redirectUris),
            metadata_document_url: client.metadataDocumentUrl,
          }),
        )
        .execute();
    },

    // ---- authorization requests -------------------------------------------------------------------------------

    async insertAuthorizationRequest(request: AuthorizationRequest): Promise<void> {
      await db
        .insertInto('oauth_authorization_requests')
        .values({
          id: request.id,
          client_id: request.clientId,
          redirect_uri: request.redirectUri,
          state: request.state,
          code_challenge: request.codeChallenge,
          scope: request.scopes.join(' '),
          resource: request.resource,
          session_id: request.sessionId,
          store_id: request.storeId,
          created_at: fromDate(request.createdAt),
          expires_at: fromDate(request.expiresAt),
          completed_at: null,
        })
        .execute();
    },

    async findAuthorizationRequest(id: string): Promise<AuthorizationRequest | undefined> {
      const row = await db.selectFrom('oauth_authorization_requests').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toRequest(row);
    },

    /** Hands a request that no session carries yet to this one; false when another session already has it. */
    async bindAuthorizationRequest(id: string, sessionId: string): Promise<boolean> {
      const result = await db
        .updateTable('oauth_authorization_requests')
        .set({ session_id: sessionId })
        .where('id', '=', id)
        .where('session_id', 'is', null)
        .where('completed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async chooseStore(id: string, sessionId: string, storeId: string): Promise<void> {
      await db
        .updateTable('oauth_authorization_requests')
        .set({ store_id: storeId })
        .where('id', '=', id)
        .where('session_id', '=', sessionId)
        .where('completed_at', 'is', null)
        .execute();
    },

    /** Marks the request decided; only one caller can (a second POST of the same consent gets false). */
    async completeAuthorizationRequest(id: string, sessionId: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('oauth_authorization_requests')
        .set({ completed_at: fromDate(now) })
        .where('id', '=', id)
        .where('session_id', '=', sessionId)
        .where('completed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    // ---- grants -------------------------------------------------------------------------------------------------

    /** Records a grant (a merchant's approval), and that its app has been approved at least once. */
    async insertGrant(grant: Grant): Promise<void> {
      await db
        .insertInto('oauth_grants')
        .values({
          id: grant.id,
          client_id: grant.clientId,
          user_id: grant.userId,
          store_id: grant.storeId,
          mode: grant.mode,
          scope: grant.scopes.join(' '),
          resource: grant.resource,
          created_at: fromDate(grant.createdAt),
          last_used_at: null,
          revoked_at: null,
          revoked_reason: null,
        })
        .execute();
      // The registration has been used: the cleanup keeps it from now on.
      await db
        .updateTable('oauth_clients')
        .set({ first_approved_at: fromDate(grant.createdAt) })
        .where('client_id', '=', grant.clientId)
        .where('first_approved_at', 'is', null)
        .execute();
    },

    async findGrantAcrossStores(id: string): Promise<Grant | undefined> {
      const row = await db.selectFrom('oauth_grants').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toGrant(row);
    },

    /** Revokes a grant (and so every code and token of it); false when it was already revoked. */
    async revokeGrantAcrossStores(id: string, now: Date, reason: string): Promise<boolean> {
      const result = await db
        .updateTable('oauth_grants')
        .set({ revoked_at: fromDate(now), revoked_reason: reason })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Records use, at most once a minute per grant so a busy app does not write on every request. */
    async touchGrantAcrossStores(id: string, now: Date): Promise<void> {
      const aMinuteAgo = fromDate(new Date(now.getTime() - 60_000));
      await db
        .updateTable('oauth_grants')
        .set({ last_used_at: fromDate(now) })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', aMinuteAgo)]))
        .execute();
    },

    /**
     * Unrevoked grants a merchant may see under Connected Apps, across stores: those they approved, and every grant
     * in the stores listed in `inStores` (where they manage apps). With the app's name and redirect URIs, the store's
     * name and the approving merchant's email.
     */
    async listActiveGrantsAcrossStores(filter: GrantFilter): Promise<
      Array<{ grant: Grant; clientName: string; metadataDocumentUrl: string | null; redirectUris: string[]; storeName: string; approverEmail: string }>
    > {
      const rows = await db
        .selectFrom('oauth_grants')
        .innerJoin('oauth_clients', 'oauth_clients.client_id', 'oauth_grants.client_id')
        .innerJoin('stores', 'stores.id', 'oauth_grants.store_id')
        .innerJoin('users', 'users.id', 'oauth_grants.user_id')
        .selectAll('oauth_grants')
        .select([
          'oauth_clients.client_name',
          'oauth_clients.metadata_document_url',
          'oauth_clients.redirect_uris',
          'stores.name as store_name',
          'users.email as approver_email',
        ])
        .where((eb) => visibleTo(eb, filter))
        .where('oauth_grants.revoked_at', 'is', null)
        .orderBy('oauth_grants.id')
        .execute();
      return rows.map((r) => ({
        grant: toGrant(r),
        clientName: r.client_name,
        metadataDocumentUrl: r.metadata_document_url,
        redirectUris: JSON.parse(r.redirect_uris) as string[],
        storeName: r.store_name,
        approverEmail: r.approver_email,
      }));
    },

    /**
     * Revokes the unrevoked grants to one app that `filter` covers (those the merchant approved, and every grant in
     * `inStores`), in one store or in all of them; returns the grants it revoked.
     */
    async revokeGrantsAcrossStores(filter: GrantFilter, clientId: string, storeId: string | undefined, now: Date, reason: string): Promise<Grant[]> {
      let q = db
        .updateTable('oauth_grants')
        .set({ revoked_at: fromDate(now), revoked_reason: reason })
        .where('oauth_grants.client_id', '=', clientId)
        .where('oauth_grants.revoked_at', 'is', null)
        .where((eb) => visibleTo(eb, filter));
      if (storeId !== undefined) q = q.where('oauth_grants.store_id', '=', storeId);
      const rows = await q.returningAll().execute();
      return rows.map(toGrant);
    },

    // ---- codes --------------------------------------------------------------------------------------------------

    async insertCode(codeHash: string, code: { grantId: string; redirectUri: string; codeChallenge: string; createdAt: Date; expiresAt: Date }): Promise<void> {
      await db
        .insertInto('oauth_codes')
        .values({
          hash: codeHash,
          grant_id: code.grantId,
          redirect_uri: code.redirectUri,
          code_challenge: code.codeChallenge,
          created_at: fromDate(code.createdAt),
          expires_at: fromDate(code.expiresAt),
          consumed_at: null,
        })
        .execute();
    },

    /**
     * Marks an unused code of this client used and returns what it was bound to. Exactly one of any number of
     * concurrent callers gets the row; the others (and every later caller) get undefined.
     */
    async consumeCode(
      codeHash: string,
      clientId: string,
      now: Date,
    ): Promise<{ grantId: string; redirectUri: string; codeChallenge: string; expiresAt: Date } | undefined> {
      const row = await db
        .updateTable('oauth_codes')
        .set({ consumed_at: fromDate(now) })
        .where('hash', '=', codeHash)
        .where('consumed_at', 'is', null)
        .where('grant_id', 'in', (eb) => eb.selectFrom('oauth_grants').select('id').where('client_id', '=', clientId))
        .returning(['grant_id', 'redirect_uri', 'code_challenge', 'expires_at'])
        .executeTakeFirst();
      return row && { grantId: row.grant_id, redirectUri: row.redirect_uri, codeChallenge: row.code_challenge, expiresAt: toDate(row.expires_at) };
    },

    async findCode(codeHash: string): Promise<SecretState | undefined> {
      const row = await db
        .selectFrom('oauth_codes')
        .innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_codes.grant_id')
        .select(['oauth_codes.grant_id', 'oauth_grants.client_id', 'oauth_codes.consumed_at', 'oauth_codes.expires_at', 'oauth_grants.revoked_at'])
        .where('oauth_codes.hash', '=', codeHash)
        .executeTakeFirst();
      return row && toSecretState(row);
    },

    // ---- access tokens ------------------------------------------------------------------------------------------

    async insertAccessToken(tokenHash: string, token: { grantId: string; scope: string; createdAt: Date; expiresAt: Date }): Promise<void> {
      await db
        .insertInto('oauth_access_tokens')
        .values({
          hash: tokenHash,
          grant_id: token.grantId,
          scope: token.scope,
          created_at: fromDate(token.createdAt),
          expires_at: fromDate(token.expiresAt),
        })
        .execute();
    },

    /** An unexpired access token of an unrevoked grant, with its app and merchant. Crosses tenants: the token names its store. */
    async findActiveAccessTokenAcrossStores(tokenHash: string, now: Date): Promise<VerifiedAccessToken | undefined> {
      const row = await db
        .selectFrom('oauth_access_tokens')
        .innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_access_tokens.grant_id')
        .innerJoin('oauth_clients', 'oauth_clients.client_id', 'oauth_grants.client_id')
        .innerJoin('users', 'users.id', 'oauth_grants.user_id')
        .select([
          'oauth_access_tokens.scope as token_scope',
          'oauth_access_tokens.expires_at as token_expires_at',
          'oauth_grants.id as grant_id',
          'oauth_grants.client_id',
          'oauth_grants.store_id',
          'oauth_grants.mode',
          'oauth_grants.resource',
          'oauth_grants.last_used_at as grant_last_used_at',
          'oauth_clients.client_name',
          'oauth_clients.metadata_document_url',
          'users.id',
          'users.email',
          'users.name',
          'users.phone',
          'users.created_at',
          'users.updated_at',
        ])
        .where('oauth_access_tokens.hash', '=', tokenHash)
        .where('oauth_access_tokens.expires_at', '>', fromDate(now))
        .where('oauth_grants.revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        user: toUser(row),
        app: {
          grantId: row.grant_id,
          clientId: row.client_id,
          clientName: row.client_name,
          metadataDocumentUrl: row.metadata_document_url,
          storeId: row.store_id,
          mode: row.mode as Mode,
          scopes: parseStoredScope(row.token_scope),
          resource: row.resource,
        },
        expiresAt: toDate(row.token_expires_at),
        grantLastUsedAt: toDateOrNull(row.grant_last_used_at),
      };
    },

    /** Deletes one access token of this client (RFC 7009); false when there was none. */
    async deleteAccessToken(tokenHash: string, clientId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('oauth_access_tokens')
        .where('hash', '=', tokenHash)
        .where('grant_id', 'in', (eb) => eb.selectFrom('oauth_grants').select('id').where('client_id', '=', clientId))
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    // ---- refresh tokens -----------------------------------------------------------------------------------------

    async insertRefreshToken(
      tokenHash: string,
      token: { grantId: string; parentHash: string | null; generation: number; createdAt: Date; expiresAt: Date },
    ): Promise<void> {
      await db
        .insertInto('oauth_refresh_tokens')
        .values({
          hash: tokenHash,
          grant_id: token.grantId,
          parent_hash: token.parentHash,
          generation: token.generation,
          created_at: fromDate(token.createdAt),
          expires_at: fromDate(token.expiresAt),
          consumed_at: null,
        })
        .execute();
    },

    /**
     * Marks an unused, unexpired refresh token of this client's unrevoked grant used. Exactly one of any number of
     * concurrent callers gets the row.
     */
    async consumeRefreshToken(tokenHash: string, clientId: string, now: Date): Promise<{ grantId: string; generation: number } | undefined> {
      const row = await db
        .updateTable('oauth_refresh_tokens')
        .set({ consumed_at: fromDate(now) })
        .where('hash', '=', tokenHash)
        .where('consumed_at', 'is', null)
        .where('expires_at', '>', fromDate(now))
        .where('grant_id', 'in', (eb) =>
          eb.selectFrom('oauth_grants').select('id').where('client_id', '=', clientId).where('revoked_at', 'is', null),
        )
        .returning(['grant_id', 'generation'])
        .executeTakeFirst();
      return row && { grantId: row.grant_id, generation: Number(row.generation) };
    },

    async findRefreshToken(tokenHash: string): Promise<SecretState | undefined> {
      const row = await db
        .selectFrom('oauth_refresh_tokens')
        .innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_refresh_tokens.grant_id')
        .select([
          'oauth_refresh_tokens.grant_id',
          'oauth_grants.client_id',
          'oauth_refresh_tokens.consumed_at',
          'oauth_refresh_tokens.expires_at',
          'oauth_grants.revoked_at',
        ])
        .where('oauth_refresh_tokens.hash', '=', tokenHash)
        .executeTakeFirst();
      return row && toSecretState(row);
    },

    /** Keeps the sealed answer of the rotation that consumed this refresh token (for a lost-response replay). */
    async sealRefreshReplay(tokenHash: string, sealed: string): Promise<void> {
      await db.updateTable('oauth_refresh_tokens').set({ replay_sealed: sealed }).where('hash', '=', tokenHash).execute();
    },

    /**
     * A consumed refresh token's sealed answer, and whether the token it was rotated into has been used since. Found
     * through the grant index: the successor is the token of the same grant whose parent this one is.
     */
    async findRefreshReplay(tokenHash: string): Promise<{ sealed: string | null; successor: { consumedAt: Date | null } | null } | undefined> {
      const row = await db
        .selectFrom('oauth_refresh_tokens as r')
        .leftJoin('oauth_refresh_tokens as s', (join) => join.onRef('s.grant_id', '=', 'r.grant_id').onRef('s.parent_hash', '=', 'r.hash'))
        .select(['r.replay_sealed', 's.hash as successor_hash', 's.consumed_at as successor_consumed_at'])
        .where('r.hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        sealed: row.replay_sealed,
        successor: row.successor_hash === null ? null : { consumedAt: toDateOrNull(row.successor_consumed_at) },
      };
    },
  };
}

