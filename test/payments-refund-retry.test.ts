import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, it } from 'node:test';
import { systemContext } from '../src/context.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { insertOrder } from './helpers/delivery-payments.ts';
import { client, type Merchant, signup } from './helpers/merchants.ts';
import { type StripeFake, startStripeFake } from './helpers/stripe-fake.ts';

const TEST = { 'x-mode': 'test' };
const KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const PK = `pk_test_${randomBytes(12).toString('hex')}`;
const WHSEC = `whsec_${randomBytes(16).toString('hex')}`;

/** Card refunds a provider did not confirm at once: the retry job sends them again until it does, and never twice. */
describeEachDatabase('pending card refunds and their retry job (Stripe fake)', (kind) => {
  let t: TestApp;
  let fake: StripeFake;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  before(async () => {
    fake = await startStripeFake();
    fake.keys.add(KEY);
    // One network try per call: the SDK's own retries are tested elsewhere; here the provider stays down.
    t = await startTestApp(kind, { config: { paymentSecretsKey: randomBytes(32), stripeApi: fake.connection } });
    call = client(t.app);
    m = await signup(t.app);
    const saved = await call('PUT', '/v1/payments/providers/stripe', { headers: { ...m.auth, ...TEST }, body: { secretKey: KEY, webhookSecret: WHSEC, publishableKey: PK } });
    assert.equal(saved.status, 200, saved.raw);
  });
  after(async () => {
    await t?.close();
    await fake?.close();
  });

  /** An order of `totalMinor` paid in full through Stripe (the pay page, Stripe.js confirming in the browser). */
  async function paidOrder(totalMinor = 5000) {
    const order = await insertOrder(t, m.storeId, { mode: 'test', totalMinor });
    const link = await call('POST', '/v1/payment-links', { headers: { ...m.auth, ...TEST }, body: { orderId: order.id } });
    const path = new URL(link.body.data.url).pathname;
    await t.app.inject({ method: 'GET', url: path });
    const [attempt] = await t.container.db.kysely.selectFrom('provider_payments').selectAll().where('link_id', '=', link.body.data.id).execute();
    fake.confirm(attempt!.provider_ref!, 'pm_card_visa');
    await t.app.inject({ method: 'GET', url: path });
    const o = (await call('GET', `/v1/orders/${order.id}`, { headers: { ...m.auth, ...TEST } })).body.data;
    assert.equal(o.paymentStatus, 'paid');
    return { order, intent: attempt!.provider_ref! };
  }
  const refundsAt = (intent: string) => [...fake.refunds.values()].filter((r) => r.payment_intent === intent);
  const refundRecords = async (orderId: string) =>
    ((await call('GET', `/v1/orders/${orderId}/payments`, { headers: { ...m.auth, ...TEST } })).body.data.payments as Array<{ kind: string; status: string; amount: number }>).filter((r) => r.kind === 'refund');
  /** One pass of the job, as `serve` runs it every minute, for records older than none (the test does not wait). */
  const retry = () => t.container.services.providerPayments.retryPendingRefunds(systemContext('test-retry'), { minAgeMs: 0 });

  it('a refund Stripe answered 500 for stays pending; the job sends it again with the same key and Stripe refunds once', async () => {
    const { order, intent } = await paidOrder();
    fake.failNext(10); // down for the request and the SDK's own retries
    const moved = await call('POST', `/v1/orders/${order.id}/transitions`, { headers: { ...m.auth, ...TEST }, body: { to: 'partially_refunded', amount: 12.5 } });
    assert.equal(moved.status, 200, moved.raw);
    assert.deepEqual([moved.body.data.refunded, moved.body.data.paymentStatus], [0, 'paid'], 'nothing refunded yet');
    assert.deepEqual((await refundRecords(order.id)).map((r) => [r.status, r.amount]), [['pending', 12.5]]);
    assert.equal(refundsAt(intent).length, 0);
    // Still down: the job leaves it pending.
    fake.failNext(10);
    await retry();
    assert.deepEqual((await refundRecords(order.id)).map((r) => r.status), ['pending']);
    // Stripe is back: the job refunds it, exactly once however often it runs.
    fake.failNext(0);
    await retry();
    await retry();
    assert.deepEqual((await refundRecords(order.id)).map((r) => [r.status, r.amount]), [['succeeded', 12.5]]);
    assert.deepEqual(refundsAt(intent).map((r) => r.amount), [1250]);
    const o = (await call('GET', `/v1/orders/${order.id}`, { headers: { ...m.auth, ...TEST } })).body.data;
    assert.deepEqual([o.refunded, o.paymentStatus], [12.5, 'partially_refunded']);
  });

  it('a refund Stripe answered pending is settled once Stripe confirms it, found by our reference even after its idempotency key expired', async () => {
    const { order, intent } = await paidOrder(3000);
    fake.refundStatus = 'pending';
    try {
      const moved = await call('POST', `/v1/orders/${order.id}/transitions`, { headers: { ...m.auth, ...TEST }, body: { to: 'refunded' } });
      assert.equal(moved.status, 200, moved.raw);
    } finally {
      fake.refundStatus = 'succeeded';
    }
    assert.deepEqual((await refundRecords(order.id)).map((r) => r.status), ['pending']);
    const [atStripe] = refundsAt(intent);
    assert.equal(atStripe!.status, 'pending');
    await retry();
    assert.deepEqual((await refundRecords(order.id)).map((r) => r.status), ['pending'], 'Stripe still says pending');
    // An event about the payment while the refund is still pending at Stripe changes nothing.
    const early = fake.signedEvent(WHSEC, 'charge.refund.updated', { id: atStripe!.id, object: 'refund', payment_intent: intent });
    const earlyRes = await t.app.inject({ method: 'POST', url: `/v1/payment-providers/stripe/events/${m.storeId}/test`, headers: { 'content-type': 'application/json', 'stripe-signature': early.signature }, payload: early.body });
    assert.equal(earlyRes.json().data.outcome, 'processed');
    assert.deepEqual((await refundRecords(order.id)).map((r) => r.status), ['pending']);
    // A day later: Stripe forgot the key, and confirmed the refund. Sending it again would refund twice; asking finds it.
    fake.forgetIdempotencyKeys();
    atStripe!.status = 'succeeded';
    await retry();
    assert.deepEqual((await refundRecords(order.id)).map((r) => [r.status, r.amount]), [['succeeded', 30]]);
    assert.equal(refundsAt(intent).length, 1, 'one refund at Stripe');
    const o = (await call('GET', `/v1/orders/${order.id}`, { headers: { ...m.auth, ...TEST } })).body.data;
    assert.deepEqual([o.refunded, o.paymentStatus, o.status], [30, 'refunded', 'refunded']);
  });

  it('a refund Stripe answered pending is settled by Stripe\'s event when it confirms it, without waiting for the job', async () => {
    const { order, intent } = await paidOrder(2500);
    fake.refundStatus = 'pending';
    try {
      assert.equal((await call('POST', `/v1/orders/${order.id}/transitions`, { headers: { ...m.auth, ...TEST }, body: { to: 'partially_refunded', amount: 10 } })).status, 200);
    } finally {
      fake.refundStatus = 'succeeded';
    }
    const [atStripe] = refundsAt(intent);
    atStripe!.status = 'succeeded';
    const event = fake.signedEvent(WHSEC, 'charge.refund.updated', { ...atStripe });
    const res = await t.app.inject({ method: 'POST', url: `/v1/payment-providers/stripe/events/${m.storeId}/test`, headers: { 'content-type': 'application/json', 'stripe-signature': event.signature }, payload: event.body });
    assert.equal(res.json().data.outcome, 'processed');
    assert.deepEqual((await refundRecords(order.id)).map((r) => [r.status, r.amount]), [['succeeded', 10]]);
    assert.equal(refundsAt(intent).length, 1);
  });

  it('a refund Stripe refuses for good (more than is left) is failed, not retried forever', async () => {
    const { order, intent } = await paidOrder(2000);
    // The merchant refunded it all in Stripe's dashboard; our record does not know yet (no event came).
    await t.container.providers.byName('stripe')!.refundPayment({ storeId: m.storeId, mode: 'test' }, intent, { amountMinor: 2000, idempotencyKey: 'dashboard' });
    const moved = await call('POST', `/v1/orders/${order.id}/transitions`, { headers: { ...m.auth, ...TEST }, body: { to: 'partially_refunded', amount: 5 } });
    assert.equal(moved.status, 200, moved.raw);
    assert.deepEqual((await refundRecords(order.id)).map((r) => r.status), ['failed']);
    await retry();
    assert.equal(refundsAt(intent).length, 1);
  });
});
