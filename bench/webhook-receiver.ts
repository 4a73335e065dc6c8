/**
 * The loopback webhook receiver of bench/webhooks.ts: a bare `node:http` server that reads each POST's body and answers
 * 200 `ok` at once (no signature check, no work), as the fastest receiver a merchant could run. It counts requests,
 * body bytes and the TCP connections they came on; `GET /stats` answers them as JSON (and is not counted). Prints
 * "receiver is listening on http://127.0.0.1:PORT" and exits when its stdin closes (it never outlives the benchmark).
 *
 *   node bench/webhook-receiver.ts
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

let requests = 0;
let bodyBytes = 0;
let connections = 0;
/** The connections that carried a delivery (`GET /stats` does not count). */
const seen = new WeakSet<object>();

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/stats') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ requests, bodyBytes, connections }));
    return;
  }
  if (!seen.has(request.socket)) {
    seen.add(request.socket);
    connections += 1;
  }
  request.on('data', (chunk: Buffer) => {
    bodyBytes += chunk.length;
  });
  request.on('end', () => {
    requests += 1;
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
    response.end('ok');
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`receiver is listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
