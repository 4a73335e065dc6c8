import type { Mode } from '../../context.ts';
import type { User } from '../accounts/types.ts';
import type { Scope } from './scopes.ts';

/** A registered connected app (a public client: no secret). */
export interface OAuthClient {
  clientId: string;
  clientName: string;
  /** Exactly as registered; an authorization request must name one of them byte for byte. */
  redirectUris: string[];
  createdAt: Date;
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
