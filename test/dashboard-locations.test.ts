import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Page } from 'playwright-core';
import { insertCustomer, variableProduct } from './helpers/catalog.ts';
import { browserUnavailable } from './helpers/chromium.ts';
import { assertAccessible, signInToDashboard } from './helpers/dashboard.ts';
import { dashboardInChromium } from './helpers/dashboard-suite.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient, signup } from './helpers/merchants.ts';

const skip = browserUnavailable();

/** Issue 36 in the dashboard: the Locations page, a location's stock with low stock there, levels per location on the Inventory page with adjustments and transfers. */
describeEachDatabase('the dashboard: stock locations and levels per location (Chromium)', (kind) => {
  const ui = dashboardInChromium(kind);

  const sideways = (page: Page) =>
    page.evaluate(() => {
      const d = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return d.scrollWidth - d.clientWidth;
    });
  const focusedLabel = (page: Page) =>
    page.evaluate(() => {
      const d = (globalThis as unknown as { document: { activeElement: { id: string } | null; querySelector(s: string): { textContent: string } | null } }).document;
      return d.activeElement?.id ? (d.querySelector(`label[for="${d.activeElement.id}"]`)?.textContent ?? null) : null;
    });

  async function atPhoneWidth(page: Page, where: string): Promise<void> {
    await page.setViewportSize({ width: 375, height: 800 });
    assert.equal(await sideways(page), 0, `${where}: nothing scrolls sideways at 375 px`);
    await assertAccessible(page, `${where}, at 375 px`);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it('lists, adds, reorders, edits, deactivates and deletes locations; adjusts at one with a reason and transfers between two; shows low stock per location', { skip }, async () => {
    const { t, context } = ui;
    const call = jsonClient(t.app);
    const owner = await signup(t.app, { storeName: 'Two Sheds' });
    const { skuIds } = await variableProduct(t.app, owner, { name: 'Garden Hose', skus: [{ sku: 'HOSE-1', price: 20, quantityInStock: 5, attributes: { Size: 'One' } }] });
    const skuId = skuIds[0]!;
    const locations = async () => (await call('GET', '/v1/locations', { headers: owner.auth })).body.data as Array<{ id: string; name: string; active: boolean; isDefault: boolean }>;
    const levels = async () => {
      const byId = new Map((await locations()).map((l) => [l.id, l.name]));
      const data = (await call('GET', `/v1/inventory/skus/${skuId}/levels`, { headers: owner.auth })).body.data as { levels: Array<{ locationId: string; onHand: number }> };
      return Object.fromEntries(data.levels.map((l) => [byId.get(l.locationId), l.onHand]));
    };

    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/?store=${owner.storeId}`);
    await signInToDashboard(page, owner);
    await page.getByRole('navigation').getByRole('link', { name: 'Locations' }).click();
    await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor();
    const list = page.getByRole('list', { name: 'Locations in the order of preference' });
    await list.getByTestId('location-row').filter({ hasText: 'Default location' }).getByText('Default', { exact: true }).waitFor();
    await assertAccessible(page, 'the locations');

    // Add: a refusal at Name, then two locations; the keyboard goes back to Name for the next one.
    const form = page.getByRole('form', { name: 'New location' });
    await form.getByRole('button', { name: 'Add location' }).click();
    await form.locator('.field-error').filter({ hasText: /^Name / }).waitFor();
    assert.equal(await form.getByLabel('Name', { exact: true }).getAttribute('aria-invalid'), 'true');
    await form.getByLabel('Name', { exact: true }).fill('High Street shop');
    await form.getByLabel('Address line 1').fill('1 High St');
    await form.getByLabel('City').fill('London');
    await form.getByLabel('Country').selectOption('GB');
    await form.getByRole('button', { name: 'Add location' }).click();
    await form.getByText('High Street shop added, last in the order of preference.').waitFor();
    assert.equal(await focusedLabel(page), 'Name', 'the keyboard is back on Name');
    await page.keyboard.type('Annex');
    await page.keyboard.press('Enter');
    await list.getByTestId('location-row').filter({ hasText: 'Annex' }).waitFor();
    assert.deepEqual((await locations()).map((l) => l.name), ['Default location', 'High Street shop', 'Annex']);

    // Reorder with the keyboard.
    await list.getByRole('button', { name: 'Move up: Annex' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Annex moved up.').waitFor();
    assert.deepEqual((await locations()).map((l) => l.name), ['Default location', 'Annex', 'High Street shop']);
    await atPhoneWidth(page, 'the locations');

    // Levels per location on the Inventory page: an adjustment needs a reason, then lands at the location chosen.
    await page.goto(`${t.baseUrl}/dashboard/inventory?store=${owner.storeId}&sku=${skuId}`);
    const at = page.getByTestId('sku-locations');
    await at.getByTestId('sku-location-row').filter({ hasText: 'Default location' }).waitFor();
    const adjust = page.getByRole('form', { name: 'Adjust stock at a location' });
    await adjust.getByLabel('Location').selectOption({ label: 'High Street shop' });
    await adjust.getByLabel('Change in units').fill('3');
    await adjust.getByRole('button', { name: 'Adjust at location' }).click();
    await adjust.locator('.field-error').filter({ hasText: /^What happened / }).waitFor();
    assert.deepEqual(await levels(), { 'Default location': 5 }, 'nothing adjusted');
    await adjust.getByLabel('What happened').selectOption('received');
    await adjust.getByRole('button', { name: 'Adjust at location' }).click();
    await adjust.getByText('High Street shop now has 3 on hand.').waitFor();
    await at.getByTestId('sku-location-row').filter({ hasText: 'High Street shop' }).getByText('3', { exact: true }).first().waitFor();
    await page.getByTestId('sku-quantity').getByText('8', { exact: true }).waitFor();

    // A transfer of more than the source holds is refused at Units to move; then two move.
    const transfer = page.getByRole('form', { name: 'Transfer between locations' });
    await transfer.getByLabel('From', { exact: true }).selectOption({ label: 'Default location' });
    await transfer.getByLabel('To', { exact: true }).selectOption({ label: 'High Street shop' });
    await transfer.getByLabel('Units to move').fill('99');
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await transfer.locator('.field-error').filter({ hasText: /^Units to move / }).waitFor();
    assert.equal(await transfer.getByLabel('Units to move').getAttribute('aria-invalid'), 'true');
    await assertAccessible(page, 'a transfer refused');
    assert.deepEqual(await levels(), { 'Default location': 5, 'High Street shop': 3 }, 'nothing moved');
    await transfer.getByLabel('Units to move').fill('2');
    await transfer.getByRole('button', { name: 'Transfer' }).click();
    await transfer.getByText('Moved 2 from Default location to High Street shop.').waitFor();
    assert.deepEqual(await levels(), { 'Default location': 3, 'High Street shop': 5 });
    await atPhoneWidth(page, 'a SKU with its stock at each location');

    // Low stock per location: the default location's 3 units are at or under the threshold.
    const threshold = ((await call('GET', '/v1/inventory/settings', { headers: owner.auth })).body.data as { lowStockThreshold: number }).lowStockThreshold;
    await at.getByRole('link', { name: 'Default location' }).click();
    await page.getByRole('heading', { level: 1, name: 'Default location' }).waitFor();
    const lowHere = page.getByTestId('low-here');
    if (threshold >= 3) {
      await lowHere.getByText(/^One SKU is low on stock here/).waitFor();
      await page.getByTestId('level-row').filter({ hasText: 'HOSE-1' }).getByText('Low here').waitFor();
    } else {
      await lowHere.getByText(/^No SKU is low on stock here/).waitFor();
    }
    await assertAccessible(page, 'a location with its stock');

    // Edit, deactivate and delete: Annex is empty, the shop holds stock (refused in the confirmation).
    await page.goto(`${t.baseUrl}/dashboard/locations?store=${owner.storeId}`);
    await list.getByRole('link', { name: 'Annex' }).click();
    await page.getByRole('heading', { level: 1, name: 'Annex' }).waitFor();
    const details = page.getByRole('form', { name: 'Location details' });
    await details.getByLabel('Name', { exact: true }).fill('Back annex');
    await details.getByRole('button', { name: 'Save location' }).click();
    await page.getByRole('heading', { level: 1, name: 'Back annex' }).waitFor();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByTestId('location-state').getByText('Inactive: its stock is not for sale.').waitFor();
    assert.equal((await locations()).find((l) => l.name === 'Back annex')?.active, false);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete Back annex' }).click();
    await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor();
    assert.deepEqual((await locations()).map((l) => l.name), ['Default location', 'High Street shop']);
    await list.getByRole('link', { name: 'High Street shop' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete High Street shop' }).click();
    await page.getByRole('alertdialog').getByText(/holds 5 units/).waitFor();
    await assertAccessible(page, 'a location that cannot be deleted');
    assert.equal((await locations()).length, 2, 'nothing deleted');

    // Another store's location: a notice, nothing of it shown.
    const other = await signup(t.app, { storeName: 'Elsewhere' });
    const theirs = await call('POST', '/v1/locations', { headers: other.auth, body: { name: 'Their depot' } });
    assert.equal(theirs.status, 201, theirs.raw);
    await page.goto(`${t.baseUrl}/dashboard/locations/${theirs.body.data.id}?store=${owner.storeId}`);
    await page.getByText("There is no such location in this store's live mode.").waitFor();
    assert.equal(await page.getByText('Their depot').count(), 0);
    await page.close();
  });
  it('sends If-Match on reordering and edits, says in words when someone changed the location meanwhile, and spaces the Default badge from the name', { skip }, async () => {
    const { t, context } = ui;
    const call = jsonClient(t.app);
    const owner = await signup(t.app, { storeName: 'Three Sheds' });
    await variableProduct(t.app, owner, { name: 'Rake', skus: [{ sku: 'RAKE-1', price: 9, quantityInStock: 2, attributes: { Size: 'One' } }] });
    const made = async (name: string) => {
      const res = await call('POST', '/v1/locations', { headers: owner.auth, body: { name } });
      assert.equal(res.status, 201, res.raw);
      return res.body.data as { id: string };
    };
    const shed = await made('Shed');
    const loft = await made('Loft');
    const behindTheBack = async (id: string, name: string) => {
      const res = await call('PATCH', `/v1/locations/${id}`, { headers: owner.auth, body: { name } });
      assert.equal(res.status, 200, res.raw);
    };
    const names = async () => ((await call('GET', '/v1/locations', { headers: owner.auth })).body.data as Array<{ name: string; active: boolean }>).map((l) => `${l.name}${l.active ? '' : ' (inactive)'}`);

    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/locations?store=${owner.storeId}`);
    await signInToDashboard(page, owner);
    const list = page.getByRole('list', { name: 'Locations in the order of preference' });
    const rows = list.getByTestId('location-row');
    await rows.filter({ hasText: 'Loft' }).waitFor();
    assert.match(await rows.first().locator('span').first().innerText(), /^Default location Default\b/, 'a space between the name and its badge');

    // Reordering a location someone renamed since the list was read: nothing moves, the reason in words, Reload.
    await behindTheBack(loft.id, 'Loft upstairs');
    await list.getByRole('button', { name: 'Move up: Loft' }).click();
    const conflict = page.getByTestId('location-conflict');
    await conflict.getByText('Someone changed this location meanwhile; reload to see their change, then make yours again.').waitFor();
    assert.deepEqual(await names(), ['Default location', 'Shed', 'Loft upstairs'], 'nothing moved');
    await assertAccessible(page, 'a reorder refused: changed meanwhile');
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await list.getByRole('button', { name: 'Move up: Loft upstairs' }).click();
    await page.getByText('Loft upstairs moved up.').waitFor();
    assert.deepEqual(await names(), ['Default location', 'Loft upstairs', 'Shed']);

    // An edit and a deactivation on the location's page, after someone renamed it: the API's 412, in words; Reload shows theirs.
    await rows.filter({ hasText: 'Shed' }).getByRole('link', { name: 'Shed' }).click();
    const details = page.getByRole('form', { name: 'Location details' });
    await details.getByLabel('Name', { exact: true }).waitFor();
    await behindTheBack(shed.id, 'Garden shed');
    await details.getByLabel('Name', { exact: true }).fill('Tool shed');
    await details.getByRole('button', { name: 'Save location' }).click();
    await details.getByTestId('location-conflict').getByText(/^Someone changed this location meanwhile/).waitFor();
    await assertAccessible(page, 'an edit refused: changed meanwhile');
    await details.getByRole('button', { name: 'Deactivate' }).click();
    await details.getByTestId('location-conflict').waitFor();
    assert.deepEqual(await names(), ['Default location', 'Loft upstairs', 'Garden shed'], 'neither the edit nor the deactivation was saved');
    await details.getByRole('button', { name: 'Reload' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Garden shed' }).waitFor();
    assert.equal(await details.getByLabel('Name', { exact: true }).inputValue(), 'Garden shed');
    await details.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByTestId('location-state').getByText('Inactive: its stock is not for sale.').waitFor();
    assert.deepEqual(await names(), ['Default location', 'Loft upstairs', 'Garden shed (inactive)']);
    await page.close();
  });

  it('a refused Delete says why in a merchant’s words: someone changed the location meanwhile (with Reload), it holds stock, or it has shipments not delivered yet', { skip }, async () => {
    const { t, context } = ui;
    const call = jsonClient(t.app);
    const owner = await signup(t.app, { storeName: 'Four Sheds' });
    const product = await call('POST', '/v1/products', { headers: owner.auth, body: { type: 'SIMPLE', name: 'Spade', sku: 'SPADE-1', price: 15, quantityInStock: 3, status: 'active' } });
    assert.equal(product.status, 201, product.raw);
    const skuId = product.body.data.skuId as string;
    const made = async (name: string) => {
      const res = await call('POST', '/v1/locations', { headers: owner.auth, body: { name } });
      assert.equal(res.status, 201, res.raw);
      return res.body.data as { id: string };
    };
    const received = async (locationId: string, delta: number) => {
      const res = await call('POST', `/v1/locations/${locationId}/adjustments`, { headers: owner.auth, body: { skuId, delta, reason: 'received' } });
      assert.equal(res.status, 201, res.raw);
    };
    const names = async () => ((await call('GET', '/v1/locations', { headers: owner.auth })).body.data as Array<{ name: string }>).map((l) => l.name);
    const barn = await made('Barn');
    await received(barn.id, 4);
    // A unit shipped from the dock: it holds nothing now, but its shipment is on its way.
    const dock = await made('Dock');
    await received(dock.id, 1);
    const customerId = await insertCustomer(t, owner.storeId);
    const placed = await call('POST', '/v1/orders', { headers: owner.auth, body: { customerId, lines: [{ skuId, quantity: 1 }] } });
    assert.equal(placed.status, 201, placed.raw);
    const orderId = placed.body.data.id as string;
    assert.equal((await call('POST', `/v1/orders/${orderId}/transitions`, { headers: owner.auth, body: { to: 'paid' } })).status, 200);
    const shipped = await call('POST', `/v1/orders/${orderId}/shipments`, { headers: owner.auth, body: { lines: [{ skuId, quantity: 1 }], locationId: dock.id } });
    assert.equal(shipped.status, 201, shipped.raw);

    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/locations/${barn.id}?store=${owner.storeId}`);
    await signInToDashboard(page, owner);
    await page.getByRole('heading', { level: 1, name: 'Barn' }).waitFor();

    // Renamed by someone else after the page was read: the 412 in words, not the API's; Reload shows their name.
    const renamed = await call('PATCH', `/v1/locations/${barn.id}`, { headers: owner.auth, body: { name: 'Big barn' } });
    assert.equal(renamed.status, 200, renamed.raw);
    const dialog = page.getByRole('alertdialog');
    const tryToDelete = async (name: string) => {
      await page.getByRole('button', { name: 'Delete' }).click();
      await dialog.getByRole('button', { name: `Delete ${name}` }).click();
    };
    await tryToDelete('Barn');
    const conflict = dialog.getByTestId('location-conflict');
    await conflict.getByText('Someone changed this location meanwhile; reload to see their change, then make yours again.').waitFor();
    assert.equal(await dialog.getByText(/If-Match|ETag/).count(), 0, 'no developer words');
    await assertAccessible(page, 'a delete refused: changed meanwhile');
    assert.ok((await names()).includes('Big barn'), 'nothing deleted');
    await conflict.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { level: 1, name: 'Big barn' }).waitFor();

    // It holds stock: said in words, with what it holds.
    await tryToDelete('Big barn');
    const holds = 'Big barn still holds 4 units, so it cannot be deleted. Deactivate it to take its stock off sale, or move the stock to another location on the Inventory page first.';
    await dialog.getByText(holds).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Nothing left at the dock, but a shipment from it not delivered yet.
    await page.goto(`${t.baseUrl}/dashboard/locations/${dock.id}?store=${owner.storeId}`);
    await page.getByRole('heading', { level: 1, name: 'Dock' }).waitFor();
    await tryToDelete('Dock');
    const onTheirWay = 'Dock has shipments on their way that are not delivered yet, so it cannot be deleted. Deactivate it instead, or delete it once they are marked delivered.';
    await dialog.getByText(onTheirWay).waitFor();
    await assertAccessible(page, 'a delete refused: shipments not delivered');
    assert.deepEqual(await names(), ['Default location', 'Big barn', 'Dock'], 'nothing deleted');
    await page.close();
  });
});
