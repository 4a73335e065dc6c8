import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { ensureDashboardBuilt } from '../src/dashboard-build.ts';
import { insertCustomer } from './helpers/catalog.ts';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { assertAccessible, meetsEveryRefusal, signInToDashboard } from './helpers/dashboard.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient, type Merchant, signup } from './helpers/merchants.ts';

const skip = browserUnavailable();

describeEachDatabase('the dashboard’s Ship flow in Chromium', (kind) => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;
  let owner: Merchant;

  before(async () => {
    if (skip) return;
    await ensureDashboardBuilt();
    t = await startListeningApp(kind);
    chromium = await launchChromium();
    context = chromium.context;
    owner = await signup(t.app, { storeName: 'Northwind Outfitters' });
  });
  after(async () => {
    await chromium?.close();
    await t?.close();
  });

  it('ships part of a paid order with carrier and tracking, shows what is shipped per line and the tracking link, marks it delivered; refusals in the merchant’s words; axe at 375 px', { skip }, async () => {
    const call = jsonClient(t.app);
    const product = await call('POST', '/v1/products', { headers: owner.auth, body: { type: 'SIMPLE', name: 'Trail Mug', sku: 'MUG', price: 12, quantityInStock: 10, status: 'active' } });
    assert.equal(product.status, 201, product.raw);
    const customerId = await insertCustomer(t, owner.storeId);
    const placed = await call('POST', '/v1/orders', { headers: owner.auth, body: { customerId, lines: [{ skuId: product.body.data.skuId, quantity: 3 }] } });
    const order = placed.body.data as { id: string; number: string };
    assert.equal((await call('POST', `/v1/orders/${order.id}/transitions`, { headers: owner.auth, body: { to: 'paid' } })).status, 200);

    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard`);
    await signInToDashboard(page, owner);
    await page.getByTestId('summary').waitFor();
    await page.goto(`${t.baseUrl}/dashboard/orders/${order.id}?store=${owner.storeId}`);
    await page.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor();
    await page.getByText('Nothing of this order has been shipped.').waitFor();
    assert.match(await page.getByTestId('order-fulfilment').innerText(), /Not shipped/);
    await page.setViewportSize({ width: 375, height: 800 });

    // More than is left to ship: refused at the line, in words.
    await page.getByRole('button', { name: 'Ship items' }).click();
    const form = page.getByTestId('ship-items');
    const quantity = form.getByLabel('Quantity of Trail Mug · MUG (3 left to ship)');
    await quantity.fill('4');
    await form.getByRole('button', { name: 'Ship', exact: true }).click();
    await form.getByText('Quantity of Trail Mug · MUG (3 left to ship) must be at most 3 (not shipped yet).').waitFor();
    await form.getByText('Nothing was shipped: correct the fields marked above.').waitFor();
    await assertAccessible(page, 'a refused shipment at 375 px');
    // A tracking link that is not a web address: said at its field.
    await quantity.fill('2');
    await form.getByLabel('Tracking link').fill('ftp://example.com/x');
    await form.getByRole('button', { name: 'Ship', exact: true }).click();
    await form.getByText('Tracking link must be an http or https URL.').waitFor();
    await meetsEveryRefusal(page, { where: 'the ship form', method: 'POST', path: /\/shipments$/, scope: () => form, submit: () => form.getByRole('button', { name: 'Ship', exact: true }).click() });

    await form.getByLabel('Carrier').fill('UPS');
    await form.getByLabel('Tracking number').fill('1Z999AA1');
    await form.getByLabel('Tracking link').fill('https://track.example/1Z999AA1');
    assert.notEqual(await form.getByLabel('Leaves from').inputValue(), '', 'where the units are allocated is chosen');
    await form.getByRole('button', { name: 'Ship', exact: true }).click();
    const shipment = page.getByTestId('order-shipment');
    await shipment.locator('strong', { hasText: /^Shipped$/ }).waitFor();
    assert.match(await shipment.innerText(), /Shipped from Default location[\s\S]*UPS[\s\S]*2 × Trail Mug · MUG/);
    assert.equal(await shipment.getByRole('link', { name: 'Track 1Z999AA1' }).getAttribute('href'), 'https://track.example/1Z999AA1');
    await page.getByTestId('order-line').getByText('2 of 3').waitFor();
    await page.getByTestId('order-fulfilment').getByText('Partly shipped').waitFor();
    const levels = await call('GET', `/v1/inventory/skus/${product.body.data.skuId}/levels`, { headers: owner.auth });
    assert.deepEqual([levels.body.data.levels[0].onHand, levels.body.data.levels[0].allocated, levels.body.data.quantityInStock], [8, 1, 7]);
    await assertAccessible(page, 'a shipped order at 375 px');

    await shipment.getByRole('button', { name: 'Mark delivered' }).click();
    await shipment.locator('strong', { hasText: /^Delivered$/ }).waitFor();

    // The rest, in a second parcel: the order is shipped in full and no Ship button is left.
    await page.getByRole('button', { name: 'Ship items' }).click();
    await page.getByTestId('ship-items').getByRole('button', { name: 'Ship', exact: true }).click();
    await page.getByTestId('order-fulfilment').getByText('Shipped', { exact: true }).waitFor();
    await page.getByTestId('order-line').getByText('All').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Ship items' }).count(), 0);
    await assertAccessible(page, 'a fully shipped order at 375 px');
    await page.close();
  });
});
