/**
 * Runs the official MCP conformance suite's authorization server scenarios (`@modelcontextprotocol/conformance
 * authorization`, 0.2.0-alpha.12: `authorization-server-metadata-endpoint`, with its Client ID Metadata Document check,
 * and `authorization-code-grant`) against the real authorization server on a loopback port, twice: with a client
 * registered through POST /oauth/register, and with a Client ID Metadata Document URL as client_id (served over https
 * by a loopback document server, which OAUTH_CLIENT_METADATA_ALLOW_LOOPBACK allows in this test configuration only).
 *
 * The code grant scenario prints the authorization URL and waits for a browser to come back to its callback server;
 * this script plays the merchant instead: it signs in, allows the app on the consent page, and follows the redirect to
 * the suite's callback, after which the suite redeems the code at the token endpoint itself. Exits non-zero unless
 * every check passes except those listed, with their reasons, in `scripts/oauth-conformance-expected-failures.yaml`.
 *
 *   node scripts/oauth-conformance.ts
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestApp, type TestApp } from '../test/helpers/app.ts';
import { loopbackClientMetadata, type MetadataServer, metadataDocument, startMetadataServer } from '../test/helpers/client-metadata.ts';
import { signup } from '../test/helpers/merchants.ts';
import { Browser, hiddenField, registerClient, requestIdOf, signIn } from '../test/helpers/oauth.ts';

const root = path.join(import.meta.dirname, '..');

/** How the conformance client identifies itself to the authorization server. */
export type ClientKind = 'registered' | 'metadata-document';

