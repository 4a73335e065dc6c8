import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * The CSRF token of a form: an HMAC of the form's purpose (which names the authorization request, if any) keyed with
 * the browser's secret (the session token once signed in, a random cookie before). A token from another session or
 * another request does not verify (RFC 6749 §10.12).
 */
export function csrfToken(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url');
}

/**
 * Refuses a form POST (403 CSRF_TOKEN_INVALID) that comes from another site (Sec-Fetch-Site, or an Origin other than
 * ours) or does not carry the token for this secret and purpose. Our pages send `Referrer-Policy: no-referrer`, so
 * browsers send `Origin: null` with their forms; the token is what always counts.
 */
export function checkCsrf(request: FastifyRequest, secret: string | undefined, purpose: string, sent: string | undefined, issuer: string): void {
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  // Our origin is BASE_URL's, or the one the browser used to reach us (it cannot be chosen by another site).
  const ours = typeof origin === 'string' && (origin === 'null' || origin === new URL(issuer).origin || origin === `${request.protocol}://${request.host}`);
  const crossSite = (typeof site === 'string' && site !== 'same-origin' && site !== 'none') || (typeof origin === 'string' && !ours);
  let valid = false;
  if (!crossSite && secret !== undefined && sent !== undefined) {
    const want = Buffer.from(csrfToken(secret, purpose));
    const got = Buffer.from(sent);
    valid = want.length === got.length && timingSafeEqual(want, got);
  }
  if (!valid) {
    throw new AppError('CSRF_TOKEN_INVALID', 'This form has expired or did not come from this site. Go back, reload the page and try again.');
  }
}
