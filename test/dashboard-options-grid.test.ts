import assert from 'node:assert/strict';
import { it } from 'node:test';
import { variableProduct } from './helpers/catalog.ts';
import { browserUnavailable } from './helpers/chromium.ts';
import { assertAccessible, signInToDashboard } from './helpers/dashboard.ts';
import { dashboardInChromium } from './helpers/dashboard-suite.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient, signup } from './helpers/merchants.ts';

const skip = browserUnavailable();

/** Issue 38, item 11: the options × values grid on a product that has groups already. */
describeEachDatabase('the dashboard: the options grid on a product with groups (Chromium)', (kind) => {
  const ui = dashboardInChromium(kind);

  it('starts from the existing groups and option, makes only the missing SKUs of an added value and a new group, a refusal at its cell', { skip }, async () => {
    const { t, context } = ui;
    const call = jsonClient(t.app);
    const owner = await signup(t.app, { storeName: 'Grid Again' });
    await variableProduct(t.app, owner, { name: 'Other Tee', skus: [{ sku: 'TAKEN-1', price: 10, quantityInStock: 1, attributes: { Size: 'X' } }] });
    const { productId } = await variableProduct(t.app, owner, { name: 'Grown Tee' });
    const blue = await call('POST', `/v2/products/${productId}/variant-groups`, {
      headers: owner.auth,
      body: { attributeName: 'Color', attributeValue: 'Blue', skus: [{ price: 20, quantityInStock: 5, attributes: { Size: 'M' } }] },
    });
    assert.equal(blue.status, 201, blue.raw);

    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/products/${productId}?store=${owner.storeId}`);
    await signInToDashboard(page, owner);
    const grid = page.getByRole('form', { name: 'Make groups and SKUs from options' });
    await grid.getByTestId('options-grid-made').getByText('Made already: Red (M, L); Blue (M).').waitFor();
    assert.equal(await grid.getByLabel('Groups differ by').inputValue(), 'Color');
    assert.equal(await grid.getByLabel('Group values').inputValue(), 'Red, Blue');
    assert.equal(await grid.getByLabel('SKUs differ by').inputValue(), 'Size');
    assert.equal(await grid.getByLabel('Option values').inputValue(), 'M, L');
    // Blue lacks L: the grid offers it alone.
    assert.equal(await grid.getByTestId('options-row').count(), 1);
    await grid.getByLabel('Price: Color: Blue, Size: L').waitFor();

    await grid.getByLabel('Option values').fill('M, L, XL');
    await grid.getByLabel('Group values').fill('Red, Blue, Green');
    await grid.getByLabel(/^Price for every SKU/).fill('25');
    await grid.getByLabel('Stock for every SKU').fill('4');
    assert.equal(await grid.getByTestId('options-row').count(), 6, 'Blue L, Red XL, Blue XL and Green M, L, XL');
    await grid.getByLabel('SKU code: Color: Blue, Size: XL').fill('TAKEN-1');
    await grid.getByLabel('Price: Color: Red, Size: XL').fill('27');
    await assertAccessible(page, 'the options grid on a product with groups');
    await page.setViewportSize({ width: 375, height: 800 });
    const sideways = await page.evaluate(() => {
      const d = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return d.scrollWidth - d.clientWidth;
    });
    assert.equal(sideways, 0, 'nothing scrolls sideways at 375 px (the image field of Add a variant group pushed it 1 px)');
    await assertAccessible(page, 'the options grid on a product with groups, at 375 px');
    await page.setViewportSize({ width: 1280, height: 900 });
    // The keyboard reaches a cell of the added value from the one before it.
    await grid.getByLabel('Stock: Color: Red, Size: XL').focus();
    await page.keyboard.press('Tab');
    await page.keyboard.type('RED-XL');
    assert.equal(await grid.getByLabel('SKU code: Color: Red, Size: XL').inputValue(), 'RED-XL');
    await grid.getByRole('button', { name: 'Create 1 group with 3 SKUs and add 3 SKUs to existing groups' }).click();
    const summary = grid.getByTestId('options-grid-summary');
    await summary.getByText('Created 1 group (Color: Green). Added 2 SKUs to existing groups. 1 SKU was refused: see the marks in the grid, correct and save again.').waitFor();
    await grid.locator('.field-error').getByText('SKU code must be unique within the store.').waitFor();
    assert.equal(await grid.getByLabel('SKU code: Color: Blue, Size: XL').getAttribute('aria-invalid'), 'true');
    await assertAccessible(page, 'the options grid, one SKU refused');
    await grid.getByLabel('SKU code: Color: Blue, Size: XL').fill('GROWN-BXL');
    await grid.getByRole('button', { name: 'Add 1 SKU to existing groups' }).click();
    await summary.getByText('Added 1 SKU to existing groups.').waitFor();

    const tree = (await call('GET', `/v2/products/${productId}`, { headers: owner.auth })).body.data;
    assert.deepEqual(
      tree.variantGroups.map((g: { attributeValue: string; skus: Array<{ sku: string | null; price: number; quantityInStock: number; attributes: Record<string, string> }> }) => [
        g.attributeValue,
        g.skus.map((s) => `${s.attributes.Size}:${s.price}:${s.quantityInStock}:${s.sku ?? '-'}`),
      ]),
      [
        ['Red', ['M:20:5:-', 'L:22:3:-', 'XL:27:4:RED-XL']],
        ['Blue', ['M:20:5:-', 'L:25:4:-', 'XL:25:4:GROWN-BXL']],
        ['Green', ['M:25:4:-', 'L:25:4:-', 'XL:25:4:-']],
      ],
    );
    await grid.getByTestId('options-grid-made').getByText('Made already: Red (M, L, XL); Blue (M, L, XL); Green (M, L, XL).').waitFor();
    await page.close();
  });
});
