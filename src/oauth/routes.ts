import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InvalidClientMetadataError, InvalidRequestError, OAuthError, TemporarilyUnavailableError } from '../domain/oauth/errors.ts';
import { internalError, logFault, type PublicError, publicError } from '../public-error.ts';
import type { WebDeps } from '../web/browser-session.ts';
import { registerPageErrors } from '../web/page-errors.ts';
import { authorizeEndpoint } from './endpoints/authorize.ts';
import { metadataEndpoints } from './endpoints/metadata.ts';
import { NO_STORE } from './endpoints/cache-control.ts';
import { registerEndpoint } from './endpoints/register.ts';
import { revokeEndpoint } from './endpoints/revoke.ts';
import { tokenEndpoint } from './endpoints/token.ts';

/** Bodies of registration, token and revocation requests are small (RFC 7591 clients send well under 16 KiB). */
const BODY_LIMIT = 16 * 1024;

/**
 * The RFC 6749 §5.2 answer of the token, registration and revocation endpoints for a failure, from its public form.
 * `extraHeaders` are the refusal's own headers (a rate limit's), sent as well.
 */
function oauthAnswer(form: PublicError, error: unknown, request: FastifyRequest): { error: OAuthError; extraHeaders?: Record<string, string> } {
  switch (form.kind) {
    case 'oauth':
      return { error: new OAuthError(form.code, form.status, form.message, form.headers) };
    case 'refused':
      // A rate limit (src/http/plugins/rate-limits.ts): RFC 6749 has no code for it; temporarily_unavailable with 429.
      if (form.status === 429) {
        return { error: new TemporarilyUnavailableError(form.message, Number(form.headers['retry-after'] ?? 60), 429), extraHeaders: form.headers };
      }
      // Any other refusal has no OAuth form here: a failure of ours.
      return oauthAnswer(internalError(request), error, request);
    case 'unreadable':
      if (form.code === 'PAYLOAD_TOO_LARGE') {
        const description = `The body is larger than ${BODY_LIMIT / 1024} KiB.`;
        return { error: request.url.startsWith('/oauth/register') ? new InvalidClientMetadataError(description) : new InvalidRequestError(description) };
      }
      return { error: new InvalidRequestError('The request could not be read.') };
    case 'unavailable':
      logFault(request.log, error, form);
      return { error: new TemporarilyUnavailableError(form.message, Number(form.headers['retry-after'])) };
    case 'internal':
      logFault(request.log, error, form);
      return { error: new OAuthError('server_error', form.status, form.message) };
  }
}

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
    scope.setErrorHandler((error, request, reply) => {
      const answer = oauthAnswer(publicError(error, { id: request.id }), error, request);
      if (answer.extraHeaders) reply.headers(answer.extraHeaders);
      return reply
        .code(answer.error.status)
        .headers({ ...answer.error.headers, ...NO_STORE, 'access-control-allow-origin': '*' })
        .type('application/json; charset=utf-8')
        .send(answer.error.body());
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
