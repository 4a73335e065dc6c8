import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, it } from 'node:test';
import { systemContext } from '../src/context.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, type Merchant, signup } from './helpers/merchants.ts';
import { type StripeFake, startStripeFake } from './helpers/stripe-fake.ts';

const TEST = { 'x-mode': 'test' };
const KEY = `sk_test_${randomBytes(12).toString('hex')}`;
const PK = `pk_test_${randomBytes(12).toString('hex')}`;
const WHSEC = `whsec_${randomBytes(16).toString('hex')}`;

/** A return of card money: refunded through Stripe once, with the same idempotency key on every retry. */
describeEachDatabase('refunds of returns paid by card (Stripe fake)', (kind) => {
  let t: TestApp;
  let fake: StripeFake;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  let headers: Record<string, string>;
  before(async () => {
    fake = await startStripeFake();
    fake.keys.add(KEY);
    t = await startTestApp(kind, { config: { paymentSecretsKey: randomBytes(32), stripeApi: fake.connection } });
    call = client(t.app);
    m = await signup(t.app);
    headers = { ...m.auth, ...TEST };
    const saved = await call('PUT', '/v1/payments/providers/stripe', { headers, body: { secretKey: KEY, webhookSecret: WHSEC, publishableKey: PK } });
    assert.equal(saved.status, 200, saved.raw);
  });
  after(async () => {
    await t?.close();
    await fake?.close();
  });

  it('a return refund Stripe answered 500 for stays pending; the retry sends it with the same key and Stripe refunds once; a second refund is refused', async () => {
    const product = await call('POST', '/v1/products', { headers, body: { type: 'SIMPLE', name: 'Lamp', price: 25, quantityInStock: 5, status: 'active' } });
    assert.equal(product.status, 201, product.raw);
    const customer = await call('POST', '/v1/customers', { headers, body: { name: 'Ada Buyer', email: 'ada.buyer@example.com' } });
    const placed = await call('POST', '/v1/orders', { headers, body: { customerId: customer.body.data.id, lines: [{ skuId: product.body.data.skuId, quantity: 2 }] } });
    assert.equal(placed.status, 201, placed.raw);
    const order = placed.body.data as { id: string; lines: Array<{ id: string }> };
    // Paid in full through Stripe on the pay page.
    const link = await call('POST', '/v1/payment-links', { headers, body: { orderId: order.id } });
    const path = new URL(link.body.data.url).pathname;
    await t.app.inject({ method: 'GET', url: path });
    const [attempt] = await t.container.db.kysely.selectFrom('provider_payments').selectAll().where('link_id', '=', link.body.data.id).execute();
    fake.confirm(attempt!.provider_ref!, 'pm_card_visa');
    await t.app.inject({ method: 'GET', url: path });
    assert.equal((await call('POST', `/v1/orders/${order.id}/transitions`, { headers, body: { to: 'fulfilled' } })).status, 200);
    const lineId = order.lines[0]!.id;
    const ret = await call('POST', `/v1/orders/${order.id}/returns`, { headers, body: { lines: [{ lineId, quantity: 1 }], reason: 'defective' } });
    assert.equal(ret.status, 201, ret.raw);
    const locationId = (await call('GET', '/v1/locations', { headers })).body.data.find((l: { isDefault: boolean }) => l.isDefault).id;

    fake.failNext(10); // Stripe down for the request and the SDK's own retries
    const refunded = await call('POST', `/v1/orders/${order.id}/returns/${ret.body.data.id}/receive`, { headers, body: { locationId, lines: [{ lineId, restock: true }], refund: true } });
    assert.equal(refunded.status, 200, refunded.raw);
    assert.deepEqual([refunded.body.data.status, refunded.body.data.refund], ['refunded', 25]);
    const refundRecords = async () => ((await call('GET', `/v1/orders/${order.id}/payments`, { headers })).body.data.payments as Array<{ kind: string; status: string; amount: number }>).filter((p) => p.kind === 'refund');
    assert.deepEqual((await refundRecords()).map((r) => [r.status, r.amount]), [['pending', 25]], 'reserved, not refunded yet');
    const atStripe = () => [...fake.refunds.values()].filter((r) => r.payment_intent === attempt!.provider_ref);
    assert.equal(atStripe().length, 0);

    const again = await call('POST', `/v1/orders/${order.id}/returns/${ret.body.data.id}/refund`, { headers, body: {} });
    assert.equal(again.status, 409, again.raw);
    assert.equal(again.body.error.code, 'RETURN_NOT_REFUNDABLE');

    fake.failNext(0);
    const retry = () => t.container.services.providerPayments.retryPendingRefunds(systemContext('test-retry'), { minAgeMs: 0 });
    await retry();
    await retry();
    assert.deepEqual((await refundRecords()).map((r) => [r.status, r.amount]), [['succeeded', 25]]);
    assert.deepEqual(atStripe().map((r) => r.amount), [2500], 'one refund at Stripe');
    const o = (await call('GET', `/v1/orders/${order.id}`, { headers })).body.data;
    assert.deepEqual([o.refunded, o.paymentStatus, o.fulfilmentStatus], [25, 'partially_refunded', 'partially_returned']);
  });
});
