import { isLoopbackHost } from '../../domain/oauth/oauth-rules.ts';
import { InvalidClientMetadataError, InvalidRedirectUriError } from '../../domain/oauth/errors.ts';

const MAX_URIS = 10;
const MAX_URI_LENGTH = 2000;
/** Parameters of the authorization response: a registered URI that already carried them would send them twice. */
const RESPONSE_PARAMS = new Set(['code', 'state', 'iss', 'error', 'error_description', 'error_uri']);

/**
 * Registration (RFC 7591 §2, §3.2.2; MCP "All redirect URIs MUST be either localhost or use HTTPS"): at least one
 * absolute https URI, or http on a loopback host (localhost, 127.0.0.0/8, [::1]); no fragment, no credentials, no
 * other scheme (javascript:, data:, custom schemes). URIs are kept exactly as sent: authorization requests must
 * repeat them byte for byte.
 */
export function checkRedirectUris(value: unknown): string[] {
  if (value === undefined || (Array.isArray(value) && value.length === 0)) {
    throw new InvalidRedirectUriError('redirect_uris is required: a list of at least one absolute https (or loopback http) URL.');
  }
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw new InvalidRedirectUriError('redirect_uris must be an array of strings.');
  }
  if (value.length > MAX_URIS) throw new InvalidClientMetadataError(`redirect_uris may list at most ${MAX_URIS} URLs.`);
  for (const [i, uri] of (value as string[]).entries()) {
    if (uri.length > MAX_URI_LENGTH) throw new InvalidClientMetadataError(`redirect_uris[${i}] must be at most ${MAX_URI_LENGTH} characters.`);
    checkOne(uri, `redirect_uris[${i}]`);
  }
  return [...new Set(value as string[])];
}

function checkOne(uri: string, field: string): void {
  const bad = (rule: string) => new InvalidRedirectUriError(`${field} ${rule}.`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here.
  if (/[\s\u0000-\u001f\u007f]/.test(uri)) throw bad('must not contain spaces or control characters');
  if (uri.includes('#')) throw bad('must not contain a fragment (#)');
  if (!/^https?:\/\/[^/?]/i.test(uri)) throw bad('must be an absolute https URL (or http on localhost / 127.0.0.1 / [::1])');
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    throw bad('is not a valid URL');
  }
  if (url.username !== '' || url.password !== '') throw bad('must not contain a user name or password');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) throw bad('may use http only on a loopback host (localhost, 127.0.0.1, [::1]); use https');
  for (const name of url.searchParams.keys()) {
    if (RESPONSE_PARAMS.has(name)) throw bad(`must not carry the parameter "${name}": the authorization response adds it`);
  }
}
