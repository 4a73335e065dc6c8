import type { FastifyReply } from 'fastify';

/**
 * Headers for every HTML page we render: no framing (clickjacking), no third-party anything, no referrer leaks.
 * `styleHashes` are the CSP hashes of the page's inline <style> blocks.
 */
export function setPageSecurityHeaders(reply: FastifyReply, styleHashes: string[] = []): FastifyReply {
  return reply.headers({
    'content-security-policy': [
      "default-src 'none'",
      `style-src ${styleHashes.length > 0 ? styleHashes.join(' ') : "'none'"}`,
      "img-src 'self'",
      "form-action 'self'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
  });
}
