import type { FastifyInstance } from 'fastify';
import type { AuthService } from '../domain/accounts/auth-service.ts';
import { CONNECTOR_SCOPE } from '../domain/oauth/scopes.ts';
import { AppError, isAppError } from '../errors.ts';
import { readCredentials } from '../http/plugins/auth.ts';

/**
 * The AI connector's protected-resource boundary at /mcp (RFC 6750, RFC 9728 §5.1, MCP authorization). It
 * authenticates every call before the body is read: an OAuth access token issued for BASE_URL/mcp with `mcp:store`,
 * or an API key. Challenges point clients at the protected resource metadata. The MCP server itself (tools) comes with
 * the MCP issue and replaces the handler below; until then an authenticated call is answered 501.
 */
export async function mcpRoutes(app: FastifyInstance, deps: { auth: AuthService; issuer: string }): Promise<void> {
  const metadataUrl = `${deps.issuer}/.well-known/oauth-protected-resource/mcp`;

  /** The same refusal, with the challenge an MCP client needs (RFC 9728 §5.1, MCP 2025-11-25). */
  function withChallenge(error: AppError): AppError {
    if (error.status !== 401 && error.status !== 403) return error;
    const given = error.headers['www-authenticate'];
    const challenge =
      error.code === 'AUTH_REQUIRED' || given === undefined
        ? `Bearer resource_metadata="${metadataUrl}", scope="${CONNECTOR_SCOPE}"`
        : `${given}, resource_metadata="${metadataUrl}"`;
    return new AppError(error.code, error.message, { details: error.details, headers: { ...error.headers, 'www-authenticate': challenge }, cause: error });
  }

  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request, reply) => {
      reply.header('access-control-allow-origin', '*').header('access-control-expose-headers', 'WWW-Authenticate, Mcp-Session-Id');
      if (request.method === 'OPTIONS') return;
      try {
        const principal = await deps.auth.authenticate(request.ctx, readCredentials(request));
        request.principal = principal;
        request.ctx = await deps.auth.connectorContext(request.ctx, principal);
      } catch (error) {
        throw isAppError(error) ? withChallenge(error) : error;
      }
    });

    scope.options('/mcp', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .code(204)
        .headers({
          'access-control-allow-methods': 'POST, OPTIONS',
          'access-control-allow-headers': 'Authorization, Content-Type, MCP-Protocol-Version, Mcp-Session-Id, X-MerchantApiKey',
          'access-control-max-age': '86400',
        })
        .send(),
    );

    scope.post('/mcp', { schema: { hide: true } }, async (_request, reply) =>
      reply.code(501).send({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32601, message: 'The MCP server is not available yet; this endpoint only checks credentials for now.' },
      }),
    );
  });
}
