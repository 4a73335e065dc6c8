import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserContext } from '../../../context.ts';
import type { AccountService } from '../../../domain/accounts/account-service.ts';
import { AppError } from '../../../errors.ts';
import { envelope, ok, wireTimestamp } from '../../../wire/envelope.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';

export interface SessionTokenDeps {
  accounts: AccountService;
  /** The merchant signed in with the browser session cookie (the HttpOnly cookie the sign-in page sets), or null. */
  browserSession(request: FastifyRequest): Promise<{ sessionId: string; ctx: UserContext } | null>;
  issuer: string;
}

/**
 * Refuses anything but a same-origin request from the dashboard. The cookie would also come with a cross-site request;
 * what such a request cannot do is send a custom header without a CORS preflight (which this API does not grant), nor
 * hide its Origin or Sec-Fetch-Site from a browser that sends them.
 */
function requireDashboardRequest(request: FastifyRequest, issuer: string): void {
  const client = request.headers['x-service-client'];
  const origin = request.headers.origin;
  const site = request.headers['sec-fetch-site'];
  const ours = origin === undefined || origin === new URL(issuer).origin || origin === `${request.protocol}://${request.host}`;
  if (client !== 'dashboard' || !ours || (typeof site === 'string' && site !== 'same-origin')) {
    throw new AppError(
      'CROSS_SITE_REQUEST',
      'A dashboard token is issued only to the dashboard of this site (same origin, X-Service-Client: dashboard). Other clients sign in with POST /v1/auth/login.',
    );
  }
}

/** `POST /v1/auth/session-token`: the dashboard's short-lived, in-memory credential (docs/dashboard.md). */
export async function sessionTokenRoutes(app: FastifyInstance, deps: SessionTokenDeps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/v1/auth/session-token',
    {
      schema: {
        tags: ['Accounts'],
        summary: 'A short-lived session token for the dashboard, from the browser session',
        description:
          'Authenticated by the HttpOnly browser session cookie that the sign-in page (/login) sets, for same-origin requests ' +
          'that send X-Service-Client: dashboard. The token lives 15 minutes at most and ends with the browser session; ' +
          'the dashboard keeps it in memory and asks for a new one before it expires.',
        response: {
          200: envelope(z.object({ token: z.string(), expiresAt: z.string() })),
          401: ErrorEnvelopeSchema,
          403: ErrorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      requireDashboardRequest(request, deps.issuer);
      const session = await deps.browserSession(request);
      if (!session) {
        throw new AppError('AUTH_REQUIRED', 'Sign in first (/login): the dashboard token comes from the browser session.', {
          headers: { 'www-authenticate': 'Bearer realm="commerce-service"' },
        });
      }
      const grant = await deps.accounts.issueDashboardToken(session.ctx, session.sessionId);
      reply.header('cache-control', 'no-store');
      return ok('Dashboard token issued', { token: grant.token, expiresAt: wireTimestamp(grant.expiresAt) });
    },
  );
}
