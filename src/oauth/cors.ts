import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * CORS for the public, credential-free OAuth endpoints (metadata, registration, token, revocation): any origin may
 * read them, without cookies. Browser-based clients (and the MCP SDK, which sends MCP-Protocol-Version on discovery)
 * need it. Never used on the pages, which rely on cookies.
 */
export function allowAnyOrigin(reply: FastifyReply): FastifyReply {
  return reply.header('access-control-allow-origin', '*');
}

/** Answers the CORS preflight of `url` for `method`. */
export function corsPreflight(app: FastifyInstance, url: string, method: 'GET' | 'POST'): void {
  app.options(url, { schema: { hide: true } }, async (_request, reply) =>
    allowAnyOrigin(reply)
      .code(204)
      .headers({
        'access-control-allow-methods': `${method}, OPTIONS`,
        'access-control-allow-headers': 'Content-Type, MCP-Protocol-Version',
        'access-control-max-age': '86400',
      })
      .send(),
  );
}
