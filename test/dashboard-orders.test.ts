import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { ensureDashboardBuilt } from '../src/dashboard-build.ts';
import { insertCustomer, variableProduct } from './helpers/catalog.ts';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { assertAccessible, meetsEveryRefusal, signInToDashboard } from './helpers/dashboard.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { storeContext } from './helpers/delivery-payments.ts';
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
    await page.getByText('No orders match these filters.').waitFor();
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

  it('shows where an order ships and whom it bills, by country and state name, and says so when billing is the shipping address', { skip }, async () => {
    const call = jsonClient(t.app);
    const { productId, skuIds } = await variableProduct(t.app, owner, { name: 'Map Case', skus: [{ price: 12, quantityInStock: 9, attributes: { Size: 'One' } }] });
    await call('PATCH', `/v1/products/${productId}`, { headers: owner.auth, body: { status: 'active' } });
    const customerId = await insertCustomer(t, owner.storeId, { name: 'Robin Reader' });
    const shippingAddress = { name: 'Robin Reader', line1: '2150 Mission St', line2: 'Flat 4', city: 'San Francisco', postalCode: '94110', countryId: 'US', stateId: 'US-CA', phone: '+1 415 555 0100' };
    const billingAddress = { name: 'Reader Books Ltd', line1: '1 Queen St', city: 'Auckland', postalCode: '1010', countryId: 'NZ' };
    const twoPlaces = await call('POST', '/v1/orders', { headers: owner.auth, body: { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }], shippingAddress, billingAddress } });
    assert.equal(twoPlaces.status, 201, twoPlaces.raw);
    const onePlace = await call('POST', '/v1/orders', { headers: owner.auth, body: { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }], shippingAddress } });
    assert.equal(onePlace.status, 201, onePlace.raw);

    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/orders/${twoPlaces.body.data.id}?store=${owner.storeId}`);
    await signInToDashboard(page, owner);
    const shipping = page.getByTestId('order-shipping');
    await shipping.getByText('California, United States of America').waitFor();
    assert.deepEqual(
      (await shipping.locator('.address-line').allInnerTexts()).map((l) => l.trim()),
      ['Robin Reader', '2150 Mission St', 'Flat 4', '94110 San Francisco', 'California, United States of America', 'Phone +1 415 555 0100'],
    );
    const billing = page.getByTestId('order-billing');
    await billing.getByText('New Zealand').waitFor();
    assert.deepEqual((await billing.locator('.address-line').allInnerTexts()).map((l) => l.trim()), ['Reader Books Ltd', '1 Queen St', '1010 Auckland', 'New Zealand']);
    await page.getByRole('heading', { level: 2, name: 'Addresses' }).waitFor();
    await assertAccessible(page, 'order detail with two addresses');

    await page.goto(`${t.baseUrl}/dashboard/orders/${onePlace.body.data.id}?store=${owner.storeId}`);
    await page.getByTestId('order-shipping').getByText('California, United States of America').waitFor();
    await page.getByTestId('order-billing').getByText('Same as the shipping address.').waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    await assertAccessible(page, 'order detail with one address at 375 px');
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

  /**
   * A store in Auckland (UTC+12 in June) with two customers (made through the API) and orders placed on chosen days through the order service
   * (a context whose `now` is in the past, as the demo data does): Ada has 21 orders on 10 June and one late on
   * 11 June (23:30 there); Grace has one on 10 June, one just after midnight on 12 June (still 11 June in UTC) and one
   * on 13 June. Placed once, for the tests below.
   */
  let shopReady: Promise<{ shop: Merchant; ada: string; grace: string; numbers: Record<string, string[]> }> | undefined;
  const filterShop = () =>
    (shopReady ??= (async () => {
      const call = jsonClient(t.app);
      const shop = await signup(t.app, { storeName: 'Kauri Provisions' });
      const zone = await call('PATCH', '/v1/settings', { headers: shop.auth, body: { timezone: 'Pacific/Auckland' } });
      assert.equal(zone.status, 200, zone.raw);
      const { productId, skuIds } = await variableProduct(t.app, shop, { name: 'Flat White Beans', skus: [{ price: 12, quantityInStock: 500, attributes: { Size: '250g' } }] });
      await call('PATCH', `/v1/products/${productId}`, { headers: shop.auth, body: { status: 'active' } });
      const customer = async (name: string) => {
        const email = `${name.toLowerCase().replace(' ', '.')}@example.com`;
        const made = await call('POST', '/v1/customers', { headers: shop.auth, body: { name, email, addresses: [{ line1: '1 Queen St', city: 'Auckland', countryId: 'NZ' }] } });
        assert.equal(made.status, 201, made.raw);
        return made.body.data.id as string;
      };
      const ada = await customer('Ada Lovelace');
      const grace = await customer('Grace Hopper');
      const numbers: Record<string, string[]> = { adaTenth: [], adaEleventh: [], graceTenth: [], graceTwelfth: [], graceThirteenth: [] };
      const place = async (customerId: string, at: string, into: string[]) => {
        const { order } = await t.container.services.orders.place(storeContext(shop, 'live', new Date(at)), { customerId, lines: [{ skuId: skuIds[0]!, quantity: 1 }] });
        into.push(order.number);
      };
      // 10 June in Auckland: 13:00 onwards (01:00Z).
      await place(grace, '2025-06-10T00:30:00Z', numbers.graceTenth!);
      for (let i = 0; i < 21; i++) await place(ada, `2025-06-10T01:${String(i).padStart(2, '0')}:00Z`, numbers.adaTenth!);
      await place(ada, '2025-06-11T11:30:00Z', numbers.adaEleventh!); // 23:30 on 11 June in Auckland
      await place(grace, '2025-06-11T12:30:00Z', numbers.graceTwelfth!); // 00:30 on 12 June in Auckland, 11 June in UTC
      await place(grace, '2025-06-13T00:00:00Z', numbers.graceThirteenth!);
      return { shop, ada, grace, numbers };
    })());

  /** Waits until the list shows exactly these order numbers (in any order). */
  async function rowsAre(page: Page, expected: string[], what: string): Promise<void> {
    const want = [...expected].sort().join(',');
    let shown = '';
    for (let i = 0; i < 100; i++) {
      shown = (await page.getByTestId('order-row').locator('th').allInnerTexts()).sort().join(',');
      if (shown === want) return;
      await page.waitForTimeout(100);
    }
    assert.equal(shown, want, what);
  }

  it('filters the list by a customer found by search and by days in the store’s time zone, kept in the URL through a reload and Load more', { skip }, async () => {
    const { shop, ada, grace, numbers } = await filterShop();
    await context.clearCookies();
    const page = await context.newPage();
    const asked: URL[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/v1/orders') asked.push(url);
    });
    await page.goto(`${t.baseUrl}/dashboard/orders?store=${shop.storeId}`);
    await signInToDashboard(page, shop);
    await page.getByTestId('order-row').first().waitFor();
    assert.equal(await page.getByTestId('order-row').count(), 20, 'the first page of 25');

    // A customer, found by typing and chosen with the keyboard; only their orders show, and the URL keeps them.
    const filter = page.getByTestId('customer-filter');
    await filter.getByRole('searchbox', { name: 'Customer' }).fill('grace');
    await filter.getByRole('list', { name: 'Customers found' }).getByRole('button', { name: /Grace Hopper/ }).waitFor();
    await filter.getByRole('status').getByText('One customer found').waitFor();
    await assertAccessible(page, 'orders list, customers found');
    await filter.getByRole('searchbox', { name: 'Customer' }).press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('customerId') === grace);
    await rowsAre(page, [...numbers.graceTenth!, ...numbers.graceTwelfth!, ...numbers.graceThirteenth!], 'Grace’s orders only');
    await filter.getByText('Grace Hopper').waitFor();
    assert.equal(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document.activeElement?.textContent), 'Clear customer', 'the keyboard lands on Clear customer');
    await page.getByRole('heading', { level: 2, name: /^Orders of Grace Hopper in live mode/ }).waitFor();
    assert.ok(asked.some((u) => u.searchParams.get('customerId') === grace), 'the API was asked for her orders');

    // Days in Auckland: 11 June holds Ada's 23:30 order, not Grace's 00:30 on the 12th (11 June in UTC).
    await page.keyboard.press('Enter'); // Clear customer
    await page.waitForURL((url) => !url.searchParams.has('customerId'));
    const form = page.getByTestId('order-filters');
    await form.getByLabel('From').fill('2025-06-11');
    await form.getByLabel('To').fill('2025-06-11');
    await form.getByRole('button', { name: 'Apply dates' }).click();
    await page.waitForURL((url) => url.searchParams.get('from') === '2025-06-11' && url.searchParams.get('to') === '2025-06-11');
    await rowsAre(page, numbers.adaEleventh!, 'only the order of 11 June in the store’s zone');
    assert.ok(
      asked.some((u) => u.searchParams.get('from') === '2025-06-10T12:00:00.000Z' && u.searchParams.get('to') === '2025-06-11T12:00:00.000Z'),
      `midnight to midnight in Auckland: ${asked.join(' ')}`,
    );
    await form.getByLabel('To').fill('2025-06-12');
    await form.getByRole('button', { name: 'Apply dates' }).click();
    await rowsAre(page, [...numbers.adaEleventh!, ...numbers.graceTwelfth!], '11 and 12 June');
    await page.getByRole('heading', { level: 2, name: /^Orders placed .* to .* in live mode/ }).waitFor();

    // Ada on 10 June: 21 orders, 20 and then one more with Load more; the filters survive a reload.
    await page.goto(`${t.baseUrl}/dashboard/orders?store=${shop.storeId}&customerId=${ada}&from=2025-06-10&to=2025-06-10`);
    await rowsAre(page, numbers.adaTenth!.slice(1), 'the newest 20 of her 21');
    await page.reload();
    await filter.getByText('Ada Lovelace').waitFor();
    assert.equal(await form.getByLabel('From').inputValue(), '2025-06-10');
    assert.equal(await form.getByLabel('To').inputValue(), '2025-06-10');
    await rowsAre(page, numbers.adaTenth!.slice(1), 'the same page after a reload');
    await page.getByRole('button', { name: 'Load more' }).click();
    await rowsAre(page, numbers.adaTenth!, 'all 21, none of Grace’s');
    await page.getByText('That is every order matching these filters.').waitFor();
    const more = asked.filter((u) => u.searchParams.has('cursor'));
    assert.ok(
      more.length > 0 && more.every((u) => u.searchParams.get('customerId') === ada && u.searchParams.get('from') === '2025-06-09T12:00:00.000Z' && u.searchParams.get('to') === '2025-06-10T12:00:00.000Z'),
      `the next page keeps the filters: ${more.join(' ')}`,
    );
    assert.equal(await page.getByRole('region', { name: 'Export as CSV' }).getByLabel('From').inputValue(), '2025-06-10', 'the export starts at the list’s days');
    await assertAccessible(page, 'orders list, filtered');
    await page.setViewportSize({ width: 375, height: 800 });
    await assertAccessible(page, 'orders list, filtered, at 375 px');
    const overflow = await page.evaluate(() => {
      const d = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return d.scrollWidth - d.clientWidth;
    });
    assert.ok(overflow <= 0, `nothing scrolls sideways at 375 px (${overflow} px)`);
    await page.setViewportSize({ width: 1100, height: 800 });

    // A filter that matches nothing says so and clears in one step.
    await form.getByLabel('Status').selectOption('refunded');
    await page.getByTestId('orders-empty').getByText('No orders match these filters.').waitFor();
    await page.getByTestId('orders-empty').getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => ['status', 'customerId', 'from', 'to'].every((name) => !url.searchParams.has(name)) && url.searchParams.get('store') === shop.storeId);
    await page.getByTestId('order-row').nth(19).waitFor();
    assert.equal(await page.getByTestId('order-row').count(), 20);
    await page.close();
  });

  it('says so when the customer id is not this store’s, shows refusals at their fields, and links from a customer to all their orders', { skip }, async () => {
    const { shop, ada, numbers } = await filterShop();
    // Another store's customer, with an order there.
    const elsewhere = await insertCustomer(t, owner.storeId, { name: 'Casey Elsewhere' });
    const { productId, skuIds } = await variableProduct(t.app, owner, { name: 'Elsewhere Mug', skus: [{ price: 9, quantityInStock: 5, attributes: { Size: 'One' } }] });
    await jsonClient(t.app)('PATCH', `/v1/products/${productId}`, { headers: owner.auth, body: { status: 'active' } });
    await t.container.services.orders.place(storeContext(owner, 'live', new Date('2025-06-10T03:00:00Z')), { customerId: elsewhere, lines: [{ skuId: skuIds[0]!, quantity: 1 }] });

    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/orders?store=${shop.storeId}&customerId=${elsewhere}`);
    await signInToDashboard(page, shop);
    const notice = page.getByTestId('customer-not-found');
    await notice.waitFor();
    assert.match(await notice.innerText(), new RegExp(`No customer has the id ${elsewhere} in this store`));
    await page.getByTestId('orders-empty').getByText('No orders match these filters.').waitFor();
    assert.equal(await page.getByTestId('order-row').count(), 0, 'none of the other store’s orders');
    await assertAccessible(page, 'orders list, a customer of another store');
    await page.getByRole('button', { name: 'Clear the customer filter' }).click();
    await page.waitForURL((url) => !url.searchParams.has('customerId'));
    await page.getByTestId('order-row').first().waitFor();

    // To before From: refused here, at To, and nothing asked of the API.
    const asked: URL[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/v1/orders') asked.push(url);
    });
    const form = page.getByTestId('order-filters');
    await form.getByLabel('From').fill('2025-06-13');
    await form.getByLabel('To').fill('2025-06-10');
    await form.getByRole('button', { name: 'Apply dates' }).click();
    await form.locator('.field-error').getByText('To must be on or after From.').waitFor();
    assert.equal(await form.getByLabel('To').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByTestId('order-row').count(), 0);
    assert.deepEqual(asked.map(String), [], 'no list asked for');
    await assertAccessible(page, 'orders list, a range refused');

    // A day that does not exist, typed into the URL: the API's 422 names `from`, shown at From.
    await page.goto(`${t.baseUrl}/dashboard/orders?store=${shop.storeId}&from=2025-02-30`);
    await form.locator('.field-error').getByText(/^From must be an ISO 8601 date-time/).waitFor();
    assert.equal(await form.getByLabel('From').getAttribute('aria-invalid'), 'true');
    assert.ok(asked.some((u) => u.searchParams.get('from') === '2025-02-30'), 'sent as typed for the API to judge');
    assert.equal(await page.getByRole('alert').count(), 0, 'no error panel besides the field');

    // The customer page links to all their orders, keeping the store.
    await page.goto(`${t.baseUrl}/dashboard/customers/${ada}?store=${shop.storeId}`);
    await page.getByTestId('customer-order-row').first().waitFor();
    await page.getByRole('link', { name: 'All their orders' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/orders' && url.searchParams.get('customerId') === ada && url.searchParams.get('store') === shop.storeId);
    await page.getByTestId('customer-filter').getByText('Ada Lovelace').waitFor();
    await rowsAre(page, [...numbers.adaTenth!, ...numbers.adaEleventh!].slice(-20), 'her newest 20');
    await page.close();
  });
  it('finds an order by its number: typed with the keyboard it opens the order; an unknown number, another store’s, a malformed one or an empty field is said plainly at the field', { skip }, async () => {
    const call = jsonClient(t.app);
    async function shopWithOrders(storeName: string, count: number) {
      const merchant = await signup(t.app, { storeName });
      const { productId, skuIds } = await variableProduct(t.app, merchant, { name: 'Trail Tee', skus: [{ price: 10, quantityInStock: 50, attributes: { Size: 'S' } }] });
      await call('PATCH', `/v1/products/${productId}`, { headers: merchant.auth, body: { status: 'active' } });
      const customerId = await insertCustomer(t, merchant.storeId);
      const orders: Array<{ id: string; number: string }> = [];
      for (let i = 0; i < count; i += 1) {
        const placed = await call('POST', '/v1/orders', { headers: merchant.auth, body: { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] } });
        assert.equal(placed.status, 201, placed.raw);
        orders.push(placed.body.data);
      }
      return { merchant, orders };
    }
    const mine = await shopWithOrders('Finder Goods', 3);
    const theirs = await shopWithOrders('Rival Goods', 5);
    const wanted = mine.orders[1]!;
    const onlyTheirs = theirs.orders[4]!;
    assert.ok(!mine.orders.some((o) => o.number === onlyTheirs.number), 'a number only the other store has');

    await context.clearCookies();
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    const asked: URL[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/v1/orders' && url.searchParams.has('number')) asked.push(url);
    });
    await page.goto(`${t.baseUrl}/dashboard/orders?store=${mine.merchant.storeId}`);
    await signInToDashboard(page, mine.merchant);
    await page.getByTestId('order-row').first().waitFor();
    const finder = page.getByRole('search', { name: 'Find an order' });
    const field = finder.getByRole('textbox', { name: 'Order number' });
    await assertAccessible(page, 'orders list with the find field, on a phone');
    const heightOf = (l: typeof field) => l.evaluate((el) => (el as unknown as { getBoundingClientRect(): { height: number } }).getBoundingClientRect().height);
    assert.equal(await heightOf(field), await heightOf(page.getByRole('searchbox', { name: 'Customer' })), 'the number field is drawn like the other text fields');

    // Empty: said at the field, nothing asked.
    await finder.getByRole('button', { name: 'Find order by number' }).click();
    await finder.getByText('Order number is needed: type the number shown on the order').waitFor();
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    assert.equal(asked.length, 0, 'an empty field asks the API nothing');

    // Another store's number: not found, in words, and the page stays.
    await field.fill(` ${onlyTheirs.number} `);
    await field.press('Enter');
    await finder.getByRole('status').getByText(`No order numbered ${onlyTheirs.number} in this store's live mode.`).waitFor();
    assert.equal(asked.at(-1)?.searchParams.get('number'), onlyTheirs.number, 'the number is sent trimmed');
    assert.match(page.url(), /\/dashboard\/orders\?/);
    assert.equal(await field.getAttribute('aria-invalid'), null, 'not found is no error of the field');
    await assertAccessible(page, 'find order: none found');

    // Malformed: the API's 422 shows at the field in words.
    await field.fill('ORD 1');
    await field.press('Enter');
    await finder.getByText(/Order number must be an order number as shown on the order/).waitFor();
    assert.equal(await finder.getByRole('status').innerText(), '', 'the earlier not-found is gone');
    await assertAccessible(page, 'find order: malformed number');

    // Every other refusal at the form.
    await field.fill(wanted.number);
    await meetsEveryRefusal(page, {
      where: 'find order by number',
      method: 'GET',
      path: /^\/v1\/orders$/,
      scope: () => page.getByRole('search', { name: 'Find an order' }),
      submit: () => page.getByRole('search', { name: 'Find an order' }).getByRole('button', { name: 'Find order by number' }).click(),
    });

    // Found: the order opens, keeping the store in the address.
    await field.fill(wanted.number);
    await field.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Order ${wanted.number}` }).waitFor();
    assert.equal(new URL(page.url()).pathname, `/dashboard/orders/${wanted.id}`);
    assert.equal(new URL(page.url()).searchParams.get('store'), mine.merchant.storeId);
    await page.close();
  });
});
