import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { insertOrder } from './helpers/delivery-payments.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';

const TEST = { 'x-mode': 'test' };

/** Settling a flagged provider payment (docs/payments.md, "A flag means look at it"): accept it, or refund it. */
describeEachDatabase('settling a flagged provider payment', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  before(async () => {
    t = await startTestApp(kind, { config: { testProviderDelayMs: 60_000 } });
    call = client(t.app);
    m = await signup(t.app);
  });
  after(() => t?.close());

  const db = () => t.container.db.kysely;
  async function openPage(path: string, cookie = '') {
    const res = await t.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
    const set = res.headers['set-cookie'];
    return { body: res.body, cookie: cookie || ((Array.isArray(set) ? set[0] : set) ?? '').split(';')[0]!, csrf: /name="csrf" value="([^"]+)"/.exec(res.body)?.[1] };
  }
  /** An order of 25.99 whose provider payment took `heldMinor` instead: flagged, nothing recorded on the order. */
  async function flagged(heldMinor: number) {
    const order = await insertOrder(t, m.storeId, { mode: 'test', totalMinor: 2599 });
    const link = await call('POST', '/v1/payment-links', { headers: { ...m.auth, ...TEST }, body: { orderId: order.id } });
    const path = new URL(link.body.data.url).pathname;
    const page = await openPage(path);
    const form = new URLSearchParams({ csrf: page.csrf!, cardNumber: '4000 0000 0000 0077', expiry: '12 / 34', cvc: '123' });
    await t.app.inject({ method: 'POST', url: path, headers: { cookie: page.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
    const [a] = await db().selectFrom('provider_payments').selectAll().where('link_id', '=', link.body.data.id).execute();
    await db().updateTable('test_provider_payments').set({ amount_minor: heldMinor, succeed_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', a!.provider_ref!).execute();
    await openPage(path);
    const [p] = await db().selectFrom('provider_payments').selectAll().where('id', '=', a!.id).execute();
    assert.match(p!.flag ?? '', /is owed/);
    return { order, id: a!.id, ref: a!.provider_ref! };
  }
  const resolve = (id: string, action: unknown, headers: Record<string, string> = { ...m.auth, ...TEST }) => call('POST', `/v1/provider-payments/${id}/resolve`, { headers, body: { action } });
  const orderOf = async (id: string) => (await call('GET', `/v1/orders/${id}`, { headers: { ...m.auth, ...TEST } })).body.data;
  const paymentsOf = async (id: string) => (await call('GET', `/v1/orders/${id}/payments`, { headers: { ...m.auth, ...TEST } })).body.data.payments;
  const atProvider = async (ref: string) => db().selectFrom('test_provider_payments').selectAll().where('id', '=', ref).executeTakeFirstOrThrow();

  it('accept records what the provider took on the order, once', async () => {
    const { order, id } = await flagged(1000);
    const res = await resolve(id, 'accept');
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.data.resolution, 'accepted');
    assert.ok(res.body.data.resolvedAt);
    assert.ok(res.body.data.paymentId);
    assert.match(res.body.data.flag, /is owed/, 'the flag stays, for the record');
    assert.deepEqual((await paymentsOf(order.id)).map((p: any) => [p.method, p.amount, p.status]), [['card', 10, 'succeeded']]);
    assert.deepEqual([(await orderOf(order.id)).paymentStatus, (await orderOf(order.id)).paid], ['partially_paid', 10]);
    const again = await resolve(id, 'refund');
    assert.equal(again.status, 409);
    assert.equal(again.body.error.code, 'PAYMENT_NOT_FLAGGED');
    assert.equal((await paymentsOf(order.id)).length, 1);
    const audit = await db().selectFrom('audit_logs').select(['action']).where('target_id', '=', id).where('action', '=', 'payment.resolve').execute();
    assert.equal(audit.length, 1);
  });

  it('refund gives the whole amount back at the provider, once, and records nothing on the order', async () => {
    const { order, id, ref } = await flagged(1000);
    // Two at once (a double click): one settles it; the other finds it settled, or meets the provider still busy with
    // the same idempotency key (502, safe to retry). Either way one refund.
    const [first, second] = await Promise.all([resolve(id, 'refund'), resolve(id, 'refund')]);
    const ok = first.status === 200 ? first : second;
    const other = first.status === 200 ? second : first;
    assert.equal(ok.status, 200, ok.raw);
    assert.ok([409, 502].includes(other.status), other.raw);
    assert.equal(ok.body.data.resolution, 'refunded');
    assert.equal(Number((await atProvider(ref)).refunded_minor), 1000, 'one refund at the provider (one idempotency key)');
    assert.equal((await paymentsOf(order.id)).length, 0);
    assert.equal((await orderOf(order.id)).paymentStatus, 'unpaid');
    assert.equal((await resolve(id, 'accept')).status, 409);
  });

  it('accept is refused when the order cannot take the amount (409 naming amount, nothing written); refund then works', async () => {
    const { order, id, ref } = await flagged(5000);
    const res = await resolve(id, 'accept');
    assert.equal(res.status, 409, res.raw);
    assert.equal(res.body.error.code, 'PAYMENT_EXCEEDS_OUTSTANDING');
    assert.equal(res.body.error.details[0].path, 'amount');
    assert.equal((await paymentsOf(order.id)).length, 0);
    const [p] = await db().selectFrom('provider_payments').select(['resolution']).where('id', '=', id).execute();
    assert.equal(p!.resolution, null);
    assert.equal((await resolve(id, 'refund')).status, 200);
    assert.equal(Number((await atProvider(ref)).refunded_minor), 5000);
  });

  it('refuses a bad action (422 naming it), no permission (403), another store (404) and an unflagged payment (409), writing nothing', async () => {
    const { order, id } = await flagged(1000);
    const bad = await resolve(id, 'keep');
    assert.equal(bad.status, 422);
    assert.equal(bad.body.error.details[0].path, 'action');
    const readOnly = await createApiKey(t.app, m, { mode: 'test', permissions: ['payments:read', 'orders:read', 'orders:write'] });
    const denied = await resolve(id, 'accept', { 'x-merchantapikey': readOnly.key });
    assert.equal(denied.status, 403);
    const other = await signup(t.app);
    const foreign = await resolve(id, 'accept', { ...other.auth, ...TEST });
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.error.code, 'PROVIDER_PAYMENT_NOT_FOUND');
    assert.equal((await resolve(id, 'accept', m.auth)).status, 404, 'the live mode has no such payment');
    assert.equal((await paymentsOf(order.id)).length, 0);
    const [p] = await db().selectFrom('provider_payments').select(['resolution']).where('id', '=', id).execute();
    assert.equal(p!.resolution, null);
    // A payment completed without a flag has nothing to settle.
    await db().updateTable('provider_payments').set({ flag: null }).where('id', '=', id).execute();
    const unflagged = await resolve(id, 'refund');
    assert.equal(unflagged.status, 409);
    assert.equal(unflagged.body.error.code, 'PAYMENT_NOT_FLAGGED');
  });
});
