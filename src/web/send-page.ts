import type { FastifyReply } from 'fastify';
import { type PageSources, setPageSecurityHeaders } from '../http/security-headers.ts';
import { PAGE_STYLE_HASH } from './layout.ts';

/**
 * Sends a page with the headers every sign-in, consent and dashboard page carries: CSP (no framing, no scripts,
 * hashed style), X-Frame-Options DENY, Referrer-Policy no-referrer, Cache-Control no-store.
 */
export function sendPage(reply: FastifyReply, status: number, document: string, options: { formActions?: string[]; sources?: PageSources } = {}): FastifyReply {
  setPageSecurityHeaders(reply, [PAGE_STYLE_HASH], options.formActions ?? [], options.sources);
  return reply.code(status).header('cache-control', 'no-store').header('pragma', 'no-cache').type('text/html; charset=utf-8').send(document);
}

/** The origin of an app's redirect URI, for form-action. */
export function originOf(uri: string): string {
  return new URL(uri).origin;
}
