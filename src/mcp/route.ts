import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { McpEngine, McpRouteDeps } from './engine.ts';

/**
 * The AI connector at /mcp: a stateless MCP server (protocol 2025-11-25 through the SDK's stateless legacy serving,
 * and 2026-07-28), behind the protected-resource boundary (RFC 6750, RFC 9728 §5.1, MCP authorization).
 *
 * In its own Fastify scope, in this order: Host and Origin checks (DNS rebinding → 403), then credentials before the
 * body is read (an OAuth access token issued for BASE_URL/mcp, the merchant's session token, or an API key; without
 * them 401 with `resource_metadata`), then the SDK reads the body itself (a pass-through parser) and answers. Each
 * request builds a server bound to the caller's store context; nothing is kept between requests, so any number of
 * instances can serve it.
 *
 * The MCP SDK and the tool catalog (./engine.ts) load with the first request to /mcp, not at start: an instance no
 * assistant talks to does not hold them (about 7 MiB resident, measured: docs/configuration.md, "Memory").
 */
export async function mcpRoutes(app: FastifyInstance, deps: McpRouteDeps): Promise<void> {
  let engine: Promise<McpEngine> | undefined;
  const load = (): Promise<McpEngine> => {
    engine ??= import('./engine.ts').then((m) => m.mcpEngine(app, deps));
    // A failed load is tried again by the next request rather than kept.
    engine.catch(() => {
      engine = undefined;
    });
    return engine;
  };

  await app.register(async (scope) => {
    // The SDK reads and parses the body (JSON-RPC parse errors, its own size limit); Fastify only passes it through.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request: FastifyRequest, _payload: unknown, done: (err: Error | null, body?: unknown) => void) => done(null, undefined));

    scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => (await load()).onRequest(request, reply));

    scope.options('/mcp', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .code(204)
        .headers({
          'access-control-allow-methods': 'POST, OPTIONS',
          'access-control-allow-headers': 'Authorization, Content-Type, Accept, MCP-Protocol-Version, Mcp-Session-Id, Mcp-Method, Mcp-Name, MCP-Toolsets, Last-Event-ID, X-MerchantApiKey, X-MerchantId, X-Mode',
          'access-control-max-age': '86400',
        })
        .send(),
    );

    // Only POST: the server is stateless, so GET (a standalone SSE stream) and DELETE (end a session) are 405.
    scope.post('/mcp', { schema: { hide: true } }, async (request, reply) => (await load()).answer(request, reply));
  });
}
