import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Page } from 'playwright-core';
import { insertCustomer } from './helpers/catalog.ts';
import { browserUnavailable } from './helpers/chromium.ts';
import { assertAccessible, meetsEveryRefusal, signInToDashboard } from './helpers/dashboard.ts';
import { dashboardInChromium } from './helpers/dashboard-suite.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient, type Merchant, signup } from './helpers/merchants.ts';

const skip = browserUnavailable();

describeEachDatabase('the dashboard’s taxes (Chromium)', (kind) => {
  const ui = dashboardInChromium(kind);

  async function openAs(who: Merchant, path: string): Promise<Page> {
    await ui.context.clearCookies();
    const page = await ui.context.newPage();
    await page.goto(`${ui.t.baseUrl}/dashboard${path}`);
    await signInToDashboard(page, who);
    return page;
  }
  const regionCount = async (storeId: string) =>
    Number((await ui.t.container.db.kysely.selectFrom('tax_regions').select((eb) => eb.fn.countAll().as('n')).where('store_id', '=', storeId).executeTakeFirstOrThrow()).n);

  it('an owner sets how prices are written, adds a region (refusals at their fields in percentages), edits its rates and deletes it', { skip }, async () => {
    const { t } = ui;
    const owner = await signup(t.app, { storeName: 'Taxed Goods' });
    const call = jsonClient(t.app);
    const page = await openAs(owner, `?store=${owner.storeId}`);
    await page.getByTestId('summary').waitFor();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Taxes' }).click();
    await page.getByRole('heading', { level: 1, name: 'Taxes' }).waitFor();
    await page.getByText('You charge no tax anywhere yet.').waitFor();
    await assertAccessible(page, 'taxes, empty');

    // Prices include tax; delivery at the reduced class.
    const settings = page.getByRole('form', { name: 'Tax settings' });
    await settings.getByRole('radio', { name: /Include tax/ }).check();
    await settings.getByLabel('Tax class of delivery').fill('reduced');
    await settings.getByRole('button', { name: 'Save tax settings' }).click();
    await settings.getByText('Tax settings saved.').waitFor();
    const saved = (await call('GET', '/v1/settings', { headers: owner.auth })).body.data;
    assert.deepEqual([saved.pricesIncludeTax, saved.shippingTaxClass], [true, 'reduced']);
    // A class name the API refuses, next to its field.
    await settings.getByLabel('Tax class of delivery').fill('Reduced Rate');
    await settings.getByRole('button', { name: 'Save tax settings' }).click();
    await settings.locator('.field-error').getByText(/^Tax class of delivery must be a tax class/).waitFor();
    assert.equal((await call('GET', '/v1/settings', { headers: owner.auth })).body.data.shippingTaxClass, 'reduced', 'nothing written');

    // A region without a country and with a rate above 100 %: each refusal at its field, in percentages; nothing written.
    await page.getByRole('button', { name: 'Add a tax region' }).click();
    const form = page.getByRole('form', { name: 'New tax region' });
    await form.getByLabel('Standard rate (%)').fill('120');
    await form.getByRole('button', { name: 'Add tax region' }).click();
    await form.getByText(/^Place: must be a two-letter country id/).waitFor();
    assert.equal(await regionCount(owner.storeId), 0);
    await form.getByLabel('Country', { exact: true }).selectOption('GB');
    await form.getByRole('button', { name: 'Add tax region' }).click();
    await form.locator('.field-error').getByText('Standard rate (%) must be a percentage from 0 to 100, with at most two decimals.').waitFor();
    assert.equal(await form.getByLabel('Standard rate (%)').getAttribute('aria-invalid'), 'true');
    assert.equal(await regionCount(owner.storeId), 0);
    await assertAccessible(page, 'new tax region, with field errors');

    // The UK at 20 %, reduced 5 %, and a class of the merchant's own.
    await form.getByLabel('Region name').fill('United Kingdom');
    await form.getByLabel('Standard rate (%)').fill('20');
    await form.getByLabel('Reduced rate (%)').fill('5');
    await form.getByLabel('Your own classes').fill('children=0; books=2.5');
    await form.getByRole('button', { name: 'Add tax region' }).click();
    await page.getByText(/Tax region “United Kingdom” added/).waitFor();
    const [region] = (await call('GET', '/v1/tax-regions', { headers: owner.auth })).body.data;
    assert.deepEqual([region.countryId, region.stateId, region.rates], ['GB', null, { standard: 2000, reduced: 500, children: 0, books: 250 }]);
    const card = page.getByTestId('tax-region');
    await card.getByTestId('tax-region-rates').getByText('Rates: standard 20 %, reduced 5 %, children 0 %, books 2.5 %').waitFor();
    await card.getByTestId('tax-region-place').getByText(/United Kingdom/).waitFor();

    // The same place again: the 409 names it at the place.
    await page.getByRole('button', { name: 'Add a tax region' }).click();
    await form.getByLabel('Country', { exact: true }).selectOption('GB');
    await form.getByLabel('Standard rate (%)').fill('17.5');
    await form.getByRole('button', { name: 'Add tax region' }).click();
    await form.getByText(/^Place: already has the tax region “?"?United Kingdom/).waitFor();
    assert.equal(await regionCount(owner.storeId), 1);
    await form.getByRole('button', { name: 'Cancel' }).click();

    // Edit the rates: a bad class name is shown at "Your own classes".
    await page.getByRole('button', { name: 'Edit rates of United Kingdom' }).click();
    const editor = page.getByRole('form', { name: 'Edit the tax region United Kingdom' });
    await editor.getByLabel('Your own classes').fill('Kids Clothes=0');
    await editor.getByRole('button', { name: 'Save rates' }).click();
    await editor.locator('.field-error').getByText(/^Your own classes “Kids Clothes” must be a tax class name/).waitFor();
    await editor.getByLabel('Standard rate (%)').fill('19');
    await editor.getByLabel('Your own classes').fill('');
    await editor.getByRole('button', { name: 'Save rates' }).click();
    await page.getByText('Rates of “United Kingdom” saved: orders placed from now on use them.').waitFor();
    assert.deepEqual((await call('GET', `/v1/tax-regions/${region.id}`, { headers: owner.auth })).body.data.rates, { standard: 1900, reduced: 500 });
    await assertAccessible(page, 'taxes, one region');

    // Delete, after a confirmation.
    await page.getByRole('button', { name: 'Delete tax region United Kingdom' }).click();
    await page.getByTestId('confirm-delete-tax-region').getByRole('button', { name: 'Delete United Kingdom' }).click();
    await page.getByText('You charge no tax anywhere yet.').waitFor();
    assert.equal(await regionCount(owner.storeId), 0);
    await page.close();
  });

  it('every tax form shows a 409, a 422 and a 500 in the API’s words with its request id', { skip }, async () => {
    const { t } = ui;
    const owner = await signup(t.app, { storeName: 'Taxes Refused' });
    const call = jsonClient(t.app);
    assert.equal((await call('POST', '/v1/tax-regions', { headers: owner.auth, body: { name: 'Deutschland', countryId: 'DE', rates: { standard: 1900 } } })).status, 201);
    const page = await openAs(owner, `/taxes?store=${owner.storeId}`);
    await page.getByRole('heading', { level: 1, name: 'Taxes' }).waitFor();
    const settings = page.getByRole('form', { name: 'Tax settings' });
    await settings.getByRole('radio', { name: /Include tax/ }).check();
    await meetsEveryRefusal(page, {
      where: 'Tax settings',
      method: 'PATCH',
      path: /^\/v1\/settings$/,
      scope: () => settings,
      submit: () => settings.getByRole('button', { name: 'Save tax settings' }).click(),
    });
    await page.getByRole('button', { name: 'Add a tax region' }).click();
    const form = page.getByRole('form', { name: 'New tax region' });
    await form.getByLabel('Country', { exact: true }).selectOption('FR');
    await form.getByLabel('Standard rate (%)').fill('20');
    await meetsEveryRefusal(page, {
      where: 'New tax region',
      method: 'POST',
      path: /^\/v1\/tax-regions$/,
      scope: () => form,
      submit: () => form.getByRole('button', { name: 'Add tax region' }).click(),
    });
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit rates of Deutschland' }).click();
    const editor = page.getByRole('form', { name: 'Edit the tax region Deutschland' });
    await editor.getByLabel('Reduced rate (%)').fill('7');
    await meetsEveryRefusal(page, {
      where: 'Edit tax region',
      method: 'PATCH',
      path: /^\/v1\/tax-regions\/[^/]+$/,
      scope: () => editor,
      submit: () => editor.getByRole('button', { name: 'Save rates' }).click(),
    });
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Delete tax region Deutschland' }).click();
    const confirm = page.getByTestId('confirm-delete-tax-region');
    await meetsEveryRefusal(page, {
      where: 'Delete tax region',
      method: 'DELETE',
      path: /^\/v1\/tax-regions\/[^/]+$/,
      scope: () => confirm,
      submit: () => confirm.getByRole('button', { name: 'Delete Deutschland' }).click(),
    });
    assert.equal(await regionCount(owner.storeId), 1, 'nothing deleted');
    await page.close();
  });

  it('the product form takes a tax class, and the order page shows the tax of each line and of delivery', { skip }, async () => {
    const { t } = ui;
    const owner = await signup(t.app, { storeName: 'Taxed Books' });
    const call = jsonClient(t.app);
    await call('PATCH', '/v1/settings', { headers: owner.auth, body: { pricesIncludeTax: true } });
    await call('POST', '/v1/tax-regions', { headers: owner.auth, body: { name: 'Illinois', countryId: 'US', stateId: 'US-IL', rates: { standard: 2000, reduced: 500 } } });
    const page = await openAs(owner, `/products/new?store=${owner.storeId}`);
    await page.getByLabel('Name', { exact: true }).fill('Atlas');
    await page.getByLabel('Tax class').fill('reduced');
    await page.getByLabel(/^Price/).fill('10.50');
    await page.getByLabel('Stock', { exact: true }).fill('5');
    await page.getByLabel('Status').selectOption('active');
    await page.getByRole('button', { name: /^Create product/ }).click();
    await page.waitForURL(/\/products\/prd_/);
    const productId = new URL(page.url()).pathname.split('/').pop()!;
    const product = (await call('GET', `/v1/products/${productId}`, { headers: owner.auth })).body.data;
    assert.equal(product.taxClass, 'reduced');
    await page.getByLabel('Tax class').waitFor();
    assert.equal(await page.getByLabel('Tax class').inputValue(), 'reduced');

    const customerId = await insertCustomer(t, owner.storeId);
    const zone = await call('POST', '/v1/delivery/zones', { headers: owner.auth, body: { name: 'US', regions: [{ countryId: 'US' }] } });
    const option = await call('POST', `/v1/delivery/zones/${zone.body.data.id}/options`, { headers: owner.auth, body: { name: 'Post', fee: 6 } });
    const order = await call('POST', '/v1/orders', { headers: owner.auth, body: { customerId, lines: [{ skuId: product.skuId, quantity: 2 }], deliveryOptionId: option.body.data.id } });
    assert.equal(order.status, 201, order.raw);
    // 21.00 at 5 % holds 1.00; delivery 6.00 at 20 % holds 1.00.
    assert.deepEqual([order.body.data.tax, order.body.data.total], [2, 27]);
    await page.goto(`${t.baseUrl}/dashboard/orders/${order.body.data.id}?store=${owner.storeId}`);
    const lines = page.getByTestId('order-tax-line');
    await lines.first().waitFor();
    assert.equal(await lines.count(), 2);
    assert.match((await lines.nth(0).innerText()).replace(/\s+/g, ' '), /Atlas reduced 5 % US-IL \$21\.00 \$1\.00/);
    assert.match((await lines.nth(1).innerText()).replace(/\s+/g, ' '), /Delivery standard 20 % US-IL \$6\.00 \$1\.00/);
    await page.getByTestId('order-totals').getByText('Tax included').waitFor();
    await assertAccessible(page, 'an order with tax lines');
    // Paid, it is a sale: the overview says how much of the sales is tax.
    assert.equal((await call('POST', `/v1/orders/${order.body.data.id}/transitions`, { headers: owner.auth, body: { to: 'paid' } })).status, 200);
    await page.goto(`${t.baseUrl}/dashboard?store=${owner.storeId}`);
    await page.getByTestId('summary-tax').getByText('Sales include $2.00 of tax: $25.00 net of tax.').waitFor();
    await page.close();
  });
});
