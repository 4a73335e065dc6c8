/**
 * Latency and throughput of the AI connector over HTTP: `tools/list` and a read tool call (`list_products`, 20 of 200
 * products), each with autocannon against the real app on a loopback port (SQLite, one process), with an API key.
 * autocannon runs as a child process (its own event loop, as in bench/countries.ts). Results go to bench/mcp.md.
 *
 *   node bench/mcp.ts [seconds=10] [connections=10]
 */
import path from 'node:path';
import { startTestApp } from '../test/helpers/app.ts';
import { createApiKey, signup } from '../test/helpers/merchants.ts';

const AUTOCANNON = path.join(import.meta.dirname, '..', 'node_modules', 'autocannon', 'autocannon.js');
const seconds = Number(process.argv[2] ?? 10);
const connections = Number(process.argv[3] ?? 10);

const t = await startTestApp('sqlite', { baseUrl: 'http://127.0.0.1:3917' });
await t.app.listen({ host: '127.0.0.1', port: 3917 });
const merchant = await signup(t.app);
const { key } = await createApiKey(t.app, merchant, { name: 'bench' });
for (let i = 0; i < 200; i++) {
  await t.app.inject({ method: 'POST', url: '/v1/products', headers: merchant.auth, payload: { type: 'SIMPLE', name: `Bench product ${i}`, price: 10 + i, quantityInStock: 5 } });
}

// toolsets=all: the full list, as measured before the default list existed (bench/mcp-discovery.ts measures that one).
const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', 'x-merchantapikey': key, 'mcp-toolsets': 'all' };
const modern = { ...headers, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/list' };
const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
const cases: Record<string, { body: unknown; headers: Record<string, string> }> = {
  'tools/list': { body: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers },
  'tools/list (2026-07-28)': { body: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } }, headers: modern },
  'tools/call list_products': { body: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_products', arguments: { limit: 20 } } }, headers },
};

// Each case answers what it should before it is timed.
for (const [name, { body, headers: sent }] of Object.entries(cases)) {
  const res = await fetch('http://127.0.0.1:3917/mcp', { method: 'POST', headers: sent, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== 200 || !/"result"/.test(text) || /"isError":true/.test(text)) throw new Error(`${name}: ${res.status} ${text.slice(0, 300)}`);
}

console.log(`| Request | Connections | Requests/s (mean) | Median latency | p99 latency | Non-2xx |`);
console.log(`|---|---|---|---|---|---|`);
for (const [name, { body, headers: sent }] of Object.entries(cases)) {
  const args = [AUTOCANNON, '-j', '-c', String(connections), '-d', String(seconds), '-m', 'POST', '-b', JSON.stringify(body)];
  for (const [h, v] of Object.entries(sent)) args.push('-H', `${h}=${v}`);
  args.push('http://127.0.0.1:3917/mcp');
  const result = JSON.parse(await runAsync(args));
  console.log(`| ${name} | ${connections} | ${Math.round(result.requests.average)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${result.non2xx} |`);
}
await t.close();

/** autocannon in a child process while this process keeps serving. */
function runAsync(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    import('node:child_process').then(({ execFile }) =>
      execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
    );
  });
}
