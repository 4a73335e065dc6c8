import { InvalidClientError } from '../../domain/oauth/errors.ts';

/**
 * A Client Identifier URL (draft-ietf-oauth-client-id-metadata-document §"Client Identifier URL"): the https scheme, a
 * path component other than `/` (MCP clients refuse a root path too), no single-dot or double-dot path segment
 * (percent-encoded ones included: URL parsers resolve them), no fragment, no user name or password; a port and a query
 * are allowed. At most `maxLength` characters, no spaces, control characters or backslashes (parsers read them as
 * slashes). `http:` only when `allowHttp` (development and tests, for a document on a loopback address). Returns the
 * parsed URL to fetch; the string itself stays the client id, compared byte for byte.
 */
export function checkClientIdUrl(clientId: string, options: { allowHttp: boolean; maxLength: number }): URL {
  const refuse = (rule: string) => new InvalidClientError(`The client_id ${clientId.length > 200 ? `${clientId.slice(0, 200)}…` : clientId} is not a usable client metadata URL: ${rule}.`);
  if (clientId.length > options.maxLength) throw refuse(`it must be at most ${options.maxLength} characters`);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here.
  if (/[\s\u0000-\u001f\u007f\\]/.test(clientId)) throw refuse('it must not contain spaces, control characters or backslashes');
  const scheme = /^https:\/\//.test(clientId) ? 'https' : /^http:\/\//.test(clientId) && options.allowHttp ? 'http' : null;
  if (scheme === null) throw refuse('it must start with https://');
  if (clientId.includes('#')) throw refuse('it must not contain a fragment (#)');
  const rest = clientId.slice(scheme.length + 3);
  const authorityEnd = rest.search(/[/?]/);
  const authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd);
  if (authority === '') throw refuse('it must name a host');
  if (authority.includes('@')) throw refuse('it must not contain a user name or password');
  const afterAuthority = authorityEnd === -1 ? '' : rest.slice(authorityEnd);
  const path = afterAuthority.startsWith('/') ? afterAuthority.split('?')[0]! : '';
  if (path === '' || path === '/') throw refuse('it must have a path, such as https://app.example.com/oauth/client.json');
  if (path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) throw refuse('it must not contain "." or ".." path segments');
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    throw refuse('it is not a valid URL');
  }
  return url;
}
