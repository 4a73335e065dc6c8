import type { FastifyInstance } from 'fastify';
import type { OAuthService } from '../../domain/oauth/oauth-service.ts';
import { checkClientMetadata } from '../checks/check-client-metadata.ts';
import { allowAnyOrigin, corsPreflight } from '../cors.ts';
import { NO_STORE } from './cache-control.ts';

/**
 * POST /oauth/register (RFC 7591): free, no approval, rate-limited per address. 201 with the registered values; no
 * client secret (public clients, token_endpoint_auth_method none).
 */
export function registerEndpoint(app: FastifyInstance, oauth: OAuthService): void {
  corsPreflight(app, '/oauth/register', 'POST');
  app.post(
    '/oauth/register',
    {
      schema: {
        tags: ['Connected apps (OAuth)'],
        summary: 'Register a connected app (RFC 7591)',
        description:
          'JSON body: client_name (string, up to 100 characters), redirect_uris (1-10 absolute https URLs, or http on localhost/127.0.0.1/[::1]; no fragment). ' +
          'Other metadata is accepted and ignored. 201 with client_id, client_name, redirect_uris, token_endpoint_auth_method "none", grant_types, response_types, client_id_issued_at. ' +
          'No client secret is issued. Errors: 400 invalid_redirect_uri / invalid_client_metadata; 429 temporarily_unavailable with Retry-After.',
      },
    },
    async (request, reply) => {
      const metadata = checkClientMetadata(request.headers['content-type'], request.body);
      const client = await oauth.registerClient(request.ctx, metadata);
      request.log.info({ clientId: client.clientId }, 'connected app registered');
      return allowAnyOrigin(reply)
        .code(201)
        .headers(NO_STORE)
        .send({
          client_id: client.clientId,
          client_name: client.clientName,
          redirect_uris: client.redirectUris,
          token_endpoint_auth_method: 'none',
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          client_id_issued_at: Math.floor(client.createdAt.getTime() / 1000),
        });
    },
  );
}
