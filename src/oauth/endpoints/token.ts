import type { FastifyInstance } from 'fastify';
import type { OAuthService } from '../../domain/oauth/oauth-service.ts';
import { formatScope } from '../../domain/oauth/scopes.ts';
import { checkFormBody } from '../checks/check-form-body.ts';
import { checkGrantType } from '../checks/check-grant-type.ts';
import { checkNoDuplicates } from '../checks/check-no-duplicates.ts';
import { allowAnyOrigin, corsPreflight } from '../cors.ts';
import { authorizationCodeGrant } from '../grants/authorization-code.ts';
import { refreshTokenGrant } from '../grants/refresh-token.ts';
import { NO_STORE } from './cache-control.ts';

const GRANTS = { authorization_code: authorizationCodeGrant, refresh_token: refreshTokenGrant };

/**
 * POST /oauth/token: a form body, checked step by step (content type, no repeated parameter, grant type), then the
 * grant. Every answer is JSON with Cache-Control: no-store; errors are RFC 6749 §5.2 bodies without WWW-Authenticate.
 */
export function tokenEndpoint(app: FastifyInstance, oauth: OAuthService): void {
  corsPreflight(app, '/oauth/token', 'POST');
  app.post(
    '/oauth/token',
    {
      schema: {
        tags: ['Connected apps (OAuth)'],
        summary: 'Exchange a code, or refresh (RFC 6749)',
        description:
          'application/x-www-form-urlencoded. grant_type=authorization_code: code, redirect_uri, client_id, code_verifier. ' +
          'grant_type=refresh_token: refresh_token, client_id (optional scope to narrow). Both accept resource (it must be BASE_URL/mcp). ' +
          '200: access_token, refresh_token (a new one every time), token_type Bearer, expires_in, scope. ' +
          '400: invalid_request, invalid_client, invalid_grant, unsupported_grant_type, invalid_scope, invalid_target.',
      },
    },
    async (request, reply) => {
      const params = checkFormBody(request.headers['content-type'], request.body);
      checkNoDuplicates(params);
      const grantType = checkGrantType(params.get('grant_type'));
      const tokens = await GRANTS[grantType](oauth, request.ctx, params);
      return allowAnyOrigin(reply)
        .headers(NO_STORE)
        .send({
          access_token: tokens.accessToken,
          token_type: 'Bearer',
          expires_in: tokens.expiresIn,
          refresh_token: tokens.refreshToken,
          scope: formatScope(tokens.scopes),
        });
    },
  );
}
