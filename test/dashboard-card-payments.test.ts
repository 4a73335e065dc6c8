import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { ensureDashboardBuilt } from '../src/dashboard-build.ts';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { assertAccessible, meetsEveryRefusal, signInToDashboard } from './helpers/dashboard.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { insertOrder } from './helpers/delivery-payments.ts';
import { client as jsonClient, type Merchant, signup } from './helpers/merchants.ts';
import { type StripeFake, startStripeFake } from './helpers/stripe-fake.ts';

const skip = browserUnavailable();
const TEST = { 'x-mode': 'test' };
const LIVE_KEY = `sk_live_${randomBytes(12).toString('hex')}`;
const LIVE_PK = `pk_live_${randomBytes(12).toString('hex')}`;
const WHSEC = `whsec_${randomBytes(16).toString('hex')}`;

/** The dashboard's card payments on a phone-sized screen: providers per mode, capture, a flagged payment, a link's page. */
describeEachDatabase('the dashboard’s card payments in Chromium', (kind) => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;
  let fake: StripeFake;
  let owner: Merchant;
  let call: ReturnType<typeof jsonClient>;

  before(async () => {
    if (skip) return;
    await ensureDashboardBuilt();
    fake = await startStripeFake();
    fake.keys.add(LIVE_KEY);
    t = await startListeningApp(kind, { config: { paymentSecretsKey: randomBytes(32), stripeApi: fake.connection, testProviderDelayMs: 60_000 } });
    chromium = await launchChromium();
    context = chromium.context;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.baseUrl });
    owner = await signup(t.app, { storeName: 'Harbor Goods' });
    call = jsonClient(t.app);
  });
  after(async () => {
    await chromium?.close();
    await t?.close();
    await fake?.close();
  });

  /** Pays a link's page with a test card, as the shopper's browser does (no dashboard involved). */
  async function pay(url: string, card: string) {
    const path = new URL(url).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    const set = page.headers['set-cookie'];
    const cookie = ((Array.isArray(set) ? set[0] : set) ?? '').split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const form = new URLSearchParams({ csrf, cardNumber: card, expiry: '12 / 34', cvc: '123' });
    await t.app.inject({ method: 'POST', url: path, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
    return path;
  }
  /** A new page of the same browser keeps the session; signs in only when the dashboard asks for it. */
  async function signedIn(page: import('playwright-core').Page) {
    await Promise.race([page.waitForURL(/\/login\?next=/), page.getByRole('heading', { level: 1 }).first().waitFor()]);
    if (/\/login\?next=/.test(page.url())) await signInToDashboard(page, owner);
  }
  const stripeOf = async (headers: Record<string, string> = {}) => ((await call('GET', '/v1/payments/providers', { headers: { ...owner.auth, ...headers } })).body.data as any[]).find((p) => p.provider === 'stripe');

  it('Payments: the test provider explained in test mode; Stripe’s keys for live mode refused at their field, then saved and never shown again', { skip }, async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${t.baseUrl}/dashboard/payments?store=${owner.storeId}&mode=test`);
    await signInToDashboard(page, owner);
    await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    await page.getByTestId('test-provider-help').waitFor();
    assert.match(await page.getByTestId('provider-in-use').innerText(), /built-in test provider: no real money moves/);
    await assertAccessible(page, 'payments in test mode, on a phone');

    await page.goto(`${t.baseUrl}/dashboard/payments?store=${owner.storeId}`);
    await page.getByTestId('stripe-settings').waitFor();
    assert.match(await page.getByTestId('provider-in-use').innerText(), /takes no cards until you connect Stripe/);
    const form = page.getByRole('form', { name: 'Stripe keys (live)' });
    assert.match(await page.getByTestId('stripe-endpoint').innerText(), new RegExp(`/v1/payment-providers/stripe/events/${owner.storeId}/live$`));
    // A test key in live mode: refused at its field, in the merchant's words; nothing saved.
    await form.getByLabel('Secret key').fill(`sk_test_${randomBytes(8).toString('hex')}`);
    await form.getByLabel('Publishable key').fill(LIVE_PK);
    await form.getByLabel('Webhook signing secret').fill(WHSEC);
    await form.getByRole('button', { name: 'Save Stripe keys for live mode' }).click();
    await form.getByText('Secret key is a test-mode key; live mode takes sk_live_… only.').waitFor();
    assert.equal((await stripeOf()).enabled, false);
    await assertAccessible(page, 'Stripe keys refused');
    await meetsEveryRefusal(page, {
      where: 'Stripe keys',
      method: 'PUT',
      path: /^\/v1\/payments\/providers\/stripe$/,
      scope: () => page.getByTestId('stripe-settings'),
      submit: () => form.getByRole('button', { name: 'Save Stripe keys for live mode' }).click(),
    });
    // The right keys: checked with Stripe, saved; the secrets leave the page and are shown only as a hint.
    await form.getByLabel('Secret key').fill(LIVE_KEY);
    await form.getByRole('button', { name: 'Save Stripe keys for live mode' }).click();
    await page.getByText('Stripe’s keys for live mode are saved. Stripe checked the secret key.').waitFor();
    await page.getByTestId('stripe-connected').waitFor();
    assert.match(await page.getByTestId('stripe-connected').innerText(), new RegExp(`sk_live_…${LIVE_KEY.slice(-4)}`));
    assert.equal(await form.getByLabel('Secret key').inputValue(), '');
    const html = await page.content();
    assert.ok(!html.includes(LIVE_KEY) && !html.includes(WHSEC), 'no secret on the page once saved');
    assert.match(await page.getByTestId('provider-in-use').innerText(), /takes cards with Stripe in live mode/);
    assert.deepEqual([(await stripeOf()).enabled, (await stripeOf()).publishableKey], [true, LIVE_PK]);
    await assertAccessible(page, 'Stripe connected');
    await page.close();
  });

  it('an order’s page shows its payment status and captures an authorized card payment after a confirmation; a flagged payment is refunded to the card', { skip }, async () => {
    const order = await insertOrder(t, owner.storeId, { mode: 'test', totalMinor: 2599 });
    const link = await call('POST', '/v1/payment-links', { headers: { ...owner.auth, ...TEST }, body: { orderId: order.id, captureMethod: 'manual' } });
    await pay(link.body.data.url, '4242 4242 4242 4242');
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${t.baseUrl}/dashboard/orders/${order.id}?store=${owner.storeId}&mode=test`);
    await signedIn(page);
    await page.getByTestId('payment-status').waitFor();
    assert.match(await page.getByTestId('payment-status').innerText(), /Authorized \(card money held, not taken yet\) · \$25\.99 authorized/);
    await assertAccessible(page, 'an authorized order, on a phone');
    await meetsEveryRefusal(page, {
      where: 'capture',
      method: 'POST',
      path: /\/capture$/,
      scope: () => page.getByTestId('confirm-card-payment'),
      submit: async () => {
        await page.getByRole('button', { name: 'Capture $25.99' }).click();
        await page.getByRole('button', { name: 'Capture the payment' }).click();
      },
    });
    await page.getByRole('button', { name: 'Capture $25.99' }).click();
    await page.getByText('Take the $25.99 the card holds for order').waitFor();
    await page.getByRole('button', { name: 'Capture the payment' }).click();
    await page.getByText('Captured: the card money is taken and recorded on the order.').waitFor();
    await page.getByText('Payment status: Paid').waitFor();
    const o = (await call('GET', `/v1/orders/${order.id}`, { headers: { ...owner.auth, ...TEST } })).body.data;
    assert.deepEqual([o.status, o.paymentStatus], ['paid', 'paid']);

    // A payment the provider took for another amount: flagged, then refunded to the card from the order's page.
    const other = await insertOrder(t, owner.storeId, { mode: 'test', totalMinor: 2599 });
    const otherLink = await call('POST', '/v1/payment-links', { headers: { ...owner.auth, ...TEST }, body: { orderId: other.id } });
    const path = await pay(otherLink.body.data.url, '4000 0000 0000 0077');
    const [attempt] = await t.container.db.kysely.selectFrom('provider_payments').selectAll().where('link_id', '=', otherLink.body.data.id).execute();
    await t.container.db.kysely.updateTable('test_provider_payments').set({ amount_minor: 1000, succeed_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', attempt!.provider_ref!).execute();
    await t.app.inject({ method: 'GET', url: path });
    await page.goto(`${t.baseUrl}/dashboard/orders/${other.id}?store=${owner.storeId}&mode=test`);
    await page.getByTestId('payment-flag').waitFor();
    await assertAccessible(page, 'a flagged payment');
    await meetsEveryRefusal(page, {
      where: 'settling a flagged payment',
      method: 'POST',
      path: /\/resolve$/,
      scope: () => page.getByTestId('confirm-card-payment'),
      submit: async () => {
        await page.getByRole('button', { name: 'Refund to the card' }).click();
        await page.getByRole('button', { name: 'Refund it to the card' }).click();
      },
    });
    await page.getByRole('button', { name: 'Refund to the card' }).click();
    await page.getByRole('button', { name: 'Refund it to the card' }).click();
    await page.getByText('Refunded at the provider: nothing is recorded on the order.').waitFor();
    await page.getByText('Settled: refunded at the provider.').waitFor();
    const atProvider = await t.container.db.kysely.selectFrom('test_provider_payments').select('refunded_minor').where('id', '=', attempt!.provider_ref!).executeTakeFirstOrThrow();
    assert.equal(Number(atProvider.refunded_minor), 1000);
    await page.close();
  });

  it('a payment link’s page shows its URL with Copy', { skip }, async () => {
    const link = await call('POST', '/v1/payment-links', { headers: owner.auth, body: { amount: 12.5, description: 'Gift wrapping' } });
    const page = await context.newPage();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${t.baseUrl}/dashboard/payments?store=${owner.storeId}`);
    await signedIn(page);
    await page.getByRole('link', { name: 'Gift wrapping' }).click();
    await page.getByRole('heading', { level: 1, name: 'Gift wrapping' }).waitFor();
    assert.equal(await page.getByTestId('payment-link-url').innerText(), link.body.data.url);
    await page.getByRole('button', { name: 'Copy link for Gift wrapping' }).click();
    await page.getByText('Copied.').waitFor();
    assert.equal(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText()), link.body.data.url);
    await assertAccessible(page, 'a payment link, on a phone');
    await page.close();
  });
});
