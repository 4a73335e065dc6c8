/**
 * Serves the built storefront (dist/) as any static host would, plus /storefront.json (where the API is and the
 * publishable key). Paths that are not files answer index.html, so /products/…, /cart and /confirmation load the app.
 * The page runs under a strict Content-Security-Policy: its own scripts and styles, and connections to the API only.
 */
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { STOREFRONT_DIST } from './build.ts';

export interface StorefrontSettings {
  apiUrl: string;
  publishableKey: string;
  storeName?: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
};

export async function serveStorefront(options: { port?: number; host?: string; settings: () => StorefrontSettings }): Promise<{ origin: string; server: Server; close(): Promise<void> }> {
  const csp = (api: string) =>
    [`default-src 'self'`, `connect-src 'self' ${new URL(api).origin}`, `img-src 'self' blob:`, `style-src 'self'`, `base-uri 'none'`, `form-action 'self'`, `frame-ancestors 'none'`, `object-src 'none'`].join('; ');
  const server = createServer(async (req, res) => {
    const settings = options.settings();
    const headers = { 'content-security-policy': csp(settings.apiUrl), 'x-content-type-options': 'nosniff', 'referrer-policy': 'strict-origin-when-cross-origin' };
    const url = new URL(req.url ?? '/', 'http://storefront');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
      return;
    }
    if (url.pathname === '/storefront.json') {
      res.writeHead(200, { ...headers, 'content-type': TYPES['.json'], 'cache-control': 'no-store' }).end(JSON.stringify(settings));
      return;
    }
    const file = path.join(STOREFRONT_DIST, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
    const inside = file.startsWith(STOREFRONT_DIST + path.sep);
    const isFile = inside && (await stat(file).catch(() => null))?.isFile();
    if (!isFile && path.extname(url.pathname)) {
      res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const served = isFile ? file : path.join(STOREFRONT_DIST, 'index.html');
    const body = await readFile(served).catch(() => null);
    if (!body) {
      res.writeHead(503, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end('The storefront is not built: npm run build:storefront');
      return;
    }
    const immutable = served.includes(`${path.sep}assets${path.sep}`);
    res
      .writeHead(200, { ...headers, 'content-type': TYPES[path.extname(served)] ?? 'application/octet-stream', 'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache' })
      .end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${options.host === 'localhost' ? 'localhost' : '127.0.0.1'}:${port}`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
