import type { OAuthClient } from '../../domain/oauth/types.ts';
import { InvalidClientError, InvalidRequestError } from '../../domain/oauth/errors.ts';

/**
 * The client named by `client_id` must be known (RFC 6749 §4.1.2.1): a registered app, or an app whose `client_id`
 * URL serves an acceptable Client ID Metadata Document (`resolve` fetches and checks it, and throws `invalid_client`
 * naming the problem when it is not).
 */
export async function checkClient(clientId: string | undefined, resolve: (clientId: string) => Promise<OAuthClient | undefined>): Promise<OAuthClient> {
  if (clientId === undefined) throw new InvalidRequestError('client_id is required.');
  const client = await resolve(clientId);
  if (!client) throw new InvalidClientError('No app is registered with this client_id.');
  return client;
}
