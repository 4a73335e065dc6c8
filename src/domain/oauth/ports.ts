import type { AuthorizationRequest, ClientMetadataDocument, Grant, GrantFilter, OAuthClient, VerifiedAccessToken } from './types.ts';

/**
 * What the oauth area needs of storage: the repositories it declares, which src/db implements and the composition
 * root (src/container.ts) hands to its services.
 */

/** A code or refresh token as found by its hash, whatever its state, with its grant's owner and state. */
export interface SecretState {
  grantId: string;
  clientId: string;
  consumedAt: Date | null;
  expiresAt: Date;
  grantRevokedAt: Date | null;
}

/**
 * Storage for connected apps. Clients are global (anyone may register one); grants belong to a merchant and a store.
 * The consume methods are the atomic single-use steps: a conditional UPDATE that only one caller can win, on both
 * engines.
 */
/**
 * Client ID Metadata Documents as the authorization server reads them (src/oauth/client-metadata implements it: the
 * bounded, SSRF-guarded fetch and the HTTP cache).
 */
export interface ClientMetadataDocuments {
  /**
   * The checked document at a `client_id` URL, from the cache while it is fresh (RFC 9111), else fetched. Throws an
   * `invalid_client` OAuthError naming the problem when the URL, the fetch or the document is not acceptable
   * (draft-ietf-oauth-client-id-metadata-document: the authorization request is then aborted), or
   * `temporarily_unavailable` when too many documents are being fetched at once. Never caches a refused document.
   */
  load(url: string): Promise<ClientMetadataDocument>;
}

export interface OAuthRepo {
  insertClient(client: OAuthClient): Promise<void>;
  findClient(clientId: string): Promise<OAuthClient | undefined>;
  /** Records an app described by a Client ID Metadata Document, or updates its name and redirect URIs (keyed by its `cimd_` key). */
  saveMetadataDocumentClient(client: OAuthClient): Promise<void>;
  insertAuthorizationRequest(request: AuthorizationRequest): Promise<void>;
  findAuthorizationRequest(id: string): Promise<AuthorizationRequest | undefined>;
  /** Hands a request that no session carries yet to this one; false when another session already has it. */
  bindAuthorizationRequest(id: string, sessionId: string): Promise<boolean>;
  chooseStore(id: string, sessionId: string, storeId: string): Promise<void>;
  /** Marks the request decided; only one caller can (a second POST of the same consent gets false). */
  completeAuthorizationRequest(id: string, sessionId: string, now: Date): Promise<boolean>;
  /** Records a grant (a merchant's approval), and that its app has been approved at least once. */
  insertGrant(grant: Grant): Promise<void>;
  findGrantAcrossStores(id: string): Promise<Grant | undefined>;
  /** Revokes a grant (and so every code and token of it); false when it was already revoked. */
  revokeGrantAcrossStores(id: string, now: Date, reason: string): Promise<boolean>;
  /** Records use, at most once a minute per grant so a busy app does not write on every request. */
  touchGrantAcrossStores(id: string, now: Date): Promise<void>;
  /**
   * Unrevoked grants a merchant may see under Connected Apps, across stores: those they approved, and every grant
   * in the stores listed in `inStores` (where they manage apps). With the app's name and redirect URIs, the store's
   * name and the approving merchant's email.
   */
  listActiveGrantsAcrossStores(filter: GrantFilter): Promise<Array<{
    grant: Grant;
    clientName: string;
    metadataDocumentUrl: string | null;
    redirectUris: string[];
    storeName: string;
    approverEmail: string;
  }>>;
  /**
   * Revokes the unrevoked grants to one app that `filter` covers (those the merchant approved, and every grant in
   * `inStores`), in one store or in all of them; returns the grants it revoked.
   */
  revokeGrantsAcrossStores(filter: GrantFilter, clientId: string, storeId: string | undefined, now: Date, reason: string): Promise<Grant[]>;
  insertCode(codeHash: string, code: {
    grantId: string;
    redirectUri: string;
    codeChallenge: string;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void>;
  /**
   * Marks an unused code of this client used and returns what it was bound to. Exactly one of any number of
   * concurrent callers gets the row; the others (and every later caller) get undefined.
   */
  consumeCode(codeHash: string, clientId: string, now: Date): Promise<{
    grantId: string;
    redirectUri: string;
    codeChallenge: string;
    expiresAt: Date;
  } | undefined>;
  findCode(codeHash: string): Promise<SecretState | undefined>;
  insertAccessToken(tokenHash: string, token: {
    grantId: string;
    scope: string;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void>;
  /** An unexpired access token of an unrevoked grant, with its app and merchant. Crosses tenants: the token names its store. */
  findActiveAccessTokenAcrossStores(tokenHash: string, now: Date): Promise<VerifiedAccessToken | undefined>;
  /** Deletes one access token of this client (RFC 7009); false when there was none. */
  deleteAccessToken(tokenHash: string, clientId: string): Promise<boolean>;
  insertRefreshToken(tokenHash: string, token: {
    grantId: string;
    parentHash: string | null;
    generation: number;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<void>;
  /**
   * Marks an unused, unexpired refresh token of this client's unrevoked grant used. Exactly one of any number of
   * concurrent callers gets the row.
   */
  consumeRefreshToken(tokenHash: string, clientId: string, now: Date): Promise<{
    grantId: string;
    generation: number;
  } | undefined>;
  findRefreshToken(tokenHash: string): Promise<SecretState | undefined>;
  /** Keeps the sealed answer of the rotation that consumed this refresh token (for a lost-response replay). */
  sealRefreshReplay(tokenHash: string, sealed: string): Promise<void>;
  /**
   * A consumed refresh token's sealed answer, and whether the token it was rotated into has been used since. Found
   * through the grant index: the successor is the token of the same grant whose parent this one is.
   */
  findRefreshReplay(tokenHash: string): Promise<{
    sealed: string | null;
    successor: {
      consumedAt: Date | null;
    } | null;
  } | undefined>;
}
