import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { enabledPaymentMethods, recordPayment, refundOrder, settlePayment } from '../src/domain/payments/payment-service.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { auditActions, countOf, insertOrder, orderMoney, storeContext } from './helpers/delivery-payments.ts';

type Body = Record<string, unknown>;

describeEachDatabase('payments', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
    m = await signup(t.app);
  });
  after(() => t?.close());

  const setMethods = (enabledMethods: unknown, who: Merchant = m, headers: Record<string, string> = {}) => call('PUT', '/v1/payments/options', { headers: { ...who.auth, ...headers }, body: { enabledMethods } });
  const pay = (orderId: string, body: Body, who: Merchant = m) => call('POST', `/v1/orders/${orderId}/payments`, { headers: who.auth, body });
  const list = (orderId: string, who: Merchant = m, headers: Record<string, string> = {}) => call('GET', `/v1/orders/${orderId}/payments`, { headers: { ...who.auth, ...headers } });
  /** Runs the store-level function the order service will call, in a transaction of its own. */
  const inTransaction = <T>(work: (repos: Parameters<Parameters<TestApp['container']['repos']['transaction']>[0]>[0]) => Promise<T>) => t.container.repos.transaction(work);

  describe('payment options', () => {
    it('accepts card, bank transfer and cash on delivery until the store chooses, without writing anything', async () => {
      const shop = await signup(t.app);
      const res = await call('GET', '/v1/payments/options', { headers: shop.auth });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data, { enabledMethods: ['card', 'bank_transfer', 'cash_on_delivery'], availableMethods: ['card', 'bank_transfer', 'cash_on_delivery', 'paypal'] });
      assert.equal(await countOf(t, 'store_settings', shop.storeId), 0);
    });

    it('replaces the enabled methods (kept in vocabulary order), audits it, and leaves the other settings at their defaults', async () => {
      const shop = await signup(t.app);
      const res = await setMethods(['paypal', 'cash_on_delivery'], shop);
      assert.equal(res.status, 200, res.raw);
      assert.deepEqual(res.body.data.enabledMethods, ['cash_on_delivery', 'paypal']);
      assert.deepEqual((await call('GET', '/v1/payments/options', { headers: shop.auth })).body.data.enabledMethods, ['cash_on_delivery', 'paypal']);
      assert.deepEqual(await t.container.repos.transaction((repos) => enabledPaymentMethods(repos, { storeId: shop.storeId, mode: 'live' })), ['cash_on_delivery', 'paypal']);
      assert.deepEqual(await auditActions(t, shop.storeId, 1), ['payment_options.update']);
      assert.equal((await call('GET', '/v1/settings', { headers: shop.auth })).body.data.nextOrderNumberPreview, 'ORD-1001');
    });

    for (const [name, methods, path] of [
      ['an empty list', [], 'enabledMethods'],
      ['an unknown method', ['card', 'bitcoin'], 'enabledMethods[1]'],
      ['a method twice', ['paypal', 'paypal'], 'enabledMethods[1]'],
      ['something that is not a list', 'card', 'enabledMethods'],
    ] as const) {
      it(`refuses ${name} with 422 naming ${path}, changing nothing`, async () => {
        const shop = await signup(t.app);
        const res = await setMethods(methods, shop);
        assert.equal(res.status, 422, res.raw);
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        assert.equal(await countOf(t, 'store_settings', shop.storeId), 0);
        assert.deepEqual((await call('GET', '/v1/payments/options', { headers: shop.auth })).body.data.enabledMethods, ['card', 'bank_transfer', 'cash_on_delivery']);
      });
    }

    it('keeps each mode’s methods apart, and needs payments:read / payments:write', async () => {
      const shop = await signup(t.app);
      assert.equal((await setMethods(['bank_transfer'], shop, { 'x-mode': 'test' })).status, 200);
      const defaults = ['card', 'bank_transfer', 'cash_on_delivery'];
      assert.deepEqual((await call('GET', '/v1/payments/options', { headers: shop.auth })).body.data.enabledMethods, defaults);
      assert.deepEqual((await call('GET', '/v1/payments/options', { headers: { ...shop.auth, 'x-mode': 'test' } })).body.data.enabledMethods, ['bank_transfer']);
      const other = await signup(t.app);
      assert.deepEqual((await call('GET', '/v1/payments/options', { headers: other.auth })).body.data.enabledMethods, defaults, 'another store is not affected');
      const reader = { 'x-merchantapikey': (await createApiKey(t.app, shop, { permissions: ['payments:read'] })).key };
      const none = { 'x-merchantapikey': (await createApiKey(t.app, shop, { permissions: ['orders:read'] })).key };
      assert.equal((await call('GET', '/v1/payments/options', { headers: reader })).status, 200);
      const put = await call('PUT', '/v1/payments/options', { headers: reader, body: { enabledMethods: ['paypal'] } });
      assert.equal(put.status, 403);
      assert.match(put.body.message, /payments:write/);
      const get = await call('GET', '/v1/payments/options', { headers: none });
      assert.equal(get.status, 403);
      assert.match(get.body.message, /payments:read/);
      assert.deepEqual((await call('GET', '/v1/payments/options', { headers: shop.auth })).body.data.enabledMethods, defaults);
    });
  });

  describe('payment records of an order', () => {
    it('records payments against the outstanding amount, reserves pending ones, and settles them', async () => {
      const shop = await signup(t.app);
      await setMethods(['card', 'bank_transfer'], shop);
      const order = await insertOrder(t, shop.storeId, { totalMinor: 10_000 });
      const empty = await list(order.id, shop);
      assert.equal(empty.status, 200);
      assert.deepEqual(empty.body.data, {
        order: { orderId: order.id, orderNumber: order.number, currency: 'USD', total: 100, paid: 0, refunded: 0, pending: 0, outstanding: 100 },
        payments: [],
      });
      const card = await pay(order.id, { method: 'card', amount: 40, reference: 'ch_123' }, shop);
      assert.equal(card.status, 201, card.raw);
      assert.deepEqual(
        [card.body.data.payment.kind, card.body.data.payment.method, card.body.data.payment.amount, card.body.data.payment.status, card.body.data.payment.reference],
        ['payment', 'card', 40, 'succeeded', 'ch_123'],
      );
      assert.deepEqual([card.body.data.order.paid, card.body.data.order.outstanding], [40, 60]);
      const transfer = await pay(order.id, { method: 'bank_transfer', amount: 60, status: 'pending' }, shop);
      assert.equal(transfer.status, 201, transfer.raw);
      assert.deepEqual([transfer.body.data.order.paid, transfer.body.data.order.pending, transfer.body.data.order.outstanding], [40, 60, 0]);
      const over = await pay(order.id, { method: 'card', amount: 0.01 }, shop);
      assert.equal(over.status, 409, 'the pending payment reserves what is left');
      assert.equal(over.body.error.code, 'PAYMENT_EXCEEDS_OUTSTANDING');
      assert.equal(over.body.error.details[0].path, 'amount');
      const declined = await pay(order.id, { method: 'card', amount: 100, status: 'failed', reference: 'declined' }, shop);
      assert.equal(declined.status, 201, 'a failed attempt is kept for the history and moves nothing');
      assert.equal(declined.body.data.order.paid, 40);
      const settled = await call('PATCH', `/v1/orders/${order.id}/payments/${transfer.body.data.payment.id}`, { headers: shop.auth, body: { status: 'succeeded' } });
      assert.equal(settled.status, 200, settled.raw);
      assert.deepEqual([settled.body.data.payment.status, settled.body.data.order.paid, settled.body.data.order.pending, settled.body.data.order.outstanding], ['succeeded', 100, 0, 0]);
      const again = await call('PATCH', `/v1/orders/${order.id}/payments/${transfer.body.data.payment.id}`, { headers: shop.auth, body: { status: 'failed' } });
      assert.equal(again.status, 409);
      assert.equal(again.body.error.code, 'PAYMENT_NOT_PENDING');
      const all = await list(order.id, shop);
      assert.deepEqual(all.body.data.payments.map((p: { method: string; status: string }) => [p.method, p.status]), [['card', 'succeeded'], ['bank_transfer', 'succeeded'], ['card', 'failed']]);
      assert.deepEqual(await orderMoney(t, order.id), { paid: 10_000, refunded: 0 });
      assert.deepEqual(await auditActions(t, shop.storeId, 4), ['payment.settle', 'payment.record', 'payment.record', 'payment.record']);
    });

    for (const [name, body, path, code] of [
      ['a method the store has not enabled', { method: 'paypal', amount: 10 }, 'method', 'VALIDATION_FAILED'],
      ['an unknown method', { method: 'bitcoin', amount: 10 }, 'method', 'VALIDATION_FAILED'],
      ['an amount of 0', { method: 'card', amount: 0 }, 'amount', 'VALIDATION_FAILED'],
      ['an amount with more decimals than the currency has', { method: 'card', amount: 1.234 }, 'amount', 'VALIDATION_FAILED'],
      ['an amount above what is outstanding', { method: 'card', amount: 100.01 }, 'amount', 'PAYMENT_EXCEEDS_OUTSTANDING'],
      ['an unknown status', { method: 'card', amount: 10, status: 'refunded' }, 'status', 'VALIDATION_FAILED'],
      ['a reference over 200 characters', { method: 'card', amount: 10, reference: 'x'.repeat(201) }, 'reference', 'VALIDATION_FAILED'],
      ['a refund through this door', { method: 'card', amount: 10, kind: 'refund' }, '(body)', 'VALIDATION_FAILED'],
    ] as const) {
      it(`refuses ${name} naming ${path}, writing nothing`, async () => {
        const order = await insertOrder(t, m.storeId, { totalMinor: 10_000 });
        const before = [await countOf(t, 'payments', m.storeId), await countOf(t, 'audit_logs', m.storeId)];
        const res = await pay(order.id, body as Body);
        assert.equal(res.body.error.code, code, res.raw);
        assert.equal(res.status, code === 'VALIDATION_FAILED' ? 422 : 409);
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        assert.deepEqual([await countOf(t, 'payments', m.storeId), await countOf(t, 'audit_logs', m.storeId)], before);
        assert.deepEqual(await orderMoney(t, order.id), { paid: 0, refunded: 0 });
      });
    }

    it('takes amounts in the order currency (JPY has no decimals)', async () => {
      const order = await insertOrder(t, m.storeId, { totalMinor: 5000, currency: 'JPY' });
      const bad = await pay(order.id, { method: 'card', amount: 10.5 });
      assert.equal(bad.status, 422);
      assert.match(bad.body.error.details[0].rule, /0 decimal places \(JPY\)/);
      const ok = await pay(order.id, { method: 'card', amount: 1500 });
      assert.deepEqual([ok.body.data.payment.amount, ok.body.data.payment.currency, ok.body.data.order.outstanding], [1500, 'JPY', 3500]);
      assert.deepEqual(await orderMoney(t, order.id), { paid: 1500, refunded: 0 });
    });

    it('records exactly what is outstanding when payments race', async () => {
      const order = await insertOrder(t, m.storeId, { totalMinor: 10_000 });
      const results = await Promise.all(Array.from({ length: 10 }, () => pay(order.id, { method: 'card', amount: 20 })));
      assert.equal(results.filter((r) => r.status === 201).length, 5);
      assert.equal(results.filter((r) => r.status === 409).length, 5);
      assert.deepEqual(await orderMoney(t, order.id), { paid: 10_000, refunded: 0 });
    });

    it("answers another store's order, the other mode and an unknown payment with 404, changing nothing", async () => {
      const order = await insertOrder(t, m.storeId, { totalMinor: 10_000 });
      const first = await pay(order.id, { method: 'card', amount: 10, status: 'pending' });
      const paymentId = first.body.data.payment.id;
      const stranger = await signup(t.app);
      for (const headers of [stranger.auth, { ...m.auth, 'x-mode': 'test' }]) {
        const routes = [
          ['GET', `/v1/orders/${order.id}/payments`, undefined],
          ['POST', `/v1/orders/${order.id}/payments`, { method: 'card', amount: 5 }],
          ['PATCH', `/v1/orders/${order.id}/payments/${paymentId}`, { status: 'succeeded' }],
        ] as const;
        for (const [method, url, body] of routes) {
          const res = await call(method, url, { headers, body });
          assert.equal(res.status, 404, `${method} ${url}`);
          assert.equal(res.body.error.code, 'ORDER_NOT_FOUND');
        }
      }
      const otherOrder = await insertOrder(t, m.storeId, { totalMinor: 500 });
      const wrongOrder = await call('PATCH', `/v1/orders/${otherOrder.id}/payments/${paymentId}`, { headers: m.auth, body: { status: 'succeeded' } });
      assert.equal(wrongOrder.status, 404);
      assert.equal(wrongOrder.body.error.code, 'PAYMENT_NOT_FOUND');
      const after = await list(order.id);
      assert.deepEqual([after.body.data.payments.length, after.body.data.payments[0].status, after.body.data.order.paid], [1, 'pending', 0]);
    });

    it('needs payments:read to list and payments:write to record or settle (403 naming it)', async () => {
      const order = await insertOrder(t, m.storeId, { totalMinor: 10_000 });
      const pending = (await pay(order.id, { method: 'card', amount: 10, status: 'pending' })).body.data.payment.id;
      const reader = { 'x-merchantapikey': (await createApiKey(t.app, m, { permissions: ['payments:read'] })).key };
      const ordersOnly = { 'x-merchantapikey': (await createApiKey(t.app, m, { permissions: ['orders:write'] })).key };
      assert.equal((await call('GET', `/v1/orders/${order.id}/payments`, { headers: reader })).status, 200);
      for (const [method, url, body] of [
        ['POST', `/v1/orders/${order.id}/payments`, { method: 'card', amount: 5 }],
        ['PATCH', `/v1/orders/${order.id}/payments/${pending}`, { status: 'succeeded' }],
      ] as const) {
        for (const headers of [reader, ordersOnly]) {
          const res = await call(method, url, { headers, body });
          assert.equal(res.status, 403, `${method} ${url}`);
          assert.match(res.body.message, /payments:write/);
        }
      }
      const denied = await call('GET', `/v1/orders/${order.id}/payments`, { headers: ordersOnly });
      assert.equal(denied.status, 403);
      assert.match(denied.body.message, /payments:read/);
      assert.deepEqual(await orderMoney(t, order.id), { paid: 0, refunded: 0 });
    });
  });

  describe('recordPayment and settlePayment (what orders call inside their transaction)', () => {
    let shop: Merchant;
    before(async () => {
      shop = await signup(t.app);
      await setMethods(['card', 'bank_transfer', 'paypal'], shop);
    });
    const record = (input: Parameters<typeof recordPayment>[2], mode: 'live' | 'test' = 'live') => inTransaction((repos) => recordPayment(repos, storeContext(shop, mode), input));

    it('refunds up to what was paid with each method, reserving pending refunds', async () => {
      const order = await insertOrder(t, shop.storeId, { totalMinor: 10_000 });
      await record({ orderId: order.id, kind: 'payment', method: 'card', amountMinor: 6000 });
      const paypal = await record({ orderId: order.id, kind: 'payment', method: 'paypal', amountMinor: 4000, reference: 'PP-1' });
      assert.deepEqual([paypal.order.paidMinor, paypal.order.refundedMinor], [10_000, 0]);
      const refund = await record({ orderId: order.id, kind: 'refund', method: 'card', amountMinor: 3000, reference: 're_1' });
      assert.deepEqual([refund.payment.kind, refund.payment.status, refund.order.paidMinor, refund.order.refundedMinor], ['refund', 'succeeded', 10_000, 3000]);
      await assert.rejects(record({ orderId: order.id, kind: 'refund', method: 'card', amountMinor: 3001 }), (e: { code: string; details: Array<{ path: string; rule: string }> }) => {
        assert.equal(e.code, 'REFUND_EXCEEDS_PAYMENT');
        assert.deepEqual(e.details[0], { path: 'amount', rule: 'must be at most 30', in: 'body' });
        return true;
      });
      await assert.rejects(record({ orderId: order.id, kind: 'refund', method: 'bank_transfer', amountMinor: 100 }), (e: { code: string; details: Array<{ path: string; rule: string }> }) => {
        assert.equal(e.code, 'VALIDATION_FAILED');
        assert.equal(e.details[0]!.path, 'method');
        assert.match(e.details[0]!.rule, /card, paypal/);
        return true;
      });
      const pending = await record({ orderId: order.id, kind: 'refund', method: 'card', amountMinor: 3000, status: 'pending' });
      assert.equal(pending.order.refundedMinor, 3000, 'a pending refund moves nothing yet');
      await assert.rejects(record({ orderId: order.id, kind: 'refund', method: 'card', amountMinor: 1 }), (e: { code: string }) => e.code === 'REFUND_EXCEEDS_PAYMENT', 'the pending refund reserves the rest of the card money');
      const settled = await inTransaction((repos) => settlePayment(repos, storeContext(shop), { orderId: order.id, paymentId: pending.payment.id, status: 'succeeded' }));
      assert.deepEqual([settled.payment.status, settled.order.refundedMinor], ['succeeded', 6000]);
      await record({ orderId: order.id, kind: 'refund', method: 'paypal', amountMinor: 4000 });
      assert.deepEqual(await orderMoney(t, order.id), { paid: 10_000, refunded: 10_000 });
      const actions = await auditActions(t, shop.storeId, 5);
      assert.deepEqual(actions, ['refund.record', 'payment.settle', 'refund.record', 'refund.record', 'payment.record']);
    });

    it('records a manual payment (the order lifecycle’s "mark as paid") whatever methods are enabled, and lists it', async () => {
      const order = await insertOrder(t, shop.storeId, { totalMinor: 2500 });
      const paid = await record({ orderId: order.id, kind: 'payment', method: 'manual', amountMinor: 2500 });
      assert.deepEqual([paid.payment.method, paid.order.paidMinor], ['manual', 2500]);
      const listed = await list(order.id, shop);
      assert.deepEqual(listed.body.data.payments.map((p: { method: string; amount: number }) => [p.method, p.amount]), [['manual', 25]]);
      assert.equal(listed.body.data.order.outstanding, 0);
    });

    it('refunds an order across the methods it was paid with, most recent first (refundOrder)', async () => {
      const order = await insertOrder(t, shop.storeId, { totalMinor: 10_000 });
      await record({ orderId: order.id, kind: 'payment', method: 'card', amountMinor: 7000 });
      await record({ orderId: order.id, kind: 'payment', method: 'paypal', amountMinor: 3000 });
      const first = await inTransaction((repos) => refundOrder(repos, storeContext(shop), { orderId: order.id, amountMinor: 4000, reference: 'return #1' }));
      assert.deepEqual(first.refunds.map((r) => [r.kind, r.method, r.amountMinor, r.reference]), [['refund', 'paypal', 3000, 'return #1'], ['refund', 'card', 1000, 'return #1']]);
      assert.deepEqual([first.order.paidMinor, first.order.refundedMinor], [10_000, 4000]);
      const before = await countOf(t, 'payments', shop.storeId);
      await assert.rejects(inTransaction((repos) => refundOrder(repos, storeContext(shop), { orderId: order.id, amountMinor: 6001 })), (e: { code: string; details: Array<{ path: string; rule: string }> }) => {
        assert.equal(e.code, 'REFUND_EXCEEDS_PAYMENT');
        assert.deepEqual(e.details[0], { path: 'amount', rule: 'must be at most 60', in: 'body' });
        return true;
      });
      assert.equal(await countOf(t, 'payments', shop.storeId), before);
      const rest = await inTransaction((repos) => refundOrder(repos, storeContext(shop), { orderId: order.id, amountMinor: 6000 }));
      assert.deepEqual(rest.refunds.map((r) => [r.method, r.amountMinor]), [['card', 6000]]);
      assert.deepEqual(await orderMoney(t, order.id), { paid: 10_000, refunded: 10_000 });
    });

    it('refunds money recorded on the order without payment records as manual (refundOrder)', async () => {
      const order = await insertOrder(t, shop.storeId, { totalMinor: 5000, paidMinor: 5000 });
      const done = await inTransaction((repos) => refundOrder(repos, storeContext(shop), { orderId: order.id, amountMinor: 2000 }));
      assert.deepEqual(done.refunds.map((r) => [r.method, r.amountMinor]), [['manual', 2000]]);
      assert.deepEqual(await orderMoney(t, order.id), { paid: 5000, refunded: 2000 });
    });

    it('refuses a refund on an order with no succeeded payment, naming method', async () => {
      const order = await insertOrder(t, shop.storeId, { totalMinor: 1000 });
      await assert.rejects(record({ orderId: order.id, kind: 'refund', method: 'card', amountMinor: 100 }), (e: { details: Array<{ path: string; rule: string }> }) => {
        assert.deepEqual(e.details[0], { path: 'method', rule: 'the order has no succeeded payment to refund', in: 'body' });
        return true;
      });
    });

    it('refuses a non-positive or fractional amount naming amount', async () => {
      const order = await insertOrder(t, shop.storeId, { totalMinor: 1000 });
      for (const amountMinor of [0, -5, 1.5]) {
        await assert.rejects(record({ orderId: order.id, kind: 'payment', method: 'card', amountMinor }), (e: { details: Array<{ path: string }> }) => e.details[0]!.path === 'amount');
      }
      assert.equal((await list(order.id, shop)).body.data.payments.length, 0);
    });

    it("refuses another store's or the other mode's order with ORDER_NOT_FOUND", async () => {
      const theirs = await insertOrder(t, m.storeId, { totalMinor: 1000 });
      await assert.rejects(record({ orderId: theirs.id, kind: 'payment', method: 'card', amountMinor: 100 }), (e: { code: string; status: number }) => e.code === 'ORDER_NOT_FOUND' && e.status === 404);
      const live = await insertOrder(t, shop.storeId, { totalMinor: 1000 });
      await assert.rejects(record({ orderId: live.id, kind: 'payment', method: 'card', amountMinor: 100 }, 'test'), /No order/);
      assert.deepEqual(await orderMoney(t, theirs.id), { paid: 0, refunded: 0 });
      assert.deepEqual(await orderMoney(t, live.id), { paid: 0, refunded: 0 });
    });

    it('keeps nothing when the order’s transaction rolls back', async () => {
      const order = await insertOrder(t, shop.storeId, { totalMinor: 1000 });
      await assert.rejects(
        inTransaction(async (repos) => {
          await recordPayment(repos, storeContext(shop), { orderId: order.id, kind: 'payment', method: 'card', amountMinor: 1000 });
          throw new Error('stock ran out');
        }),
        /stock ran out/,
      );
      assert.deepEqual(await orderMoney(t, order.id), { paid: 0, refunded: 0 });
      assert.equal((await list(order.id, shop)).body.data.payments.length, 0);
    });
  });
});
