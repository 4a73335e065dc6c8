import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, isAppError } from '../errors.ts';
import { authorizationRedirect } from '../domain/oauth/authorization-response.ts';
import { dashboardPath, PURPOSE, showAuthorizationStep, showSignIn } from './authorization-flow.ts';
import { anonymousSecret, endBrowserSession, readAnonymousSecret, readBrowserSession, startBrowserSession, type WebDeps } from './browser-session.ts';
import { checkCsrf } from './csrf.ts';
import { registerPageErrors } from './page-errors.ts';
import { showSignUp, signUp } from './sign-up.ts';
import { PasswordResetBody, PasswordResetConfirmBody } from '../http/routes/accounts/schemas.ts';
import { RESET_REQUESTED } from '../domain/accounts/password-reset-service.ts';
import { newPasswordPage, resetLinkInvalidPage, resetRequestedPage, resetRequestPage } from './password-reset-pages.ts';
import { csrfToken } from './csrf.ts';
import { sendPage } from './send-page.ts';
import { emailLinkDonePage, emailLinkPage, emailLinkRefusedPage } from './email-link-pages.ts';

/** Forms are small: the largest is the sign-up form. */
const FORM_LIMIT = 16 * 1024;

/** A field of the posted form (first value), or undefined. */
function field(request: FastifyRequest, name: string): string | undefined {
  const form = request.body;
  if (typeof form !== 'object' || form === null) return undefined;
  const value = (form as Record<string, unknown>)[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * The server-rendered pages: sign-in and sign-up (the only pages that start a browser session), and the steps of an
 * authorization request after GET /oauth/authorize (store picker, consent, the decision). Plain HTML forms, no
 * scripts; every form carries a CSRF token; every page is unframeable and not stored (src/web/send-page.ts). Signing
 * out and Connected Apps live in the dashboard (`/dashboard`), over the public API.
 */
export async function webRoutes(app: FastifyInstance, deps: WebDeps): Promise<void> {
  const { oauth, accounts, issuer, passwordReset } = deps;

  await app.register(async (scope) => {
    registerPageErrors(scope);
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT }, (_request, body, done) => {
      const form: Record<string, string> = {};
      for (const [name, value] of new URLSearchParams(body as string)) if (!(name in form)) form[name] = value;
      done(null, form);
    });
    const hidden = { schema: { hide: true } };

    // ---- sign-in and sign-up ------------------------------------------------------------------------------------

    scope.post('/sign-in', hidden, async (request, reply) => {
      const requestId = field(request, 'request');
      checkCsrf(request, readAnonymousSecret(request, issuer), PURPOSE.signIn(requestId), field(request, 'csrf'), issuer);
      const pending = requestId === undefined ? undefined : await oauth.loadAuthorization(request.ctx, requestId);
      const authorization = pending && { id: pending.request.id, clientName: pending.client.clientName, redirectUri: pending.request.redirectUri };
      const email = (field(request, 'email') ?? '').slice(0, 320);
      const next = requestId === undefined ? dashboardPath(field(request, 'next')) : undefined;
      const previous = await readBrowserSession(request, deps);
      let session: Awaited<ReturnType<typeof accounts.login>>['session'];
      try {
        ({ session } = await accounts.login(request.ctx, { email, password: (field(request, 'password') ?? '').slice(0, 256), clientAddress: request.ip }));
      } catch (error) {
        if (isAppError(error) && error.code === 'LOGIN_FAILED') {
          return showSignIn(request, reply, deps, { authorization, email, next, status: 400, error: 'The email or password is wrong. Check both and try again.' });
        }
        if (isAppError(error) && error.code === 'TOO_MANY_ATTEMPTS') {
          reply.header('retry-after', error.headers['retry-after'] ?? '60');
          return showSignIn(request, reply, deps, { authorization, email, next, status: 429, error: error.message });
        }
        throw error;
      }
      // A new session at every sign-in (the old one ends), so a session id planted before sign-in is worthless.
      if (previous) await accounts.logout(previous.ctx, previous.sessionId);
      startBrowserSession(reply, issuer, session.token, session.expiresAt, request.ctx.now);
      if (requestId !== undefined) {
        await oauth.bindAuthorization(request.ctx, requestId, session.sessionId);
        return reply.redirect(`/oauth/authorize/${encodeURIComponent(requestId)}`, 303);
      }
      return reply.redirect(next ?? '/dashboard', 303);
    });

    // The dashboard's sign-in: the same form and session rules; back to `next` (a dashboard path) afterwards.
    scope.get<{ Querystring: { next?: string; reset?: string } }>('/login', hidden, async (request, reply) => {
      const next = dashboardPath(request.query.next) ?? '/dashboard';
      if (await readBrowserSession(request, deps)) return reply.redirect(next, 303);
      const notice = request.query.reset === 'done' ? 'Your password was changed, and every other session of your account ended. Sign in with the new password.' : undefined;
      return showSignIn(request, reply, deps, { next, ...(notice ? { notice } : {}) });
    });

    // ---- password reset (docs/email.md) ------------------------------------------------------------------------

    const resetForm = (request: FastifyRequest, reply: FastifyReply, status: number, view: { email?: string; error?: string } = {}) =>
      sendPage(reply, status, resetRequestPage({ csrf: csrfToken(anonymousSecret(request, reply, issuer), PURPOSE.passwordReset), ...view }));
    const newPasswordForm = (request: FastifyRequest, reply: FastifyReply, status: number, token: string, view: { fieldError?: string; error?: string } = {}) =>
      sendPage(reply, status, newPasswordPage({ csrf: csrfToken(anonymousSecret(request, reply, issuer), PURPOSE.newPassword), token, ...view }));
    const unavailable = () => new AppError('PASSWORD_RESET_UNAVAILABLE', "Password reset is turned off on this service: ask its operator for help.");

    scope.get('/password-reset', hidden, async (request, reply) => {
      if (!passwordReset.enabled) throw unavailable();
      return resetForm(request, reply, 200);
    });

    scope.post('/password-reset', hidden, async (request, reply) => {
      if (!passwordReset.enabled) throw unavailable();
      checkCsrf(request, readAnonymousSecret(request, issuer), PURPOSE.passwordReset, field(request, 'csrf'), issuer);
      const email = (field(request, 'email') ?? '').slice(0, 400);
      const parsed = PasswordResetBody.safeParse({ email });
      if (!parsed.success) return resetForm(request, reply, 422, { email, error: `Email ${parsed.error.issues[0]?.message ?? 'is not valid'}.` });
      try {
        await passwordReset.requestLink(request.ctx, { email: parsed.data.email, clientAddress: request.ip });
      } catch (error) {
        if (isAppError(error) && error.code === 'TOO_MANY_ATTEMPTS') {
          reply.header('retry-after', error.headers['retry-after'] ?? '60');
          return resetForm(request, reply, 429, { email, error: error.message });
        }
        throw error;
      }
      return sendPage(reply, 200, resetRequestedPage({ message: RESET_REQUESTED }));
    });

    scope.get<{ Querystring: { token?: string } }>('/password-reset/new', hidden, async (request, reply) => {
      if (!passwordReset.enabled) throw unavailable();
      const token = typeof request.query.token === 'string' ? request.query.token.slice(0, 200) : '';
      if (token === '' || !(await passwordReset.isLive(request.ctx, token))) return sendPage(reply, 400, resetLinkInvalidPage());
      return newPasswordForm(request, reply, 200, token);
    });

    scope.post('/password-reset/new', hidden, async (request, reply) => {
      if (!passwordReset.enabled) throw unavailable();
      checkCsrf(request, readAnonymousSecret(request, issuer), PURPOSE.newPassword, field(request, 'csrf'), issuer);
      const token = (field(request, 'token') ?? '').slice(0, 200);
      const parsed = PasswordResetConfirmBody.safeParse({ token, password: (field(request, 'password') ?? '').slice(0, 300) });
      if (!parsed.success) {
        const issue = parsed.error.issues.find((i) => i.path[0] === 'password');
        if (!issue) return sendPage(reply, 400, resetLinkInvalidPage());
        return newPasswordForm(request, reply, 422, token, { fieldError: issue.message });
      }
      try {
        await passwordReset.complete(request.ctx, parsed.data);
      } catch (error) {
        if (isAppError(error) && error.code === 'RESET_LINK_INVALID') return sendPage(reply, 400, resetLinkInvalidPage());
        throw error;
      }
      // Every session of the account ended, this browser's too (if it had one): its cookie goes.
      endBrowserSession(reply, issuer);
      return reply.redirect('/login?reset=done', 303);
    });

    // ---- mailed links: a notification address, a new account email, its undo, an email verification ------------
    // GET only shows what the link does (a mail scanner that opens links changes nothing); the button POSTs the token,
    // which is the whole authority: no session or CSRF token is needed to use a link that reached its address.

    scope.get<{ Querystring: { token?: string } }>('/email-links/confirm', hidden, async (request, reply) => {
      const token = typeof request.query.token === 'string' ? request.query.token.slice(0, 200) : '';
      const preview = token === '' ? undefined : await deps.emailLinks.describe(request.ctx, token);
      if (!preview) return sendPage(reply, 400, emailLinkRefusedPage('It was used, it expired, or a newer request replaced it. Ask again from the dashboard.'));
      return sendPage(reply, 200, emailLinkPage({ token, preview }));
    });

    scope.post('/email-links/confirm', hidden, async (request, reply) => {
      const token = (field(request, 'token') ?? '').slice(0, 200);
      try {
        const outcome = await deps.emailLinks.confirm(request.ctx, token);
        // Undoing an email change signed every session out, this browser's too.
        if (outcome.sessionsEnded > 0) endBrowserSession(reply, issuer);
        return sendPage(reply, 200, emailLinkDonePage(outcome));
      } catch (error) {
        if (isAppError(error) && (error.code === 'EMAIL_LINK_INVALID' || error.code === 'EMAIL_TAKEN')) return sendPage(reply, 400, emailLinkRefusedPage(error.message));
        throw error;
      }
    });

    /**
     * The authorization request a sign-up continues (`request`, from the sign-in page of `/oauth/authorize`), or
     * undefined; one that expired, was answered or never existed is the same error page `/oauth/authorize/{id}` shows.
     * The browser only ever goes on to that request's page, so no address is taken from the form.
     */
    const signUpAuthorization = async (request: FastifyRequest, requestId: unknown) => {
      if (typeof requestId !== 'string' || requestId === '') return undefined;
      const { request: pending, client } = await oauth.loadAuthorization(request.ctx, requestId);
      return { id: pending.id, clientName: client.clientName, redirectUri: pending.redirectUri };
    };

    // Sign-up: the same session rules as sign-in (CSRF token, its own rate limits, a new browser session), then on to
    // the authorization request it came from, or to `next`.
    scope.get<{ Querystring: { next?: string; request?: string } }>('/signup', hidden, async (request, reply) => {
      const authorization = await signUpAuthorization(request, request.query.request);
      const next = authorization ? undefined : dashboardPath(request.query.next);
      if (await readBrowserSession(request, deps)) {
        return reply.redirect(authorization ? `/oauth/authorize/${encodeURIComponent(authorization.id)}` : (next ?? '/dashboard'), 303);
      }
      return showSignUp(request, reply, deps, { next, authorization });
    });

    scope.post('/signup', hidden, async (request, reply) => {
      const requestId = field(request, 'request');
      checkCsrf(request, readAnonymousSecret(request, issuer), PURPOSE.signUp(requestId), field(request, 'csrf'), issuer);
      return signUp(request, reply, deps, {
        name: field(request, 'name'),
        email: field(request, 'email'),
        password: field(request, 'password'),
        storeName: field(request, 'storeName'),
        next: dashboardPath(field(request, 'next')),
        authorization: await signUpAuthorization(request, requestId),
      });
    });

    // ---- the authorization request, after GET /oauth/authorize ---------------------------------------------------

    scope.get<{ Params: { requestId: string } }>('/oauth/authorize/:requestId', hidden, async (request, reply) => {
      return showAuthorizationStep(request, reply, deps, request.params.requestId, await readBrowserSession(request, deps));
    });

    scope.post<{ Params: { requestId: string } }>('/oauth/authorize/:requestId/store', hidden, async (request, reply) => {
      const { requestId } = request.params;
      const session = await readBrowserSession(request, deps);
      if (!session) return showAuthorizationStep(request, reply, deps, requestId, null);
      checkCsrf(request, session.token, PURPOSE.authorize(requestId), field(request, 'csrf'), issuer);
      await oauth.chooseStore(session.ctx, requestId, session.sessionId, field(request, 'store') ?? '');
      return reply.redirect(`/oauth/authorize/${encodeURIComponent(requestId)}`, 303);
    });

    scope.post<{ Params: { requestId: string } }>('/oauth/authorize/:requestId/decision', hidden, async (request, reply) => {
      const { requestId } = request.params;
      const session = await readBrowserSession(request, deps);
      if (!session) return showAuthorizationStep(request, reply, deps, requestId, null);
      checkCsrf(request, session.token, PURPOSE.authorize(requestId), field(request, 'csrf'), issuer);
      const decision = field(request, 'decision');
      if (decision !== 'allow' && decision !== 'deny') throw new AppError('BAD_REQUEST', 'Choose Allow or Deny.');
      const response = await oauth.decide(session.ctx, requestId, session.sessionId, decision);
      // 303, never 307: the browser must not re-post the consent form to the app (RFC 9700 §4.12).
      return reply.redirect(authorizationRedirect(response, issuer), 303);
    });

  });
}
