import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { sql } from 'kysely';
import type { Repos } from '../src/db/repos.ts';
import type { OrderEvent, OrderStatus } from '../src/domain/orders/order-types.ts';
import { newId } from '../src/domain/shared/ids.ts';
import type { Transactional } from '../src/domain/shared/transactional.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { insertOrder } from './helpers/delivery-payments.ts';
import { client, signup } from './helpers/merchants.ts';

/**
 * The reads a payment's completion and the card form make with fewer statements answer what the reads they replace
 * did: under a row lock, what the transaction they waited for committed (on PostgreSQL a statement that waits for a
 * lock reads with the snapshot taken before it waited, so these reads are made after the lock is held; on SQLite the
 * write transactions run one at a time); the confirmation's address, what its own read answers.
 */
describeEachDatabase("the reads of a payment's completion", (kind) => {
  // One app for the suite; each test has a merchant and an order of its own. The provider's own event for a delayed
  // card comes after a minute: a shopper's return completes such a payment.
  let t: TestApp;
  before(async () => {
    t = await startTestApp(kind, { config: { testProviderDelayMs: 60_000 } });
  });
  after(() => t?.close());
  /** A new merchant and an order of theirs in test mode (1999 minor units unless `columns` say otherwise). */
  const anOrder = async (columns: Record<string, unknown> = {}) => {
    const m = await signup(t.app);
    const order = await insertOrder(t, m.storeId, { mode: 'test', totalMinor: 1999, ...columns });
    return { m, order };
  };

  /** Runs `first` in a transaction held open until `second` (started meanwhile, in its own transaction) has had time to wait for it. */
  async function whileHeld<T>(repos: Transactional<Repos>, first: (repos: Repos) => Promise<void>, second: (repos: Repos) => Promise<T>): Promise<T> {
    const { promise: lockTaken, resolve: taken } = Promise.withResolvers<void>();
    const { promise: held, resolve: release } = Promise.withResolvers<void>();
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
    const { m, order } = await anOrder();
    const tenant = { storeId: m.storeId, mode: 'test' as const };
    const now = new Date();
    const got = await whileHeld(
      t.container.repos,
      async (repos) => {
        await repos.payments.lockOrder(tenant, order.id);
        await repos.payments.insertPayment(tenant, { id: newId('pay', now), orderId: order.id, kind: 'payment', method: 'manual', amountMinor: 500, status: 'pending', reference: null, createdAt: now, updatedAt: now });
      },
      (repos) => repos.orders.lockOrderForPayment(tenant, order.id),
    );
    assert.equal(got?.order.id, order.id);
    // PostgreSQL leaves the sum to the payment's statement, which starts once the lock is held (the next test).
    assert.equal(got?.pendingPaidMinor, kind === 'postgres' ? undefined : 500);
  });

  it('flags a card payment larger than what is outstanding once the transaction whose order lock the completion waited for committed a pending payment', async () => {
    const { m, order } = await anOrder();
    const link = (await client(t.app)('POST', '/v1/payment-links', { headers: { ...m.auth, 'x-mode': 'test' }, body: { orderId: order.id } })).body.data;
    assert.equal(link.amount, 19.99);
    const path = new URL(link.url).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    const cookie = String(page.headers['set-cookie']).split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const form = new URLSearchParams({ csrf, cardNumber: '4000 0000 0000 0077', expiry: '12 / 34', cvc: '123' }).toString();
    const sent = await t.app.inject({ method: 'POST', url: path, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
    assert.equal(sent.statusCode, 303);
    const db = t.container.db.kysely;
    const [processing] = await db.selectFrom('provider_payments').selectAll().where('link_id', '=', link.id).execute();
    assert.equal(processing?.status, 'processing');
    // The provider has taken the money; the shopper's return (the page read again) completes the payment.
    await db.updateTable('test_provider_payments').set({ succeed_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', processing!.provider_ref!).execute();

    const tenant = { storeId: m.storeId, mode: 'test' as const };
    const now = new Date();
    const { promise: held, resolve: release } = Promise.withResolvers<void>();
    const { promise: lockTaken, resolve: taken } = Promise.withResolvers<void>();
    // A manual payment of 5.00 recorded pending under the order's lock, committed while the completion waits for that lock.
    const first = t.container.repos.transaction(async (repos) => {
      await repos.payments.lockOrder(tenant, order.id);
      await repos.payments.insertPayment(tenant, { id: newId('pay', now), orderId: order.id, kind: 'payment', method: 'manual', amountMinor: 500, status: 'pending', reference: null, createdAt: now, updatedAt: now });
      taken();
      await held;
    });
    await lockTaken;
    const returned = t.app.inject({ method: 'GET', url: path, headers: { cookie } });
    try {
      if (kind === 'postgres') {
        // Until the completion waits for the order's lock (the statement's text starts so; long ones are cut short there).
        for (let i = 0; ; i++) {
          const waiting = await sql<{ n: string }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like 'select "orders"."id", %'`.execute(db);
          if (Number(waiting.rows[0]!.n) > 0) break;
          assert.ok(i < 500, 'the completion waits for the order lock');
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      } else {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      release();
    }
    await first;
    assert.equal((await returned).statusCode, 200);

    const [attempt] = await db.selectFrom('provider_payments').selectAll().where('link_id', '=', link.id).execute();
    assert.equal(attempt?.status, 'succeeded');
    assert.equal(attempt?.flag, `order ${order.number} has 14.99 USD outstanding: the payment was not recorded on it; refund it or settle it by hand`);
    assert.equal(attempt?.payment_id, null);
    assert.ok(attempt?.completed_at);
    const after = await db.selectFrom('orders').select(['status', 'paid_minor']).where('id', '=', order.id).executeTakeFirstOrThrow();
    assert.deepEqual({ status: after.status, paid: Number(after.paid_minor) }, { status: 'pending', paid: 0 });
    const payments = await db.selectFrom('payments').select(['method', 'status', 'amount_minor']).where('order_id', '=', order.id).execute();
    assert.deepEqual(payments.map((p) => ({ ...p, amount_minor: Number(p.amount_minor) })), [{ method: 'manual', status: 'pending', amount_minor: 500 }]);
    const audit = await db.selectFrom('audit_logs').select('action').where('target_id', '=', attempt!.id).execute();
    assert.deepEqual(audit.map((a) => a.action), ['payment.flagged']);
  });

  it('records a completing payment up to what is outstanding with its pending payments, and writes nothing for one minor unit more', async () => {
    const { m, order } = await anOrder({ paidMinor: 100 });
    const tenant = { storeId: m.storeId, mode: 'test' as const };
    const now = new Date();
    const db = t.container.db.kysely;
    const attemptId = newId('ppay', now);
    await t.container.repos.transaction(async (repos) => {
      await repos.payments.insertPayment(tenant, { id: newId('pay', now), orderId: order.id, kind: 'payment', method: 'manual', amountMinor: 500, status: 'pending', reference: null, createdAt: now, updatedAt: now });
      await repos.providerPayments.insert(tenant, {
        id: attemptId, provider: 'test', linkId: null, orderId: order.id, amountMinor: 1400, currency: 'USD', captureMethod: 'automatic', status: 'processing', providerRef: null,
        actionUrl: null, failureCode: null, failureMessage: null, flag: null, receivedMinor: null, paymentId: null, completedAt: null, createdAt: now, updatedAt: now,
      });
    });
    const completing = { id: attemptId, status: 'succeeded' as const, receivedMinor: 1400, flag: null };
    const card = (amountMinor: number) => ({ id: newId('pay', now), orderId: order.id, kind: 'payment' as const, method: 'card' as const, amountMinor, status: 'succeeded' as const, reference: 'test', createdAt: now, updatedAt: now });
    const state = async () => ({
      paid: Number((await db.selectFrom('orders').select('paid_minor').where('id', '=', order.id).executeTakeFirstOrThrow()).paid_minor),
      payments: (await db.selectFrom('payments').select('id').where('order_id', '=', order.id).execute()).length,
      completedAt: (await db.selectFrom('provider_payments').select('completed_at').where('id', '=', attemptId).executeTakeFirstOrThrow()).completed_at,
    });

    // Outstanding: 19.99 - 1.00 paid - 5.00 pending = 13.99.
    const over = await t.container.repos.transaction(async (repos) => {
      await repos.payments.lockOrder(tenant, order.id);
      return repos.payments.insertPaidPayment(tenant, card(1400), completing, now, true);
    });
    assert.deepEqual(over, { order: undefined, completed: false, exceedsOutstanding: true });
    assert.deepEqual(await state(), { paid: 100, payments: 1, completedAt: null });

    const exact = card(1399);
    const within = await t.container.repos.transaction(async (repos) => {
      await repos.payments.lockOrder(tenant, order.id);
      return repos.payments.insertPaidPayment(tenant, exact, completing, now, true);
    });
    assert.equal(within.exceedsOutstanding, false);
    assert.equal(within.completed, true);
    assert.equal(within.order?.paidMinor, 1499);
    const written = await state();
    assert.deepEqual({ ...written, completedAt: written.completedAt !== null }, { paid: 1499, payments: 2, completedAt: true });
    const attempt = await db.selectFrom('provider_payments').select('payment_id').where('id', '=', attemptId).executeTakeFirstOrThrow();
    assert.equal(attempt.payment_id, exact.id);
  });

  it("chooses the attempt committed by the transaction whose lock of the link it waited for (one attempt, one idempotency key)", async () => {
    const { m, order } = await anOrder();
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
  });
  it("chooses the card form's attempt at once: the usable newest, else a new one; callers at once share one", async () => {
    const { m, order } = await anOrder();
    const link = (await client(t.app)('POST', '/v1/payment-links', { headers: { ...m.auth, 'x-mode': 'test' }, body: { orderId: order.id } })).body.data;
    const tenant = { storeId: m.storeId, mode: 'test' as const };
    const now = new Date();
    const fresh = (provider: 'test' | 'stripe' = 'test') => ({
      id: newId('ppay', new Date()), provider, linkId: link.id, orderId: order.id, amountMinor: 1999, currency: 'USD', captureMethod: 'automatic' as const, status: 'requires_payment_method' as const,
      providerRef: null, actionUrl: null, failureCode: null, failureMessage: null, flag: null, receivedMinor: null, paymentId: null, completedAt: null, createdAt: now, updatedAt: now,
    });
    const repo = t.container.repos.providerPayments;
    const attempts = async () => (await t.container.db.kysely.selectFrom('provider_payments').select(['id', 'provider']).where('link_id', '=', link.id).orderBy('id').execute()).map((r) => r.id);
    // Five at once, each with its own fresh attempt: one is kept and every caller gets it.
    const first = await Promise.all(Array.from({ length: 5 }, () => repo.currentAttempt(tenant, fresh())));
    assert.equal(new Set(first.map((a) => a.id)).size, 1, 'one attempt for all');
    assert.deepEqual(await attempts(), [first[0]!.id]);
    assert.equal((await repo.currentAttempt(tenant, fresh())).id, first[0]!.id, 'the usable newest again');
    // Another provider's newest is not this provider's attempt; a failed one is not usable.
    const stripe = await repo.currentAttempt(tenant, fresh('stripe'));
    assert.notEqual(stripe.id, first[0]!.id);
    await repo.update(tenant, stripe.id, { status: 'failed' }, now);
    const again = await repo.currentAttempt(tenant, fresh('stripe'));
    assert.ok(again.id !== stripe.id && again.provider === 'stripe', 'a new one after a failure');
    assert.deepEqual(await attempts(), [first[0]!.id, stripe.id, again.id]);
    // Inside a transaction holding the link, a second caller waits and takes the attempt it made.
    const made = fresh('test');
    const taken = await whileHeld(
      t.container.repos,
      async (repos) => {
        await repos.providerPayments.update(tenant, again.id, { status: 'canceled' }, now);
        assert.equal((await repos.providerPayments.currentAttempt(tenant, made)).id, made.id);
      },
      (repos) => repos.providerPayments.currentAttempt(tenant, fresh('test')),
    );
    assert.equal(taken.id, made.id, 'the attempt the transaction it waited for made');
  });

  it("answers an order's confirmation address with its detail in a transaction, the same as a read of its own", async () => {
    const { m, order } = await anOrder();
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
  });

  it("answers the paid order's detail with its move, the same as a read after it: the move's history entry last, the confirmation's address with it", async () => {
    const { m, order } = await anOrder({ paidMinor: 1999 });
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
  });
});
