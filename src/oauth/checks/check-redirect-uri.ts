import type { OAuthClient } from '../../domain/oauth/types.ts';
import { InvalidRequestError } from '../../domain/oauth/errors.ts';

/**
 * `redirect_uri` is required and must equal one of the client's registered URIs byte for byte: no normalisation of
 * case, encoding, trailing slashes, query or port, loopback included (docs/oauth.md, "Redirect URIs"; RFC 9700 §2.1).
 */
export function checkRedirectUri(client: OAuthClient, redirectUri: string | undefined): string {
  if (redirectUri === undefined) throw new InvalidRequestError('redirect_uri is required.');
  if (!client.redirectUris.includes(redirectUri)) {
    throw new InvalidRequestError('redirect_uri is not one of the addresses this app registered (they must match exactly).');
  }
  return redirectUri;
}
