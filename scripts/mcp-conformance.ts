/**
 * Runs the official MCP conformance suite (`@modelcontextprotocol/conformance server`) against the real app on a
 * loopback port. The suite cannot send credentials, so a small loopback proxy in front of the app adds an API key of
 * a freshly signed-up store (and passes Host through, so the DNS-rebinding scenario is real). Exits non-zero unless
 * every scenario passes except those listed in `scripts/mcp-conformance-expected-failures.yaml`.
 *
 *   node scripts/mcp-conformance.ts            (npm run conformance)
 */
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startTestApp } from '../test/helpers/app.ts';
import { createApiKey, signup } from '../test/helpers/merchants.ts';

const root = path.join(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function runConformance(): Promise<{ code: number; output: string }> {
  const port = await freePort();
  const t = await startTestApp('sqlite', { baseUrl: `http://127.0.0.1:${port}` });
  await t.app.listen({ host: '127.0.0.1', port });
  const merchant = await signup(t.app);
  const { key } = await createApiKey(t.app, merchant, { name: 'conformance' });
  const proxy = createServer((req, res) => {
    const upstream = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: { ...req.headers, 'x-merchantapikey': key } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxyPort = (proxy.address() as AddressInfo).port;
  try {
    const bin = path.join(root, 'node_modules', '.bin', 'conformance');
    const args = ['server', '--url', `http://127.0.0.1:${proxyPort}/mcp`, '--expected-failures', path.join(root, 'scripts', 'mcp-conformance-expected-failures.yaml')];
    const child = spawn(process.execPath, [bin, ...args], { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
    return { code, output };
  } finally {
    await new Promise((resolve) => proxy.close(resolve));
    await t.close();
  }
}

if (import.meta.main) {
  const { code, output } = await runConformance();
  process.stdout.write(output);
  process.exit(code);
}
