import type { RequestContext } from '../context.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on the HEAD twin of a GET route: the GET route's URL pattern. */
    headOf?: string;
    /** The route honours If-Match (`http/preconditions.ts`): the OpenAPI document lists the header. */
    ifMatch?: boolean;
  }
  interface FastifyRequest {
    /** The context handed to domain services. */
    ctx: RequestContext;
  }
}
