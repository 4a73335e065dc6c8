import assert from 'node:assert/strict';
import { it } from 'node:test';
import { browserUnavailable } from './helpers/chromium.ts';
import { assertAccessible, meetsEveryRefusal } from './helpers/dashboard.ts';
import { dashboardInChromium, mugOrder, openOrderPage } from './helpers/dashboard-suite.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient } from './helpers/merchants.ts';

const skip = browserUnavailable();

describeEachDatabase('the dashboard’s Return flow in Chromium', (kind) => {
  const ui = dashboardInChromium(kind, { storeName: 'Northwind Outfitters' });

  it('asks for a return of a shipped line, receives it back in stock, and refunds it; refusals in the merchant’s words; axe at 375 px', { skip }, async () => {
    const { t, context, owner } = ui;
    const call = jsonClient(t.app);
    const { order, skuId } = await mugOrder(t, owner, 2, ['paid', 'fulfilled']);
    const page = await openOrderPage(t, context, owner, order);
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
    const levels = await call('GET', `/v1/inventory/skus/${skuId}/levels`, { headers: owner.auth });
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
