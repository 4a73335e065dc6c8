import type { FastifyInstance } from 'fastify';
import { CONNECTOR_SCOPE } from '../../domain/oauth/scopes.ts';
import { readBrowserSession, type WebDeps } from '../../web/browser-session.ts';
import { showAuthorizationStep } from '../../web/authorization-flow.ts';
import { errorPage } from '../../web/error-page.ts';
import { sendPage } from '../../web/send-page.ts';
import { authorizationRedirect } from '../../domain/oauth/authorization-response.ts';
import { checkClient } from '../checks/check-client.ts';
import { checkNoDuplicates } from '../checks/check-no-duplicates.ts';
import { checkPkce } from '../checks/check-pkce.ts';
import { checkRedirectUri } from '../checks/check-redirect-uri.ts';
import { checkResource } from '../checks/check-resource.ts';
import { checkResponseType } from '../checks/check-response-type.ts';
import { checkScope } from '../checks/check-scope.ts';
import { checkState, STATE_HELP_PATH } from '../checks/check-state.ts';
import { stateHelpPage } from '../../web/state-help-page.ts';
import { isOAuthError } from '../../domain/oauth/errors.ts';
import { parseParams, queryOf } from '../params.ts';

/**
 * GET /oauth/authorize (RFC 6749 §4.1.1 with PKCE). Two phases:
 * 1. the client and its redirect URI; when either is wrong the merchant sees an error page and is never redirected
 *    (an unchecked redirect URI would make this an open redirector; RFC 6749 §4.1.2.1, RFC 9700 §4.11). A `client_id`
 *    that is an https URL is a Client ID Metadata Document, fetched (or taken from the cache) and checked here; the
 *    redirect URI must be one the document lists;
 * 2. the other parameters; their errors go back to the app as `error`, `error_description`, `state` and `iss`.
 * Then the request is recorded and the merchant sees the first page: sign-in, store picker or consent.
 */
export function authorizeEndpoint(app: FastifyInstance, deps: WebDeps): void {
  const { oauth, issuer } = deps;
  app.get(
    '/oauth/authorize',
    {
      schema: {
        tags: ['Connected apps (OAuth)'],
        summary: 'Start an authorization (opened in the merchant’s browser)',
        description:
          'Query: response_type=code, client_id (a registered id, or the https URL of a Client ID Metadata Document), redirect_uri (exactly as registered or listed in the document), code_challenge (S256), code_challenge_method=S256, state, ' +
          'optional scope (space-separated; default mcp:store) and resource (default and only value: BASE_URL/mcp). ' +
          'Shows sign-in, then the store picker (several stores), then consent; ends with a 303 to redirect_uri carrying code, state and iss, ' +
          'or error, state and iss. An unknown client or redirect_uri shows an error page instead.',
      },
    },
    async (request, reply) => {
      const params = parseParams(queryOf(request.url));

      let client: Awaited<ReturnType<typeof checkClient>>;
      let redirectUri: string;
      try {
        checkNoDuplicates(params, ['client_id', 'redirect_uri']);
        client = await checkClient(params.get('client_id'), (clientId) => oauth.resolveClient(request.ctx, clientId));
        redirectUri = checkRedirectUri(client, params.get('redirect_uri'));
      } catch (error) {
        if (!isOAuthError(error)) throw error;
        if (error.error === 'temporarily_unavailable') {
          reply.headers(error.headers);
          return sendPage(reply, 503, errorPage('Please try again in a moment', error.message));
        }
        return sendPage(reply, 400, errorPage('This app cannot be connected', `${error.message} Contact the app’s developer.`));
      }

      const echoedState = params.get('state');
      let input: Parameters<typeof oauth.startAuthorization>[1];
      try {
        checkNoDuplicates(params);
        checkResponseType(params.get('response_type'));
        const state = checkState(params.get('state'));
        const codeChallenge = checkPkce(params.get('code_challenge'), params.get('code_challenge_method'));
        const scopes = checkScope(params.get('scope')) ?? [CONNECTOR_SCOPE];
        const resource = checkResource(params, oauth.resource) ?? oauth.resource;
        input = { client, redirectUri, state, codeChallenge, scopes, resource };
      } catch (error) {
        if (!isOAuthError(error)) throw error;
        // A missing state: error_uri names the page that tells the client's developer what to add (RFC 6749 §4.1.2.1).
        const help: Record<string, string> = echoedState === undefined || echoedState === '' ? { error_uri: `${issuer}${STATE_HELP_PATH}` } : {};
        const response = { redirectUri, params: { error: error.error, error_description: error.message, ...help, ...(echoedState === undefined ? {} : { state: echoedState }) } };
        return reply.header('cache-control', 'no-store').redirect(authorizationRedirect(response, issuer), 303);
      }

      const session = await readBrowserSession(request, deps);
      const pending = await oauth.startAuthorization(request.ctx, input, session?.sessionId ?? null);
      return showAuthorizationStep(request, reply, deps, pending.id, session);
    },
  );

  // The error_uri of an authorization refused for want of state: what a client's developer adds, with the SDKs' names.
  app.get(STATE_HELP_PATH, { schema: { hide: true } }, async (_request, reply) =>
    sendPage(reply, 200, stateHelpPage()),
  );
}
