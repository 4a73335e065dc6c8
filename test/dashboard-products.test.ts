import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { ensureDashboardBuilt } from '../src/dashboard-build.ts';
import { countRows, variableProduct } from './helpers/catalog.ts';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { assertAccessible, signInToDashboard } from './helpers/dashboard.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { IMAGES } from './helpers/images.ts';
import { client as jsonClient, joinStore, type Merchant, signup } from './helpers/merchants.ts';

const skip = browserUnavailable();

describeEachDatabase('the dashboard’s products pages in Chromium', (kind) => {
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

  /** A fresh page signed in as `who` (after signing out whoever was), at `path` of the dashboard. */
  async function openAs(who: Merchant, path: string, on: BrowserContext = context): Promise<Page> {
    await on.clearCookies();
    const page = await on.newPage();
    await page.goto(`${t.baseUrl}/dashboard${path}`);
    await signInToDashboard(page, who);
    return page;
  }

  /** Waits until the element has the keyboard focus (focus moves in an effect, just after the element appears). */
  async function focused(page: Page, locator: ReturnType<Page['locator']>): Promise<void> {
    await locator.waitFor();
    await page.waitForFunction((el) => el === (el as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement, await locator.elementHandle());
  }

  const png = (name: string) => ({ name, mimeType: 'image/png', buffer: IMAGES.png });

  /** Waits until an <img> has decoded, and returns its natural size. */
  async function decoded(page: Page, testId: string, index = 0): Promise<[number, number]> {
    const image = page.getByTestId(testId).nth(index);
    await image.waitFor();
    await page.waitForFunction((el) => (el as unknown as { complete: boolean; naturalWidth: number }).complete && (el as unknown as { naturalWidth: number }).naturalWidth > 0, await image.elementHandle());
    return image.evaluate((el) => [(el as unknown as { naturalWidth: number }).naturalWidth, (el as unknown as { naturalHeight: number }).naturalHeight]);
  }

  it('creates a VARIABLE product with an image and two groups of three SKUs, changes one SKU’s price and sees it in the list', { skip }, async () => {
    const call = jsonClient(t.app);
    const owner = await signup(t.app, { storeName: 'Northwind Outfitters' });
    const tops = (await call('POST', '/v1/categories', { headers: owner.auth, body: { name: 'Tops' } })).body.data.id as string;
    const page = await openAs(owner, '');
    await page.getByTestId('summary').waitFor();

    // The nav links to Products; an empty store says what to do next.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Products' }).click();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByText('No products yet. Create your first with New product.').waitFor();
    await assertAccessible(page, 'products, empty');

    // A new VARIABLE product, in a category, with an image uploaded and previewed before it is saved.
    await page.getByRole('link', { name: 'New product' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
    await page.getByRole('radio', { name: /Variable/ }).check();
    assert.equal(await page.getByLabel('Price (USD)').count(), 0, 'a VARIABLE product has no price of its own');
    await page.getByLabel('Name', { exact: true }).fill('Trail Tee');
    await page.getByLabel('Description').fill('A light tee for long trails.');
    // Without SKUs it could not be ordered: Active is not offered yet, and the form says why.
    assert.equal(await page.getByRole('option', { name: /^Active/ }).isDisabled(), true);
    await page.getByText('It can be made active once it has SKUs').waitFor();
    await page.getByRole('checkbox', { name: 'Tops' }).check();
    const uploads: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/files') uploads.push(r.headers()['idempotency-key']);
    });
    await page.getByLabel('Add an image').setInputFiles(png('tee.png'));
    assert.deepEqual(await decoded(page, 'image-preview'), [3, 2], 'the uploaded image, fetched with the token and shown');
    assert.equal(uploads.length, 1);
    assert.match(uploads[0] ?? '', /^[0-9a-f-]{36}$/);
    await assertAccessible(page, 'new product, with an image');

    // A double click creates one product, with one Idempotency-Key.
    const posts: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/products') posts.push(r.headers()['idempotency-key']);
    });
    await page.getByRole('button', { name: 'Create product' }).dblclick();
    await page.getByRole('heading', { level: 1, name: 'Trail Tee' }).waitFor();
    await page.getByText('Now add its first variant group').waitFor();
    await page.getByText('No variant groups yet').waitFor();
    assert.ok(posts.length >= 1 && posts.every((k) => k !== undefined && k === posts[0]), `one Idempotency-Key: ${posts}`);
    const listed = await call('GET', '/v1/products', { headers: owner.auth });
    assert.equal(listed.body.data.length, 1, 'one product');
    const product = listed.body.data[0] as { id: string; type: string; status: string; categoryIds: string[]; imageFileIds: string[] };
    assert.deepEqual([product.type, product.status, product.categoryIds], ['VARIABLE', 'draft', [tops]]);
    assert.equal(product.imageFileIds.length, 1);
    const file = await t.app.inject({ method: 'GET', url: `/v1/files/${product.imageFileIds[0]}`, headers: owner.auth });
    assert.equal(file.statusCode, 200);
    assert.deepEqual(file.rawPayload, IMAGES.png, 'the bytes chosen in the browser');
    assert.deepEqual(await decoded(page, 'image-preview'), [3, 2]);
    await assertAccessible(page, 'product, no variant groups');

    // Two groups of three SKUs, each through the add-group form (one POST with its SKUs).
    const addGroup = page.getByRole('form', { name: 'Add a variant group' });
    for (const [value, code, color] of [
      ['Red', 'RED', 'Red'],
      ['Blue', 'BLU', 'Blue'],
    ] as const) {
      await addGroup.getByLabel('Dimension').fill('Color');
      await addGroup.getByLabel('Value').fill(value);
      await addGroup.getByLabel('Colour').selectOption({ label: color });
      if (value === 'Red') await addGroup.getByLabel('Image', { exact: true }).setInputFiles(png('red.png'));
      for (const [i, size] of ['S', 'M', 'L'].entries()) {
        if (i > 0) await addGroup.getByRole('button', { name: 'Add another SKU' }).click();
        const row = addGroup.getByRole('group', { name: `SKU ${i + 1}` });
        await row.getByLabel('Price (USD)').fill(String(20 + 2 * i));
        await row.getByLabel('Stock').fill('5');
        await row.getByLabel('SKU code').fill(`TT-${code}-${size}`);
        await row.getByLabel('Options').fill(`Size=${size}`);
      }
      if (value === 'Red') await assertAccessible(page, 'product, adding a group');
      await addGroup.getByRole('button', { name: 'Add group' }).click();
      await addGroup.getByText(`Added Color: ${value} with 3 SKUs.`).waitFor();
    }
    await page.getByTestId('variant-group').nth(1).waitFor();
    assert.equal(await page.getByTestId('sku-row').count(), 6);
    // With its SKUs the reminder goes, and Active is offered: it goes on sale.
    await page.getByTestId('needs-skus').waitFor({ state: 'detached' });
    await page.getByLabel('Status').selectOption('active');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    assert.equal((await call('GET', `/v1/products/${product.id}`, { headers: owner.auth })).body.data.status, 'active');
    const tree = (await call('GET', `/v2/products/${product.id}`, { headers: owner.auth })).body.data;
    assert.deepEqual(
      tree.variantGroups.map((g: { attributeValue: string; colorId: string; image: string | null; skus: Array<{ sku: string; price: number }> }) => [
        g.attributeValue,
        g.colorId,
        g.image !== null,
        g.skus.map((s) => `${s.sku}:${s.price}`),
      ]),
      [
        ['Red', 'color_red', true, ['TT-RED-S:20', 'TT-RED-M:22', 'TT-RED-L:24']],
        ['Blue', 'color_blue', false, ['TT-BLU-S:20', 'TT-BLU-M:22', 'TT-BLU-L:24']],
      ],
    );
    assert.deepEqual(await decoded(page, 'image-preview', 1), [3, 2], 'the group’s image');

    // One SKU's price, inline in the grid, saved with If-Match.
    const patches: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && r.url().includes('/skus/')) patches.push(r.headers()['if-match']);
    });
    await page.getByRole('button', { name: 'Edit SKU TT-BLU-L (Size: L)' }).click();
    const editor = page.getByRole('form', { name: /Editing SKU TT-BLU-L/ });
    await editor.getByLabel('Price (USD)').fill('99');
    await assertAccessible(page, 'product, editing a SKU');
    await editor.getByRole('button', { name: 'Save SKU' }).click();
    await editor.waitFor({ state: 'detached' });
    await page.getByTestId('sku-row').filter({ hasText: 'TT-BLU-L' }).getByText('$99.00').waitFor();
    assert.equal(patches.length, 1);
    assert.match(patches[0] ?? '', /^"[A-Za-z0-9_-]+"$/, 'If-Match with the ETag the editor loaded');
    const blueL = tree.variantGroups[1].skus[2] as { id: string };
    const after = await call('GET', `/v2/products/${product.id}/variant-groups/${tree.variantGroups[1].id}/skus/${blueL.id}`, { headers: owner.auth });
    assert.equal(after.body.data.price, 99);
    await page.getByTestId('product-summary').getByText('$20.00 – $99.00').waitFor();

    // The list shows the new range, in the store's currency.
    await page.getByRole('link', { name: 'All products' }).click();
    const row = page.getByTestId('product-row').filter({ hasText: 'Trail Tee' });
    await row.getByTestId('product-price').getByText('$20.00 – $99.00').waitFor();
    assert.match(await row.innerText(), /Active[\s\S]*Variable[\s\S]*30[\s\S]*across 6 SKUs/);
    await assertAccessible(page, 'products list');

    // At 375 px both pages still pass axe.
    await page.setViewportSize({ width: 375, height: 800 });
    await assertAccessible(page, 'products list at 375 px');
    await row.getByRole('link', { name: 'Trail Tee' }).click();
    await page.getByTestId('sku-row').first().waitFor();
    await assertAccessible(page, 'product at 375 px');
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.close();
  });

  it('shows the API’s validation errors next to their fields and writes nothing', { skip }, async () => {
    const owner = await signup(t.app);
    const page = await openAs(owner, '/products/new');
    await page.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Cheap Mug');
    await page.getByLabel('Price (USD)').fill('1');
    await page.getByLabel('Stock', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Create product' }).click();
    const price = page.getByLabel('Price (USD)');
    await page.getByText('Price (USD) must be greater than 1.').waitFor();
    assert.equal(await price.getAttribute('aria-invalid'), 'true');
    const describedBy = (await price.getAttribute('aria-describedby')) ?? '';
    const errorId = await page.getByText('Price (USD) must be greater than 1.').getAttribute('id');
    assert.ok(errorId && describedBy.split(' ').includes(errorId), 'the error describes the field');
    assert.equal(await page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid'), null, 'only the named field is marked');
    assert.equal(await countRows(t, 'products', owner.storeId), 0);
    await assertAccessible(page, 'new product, a validation error');
    // Fixing it clears the error; the product is then created.
    await price.fill('12.5');
    assert.equal(await page.getByText('Price (USD) must be greater than 1.').count(), 0);
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cheap Mug' }).waitFor();
    assert.equal(await countRows(t, 'products', owner.storeId), 1);

    // In the add-group form a bad SKU price shows at that SKU; no group or SKU is written.
    const { productId } = await variableProduct(t.app, owner, { name: 'Hoodie' });
    await page.goto(`${t.baseUrl}/dashboard/products/${productId}`);
    const addGroup = page.getByRole('form', { name: 'Add a variant group' });
    await addGroup.getByLabel('Dimension').fill('Color');
    await addGroup.getByLabel('Value').fill('Green');
    await addGroup.getByRole('group', { name: 'SKU 1' }).getByLabel('Price (USD)').fill('30');
    await addGroup.getByRole('group', { name: 'SKU 1' }).getByLabel('Stock').fill('1');
    await addGroup.getByRole('button', { name: 'Add another SKU' }).click();
    const second = addGroup.getByRole('group', { name: 'SKU 2' });
    await second.getByLabel('Price (USD)').fill('abc');
    await second.getByLabel('Stock').fill('1');
    const [groups, skus] = [await countRows(t, 'variant_groups', owner.storeId), await countRows(t, 'skus', owner.storeId)];
    await addGroup.getByRole('button', { name: 'Add group' }).click();
    await second.getByText('Price (USD) must be a number.').waitFor();
    assert.equal(await second.getByLabel('Price (USD)').getAttribute('aria-invalid'), 'true');
    assert.equal(await addGroup.getByRole('group', { name: 'SKU 1' }).getByLabel('Price (USD)').getAttribute('aria-invalid'), null);
    assert.deepEqual([await countRows(t, 'variant_groups', owner.storeId), await countRows(t, 'skus', owner.storeId)], [groups, skus]);
    await assertAccessible(page, 'product, a validation error in a SKU row');
    await page.close();
  });

  it('a second browser editing the same SKU gets the conflict: their version, or mine over theirs', { skip }, async () => {
    const call = jsonClient(t.app);
    const owner = await signup(t.app);
    const admin = await joinStore(t.app, owner, 'admin');
    const { productId, groupId, skuIds } = await variableProduct(t.app, owner, {
      name: 'Shared Tee',
      skus: [
        { price: 20, quantityInStock: 5, sku: 'ST-1', attributes: { Size: 'S' } },
        { price: 22, quantityInStock: 3, sku: 'ST-2', attributes: { Size: 'M' } },
      ],
    });
    const second = await launchChromium();
    try {
      const a = await openAs(owner, `/products/${productId}`);
      const b = await openAs(admin, `/products/${productId}?store=${owner.storeId}`, second.context);
      const ifMatch: Array<string | undefined> = [];
      b.on('request', (r) => {
        if (r.method() === 'PATCH') ifMatch.push(r.headers()['if-match']);
      });
      const edit = async (page: Page) => {
        await page.getByRole('button', { name: 'Edit SKU ST-1 (Size: S)' }).click();
        const form = page.getByRole('form', { name: /Editing SKU ST-1/ });
        await form.getByLabel('Price (USD)').waitFor();
        return form;
      };
      // Both open the same SKU; A saves first.
      const formA = await edit(a);
      const formB = await edit(b);
      await formA.getByLabel('Price (USD)').fill('25');
      await formA.getByRole('button', { name: 'Save SKU' }).click();
      await a.getByTestId('sku-row').filter({ hasText: 'ST-1' }).getByText('$25.00').waitFor();

      // B saves over it: 412, and the panel names the field A changed, with both values and B's edit.
      await formB.getByLabel('Price (USD)').fill('30');
      await formB.getByRole('button', { name: 'Save SKU' }).click();
      const conflict = b.getByTestId('conflict');
      // The panel shows at once; its rows once the current version is read again.
      await conflict.getByTestId('conflict-change').first().waitFor();
      const changes = await conflict.getByTestId('conflict-change').allInnerTexts();
      assert.deepEqual(
        changes.map((c) => c.split(/\t|\n/).map((s) => s.trim()).filter(Boolean)),
        [['Price', '20', '25', '30']],
      );
      assert.match(await conflict.innerText(), /Someone else changed SKU ST-1 \(Size: S\) since you opened it/);
      assert.equal((await call('GET', `/v2/products/${productId}/variant-groups/${groupId}/skus/${skuIds[0]}`, { headers: owner.auth })).body.data.price, 25, 'B’s save changed nothing');
      await assertAccessible(b, 'a SKU conflict');

      // "Load their version" puts A's price in B's form.
      await conflict.getByRole('button', { name: 'Load their version' }).click();
      await conflict.waitFor({ state: 'detached' });
      assert.equal(await formB.getByLabel('Price (USD)').inputValue(), '25');

      // A changes it again; B's save conflicts again, and "Save mine over theirs" wins with the new ETag.
      const formA2 = await edit(a);
      await formA2.getByLabel('Price (USD)').fill('26');
      await formA2.getByRole('button', { name: 'Save SKU' }).click();
      await a.getByTestId('sku-row').filter({ hasText: 'ST-1' }).getByText('$26.00').waitFor();
      await formB.getByLabel('Price (USD)').fill('30');
      await formB.getByRole('button', { name: 'Save SKU' }).click();
      await conflict.getByTestId('conflict-change').first().waitFor();
      assert.deepEqual(
        (await conflict.getByTestId('conflict-change').allInnerTexts()).map((c) => c.split(/\t|\n/).map((s) => s.trim()).filter(Boolean)),
        [['Price', '25', '26', '30']],
      );
      await conflict.getByRole('button', { name: 'Save mine over theirs' }).click();
      await formB.waitFor({ state: 'detached' });
      await b.getByTestId('sku-row').filter({ hasText: 'ST-1' }).getByText('$30.00').waitFor();
      assert.equal((await call('GET', `/v2/products/${productId}/variant-groups/${groupId}/skus/${skuIds[0]}`, { headers: owner.auth })).body.data.price, 30);
      assert.equal(ifMatch.length, 3, 'two refused saves and the one that went through');
      assert.ok(ifMatch.every((m) => m !== undefined), 'every save sent If-Match');
      assert.notEqual(ifMatch[1], ifMatch[2], 'mine over theirs sent the current ETag');
      await a.close();
      await b.close();
    } finally {
      await second.close();
    }
  });

  it('edits a SIMPLE product and a group’s metadata with If-Match; a product changed meanwhile shows what changed', { skip }, async () => {
    const call = jsonClient(t.app);
    const owner = await signup(t.app);
    const created = await call('POST', '/v1/products', { headers: owner.auth, body: { type: 'SIMPLE', name: 'Camp Mug', price: 12, quantityInStock: 4, sku: 'CM-1' } });
    const mug = created.body.data as { id: string };
    const page = await openAs(owner, `/products/${mug.id}`);
    await page.getByRole('heading', { level: 1, name: 'Camp Mug' }).waitFor();
    assert.equal(await page.getByLabel('Price (USD)').inputValue(), '12');
    const patches: Array<{ url: string; ifMatch: string | undefined; body: unknown }> = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH') patches.push({ url: new URL(r.url()).pathname, ifMatch: r.headers()['if-match'], body: r.postDataJSON() });
    });

    // Price, stock and status: only the changed fields are sent, with If-Match.
    await page.getByLabel('Price (USD)').fill('14.5');
    await page.getByLabel('Stock', { exact: true }).fill('10');
    await page.getByLabel('Status').selectOption('active');
    await page.getByText('You have unsaved changes.').waitFor();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    assert.deepEqual(patches.at(-1)?.body, { status: 'active', price: 14.5, quantityInStock: 10 });
    assert.match(patches.at(-1)?.ifMatch ?? '', /^"/);
    const saved = (await call('GET', `/v1/products/${mug.id}`, { headers: owner.auth })).body.data;
    assert.deepEqual([saved.price, saved.quantityInStock, saved.status], [14.5, 10, 'active']);
    await page.getByTestId('product-summary').getByText('$14.50').waitFor();

    // Someone renames it over the API; the next save here is refused (412) and the panel names the field.
    assert.equal((await call('PATCH', `/v1/products/${mug.id}`, { headers: owner.auth, body: { name: 'Enamel Camp Mug' } })).status, 200);
    await page.getByLabel('Discount (%)').fill('10');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const conflict = page.getByTestId('conflict');
    await conflict.getByTestId('conflict-change').first().waitFor();
    assert.deepEqual(
      (await conflict.getByTestId('conflict-change').allInnerTexts()).map((c) => c.split(/\t|\n/).map((x) => x.trim()).filter(Boolean)),
      [['Name', 'Camp Mug', 'Enamel Camp Mug', '(unchanged)']],
    );
    assert.equal((await call('GET', `/v1/products/${mug.id}`, { headers: owner.auth })).body.data.discount, 0, 'nothing saved');
    await assertAccessible(page, 'product, a conflict');
    // Mine over theirs sends only my change, with the current ETag: their name stays.
    await conflict.getByRole('button', { name: 'Save mine over theirs' }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    // The form is refilled from the version read again after the save.
    await page.waitForFunction((el) => (el as unknown as { value: string }).value === 'Enamel Camp Mug', await page.getByLabel('Name', { exact: true }).elementHandle());
    assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), 'Enamel Camp Mug');
    const after = (await call('GET', `/v1/products/${mug.id}`, { headers: owner.auth })).body.data;
    assert.deepEqual([after.name, after.discount], ['Enamel Camp Mug', 10]);
    assert.notEqual(patches.at(-1)?.ifMatch, patches.at(-2)?.ifMatch);

    // A group's metadata: value and colour, through its own editor.
    const { productId, groupId } = await variableProduct(t.app, owner, { name: 'Field Jacket' });
    await page.goto(`${t.baseUrl}/dashboard/products/${productId}`);
    // By keyboard: Enter on "Edit group" puts focus in the editor's first field; saving puts it back on the button.
    await page.getByRole('button', { name: 'Edit group Color: Red' }).focus();
    await page.keyboard.press('Enter');
    const editor = page.getByRole('form', { name: 'Editing the group Color: Red' });
    await focused(page, editor.getByLabel('Dimension'));
    await editor.getByLabel('Value').fill('Olive');
    await editor.getByLabel('Colour').selectOption({ label: 'Olive' });
    await assertAccessible(page, 'product, editing a group');
    await editor.getByRole('button', { name: 'Save group' }).click();
    await page.getByRole('heading', { name: /Color: Olive/ }).waitFor();
    await focused(page, page.getByRole('button', { name: 'Edit group Color: Olive' }));
    const group = (await call('GET', `/v2/products/${productId}/variant-groups/${groupId}`, { headers: owner.auth })).body.data;
    assert.deepEqual([group.attributeValue, group.colorId], ['Olive', 'color_olive']);
    assert.deepEqual(patches.at(-1)?.body, { attributeValue: 'Olive', colorId: 'color_olive' });
    assert.ok(patches.at(-1)?.url.endsWith(`/variant-groups/${groupId}`) && patches.at(-1)?.ifMatch);
    await page.close();
  });

  it('deletes a SKU and a group after confirmations naming them; the last SKU of a group is refused with the API’s message', { skip }, async () => {
    const call = jsonClient(t.app);
    const owner = await signup(t.app);
    const { productId, groupId } = await variableProduct(t.app, owner, {
      name: 'Rain Shell',
      skus: [
        { price: 80, quantityInStock: 4, sku: 'RS-S', attributes: { Size: 'S' } },
        { price: 80, quantityInStock: 2, sku: 'RS-M', attributes: { Size: 'M' } },
      ],
    });
    const page = await openAs(owner, `/products/${productId}`);
    await page.getByRole('button', { name: 'Delete SKU RS-M (Size: M)' }).click();
    const confirmSku = page.getByTestId('confirm-delete-sku');
    assert.match(await confirmSku.innerText(), /Delete SKU RS-M \(Size: M\) of Color: Red\?[\s\S]*Its 2 units of stock go with it/);
    await assertAccessible(page, 'product, confirming a SKU deletion');
    await confirmSku.getByRole('button', { name: 'Cancel' }).click();
    assert.equal((await call('GET', `/v2/products/${productId}`, { headers: owner.auth })).body.data.variantGroups[0].skus.length, 2, 'cancel keeps it');
    await page.getByRole('button', { name: 'Delete SKU RS-M (Size: M)' }).click();
    await confirmSku.getByRole('button', { name: 'Delete SKU RS-M' }).click();
    await page.getByTestId('sku-row').filter({ hasText: 'RS-M' }).waitFor({ state: 'detached' });
    assert.deepEqual(
      (await call('GET', `/v2/products/${productId}`, { headers: owner.auth })).body.data.variantGroups[0].skus.map((s: { sku: string }) => s.sku),
      ['RS-S'],
    );

    // The last SKU: the API refuses (409 LAST_SKU) and the confirmation shows its message.
    await page.getByRole('button', { name: 'Delete SKU RS-S (Size: S)' }).click();
    await confirmSku.getByRole('button', { name: 'Delete SKU RS-S' }).click();
    await confirmSku.getByRole('alert').waitFor();
    assert.match(await confirmSku.getByRole('alert').innerText(), /The SKU could not be deleted\.[\s\S]*Request id/);
    await confirmSku.getByRole('button', { name: 'Cancel' }).click();

    // The group, named with its SKUs.
    await page.getByRole('button', { name: 'Delete group Color: Red' }).click();
    const confirmGroup = page.getByTestId('confirm-delete-group');
    assert.match(await confirmGroup.innerText(), /Delete the group Color: Red and its 1 SKU \(RS-S\)\?/);
    await confirmGroup.getByRole('button', { name: 'Delete Color: Red' }).click();
    await page.getByText('No variant groups yet').waitFor();
    assert.equal((await call('GET', `/v2/products/${productId}/variant-groups/${groupId}`, { headers: owner.auth })).status, 404);

    // The product, named.
    await page.getByRole('button', { name: 'Delete product…' }).click();
    const confirmProduct = page.getByTestId('confirm-delete-product');
    assert.match(await confirmProduct.innerText(), /Delete “Rain Shell”\?/);
    await confirmProduct.getByRole('button', { name: 'Delete “Rain Shell”' }).click();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    assert.equal((await call('GET', `/v1/products/${productId}`, { headers: owner.auth })).status, 404);
    await page.close();
  });

  it('searches, filters by status, type and category, sorts and loads more, keeping it all in the URL', { skip }, async () => {
    const call = jsonClient(t.app);
    const owner = await signup(t.app);
    const lamps = (await call('POST', '/v1/categories', { headers: owner.auth, body: { name: 'Lamps' } })).body.data.id as string;
    for (let i = 1; i <= 22; i += 1) {
      const res = await call('POST', '/v1/products', { headers: owner.auth, body: { type: 'SIMPLE', name: `Mug ${String(i).padStart(2, '0')}`, price: 10 + i, quantityInStock: i } });
      assert.equal(res.status, 201, res.raw);
    }
    await call('POST', '/v1/products', { headers: owner.auth, body: { type: 'SIMPLE', name: 'Zebra Lamp', price: 40, quantityInStock: 1, sku: 'ZL-1', status: 'archived', categoryIds: [lamps] } });
    await variableProduct(t.app, owner, { name: 'Alpine Tee' });
    await variableProduct(t.app, owner, { name: 'Basin Tee' });

    const page = await openAs(owner, '/products');
    const rows = page.getByTestId('product-row');
    await rows.nth(19).waitFor();
    assert.equal(await rows.count(), 20, 'a page of 20');
    assert.match(await rows.first().innerText(), /Basin Tee/, 'newest first');
    await page.getByRole('button', { name: 'Load more' }).click();
    await rows.nth(24).waitFor();
    await page.getByText('That is every product.').waitFor();

    await page.getByLabel('Type').selectOption('VARIABLE');
    await page.getByText('That is every matching product.').waitFor();
    assert.deepEqual((await rows.allInnerTexts()).map((r) => r.split(/\t|\n/)[0]), ['Basin Tee', 'Alpine Tee']);
    await page.getByLabel('Sort').selectOption('name');
    await rows.first().getByText('Alpine Tee').waitFor();
    assert.match(page.url(), /type=VARIABLE/);
    assert.match(page.url(), /sort=name/);

    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await page.getByLabel('Status').selectOption('archived');
    await rows.first().getByText('Zebra Lamp').waitFor();
    assert.equal(await rows.count(), 1);
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Category').selectOption({ label: 'Lamps' });
    await rows.first().getByText('Zebra Lamp').waitFor();
    assert.equal(await rows.count(), 1);
    await page.getByLabel('Category').selectOption('');

    // Search runs on Enter, over names and SKU codes; a search that finds nothing says what to do.
    await page.getByLabel('Search', { exact: true }).fill('zl-1');
    await page.getByLabel('Search', { exact: true }).press('Enter');
    await page.waitForURL(/q=zl-1/);
    await rows.first().getByText('Zebra Lamp').waitFor();
    assert.equal(await rows.count(), 1);
    await page.getByLabel('Search', { exact: true }).fill('no such thing');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No products match this search and these filters. Change them, or clear them to see every product.').waitFor();
    await assertAccessible(page, 'products, nothing matches');
    // A reload keeps the search and the order.
    await page.reload();
    assert.equal(await page.getByLabel('Search', { exact: true }).inputValue(), 'no such thing');
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await rows.nth(19).waitFor();
    assert.equal(await page.getByLabel('Sort').inputValue(), 'name', 'clearing the filters keeps the order');
    assert.match(await rows.first().innerText(), /Alpine Tee/);
    await page.close();
  });

  it('creates, renames and deletes categories; a category with products is refused with the API’s message', { skip }, async () => {
    const call = jsonClient(t.app);
    const owner = await signup(t.app);
    const page = await openAs(owner, '/categories');
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await page.getByText('No categories yet. Create the first above').waitFor();
    await assertAccessible(page, 'categories, empty');

    const posts: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/categories') posts.push(r.headers()['idempotency-key']);
    });
    await page.getByLabel('Name', { exact: true }).fill('Outdoor');
    await page.getByRole('button', { name: 'Create category' }).dblclick();
    await page.getByText('Created “Outdoor”.').waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Tents');
    await page.getByLabel('Inside').selectOption({ label: 'Outdoor' });
    await page.getByRole('button', { name: 'Create category' }).click();
    await page.getByTestId('category-row').filter({ hasText: 'Tents' }).getByText('in Outdoor').waitFor();
    const listed = (await call('GET', '/v1/categories', { headers: owner.auth })).body.data as Array<{ id: string; name: string; parentId: string | null }>;
    assert.deepEqual(
      listed.map((c) => c.name).sort(),
      ['Outdoor', 'Tents'],
      'a double click created one',
    );
    assert.ok(posts.length >= 2 && posts[0] !== undefined);
    const outdoor = listed.find((c) => c.name === 'Outdoor')!;
    assert.equal(listed.find((c) => c.name === 'Tents')?.parentId, outdoor.id);

    // An empty name: the API's rule next to the field, and nothing created.
    await page.getByLabel('Name', { exact: true }).fill('   ');
    await page.getByRole('button', { name: 'Create category' }).click();
    await page.getByText('Name must not be empty.').waitFor();
    assert.equal(await page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid'), 'true');
    assert.equal((await call('GET', '/v1/categories', { headers: owner.auth })).body.data.length, 2);

    // Rename, with If-Match sent.
    const patches: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH') patches.push(r.headers()['if-match']);
    });
    await page.getByRole('button', { name: 'Rename Tents' }).click();
    await page.getByLabel('New name').fill('Tents & Shelters');
    await assertAccessible(page, 'categories, renaming');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByTestId('category-row').filter({ hasText: 'Tents & Shelters' }).waitFor();
    assert.ok(patches.length === 1 && patches[0] !== undefined, 'If-Match sent');

    // A category with a product cannot go: the API's message, in the confirmation naming it.
    await call('POST', '/v1/products', { headers: owner.auth, body: { type: 'SIMPLE', name: 'Tent', price: 99, quantityInStock: 1, categoryIds: [outdoor.id] } });
    await page.getByRole('button', { name: 'Delete Outdoor' }).click();
    const confirm = page.getByTestId('confirm-delete-category');
    assert.match(await confirm.innerText(), /Delete the category “Outdoor”\?/);
    await confirm.getByRole('button', { name: 'Delete “Outdoor”' }).click();
    await confirm.getByRole('alert').waitFor();
    assert.match(await confirm.getByRole('alert').innerText(), /The category could not be deleted\./);
    await confirm.getByRole('button', { name: 'Cancel' }).click();

    // An empty one goes.
    await page.getByRole('button', { name: 'Delete Tents & Shelters' }).click();
    await page.getByTestId('confirm-delete-category').getByRole('button', { name: 'Delete “Tents & Shelters”' }).click();
    await page.getByTestId('category-row').filter({ hasText: 'Tents' }).waitFor({ state: 'detached' });
    assert.deepEqual(
      (await call('GET', '/v1/categories', { headers: owner.auth })).body.data.map((c: { name: string }) => c.name),
      ['Outdoor'],
    );
    await page.setViewportSize({ width: 375, height: 800 });
    await assertAccessible(page, 'categories at 375 px');
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.close();
  });

  it('a staff member (products:read only) sees products without any action, and the API refuses their writes', { skip }, async () => {
    const call = jsonClient(t.app);
    const owner = await signup(t.app);
    const staff = await joinStore(t.app, owner, 'staff');
    const { productId, groupId, skuIds } = await variableProduct(t.app, owner, { name: 'Staff Tee' });
    const page = await openAs(staff, `/products?store=${owner.storeId}`);
    await page.getByTestId('product-row').filter({ hasText: 'Staff Tee' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'New product' }).count(), 0);
    await page.getByRole('link', { name: 'Staff Tee' }).click();
    await page.getByTestId('sku-row').first().waitFor();
    await page.getByText('so you can look but not change').waitFor();
    assert.equal(await page.getByRole('button', { name: /^(Edit|Delete|Add|Save)/ }).count(), 0, 'no action offered');
    assert.equal(await page.getByRole('form', { name: 'Add a variant group' }).count(), 0);
    assert.equal(await page.getByLabel('Add an image').count(), 0);
    await assertAccessible(page, 'product, read-only');

    // A deep link to the new-product page says what is missing, and sends nothing.
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/v1/products')) writes.push(r.url());
    });
    await page.goto(`${t.baseUrl}/dashboard/products/new?store=${owner.storeId}`);
    await page.getByText('products:write', { exact: true }).waitFor();
    assert.deepEqual(writes, []);

    // The API refuses them directly, naming the permission.
    const created = await call('POST', '/v1/products', { headers: staff.auth, body: { type: 'SIMPLE', name: 'Nope', price: 5, quantityInStock: 1 } });
    assert.equal(created.status, 403);
    assert.equal(created.body.error.code, 'PERMISSION_DENIED');
    const patched = await call('PATCH', `/v2/products/${productId}/variant-groups/${groupId}/skus/${skuIds[0]}`, { headers: staff.auth, body: { price: 50 } });
    assert.equal(patched.status, 403);
    const removed = await call('DELETE', `/v1/categories/cat_nope`, { headers: staff.auth });
    assert.equal(removed.status, 403);
    assert.equal((await call('GET', `/v1/products/${productId}`, { headers: owner.auth })).body.data.priceRange.min, 20, 'nothing changed');
    await page.close();
  });
});
