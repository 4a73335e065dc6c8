import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { ensureDashboardBuilt } from '../src/dashboard-build.ts';
import { variableProduct } from './helpers/catalog.ts';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { assertAccessible, signInToDashboard } from './helpers/dashboard.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient, signup } from './helpers/merchants.ts';

const skip = browserUnavailable();
const TEST = { 'x-mode': 'test' };

/** Issue 37 in the dashboard: where an order came from (channel) on the order list, its filter and the order page. */
describeEachDatabase('the dashboard: an order’s channel (Chromium)', (kind) => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;

  before(async () => {
    if (skip) return;
    await ensureDashboardBuilt();
    t = await startListeningApp(kind);
    chromium = await launchChromium();
    context = chromium.context;
  });
  after(async () => {
    await chromium?.close();
    await t?.close();
  });

  it('shows a storefront checkout’s order as from the storefront with its stock hold, an order placed by API as such, and filters by channel', { skip }, async () => {
    const call = jsonClient(t.app);
    const owner = await signup(t.app, { storeName: 'Two Doors' });
    const T = { ...owner.auth, ...TEST };
    const ok = async (method: 'POST' | 'PATCH', url: string, body: unknown, headers: Record<string, string> = T) => {
      const res = await call(method, url, { headers, body });
      assert.ok(res.status < 300, `${method} ${url}: ${res.raw}`);
      return res.body.data;
    };
    const { productId, skuIds } = await variableProduct(t.app, { ...owner, auth: T }, { name: 'Lamp', skus: [{ price: 20, quantityInStock: 10, attributes: { Size: 'One' } }] });
    await ok('PATCH', `/v1/products/${productId}`, { status: 'active' });
    const customer = await ok('POST', '/v1/customers', { name: 'Phone Pat', email: 'pat@example.com', addresses: [{ line1: '1 Main St', city: 'Austin', countryId: 'US' }] });
    const byApi = await ok('POST', '/v1/orders', { customerId: customer.id, lines: [{ skuId: skuIds[0], quantity: 1 }] });
    const key = (await ok('POST', '/v1/publishable-keys', { name: 'Shop', mode: 'test' })).key as string;
    const cart = await call('POST', '/v1/carts', { headers: { 'x-publishablekey': key } });
    assert.equal(cart.status, 201, cart.raw);
    const as = { 'x-publishablekey': key, 'x-cart-token': cart.body.data.token as string };
    const cartId = cart.body.data.cart.id as string;
    await ok('POST', `/v1/carts/${cartId}/lines`, { skuId: skuIds[0], quantity: 2 }, as);
    await ok('PATCH', `/v1/carts/${cartId}`, { email: 'ada@example.com', shippingAddress: { name: 'Ada Lovelace', line1: '2 Elm St', city: 'Austin', countryId: 'US' } }, as);
    const checkedOut = await ok('POST', `/v1/carts/${cartId}/checkout`, {}, as);
    const fromShop = checkedOut.order as { id: string; number: string; channel: string };
    assert.equal(fromShop.channel, 'storefront');

    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/orders?store=${owner.storeId}&mode=test`);
    await signInToDashboard(page, owner);
    const row = (n: string) => page.getByTestId('order-row').filter({ hasText: n });
    await row(fromShop.number).getByText('Storefront').waitFor();
    await row(byApi.number).getByText('Dashboard or API').waitFor();
    await assertAccessible(page, 'orders with their channels');
    await page.setViewportSize({ width: 375, height: 800 });
    const sideways = await page.evaluate(() => {
      const d = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return d.scrollWidth - d.clientWidth;
    });
    assert.equal(sideways, 0, 'nothing scrolls sideways at 375 px');
    await assertAccessible(page, 'orders with their channels, at 375 px');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('form', { name: 'Filter the orders' }).getByLabel('Channel').selectOption('storefront');
    await page.getByRole('heading', { level: 2, name: /^Orders from the storefront in test mode/ }).waitFor();
    await page.waitForURL(/channel=storefront/);
    await row(byApi.number).waitFor({ state: 'detached' });
    // The filtered list may be empty for a moment while it loads: wait for its row before reading the list.
    await row(fromShop.number).waitFor();
    assert.deepEqual(await page.getByTestId('order-row').locator('th').allInnerTexts(), [fromShop.number]);
    await row(fromShop.number).getByRole('link').click();
    const status = page.getByTestId('order-status');
    await status.getByText('from the storefront').waitFor();
    await status.getByText(/stock held until/).waitFor();
    await assertAccessible(page, 'a storefront order');
    await page.goto(`${t.baseUrl}/dashboard/orders/${byApi.id}?store=${owner.storeId}&mode=test`);
    await page.getByTestId('order-status').getByText('placed in the dashboard or through the API').waitFor();
    await page.close();
  });
});
