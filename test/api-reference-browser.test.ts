import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';

const skip = browserUnavailable();

/**
 * The interactive reference at /docs (docs/api.md, "The reference page"), in Chromium with every request beyond
 * loopback refused: it renders from this origin alone, takes an API key, and sends a request from the page.
 * `SCREENSHOTS=1` also writes docs/images/api-reference.png (shown in the README).
 */
describe('the API reference page in Chromium, offline', () => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let merchant: Merchant;
  let key: string;
  before(async () => {
    if (skip) return;
    t = await startListeningApp('sqlite');
    merchant = await signup(t.app, { storeName: 'Northwind Outfitters' });
    key = (await createApiKey(t.app, merchant, { name: 'reference page', permissions: ['products:read'] })).key;
    const created = await client(t.app)('POST', '/v1/products', { headers: merchant.auth, body: { type: 'SIMPLE', name: 'Linen shirt', price: 49, quantityInStock: 12, status: 'active' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
  });
  after(() => t?.close());

  it('renders from this origin only, authorizes with an API key and sends a request from the page', { skip }, async () => {
    const chromium = await launchChromium();
    const refused: string[] = [];
    const problems: string[] = [];
    try {
      const { context } = chromium;
      await context.route('**/*', (route) => {
        const url = new URL(route.request().url());
        if (url.hostname === '127.0.0.1') return route.continue();
        refused.push(url.href);
        return route.abort();
      });
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      const answer = await page.goto(`${t.baseUrl}/docs`);
      assert.equal(answer?.status(), 200);
      assert.equal(answer?.headers()['x-frame-options'], 'DENY');
      assert.match(answer?.headers()['content-security-policy'] ?? '', /frame-ancestors 'none'/);
      assert.equal(await page.title(), 'commerce-service API reference');
      await page.locator('.info .title').filter({ hasText: 'commerce-service API' }).waitFor();

      // Authorize with the API key.
      await page.getByRole('button', { name: 'Authorize' }).first().click();
      const dialog = page.locator('.auth-container').filter({ hasText: 'merchantApiKey' });
      await dialog.locator('input').fill(key);
      await dialog.locator('button', { hasText: 'Authorize' }).click();
      await dialog.locator('button', { hasText: 'Logout' }).waitFor();
      await page.locator('.modal-ux button', { hasText: 'Close' }).first().click();

      // Open listProducts, try it out.
      await page.locator('#operations-tag-Products').click();
      const operation = page.locator('#operations-Products-listProducts');
      await operation.locator('.opblock-summary').click();
      await operation.getByRole('button', { name: 'Try it out' }).click();
      await operation.getByRole('button', { name: 'Execute' }).click();
      const status = operation.locator('.live-responses-table .response .response-col_status').first();
      await status.waitFor();
      assert.equal((await status.innerText()).trim(), '200');
      assert.match(await operation.locator('.live-responses-table .response-col_description .microlight').first().innerText(), /Linen shirt/);
      assert.match(await operation.locator('.curl-command').innerText(), /X-MerchantApiKey/i, 'the key was sent');

      if (process.env.SCREENSHOTS) {
        // The operation and its answer, without the request's key.
        await operation.locator('.curl-command').evaluate((node) => {
          node.textContent = node.textContent?.replace(/sk_live_[A-Za-z0-9_-]+/, 'sk_live_…') ?? '';
        });
        await operation.locator('.opblock-summary').scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(import.meta.dirname, '..', 'docs', 'images', 'api-reference.png') });
      }
      assert.deepEqual(refused, [], 'nothing is fetched from beyond this origin');
      assert.deepEqual(problems, [], 'no script error and no content-security-policy violation');
    } finally {
      await chromium.close();
    }
  });
});
