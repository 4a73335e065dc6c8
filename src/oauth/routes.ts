import type { FastifyError, FastifyInstance } from 'fastify';
import { isAppError } from '../errors.ts';
import type { WebDeps } from '../web/browser-session.ts';
import { registerPageErrors } from '../web/page-errors.ts';
import { isDatabaseUnavailable } from '../db/db.ts';
import { authorizeEndpoint } from './endpoints/authorize.ts';
import { metadataEndpoints } from './endpoints/metadata.ts';
import { NO_STORE } from './endpoints/cache-control.ts';
import { registerEndpoint } from './endpoints/register.ts';
import { revokeEndpoint } from './endpoints/revoke.ts';
import { tokenEndpoint } from './endpoints/token.ts';
import {
  InvalidClientMetadataError,
  InvalidRequestError,
  isOAuthError,
  type OAuthError,
  ServerError,
  TemporarilyUnavailableError,
} from '../domain/oauth/errors.ts';

/** Bodies of registration, token and revocation requests are small (RFC 7591 clients send well under 16 KiB). */
const BODY_LIMIT = 16 * 1024;

/**
 * The authorization server: discovery documents, registration, token and revocation (JSON in RFC shapes, outside the
 * /v1 envelope), and the authorization endpoint (HTML: its errors are pages or redirects, never JSON).
 */
export async function oauthRoutes(app: FastifyInstance, deps: WebDeps): Promise<void> {
  metadataEndpoints(app, deps.issuer);

  await app.register(async (scope) => {
    // The endpoints read their bodies themselves, so a wrong content type or bad JSON is an OAuth error, not a 415.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      let answer: OAuthError;
      if (isOAuthError(error)) {
        answer = error;
      } else if (isAppError(error) && error.status === 429) {
        // A rate limit (src/http/plugins/rate-limits.ts): RFC 6749 has no code for it; temporarily_unavailable with 429.
        answer = new TemporarilyUnavailableError(error.message, Number(error.headers['retry-after'] ?? 60), 429);
        reply.headers(error.headers);
      } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        const description = `The body is larger than ${BODY_LIMIT / 1024} KiB.`;
        answer = request.url.startsWith('/oauth/register') ? new InvalidClientMetadataError(description) : new InvalidRequestError(description);
      } else if (isDatabaseUnavailable(error)) {
        request.log.error({ err: error }, 'database unavailable');
        answer = new TemporarilyUnavailableError('The service cannot reach its database right now. Retry shortly.', 5);
      } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        answer = new InvalidRequestError('The request could not be read.');
      } else {
        request.log.error({ err: error }, 'unhandled error');
        answer = new ServerError(request.id);
      }
      return reply
        .code(answer.status)
        .headers({ ...answer.headers, ...NO_STORE, 'access-control-allow-origin': '*' })
        .type('application/json; charset=utf-8')
        .send(answer.body());
    });
    registerEndpoint(scope, deps.oauth);
    tokenEndpoint(scope, deps.oauth);
    revokeEndpoint(scope, deps.oauth);
  });

  await app.register(async (scope) => {
    registerPageErrors(scope);
    authorizeEndpoint(scope, deps);
  });
}
