import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { ensureDashboardBuilt } from '../src/dashboard-build.ts';
import { DASHBOARD_DIST } from '../src/web/dashboard-app.ts';
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
