import type { RequestContext } from '../context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the HEAD twin of a GET route: the GET route's URL pattern. */
    headOf?: string;
  }
  interface FastifyRequest {
    /** The context handed to domain services. */
    ctx: RequestContext;
  }
}
