/**
 * Baseline for bench/countries.ts: a bare `node:http` server that answers every request with the same static bytes
 * and headers (status 200), whatever the method, path or request headers. It is the upper bound the app's
 * GET /v1/countries is compared with in the same run.
 *
 * Usage (started by bench/countries.ts, not meant to be run by hand):
 *   node bench/raw-server.ts <body-file> <content-type> <etag>
 * Env: PORT (default 0, i.e. any free port), HOST (default 127.0.0.1).
 * Prints "raw server is listening on http://HOST:PORT" when ready. Exits on SIGTERM/SIGINT, and when its stdin
 * closes (so it does not outlive the benchmark that started it, even if that one is killed).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { serveUntilStdinCloses } from './lib/serve.ts';

const [bodyFile, contentType, etag] = process.argv.slice(2);
if (bodyFile === undefined || contentType === undefined || etag === undefined) {
  process.stderr.write('usage: node bench/raw-server.ts <body-file> <content-type> <etag>\n');
  process.exit(2);
}

const body = readFileSync(bodyFile);
const headers = {
  'content-type': contentType,
  etag,
  'cache-control': 'no-cache, private',
  'content-length': String(body.length),
};

const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});

serveUntilStdinCloses(server, 'raw server');
