import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { ensureDashboardBuilt } from '../src/dashboard-build.ts';
import { variableProduct } from './helpers/catalog.ts';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { assertAccessible, signInToDashboard } from './helpers/dashboard.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient, joinStore, type Merchant, signup } from './helpers/merchants.ts';

const skip = browserUnavailable();

/** Issue 38's everyday fixes, in Chromium: how disabled buttons look, switching store, merchant words, the overview's links, the phone menu. */
describeEachDatabase('the dashboard for a day of orders (Chromium)', (kind) => {
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

  async function openAs(who: Merchant, path: string): Promise<Page> {
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard${path}`);
    await signInToDashboard(page, who);
    return page;
  }

  const looks = (button: Locator) =>
    button.evaluate((el) => {
      const style = (globalThis as unknown as { getComputedStyle(e: unknown): Record<string, string> }).getComputedStyle(el);
      return { background: style.backgroundColor, color: style.color, border: style.borderTopStyle, cursor: style.cursor };
    });

  /** Everything a merchant reads on the page: no HTTP verbs with API paths, no raw record ids. */
  async function merchantWords(page: Page, where: string, ids: string[] = []): Promise<void> {
    const text = await page.locator('body').innerText();
    assert.doesNotMatch(text, /\b(?:GET|POST|PATCH|PUT|DELETE) \/v\d|\/v1\//, `${where}: no API paths`);
    for (const id of ids) assert.ok(!text.includes(id), `${where}: the raw id ${id} is not shown`);
  }

  it('a disabled button looks disabled: greyed with a dashed edge, unlike the same kind enabled', { skip }, async () => {
    const owner = await signup(t.app, { storeName: 'Disabled Goods' });
    const { productId } = await variableProduct(t.app, owner, { name: 'Field Tent' });
    const page = await openAs(owner, `/products/${productId}?store=${owner.storeId}`);
    await page.getByRole('button', { name: /^Edit group / }).click();
    const editor = page.getByRole('form', { name: /^Editing the group/ });
    const save = editor.getByRole('button', { name: 'Save group' });
    assert.equal(await save.isDisabled(), true, 'nothing changed yet');
    const disabled = await looks(save);
    const enabledPrimary = await looks(page.getByRole('form', { name: 'Add a variant group' }).getByRole('button', { name: 'Add group' }));
    const enabledPlain = await looks(editor.getByRole('button', { name: 'Cancel' }));
    assert.notEqual(disabled.background, enabledPrimary.background, 'not the primary colour');
    assert.notEqual(disabled.color, enabledPrimary.color);
    assert.equal(disabled.border, 'dashed');
    assert.equal(enabledPlain.border, 'solid');
    assert.equal(disabled.cursor, 'not-allowed');
    await assertAccessible(page, 'a disabled Save button');
    // Changing something enables it, and it looks like the primary button it is.
    await editor.getByLabel('Value').fill('Green');
    assert.equal(await save.isDisabled(), false);
    assert.deepEqual(await looks(save), { ...enabledPrimary, cursor: 'pointer' });
    await page.close();
  });

  it('switching store or mode on a detail page shows the new store’s list of that section, and drops a filter naming the old store’s record', { skip }, async () => {
    const call = jsonClient(t.app);
    const owner = await signup(t.app, { storeName: 'First Goods' });
    const { productId, skuIds } = await variableProduct(t.app, owner, { name: 'Trail Lamp', skus: [{ price: 15, quantityInStock: 9, attributes: { Size: 'One' } }] });
    const second = await call('POST', '/v1/stores', { headers: owner.auth, body: { name: 'Second Goods', currency: 'EUR', timezone: 'Europe/Berlin' } });
    assert.equal(second.status, 201, second.raw);
    const secondId = second.body.data.id as string;
    const ownerHere = { ...owner.auth, 'x-merchantid': owner.storeId };
    await call('PATCH', `/v1/products/${productId}`, { headers: ownerHere, body: { status: 'active' } });
    const customer = await call('POST', '/v1/customers', { headers: ownerHere, body: { name: 'Dana Doe', email: 'dana@example.com', addresses: [{ line1: '1 Main St', city: 'Springfield', countryId: 'US' }] } });
    assert.equal(customer.status, 201, customer.raw);
    const placed = await call('POST', '/v1/orders', { headers: ownerHere, body: { customerId: customer.body.data.id, lines: [{ skuId: skuIds[0], quantity: 1 }] } });
    assert.equal(placed.status, 201, placed.raw);

    const page = await openAs(owner, `/orders/${placed.body.data.id}?store=${owner.storeId}`);
    await page.getByRole('heading', { level: 1, name: `Order ${placed.body.data.number}` }).waitFor();
    await merchantWords(page, 'an order', [customer.body.data.id]);
    // The customer is a link to their page, by name.
    await page.getByTestId('order-customer').getByText('Dana Doe').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Dana Doe' }).getAttribute('href'), `/dashboard/customers/${customer.body.data.id}?store=${owner.storeId}`);

    await page.getByRole('combobox', { name: /^Store/ }).selectOption({ label: 'Second Goods' });
    await page.waitForURL((url) => url.pathname === '/dashboard/orders' && url.searchParams.get('store') === secondId);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByText('No orders yet.').waitFor();
    assert.equal(await page.getByRole('alert').count(), 0, 'no error');
    await assertAccessible(page, 'orders of the second store after a switch');

    // Mode on a customer's page: the customers of test mode.
    await page.goto(`${t.baseUrl}/dashboard/customers/${customer.body.data.id}?store=${owner.storeId}`);
    await page.getByRole('heading', { level: 1, name: 'Dana Doe' }).waitFor();
    await page.getByLabel('Mode').selectOption('test');
    await page.waitForURL((url) => url.pathname === '/dashboard/customers' && url.searchParams.get('mode') === 'test' && url.searchParams.get('store') === owner.storeId);
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    assert.equal(await page.getByRole('alert').count(), 0);

    // A list filtered by a customer of the first store loses that filter, keeps its other filters.
    await page.goto(`${t.baseUrl}/dashboard/orders?store=${owner.storeId}&customerId=${customer.body.data.id}&status=pending`);
    await page.getByTestId('order-row').first().waitFor();
    await page.getByRole('combobox', { name: /^Store/ }).selectOption({ label: 'Second Goods' });
    await page.waitForURL((url) => url.searchParams.get('store') === secondId && !url.searchParams.has('customerId') && url.searchParams.get('status') === 'pending');
    await page.getByTestId('orders-empty').waitFor();
    assert.equal(await page.getByTestId('customer-not-found').count(), 0);
    await page.close();
  });

  it('speaks to merchants: empty pages name no API call, and an invitation is a link to pass on', { skip }, async () => {
    const owner = await signup(t.app, { storeName: 'Empty Shelf' });
    const page = await openAs(owner, `/?store=${owner.storeId}`);
    await page.getByTestId('summary').waitFor();
    await page.getByRole('link', { name: 'Add a product' }).waitFor();
    await page.getByRole('link', { name: 'Create one' }).waitFor();
    await merchantWords(page, 'the overview of an empty store');
    for (const [path, heading, empty] of [
      ['/inventory', 'Inventory', 'No SKUs yet.'],
      ['/customers', 'Customers', 'No customers yet.'],
      ['/reviews', 'Reviews', 'No reviews yet.'],
      ['/orders', 'Orders', 'No orders yet.'],
    ] as const) {
      await page.goto(`${t.baseUrl}/dashboard${path}?store=${owner.storeId}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.getByText(empty).waitFor();
      await merchantWords(page, heading);
    }
    await page.close();

    // A missing permission is said in words, its code after them for asking an owner.
    const staff = await joinStore(t.app, owner, 'staff');
    const staffPage = await openAs(staff, `/products/new?store=${owner.storeId}`);
    await staffPage.getByText(/^Your role in this store lacks the permission to create, edit and delete products \(products:write\)/).waitFor();
    await assertAccessible(staffPage, 'a missing permission in words');
    await staffPage.close();
  });

  it('the overview links a low-stock SKU to its restock form, counts low SKUs as in stock, and shows an ad published here at once', { skip }, async () => {
    const owner = await signup(t.app, { storeName: 'Low Shelf' });
    await variableProduct(t.app, owner, {
      name: 'Camp Stove',
      skus: [
        { sku: 'STOVE-1', price: 40, quantityInStock: 50, attributes: { Size: 'One' } },
        { sku: 'STOVE-2', price: 60, quantityInStock: 2, attributes: { Size: 'Two' } },
        { sku: 'STOVE-3', price: 80, quantityInStock: 0, attributes: { Size: 'Three' } },
      ],
    });
    const page = await openAs(owner, `/?store=${owner.storeId}`);
    await page.getByTestId('summary').waitFor();
    const inventory = page.getByRole('region', { name: 'Inventory' });
    await inventory.getByText('SKUs in stock').waitFor();
    const stats = (await inventory.locator('dl').innerText()).replace(/\s+/g, ' ');
    assert.match(stats, /SKUs in stock 2 Low \(≤ \d+\) 1 Out of stock 1/, stats);
    await page.getByRole('region', { name: 'Promo ads live now' }).getByText('No promo ad is live.').waitFor();

    // Low stock: each SKU opens the inventory page with its Adjust stock form.
    const low = page.getByRole('region', { name: 'Low stock' });
    await low.getByRole('link', { name: /^Restock Camp Stove \(.*STOVE-2/ }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/inventory' && url.searchParams.has('sku') && url.searchParams.get('store') === owner.storeId);
    await page.getByRole('button', { name: 'Adjust stock' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Camp Stove (Color: Red, Size: Two)' }).waitFor();
    await assertAccessible(page, 'inventory opened from the overview');

    // An ad published here shows on the overview at once (its read goes past the browser's 30-minute cache once).
    // Within the app (no reload: the same session token, so the browser's cache would answer the overview's read).
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Promo ads' }).click();
    await page.getByRole('link', { name: 'New promo ad' }).first().click();
    await page.getByLabel('Title').fill('Winter sale');
    await page.getByLabel('Status').selectOption('published');
    await page.getByRole('button', { name: 'Create promo ad' }).click();
    await page.getByRole('heading', { level: 1, name: /Winter sale/ }).waitFor();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('region', { name: 'Promo ads live now' }).getByText('Winter sale').waitFor({ timeout: 5000 });
    await page.close();
  });

  it('on a phone the page starts near the top: the switches and sections fold behind a Menu button that opens, closes with Escape and after a choice', { skip }, async () => {
    const call = jsonClient(t.app);
    const owner = await signup(t.app, { storeName: 'Pocket Goods' });
    await call('POST', '/v1/stores', { headers: owner.auth, body: { name: 'Pocket Goods Two', currency: 'USD', timezone: 'UTC' } });
    const page = await openAs(owner, `/orders?store=${owner.storeId}`);
    await page.setViewportSize({ width: 375, height: 740 });
    const heading = page.getByRole('heading', { level: 1, name: 'Orders' });
    await heading.waitFor();
    const top = (await heading.boundingBox())!.y;
    assert.ok(top < 140, `the page's heading starts at ${top} px`);
    const menu = page.getByRole('button', { name: 'Menu' });
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.getByRole('navigation', { name: 'Sections' }).isVisible(), false);
    await assertAccessible(page, 'a phone, menu closed');

    await menu.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    assert.equal(await close.getAttribute('aria-expanded'), 'true');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Customers' }).waitFor();
    await page.getByRole('combobox', { name: /^Store/ }).waitFor();
    await assertAccessible(page, 'a phone, menu open');
    await page.keyboard.press('Escape');
    assert.equal(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded'), 'false');
    assert.equal(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document.activeElement?.textContent), 'Menu', 'focus back on Menu');

    // Keyboard: open, go to Customers; the menu folds on arrival.
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded'), 'false');
    assert.equal(await page.getByRole('navigation', { name: 'Sections' }).isVisible(), false);

    // Wide, there is no Menu button and everything shows.
    await page.setViewportSize({ width: 1100, height: 800 });
    assert.equal(await page.getByRole('button', { name: 'Menu' }).isVisible(), false);
    assert.equal(await page.getByRole('navigation', { name: 'Sections' }).isVisible(), true);
    await page.close();
  });
  it('opens the last store chosen at the next sign-in instead of the store picker', { skip }, async () => {
    const call = jsonClient(t.app);
    const owner = await signup(t.app, { storeName: 'Morning Goods' });
    const second = await call('POST', '/v1/stores', { headers: owner.auth, body: { name: 'Evening Goods', currency: 'USD', timezone: 'UTC' } });
    assert.equal(second.status, 201, second.raw);
    const page = await openAs(owner, '');
    await page.getByRole('heading', { level: 1, name: 'Choose a store' }).waitFor();
    await page.getByRole('button', { name: /Evening Goods/ }).or(page.getByRole('link', { name: /Evening Goods/ })).first().click();
    await page.getByTestId('summary').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    await page.goto(`${t.baseUrl}/dashboard`);
    await signInToDashboard(page, owner);
    await page.getByTestId('summary').waitFor();
    assert.match(await page.getByTestId('store-name').innerText(), /Evening Goods/);
    assert.equal(await page.getByRole('heading', { level: 1, name: 'Choose a store' }).count(), 0);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    assert.doesNotMatch(stored, /cs_sess_|sk_live_|sk_test_/, 'only the store id is kept, no credential');
    await page.close();
  });

  it('gives the keyboard back to the form after creating, offers currencies and time zones as lists, never offers the only owner Remove, and keeps a VARIABLE product without SKUs out of Active', { skip }, async () => {
    const call = jsonClient(t.app);
    const owner = await signup(t.app, { storeName: 'Tidy Goods' });
    const page = await openAs(owner, `/categories?store=${owner.storeId}`);
    const create = page.getByRole('region', { name: 'Create a category' });
    await create.getByLabel('Name').fill('Lamps');
    await create.getByRole('button', { name: 'Create category' }).click(); // focus on the button, disabled while it sends
    await create.getByText('Created “Lamps”.').waitFor();
    await page.waitForFunction(() => {
      const d = (globalThis as unknown as { document: { activeElement: { tagName: string; id: string } | null } }).document;
      return d.activeElement?.tagName === 'INPUT';
    });
    assert.equal(await create.getByLabel('Name').evaluate((el) => el === (el as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement), true, 'focus on Name, ready for the next');

    // Currency and time zone: lists to choose from, saved as codes.
    await page.goto(`${t.baseUrl}/dashboard/settings?store=${owner.storeId}`);
    const business = page.getByTestId('business-form');
    const currency = business.getByLabel('Currency');
    assert.equal(await currency.evaluate((el) => (el as unknown as { tagName: string }).tagName), 'SELECT');
    assert.ok((await currency.locator('option').count()) > 100, 'ISO 4217 currencies');
    await business.getByRole('option', { name: 'EUR · Euro' }).waitFor({ state: 'attached' });
    const zone = business.getByLabel('Time zone');
    assert.ok((await zone.locator('option').count()) > 300, 'IANA time zones');
    await zone.selectOption('Europe/Berlin');
    await business.getByRole('button', { name: 'Save the business profile' }).click();
    await business.getByText('Saved.', { exact: true }).waitFor();
    assert.equal((await call('GET', '/v1/merchants/profile/business', { headers: owner.auth })).body.data.timezone, 'Europe/Berlin');
    await assertAccessible(page, 'settings with currency and time zone lists');

    // The only owner: no Remove on their own row, a note why; another member can be removed.
    const staff = await joinStore(t.app, owner, 'staff');
    await page.goto(`${t.baseUrl}/dashboard/team?store=${owner.storeId}`);
    const ownerRow = page.getByTestId('member-row').filter({ hasText: '(you)' });
    await ownerRow.getByTestId('only-owner').waitFor();
    assert.equal(await ownerRow.getByRole('button', { name: /^Remove/ }).count(), 0);
    await page.getByTestId('member-row').filter({ hasText: staff.email }).getByRole('button', { name: /^Remove/ }).waitFor();
    await assertAccessible(page, 'team with the only owner');

    // A new VARIABLE product cannot start Active; a SIMPLE one can.
    await page.goto(`${t.baseUrl}/dashboard/products/new?store=${owner.storeId}`);
    assert.equal(await page.getByRole('option', { name: /^Active/ }).isDisabled(), false, 'SIMPLE: active offered');
    await page.getByLabel('Status').selectOption('active');
    await page.getByRole('radio', { name: /Variable/ }).check();
    assert.equal(await page.getByLabel('Status').inputValue(), 'draft', 'switched back to draft');
    assert.equal(await page.getByRole('option', { name: /^Active/ }).isDisabled(), true);
    await page.getByText('It can be made active once it has SKUs').waitFor();
    await page.close();
  });

  it('gives the keyboard to what a form created when it opens: the new product’s and the new customer’s heading, not the page’s body; a filter moves nothing', { skip }, async () => {
    const owner = await signup(t.app, { storeName: 'Focus Goods' });
    const focused = (page: Page) =>
      page.evaluate(() => {
        const el = (globalThis as unknown as { document: { activeElement: { tagName: string; textContent: string } | null } }).document.activeElement;
        return el ? `${el.tagName}:${el.textContent}` : null;
      });
    const page = await openAs(owner, `/products/new?store=${owner.storeId}`);
    await page.getByRole('radio', { name: /Variable/ }).check();
    await page.getByLabel('Name', { exact: true }).fill('Desk Lamp');
    await page.getByRole('button', { name: 'Create product' }).press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Desk Lamp' }).waitFor();
    await page.waitForFunction(() => (globalThis as unknown as { document: { activeElement: { tagName: string } | null } }).document.activeElement?.tagName === 'H1');
    assert.equal(await focused(page), 'H1:Desk Lamp', 'the new product’s heading has the keyboard');
    // The next Tab goes on into the product's page, not back to the top of the document.
    await page.keyboard.press('Tab');
    assert.notEqual(await focused(page), 'BODY:', 'Tab moves on from the heading');
    await assertAccessible(page, 'a product just created, its heading focused');

    await page.goto(`${t.baseUrl}/dashboard/customers?store=${owner.storeId}`);
    await page.getByRole('button', { name: 'Add a customer' }).click();
    const form = page.getByRole('form', { name: 'New customer' });
    await form.getByLabel('Name').fill('Fran Focus');
    await form.getByLabel('Email').fill('fran@example.com');
    await form.getByLabel('Email').press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Fran Focus' }).waitFor();
    await page.waitForFunction(() => (globalThis as unknown as { document: { activeElement: { tagName: string } | null } }).document.activeElement?.tagName === 'H1');
    assert.equal(await focused(page), 'H1:Fran Focus', 'the new customer’s heading has the keyboard');

    // A filter changes only the query string: the keyboard stays where the merchant put it.
    await page.goto(`${t.baseUrl}/dashboard/orders?store=${owner.storeId}`);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByLabel('Status').focus();
    await page.getByLabel('Status').selectOption('paid');
    await page.waitForURL((url) => url.searchParams.get('status') === 'paid');
    await page.getByText('No orders match these filters.').waitFor();
    assert.equal((await focused(page))?.startsWith('SELECT:'), true, 'focus stays on Status');
    await page.close();
  });

  it('restocks several low SKUs in one form: one adjustment each (once on a double click), a refusal at its row, the overview up to date at once', { skip }, async () => {
    const call = jsonClient(t.app);
    const owner = await signup(t.app, { storeName: 'Restock Goods' });
    const { skuIds } = await variableProduct(t.app, owner, {
      name: 'Hiking Sock',
      skus: [
        { sku: 'SOCK-S', price: 9, quantityInStock: 2, attributes: { Size: 'S' } },
        { sku: 'SOCK-M', price: 9, quantityInStock: 1, attributes: { Size: 'M' } },
        { sku: 'SOCK-L', price: 9, quantityInStock: 0, attributes: { Size: 'L' } },
        { sku: 'SOCK-XL', price: 9, quantityInStock: 40, attributes: { Size: 'XL' } },
      ],
    });
    const stockOf = async (id: string) => {
      const r = await call('GET', `/v1/inventory/skus/${id}`, { headers: owner.auth });
      return r.body.data.sku.quantityInStock as number;
    };
    const page = await openAs(owner, `/?store=${owner.storeId}`);
    await page.getByRole('region', { name: 'Low stock' }).getByText('SOCK-S', { exact: false }).waitFor(); // read once: now in the browser's cache
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Inventory' }).click();
    await page.getByLabel('Stock', { exact: true }).selectOption('low');
    await page.getByTestId('stock-row').nth(1).waitFor();
    await page.getByRole('button', { name: 'Restock several' }).click();
    const form = page.getByRole('form', { name: 'Restock several SKUs' });
    const rows = form.getByTestId('restock-row');
    assert.equal(await rows.count(), 2, 'the low ones listed (out of stock is its own filter)');
    const posts: Array<{ key: string | undefined; body: unknown }> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/inventory/adjustments') posts.push({ key: r.headers()['idempotency-key'], body: r.postDataJSON() });
    });
    await form.getByLabel(/^Units to add: Hiking Sock \(.*Size: S\)/).fill('20');
    await form.getByLabel(/^Units to add: Hiking Sock \(.*Size: M\)/).fill('-5');
    await assertAccessible(page, 'restocking several');
    await form.getByRole('button', { name: 'Save 2 changes' }).dblclick();
    const summary = form.getByTestId('restock-summary');
    await summary.getByText(/^Restocked 1 SKU\. 1 was refused/).waitFor();
    await rows.filter({ hasText: 'SOCK-S' }).getByText('22').waitFor();
    const refused = rows.filter({ hasText: 'SOCK-M' });
    await refused.locator('.field-error').getByText('Units to add must be at least -1.').waitFor();
    assert.equal(await refused.getByRole('spinbutton').getAttribute('aria-invalid'), 'true');
    assert.deepEqual([await stockOf(skuIds[0]!), await stockOf(skuIds[1]!)], [22, 1]);
    assert.equal(new Set(posts.filter((p) => (p.body as { skuId: string }).skuId === skuIds[0]).map((p) => p.key)).size, 1, 'one key for SOCK-S on a double click');
    await assertAccessible(page, 'restocking several, one refused');

    // Corrected, saved again: only that row is sent.
    const before = posts.length;
    await refused.getByRole('spinbutton').fill('9');
    await form.getByRole('button', { name: 'Save', exact: true }).click();
    await summary.getByText('Restocked 1 SKU.').waitFor();
    assert.equal(posts.length - before, 1);
    assert.equal(await stockOf(skuIds[1]!), 10);

    // The overview shows it at once, past its cached low-stock list.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Overview' }).click();
    const low = page.getByRole('region', { name: 'Low stock' });
    await low.getByText(/SOCK-L/).waitFor();
    // Restocked, SOCK-S leaves the list once the overview's read comes back (the browser's cached list would keep it for minutes).
    await low.getByText(/SOCK-S/).waitFor({ state: 'detached', timeout: 5000 });
    await page.close();
  });

  it('makes variant groups and SKUs from options in one grid: each combination priced and stocked, a refusal at its cell, the rest created', { skip }, async () => {
    const call = jsonClient(t.app);
    const owner = await signup(t.app, { storeName: 'Grid Goods' });
    await variableProduct(t.app, owner, { name: 'Other Tee', skus: [{ sku: 'TAKEN-1', price: 10, quantityInStock: 1, attributes: { Size: 'X' } }] });
    const made = await call('POST', '/v1/products', { headers: owner.auth, body: { type: 'VARIABLE', name: 'Grid Tee' } });
    assert.equal(made.status, 201, made.raw);
    const productId = made.body.data.id as string;
    const page = await openAs(owner, `/products/${productId}?store=${owner.storeId}`);
    const grid = page.getByRole('form', { name: 'Make groups and SKUs from options' });
    await grid.getByLabel('Groups differ by').fill('Color');
    await grid.getByLabel('Group values').fill('Red, Blue');
    await grid.getByLabel('SKUs differ by').fill('Size');
    await grid.getByLabel('Option values').fill('S, M, L');
    await grid.getByLabel(/^Price for every SKU/).fill('20');
    await grid.getByLabel('Stock for every SKU').fill('5');
    assert.equal(await grid.getByTestId('options-row').count(), 6);
    await grid.getByLabel('Price: Color: Blue, Size: L').fill('24');
    await grid.getByLabel('SKU code: Color: Red, Size: S').fill('GRID-RS');
    await grid.getByLabel('SKU code: Color: Blue, Size: S').fill('TAKEN-1');
    await assertAccessible(page, 'the options grid');
    await grid.getByRole('button', { name: 'Create 2 groups with 6 SKUs' }).click();
    const summary = grid.getByTestId('options-grid-summary');
    await summary.getByText(/^Created 1 group \(Color: Red\)\. 1 group was refused/).waitFor();
    assert.equal(await grid.getByTestId('options-row').count(), 3, 'Blue stays to correct');
    await grid.locator('.field-error').getByText('SKU code must be unique within the store.').waitFor();
    assert.equal(await grid.getByLabel('SKU code: Color: Blue, Size: S').getAttribute('aria-invalid'), 'true');
    await assertAccessible(page, 'the options grid, one group refused');
    await grid.getByLabel('SKU code: Color: Blue, Size: S').fill('GRID-BS');
    await grid.getByRole('button', { name: 'Create 1 group with 3 SKUs' }).click();
    await summary.getByText('Created 1 group (Color: Blue).').waitFor();
    const tree = (await call('GET', `/v2/products/${productId}`, { headers: owner.auth })).body.data;
    assert.deepEqual(
      tree.variantGroups.map((g: { attributeName: string; attributeValue: string; skus: Array<{ sku: string | null; price: number; quantityInStock: number; attributes: Record<string, string> }> }) => [
        `${g.attributeName}: ${g.attributeValue}`,
        g.skus.map((s) => `${s.attributes.Size}:${s.price}:${s.quantityInStock}:${s.sku ?? '-'}`),
      ]),
      [
        ['Color: Red', ['S:20:5:GRID-RS', 'M:20:5:-', 'L:20:5:-']],
        ['Color: Blue', ['S:20:5:GRID-BS', 'M:20:5:-', 'L:24:5:-']],
      ],
    );
    await page.getByTestId('sku-row').nth(5).waitFor();
    await page.close();
  });

  it('gives the keyboard to the new payment link, and to the payment figures after recording a payment', { skip }, async () => {
    const call = jsonClient(t.app);
    const owner = await signup(t.app, { storeName: 'Focus Goods' });
    const { productId, skuIds } = await variableProduct(t.app, owner, { name: 'Compass', skus: [{ price: 30, quantityInStock: 5, attributes: { Size: 'One' } }] });
    await call('PATCH', `/v1/products/${productId}`, { headers: owner.auth, body: { status: 'active' } });
    const customer = await call('POST', '/v1/customers', { headers: owner.auth, body: { name: 'Finn Focus', email: 'finn@example.com', addresses: [{ line1: '1 Main St', city: 'Springfield', countryId: 'US' }] } });
    const placed = await call('POST', '/v1/orders', { headers: owner.auth, body: { customerId: customer.body.data.id, lines: [{ skuId: skuIds[0], quantity: 1 }] } });
    assert.equal(placed.status, 201, placed.raw);
    const focusedTestId = (page: Page) =>
      page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('data-testid') ?? null);

    const page = await openAs(owner, `/payments?store=${owner.storeId}`);
    const link = page.getByRole('region', { name: 'Create a payment link' });
    await link.getByLabel(/^Amount/).fill('12');
    await link.getByRole('button', { name: 'Create link' }).click();
    await page.getByTestId('new-payment-link').waitFor();
    await page.waitForFunction(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('data-testid') === 'new-payment-link');

    await page.goto(`${t.baseUrl}/dashboard/orders/${placed.body.data.id}?store=${owner.storeId}`);
    const record = page.getByRole('form', { name: 'Record a payment' });
    await record.getByLabel(/^Amount/).fill('10');
    await record.getByRole('button', { name: 'Record payment' }).click();
    await page.getByTestId('payment-figures').getByText(/Paid \$10\.00/).waitFor();
    await page.waitForFunction(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('data-testid') === 'payment-figures');
    assert.equal(await focusedTestId(page), 'payment-figures');
    await assertAccessible(page, 'an order after recording a payment');
    await page.close();
  });

  it('adds a customer by hand (once on a double click), a taken email shown at Email, and opens their page with the address', { skip }, async () => {
    const call = jsonClient(t.app);
    const owner = await signup(t.app, { storeName: 'Phone Orders' });
    const taken = await call('POST', '/v1/customers', { headers: owner.auth, body: { name: 'Taken Tess', email: 'tess@example.com' } });
    assert.equal(taken.status, 201, taken.raw);
    const page = await openAs(owner, `/customers?store=${owner.storeId}`);
    await page.getByRole('button', { name: 'Add a customer' }).click();
    const form = page.getByRole('form', { name: 'New customer' });
    await form.getByLabel('Name').fill('Pat Phone');
    await form.getByLabel('Email').fill('TESS@example.com');
    await form.getByLabel('Phone').fill('+1 555 0199');
    await form.getByLabel('Address line 1').fill('12 Harbor Rd');
    await form.getByLabel('City').fill('Portland');
    await form.getByLabel('Postal code').fill('97201');
    await form.getByLabel('Country').selectOption('US');
    await form.getByLabel('State').selectOption('US-OR');
    await assertAccessible(page, 'adding a customer');
    await form.getByRole('button', { name: 'Add customer' }).click();
    await form.locator('.field-error').getByText('Email must be unique within the store.').waitFor();
    assert.equal(await form.getByLabel('Email').getAttribute('aria-invalid'), 'true');
    await form.getByRole('alert').getByText('Nothing was added: correct the fields marked above.').waitFor();
    const keys: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/customers') keys.push(r.headers()['idempotency-key']);
    });
    await form.getByLabel('Email').fill('pat@example.com');
    await form.getByRole('button', { name: 'Add customer' }).dblclick();
    await page.getByRole('heading', { level: 1, name: 'Pat Phone' }).waitFor();
    await page.getByText('Customer added.').waitFor();
    await page.getByText('Oregon, United States of America').waitFor();
    await page.waitForLoadState('networkidle');
    assert.ok(keys.length >= 1 && keys.every((k) => k !== undefined && k === keys[0]), `one Idempotency-Key: ${keys}`);
    const listed = (await call('GET', '/v1/customers?q=pat', { headers: owner.auth })).body.data as Array<{ email: string; addresses: Array<{ city: string; stateId: string }> }>;
    assert.deepEqual(listed.map((c) => [c.email, c.addresses[0]?.city, c.addresses[0]?.stateId]), [['pat@example.com', 'Portland', 'US-OR']], 'one customer, with the address');
    await page.close();
  });

  it('takes an order by hand: a customer found by name, SKUs found by name with quantities, a refusal at its line, one order on a double click', { skip }, async () => {
    const call = jsonClient(t.app);
    const owner = await signup(t.app, { storeName: 'Phone Desk' });
    const { productId } = await variableProduct(t.app, owner, {
      name: 'Storm Lantern',
      skus: [
        { sku: 'LAN-A', price: 30, quantityInStock: 5, attributes: { Size: 'One' } },
        { sku: 'LAN-B', price: 45, quantityInStock: 1, attributes: { Size: 'Two' } },
      ],
    });
    await call('PATCH', `/v1/products/${productId}`, { headers: owner.auth, body: { status: 'active' } });
    const customer = await call('POST', '/v1/customers', { headers: owner.auth, body: { name: 'Olive Order', email: 'olive@example.com', addresses: [{ line1: '3 Bay St', city: 'Boston', countryId: 'US', stateId: 'US-MA' }] } });
    assert.equal(customer.status, 201, customer.raw);

    const page = await openAs(owner, `/orders?store=${owner.storeId}`);
    await page.getByRole('link', { name: 'New order' }).click();
    await page.getByRole('heading', { level: 1, name: 'New order' }).waitFor();
    const form = page.getByRole('form', { name: 'New order' });
    await form.getByRole('searchbox', { name: 'Customer' }).fill('olive');
    await form.getByRole('list', { name: 'Customers found' }).getByRole('button', { name: /Olive Order/ }).click();
    await form.getByText('olive@example.com').waitFor();
    await form.getByLabel('Find a product').fill('lantern');
    await form.getByLabel('Find a product').press('Enter');
    await form.getByRole('button', { name: 'Add Storm Lantern (Color: Red, Size: One) · LAN-A' }).click();
    await form.getByRole('button', { name: 'Add Storm Lantern (Color: Red, Size: Two) · LAN-B' }).click();
    await form.getByLabel('Quantity: Storm Lantern (Color: Red, Size: One) · LAN-A').fill('2');
    await form.getByLabel('Quantity: Storm Lantern (Color: Red, Size: Two) · LAN-B').fill('3');
    await form.getByLabel('Note (optional)').fill('Taken by phone');
    await assertAccessible(page, 'a new order');
    await form.getByRole('button', { name: 'Place order' }).click();
    await form.locator('.field-error').getByText('Quantity must be at most 1 (in stock).').waitFor();
    assert.equal(await form.getByLabel('Quantity: Storm Lantern (Color: Red, Size: Two) · LAN-B').getAttribute('aria-invalid'), 'true');
    assert.equal((await call('GET', '/v1/orders', { headers: owner.auth })).body.data.length, 0, 'nothing placed');
    await assertAccessible(page, 'a new order, a line refused');

    const keys: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/orders') keys.push(r.headers()['idempotency-key']);
    });
    await form.getByLabel('Quantity: Storm Lantern (Color: Red, Size: Two) · LAN-B').fill('1');
    await form.getByRole('button', { name: 'Place order' }).dblclick();
    await page.getByText('Order placed.').waitFor();
    await page.getByRole('heading', { level: 1, name: /^Order / }).waitFor();
    assert.equal(await page.getByTestId('order-line').count(), 2);
    await page.getByTestId('order-shipping').getByText('Massachusetts, United States of America').waitFor();
    await page.waitForLoadState('networkidle');
    const orders = (await call('GET', '/v1/orders', { headers: owner.auth })).body.data as Array<{ total: number; note: string | null; customerName: string }>;
    assert.deepEqual(orders.map((o) => [o.total, o.note, o.customerName]), [[105, 'Taken by phone', 'Olive Order']], 'one order');
    assert.ok(keys.length >= 1 && keys.every((k) => k !== undefined && k === keys[0]), `one Idempotency-Key: ${keys}`);
    await page.close();
  });
});
