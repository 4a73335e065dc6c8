import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { ensureDashboardBuilt } from '../src/dashboard-build.ts';
import { DASHBOARD_DIST } from '../src/web/dashboard-app.ts';
import { startTestApp } from './helpers/app.ts';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { assertAccessible, signInToDashboard } from './helpers/dashboard.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient, type Merchant, signup } from './helpers/merchants.ts';

const skip = browserUnavailable();

/** The initial JS and CSS of the built dashboard (what index.html loads), gzipped. */
function initialBytes(): { files: string[]; gzipped: number } {
  const html = readFileSync(path.join(DASHBOARD_DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/dashboard\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const gzipped = files.reduce((sum, file) => sum + gzipSync(readFileSync(path.join(DASHBOARD_DIST, file))).length, 0);
  return { files, gzipped };
}

describe('the built dashboard', () => {
  before(async () => {
    await ensureDashboardBuilt();
  });

  it('loads at most 200 KB (gzipped) of JS and CSS before its first page, later pages in their own chunks', () => {
    const { files, gzipped } = initialBytes();
    assert.ok(files.some((f) => f.endsWith('.js')), `index.html loads a script: ${files}`);
    assert.ok(gzipped <= 200 * 1024, `${gzipped} bytes gzipped`);
    const html = readFileSync(path.join(DASHBOARD_DIST, 'index.html'), 'utf8');
    assert.doesNotMatch(html, /<script>(?!<\/script>)|<style>|https?:\/\//, 'no inline code, nothing from another origin');
  });

  it('sends its files precompressed as the browser accepts (brotli, else gzip, else as they are), hashed ones cached for a year', async () => {
    const t = await startTestApp('sqlite');
    try {
      const { files } = initialBytes();
      const script = files.find((f) => f.endsWith('.js'))!;
      const raw = readFileSync(path.join(DASHBOARD_DIST, script));
      const get = (url: string, acceptEncoding?: string) => t.app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

      const br = await get(`/dashboard/${script}`, 'gzip, deflate, br, zstd');
      assert.equal(br.statusCode, 200);
      assert.equal(br.headers['content-encoding'], 'br');
      assert.match(String(br.headers['content-type']), /javascript/);
      assert.match(String(br.headers.vary), /accept-encoding/i);
      assert.match(String(br.headers['cache-control']), /max-age=31536000/);
      assert.match(String(br.headers['cache-control']), /immutable/);
      assert.ok(br.rawPayload.length < raw.length / 2, `${br.rawPayload.length} of ${raw.length} bytes`);
      assert.deepEqual(brotliDecompressSync(br.rawPayload), raw, 'the same bytes once decoded');

      const gz = await get(`/dashboard/${script}`, 'gzip');
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.deepEqual(gunzipSync(gz.rawPayload), raw);
      assert.match(String(gz.headers.vary), /accept-encoding/i);

      const plain = await get(`/dashboard/${script}`);
      assert.equal(plain.headers['content-encoding'], undefined);
      assert.deepEqual(plain.rawPayload, raw);
      assert.match(String(plain.headers.vary), /accept-encoding/i, 'a cache keeps the encodings apart');
      assert.equal((await get(`/dashboard/${script}`, 'identity')).headers['content-encoding'], undefined);

      // index.html: compressed too, revalidated every time, with its security headers.
      const index = await get('/dashboard/orders', 'br');
      assert.equal(index.headers['content-encoding'], 'br');
      assert.equal(index.headers['cache-control'], 'no-cache');
      assert.match(String(index.headers['content-security-policy']), /script-src 'self'/);
      assert.match(brotliDecompressSync(index.rawPayload).toString(), /<div id="root">/);

      // The precompressed copies are not addresses of their own.
      const copy = await get(`/dashboard/${script}.br`);
      assert.equal(copy.headers['cache-control'], 'no-cache', 'the app’s index.html, not the copy');
      assert.match(copy.body, /<!doctype html>/i);
    } finally {
      await t.close();
    }
  });
});

describe('the dashboard over the wire', () => {
  it('transfers at most 200 KB (compressed, as Chromium received it, headers included) to show the overview to a signed-in merchant with an empty cache', { skip }, async () => {
    await ensureDashboardBuilt();
    const t = await startListeningApp('sqlite');
    const chromium = await launchChromium();
    try {
      const merchant = await signup(t.app, { storeName: 'Wire Outfitters' });
      // Signed in once, then an empty browser cache: what a returning merchant's first visit after a deploy costs.
      const signIn = await chromium.context.newPage();
      await signIn.goto(`${t.baseUrl}/dashboard`);
      await signInToDashboard(signIn, merchant);
      await signIn.getByTestId('summary').waitFor();
      await (await chromium.context.newCDPSession(signIn)).send('Network.clearBrowserCache');
      await signIn.close();
      const page = await chromium.context.newPage();
      const responses: Array<Promise<{ path: string; type: string; encoding: string | undefined; status: number; body: number; headers: number }>> = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname !== '/dashboard' && !url.pathname.startsWith('/dashboard/')) return;
        responses.push(
          response.request().sizes().then((sizes) => ({
            path: url.pathname,
            type: response.request().resourceType(),
            encoding: response.headers()['content-encoding'],
            status: response.status(),
            body: sizes.responseBodySize,
            headers: sizes.responseHeadersSize,
          })),
        );
      });
      await page.goto(`${t.baseUrl}/dashboard`);
      await page.getByTestId('summary').waitFor();
      await page.waitForLoadState('networkidle');
      const seen = await Promise.all(responses);
      assert.ok(seen.every((r) => r.status === 200 && r.body > 0), `every file was transferred: ${JSON.stringify(seen)}`);
      const scripts = seen.filter((r) => r.type === 'script' || r.type === 'stylesheet');
      assert.ok(scripts.length >= 2 && scripts.every((r) => r.encoding === 'br'), `scripts and styles sent as brotli: ${JSON.stringify(scripts)}`);
      const total = seen.reduce((sum, r) => sum + r.body + r.headers, 0);
      const bodies = seen.reduce((sum, r) => sum + r.body, 0);
      process.stderr.write(`dashboard on the wire to the overview: ${seen.length} responses, ${bodies} B of bodies, ${total} B with headers\n${seen.map((r) => `  ${r.path} ${r.encoding ?? 'identity'} ${r.body} B`).join('\n')}\n`);
      assert.ok(total <= 200 * 1024, `${total} bytes on the wire`);
      await page.close();
    } finally {
      await chromium.close();
      await t.close();
    }
  });
});

