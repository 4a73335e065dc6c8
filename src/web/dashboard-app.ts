import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { errorPage } from './error-page.ts';
import { sendPage } from './send-page.ts';

/** Where `npm run build:dashboard` (and `npm start`, when the sources changed) puts the built dashboard. */
export const DASHBOARD_DIST = path.join(import.meta.dirname, '..', '..', 'dashboard', 'dist');

/**
 * The dashboard's pages may run their own scripts and styles, and talk to this origin only; nothing else (no CDN, no
 * third party), never framed (clickjacking), no referrer beyond this site.
 */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

function secure(reply: FastifyReply): FastifyReply {
  return reply.headers({ 'content-security-policy': CSP, 'x-frame-options': 'DENY', 'referrer-policy': 'same-origin', 'x-content-type-options': 'nosniff' });
}

/** A built file: under `assets/` (hashed names) or at the top of dist (favicon); never a dotfile, nor a precompressed copy. */
const ASSET = /^(?:assets\/)?[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const PRECOMPRESSED = /\.(?:br|gz)$/;
/** Hashed names change with their content, so they may be kept for a year. */
const HASHED = /^assets\//;

/**
 * The merchant dashboard (docs/dashboard.md): a single-page app built into `dashboard/dist`, served at `/dashboard`.
 * Hashed assets are cached for a year (immutable), and sent precompressed (brotli or gzip, made at build time) to a
 * browser that accepts it; every other path under `/dashboard/` answers the app's
 * `index.html` (revalidated each time), so deep links work on reload and the app shows its own not-found view; every
 * page under `/dashboard/` is the app's (Connected Apps, once a server page at `/dashboard/connected-apps`, is now the
 * app's page at the same address).
 */
export async function dashboardAppRoutes(app: FastifyInstance, options: { distDir?: string } = {}): Promise<void> {
  const root = options.distDir ?? DASHBOARD_DIST;
  // `preCompressed`: the build wrote `.br` and `.gz` beside each text file (src/dashboard-build.ts); the one the
  // request's Accept-Encoding prefers is sent with Content-Encoding (brotli first), else the file as it is, always
  // with `Vary: Accept-Encoding` so a shared cache keeps them apart. Nothing is compressed per request.
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });
  const hidden = { schema: { hide: true } };

  const index = (reply: FastifyReply) => {
    if (!existsSync(path.join(root, 'index.html'))) {
      return sendPage(
        reply,
        503,
        errorPage('The dashboard is not built', 'Build it with npm run build:dashboard (npm start does it by itself when the dashboard sources change), then reload.'),
      );
    }
    return secure(reply).header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  };

  app.get('/dashboard', hidden, async (_request, reply) => index(reply));
  app.get<{ Params: { '*': string } }>('/dashboard/*', hidden, async (request, reply) => {
    const rest = request.params['*'];
    if (ASSET.test(rest) && !PRECOMPRESSED.test(rest) && rest !== 'index.html' && existsSync(path.join(root, rest))) {
      return secure(reply).sendFile(rest, HASHED.test(rest) ? { immutable: true, maxAge: '365d' } : { maxAge: '1d' });
    }
    return index(reply);
  });
}
