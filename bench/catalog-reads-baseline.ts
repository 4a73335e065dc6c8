/**
 * Baseline for bench/catalog-reads.ts: a bare `node:http` server answering the two catalog reads from memory, with no
 * framework and no database: the ceiling the app's `GET /v2/products?limit=50` and `GET /v2/products/{id}` are
 * compared with in the same run.
 *
 *   GET /products?limit=N    the first N products (default 50, at most 100), in the app's list order
 *   GET /products/{slug}     one product
 *
 * Each answer is built and serialized per request (`JSON.stringify` of the product objects in the app's envelope), as
 * a server that keeps its catalog in memory would; no ETag, no validation, no authentication. Anything else: 404.
 *
 * With FLOOR_DATABASE_URL (a PostgreSQL URL) it is the **one-statement floor** instead: before answering, each request
 * sends PostgreSQL one trivial statement (`select $1::text`, a pool of 10 connections, as the app's) and waits for it.
 * No server that asks the database anything per request (as one must to show, on every instance, what was written a
 * moment ago) can beat it on the same core; its ratio to the baseline bounds the app's uncached path from above.
 *
 * Usage (started by bench/catalog-reads.ts, not meant to be run by hand):
 *   node bench/catalog-reads-baseline.ts <catalog.json>
 * where catalog.json is the array of products (each with its variant groups and SKUs) exactly as the app's
 * `GET /v2/products` pages returned them, in order. Env: HOST, PORT (bench/lib/serve.ts).
 */
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import pg from 'pg';
import { serveUntilStdinCloses } from './lib/serve.ts';

const [catalogFile] = process.argv.slice(2);
if (catalogFile === undefined) {
  process.stderr.write('usage: node bench/catalog-reads-baseline.ts <catalog.json>\n');
  process.exit(2);
}

const products = JSON.parse(readFileSync(catalogFile, 'utf8')) as Array<{ id: string; slug: string }>;
const bySlug = new Map(products.map((p) => [p.slug, p]));

function send(response: ServerResponse, status: number, payload: unknown): void {
  const body = JSON.stringify(payload);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

const floorUrl = process.env.FLOOR_DATABASE_URL;
const pool = floorUrl ? new pg.Pool({ connectionString: floorUrl, max: 10 }) : undefined;

const server = createServer((request, response) => {
  if (pool === undefined) return answer(request.method, request.url, response);
  pool.query('select $1::text', [request.url ?? '/']).then(
    () => answer(request.method, request.url, response),
    (error: Error) => send(response, 500, { status: false, message: error.message }),
  );
});

function answer(method: string | undefined, requestUrl: string | undefined, response: ServerResponse): void {
  const url = new URL(requestUrl ?? '/', 'http://baseline');
  if (method === 'GET' && url.pathname === '/products') {
    const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 50) || 50));
    const data = products.slice(0, limit);
    const nextCursor = limit < products.length ? data.at(-1)!.id : null;
    send(response, 200, { status: true, message: 'Products retrieved', data, pagination: { limit, nextCursor, hasMore: nextCursor !== null } });
    return;
  }
  const product = method === 'GET' && url.pathname.startsWith('/products/') ? bySlug.get(url.pathname.slice('/products/'.length)) : undefined;
  if (product === undefined) send(response, 404, { status: false, message: 'Not found' });
  else send(response, 200, { status: true, message: 'Product retrieved', data: product });
}

serveUntilStdinCloses(server, 'catalog baseline');
