import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { assertAccessible } from './helpers/dashboard.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { insertOrder } from './helpers/delivery-payments.ts';
import { client as jsonClient, type Merchant, signup } from './helpers/merchants.ts';
import { type StripeFake, startStripeFake } from './helpers/stripe-fake.ts';

const skip = browserUnavailable();
const PHONE = { width: 375, height: 720 };
const KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const PK = `pk_test_${randomBytes(12).toString('hex')}`;
const WHSEC = `whsec_${randomBytes(16).toString('hex')}`;

/**
 * A stand-in for Stripe.js, served at Stripe's own address by the browser's request routing (the third-party seam: the
 * real script cannot load offline). It keeps to what the pay page's script uses: `Stripe(key).elements({clientSecret})`,
 * `create('payment')` with `mount` and `on('ready')`, and `confirmPayment`, which asks "api.stripe.com" (routed to the
 * Stripe fake) to confirm and then goes to `return_url` as Stripe.js does, or answers the decline.
 */
const STRIPE_JS = `window.Stripe = function (key) {
  return {
    elements: function (options) {
      window.__stripe = { key: key, clientSecret: options.clientSecret };
      return { create: function () { return {
        mount: function (selector) { document.querySelector(selector).textContent = 'Stripe card fields'; },
        on: function (event, callback) { if (event === 'ready') setTimeout(callback, 0); },
      }; } };
    },
    confirmPayment: function (options) {
      var intent = window.__stripe.clientSecret.split('_secret_')[0];
      return fetch('https://api.stripe.com/v1/payment_intents/' + intent + '/confirm', { method: 'POST' })
        .then(function (r) { return r.json(); })
        .then(function (pi) {
          if (pi.last_payment_error) return { error: { message: pi.last_payment_error.message } };
          window.location.href = options.confirmParams.return_url + '?payment_intent=' + pi.id + '&redirect_status=succeeded';
          return {};
        });
    },
  };
};`;

/** The pay page's own script under its real CSP in Chromium, with Stripe.js and Stripe's API stood in for. */
describeEachDatabase('paying a link with Stripe’s card fields in Chromium on a phone (Stripe.js stood in for)', (kind) => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let fake: StripeFake;
  let m: Merchant;
  let call: ReturnType<typeof jsonClient>;

  before(async () => {
    if (skip) return;
    fake = await startStripeFake();
    fake.keys.add(KEY);
    t = await startListeningApp(kind, { config: { paymentSecretsKey: randomBytes(32), stripeApi: fake.connection } });
    chromium = await launchChromium();
    m = await signup(t.app, { storeName: 'Harbor Goods' });
    call = jsonClient(t.app);
    const saved = await call('PUT', '/v1/payments/providers/stripe', { headers: { ...m.auth, 'x-mode': 'test' }, body: { secretKey: KEY, webhookSecret: WHSEC, publishableKey: PK } });
    assert.equal(saved.status, 200, saved.raw);
  });
  after(async () => {
    await chromium?.close();
    await t?.close();
    await fake?.close();
  });

  /** Stripe's host answered by the stand-in script and, for a confirmation, by the Stripe fake (`card` is the shopper's). */
  async function standIn(page: Page, card: () => 'pm_card_visa' | 'pm_card_chargeDeclined', blocked: string[]) {
    page.on('console', (message) => {
      if (/Content Security Policy/.test(message.text())) blocked.push(message.text());
    });
    await page.route('https://js.stripe.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: STRIPE_JS }));
    await page.route('https://api.stripe.com/**', (route) => {
      const intent = /payment_intents\/([^/]+)\/confirm/.exec(new URL(route.request().url()).pathname)?.[1];
      if (!intent) return route.fulfill({ status: 404, body: '{}' });
      return route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(fake.confirm(intent, card())) });
    });
  }

  it('mounts the card fields under the page’s CSP, shows a decline in the alert, then pays and shows the outcome Stripe reports', { skip, timeout: 60_000 }, async () => {
    const order = await insertOrder(t, m.storeId, { mode: 'test', totalMinor: 4250 });
    const link = await call('POST', '/v1/payment-links', { headers: { ...m.auth, 'x-mode': 'test' }, body: { orderId: order.id, description: 'Two lamps' } });
    const page = await chromium.context.newPage();
    await page.setViewportSize(PHONE);
    let card: 'pm_card_visa' | 'pm_card_chargeDeclined' = 'pm_card_chargeDeclined';
    const blocked: string[] = [];
    await standIn(page, () => card, blocked);
    await page.goto(link.body.data.url);
    await page.getByText('Stripe card fields').waitFor();
    const pay = page.getByRole('button', { name: 'Pay $42.50' });
    await page.waitForFunction(() => !(globalThis as unknown as { document: { querySelector(s: string): { disabled: boolean } } }).document.querySelector('#stripe-form button').disabled);
    assert.equal(await page.evaluate(() => (globalThis as unknown as { __stripe: { key: string } }).__stripe.key), PK);
    await assertAccessible(page, 'the Stripe pay page at 375 px');

    await pay.click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined. Nothing was charged.' }).waitFor();
    assert.equal((await call('GET', `/v1/orders/${order.id}`, { headers: { ...m.auth, 'x-mode': 'test' } })).body.data.paymentStatus, 'unpaid');
    await assertAccessible(page, 'the Stripe pay page after a decline');

    card = 'pm_card_visa';
    await pay.click();
    await page.getByText('This link has been paid. Thank you.').waitFor();
    assert.match(page.url(), /redirect_status=succeeded/);
    const o = (await call('GET', `/v1/orders/${order.id}`, { headers: { ...m.auth, 'x-mode': 'test' } })).body.data;
    assert.deepEqual([o.status, o.paymentStatus, o.paid], ['paid', 'paid', 42.5]);
    assert.deepEqual(blocked, [], 'nothing the page needs was blocked by its CSP');
    await assertAccessible(page, 'the paid link');
    await page.close();
  });
});
