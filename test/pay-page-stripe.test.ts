import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, it } from 'node:test';
import { STRIPE_JS, STRIPE_PAGE_SOURCES } from '../src/web/pay-pages.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { insertOrder } from './helpers/delivery-payments.ts';
import { client, type Merchant, signup } from './helpers/merchants.ts';
import { type StripeFake, startStripeFake } from './helpers/stripe-fake.ts';

async function openPayPage(t: TestApp, path: string) {
  const res = await t.app.inject({ method: 'GET', url: path });
  return { status: res.statusCode, body: res.body, headers: res.headers };
}

const LIVE_KEY = `sk_live_${randomBytes(12).toString('hex')}`;
const LIVE_PK = `pk_live_${randomBytes(12).toString('hex')}`;
const WHSEC = `whsec_${randomBytes(16).toString('hex')}`;

/** The pay page with Stripe's Payment Element: what the server renders, and that the outcome is read from Stripe. */
describeEachDatabase('the pay page with Stripe (Payment Element) against the Stripe fake', (kind) => {
  let t: TestApp;
  let fake: StripeFake;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  before(async () => {
    fake = await startStripeFake();
    fake.keys.add(LIVE_KEY);
    t = await startTestApp(kind, { config: { paymentSecretsKey: randomBytes(32), stripeApi: fake.connection } });
    call = client(t.app);
    m = await signup(t.app);
    const saved = await call('PUT', '/v1/payments/providers/stripe', { headers: m.auth, body: { secretKey: LIVE_KEY, webhookSecret: WHSEC, publishableKey: LIVE_PK } });
    assert.equal(saved.status, 200, saved.raw);
  });
  after(async () => {
    await t?.close();
    await fake?.close();
  });

  async function orderLink(totalMinor = 4250) {
    const order = await insertOrder(t, m.storeId, { mode: 'live', totalMinor });
    const link = await call('POST', '/v1/payment-links', { headers: m.auth, body: { orderId: order.id } });
    assert.equal(link.status, 201, link.raw);
    return { order, link: link.body.data, path: new URL(link.body.data.url).pathname };
  }
  const attempts = (linkId: string) => t.container.db.kysely.selectFrom('provider_payments').selectAll().where('link_id', '=', linkId).orderBy('id').execute();
  const orderOf = async (id: string) => (await call('GET', `/v1/orders/${id}`, { headers: m.auth })).body.data;
  const secretOf = (body: string) => /data-secret="([^"]+)"/.exec(body)?.[1];

  it('renders the Payment Element with the publishable key and the intent\'s client secret, under a CSP that allows exactly what Stripe.js needs', async () => {
    const { link, path } = await orderLink(1250);
    const page = await openPayPage(t, path);
    assert.equal(page.status, 200, page.body);
    const csp = String(page.headers['content-security-policy']);
    const directives = Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    assert.equal(directives['default-src'], "'none'");
    assert.equal(directives['script-src'], STRIPE_PAGE_SOURCES.script.join(' '));
    assert.match(directives['script-src']!, /^https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com 'sha256-[A-Za-z0-9+/=]+'$/);
    assert.equal(directives['frame-src'], 'https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com');
    assert.equal(directives['connect-src'], 'https://api.stripe.com');
    assert.equal(directives['frame-ancestors'], "'none'");
    assert.equal(directives['form-action'], "'self'");
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|maps\.googleapis/);
    // The only script fetched is Stripe's own; the inline one is allowed by its hash alone.
    const sources = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((x) => x[1]);
    assert.deepEqual(sources, [STRIPE_JS]);
    const inline = [...page.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((x) => x[1]!);
    assert.equal(inline.length, 1);
    assert.ok(directives['script-src']!.includes(`'sha256-${createHash('sha256').update(inline[0]!).digest('base64')}'`), 'the inline script is the one its hash allows');
    // The Payment Element takes the card: none of our card fields, no card number ever reaches this server.
    assert.doesNotMatch(page.body, /name="cardNumber"|Card number/);
    assert.match(page.body, new RegExp(`data-key="${LIVE_PK}"`));
    assert.match(page.body, /<button class="primary wide" type="submit" disabled>Pay \$12\.50<\/button>/);
    const [attempt] = await attempts(link.id);
    assert.equal(attempt!.provider, 'stripe');
    const intent = fake.intents.get(attempt!.provider_ref!)!;
    assert.equal(secretOf(page.body), intent.client_secret);
    assert.deepEqual([intent.amount, intent.currency, intent.metadata.reference], [1250, 'usd', attempt!.id]);
    // Opening the page again reuses the attempt and its intent: one payment at Stripe per link at a time.
    const again = await openPayPage(t, path);
    assert.equal(secretOf(again.body), intent.client_secret);
    assert.equal((await attempts(link.id)).length, 1);
  });

  it('reads the outcome after the return from Stripe, never from the query string', async () => {
    const { order, link, path } = await orderLink();
    await openPayPage(t, path);
    const [attempt] = await attempts(link.id);
    // The shopper comes back claiming success before Stripe has anything: the page still offers the form.
    const claimed = await openPayPage(t, `${path}?payment_intent=${attempt!.provider_ref}&redirect_status=succeeded`);
    assert.match(claimed.body, /id="stripe-form"/);
    assert.doesNotMatch(claimed.body, /paid|received/i);
    assert.equal((await orderOf(order.id)).paymentStatus, 'unpaid');
    // Stripe.js confirmed the card in the browser; the return says "failed", Stripe says succeeded: Stripe wins.
    fake.confirm(attempt!.provider_ref!, 'pm_card_visa');
    const back = await openPayPage(t, `${path}?payment_intent=${attempt!.provider_ref}&redirect_status=failed`);
    assert.match(back.body, /This link has been paid/);
    assert.doesNotMatch(back.body, /<script/, 'nothing left to pay: no Stripe script');
    assert.equal(String(back.headers['content-security-policy']).includes('script-src'), false);
    const o = await orderOf(order.id);
    assert.deepEqual([o.status, o.paymentStatus, o.paid], ['paid', 'paid', 42.5]);
  });

  it('after a decline shows why and a fresh intent; a later success of the declined intent (retried in the browser) is still recorded once', async () => {
    const { order, link, path } = await orderLink();
    await openPayPage(t, path);
    const [first] = await attempts(link.id);
    fake.confirm(first!.provider_ref!, 'pm_card_chargeDeclined');
    const page = await openPayPage(t, path);
    assert.match(page.body, /Your card was declined\. Nothing was charged/);
    assert.match(page.body, /id="stripe-form"/, 'the shopper can try again');
    const all = await attempts(link.id);
    assert.deepEqual(all.map((a) => a.status), ['failed', 'requires_payment_method']);
    assert.equal(secretOf(page.body), fake.intents.get(all[1]!.provider_ref!)!.client_secret);
    assert.equal((await orderOf(order.id)).paymentStatus, 'unpaid');
    // The old tab retries the declined intent with another card, and Stripe tells us by event.
    const paid = fake.confirm(first!.provider_ref!, 'pm_card_visa');
    const event = fake.signedEvent(WHSEC, 'payment_intent.succeeded', paid);
    const res = await t.app.inject({ method: 'POST', url: `/v1/payment-providers/stripe/events/${m.storeId}/live`, headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, payload: event.body });
    assert.equal(res.json().data.outcome, 'processed');
    const o = await orderOf(order.id);
    assert.deepEqual([o.paymentStatus, o.paid], ['paid', 42.5]);
    assert.match((await openPayPage(t, path)).body, /This link has been paid/);
  });

  it('a store whose Stripe keys lack a publishable key takes no card on the page (no form, no script)', async () => {
    const other = await signup(t.app);
    // Settings saved before the publishable key was asked for (migration 0024 left it null).
    await call('PUT', '/v1/payments/providers/stripe', { headers: other.auth, body: { secretKey: LIVE_KEY, webhookSecret: WHSEC, publishableKey: LIVE_PK } });
    await t.container.db.kysely.updateTable('payment_provider_settings').set({ publishable_key: null }).where('store_id', '=', other.storeId).execute();
    const link = await call('POST', '/v1/payment-links', { headers: other.auth, body: { amount: 5 } });
    const page = await openPayPage(t, new URL(link.body.data.url).pathname);
    assert.match(page.body, /cannot take card payments yet/);
    assert.doesNotMatch(page.body, /<form|<script/);
  });
});
