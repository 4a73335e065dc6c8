import type { AuthorizationResponse } from './oauth-service.ts';

/**
 * The redirect URI with the authorization response appended: `code` and `state` (or `error`, `error_description`
 * and `state`), plus `iss` on every response, success or error (RFC 9207 §2). Each appears once: registration refuses
 * redirect URIs that already carry these names, and the registered query is kept as is.
 */
export function authorizationRedirect(response: AuthorizationResponse, issuer: string): string {
  const params = new URLSearchParams({ ...response.params, iss: issuer });
  const separator = response.redirectUri.includes('?') ? '&' : '?';
  return `${response.redirectUri}${separator}${params.toString()}`;
}
