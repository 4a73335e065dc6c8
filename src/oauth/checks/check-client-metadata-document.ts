import { InvalidClientError, isOAuthError } from '../../domain/oauth/errors.ts';
import type { ClientMetadataDocument } from '../../domain/oauth/types.ts';
import { checkClientName } from './check-client-metadata.ts';
import { checkRedirectUris } from './check-redirect-uris.ts';

/** JWK members that carry private or symmetric key material (RFC 7517, RFC 7518 §6). */
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

/**
 * A fetched Client ID Metadata Document (draft-ietf-oauth-client-id-metadata-document §"Client ID Metadata Document";
 * MCP 2025-11-25 "Client ID Metadata Documents"):
 * - a JSON object whose `client_id` equals the URL it was fetched from, byte for byte;
 * - no shared secret (§"Credential and Key Material Restrictions"): no `client_secret*` property, no symmetric
 *   `token_endpoint_auth_method`, no private key material in `jwks`. Apps are public clients here, so the method must
 *   be `none` (or absent, read as none; `private_key_jwt` is not supported);
 * - `client_name` and `redirect_uris` (MCP requires both) under the same rules as a registration (one rule for
 *   redirect URIs, docs/oauth.md "Redirect URIs"). Other metadata is ignored, as at registration.
 * Every refusal is `invalid_client` naming the document and the problem.
 */
export function checkClientMetadataDocument(url: string, document: unknown): ClientMetadataDocument {
  const refuse = (problem: string) => new InvalidClientError(`The app's client metadata document (${url}) is not acceptable: ${problem}`);
  if (typeof document !== 'object' || document === null || Array.isArray(document)) throw refuse('it must be a JSON object.');
  const fields = document as Record<string, unknown>;
  if (fields.client_id !== url) {
    throw refuse(
      typeof fields.client_id === 'string'
        ? `its client_id (${fields.client_id.slice(0, 200)}) must be exactly the URL it is served at.`
        : 'it must contain client_id, exactly the URL it is served at.',
    );
  }
  const secret = Object.keys(fields).find((key) => key.startsWith('client_secret'));
  if (secret !== undefined) throw refuse(`it must not contain ${secret}: a metadata document is public, so it can carry no secret.`);
  const method = fields.token_endpoint_auth_method;
  if (method !== undefined && method !== 'none') {
    throw refuse(
      typeof method === 'string' && /^client_secret/.test(method)
        ? `token_endpoint_auth_method ${method} uses a shared secret, which a metadata document cannot establish; use none (a public client with PKCE).`
        : `token_endpoint_auth_method must be none (a public client with PKCE); ${JSON.stringify(method).slice(0, 60)} is not supported here.`,
    );
  }
  const keys = (fields.jwks as { keys?: unknown } | undefined)?.keys;
  if (Array.isArray(keys) && keys.some((key) => typeof key === 'object' && key !== null && PRIVATE_JWK_MEMBERS.some((m) => m in key))) {
    throw refuse('its jwks must not contain private or symmetric key material.');
  }
  try {
    return { clientId: url, clientName: checkClientName(fields.client_name), redirectUris: checkRedirectUris(fields.redirect_uris) };
  } catch (error) {
    if (isOAuthError(error)) throw refuse(error.message);
    throw error;
  }
}
