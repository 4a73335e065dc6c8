import type { FastifyReply, FastifyRequest } from 'fastify';
import { isAppError } from '../errors.ts';
import { SignupBody } from '../http/routes/accounts/schemas.ts';
import { PURPOSE } from './authorization-flow.ts';
import { anonymousSecret, readBrowserSession, startBrowserSession, type WebDeps } from './browser-session.ts';
import { csrfToken } from './csrf.ts';
import { originOf, sendPage } from './send-page.ts';
import { SIGN_UP_FIELDS, type SignUpField, type SignUpView, signUpPage } from './sign-up-page.ts';

/** The authorization request a sign-up continues, as the sign-in page shows it. */
export interface SignUpAuthorization {
  id: string;
  clientName: string;
  redirectUri: string;
}

/**
 * The sign-up page (a fresh form, or the form again with what was refused). For an authorization request, like the
 * sign-in page, its form may end at the app (CSP form-action follows the redirects after it).
 */
export function showSignUp(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Pick<WebDeps, 'issuer'>,
  view: Omit<SignUpView, 'csrf' | 'authorization'> & { authorization?: SignUpAuthorization | undefined; status?: number },
): FastifyReply {
  const { status, authorization, ...rest } = view;
  const secret = anonymousSecret(request, reply, deps.issuer);
  return sendPage(
    reply,
    status ?? 200,
    signUpPage({
      ...rest,
      authorization: authorization && { id: authorization.id, clientName: authorization.clientName },
      csrf: csrfToken(secret, PURPOSE.signUp(authorization?.id)),
    }),
    { formActions: authorization ? [originOf(authorization.redirectUri)] : [] },
  );
}

/**
 * Creates the account and its first store through the same service and the same input schema as
 * `POST /v1/auth/signup`, then signs the browser in as `/sign-in` does (a new browser session; one planted before is
 * ended) and goes on: to the authorization request it continues (bound to the new session, as `/sign-in` binds it),
 * else to `next` (a dashboard path) or the dashboard. Refusals show the form again: a field the schema refuses with its
 * rule next to it (422), an email already registered (409), too many sign-ups (429, from the rate limits before this
 * runs).
 */
export async function signUp(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Pick<WebDeps, 'accounts' | 'auth' | 'issuer' | 'oauth'>,
  form: Partial<Record<SignUpField, string>> & { next: string | undefined; authorization: SignUpAuthorization | undefined },
): Promise<FastifyReply> {
  const { authorization } = form;
  const next = authorization ? undefined : form.next;
  const values = { name: (form.name ?? '').slice(0, 400), email: (form.email ?? '').slice(0, 400), storeName: (form.storeName ?? '').slice(0, 400) };
  const parsed = SignupBody.safeParse({ ...values, password: (form.password ?? '').slice(0, 300) });
  if (!parsed.success) {
    const fieldErrors: Partial<Record<SignUpField, string>> = {};
    for (const issue of parsed.error.issues) {
      const name = issue.path[0];
      if (typeof name === 'string' && (SIGN_UP_FIELDS as readonly string[]).includes(name)) fieldErrors[name as SignUpField] ??= issue.message;
    }
    return showSignUp(request, reply, deps, { values, fieldErrors, next, authorization, status: 422 });
  }
  const previous = await readBrowserSession(request, deps);
  let session: Awaited<ReturnType<typeof deps.accounts.signup>>['session'];
  try {
    ({ session } = await deps.accounts.signup(request.ctx, parsed.data));
  } catch (error) {
    if (isAppError(error) && error.code === 'EMAIL_TAKEN') {
      const fieldErrors = { email: 'is already registered: sign in with it instead, or use another email' };
      return showSignUp(request, reply, deps, { values, fieldErrors, next, authorization, status: 409 });
    }
    throw error;
  }
  if (previous) await deps.accounts.logout(previous.ctx, previous.sessionId);
  startBrowserSession(reply, deps.issuer, session.token, session.expiresAt, request.ctx.now);
  if (authorization) {
    await deps.oauth.bindAuthorization(request.ctx, authorization.id, session.sessionId);
    return reply.redirect(`/oauth/authorize/${encodeURIComponent(authorization.id)}`, 303);
  }
  return reply.redirect(next ?? '/dashboard', 303);
}
