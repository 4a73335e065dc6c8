import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OAuthService } from '../../../domain/oauth/oauth-service.ts';
import { envelope, ErrorEnvelopeSchema, ok } from '../../envelope.ts';
import { userCtx } from '../../plugins/auth.ts';
import { ClientIdParams, ConnectedAppRecord, RemoveQuery, toConnectedAppRecord } from './schemas.ts';

const errors = { 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema };

/** Connected Apps through the API: the signed-in merchant's own approvals (session only, like the dashboard page). */
export async function connectedAppRoutes(app: FastifyInstance, deps: { oauth: OAuthService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { auth: 'user' as const };

  r.get(
    '/v1/connected-apps',
    {
      config: user,
      schema: {
        tags: ['Connected apps (OAuth)'],
        summary: 'Apps you allowed to act in your stores (session only)',
        description: 'One entry per app and store: its scopes, when you approved it and when it was last used.',
        response: { 200: envelope(z.array(ConnectedAppRecord)), ...errors },
      },
    },
    async (request) => ok('Connected apps retrieved', (await deps.oauth.listConnectedApps(userCtx(request))).map(toConnectedAppRecord)),
  );

  r.delete(
    '/v1/connected-apps/:clientId',
    {
      config: user,
      schema: {
        tags: ['Connected apps (OAuth)'],
        summary: 'Remove an app (session only): its access and refresh tokens stop working at once',
        params: ClientIdParams,
        querystring: RemoveQuery,
        response: { 200: envelope(z.object({ clientId: z.string() })), ...errors },
      },
    },
    async (request) => {
      await deps.oauth.removeConnectedApp(userCtx(request), request.params.clientId, request.query.storeId);
      return ok('Connected app removed', { clientId: request.params.clientId });
    },
  );
}
