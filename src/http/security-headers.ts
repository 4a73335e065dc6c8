import type { FastifyReply } from 'fastify';

/** Sources a page allows beyond none, per directive: only the pay page's provider script needs any (docs/payments.md). */
export interface PageSources {
  script?: string[];
  frame?: string[];
  connect?: string[];
}

/**
 * Headers for every HTML page we render: no framing (clickjacking), no third-party anything, no referrer leaks.
 * `styleHashes` are the CSP hashes of the page's inline <style> blocks. `formActions` are origins a form of the page
 * may end up at besides our own: browsers apply form-action to the redirects after a submission too (an OAuth
 * consent form ends at the app's redirect URI).
 */
export function setPageSecurityHeaders(reply: FastifyReply, styleHashes: string[] = [], formActions: string[] = [], sources: PageSources = {}): FastifyReply {
  return reply.headers({
    'content-security-policy': [
      "default-src 'none'",
      ...(sources.script ? [`script-src ${sources.script.join(' ')}`] : []),
      ...(sources.frame ? [`frame-src ${sources.frame.join(' ')}`] : []),
      ...(sources.connect ? [`connect-src ${sources.connect.join(' ')}`] : []),
      `style-src ${styleHashes.length > 0 ? styleHashes.join(' ') : "'none'"}`,
      "img-src 'self'",
      ["form-action 'self'", ...formActions].join(' '),
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  });
}
