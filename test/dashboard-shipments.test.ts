import assert from 'node:assert/strict';
import { it } from 'node:test';
import { browserUnavailable } from './helpers/chromium.ts';
import { assertAccessible, meetsEveryRefusal } from './helpers/dashboard.ts';
import { dashboardInChromium, mugOrder, openOrderPage } from './helpers/dashboard-suite.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient } from './helpers/merchants.ts';

const skip = browserUnavailable();

describeEachDatabase('the dashboard’s Ship flow in Chromium', (kind) => {
  const ui = dashboardInChromium(kind, { storeName: 'Northwind Outfitters' });

  it('ships part of a paid order with carrier and tracking, shows what is shipped per line and the tracking link, marks it delivered; refusals in the merchant’s words; axe at 375 px', { skip }, async () => {
    const { t, context, owner } = ui;
    const call = jsonClient(t.app);
    const { order, skuId } = await mugOrder(t, owner, 3, ['paid']);
    const page = await openOrderPage(t, context, owner, order);
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
    const levels = await call('GET', `/v1/inventory/skus/${skuId}/levels`, { headers: owner.auth });
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
