import type { FastifyReply, FastifyRequest } from 'fastify';
import { authorizationRedirect } from '../domain/oauth/authorization-response.ts';
import { anonymousSecret, type BrowserSession, type WebDeps } from './browser-session.ts';
import { consentPage } from './consent-page.ts';
import { csrfToken } from './csrf.ts';
import { originOf, sendPage } from './send-page.ts';
import { signInPage } from './sign-in-page.ts';
import { storePickerPage } from './store-picker-page.ts';

/** CSRF purposes: each form's token is good for its own page only. */
export const PURPOSE = {
  signIn: (requestId: string | undefined) => `sign-in:${requestId ?? 'dashboard'}`,
  signUp: (requestId: string | undefined) => (requestId === undefined ? 'sign-up' : `sign-up:${requestId}`),
  authorize: (requestId: string) => `authorize:${requestId}`,
  passwordReset: 'password-reset',
  newPassword: 'password-reset-new',
} as const;

/**
 * A dashboard path to return to after sign-in, or undefined: only paths under /dashboard of this site (never another
 * origin, never `//host`), so the sign-in page cannot be used to send anyone elsewhere.
 */
export function dashboardPath(value: unknown): string | undefined {
  // A repeated parameter (`?next=a&next=b`) arrives as a list: it names no single place.
  if (typeof value !== 'string' || value.length > 500) return undefined;
  return /^\/dashboard(?:[/?#][^\s\\]*)?$/.test(value) && !value.startsWith('//') ? value : undefined;
}

/** The sign-in page, for an authorization request or for the dashboard. */
export function showSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Pick<WebDeps, 'issuer'> & Partial<Pick<WebDeps, 'passwordReset'>>,
  options: { authorization?: { id: string; clientName: string; redirectUri: string }; error?: string; notice?: string; email?: string; status?: number; next?: string } = {},
): FastifyReply {
  const secret = anonymousSecret(request, reply, deps.issuer);
  const { authorization } = options;
  return sendPage(
    reply,
    options.status ?? 200,
    signInPage({
      csrf: csrfToken(secret, PURPOSE.signIn(authorization?.id)),
      authorization: authorization && { id: authorization.id, clientName: authorization.clientName },
      error: options.error,
      notice: options.notice,
      email: options.email,
      next: options.next,
      passwordReset: deps.passwordReset?.enabled ?? false,
    }),
    { formActions: authorization ? [originOf(authorization.redirectUri)] : [] },
  );
}

/**
 * Shows where an authorization request stands for this browser: sign-in when signed out, then the store picker (for
 * merchants with several stores), then consent; or sends the browser back to the app when the request is over.
 * Every page allows its forms to end at the app's origin (CSP form-action follows redirects).
 */
export async function showAuthorizationStep(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: WebDeps,
  requestId: string,
  session: BrowserSession | null,
): Promise<FastifyReply> {
  if (session === null) {
    const { request: pending, client } = await deps.oauth.loadAuthorization(request.ctx, requestId);
    return showSignIn(request, reply, deps, { authorization: { id: pending.id, clientName: client.clientName, redirectUri: pending.redirectUri } });
  }
  const step = await deps.oauth.nextStep(session.ctx, requestId, session.sessionId);
  if (step.step === 'done') return reply.redirect(authorizationRedirect(step.response, deps.issuer), 303);
  const csrf = csrfToken(session.token, PURPOSE.authorize(requestId));
  const formActions = [originOf(step.request.redirectUri)];
  if (step.step === 'pick-store') {
    return sendPage(reply, 200, storePickerPage({ csrf, requestId, clientName: step.client.clientName, stores: step.stores, email: session.user.email }), { formActions });
  }
  return sendPage(
    reply,
    200,
    consentPage({
      csrf,
      requestId,
      clientName: step.client.clientName,
      clientIdHost: step.clientIdHost,
      redirectHost: step.redirectHost,
      localhostOnly: step.localhostOnly,
      store: step.store,
      offered: step.offered,
      withheld: step.withheld,
      email: session.user.email,
    }),
    { formActions },
  );
}
