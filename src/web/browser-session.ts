import { randomBytes } from 'node:crypto';
import type { EmailLinkService } from '../domain/email/email-link-service.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserContext } from '../context.ts';
import type { AccountService } from '../domain/accounts/account-service.ts';
import type { AuthService } from '../domain/accounts/auth-service.ts';
import type { User } from '../domain/accounts/types.ts';
import type { OAuthService } from '../domain/oauth/oauth-service.ts';
import type { PasswordResetService } from '../domain/accounts/password-reset-service.ts';
import { isAppError } from '../errors.ts';
import { readCookie, setCookie } from './cookies.ts';

/** What the pages need: the services behind them and the issuer (the service's public origin). */
export interface WebDeps {
  auth: AuthService;
  accounts: AccountService;
  oauth: OAuthService;
  passwordReset: PasswordResetService;
  emailLinks: EmailLinkService;
  issuer: string;
}

/** A merchant signed in to the pages with the session cookie. */
export interface BrowserSession {
  /** The session token (the cookie value); CSRF tokens of signed-in forms derive from it. */
  token: string;
  sessionId: string;
  user: User;
  ctx: UserContext;
}

/** Cookie names: `__Host-` prefixed (and Secure) when the service is on https. */
export function cookieNames(issuer: string): { session: string; csrf: string; secure: boolean } {
  const secure = issuer.startsWith('https:');
  return secure ? { session: '__Host-cs_session', csrf: '__Host-cs_csrf', secure } : { session: 'cs_session', csrf: 'cs_csrf', secure };
}

/**
 * The merchant signed in with the session cookie, or null. A stale or revoked cookie is just "signed out"; a
 * database failure propagates (the page answers 503).
 */
export async function readBrowserSession(request: FastifyRequest, deps: Pick<WebDeps, 'auth' | 'issuer'>): Promise<BrowserSession | null> {
  const token = readCookie(request.headers.cookie, cookieNames(deps.issuer).session);
  if (token === undefined) return null;
  try {
    const principal = await deps.auth.authenticate(request.ctx, { bearer: token });
    if (principal.kind !== 'session') return null;
    return { token, sessionId: principal.sessionId, user: principal.user, ctx: deps.auth.userContext(request.ctx, principal) };
  } catch (error) {
    if (isAppError(error) && error.status === 401) return null;
    throw error;
  }
}

export function startBrowserSession(reply: FastifyReply, issuer: string, token: string, expiresAt: Date, now: Date): void {
  const names = cookieNames(issuer);
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  reply.header('set-cookie', setCookie(names.session, token, { secure: names.secure, maxAgeSeconds: maxAge }));
}

export function endBrowserSession(reply: FastifyReply, issuer: string): void {
  const names = cookieNames(issuer);
  reply.header('set-cookie', setCookie(names.session, 'deleted', { secure: names.secure, maxAgeSeconds: 0 }));
}

/**
 * The secret the sign-in form's CSRF token derives from (before there is a session): a random cookie, set on first
 * use for the browser session.
 */
export function anonymousSecret(request: FastifyRequest, reply: FastifyReply, issuer: string): string {
  const names = cookieNames(issuer);
  const existing = readCookie(request.headers.cookie, names.csrf);
  if (existing !== undefined && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const secret = randomBytes(32).toString('base64url');
  reply.header('set-cookie', setCookie(names.csrf, secret, { secure: names.secure }));
  return secret;
}

export function readAnonymousSecret(request: FastifyRequest, issuer: string): string | undefined {
  return readCookie(request.headers.cookie, cookieNames(issuer).csrf);
}
