import { InvalidClientMetadataError } from '../../domain/oauth/errors.ts';
import { checkRedirectUris } from './check-redirect-uris.ts';

const MAX_NAME = 100;

export interface ClientMetadata {
  clientName: string;
  redirectUris: string[];
}

/**
 * A registration request (RFC 7591 §2): a JSON object with `client_name` and `redirect_uris`. Other metadata real
 * clients send (grant_types, response_types, scope, client_uri, logo_uri, software_*) is accepted and ignored: the
 * response says what was registered. A `token_endpoint_auth_method` other than none is refused, since no secret is
 * ever issued.
 */
export function checkClientMetadata(contentType: string | undefined, body: unknown): ClientMetadata {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') throw new InvalidClientMetadataError('The body must be a JSON object (Content-Type: application/json).');
  let metadata: unknown;
  try {
    metadata = JSON.parse(typeof body === 'string' ? body : '');
  } catch {
    throw new InvalidClientMetadataError('The body is not valid JSON.');
  }
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw new InvalidClientMetadataError('The body must be a JSON object.');
  }
  const fields = metadata as Record<string, unknown>;
  const method = fields.token_endpoint_auth_method;
  if (method !== undefined && method !== 'none') {
    throw new InvalidClientMetadataError('token_endpoint_auth_method must be none: apps are public clients and get no secret (use PKCE).');
  }
  return { clientName: checkClientName(fields.client_name), redirectUris: checkRedirectUris(fields.redirect_uris) };
}

/** `client_name` (RFC 7591 §2): required, what merchants see; one line of at most 100 characters, trimmed. */
export function checkClientName(name: unknown): string {
  if (typeof name !== 'string' || name.trim() === '') throw new InvalidClientMetadataError('client_name is required: the name merchants will see.');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here.
  if (/[\u0000-\u001f\u007f]/.test(name)) throw new InvalidClientMetadataError('client_name must not contain control characters.');
  if (name.trim().length > MAX_NAME) throw new InvalidClientMetadataError(`client_name must be at most ${MAX_NAME} characters.`);
  return name.trim();
}
