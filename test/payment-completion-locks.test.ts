import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Repos } from '../src/db/repos.ts';
import type { OrderEvent, OrderStatus } from '../src/domain/orders/order-types.ts';
import { newId } from '../src/domain/shared/ids.ts';
import type { Transactional } from '../src/domain/shared/transactional.ts';
import { describeEachDatabase } from './helpers/databases.ts';

/**
 * The reads a payment's completion and the card form make with fewer statements answer what the reads they replace
 * did: under a row lock, what the transaction they waited for committed (on PostgreSQL a statement that waits for a
 * lock reads with the snapshot taken before it waited, so these reads are made after the lock is held; on SQLite the
 * write transactions run one at a time); the confirmation's address, what its own read answers.
 */
describeEachDatabase("the reads of a payment's completion", (kind) => {
  /** Runs `first` in a transaction held open until `second` (started meanwhile, in its own transaction) has had time to wait for it. */
  async function whileHeld<T>(repos: Transactional<Repos>, first: (repos: Repos) => Promise<void>, second: (repos: Repos) => Promise<T>): Promise<T> {
    let taken!: () => void;
    const lockTaken = new Promise<void>((resolve) => {
      taken = resolve;
    });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const firstDone = repos.transaction(async (bound) => {
      await first(bound);
      taken();
      await held;
    });
    await lockTaken;
    const secondDone = repos.transaction(second);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await firstDone;
    return secondDone;
  }

  it('counts a pending payment committed by the transaction whose order lock the completion waited for', async () => {
    const { startTestApp } = await import('./helpers/app.ts');
    const { insertOrder } = await import('./helpers/delivery-payments.ts');
    const { signup } = await import('./helpers/merchants.ts');
    const t = await startTestApp(kind);
    try {
      const m = await signup(t.app);
      const order = await insertOrder(t, m.storeId, { mode: 'test', totalMinor: 1999 });
      const tenant = { storeId: m.storeId, mode: 'test' as const };
      const now = new Date();
      const got = await whileHeld(
        t.container.repos,
        async (repos) => {
          await repos.payments.lockOrder(tenant, order.id);
          await repos.payments.insertPayment(tenant, { id: newId('pay', now), orderId: order.id, kind: 'payment', method: 'manual', amountMinor: 500, status: 'pending', reference: null, createdAt: now, updatedAt: now });
        },
        (repos) => repos.orders.lockOrderWithPendingPaid(tenant, order.id),
      );
      assert.equal(got?.order.id, order.id);
      assert.equal(got?.pendingPaidMinor, 500);
    } finally {
      await t.close();
    }
  });

  it("chooses the attempt committed by the transaction whose lock of the link it waited for (one attempt, one idempotency key)", async () => {
    const { startTestApp } = await import('./helpers/app.ts');
    const { insertOrder } = await import('./helpers/delivery-payments.ts');
    const { signup, client } = await import('./helpers/merchants.ts');
    const t = await startTestApp(kind);
    try {
      const m = await signup(t.app);
      const order = await insertOrder(t, m.storeId, { mode: 'test', totalMinor: 1999 });
      const link = (await client(t.app)('POST', '/v1/payment-links', { headers: { ...m.auth, 'x-mode': 'test' }, body: { orderId: order.id } })).body.data;
      const tenant = { storeId: m.storeId, mode: 'test' as const };
      const now = new Date();
      const attemptId = newId('ppay', now);
      const got = await whileHeld(
        t.container.repos,
        async (repos) => {
          assert.equal(await repos.providerPayments.latestForLinkLocked(tenant, link.id), undefined);
          await repos.providerPayments.insert(tenant, {
            id: attemptId, provider: 'test', linkId: link.id, orderId: order.id, amountMinor: 1999, currency: 'USD', captureMethod: 'automatic', status: 'requires_payment_method', providerRef: null,
            actionUrl: null, failureCode: null, failureMessage: null, flag: null, receivedMinor: null, paymentId: null, completedAt: null, createdAt: now, updatedAt: now,
          });
        },
        (repos) => repos.providerPayments.latestForLinkLocked(tenant, link.id),
      );
      assert.equal(got?.id, attemptId);
    } finally {
      await t.close();
    }
  });
  it("answers an order's confirmation address with its detail in a transaction, the same as a read of its own", async () => {
    const { startTestApp } = await import('./helpers/app.ts');
    const { insertOrder } = await import('./helpers/delivery-payments.ts');
    const { signup } = await import('./helpers/merchants.ts');
    const t = await startTestApp(kind);
    try {
      const m = await signup(t.app);
      const order = await insertOrder(t, m.storeId, { mode: 'test', totalMinor: 1999 });
      const tenant = { storeId: m.storeId, mode: 'test' as const };
      const repos = t.container.repos;
      const found = (await repos.orders.findOrder(tenant, order.id))!;
      const store = await t.container.db.kysely.selectFrom('stores').select('name').where('id', '=', m.storeId).executeTakeFirstOrThrow();
      const customer = await t.container.db.kysely.selectFrom('customers').select('email').where('id', '=', found.customerId).executeTakeFirstOrThrow();
      const expected = { storeName: store.name, email: customer.email };
      assert.deepEqual(await repos.orders.confirmationTo(tenant, found.customerId), expected);
      const inTransaction = await repos.transaction(async (r) => {
        await r.orders.detail(tenant, found);
        return r.orders.confirmationTo(tenant, found.customerId);
      });
      assert.deepEqual(inTransaction, expected);
      // Outside a transaction nothing is remembered: a change is seen at once.
      await t.container.db.kysely.updateTable('stores').set({ name: 'Renamed Store' }).where('id', '=', m.storeId).execute();
      await repos.orders.detail(tenant, found);
      assert.deepEqual(await repos.orders.confirmationTo(tenant, found.customerId), { ...expected, storeName: 'Renamed Store' });
      // Another store's customer is not answered from this store's detail.
      assert.deepEqual(await repos.transaction(async (r) => {
        await r.orders.detail(tenant, found);
        return r.orders.confirmationTo({ storeId: m.storeId, mode: 'live' }, found.customerId);
      }), { storeName: 'Renamed Store', email: undefined });
    } finally {
      await t.close();
    }
  });

  it("answers the paid order's detail with its move, the same as a read after it: the move's history entry last, the confirmation's address with it", async () => {
    const { startTestApp } = await import('./helpers/app.ts');
    const { insertOrder } = await import('./helpers/delivery-payments.ts');
    const { signup } = await import('./helpers/merchants.ts');
    const t = await startTestApp(kind);
    try {
      const m = await signup(t.app);
      const order = await insertOrder(t, m.storeId, { mode: 'test', totalMinor: 1999, paidMinor: 1999 });
      const tenant = { storeId: m.storeId, mode: 'test' as const };
      const repos = t.container.repos;
      const start = Date.now();
      const entry = (ms: number, from: OrderStatus | null, to: OrderStatus): OrderEvent => {
        const at = new Date(start + ms);
        return { id: newId('oev', at), fromStatus: from, toStatus: to, note: `at ${ms}`, amountMinor: to === 'paid' ? 1999 : null, actorType: 'system', actorId: 'test', actorLabel: 'test', createdAt: at };
      };
      const earlier = [entry(0, null, 'pending'), entry(1, 'pending', 'pending')];
      for (const e of earlier) await repos.orders.insertEvent(tenant, order.id, e);
      const paid = entry(2, 'pending', 'paid');
      const now = new Date(start + 2);
      const got = await repos.transaction(async (r) => {
        const locked = (await r.orders.lockOrder(tenant, order.id))!;
        const moved = await r.orders.updateOrderWithDetail(tenant, locked, { status: 'paid', holdExpiresAt: null }, now, paid);
        const to = await r.orders.confirmationTo(tenant, locked.customerId);
        const read = await r.orders.detail(tenant, (await r.orders.findOrder(tenant, order.id))!);
        return { moved, to, read };
      });
      assert.deepEqual(got.moved, got.read);
      assert.deepEqual([got.moved.status, got.moved.updatedAt], ['paid', now]);
      assert.deepEqual(got.moved.history.map((h) => h.id), [...earlier.map((e) => e.id), paid.id]);
      assert.deepEqual(got.moved.history.at(-1), paid);
      const store = await t.container.db.kysely.selectFrom('stores').select('name').where('id', '=', m.storeId).executeTakeFirstOrThrow();
      const customer = await t.container.db.kysely.selectFrom('customers').select('email').where('id', '=', got.moved.customerId).executeTakeFirstOrThrow();
      assert.deepEqual(got.to, { storeName: store.name, email: customer.email });
    } finally {
      await t.close();
    }
  });
});
