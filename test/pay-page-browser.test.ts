import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { assertAccessible } from './helpers/dashboard.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { insertOrder } from './helpers/delivery-payments.ts';
import { client as jsonClient, type Merchant, signup } from './helpers/merchants.ts';

const skip = browserUnavailable();
const PHONE = { width: 375, height: 720 };

describeEachDatabase('paying a link in Chromium on a phone: a declined card, 3-D Secure, paid', (kind) => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let m: Merchant;
  let call: ReturnType<typeof jsonClient>;

  before(async () => {
    if (skip) return;
    t = await startListeningApp(kind, { config: { testProviderDelayMs: 500 } });
    chromium = await launchChromium();
    m = await signup(t.app, { storeName: 'Harbor Goods' });
    call = jsonClient(t.app);
  });
  after(async () => {
    await chromium?.close();
    await t?.close();
  });

  async function fillCard(page: Page, number: string): Promise<void> {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
  }

  it('shows the order, refuses a declined card with the reason, passes a 3-D Secure challenge, and shows the link paid; axe finds nothing serious', { skip, timeout: 60_000 }, async () => {
    const order = await insertOrder(t, m.storeId, { mode: 'test', totalMinor: 4250 });
    const link = await call('POST', '/v1/payment-links', { headers: { ...m.auth, 'x-mode': 'test' }, body: { orderId: order.id, description: 'Two lamps' } });
    assert.equal(link.status, 201, link.raw);
    const page = await chromium.context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(link.body.data.url);
    await page.getByRole('heading', { level: 1, name: 'Pay Harbor Goods' }).waitFor();
    assert.match(await page.locator('main').innerText(), /\$42\.50[\s\S]*Two lamps/);
    const pay = page.getByRole('button', { name: 'Pay $42.50' });
    assert.ok(await pay.isVisible());
    // Nothing is wider than the phone's screen.
    assert.ok((await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth)) <= PHONE.width, 'no horizontal scrolling at 375 px');
    await assertAccessible(page, 'the pay page at 375 px');

    // A malformed number is refused on the page, with the field named.
    await fillCard(page, '4242 4242 4242 4241');
    await pay.click();
    await page.getByText('Card number is not a valid card number').waitFor();
    await assertAccessible(page, 'the pay page with a field error');

    // Declined: the reason, the form again, the order unpaid.
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $42.50' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    await assertAccessible(page, 'the pay page after a decline');
    assert.equal((await call('GET', `/v1/orders/${order.id}`, { headers: { ...m.auth, 'x-mode': 'test' } })).body.data.paymentStatus, 'unpaid');

    // 3-D Secure: the challenge page, Complete, back to the pay page: paid.
    await fillCard(page, '4000 0027 6000 3184');
    await page.getByRole('button', { name: 'Pay $42.50' }).click();
    await page.getByRole('heading', { level: 1, name: '3-D Secure check' }).waitFor();
    await assertAccessible(page, 'the 3-D Secure challenge at 375 px');
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.getByText('This link has been paid. Thank you.').waitFor();
    assert.equal(await page.locator('form').count(), 0, 'no form on a paid link');
    assert.ok(!page.url().includes('?'), 'the outcome is not in the address');
    await assertAccessible(page, 'the paid link');
    const o = (await call('GET', `/v1/orders/${order.id}`, { headers: { ...m.auth, 'x-mode': 'test' } })).body.data;
    assert.deepEqual([o.status, o.paymentStatus, o.paid], ['paid', 'paid', 42.5]);
    await page.close();
  });

  it('pays with the delayed card: the page says it is processing and shows the link paid when the event has come', { skip, timeout: 60_000 }, async () => {
    const link = await call('POST', '/v1/payment-links', { headers: { ...m.auth, 'x-mode': 'test' }, body: { amount: 9.99, description: 'Gift wrap' } });
    const page = await chromium.context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(link.body.data.url);
    await fillCard(page, '4000 0000 0000 0077');
    await page.getByRole('button', { name: 'Pay $9.99' }).click();
    await page.getByText('Your payment is being processed').waitFor();
    await assertAccessible(page, 'a payment being processed');
    // The shopper checks again until the provider's event has paid the link.
    const paid = page.getByText('This link has been paid. Thank you.');
    for (let i = 0; i < 40 && !(await paid.isVisible()); i += 1) {
      await page.waitForTimeout(250);
      const again = page.getByRole('link', { name: 'Check the payment again' });
      if (await again.isVisible()) await again.click();
    }
    await paid.waitFor();
    await page.close();
  });
});