describeEachDatabase('the merchant dashboard in Chromium', (kind) => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;
  let first: Merchant;
  let firstStores: string[];
  let second: Merchant;

  before(async () => {
    if (skip) return;
    await ensureDashboardBuilt();
    t = await startListeningApp(kind);
    chromium = await launchChromium();
    context = chromium.context;
    const call = jsonClient(t.app);
    first = await signup(t.app, { storeName: 'Northwind Outfitters' });
    await call('POST', '/v1/stores', { headers: first.auth, body: { name: 'Contoso Electronics', currency: 'EUR', timezone: 'Europe/Berlin' } });
    firstStores = ['Northwind Outfitters', 'Contoso Electronics'];
    second = await signup(t.app, { storeName: 'Fabrikam Garden Supplies' });
  });
  after(async () => {
    await chromium?.close();
    await t?.close();
  });

  /** Every request the page sends to the API, with its headers. */
  function watchApi(page: Page): Array<{ url: string; headers: Record<string, string> }> {
    const seen: Array<{ url: string; headers: Record<string, string> }> = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/v1/') || url.pathname.startsWith('/v2/')) seen.push({ url: url.pathname + url.search, headers: request.headers() });
    });
    return seen;
  }



  it('signs in, picks a store, shows the overview, switches to test mode, and signs out leaving nothing of the merchant behind', { skip }, async () => {
    const page = await context.newPage();
    const api = watchApi(page);
    await page.goto(`${t.baseUrl}/dashboard`);
    await signInToDashboard(page, first);

    // Two stores: the picker, then the overview of the chosen one.
    await page.getByRole('button', { name: /Contoso Electronics/ }).or(page.getByRole('link', { name: /Contoso Electronics/ })).first().click();
    await page.getByTestId('summary').waitFor();
    assert.match(await page.getByTestId('store-name').innerText(), /Contoso Electronics/);
    assert.equal(await page.getByTestId('user-email').innerText(), first.email);
    await assertAccessible(page, 'overview');

    // Test mode: an unmistakable banner, and the API asked for test data.
    const testData = page.waitForRequest((request) => request.headers()['x-mode'] === 'test');
    await page.getByLabel('Mode').selectOption('test');
    await page.getByTestId('test-mode-banner').waitFor();
    await testData;
    assert.ok(api.some((r) => r.headers['x-mode'] === 'test'), 'the API was asked for test data');
    await assertAccessible(page, 'overview in test mode');

    // Every API call was the dashboard's, with a bearer token kept in memory only.
    assert.ok(api.length > 3);
    for (const r of api) assert.equal(r.headers['x-service-client'], 'dashboard', r.url);
    assert.ok(api.filter((r) => r.url !== '/v1/auth/session-token').every((r) => /^Bearer cs_sess_/.test(r.headers.authorization ?? '')));
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    assert.doesNotMatch(stored, /cs_sess_|sk_live_|sk_test_/, 'no token in web storage');

    // Deep links work on reload; an unknown path gets the app's own not-found view.
    await page.goto(`${t.baseUrl}/dashboard/no/such/page`);
    await page.getByRole('heading', { name: /not found/i }).waitFor();

    // Sign out, sign in as another merchant of another store: nothing of the first is ever shown.
    await page.goto(`${t.baseUrl}/dashboard`);
    await page.getByTestId('summary').or(page.getByRole('button', { name: /Northwind/ })).first().waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    const texts: string[] = [];
    const seenBodies: string[] = [];
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname.startsWith('/v1/')) seenBodies.push(await response.text().catch(() => ''));
    });
    await page.goto(`${t.baseUrl}/dashboard`);
    await signInToDashboard(page, second);
    await page.getByTestId('summary').waitFor();
    texts.push(await page.locator('body').innerText());
    assert.match(texts[0]!, /Fabrikam Garden Supplies/);
    for (const name of firstStores) assert.ok(!texts[0]!.includes(name), `${name} of the first merchant is not shown`);
    assert.ok(!texts[0]!.includes(first.email));
    for (const body of seenBodies) {
      for (const name of firstStores) assert.ok(!body.includes(name), `no answer the second merchant got carried ${name}`);
    }
    await page.close();
  });
});
