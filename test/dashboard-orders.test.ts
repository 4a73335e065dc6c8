import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { ensureDashboardBuilt } from '../src/dashboard-build.ts';
import { insertCustomer, variableProduct } from './helpers/catalog.ts';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { assertAccessible, signInToDashboard } from './helpers/dashboard.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient, joinStore, type Merchant, signup } from './helpers/merchants.ts';

const skip = browserUnavailable();

describeEachDatabase('the dashboard’s orders pages in Chromium', (kind) => {
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



  it('lists an order placed through the API, shows its lines and the moves the API offers, and moves it with a button', { skip }, async () => {
    const call = jsonClient(t.app);
    const { productId, skuIds } = await variableProduct(t.app, owner, {
      name: 'Trail Tee',
      skus: [
        { price: 10, quantityInStock: 5, attributes: { Size: 'S' } },
        { price: 20, discount: 10, quantityInStock: 2, attributes: { Size: 'M' } },
      ],
    });
    await call('PATCH', `/v1/products/${productId}`, { headers: owner.auth, body: { status: 'active' } });
    const customerId = await insertCustomer(t, owner.storeId);
    const placed = await call('POST', '/v1/orders', { headers: owner.auth, body: { customerId, lines: [{ skuId: skuIds[0], quantity: 2 }, { skuId: skuIds[1], quantity: 1 }] } });
    assert.equal(placed.status, 201, placed.raw);
    const order = placed.body.data as { id: string; number: string };

    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard`);
    await signInToDashboard(page, owner);
    await page.getByTestId('summary').waitFor();

    // The nav links to Orders; the list shows the order with its total in the store currency.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    const row = page.getByTestId('order-row').filter({ hasText: order.number });
    await row.waitFor();
    const rowText = await row.innerText();
    assert.match(rowText, /Pending/);
    assert.match(rowText, /38\.00/);
    assert.match(rowText, /Casey Customer/, 'the customer by name');
    await assertAccessible(page, 'orders list');

    // The status filter asks the API for that status only.
    await page.getByLabel('Status').selectOption('paid');
    await page.getByText('No paid orders.').waitFor();
    await page.getByLabel('Status').selectOption('');
    await row.waitFor();

    // The detail: lines, totals, and the moves GET …/transitions offers.
    await row.getByRole('link', { name: order.number }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor();
    const lines = await page.getByTestId('order-line').allInnerTexts();
    assert.equal(lines.length, 2);
    assert.ok(lines.every((l) => l.includes('Trail Tee')), lines.join(' | '));
    assert.match(await page.getByTestId('order-totals').innerText(), /38\.00/);
    const offered = await call('GET', `/v1/orders/${order.id}/transitions`, { headers: owner.auth });
    assert.deepEqual(
      offered.body.data.moves.map((m: { to: string }) => m.to),
      ['paid', 'cancelled'],
    );
    const moves = page.getByTestId('order-moves');
    await moves.getByRole('button', { name: 'Mark paid' }).waitFor();
    assert.equal(await moves.getByRole('button').count(), 2);
    await moves.getByRole('button', { name: 'Cancel order' }).waitFor();
    await assertAccessible(page, 'order detail');

    // Cancelling is confirmed naming the order; backing out changes nothing.
    await moves.getByRole('button', { name: 'Cancel order' }).click();
    assert.match(await page.getByTestId('confirm-move').innerText(), new RegExp(`Cancel order ${order.number}\\?`));
    await assertAccessible(page, 'order detail, confirming a cancellation');
    await page.getByRole('button', { name: 'Keep the order as it is' }).click();
    assert.equal((await call('GET', `/v1/orders/${order.id}`, { headers: owner.auth })).body.data.status, 'pending');

    // "Mark paid" (a double click) POSTs one transition with one Idempotency-Key; the API has the order paid.
    const posts: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === `/v1/orders/${order.id}/transitions`) posts.push(r.headers()['idempotency-key']);
    });
    await moves.getByRole('button', { name: 'Mark paid' }).dblclick();
    await page.getByTestId('order-status').getByText('Paid', { exact: true }).waitFor();
    await moves.getByRole('button', { name: 'Mark fulfilled' }).waitFor();
    await page.waitForLoadState('networkidle');
    const after = await call('GET', `/v1/orders/${order.id}`, { headers: owner.auth });
    assert.equal(after.body.data.status, 'paid');
    assert.equal(after.body.data.paid, 38);
    assert.deepEqual(after.body.data.history.map((h: { to: string }) => h.to), ['pending', 'paid'], 'moved once');
    assert.ok(posts.length >= 1 && posts.every((k) => k !== undefined && /^[0-9a-f-]{36}$/.test(k) && k === posts[0]), `one Idempotency-Key: ${posts}`);
    assert.match(await page.getByTestId('order-history').innerText(), /Pending → Paid/);

    // At 375 px both pages pass axe.
    await page.setViewportSize({ width: 375, height: 800 });
    await assertAccessible(page, 'order detail at 375 px');
    await page.getByRole('link', { name: 'All orders' }).click();
    await page.getByTestId('order-row').filter({ hasText: 'Paid' }).waitFor();
    await assertAccessible(page, 'orders list at 375 px');
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.close();
  });

  it('records a payment taken outside the service (a refused amount next to its field, once on a double click), settles it, and hides recording from staff, whom the API refuses', { skip }, async () => {
    const call = jsonClient(t.app);
    const { productId, skuIds } = await variableProduct(t.app, owner, { name: 'Camp Stool', skus: [{ price: 40, quantityInStock: 5, attributes: { Size: 'One' } }] });
    await call('PATCH', `/v1/products/${productId}`, { headers: owner.auth, body: { status: 'active' } });
    const customerId = await insertCustomer(t, owner.storeId);
    const placed = await call('POST', '/v1/orders', { headers: owner.auth, body: { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] } });
    assert.equal(placed.status, 201, placed.raw);
    const order = placed.body.data as { id: string; number: string };
    const recorded = async () => (await call('GET', `/v1/orders/${order.id}/payments`, { headers: owner.auth })).body.data as { order: { paid: number; pending: number; outstanding: number }; payments: Array<{ amount: number; status: string; method: string; reference: string | null }> };

    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/orders/${order.id}`);
    await signInToDashboard(page, owner);
    await page.getByText('No payments recorded yet.').waitFor();
    assert.match(await page.getByTestId('payment-figures').innerText(), /outstanding \$40\.00/);
    const form = page.getByRole('form', { name: 'Record a payment' });
    assert.equal(await form.getByLabel('Amount (USD)').inputValue(), '40', 'the outstanding amount is offered');
    await assertAccessible(page, 'order, recording a payment');

    // A refused amount shows next to its field; nothing is recorded.
    await form.getByLabel('Amount (USD)').fill('50');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await form.locator('.field-error').getByText(/^Amount \(USD\) /).waitFor();
    assert.equal(await form.getByLabel('Amount (USD)').getAttribute('aria-invalid'), 'true');
    assert.deepEqual((await recorded()).payments, []);

    // A pending transfer with its reference, sent once on a double click with one Idempotency-Key.
    const keys: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === `/v1/orders/${order.id}/payments`) keys.push(r.headers()['idempotency-key']);
    });
    await form.getByLabel('Amount (USD)').fill('15');
    await form.getByLabel('Reference').fill('TR-881');
    await form.getByLabel(/Not received yet/).check();
    await form.getByRole('button', { name: 'Record payment' }).dblclick();
    const row = page.getByTestId('payment-row').filter({ hasText: 'TR-881' });
    await row.getByText('Pending', { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    assert.ok(keys.length >= 1 && keys.every((k) => k !== undefined && k === keys[0]), `one Idempotency-Key: ${keys}`);
    let now = await recorded();
    assert.deepEqual(now.payments.map((p) => [p.method, p.amount, p.status, p.reference]), [['manual', 15, 'pending', 'TR-881']]);
    assert.deepEqual([now.order.pending, now.order.outstanding], [15, 25]);

    // Marking it received settles it.
    await row.getByRole('button', { name: 'Mark $15.00 received' }).click();
    await row.getByText('Received', { exact: true }).waitFor();
    now = await recorded();
    assert.deepEqual([now.payments[0]!.status, now.order.paid, now.order.outstanding], ['succeeded', 15, 25]);
    await page.getByTestId('payment-figures').getByText(/Paid \$15\.00/).waitFor();
    await page.close();

    // Staff (payments:read, no payments:write) see the records without the form or buttons; the API refuses them.
    const staff = await joinStore(t.app, owner, 'staff');
    await context.clearCookies();
    const staffPage = await context.newPage();
    await staffPage.goto(`${t.baseUrl}/dashboard/orders/${order.id}?store=${owner.storeId}`);
    await signInToDashboard(staffPage, staff);
    await staffPage.getByTestId('payment-row').filter({ hasText: 'TR-881' }).waitFor();
    assert.equal(await staffPage.getByRole('form', { name: 'Record a payment' }).count(), 0);
    const refused = await call('POST', `/v1/orders/${order.id}/payments`, { headers: staff.auth, body: { method: 'manual', amount: 5 } });
    assert.equal(refused.status, 403, refused.raw);
    assert.equal((await recorded()).payments.length, 1);
    await staffPage.close();
  });
});
