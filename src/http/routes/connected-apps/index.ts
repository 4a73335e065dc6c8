import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OAuthService } from '../../../domain/oauth/oauth-service.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { userCtx } from '../../plugins/auth.ts';
import { ConnectedAppRecord, toConnectedAppRecord } from '../../../wire/connected-apps.ts';
import { ClientIdParams, RemoveQuery } from './schemas.ts';

const errors = { 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema };

/**
 * Connected Apps through the API (session only, like the dashboard page): every app connected to the stores where the
 * merchant has settings:write, and their own approvals elsewhere.
 */
export async function connectedAppRoutes(app: FastifyInstance, deps: { oauth: OAuthService }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const user = { auth: 'user' as const };

  r.get(
    '/v1/connected-apps',
    {
      config: user,
      schema: {
        tags: ['Connected apps (OAuth)'],
        summary: 'Apps connected to your stores (session only)',
        description:
          'One entry per app, store and mode: its scopes, who approved it and when, and when it was last used. In a store where your role has settings:write you see every app any member connected; elsewhere the apps you approved.',
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
        description:
          'In a store where your role has settings:write this removes the app whoever approved it; elsewhere only your own approvals. 404 when there is nothing you can remove.',
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