export interface Check {
  scenario: string;
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

export interface AuthorizationConformance {
  kind: ClientKind;
  code: number;
  output: string;
  checks: Check[];
  /** Checks that failed (or warned) though not listed as expected, and expected failures that now pass. */
  unexpected: string[];
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function readChecks(dir: string): Promise<Check[]> {
  const checks: Check[] = [];
  for (const entry of await readdir(dir, { recursive: true })) {
    if (path.basename(entry) !== 'checks.json') continue;
    // <output dir>/authorization-server-<scenario>-<timestamp>/checks.json
    const scenario = path.basename(path.dirname(entry)).replace(/^authorization-server-/, '').replace(/-\d{4}-\d{2}-\d{2}T.*$/, '');
    for (const check of JSON.parse(await readFile(path.join(dir, entry), 'utf8')) as Check[]) checks.push({ ...check, scenario });
  }
  return checks;
}

/**
 * The expected failures of one client kind (check id → reason) from the YAML file: a top-level key per client kind,
 * holding `<check id>: <reason>` lines indented under it, or `{}` for none.
 */
async function expectedFailures(kind: ClientKind): Promise<Map<string, string>> {
  const text = await readFile(path.join(root, 'scripts', 'oauth-conformance-expected-failures.yaml'), 'utf8');
  const expected = new Map<string, string>();
  let section: string | undefined;
  for (const line of text.split('\n')) {
    if (/^\s*(#|$)/.test(line)) continue;
    const top = /^([a-z-]+):/.exec(line);
    if (top) section = top[1];
    else if (section === kind) {
      const entry = /^\s+([A-Za-z0-9_-]+):\s*(.+)$/.exec(line);
      if (entry) expected.set(entry[1]!, entry[2]!);
    }
  }
  return expected;
}

/** Plays the merchant for the authorization URL the suite printed: sign-in, consent, then the redirect to its callback. */
async function approve(t: TestApp, authorizationUrl: URL, merchant: { email: string; password: string }): Promise<void> {
  const browser = new Browser(t.app);
  const page = await browser.get(`${authorizationUrl.pathname}${authorizationUrl.search}`);
  const signedIn = await signIn(browser, page, merchant);
  if (signedIn.statusCode !== 303) throw new Error(`sign-in failed: ${signedIn.statusCode} ${signedIn.body.slice(0, 300)}`);
  const consent = await browser.get(signedIn.headers.location as string);
  if (!/value="allow"/.test(consent.body)) throw new Error(`no consent page: ${consent.statusCode} ${consent.body.slice(0, 500)}`);
  const decided = await browser.post(`/oauth/authorize/${requestIdOf(consent.body)}/decision`, { csrf: hiddenField(consent.body, 'csrf'), decision: 'allow' });
  if (decided.statusCode !== 303) throw new Error(`the decision failed: ${decided.statusCode}`);
  // The suite's callback server is a real loopback listener: the browser would follow the redirect there.
  await fetch(decided.headers.location as string);
}

export async function runAuthorizationConformance(kind: ClientKind): Promise<AuthorizationConformance> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await startTestApp('sqlite', { baseUrl, config: { clientMetadata: loopbackClientMetadata() } });
  await t.app.listen({ host: '127.0.0.1', port });
  const outputDir = await mkdtemp(path.join(tmpdir(), 'oauth-conformance-'));
  let documents: MetadataServer | undefined;
  try {
    const merchant = await signup(t.app);
    const callbackPort = await freePort();
    const redirectUri = `http://127.0.0.1:${callbackPort}/callback`;
    let clientId: string;
    if (kind === 'registered') {
      clientId = (await registerClient(t.app, { client_name: 'MCP conformance suite', redirect_uris: [redirectUri] })).client_id;
    } else {
      // https, as in production; its certificate is trusted by this process (the app fetches the document from here).
      documents = await startMetadataServer({ tls: true });
      clientId = documents.url('/conformance/client.json');
      documents.serve('/conformance/client.json', { body: metadataDocument(clientId, { client_name: 'MCP conformance suite (metadata document)', redirect_uris: [redirectUri] }) });
    }
    const bin = path.join(root, 'node_modules', '.bin', 'conformance');
    const args = ['authorization', '--url', baseUrl, '--client-id', clientId, '--port', String(callbackPort), '--resource', `${baseUrl}/mcp`, '-o', outputDir];
    const child = spawn(process.execPath, [bin, ...args], { cwd: root, env: { ...process.env, NO_COLOR: '1' } });
    let output = '';
    let approval: Promise<void> | undefined;
    const onOutput = (chunk: Buffer) => {
      output += chunk;
      const printed = output.split('\n').find((line) => line.startsWith(`${baseUrl}/oauth/authorize?`));
      if (printed && !approval) {
        approval = approve(t, new URL(printed), merchant).catch((error: unknown) => {
          output += `\n[oauth-conformance] could not approve the authorization: ${(error as Error).message}\n`;
          child.kill();
        });
      }
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', onOutput);
    const timer = setTimeout(() => child.kill(), 60_000);
    const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
    clearTimeout(timer);
    await approval;

    const checks = await readChecks(outputDir);
    const expected = await expectedFailures(kind);
    const unexpected: string[] = [];
    for (const check of checks) {
      const bad = check.status === 'FAILURE' || check.status === 'WARNING';
      if (bad && !expected.has(check.id)) unexpected.push(`${check.scenario} › ${check.id}: ${check.status} ${check.errorMessage ?? ''}`.trim());
      if (!bad && check.status === 'SUCCESS' && expected.has(check.id)) unexpected.push(`${check.scenario} › ${check.id} passes now: remove it from the expected failures`);
    }
    for (const id of expected.keys()) if (!checks.some((c) => c.id === id)) unexpected.push(`${id} is expected to fail but did not run`);
    if (checks.length === 0) unexpected.push('no results were written');
    return { kind, code, output, checks, unexpected };
  } finally {
    await documents?.close();
    await rm(outputDir, { recursive: true, force: true });
    await t.close();
  }
}

if (import.meta.main) {
  let failed = false;
  for (const kind of ['registered', 'metadata-document'] as const) {
    const result = await runAuthorizationConformance(kind);
    process.stdout.write(`\n##### client: ${kind}\n${result.output}\n`);
    for (const check of result.checks) process.stdout.write(`  ${check.status.padEnd(8)} ${check.scenario} › ${check.id}\n`);
    if (result.unexpected.length > 0) {
      failed = true;
      process.stdout.write(`Unexpected:\n${result.unexpected.map((u) => `  - ${u}`).join('\n')}\n`);
    } else {
      process.stdout.write('Baseline check passed: every check passes except the documented ones.\n');
    }
  }
  process.exit(failed ? 1 : 0);
}
