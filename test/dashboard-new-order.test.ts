import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { variableProduct } from './helpers/catalog.ts';
import { browserUnavailable } from './helpers/chromium.ts';
import { assertAccessible, signInToDashboard } from './helpers/dashboard.ts';
import { dashboardInChromium } from './helpers/dashboard-suite.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient, signup } from './helpers/merchants.ts';

const skip = browserUnavailable();

/** Issue 38: a new order's delivery option, promotion code and addresses, with the API's refusals at their fields. */
describeEachDatabase('the dashboard: a new order with delivery, a promotion and addresses (Chromium)', (kind) => {
  const ui = dashboardInChromium(kind);

  const sideways = (page: Page) =>
    page.evaluate(() => {
      const d = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return d.scrollWidth - d.clientWidth;
    });

  /** Places the order and waits for the refusal at the field labelled `label` inside `scope`; nothing is placed. */
  async function refusedAt(page: Page, form: Locator, scope: Locator, label: string, rule: RegExp): Promise<void> {
    await form.getByRole('button', { name: 'Place order' }).click();
    await scope.locator('.field-error').filter({ hasText: rule }).waitFor();
    assert.equal(await scope.getByLabel(label, { exact: true }).getAttribute('aria-invalid'), 'true', `${label} marked`);
    await form.getByRole('alert').getByText('Nothing was placed: correct the fields marked above.').waitFor();
    await assertAccessible(page, `a new order refused at ${label}`);
  }

  it('takes a delivery option, a promotion code and addresses of its own; each refusal shows at its field and places nothing', { skip }, async () => {
    const { t, context } = ui;
    const call = jsonClient(t.app);
    const owner = await signup(t.app, { storeName: 'Phone Desk Plus' });
    const ok = async (method: 'POST' | 'PATCH', path: string, body: unknown) => {
      const r = await call(method, path, { headers: owner.auth, body });
      assert.ok(r.status === 200 || r.status === 201, `${method} ${path}: ${r.raw}`);
      return r.body.data;
    };
    const { productId } = await variableProduct(t.app, owner, { name: 'Storm Lantern', skus: [{ sku: 'LAN-A', price: 30, quantityInStock: 5, attributes: { Size: 'One' } }] });
    await ok('PATCH', `/v1/products/${productId}`, { status: 'active' });
    const usa = await ok('POST', '/v1/delivery/zones', { name: 'USA', regions: [{ countryId: 'US' }] });
    const standard = await ok('POST', `/v1/delivery/zones/${usa.id}/options`, { name: 'Standard', fee: 5 });
    const uk = await ok('POST', '/v1/delivery/zones', { name: 'UK', regions: [{ countryId: 'GB' }] });
    const royalMail = await ok('POST', `/v1/delivery/zones/${uk.id}/options`, { name: 'Royal Mail', fee: 3 });
    await ok('POST', '/v1/promotions', { code: 'TENOFF', kind: 'percentage', value: 10 });
    await ok('POST', '/v1/promotions', { code: 'BIGSPEND', kind: 'fixed', value: 5, minSubtotal: 500 });
    await ok('POST', '/v1/customers', { name: 'Olive Order', email: 'olive@example.com', addresses: [{ line1: '3 Bay St', city: 'Boston', countryId: 'US', stateId: 'US-MA' }] });
    const orders = async () => (await call('GET', '/v1/orders', { headers: owner.auth })).body.data as Array<Record<string, unknown>>;

    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/orders/new?store=${owner.storeId}`);
    await signInToDashboard(page, owner);
    const form = page.getByRole('form', { name: 'New order' });
    await form.getByRole('searchbox', { name: 'Customer' }).fill('olive');
    await form.getByRole('list', { name: 'Customers found' }).getByRole('button', { name: /Olive Order/ }).click();
    const shipTo = form.getByRole('group', { name: 'Ship to' });
    const billTo = form.getByRole('group', { name: 'Bill to' });
    await shipTo.getByText('Massachusetts, United States of America').waitFor();
    await form.getByLabel('Find a product').fill('lantern');
    await form.getByLabel('Find a product').press('Enter');
    await form.getByRole('button', { name: /^Add Storm Lantern/ }).click();
    const discount = form.getByRole('region', { name: 'Delivery and discount' });
    const delivery = discount.getByLabel('Delivery', { exact: true });
    await delivery.locator('option', { hasText: 'Royal Mail · $3.00' }).waitFor({ state: 'attached' });
    await assertAccessible(page, 'a new order with delivery and addresses');

    // A delivery option that does not serve the customer's address (Boston, with a UK option): at Delivery.
    await delivery.selectOption(royalMail.id);
    await refusedAt(page, form, discount, 'Delivery', /^Delivery /);
    assert.equal((await orders()).length, 0, 'nothing placed');

    // A promotion whose minimum the order does not reach: at Promotion code.
    await delivery.selectOption(standard.id);
    await discount.getByLabel('Promotion code (optional)').fill('BIGSPEND');
    await refusedAt(page, form, discount, 'Promotion code (optional)', /^Promotion code /);
    assert.equal((await orders()).length, 0, 'nothing placed');

    // Another shipping address, chosen with the keyboard, without a city: at its City.
    await discount.getByLabel('Promotion code (optional)').fill('TENOFF');
    await shipTo.getByLabel("The customer's address").focus();
    await page.keyboard.press('ArrowDown');
    assert.equal(await shipTo.getByLabel('Another address').isChecked(), true, 'arrow keys move between the two');
    await shipTo.getByLabel('Recipient (optional)').fill('Olive at work');
    await shipTo.getByLabel('Address line 1').fill('1 Main St');
    await shipTo.getByLabel('Country').selectOption('US');
    await shipTo.getByLabel('State').selectOption('US-NY');
    await refusedAt(page, form, shipTo, 'City', /^City /);
    assert.equal((await orders()).length, 0, 'nothing placed');

    // A billing address of its own; at 375 px nothing scrolls sideways.
    await shipTo.getByLabel('City').fill('New York');
    await billTo.getByLabel('Same as the shipping address').uncheck();
    await billTo.getByLabel('Address line 1').fill('10 Downing St');
    await billTo.getByLabel('City').fill('London');
    await billTo.getByLabel('Country').selectOption('GB');
    await page.setViewportSize({ width: 375, height: 800 });
    assert.equal(await sideways(page), 0, 'nothing scrolls sideways at 375 px');
    await assertAccessible(page, 'a new order with both addresses, at 375 px');
    await page.setViewportSize({ width: 1280, height: 900 });
    await form.getByRole('button', { name: 'Place order' }).click();
    await page.getByText('Order placed.').waitFor();
    await page.getByTestId('order-shipping').getByText('New York, United States of America').waitFor();
    const placed = await orders();
    assert.equal(placed.length, 1, 'one order');
    const order = (await call('GET', `/v1/orders/${placed[0]!.id}`, { headers: owner.auth })).body.data as {
      deliveryOptionName: string | null;
      promotionCode: string | null;
      discount: number;
      deliveryFee: number;
      shippingAddress: { name: string | null; city: string; stateId: string | null } | null;
      billingAddress: { city: string; countryId: string } | null;
    };
    assert.deepEqual(
      [order.deliveryOptionName, order.promotionCode, order.discount, order.deliveryFee, order.shippingAddress?.name, order.shippingAddress?.city, order.shippingAddress?.stateId, order.billingAddress?.city, order.billingAddress?.countryId],
      ['Standard', 'TENOFF', 3, 5, 'Olive at work', 'New York', 'US-NY', 'London', 'GB'],
    );
    await page.close();
  });
});
