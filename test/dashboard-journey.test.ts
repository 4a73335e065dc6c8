import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { ensureDashboardBuilt } from '../src/dashboard-build.ts';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { assertAccessible, signInToDashboard } from './helpers/dashboard.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { IMAGES } from './helpers/images.ts';
import { client as jsonClient, type Merchant, signup } from './helpers/merchants.ts';
import { connect, registerClient } from './helpers/oauth.ts';

const skip = browserUnavailable();

/**
 * The issue's whole journey through the dashboard, in one browser session, as a merchant would take it: sign in → pick a
 * store → test mode → a VARIABLE product (two groups × three SKUs, an image) → one SKU's price changed and seen in the
 * list → an order placed through the API moved along its transitions and refunded → a restricted API key created and
 * used → a connected app removed → signed out, another merchant signed in sees nothing of the first. The sections'
 * own tests (dashboard-*.test.ts) cover each page in depth; this one proves they hold together.
 */
describeEachDatabase('a merchant’s journey through the dashboard in Chromium', (kind) => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;
  let owner: Merchant;
  let other: Merchant;
  let secondStore: string;

  before(async () => {
    if (skip) return;
    await ensureDashboardBuilt();
    t = await startListeningApp(kind);
    chromium = await launchChromium();
    context = chromium.context;
    const call = jsonClient(t.app);
    owner = await signup(t.app, { storeName: 'Northwind Outfitters' });
    const created = await call('POST', '/v1/stores', { headers: owner.auth, body: { name: 'Contoso Trail Co', currency: 'EUR', timezone: 'Europe/Berlin' } });
    assert.equal(created.status, 201, created.raw);
    secondStore = created.body.data.id;
    other = await signup(t.app, { storeName: 'Fabrikam Garden Supplies' });
  });
  after(async () => {
    await chromium?.close();
    await t?.close();
  });

  const png = (name: string) => ({ name, mimeType: 'image/png', buffer: IMAGES.png });

  it('sign in → store → test mode → VARIABLE product → SKU price → order moved and refunded → restricted key → app removed → another merchant sees nothing', { skip }, async () => {
    const call = jsonClient(t.app);
    const test = { ...owner.auth, 'x-merchantid': secondStore, 'x-mode': 'test' };
    const app = await connect(t.app, owner, { scope: 'orders:read', storeId: secondStore, client: await registerClient(t.app, { client_name: 'Trail Analytics' }) });
    const page: Page = await context.newPage();
    const apiCalls: Array<{ path: string; headers: Record<string, string> }> = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/v1/') || url.pathname.startsWith('/v2/')) apiCalls.push({ path: url.pathname, headers: r.headers() });
    });

    // Sign in, pick the second store, switch to test mode: the banner says so.
    await page.goto(`${t.baseUrl}/dashboard/products`);
    await signInToDashboard(page, owner);
    await page.getByRole('link', { name: /Contoso Trail Co/ }).or(page.getByRole('button', { name: /Contoso Trail Co/ })).first().click();
    await page.getByLabel('Mode').selectOption('test');
    await page.getByTestId('test-mode-banner').waitFor();
    assert.match(await page.getByTestId('store-name').innerText(), /Contoso Trail Co/);

    // A VARIABLE product with an image.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Products' }).click();
    await page.getByText('No products yet. Create your first with New product.').waitFor();
    await page.getByRole('link', { name: 'New product' }).first().click();
    await page.getByRole('radio', { name: /Variable/ }).check();
    await page.getByLabel('Name', { exact: true }).fill('Ridge Shell');
    // Active is offered once it has SKUs (below).
    assert.equal(await page.getByRole('option', { name: /^Active/ }).isDisabled(), true);
    await page.getByLabel('Add an image').setInputFiles(png('shell.png'));
    await page.getByTestId('image-preview').first().waitFor();
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ridge Shell' }).waitFor();

    // Two groups of three SKUs.
    const addGroup = page.getByRole('form', { name: 'Add a variant group' });
    for (const [value, code] of [
      ['Slate', 'SL'],
      ['Moss', 'MO'],
    ] as const) {
      await addGroup.getByLabel('Dimension').fill('Color');
      await addGroup.getByLabel('Value').fill(value);
      for (const [i, size] of ['S', 'M', 'L'].entries()) {
        if (i > 0) await addGroup.getByRole('button', { name: 'Add another SKU' }).click();
        const row = addGroup.getByRole('group', { name: `SKU ${i + 1}` });
        await row.getByLabel('Price (EUR)').fill(String(100 + 10 * i));
        await row.getByLabel('Stock').fill('4');
        await row.getByLabel('SKU code').fill(`RS-${code}-${size}`);
        await row.getByLabel('Options').fill(`Size=${size}`);
      }
      await addGroup.getByRole('button', { name: 'Add group' }).click();
      await addGroup.getByText(`Added Color: ${value} with 3 SKUs.`).waitFor();
    }
    await page.getByTestId('sku-row').nth(5).waitFor(); // the grid is read again after each group
    assert.equal(await page.getByTestId('sku-row').count(), 6);
    // With SKUs it may go on sale: made active through its details.
    await page.getByTestId('needs-skus').waitFor({ state: 'detached' });
    await page.getByLabel('Status').selectOption('active');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    const products = (await call('GET', '/v1/products', { headers: test })).body.data as Array<{ id: string; imageFileIds: string[] }>;
    assert.equal(products.length, 1, 'one product, in test mode');
    assert.equal(products[0]!.imageFileIds.length, 1, 'with its image');
    assert.deepEqual((await call('GET', '/v1/products', { headers: { ...owner.auth, 'x-merchantid': secondStore } })).body.data, [], 'nothing in live mode');

    // One SKU's price, changed inline, shows in the list.
    await page.getByRole('button', { name: 'Edit SKU RS-MO-L (Size: L)' }).click();
    const editor = page.getByRole('form', { name: /Editing SKU RS-MO-L/ });
    await editor.getByLabel('Price (EUR)').fill('150');
    await editor.getByRole('button', { name: 'Save SKU' }).click();
    await editor.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'All products' }).click();
    const listed = page.getByTestId('product-row').filter({ hasText: 'Ridge Shell' });
    await listed.getByTestId('product-price').getByText(/100\.00.*150\.00/).waitFor();
    await assertAccessible(page, 'products list, test mode');

    // An order placed through the API, moved along the transitions the API offers, then refunded in full.
    const tree = (await call('GET', `/v2/products/${products[0]!.id}`, { headers: test })).body.data as { variantGroups: Array<{ skus: Array<{ id: string; sku: string }> }> };
    const skuId = tree.variantGroups[1]!.skus.find((s) => s.sku === 'RS-MO-L')!.id;
    const customer = await call('POST', '/v1/customers', { headers: test, body: { name: 'Dana Hill', email: 'dana@example.com' } });
    assert.equal(customer.status, 201, customer.raw);
    const placed = await call('POST', '/v1/orders', { headers: test, body: { customerId: customer.body.data.id, lines: [{ skuId, quantity: 1 }] } });
    assert.equal(placed.status, 201, placed.raw);
    const order = placed.body.data as { id: string; number: string };
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Orders' }).click();
    const orderRow = page.getByTestId('order-row').filter({ hasText: order.number });
    assert.match(await orderRow.innerText(), /Dana Hill[\s\S]*150\.00/);
    await orderRow.getByRole('link', { name: order.number }).click();
    const moves = page.getByTestId('order-moves');
    await moves.getByRole('button', { name: 'Mark paid' }).click();
    await page.getByTestId('order-status').getByText('Paid', { exact: true }).waitFor();
    await moves.getByRole('button', { name: 'Refund in full' }).click();
    await page.getByRole('button', { name: `Refund ${order.number} in full` }).click();
    await page.getByTestId('order-status').getByText('Refunded', { exact: true }).waitFor();
    const refunded = (await call('GET', `/v1/orders/${order.id}`, { headers: test })).body.data;
    assert.equal(refunded.status, 'refunded');
    assert.deepEqual(refunded.history.map((h: { to: string }) => h.to), ['pending', 'paid', 'refunded']);
    await assertAccessible(page, 'a refunded order');

    // A restricted API key (orders:read only), shown once, works for what it allows and nothing more.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Name').fill('Order reader');
    await page.getByRole('checkbox', { name: 'orders:read', exact: true }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const secret = (await page.getByTestId('new-key-secret').innerText()).trim();
    assert.match(secret, /^sk_test_/, 'a test-mode key');
    const keyed = { 'x-merchantapikey': secret };
    const read = await call('GET', '/v1/orders', { headers: keyed });
    assert.equal(read.status, 200, read.raw);
    assert.deepEqual(read.body.data.map((o: { number: string }) => o.number), [order.number]);
    assert.equal((await call('GET', '/v1/products', { headers: keyed })).status, 403, 'products:read was not given');

    // The connected app goes, after a confirmation naming it.
    assert.equal((await call('GET', '/v1/orders', { headers: app.auth })).status, 200);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Connected apps' }).click();
    const appRow = page.getByTestId('connected-app-row').filter({ hasText: 'Trail Analytics' });
    await appRow.getByRole('button', { name: /^Remove Trail Analytics from / }).click();
    await page.getByTestId('confirm-remove-app').getByRole('button', { name: 'Remove Trail Analytics' }).click();
    await page.getByText('No apps are connected.').waitFor();
    assert.equal((await call('GET', '/v1/orders', { headers: app.auth })).status, 401, 'its token stopped');

    // Every call was the dashboard's, and no token sits in web storage.
    for (const c of apiCalls) assert.equal(c.headers['x-service-client'], 'dashboard', c.path);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    assert.doesNotMatch(stored, /cs_sess_|sk_live_|sk_test_/);

    // Sign out; another merchant of another store signs in and sees nothing of the first.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    const bodies: string[] = [];
    page.on('response', async (r) => {
      if (new URL(r.url()).pathname.startsWith('/v1/')) bodies.push(await r.text().catch(() => ''));
    });
    await page.goto(`${t.baseUrl}/dashboard`);
    await signInToDashboard(page, other);
    await page.getByTestId('summary').waitFor();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Products' }).click();
    await page.getByText('No products yet. Create your first with New product.').waitFor();
    const text = await page.locator('body').innerText();
    assert.match(text, /Fabrikam Garden Supplies/);
    for (const first of ['Northwind Outfitters', 'Contoso Trail Co', 'Ridge Shell', owner.email]) {
      assert.ok(!text.includes(first), `${first} is not shown`);
      for (const body of bodies) assert.ok(!body.includes(first), `no answer to the second merchant carries ${first}`);
    }
    await page.close();
  });
});
