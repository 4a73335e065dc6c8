import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export interface SystemRouteDeps {
  /** Resolves when the database answers; rejects otherwise. */
  ping(): Promise<void>;
  /** True once the instance has begun a graceful stop (SIGTERM): it still answers, but wants no new traffic. */
  stopping?: () => boolean;
}

const Health = z.object({ status: z.enum(['ok', 'unavailable']), checks: z.record(z.string(), z.enum(['ok', 'unavailable', 'stopping'])).optional() });

/** The landing at BASE_URL (the OAuth issuer), liveness, readiness, the OpenAPI document and the human API reference. */
export async function systemRoutes(app: FastifyInstance, deps: SystemRouteDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The issuer URL itself answers: for now with the API reference (a dashboard may take its place).
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/docs', 302));

  r.get(
    '/healthz',
    {
      schema: { tags: ['Operations'], summary: 'Liveness: the process is up', response: { 200: Health } },
    },
    async () => ({ status: 'ok' as const }),
  );

  r.get(
    '/readyz',
    {
      schema: {
        tags: ['Operations'],
        summary: 'Readiness: the database answers',
        description: '503 while the database cannot be reached, and while the instance drains before a graceful stop (`checks.instance: stopping`); load balancers should stop routing here until it is 200.',
        response: { 200: Health, 503: Health },
      },
    },
    async (request, reply) => {
      if (deps.stopping?.()) {
        // Draining before a graceful stop: the balancer takes the instance out; requests still arriving are served.
        reply.code(503).header('retry-after', '5');
        const draining: z.infer<typeof Health> = { status: 'unavailable', checks: { instance: 'stopping' } };
        return draining;
      }
      try {
        await deps.ping();
        return { status: 'ok' as const, checks: { database: 'ok' as const } };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed: database unreachable');
        reply.code(503).header('retry-after', '5');
        return { status: 'unavailable' as const, checks: { database: 'unavailable' as const } };
      }
    },
  );

  let document: Record<string, unknown> | undefined;
  const openapi = () => {
    document ??= app.swagger() as unknown as Record<string, unknown>;
    return document;
  };

  app.get('/openapi.json', { schema: { hide: true } }, async (_request, reply) => {
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(openapi()));
  });
}
