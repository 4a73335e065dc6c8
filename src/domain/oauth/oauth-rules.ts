import { hash } from 'node:crypto';

/** Lifetimes (the interface leaves code and refresh token lifetimes open; docs/decisions/0004-oauth.md). */
export const LIFETIMES = {
  /** An authorization code: 60 s, single use (RFC 6749 §4.1.2 allows at most 10 minutes). */
  codeMs: 60_000,
  /** An access token: `expires_in` = 3600. */
  accessTokenSeconds: 3600,
  /** A refresh token lives 30 days from its issue; each rotation issues a new one... */
  refreshTokenMs: 30 * 24 * 3600 * 1000,
  /** ...but never beyond a year after the merchant's consent. */
  grantMaxMs: 365 * 24 * 3600 * 1000,
  /** The merchant has 15 minutes to sign in, pick a store and decide. */
  authorizationRequestMs: 15 * 60_000,
  /**
   * A refresh token just rotated may be presented again this long to get the same answer (a lost response), while
   * its successor is unused (docs/oauth.md "Lost responses").
   */
  refreshReplayMs: 60_000,
} as const;

/** Token prefixes: a token of one kind is never accepted as another, and secret scanners can recognise them. */
export const TOKEN_PREFIX = { accessToken: 'cs_at_', refreshToken: 'cs_rt_', code: 'cs_ac_' } as const;

/** RFC 7636 §4.1: 43-128 unreserved characters. */
const CODE_VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export function isWellFormedCodeVerifier(verifier: string): boolean {
  return CODE_VERIFIER.test(verifier);
}

/** RFC 7636 §4.2 S256: BASE64URL(SHA256(ASCII(code_verifier))). */
export function s256(verifier: string): string {
  return hash('sha256', verifier, 'base64url');
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * A resource indicator in canonical form (RFC 8707 §2): absolute http(s) URL, lower-case scheme and host, default
 * port dropped, no fragment, no trailing slash. Null when the value is not one.
 */
export function canonicalResource(value: string): string | null {
  if (value.includes('#')) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}${url.search}`;
}

/** The host a redirect URI sends the merchant to, as shown on the consent page. */
export function redirectHost(redirectUri: string): string {
  try {
    return new URL(redirectUri).host;
  } catch {
    return redirectUri;
  }
}

/**
 * A `client_id` that is a URL names an app described by a Client ID Metadata Document (server-made ids never start
 * with a scheme: draft-ietf-oauth-client-id-metadata-document §"Supporting Both Pre-Registered and Unregistered
 * Clients"). Whether the URL is acceptable is checked when the document is fetched.
 */
export function isClientIdUrl(clientId: string): boolean {
  return /^https?:\/\//i.test(clientId);
}

/** The prefix of the key of an app described by a Client ID Metadata Document; never accepted as a `client_id` itself. */
export const METADATA_CLIENT_PREFIX = 'cimd_';

/**
 * The key an app described by a Client ID Metadata Document is stored under (grants, codes, tokens and audit entries
 * refer to it): `cimd_` + 192 bits of SHA-256 of the URL exactly as sent, so two spellings of one URL are two apps, as
 * the draft's simple string comparison says. It fits the 40-character client ids the tables hold.
 */
export function metadataClientKey(url: string): string {
  return `${METADATA_CLIENT_PREFIX}${hash('sha256', url, 'base64url').slice(0, 32)}`;
}

/** The host of a `client_id` URL, shown to merchants so they can judge who publishes the app's description. */
export function clientIdHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The longest audit actor label the audit log keeps (its column's size). */
const MAX_LABEL = 320;

/**
 * How an app is named in audit logs: its name is whatever it registered or its document says, so it is marked as not
 * verified; an app described by a Client ID Metadata Document also names the host of its `client_id` URL.
 */
export function appActorLabel(app: { clientName: string; metadataDocumentUrl: string | null }, approvedBy?: string): string {
  const source = app.metadataDocumentUrl === null ? '' : `, client metadata document at ${clientIdHost(app.metadataDocumentUrl)}`;
  const tail = `" (not verified${source})${approvedBy === undefined ? '' : `, approved by ${approvedBy}`}`;
  const room = MAX_LABEL - 'App "'.length - tail.length;
  const name = app.clientName.length <= room ? app.clientName : `${app.clientName.slice(0, Math.max(0, room - 1))}…`;
  return `App "${name}${tail}`.slice(0, MAX_LABEL);
}
