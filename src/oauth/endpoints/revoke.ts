import type { FastifyInstance } from 'fastify';
import type { OAuthService } from '../../domain/oauth/oauth-service.ts';
import { checkFormBody } from '../checks/check-form-body.ts';
import { checkNoDuplicates } from '../checks/check-no-duplicates.ts';
import { checkRequired } from '../checks/check-required.ts';
import { allowAnyOrigin, corsPreflight } from '../cors.ts';
import { NO_STORE } from './cache-control.ts';

/**
 * POST /oauth/revoke (RFC 7009): token and client_id (token_type_hint is accepted; the token's prefix says its kind).
 * 200 whether or not the token was known, so the answer tells nothing about other clients' tokens.
 */
export function revokeEndpoint(app: FastifyInstance, oauth: OAuthService): void {
  corsPreflight(app, '/oauth/revoke', 'POST');
  app.post(
    '/oauth/revoke',
    {
      schema: {
        tags: ['Connected apps (OAuth)'],
        summary: 'Revoke a token (RFC 7009)',
        description:
          'application/x-www-form-urlencoded: token, client_id. Revoking a refresh token ends its whole authorization (both tokens); revoking an access token ends that token. ' +
          '200 with an empty body, also for unknown or already revoked tokens.',
      },
    },
    async (request, reply) => {
      const params = checkFormBody(request.headers['content-type'], request.body);
      checkNoDuplicates(params);
      const token = checkRequired(params, 'token');
      const clientId = checkRequired(params, 'client_id');
      await oauth.revokeToken(request.ctx, { clientId, token });
      return allowAnyOrigin(reply).code(200).headers(NO_STORE).send();
    },
  );
}
