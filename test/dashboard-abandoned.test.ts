import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Route } from 'playwright-core';
import { TEST_RATE_LIMITS } from './helpers/app.ts';
import { browserUnavailable } from './helpers/chromium.ts';
import { assertAccessible, signInToDashboard } from './helpers/dashboard.ts';
import { dashboardInChromium, testModeShop } from './helpers/dashboard-suite.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { createApiKey, client as jsonClient, signup } from './helpers/merchants.ts';

const skip = browserUnavailable();
const PLENTY = { limit: 1_000_000, windowSeconds: 60 };

/** Issue 37 in the dashboard: abandoned carts and checkouts whose stock hold ended unpaid (GET /v1/checkouts/abandoned). */
describeEachDatabase('the dashboard: abandoned checkouts (Chromium)', (kind) => {
  const ui = dashboardInChromium(kind, { app: { rateLimits: { ...TEST_RATE_LIMITS, 'cart-create': PLENTY, 'cart-writes': PLENTY, checkout: PLENTY } } });

  it('lists abandoned carts and lapsed checkouts newest first with Show more, links the order, says when there are none and every refusal in words', { skip }, async () => {
    const { t, context } = ui;
    const call = jsonClient(t.app);
    const owner = await signup(t.app, { storeName: 'Left Behind' });
    const { ok, cart: cartWith } = await testModeShop(t, owner, 1000);

    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/abandoned-checkouts?store=${owner.storeId}&mode=test`);
    await signInToDashboard(page, owner);
    await page.getByText('No abandoned checkouts.').waitFor();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Abandoned checkouts' }).waitFor();
    await assertAccessible(page, 'no abandoned checkouts');

    // 20 carts left two hours ago (4 units each), and one checkout whose hold ended unpaid just now: 21, a page is 20.
    const carts = [];
    for (let i = 0; i < 20; i++) carts.push(await cartWith(`idle${i}@example.com`, 4));
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
    await t.container.db.kysely.updateTable('carts').set({ updated_at: twoHoursAgo }).where('id', 'in', carts.map((c) => c.id)).execute();
    const lapsing = await cartWith('lapsed@example.com', 2);
    const order = (await ok('POST', `/v1/carts/${lapsing.id}/checkout`, {}, lapsing.as)).order as { id: string; number: string; total: number };
    await t.container.db.kysely.updateTable('orders').set({ hold_expires_at: new Date(Date.now() - 60_000).toISOString() }).where('id', '=', order.id).execute();
    await t.container.services.checkout.expireHolds({ requestId: 'test', now: new Date() });

    await page.reload();
    const rows = page.getByTestId('abandoned-row');
    await rows.first().waitFor();
    assert.equal(await rows.count(), 20, 'a page of 20');
    const first = rows.first();
    assert.equal(await first.locator('th').innerText(), 'lapsed@example.com', 'newest first: the checkout cancelled just now');
    await first.getByText(`Checked out, not paid in time: order ${order.number} was cancelled`).waitFor();
    await first.getByText('2 items').waitFor();
    await first.getByText(new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD' }).format(order.total)).waitFor();
    const cart = rows.filter({ hasText: /^idle\d+@example.com/ }).first();
    await cart.getByText('Left in the cart, never checked out').waitFor();
    await cart.getByText('4 items').waitFor();
    await assertAccessible(page, 'abandoned checkouts');

    // The keyboard: from the top of the page, the order's link, then Show more.
    await page.locator('main').focus();
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } } }).document.activeElement.textContent), order.number);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } } }).document.activeElement.textContent), 'Show more');
    await page.keyboard.press('Enter');
    await page.getByText('That is every abandoned checkout.').waitFor();
    assert.equal(await rows.count(), 21);

    await page.setViewportSize({ width: 375, height: 800 });
    const sideways = await page.evaluate(() => {
      const d = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return d.scrollWidth - d.clientWidth;
    });
    assert.equal(sideways, 0, 'nothing scrolls sideways at 375 px');
    await assertAccessible(page, 'abandoned checkouts, at 375 px');
    await page.setViewportSize({ width: 1280, height: 900 });

    await first.getByRole('link', { name: order.number }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/dashboard/orders/${order.id}\\?store=${owner.storeId}&mode=test`));
    await page.getByTestId('order-status').waitFor();

    // Refusals: the API's own 403 (a key with orders:read alone), and a 500, each in words with what to do.
    const ordersOnly = await createApiKey(t.app, owner, { mode: 'test', permissions: ['orders:read'] });
    const forbidden = await call('GET', '/v1/checkouts/abandoned', { headers: { 'x-merchantapikey': ordersOnly.key } });
    assert.equal(forbidden.status, 403, forbidden.raw);
    const failures = [
      { status: 403, body: forbidden.raw, words: /lacks the .*customers:read/i },
      { status: 500, body: JSON.stringify({ status: false, message: 'The service failed. Try again.', error: { code: 'INTERNAL_ERROR', details: [] }, requestId: 'req_abandoned_500' }), words: /Try again/ },
    ];
    for (const failure of failures) {
      const handler = (route: Route) => route.fulfill({ status: failure.status, contentType: 'application/json', body: failure.body });
      await page.route('**/v1/checkouts/abandoned**', handler);
      await page.goto(`${t.baseUrl}/dashboard/abandoned-checkouts?store=${owner.storeId}&mode=test`);
      const alert = page.getByRole('alert').filter({ hasText: 'The abandoned checkouts could not be loaded.' });
      await alert.waitFor({ timeout: 15_000 });
      await alert.getByText(failure.words).first().waitFor();
      await assertAccessible(page, `abandoned checkouts refused with ${failure.status}`);
      await page.unroute('**/v1/checkouts/abandoned**', handler);
    }
    await page.close();
  });

  it('a member without customers:read has no Abandoned checkouts entry, and the page opened by its address says why in words without asking the API', { skip }, async () => {
    const { t, context } = ui;
    const call = jsonClient(t.app);
    const owner = await signup(t.app, { storeName: 'No Names Here' });
    // No role lacks customers:read today, so the page is handed what the API answers for a credential that does: the
    // effective permissions of a key restricted to orders and products.
    const restricted = await createApiKey(t.app, owner, { permissions: ['orders:read', 'orders:write', 'products:read', 'inventory:read'] });
    const answer = await call('GET', '/v1/users/me/permissions', { headers: { 'x-merchantapikey': restricted.key } });
    assert.equal(answer.status, 200, answer.raw);
    assert.ok(!answer.body.data.permissions.includes('customers:read') && answer.body.data.permissions.includes('orders:read'), answer.raw);

    await context.clearCookies();
    const page = await context.newPage();
    await page.route('**/v1/users/me/permissions', (route: Route) => route.fulfill({ status: 200, contentType: 'application/json', body: answer.raw }));
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/v1/checkouts/abandoned')) asked.push(request.url());
    });
    await page.goto(`${t.baseUrl}/dashboard/?store=${owner.storeId}`);
    await signInToDashboard(page, owner);
    const sections = page.getByRole('navigation', { name: 'Sections' });
    await sections.getByRole('link', { name: 'Orders' }).waitFor();
    assert.equal(await sections.getByRole('link', { name: 'Abandoned checkouts' }).count(), 0, 'no entry without customers:read');
    assert.equal(await sections.getByRole('link', { name: 'Customers' }).count(), 0);

    await page.goto(`${t.baseUrl}/dashboard/abandoned-checkouts?store=${owner.storeId}`);
    await page.getByRole('heading', { level: 1, name: 'Abandoned checkouts' }).waitFor();
    await page
      .getByText('Your role in this store lacks the permission to view customer details and profiles (customers:read), so this is hidden. Ask a store owner for a role that has it.')
      .waitFor();
    await assertAccessible(page, 'abandoned checkouts without customers:read');
    assert.deepEqual(asked, [], 'the list is not asked for');
    await page.close();
  });
});
