import assert from 'node:assert/strict';
import { it } from 'node:test';
import { browserUnavailable } from './helpers/chromium.ts';
import { assertAccessible, signInToDashboard } from './helpers/dashboard.ts';
import { dashboardInChromium, testModeShop } from './helpers/dashboard-suite.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { signup } from './helpers/merchants.ts';

const skip = browserUnavailable();

/** Issue 37 in the dashboard: where an order came from (channel) on the order list, its filter and the order page. */
describeEachDatabase('the dashboard: an order’s channel (Chromium)', (kind) => {
  const ui = dashboardInChromium(kind);

  it('shows a storefront checkout’s order as from the storefront with its stock hold, an order placed by API as such, and filters by channel', { skip }, async () => {
    const { t, context } = ui;
    const owner = await signup(t.app, { storeName: 'Two Doors' });
    const { ok, skuIds, cart } = await testModeShop(t, owner, 10);
    const customer = await ok('POST', '/v1/customers', { name: 'Phone Pat', email: 'pat@example.com', addresses: [{ line1: '1 Main St', city: 'Austin', countryId: 'US' }] });
    const byApi = await ok('POST', '/v1/orders', { customerId: customer.id, lines: [{ skuId: skuIds[0], quantity: 1 }] });
    const { id: cartId, as } = await cart('ada@example.com', 2);
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
