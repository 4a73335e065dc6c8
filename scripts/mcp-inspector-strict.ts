/**
 * Runs the MCP Inspector's portability check (`mcp-inspector --cli … --method tools/list --strict`) against the real
 * app on a loopback port, on the default list and on `toolsets=all`, with an API key of a fresh store. The Inspector is
 * not a dependency of this repository (it brings a web UI, its server and native modules): install it anywhere
 * (`npm install --prefix /tmp/inspector @modelcontextprotocol/inspector@2.12.0`) and pass its binary. Exits non-zero
 * when the Inspector reports any warning or error. test/mcp-tools.test.ts holds the same rule in CI.
 *
 *   node scripts/mcp-inspector-strict.ts /tmp/inspector/node_modules/.bin/mcp-inspector
 */
import { execFile } from 'node:child_process';
import { startTestApp } from '../test/helpers/app.ts';
import { createApiKey, signup } from '../test/helpers/merchants.ts';

const bin = process.argv[2];
if (!bin) {
  console.error('usage: node scripts/mcp-inspector-strict.ts <path to mcp-inspector>');
  process.exit(2);
}
const port = 3933;
const t = await startTestApp('sqlite', { baseUrl: `http://127.0.0.1:${port}` });
await t.app.listen({ host: '127.0.0.1', port });
const { key } = await createApiKey(t.app, await signup(t.app), { name: 'inspector' });
let failed = false;
for (const query of ['', '?toolsets=all']) {
  const url = `http://127.0.0.1:${port}/mcp${query}`;
  // Async: the app answers on this process's event loop while the Inspector runs.
  const run = await new Promise<{ status: number; stderr: string }>((resolve) => {
    const args = [bin, '--cli', url, '--transport', 'http', '--header', `X-MerchantApiKey: ${key}`, '--method', 'tools/list', '--strict'];
    execFile(process.execPath, args, { maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) =>
      resolve({ status: error ? Number((error as { code?: unknown }).code ?? 1) : 0, stderr }),
    );
  });
  const summary = run.stderr.trim().split('\n').at(-1) || 'no portability problem reported';
  console.log(`${url}: exit ${run.status}; ${summary}`);
  if (run.status !== 0 || run.stderr.trim() !== '') failed = true;
}
await t.close();
process.exit(failed ? 1 : 0);
