import type { FastifyReply } from 'fastify';

/**
 * Headers for every HTML page we render: no framing (clickjacking), no third-party anything, no referrer leaks.
 * `styleHashes` are the CSP hashes of the page's inline <style> blocks. `formActions` are origins a form of the page
 * may end up at besides our own: browsers apply form-action to the redirects after a submission too (an OAuth
 * consent form ends at the app's redirect URI).
 */
export function setPageSecurityHeaders(reply: FastifyReply, styleHashes: string[] = [], formActions: string[] = []): FastifyReply {
  return reply.headers({
    'content-security-policy': [
      "default-src 'none'",
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
