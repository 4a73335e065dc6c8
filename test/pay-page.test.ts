import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { signTestEvent, TEST_SIGNATURE_HEADER } from '../src/domain/payments/test-provider.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { insertOrder } from './helpers/delivery-payments.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { eventually } from './helpers/webhook-receiver.ts';
import { mailConfig, type MailReceiver, setNotificationEmail, startMailReceiver } from './helpers/mail-receiver.ts';

const TEST = { 'x-mode': 'test' };
const CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', threeDS: '4000 0027 6000 3184', delayed: '4000 0000 0000 0077' };

/** A browser on the pay page: its csrf cookie and the token of the page's form. */
export async function openPayPage(t: TestApp, path: string, cookie = '') {
  const res = await t.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
  const setCookie = res.headers['set-cookie'];
  const jar = cookie || ((Array.isArray(setCookie) ? setCookie[0] : setCookie) ?? '').split(';')[0]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(res.body)?.[1];
  return { status: res.statusCode, body: res.body, headers: res.headers, cookie: jar, csrf };
}

async function pay(t: TestApp, path: string, card: string, extra: Record<string, string> = {}) {
  const page = await openPayPage(t, path);
  assert.ok(page.csrf, `the page has a form: ${page.body}`);
  const form = new URLSearchParams({ csrf: page.csrf!, cardNumber: card, expiry: '12 / 34', cvc: '123', ...extra });
  const res = await t.app.inject({ method: 'POST', url: path, headers: { cookie: page.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
  return { status: res.statusCode, location: res.headers.location as string | undefined, body: res.body, cookie: page.cookie };
}

/** The path of a URL under the test BASE_URL. */
const pathOf = (url: string) => new URL(url).pathname;

describeEachDatabase('the pay page and the test provider', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  before(async () => {
    t = await startTestApp(kind, { config: { testProviderDelayMs: 300 } });
    call = client(t.app);
    m = await signup(t.app);
  });
  after(() => t?.close());

  const db = () => t.container.db.kysely;
  async function orderLink(options: { totalMinor?: number; captureMethod?: 'automatic' | 'manual' } = {}) {
    const order = await insertOrder(t, m.storeId, { mode: 'test', totalMinor: options.totalMinor ?? 2599 });
    const link = await call('POST', '/v1/payment-links', { headers: { ...m.auth, ...TEST }, body: { orderId: order.id, ...(options.captureMethod ? { captureMethod: options.captureMethod } : {}) } });
    assert.equal(link.status, 201, link.raw);
    return { order, link: link.body.data, path: pathOf(link.body.data.url) };
  }
  const orderOf = async (id: string) => (await call('GET', `/v1/orders/${id}`, { headers: { ...m.auth, ...TEST } })).body.data;
  const paymentsOf = async (id: string) => (await call('GET', `/v1/orders/${id}/payments`, { headers: { ...m.auth, ...TEST } })).body.data.payments;
  const linkOf = async (id: string) => (await call('GET', `/v1/payment-links/${id}`, { headers: { ...m.auth, ...TEST } })).body.data;
  const attempts = async (linkId: string) => db().selectFrom('provider_payments').selectAll().where('link_id', '=', linkId).execute();

  it('shows the store, the amount, the description and a labelled card form with a Pay button, under a strict CSP and no script', async () => {
    const { path } = await orderLink({ totalMinor: 1250 });
    const page = await openPayPage(t, path);
    assert.equal(page.status, 200);
    assert.match(page.body, /<h1>Pay Store \d+<\/h1>/);
    assert.match(page.body, /\$12\.50/);
    assert.match(page.body, /Order T-/);
    for (const label of ['Card number', 'Expiry', 'CVC']) assert.match(page.body, new RegExp(`<label for="\\w+">${label}</label>`));
    assert.match(page.body, /<button class="primary wide" type="submit">Pay \$12\.50<\/button>/);
    assert.doesNotMatch(page.body, /<script/);
    const csp = String(page.headers['content-security-policy']);
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /form-action 'self'/);
    assert.doesNotMatch(csp, /script-src/);
    assert.equal(page.headers['cache-control'], 'no-store');
    assert.match(page.body, /name="viewport" content="width=device-width, initial-scale=1"/);
  });

  it('pays with 4242 4242 4242 4242: the link is paid, the payment recorded once by card, the order moves to paid', async () => {
    const { order, link, path } = await orderLink();
    const res = await pay(t, path, CARDS.ok);
    assert.equal(res.status, 303);
    assert.equal(res.location, path, 'back to the page, which reads the outcome itself');
    const page = await openPayPage(t, path);
    assert.match(page.body, /This link has been paid/);
    assert.doesNotMatch(page.body, /<form/);
    assert.equal((await linkOf(link.id)).status, 'paid');
    const o = await orderOf(order.id);
    assert.deepEqual([o.status, o.paymentStatus, o.paid], ['paid', 'paid', 25.99]);
    assert.equal(o.history.at(-1).to, 'paid');
    const payments = await paymentsOf(order.id);
    assert.equal(payments.length, 1);
    assert.deepEqual([payments[0].method, payments[0].amount, payments[0].status], ['card', 25.99, 'succeeded']);
    const [a] = await attempts(link.id);
    assert.equal(a!.status, 'succeeded');
    assert.ok(a!.completed_at);
    // Paying again is refused without a second charge: the link is paid.
    const again = await t.app.inject({ method: 'POST', url: path, headers: { cookie: res.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'csrf=x&cardNumber=4242424242424242&expiry=12/34&cvc=123' });
    assert.equal(again.statusCode, 403, 'the form token of the old page');
    assert.equal((await paymentsOf(order.id)).length, 1);
  });

  it('declines 4000 0000 0000 0002 with the reason; the link stays active, the order unpaid, and the shopper can try again', async () => {
    const { order, link, path } = await orderLink();
    const res = await pay(t, path, CARDS.declined);
    assert.equal(res.status, 303);
    const page = await openPayPage(t, path);
    assert.match(page.body, /Your card was declined\. Nothing was charged/);
    assert.match(page.body, /role="alert"/);
    assert.match(page.body, /<form method="post"/, 'the form is there to try again');
    assert.equal((await linkOf(link.id)).status, 'active');
    const o = await orderOf(order.id);
    assert.deepEqual([o.status, o.paymentStatus, o.paid], ['pending', 'unpaid', 0]);
    assert.equal((await paymentsOf(order.id)).length, 0);
    const retry = await pay(t, path, CARDS.ok);
    assert.equal(retry.status, 303);
    assert.equal((await orderOf(order.id)).paymentStatus, 'paid');
    const all = await attempts(link.id);
    assert.deepEqual(all.map((a) => a.status).sort(), ['failed', 'succeeded'], 'two attempts, two idempotency keys');
  });

  it('asks for 3-D Secure with 4000 0027 6000 3184: Complete pays, Fail says why and lets the shopper retry', async () => {
    const { order, path } = await orderLink();
    const res = await pay(t, path, CARDS.threeDS);
    assert.equal(res.status, 303);
    const challenge = pathOf(res.location!);
    assert.match(challenge, /^\/test-provider\/challenge\/tpi_/);
    const before = await openPayPage(t, path);
    assert.match(before.body, /<form method="post"/, 'a challenge not done yet leaves the link payable');
    const cp = await openPayPage(t, challenge);
    assert.equal(cp.status, 200);
    assert.match(cp.body, />Complete</);
    assert.match(cp.body, />Fail</);
    const done = await t.app.inject({ method: 'POST', url: challenge, headers: { cookie: cp.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: `csrf=${cp.csrf}&outcome=complete` });
    assert.equal(done.statusCode, 303);
    assert.equal(pathOf(done.headers.location as string), path);
    assert.match((await openPayPage(t, path)).body, /This link has been paid/);
    assert.equal((await orderOf(order.id)).paymentStatus, 'paid');
    // The event the provider sent meanwhile finds it done: one payment.
    await new Promise((r) => setTimeout(r, 100));
    assert.equal((await paymentsOf(order.id)).length, 1);

    const second = await orderLink();
    const r2 = await pay(t, second.path, CARDS.threeDS);
    const c2 = await openPayPage(t, pathOf(r2.location!));
    await t.app.inject({ method: 'POST', url: pathOf(r2.location!), headers: { cookie: c2.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: `csrf=${c2.csrf}&outcome=fail` });
    const failed = await openPayPage(t, second.path);
    assert.match(failed.body, /The 3-D Secure check of your card failed\. Nothing was charged/);
    assert.match(failed.body, /<form method="post"/);
    assert.equal((await orderOf(second.order.id)).paymentStatus, 'unpaid');
  });

  it('pays 4000 0000 0000 0077 only through the delayed event: processing first (no form, a link to check again), then paid once', async () => {
    const { order, link, path } = await orderLink();
    await pay(t, path, CARDS.delayed);
    const page = await openPayPage(t, path);
    assert.match(page.body, /Your payment is being processed/);
    assert.match(page.body, /Check the payment again/);
    assert.doesNotMatch(page.body, /http-equiv="refresh"/);
    assert.doesNotMatch(page.body, /<form/);
    assert.equal((await orderOf(order.id)).paymentStatus, 'unpaid');
    await eventually(async () => (await linkOf(link.id)).status === 'paid', 5000, 'the delayed event pays the link');
    const events = await db().selectFrom('provider_events').selectAll().where('store_id', '=', m.storeId).execute();
    assert.ok(events.some((e) => e.type === 'payment.updated'));
    assert.equal((await paymentsOf(order.id)).length, 1);
    assert.equal((await orderOf(order.id)).status, 'paid');
  });

  it('charges once when the form is sent several times at once (a double click, two tabs)', async () => {
    const { order, link, path } = await orderLink();
    const page = await openPayPage(t, path);
    const form = new URLSearchParams({ csrf: page.csrf!, cardNumber: CARDS.ok, expiry: '12/34', cvc: '123' }).toString();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'POST', url: path, headers: { cookie: page.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: form })),
    );
    assert.ok(results.every((r) => r.statusCode === 303), results.map((r) => r.statusCode).join());
    const all = await attempts(link.id);
    assert.equal(all.length, 1, 'one attempt');
    assert.equal(all[0]!.flag, null);
    const atProvider = await db().selectFrom('test_provider_payments').selectAll().where('id', '=', all[0]!.provider_ref!).execute();
    assert.equal(atProvider.length, 1);
    assert.equal((await db().selectFrom('test_provider_payments').select('id').where('store_id', '=', m.storeId).where('status', '=', 'succeeded').where('return_url', 'like', `%${path}`).execute()).length, 1, 'one charge at the provider');
    assert.equal((await paymentsOf(order.id)).length, 1);
  });

  it('refuses a malformed card with the field named, and writes nothing', async () => {
    const { link, path } = await orderLink();
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ cardNumber: '4242 4242 4242 4241' }, /Card number is not a valid card number/],
      [{ cardNumber: '' }, /Card number is required/],
      [{ cardNumber: '42a2' }, /Card number must be digits only/],
      [{ expiry: '13/30' }, /Expiry must be a month and year, MM \/ YY/],
      [{ cvc: '12' }, /CVC must be 3 or 4 digits/],
    ];
    for (const [fields, message] of cases) {
      const res = await pay(t, path, fields.cardNumber ?? CARDS.ok, fields);
      assert.equal(res.status, 422, JSON.stringify(fields));
      assert.match(res.body, message);
      assert.match(res.body, /aria-invalid="true"/);
    }
    assert.equal((await attempts(link.id)).length, 0);
    assert.equal((await db().selectFrom('test_provider_payments').selectAll().where('store_id', '=', m.storeId).where('return_url', 'like', `%${path}`).execute()).length, 0);
  });

  it('says plainly when a link is expired, cancelled or unknown, with no form; a live-mode link cannot take a test card', async () => {
    const { link, path } = await orderLink();
    await call('POST', `/v1/payment-links/${link.id}/cancel`, { headers: { ...m.auth, ...TEST } });
    const cancelled = await openPayPage(t, path);
    assert.match(cancelled.body, /was cancelled by/);
    assert.doesNotMatch(cancelled.body, /<form/);
    const posted = await t.app.inject({ method: 'POST', url: path, headers: { cookie: cancelled.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'cardNumber=4242424242424242' });
    assert.equal(posted.statusCode, 403, 'no form, no token');

    const expiresAt = new Date(Date.now() + 400);
    const exp = await call('POST', '/v1/payment-links', { headers: { ...m.auth, ...TEST }, body: { amount: 5, expiresAt: expiresAt.toISOString() } });
    await new Promise((r) => setTimeout(r, 500));
    const expired = await openPayPage(t, pathOf(exp.body.data.url));
    assert.match(expired.body, /has expired/);
    assert.doesNotMatch(expired.body, /<form/);

    const unknown = await openPayPage(t, `/pay/${'A'.repeat(43)}`);
    assert.equal(unknown.status, 404);
    assert.match(unknown.body, /Payment link not found/);

    const live = await call('POST', '/v1/payment-links', { headers: m.auth, body: { amount: 5 } });
    const livePage = await openPayPage(t, pathOf(live.body.data.url));
    assert.match(livePage.body, /cannot take card payments yet/);
    assert.doesNotMatch(livePage.body, /<form/);
  });

  it('never reads the outcome from the query string', async () => {
    const { path } = await orderLink();
    const page = await openPayPage(t, `${path}?status=succeeded&paid=true&redirect_status=succeeded`);
    assert.match(page.body, /<form method="post"/);
    assert.doesNotMatch(page.body, /paid\. Thank you/);
  });

  describe('authorize now, capture later', () => {
    it('authorizes with captureMethod manual (order authorized, still pending), captures once, and the order is paid', async () => {
      const { order, link, path } = await orderLink({ captureMethod: 'manual' });
      assert.equal(link.captureMethod, 'manual');
      await pay(t, path, CARDS.ok);
      assert.match((await openPayPage(t, path)).body, /Your payment is authorized/);
      let o = await orderOf(order.id);
      assert.deepEqual([o.status, o.paymentStatus, o.authorized, o.paid], ['pending', 'authorized', 25.99, 0]);
      assert.equal((await linkOf(link.id)).status, 'paid');

      const readOnly = await createApiKey(t.app, m, { mode: 'test', permissions: ['payments:read', 'orders:read'] });
      const denied = await call('POST', `/v1/orders/${order.id}/capture`, { headers: { 'x-merchantapikey': readOnly.key } });
      assert.equal(denied.status, 403);
      assert.equal((await orderOf(order.id)).paymentStatus, 'authorized');
      const other = await signup(t.app);
      assert.equal((await call('POST', `/v1/orders/${order.id}/capture`, { headers: { ...other.auth, ...TEST } })).status, 404);
      assert.equal((await call('POST', `/v1/orders/${order.id}/capture`, { headers: m.auth })).status, 404, 'the live mode has no such order');

      const captured = await call('POST', `/v1/orders/${order.id}/capture`, { headers: { ...m.auth, ...TEST } });
      assert.equal(captured.status, 200, captured.raw);
      assert.equal(captured.body.data[0].status, 'succeeded');
      o = await orderOf(order.id);
      assert.deepEqual([o.status, o.paymentStatus, o.authorized, o.paid], ['paid', 'paid', 0, 25.99]);
      const again = await call('POST', `/v1/orders/${order.id}/capture`, { headers: { ...m.auth, ...TEST } });
      assert.equal(again.status, 409);
      assert.equal(again.body.error.code, 'PAYMENT_NOT_CAPTURABLE');
      assert.equal((await paymentsOf(order.id)).length, 1);
      const list = await call('GET', `/v1/orders/${order.id}/provider-payments`, { headers: { ...m.auth, ...TEST } });
      assert.equal(list.body.data.length, 1);
      assert.equal(list.body.data[0].paymentId, (await paymentsOf(order.id))[0].id);
    });

    it('moving an authorized order to paid captures at the provider (payments:write), recording the card money, never a manual payment beside the hold', async () => {
      const { order, link, path } = await orderLink({ captureMethod: 'manual' });
      await pay(t, path, CARDS.ok);
      assert.equal((await orderOf(order.id)).paymentStatus, 'authorized');
      const ordersOnly = await createApiKey(t.app, m, { mode: 'test', permissions: ['orders:read', 'orders:write'] });
      const denied = await call('POST', `/v1/orders/${order.id}/transitions`, { headers: { 'x-merchantapikey': ordersOnly.key }, body: { to: 'paid' } });
      assert.equal(denied.status, 403, denied.raw);
      assert.match(JSON.stringify(denied.body.error.details), /payments:write/);
      assert.deepEqual([(await orderOf(order.id)).paymentStatus, (await paymentsOf(order.id)).length], ['authorized', 0], 'nothing written');
      const moved = await call('POST', `/v1/orders/${order.id}/transitions`, { headers: { ...m.auth, ...TEST }, body: { to: 'paid' } });
      assert.equal(moved.status, 200, moved.raw);
      assert.deepEqual([moved.body.data.status, moved.body.data.paymentStatus, moved.body.data.authorized, moved.body.data.paid], ['paid', 'paid', 0, 25.99]);
      const payments = await paymentsOf(order.id);
      assert.deepEqual(payments.map((p: { method: string; amount: number }) => [p.method, p.amount]), [['card', 25.99]]);
      const [a] = await attempts(link.id);
      const atProvider = await db().selectFrom('test_provider_payments').select('status').where('id', '=', a!.provider_ref!).executeTakeFirstOrThrow();
      assert.equal(atProvider.status, 'succeeded');
    });

    it('shipping an authorized order captures it first (capture when shipped), then fulfils it; payments:write needed, an unpaid order is still refused', async () => {
      const { order, link, path } = await orderLink({ captureMethod: 'manual' });
      await pay(t, path, CARDS.ok);
      const moves = await call('GET', `/v1/orders/${order.id}/transitions`, { headers: { ...m.auth, ...TEST } });
      assert.ok(moves.body.data.moves.some((mv: { to: string }) => mv.to === 'fulfilled'), JSON.stringify(moves.body.data.moves));
      const ordersOnly = await createApiKey(t.app, m, { mode: 'test', permissions: ['orders:read', 'orders:write'] });
      const denied = await call('POST', `/v1/orders/${order.id}/transitions`, { headers: { 'x-merchantapikey': ordersOnly.key }, body: { to: 'fulfilled' } });
      assert.equal(denied.status, 403, denied.raw);
      assert.match(JSON.stringify(denied.body.error.details), /payments:write/);
      assert.deepEqual([(await orderOf(order.id)).status, (await orderOf(order.id)).paymentStatus, (await paymentsOf(order.id)).length], ['pending', 'authorized', 0], 'nothing written');

      const shipped = await call('POST', `/v1/orders/${order.id}/transitions`, { headers: { ...m.auth, ...TEST }, body: { to: 'fulfilled' } });
      assert.equal(shipped.status, 200, shipped.raw);
      assert.deepEqual([shipped.body.data.status, shipped.body.data.paymentStatus, shipped.body.data.authorized, shipped.body.data.paid], ['fulfilled', 'paid', 0, 25.99]);
      assert.deepEqual((await paymentsOf(order.id)).map((p: { method: string; amount: number }) => [p.method, p.amount]), [['card', 25.99]]);
      const [a] = await attempts(link.id);
      assert.equal((await db().selectFrom('test_provider_payments').select('status').where('id', '=', a!.provider_ref!).executeTakeFirstOrThrow()).status, 'succeeded');

      const unpaid = (await orderLink()).order;
      const refused = await call('POST', `/v1/orders/${unpaid.id}/transitions`, { headers: { ...m.auth, ...TEST }, body: { to: 'fulfilled' } });
      assert.equal(refused.status, 409, refused.raw);
      assert.equal(refused.body.error.code, 'ORDER_TRANSITION_NOT_ALLOWED');
      assert.equal((await orderOf(unpaid.id)).status, 'pending');
    });

    it('a shipment of an authorized order captures it first, once (payments:write needed), then ships (POST /v1/orders/{id}/shipments)', async () => {
      const { order, link, path } = await orderLink({ captureMethod: 'manual' });
      await db()
        .insertInto('order_lines')
        .values({ id: `oln_${order.id.slice(4)}`, order_id: order.id, sku_id: 'sku_gone', product_id: 'prd_gone', product_name: 'Tote', sku_code: null, attributes: '{}', unit_price_minor: 2599, discount_bp: 0, quantity: 2, line_total_minor: 2599 * 2, position: 0 })
        .execute();
      await pay(t, path, CARDS.ok);
      const location = (await call('POST', '/v1/locations', { headers: { ...m.auth, ...TEST }, body: { name: 'Depot' } })).body.data.id;
      const body = { lines: [{ lineId: `oln_${order.id.slice(4)}`, quantity: 1 }], locationId: location, carrier: 'UPS' };
      const ordersOnly = await createApiKey(t.app, m, { mode: 'test', permissions: ['orders:read', 'orders:write'] });
      const denied = await call('POST', `/v1/orders/${order.id}/shipments`, { headers: { 'x-merchantapikey': ordersOnly.key }, body });
      assert.equal(denied.status, 403, denied.raw);
      assert.match(JSON.stringify(denied.body.error.details), /payments:write/);
      assert.deepEqual([(await orderOf(order.id)).paymentStatus, (await paymentsOf(order.id)).length], ['authorized', 0], 'nothing written');
      const shipped = await call('POST', `/v1/orders/${order.id}/shipments`, { headers: { ...m.auth, ...TEST }, body });
      assert.equal(shipped.status, 201, shipped.raw);
      const o = await orderOf(order.id);
      assert.deepEqual([o.status, o.paymentStatus, o.fulfilmentStatus, o.paid], ['paid', 'paid', 'partially_fulfilled', 25.99]);
      const again = await call('POST', `/v1/orders/${order.id}/shipments`, { headers: { ...m.auth, ...TEST }, body });
      assert.equal(again.status, 201, again.raw);
      assert.deepEqual((await paymentsOf(order.id)).map((p: { method: string; amount: number }) => [p.method, p.amount]), [['card', 25.99]], 'captured once');
      assert.equal((await orderOf(order.id)).status, 'fulfilled');
      const [a] = await attempts(link.id);
      assert.equal((await db().selectFrom('test_provider_payments').select('status').where('id', '=', a!.provider_ref!).executeTakeFirstOrThrow()).status, 'succeeded');
    });

    it('releases the authorization at the provider when the order is cancelled: nothing held, nothing to capture', async () => {
      const { order, link, path } = await orderLink({ captureMethod: 'manual' });
      await pay(t, path, CARDS.ok);
      assert.equal((await orderOf(order.id)).paymentStatus, 'authorized');
      const cancelled = await call('POST', `/v1/orders/${order.id}/transitions`, { headers: { ...m.auth, ...TEST }, body: { to: 'cancelled' } });
      assert.equal(cancelled.status, 200, cancelled.raw);
      assert.deepEqual([cancelled.body.data.status, cancelled.body.data.paymentStatus, cancelled.body.data.authorized], ['cancelled', 'unpaid', 0]);
      const [a] = await attempts(link.id);
      assert.equal(a!.status, 'canceled');
      const atProvider = await db().selectFrom('test_provider_payments').select('status').where('id', '=', a!.provider_ref!).executeTakeFirstOrThrow();
      assert.equal(atProvider.status, 'canceled');
      assert.equal((await call('POST', `/v1/orders/${order.id}/capture`, { headers: { ...m.auth, ...TEST } })).status, 409);
      assert.equal((await paymentsOf(order.id)).length, 0);
    });

    it('refuses a captureMethod that is not automatic or manual, naming it, and creates no link', async () => {
      const res = await call('POST', '/v1/payment-links', { headers: { ...m.auth, ...TEST }, body: { amount: 5, captureMethod: 'later' } });
      assert.equal(res.status, 422);
      assert.equal(res.body.error.details[0].path, 'captureMethod');
    });
  });

  it('lists orders by payment status, agreeing with the status each order shows; refuses an unknown one naming it', async () => {
    // Orders with every payment status (besides those the tests above left).
    await insertOrder(t, m.storeId, { mode: 'test', totalMinor: 1000, paidMinor: 400 });
    await insertOrder(t, m.storeId, { mode: 'test', totalMinor: 1000, paidMinor: 1000, refundedMinor: 250, status: 'partially_refunded' });
    await insertOrder(t, m.storeId, { mode: 'test', totalMinor: 1000, paidMinor: 1000, refundedMinor: 1000, status: 'refunded' });
    await insertOrder(t, m.storeId, { mode: 'test', totalMinor: 1000, paidMinor: 1000, status: 'paid' });
    const held = await insertOrder(t, m.storeId, { mode: 'test', totalMinor: 1000 });
    await db().updateTable('orders').set({ authorized_minor: 1000 }).where('id', '=', held.id).execute();
    const all = (await call('GET', '/v1/orders?limit=100', { headers: { ...m.auth, ...TEST } })).body.data as Array<{ id: string; paymentStatus: string }>;
    const shown = new Set(all.map((o) => o.paymentStatus));
    assert.equal(shown.size, 6, [...shown].join());
    for (const status of ['unpaid', 'authorized', 'partially_paid', 'paid', 'partially_refunded', 'refunded']) {
      const listed = (await call('GET', `/v1/orders?limit=100&paymentStatus=${status}`, { headers: { ...m.auth, ...TEST } })).body.data as Array<{ id: string }>;
      assert.deepEqual(listed.map((o) => o.id).sort(), all.filter((o) => o.paymentStatus === status).map((o) => o.id).sort(), status);
    }
    const bad = await call('GET', '/v1/orders?paymentStatus=settled', { headers: { ...m.auth, ...TEST } });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.error.details[0].path, 'paymentStatus');
  });

  describe('inbound events', () => {
    const secretOf = async (storeId: string) => {
      await t.container.repos.testProvider.signingSecret({ storeId, mode: 'test' }, 'whsec_test_unused', new Date());
      return (await db().selectFrom('test_provider_accounts').select('signing_secret').where('store_id', '=', storeId).executeTakeFirstOrThrow()).signing_secret;
    };
    const post = (url: string, body: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: body });
    const eventUrl = (storeId: string) => `/v1/payment-providers/test/events/${storeId}/test`;

    it('refuses a forged or missing signature with 400 and records nothing', async () => {
      const body = JSON.stringify({ id: 'tevt_forged', type: 'payment.updated', data: { payment: 'tpi_x' } });
      for (const headers of [{} as Record<string, string>, { [TEST_SIGNATURE_HEADER]: signTestEvent('whsec_wrong', body, new Date()) }, { [TEST_SIGNATURE_HEADER]: signTestEvent(await secretOf(m.storeId), body, new Date(Date.now() - 3_600_000)) }]) {
        const res = await post(eventUrl(m.storeId), body, headers);
        assert.equal(res.statusCode, 400, res.body);
        assert.equal(res.json().error.code, 'PAYMENT_EVENT_SIGNATURE_INVALID');
      }
      assert.equal((await db().selectFrom('provider_events').selectAll().where('event_id', '=', 'tevt_forged').execute()).length, 0);
      const tampered = await post(eventUrl(m.storeId), body.replace('tpi_x', 'tpi_y'), { [TEST_SIGNATURE_HEADER]: signTestEvent(await secretOf(m.storeId), body, new Date()) });
      assert.equal(tampered.statusCode, 400);
      assert.equal((await post(`/v1/payment-providers/test/events/sto_nope/test`, body, { [TEST_SIGNATURE_HEADER]: signTestEvent(await secretOf(m.storeId), body, new Date()) })).statusCode, 400);
    });

    it('names a bad provider or mode in the path with 422', async () => {
      const res = await post(`/v1/payment-providers/paypal/events/${m.storeId}/test`, '{}', {});
      assert.equal(res.statusCode, 422);
      assert.equal(res.json().error.details[0].path, 'provider');
      const mode = await post(`/v1/payment-providers/test/events/${m.storeId}/staging`, '{}', {});
      assert.equal(mode.json().error.details[0].path, 'mode');
    });

    it('acknowledges an event about a payment it did not create, and a duplicate, without effect', async () => {
      const secret = await secretOf(m.storeId);
      const body = JSON.stringify({ id: 'tevt_unknown1', type: 'payment.updated', data: { payment: 'tpi_notours' } });
      const first = await post(eventUrl(m.storeId), body, { [TEST_SIGNATURE_HEADER]: signTestEvent(secret, body, new Date()) });
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(first.json().data.outcome, 'ignored');
      const second = await post(eventUrl(m.storeId), body, { [TEST_SIGNATURE_HEADER]: signTestEvent(secret, body, new Date()) });
      assert.equal(second.json().data.outcome, 'duplicate');
    });

    it('completes once when the event and the return race, and when the same event comes twice at once', async () => {
      for (let round = 0; round < 3; round += 1) {
        const { order, link, path } = await orderLink();
        await pay(t, path, CARDS.delayed);
        const [a] = await attempts(link.id);
        // The provider has decided; the event (twice, concurrently) and the shopper's return race to record it.
        await db().updateTable('test_provider_payments').set({ succeed_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', a!.provider_ref!).execute();
        const secret = await secretOf(m.storeId);
        const body = JSON.stringify({ id: `tevt_race_${round}_${a!.id}`, type: 'payment.updated', data: { payment: a!.provider_ref } });
        const signed = { [TEST_SIGNATURE_HEADER]: signTestEvent(secret, body, new Date()) };
        const results = await Promise.all([post(eventUrl(m.storeId), body, signed), openPayPage(t, path), post(eventUrl(m.storeId), body, signed), openPayPage(t, path)]);
        for (const r of results) assert.equal('statusCode' in r ? r.statusCode : r.status, 200);
        const outcomes = results.filter((r) => 'statusCode' in r).map((r) => (r as { json(): any }).json().data.outcome).sort();
        assert.ok(outcomes.includes('duplicate') || outcomes.every((o) => o === 'processed'), outcomes.join());
        assert.equal((await paymentsOf(order.id)).length, 1, 'one payment');
        const o = await orderOf(order.id);
        assert.deepEqual([o.status, o.paid], ['paid', 25.99]);
        assert.equal(o.history.filter((h: { to: string }) => h.to === 'paid').length, 1, 'one move to paid');
        assert.equal((await linkOf(link.id)).status, 'paid');
      }
    });

    it('records a refund made at the provider (its event) once, as a card refund of the order', async () => {
      const { order, link, path } = await orderLink();
      await pay(t, path, CARDS.ok);
      const [a] = await attempts(link.id);
      const tenant = { storeId: m.storeId, mode: 'test' as const };
      // The merchant refunds 7.00 in the provider's own dashboard; the provider sends an event.
      await t.container.providers.byName('test')!.refundPayment(tenant, a!.provider_ref!, { amountMinor: 700, idempotencyKey: 'dashboard-refund-1' });
      const secret = await secretOf(m.storeId);
      const send = async (id: string) => {
        const body = JSON.stringify({ id, type: 'refund.created', data: { payment: a!.provider_ref } });
        return (await post(eventUrl(m.storeId), body, { [TEST_SIGNATURE_HEADER]: signTestEvent(secret, body, new Date()) })).json().data.outcome;
      };
      assert.equal(await send(`tevt_refund_${a!.id}`), 'processed');
      assert.equal(await send(`tevt_refund_${a!.id}`), 'duplicate');
      assert.equal(await send(`tevt_refund_again_${a!.id}`), 'processed', 'another event about the same payment');
      const refunds = (await paymentsOf(order.id)).filter((p: { kind: string }) => p.kind === 'refund');
      assert.deepEqual(refunds.map((r: any) => [r.method, r.amount, r.status, r.reference]), [['card', 7, 'succeeded', `refund ${a!.id}`]]);
      const o = await orderOf(order.id);
      assert.deepEqual([o.refunded, o.paymentStatus], [7, 'partially_refunded']);
      // A refund of ours afterwards goes to the same payment and counts the one made at the provider.
      const ours = await call('POST', `/v1/orders/${order.id}/transitions`, { headers: { ...m.auth, ...TEST }, body: { to: 'refunded' } });
      assert.equal(ours.status, 200, ours.raw);
      assert.deepEqual([ours.body.data.refunded, ours.body.data.paymentStatus], [25.99, 'refunded']);
      const atProvider = await t.container.db.kysely.selectFrom('test_provider_payments').select('refunded_minor').where('id', '=', a!.provider_ref!).executeTakeFirstOrThrow();
      assert.equal(Number(atProvider.refunded_minor), 2599);
    });

    it('flags an amount the provider reports that differs from what is owed, and records nothing on the order', async () => {
      const { order, link, path } = await orderLink();
      await pay(t, path, CARDS.delayed);
      const [a] = await attempts(link.id);
      await db().updateTable('test_provider_payments').set({ amount_minor: 100, succeed_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', a!.provider_ref!).execute();
      await openPayPage(t, path);
      const [after] = await attempts(link.id);
      assert.match(after!.flag ?? '', /holds 1\.00 USD, 25\.99 USD is owed/);
      assert.equal((await paymentsOf(order.id)).length, 0);
      assert.deepEqual([(await orderOf(order.id)).paymentStatus, (await linkOf(link.id)).status], ['unpaid', 'active']);
      const list = await call('GET', `/v1/orders/${order.id}/provider-payments`, { headers: { ...m.auth, ...TEST } });
      assert.match(list.body.data[0].flag, /is owed/);
    });
  });
});

describeEachDatabase('payment events and the order-paid mail', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  let smtp: MailReceiver;
  before(async () => {
    smtp = await startMailReceiver();
    t = await startTestApp(kind, { config: { mail: mailConfig(smtp) } });
    call = client(t.app);
    m = await signup(t.app, { storeName: 'Harbor Goods' });
    const { insertEndpoint } = await import('./helpers/webhook-receiver.ts');
    await insertEndpoint(t.container, m.storeId, { mode: 'test', eventTypes: ['*'] });
    // The notification address is used once confirmed from the mail it gets (docs/security.md).
    t.container.services.mailSender.start();
    await setNotificationEmail(t.app, smtp, { ...m.auth, ...TEST }, 'orders@harbor.example');
  });
  after(async () => {
    await t?.close();
    await smtp?.close();
  });

  const eventsOf = async (type: string) =>
    (await t.container.db.kysely.selectFrom('webhook_events').select('payload').where('store_id', '=', m.storeId).orderBy('seq').execute()).map((r) => JSON.parse(r.payload)).filter((e) => e.type === type);
  const mails = async (kind: string) => t.container.db.kysely.selectFrom('email_messages').selectAll().where('store_id', '=', m.storeId).where('kind', '=', kind).execute();

  it('sends payment.failed for a decline, then payment.succeeded and payment_link.paid once for the payment, and mails that the order is paid', async () => {
    const order = await insertOrder(t, m.storeId, { mode: 'test', totalMinor: 3000, number: 'TEST-2001' });
    const link = await call('POST', '/v1/payment-links', { headers: { ...m.auth, ...TEST }, body: { orderId: order.id } });
    const path = pathOf(link.body.data.url);
    await pay(t, path, CARDS.declined);
    const failed = await eventsOf('payment.failed');
    assert.equal(failed.length, 1);
    assert.deepEqual([failed[0].mode, failed[0].data.status, failed[0].data.failure.code, failed[0].data.orderId], ['test', 'failed', 'card_declined', order.id]);
    assert.equal((await mails('order_paid')).length, 0);

    await pay(t, path, CARDS.ok);
    await openPayPage(t, path); // the return, once more: nothing new
    const succeeded = await eventsOf('payment.succeeded');
    assert.equal(succeeded.length, 1);
    assert.deepEqual([succeeded[0].data.amount, succeeded[0].data.currency, succeeded[0].data.status, succeeded[0].data.linkId], [30, 'USD', 'succeeded', link.body.data.id]);
    assert.ok(succeeded[0].data.paymentId);
    const linkPaid = await eventsOf('payment_link.paid');
    assert.equal(linkPaid.length, 1);
    assert.deepEqual([linkPaid[0].data.id, linkPaid[0].data.status, linkPaid[0].data.url], [link.body.data.id, 'paid', link.body.data.url]);
    const statusChanged = (await eventsOf('order.status_changed')).filter((e) => e.data.id === order.id);
    assert.deepEqual(statusChanged.map((e) => e.change), [{ from: 'pending', to: 'paid' }]);

    const paidMail = await mails('order_paid');
    assert.equal(paidMail.length, 1);
    assert.equal(paidMail[0]!.to_address, 'orders@harbor.example');
    assert.match(paidMail[0]!.subject, /^Order TEST-2001 paid in Harbor Goods \(test mode\)$/);
  });

  it('refunds card money through the provider that took it, for the exact amount, once, and sends refund.succeeded when it confirms', async () => {
    const order = await insertOrder(t, m.storeId, { mode: 'test', totalMinor: 5000 });
    const link = await call('POST', '/v1/payment-links', { headers: { ...m.auth, ...TEST }, body: { orderId: order.id } });
    await pay(t, pathOf(link.body.data.url), CARDS.ok);
    const moved = await call('POST', `/v1/orders/${order.id}/transitions`, { headers: { ...m.auth, ...TEST }, body: { to: 'partially_refunded', amount: 12.5 } });
    assert.equal(moved.status, 200, moved.raw);
    const refunds = (await eventsOf('refund.succeeded')).filter((e) => e.data.orderId === order.id);
    assert.equal(refunds.length, 1);
    assert.deepEqual([refunds[0].data.kind, refunds[0].data.method, refunds[0].data.amount, refunds[0].data.status], ['refund', 'card', 12.5, 'succeeded']);
    assert.match(refunds[0].data.reference, /^refund ppay_/);
    assert.deepEqual([moved.body.data.refunded, moved.body.data.paymentStatus], [12.5, 'partially_refunded'], 'the answer shows the refund the provider confirmed');
    const [attempt] = await t.container.db.kysely.selectFrom('provider_payments').select('provider_ref').where('order_id', '=', order.id).execute();
    const atProvider = async () => Number((await t.container.db.kysely.selectFrom('test_provider_payments').select('refunded_minor').where('id', '=', attempt!.provider_ref!).executeTakeFirstOrThrow()).refunded_minor);
    assert.equal(await atProvider(), 1250);
    // The rest, then: the provider has refunded exactly what was paid.
    const rest = await call('POST', `/v1/orders/${order.id}/transitions`, { headers: { ...m.auth, ...TEST }, body: { to: 'refunded' } });
    assert.equal(rest.status, 200, rest.raw);
    assert.deepEqual([rest.body.data.refunded, rest.body.data.paymentStatus, rest.body.data.status], [50, 'refunded', 'refunded']);
    assert.equal(await atProvider(), 5000);
    assert.equal((await eventsOf('refund.succeeded')).filter((e) => e.data.orderId === order.id).length, 2);
    const records = (await call('GET', `/v1/orders/${order.id}/payments`, { headers: { ...m.auth, ...TEST } })).body.data.payments;
    assert.deepEqual(records.filter((r: { kind: string }) => r.kind === 'refund').map((r: { status: string; amount: number }) => [r.status, r.amount]), [['succeeded', 12.5], ['succeeded', 37.5]]);
  });

  it('settles at once the card refund of an order whose card payment was recorded by hand (no provider took it)', async () => {
    const order = await insertOrder(t, m.storeId, { mode: 'test', totalMinor: 2000 });
    const paid = await call('POST', `/v1/orders/${order.id}/payments`, { headers: { ...m.auth, ...TEST }, body: { method: 'card', amount: 20 } });
    assert.equal(paid.status, 201, paid.raw);
    await call('POST', `/v1/orders/${order.id}/transitions`, { headers: { ...m.auth, ...TEST }, body: { to: 'paid' } });
    const moved = await call('POST', `/v1/orders/${order.id}/transitions`, { headers: { ...m.auth, ...TEST }, body: { to: 'refunded' } });
    assert.equal(moved.status, 200, moved.raw);
    assert.deepEqual([moved.body.data.refunded, moved.body.data.paymentStatus], [20, 'refunded']);
  });
});
