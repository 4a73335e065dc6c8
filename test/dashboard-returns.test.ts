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

describeEachDatabase('the dashboard’s Return flow in Chromium', (kind) => {
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

  it('asks for a return of a shipped line, receives it back in stock, and refunds it; refusals in the merchant’s words; axe at 375 px', { skip }, async () => {
    const call = jsonClient(t.app);
    const product = await call('POST', '/v1/products', { headers: owner.auth, body: { type: 'SIMPLE', name: 'Trail Mug', sku: 'MUG', price: 12, quantityInStock: 10, status: 'active' } });
    assert.equal(product.status, 201, product.raw);
    const customerId = await insertCustomer(t, owner.storeId);
    const placed = await call('POST', '/v1/orders', { headers: owner.auth, body: { customerId, lines: [{ skuId: product.body.data.skuId, quantity: 2 }] } });
    const order = placed.body.data as { id: string; number: string };
    for (const to of ['paid', 'fulfilled']) assert.equal((await call('POST', `/v1/orders/${order.id}/transitions`, { headers: owner.auth, body: { to } })).status, 200);

    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard`);
    await signInToDashboard(page, owner);
    await page.getByTestId('summary').waitFor();
    await page.goto(`${t.baseUrl}/dashboard/orders/${order.id}?store=${owner.storeId}`);
    await page.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor();
    await page.getByText('Nothing of this order has been returned.').waitFor();
    await page.setViewportSize({ width: 375, height: 800 });

    // More than was shipped: refused at the line, in words.
    await page.getByRole('button', { name: 'Return items' }).click();
    const ask = page.getByTestId('ask-return');
    const quantity = ask.getByLabel('Quantity of Trail Mug · MUG (of 2)');
    await quantity.fill('3');
    await ask.getByLabel('Reason').selectOption('wrong_item');
    await ask.getByRole('button', { name: 'Ask for the return' }).click();
    await ask.getByText('Quantity of Trail Mug · MUG (of 2) must be at most 2.').waitFor();
    await ask.getByText('Nothing was returned: correct the fields marked above.').waitFor();
    await assertAccessible(page, 'a refused return at 375 px');
    // Nothing picked: said so.
    await quantity.fill('0');
    await ask.getByRole('button', { name: 'Ask for the return' }).click();
    await ask.getByText('Pick at least one item to return (a quantity above 0).').waitFor();
    await quantity.fill('1');
    await meetsEveryRefusal(page, { where: 'the return form', method: 'POST', path: /\/returns$/, scope: () => ask, submit: () => ask.getByRole('button', { name: 'Ask for the return' }).click() });
    await ask.getByRole('button', { name: 'Ask for the return' }).click();
    const item = page.getByTestId('order-return');
    await item.getByText('Asked for').waitFor();
    assert.match(await item.innerText(), /1 × Trail Mug · MUG/);
    await assertAccessible(page, 'a requested return at 375 px');

    // Received at the default location, back in stock.
    const receive = page.getByTestId('receive-return');
    assert.equal(await receive.getByLabel('Arrived at').inputValue() !== '', true, 'the default location is chosen');
    await receive.getByLabel('Back in stock').check();
    await receive.getByRole('button', { name: 'Mark received' }).click();
    await item.locator('strong', { hasText: /^Received$/ }).waitFor();
    assert.match(await item.innerText(), /Received[\s\S]*1 × Trail Mug · MUG · back in stock/);
    const levels = await call('GET', `/v1/inventory/skus/${product.body.data.skuId}/levels`, { headers: owner.auth });
    assert.equal(levels.body.data.quantityInStock, 9, '10 − 2 sold + 1 back');

    // Refund, confirmed first.
    await page.getByRole('button', { name: 'Refund the return' }).click();
    const confirm = page.getByTestId('confirm-refund-return');
    await confirm.getByText(`Refund this return of order ${order.number}?`).waitFor();
    await assertAccessible(page, 'the refund confirmation at 375 px');
    await confirm.getByRole('button', { name: `Refund the return of ${order.number}` }).click();
    await item.locator('strong', { hasText: /^Refunded$/ }).waitFor();
    assert.match(await item.innerText(), /refunded .*12\.00/);
    assert.match(await page.getByTestId('order-totals').innerText(), /Refunded\s*\S*12\.00/);
    await assertAccessible(page, 'a refunded return at 375 px');
    await page.close();
  });
});
