import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import type { DatabaseKind } from './databases.ts';
import { startTestApp, type TestApp } from './app.ts';

/** Debian's chromium (CHROMIUM_PATH overrides). Never a downloaded browser. */
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim() || undefined;
    } catch {
      // not installed under this name
    }
  }
  return undefined;
}

/** Why browser tests cannot run here, or undefined when they can. In CI a missing browser is a failure, not a skip. */
export function browserUnavailable(): string | undefined {
  if (chromiumPath()) return undefined;
  if (process.env.CI) throw new Error('CI is set but chromium is not installed (apt-get install -y chromium).');
  return 'chromium is not installed (apt-get install -y chromium)';
}

/** Headless Chromium with a fresh profile; `javaScriptEnabled: false` to check pages work without scripts. */
export async function launchChromium(options: { javaScriptEnabled?: boolean } = {}): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: chromiumPath()!,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: { width: 1100, height: 800 },
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The real app listening on a loopback port, with BASE_URL (the issuer) equal to its real origin; `options` as for startTestApp. */
export async function startListeningApp(kind: DatabaseKind, options: Omit<NonNullable<Parameters<typeof startTestApp>[1]>, 'baseUrl'> = {}): Promise<TestApp & { baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await startTestApp(kind, { ...options, baseUrl });
  await t.app.listen({ host: '127.0.0.1', port });
  return { ...t, baseUrl };
}

/**
 * A stand-in for a connected app's web server: records what arrives at /callback, and serves /frame?src=… (a page on
 * another origin that tries to frame a URL).
 */
export async function startAppServer(): Promise<{ origin: string; redirectUri: string; callbacks: URL[]; close(): Promise<void> }> {
  const callbacks: URL[] = [];
  let origin = '';
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/callback') {
      callbacks.push(url);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>App</title><h1>Connected</h1>');
      return;
    }
    if (url.pathname === '/frame') {
      const src = (url.searchParams.get('src') ?? '').replaceAll('"', '&quot;');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Framer</title><iframe id="victim" src="${src}" width="800" height="600"></iframe>`);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    redirectUri: `${origin}/callback`,
    callbacks,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
