import type { OAuthClient } from '../../domain/oauth/types.ts';
import { InvalidClientError, InvalidRequestError } from '../../domain/oauth/errors.ts';

/**
 * The client named by `client_id` must be registered (RFC 6749 §4.1.2.1). Client ids are server-issued; a URL as
 * client id (a Client ID Metadata Document) is treated like any unknown client and never fetched.
 */
export async function checkClient(clientId: string | undefined, find: (clientId: string) => Promise<OAuthClient | undefined>): Promise<OAuthClient> {
  if (clientId === undefined) throw new InvalidRequestError('client_id is required.');
  const client = clientId.length <= 40 ? await find(clientId) : undefined;
  if (!client) throw new InvalidClientError('No app is registered with this client_id.');
  return client;
}
