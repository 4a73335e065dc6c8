import type { Mode } from '../../context.ts';
import type { User } from '../accounts/types.ts';
import type { Scope } from './scopes.ts';

/**
 * A connected app (a public client: no secret), registered through POST /oauth/register or described by a Client ID
 * Metadata Document. `clientId` is the key every grant, code, token and audit entry refers to: the server-made id of a
 * registered app, or `cimd_…` derived from the URL of a document's app (docs/decisions/0017).
 */
export interface OAuthClient {
  clientId: string;
  clientName: string;
  /** Exactly as registered (or listed in the document); an authorization request must name one of them byte for byte. */
  redirectUris: string[];
  /** The `client_id` URL of an app described by a Client ID Metadata Document (what it sends as client_id); null for a registered app. */
  metadataDocumentUrl: string | null;
  createdAt: Date;
}

/** What a Client ID Metadata Document says, once fetched and checked (docs/oauth.md, "Client ID Metadata Documents"). */
export interface ClientMetadataDocument {
  /** The URL the document was fetched from, equal to its own `client_id` property. */
  clientId: string;
  clientName: string;
  redirectUris: string[];
}

/** An authorization request between GET /oauth/authorize and the merchant's decision. */
export interface AuthorizationRequest {
  id: string;
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  /** Requested scopes (the default `mcp:store` when none were asked for). */
  scopes: Scope[];
  resource: string;
  /** The browser session that carries the request on, once the merchant is signed in. */
  sessionId: string | null;
  storeId: string | null;
  createdAt: Date;
  expiresAt: Date;
  completedAt: Date | null;
}

/**
 * One consent: a merchant let an app act in one store and mode with these scopes, for this resource. Every code,
 * access token and refresh token of the consent belongs to it; revoking the grant stops all of them.
 */
export interface Grant {
  id: string;
  clientId: string;
  userId: string;
  storeId: string;
  mode: Mode;
  scopes: Scope[];
  resource: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  revokedReason: string | null;
}

/** Which grants a Connected Apps view covers: those `approvedBy` approved, and every grant in the stores `inStores`. */
export interface GrantFilter {
  approvedBy: string;
  inStores: readonly string[];
}

/** What a valid access token stands for: checked against the database on every request. */
export interface AppAuthorization {
  grantId: string;
  clientId: string;
  clientName: string;
  /** The app's `client_id` URL when a Client ID Metadata Document describes it; null for a registered app. */
  metadataDocumentUrl: string | null;
  storeId: string;
  mode: Mode;
  /** The token's scopes (a refresh may narrow them below the grant's). */
  scopes: Scope[];
  resource: string;
}

export interface VerifiedAccessToken {
  user: User;
  app: AppAuthorization;
  expiresAt: Date;
  /** When the app's authorization was last used (recorded to the minute). */
  grantLastUsedAt: Date | null;
}

/** The token response (docs/oauth.md, "Tokens"), before it is put on the wire. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  scopes: Scope[];
}

/** An app as the merchant sees it under Connected Apps: one row per app, store and mode. */
export interface ConnectedApp {
  clientId: string;
  clientName: string;
  /** The app's `client_id` URL when a Client ID Metadata Document describes it; null for a registered app. */
  metadataDocumentUrl: string | null;
  redirectHosts: string[];
  store: { id: string; name: string };
  mode: Mode;
  /** The union of the scopes of its active grants there. */
  scopes: Scope[];
  /** The members whose active approvals make up this entry, earliest first. */
  approvedBy: Array<{ userId: string; email: string }>;
  /** The latest approval. */
  approvedAt: Date;
  lastUsedAt: Date | null;
}
