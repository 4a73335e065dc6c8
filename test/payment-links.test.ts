import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { completePaymentLink } from '../src/domain/payments/payment-link-service.ts';
import { startTestApp, TEST_BASE_URL, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { auditActions, countOf, insertOrder, orderMoney, storeContext } from './helpers/delivery-payments.ts';

type Body = Record<string, unknown>;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** The 31st of the next month with 30 days (within a year): a date-time that does not exist. */
function impossibleDate(): string {
  const now = new Date();
  for (let i = 1; ; i += 1) {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + i, 1));
    if (new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 31)).getUTCDate() !== 31) {
      return `${first.toISOString().slice(0, 8)}31T10:00:00`;
    }
  }
}

/** A timestamp as the API writes them: UTC, milliseconds, no zone. */
const wire = (d: Date) => d.toISOString().slice(0, -1);

describeEachDatabase('payment links', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
    m = await signup(t.app);
  });
  after(() => t?.close());

  const create = (body: Body, who: Merchant = m, headers: Record<string, string> = {}) => call('POST', '/v1/payment-links', { headers: { ...who.auth, ...headers }, body });
  const get = (id: string, who: Merchant = m, headers: Record<string, string> = {}) => call('GET', `/v1/payment-links/${id}`, { headers: { ...who.auth, ...headers } });
  const cancel = (id: string, who: Merchant = m, headers: Record<string, string> = {}) => call('POST', `/v1/payment-links/${id}/cancel`, { headers: { ...who.auth, ...headers } });
  /** A link created as if an hour ago, expiring half an hour ago: it reads as expired now. */
  async function expiredLink(who: Merchant): Promise<string> {
    const then = new Date(Date.now() - HOUR);
    const link = await t.container.services.paymentLinks.create(storeContext(who, 'live', then), { amount: 5, expiresAt: new Date(then.getTime() + HOUR / 2) });
    return link.id;
  }

  describe('creating and reading', () => {
    it('creates a link for an amount in the store currency, with an unguessable token in its URL', async () => {
      const expiresAt = new Date(Date.now() + 7 * DAY);
      const res = await create({ amount: 25.5, description: 'Custom engraving', expiresAt: expiresAt.toISOString() });
      assert.equal(res.status, 201, res.raw);
      const l = res.body.data;
      assert.match(l.id, /^plink_/);
      assert.deepEqual([l.orderId, l.amount, l.currency, l.description, l.status, l.expiresAt], [null, 25.5, 'USD', 'Custom engraving', 'active', wire(expiresAt)]);
      assert.match(l.url, new RegExp(`^${TEST_BASE_URL}/pay/[A-Za-z0-9_-]{43}$`));
      assert.deepEqual((await get(l.id)).body.data, l);
      const other = await create({ amount: 25.5 });
      assert.notEqual(other.body.data.url, l.url);
      assert.equal(other.body.data.expiresAt, null, 'without expiresAt a link does not expire');
      assert.deepEqual(await auditActions(t, m.storeId, 1), ['payment_link.create']);
    });

    it('reads an expiry without a zone as UTC, like the timestamps the API sends', async () => {
      const at = new Date(Date.now() + DAY);
      const res = await create({ amount: 3, expiresAt: wire(at) });
      assert.equal(res.status, 201, res.raw);
      assert.equal(res.body.data.expiresAt, wire(at));
    });

    it('asks for what is outstanding on an order, or part of it', async () => {
      const order = await insertOrder(t, m.storeId, { totalMinor: 10_000, paidMinor: 4000 });
      const all = await create({ orderId: order.id });
      assert.equal(all.status, 201, all.raw);
      assert.deepEqual([all.body.data.orderId, all.body.data.amount, all.body.data.currency, all.body.data.description], [order.id, 60, 'USD', `Order ${order.number}`]);
      const deposit = await create({ orderId: order.id, amount: 20, description: 'Deposit' });
      assert.deepEqual([deposit.body.data.amount, deposit.body.data.description], [20, 'Deposit']);
      const yen = await insertOrder(t, m.storeId, { totalMinor: 3000, currency: 'JPY' });
      const inYen = await create({ orderId: yen.id });
      assert.deepEqual([inYen.body.data.amount, inYen.body.data.currency], [3000, 'JPY']);
    });

    for (const [name, body, path] of [
      ['neither amount nor orderId', { description: 'x' }, 'amount'],
      ['an amount of 0', { amount: 0 }, 'amount'],
      ['a negative amount', { amount: -5 }, 'amount'],
      ['an amount with more decimals than USD has', { amount: 1.234 }, 'amount'],
      ['an expiry in the past', { amount: 5, expiresAt: new Date(Date.now() - 60_000).toISOString() }, 'expiresAt'],
      ['an expiry more than 365 days ahead', { amount: 5, expiresAt: new Date(Date.now() + 366 * DAY).toISOString() }, 'expiresAt'],
      ['an expiry that is not a date-time', { amount: 5, expiresAt: 'next tuesday' }, 'expiresAt'],
      ['an expiry that is not a real date', { amount: 5, expiresAt: impossibleDate() }, 'expiresAt'],
      ['an expiry at hour 24', { amount: 5, expiresAt: `${wire(new Date(Date.now() + DAY)).slice(0, 10)}T24:00:00` }, 'expiresAt'],
      ['a description over 500 characters', { amount: 5, description: 'x'.repeat(501) }, 'description'],
      ['an unknown order', { orderId: 'ord_01J00000000000000000000000' }, 'orderId'],
      ['an unknown field', { amount: 5, currency: 'EUR' }, '(body)'],
    ] as const) {
      it(`refuses ${name} with 422 naming ${path}, writing nothing`, async () => {
        const before = [await countOf(t, 'payment_links', m.storeId), await countOf(t, 'audit_logs', m.storeId)];
        const res = await create(body as Body);
        assert.equal(res.status, 422, res.raw);
        assert.equal(res.body.error.code, 'VALIDATION_FAILED');
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        if (name.includes('real date') || name.includes('hour 24')) assert.equal(res.body.error.details[0].rule, 'must be a real date and time');
        assert.deepEqual([await countOf(t, 'payment_links', m.storeId), await countOf(t, 'audit_logs', m.storeId)], before);
      });
    }

    for (const [name, order, body, path] of [
      ['an order of another store', 'other', {}, 'orderId'],
      ['a paid order', { totalMinor: 5000, paidMinor: 5000 }, {}, 'orderId'],
      ['a cancelled order', { totalMinor: 5000, status: 'cancelled' }, {}, 'orderId'],
      ['an amount above what the order has outstanding', { totalMinor: 5000, paidMinor: 1000 }, { amount: 40.01 }, 'amount'],
      ['an order of the live mode in the test mode', 'test', {}, 'orderId'],
    ] as const) {
      it(`refuses ${name} with 422 naming ${path}, writing nothing`, async () => {
        let orderId: string;
        const headers: Record<string, string> = {};
        if (order === 'other') orderId = (await insertOrder(t, (await signup(t.app)).storeId)).id;
        else if (order === 'test') {
          orderId = (await insertOrder(t, m.storeId)).id;
          headers['x-mode'] = 'test';
        } else orderId = (await insertOrder(t, m.storeId, order)).id;
        const before = await countOf(t, 'payment_links', m.storeId);
        const res = await create({ orderId, ...body }, m, headers);
        assert.equal(res.status, 422, res.raw);
        assert.equal(res.body.error.details[0].path, path);
        assert.equal(await countOf(t, 'payment_links', m.storeId), before);
      });
    }

    it('checks amounts against the store currency’s decimals', async () => {
      const shop = await signup(t.app);
      await call('PATCH', '/v1/settings', { headers: shop.auth, body: { currency: 'JPY' } });
      const bad = await create({ amount: 10.5 }, shop);
      assert.equal(bad.status, 422);
      assert.match(bad.body.error.details[0].rule, /0 decimal places \(JPY\)/);
      const ok = await create({ amount: 1200 }, shop);
      assert.deepEqual([ok.body.data.amount, ok.body.data.currency], [1200, 'JPY']);
    });
  });

  describe('lifecycle', () => {
    it('reads an active link past its expiry as expired, without rewriting it, and refuses to cancel it', async () => {
      const id = await expiredLink(m);
      const res = await get(id);
      assert.equal(res.body.data.status, 'expired');
      const row = await t.container.db.kysely.selectFrom('payment_links').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      assert.equal(row.status, 'active', 'expiry is computed on read');
      const refused = await cancel(id);
      assert.equal(refused.status, 409);
      assert.equal(refused.body.error.code, 'PAYMENT_LINK_NOT_ACTIVE');
      assert.match(refused.body.message, /is expired/);
    });

    it('cancels an active link once; a cancelled link cannot be cancelled again', async () => {
      const id = (await create({ amount: 9 })).body.data.id;
      const res = await cancel(id);
      assert.equal(res.status, 200, res.raw);
      assert.equal(res.body.data.status, 'cancelled');
      assert.equal((await get(id)).body.data.status, 'cancelled');
      assert.deepEqual(await auditActions(t, m.storeId, 1), ['payment_link.cancel']);
      const again = await cancel(id);
      assert.equal(again.status, 409);
      assert.match(again.body.message, /is cancelled/);
    });

    it('lets exactly one of several concurrent cancels through', async () => {
      const id = (await create({ amount: 9 })).body.data.id;
      const results = await Promise.all(Array.from({ length: 6 }, () => cancel(id)));
      assert.deepEqual(results.map((r) => r.status).sort(), [200, 409, 409, 409, 409, 409]);
    });

    it('completes a link for an order as paid, recording the payment on the order (for the future pay page)', async () => {
      const order = await insertOrder(t, m.storeId, { totalMinor: 8000 });
      const id = (await create({ orderId: order.id, amount: 30 })).body.data.id;
      const done = await t.container.repos.transaction((repos) => completePaymentLink(repos, storeContext(m), { linkId: id, method: 'card', reference: 'ch_link' }));
      assert.equal(done.link.status, 'paid');
      assert.deepEqual([done.payment?.payment.amountMinor, done.payment?.payment.reference, done.payment?.order.paidMinor], [3000, 'ch_link', 3000]);
      assert.equal((await get(id)).body.data.status, 'paid');
      assert.deepEqual(await orderMoney(t, order.id), { paid: 3000, refunded: 0 });
      await assert.rejects(
        t.container.repos.transaction((repos) => completePaymentLink(repos, storeContext(m), { linkId: id, method: 'card' })),
        (e: { code: string }) => e.code === 'PAYMENT_LINK_NOT_ACTIVE',
      );
      assert.equal((await cancel(id)).status, 409);
      const expired = await expiredLink(m);
      await assert.rejects(t.container.repos.transaction((repos) => completePaymentLink(repos, storeContext(m), { linkId: expired, method: 'card' })), /is expired/);
      assert.deepEqual(await orderMoney(t, order.id), { paid: 3000, refunded: 0 });
    });

    it('lists links newest first, filtered by the status they read as now and by order, with pagination', async () => {
      const shop = await signup(t.app);
      const order = await insertOrder(t, shop.storeId, { totalMinor: 5000 });
      const active = (await create({ amount: 1 }, shop)).body.data.id;
      const forOrder = (await create({ orderId: order.id }, shop)).body.data.id;
      const cancelled = (await create({ amount: 2 }, shop)).body.data.id;
      await cancel(cancelled, shop);
      const expired = await expiredLink(shop);
      const paid = (await create({ amount: 3 }, shop)).body.data.id;
      await t.container.repos.transaction((repos) => completePaymentLink(repos, storeContext(shop), { linkId: paid, method: 'card' }));
      const ids = async (query: string) => (await call('GET', `/v1/payment-links?${query}`, { headers: shop.auth })).body.data.map((l: { id: string }) => l.id);
      assert.deepEqual(await ids(''), [paid, cancelled, forOrder, active, expired].sort().reverse());
      assert.deepEqual(await ids('status=active'), [forOrder, active]);
      assert.deepEqual(await ids('status=expired'), [expired]);
      assert.deepEqual(await ids('status=cancelled'), [cancelled]);
      assert.deepEqual(await ids('status=paid'), [paid]);
      assert.deepEqual(await ids(`orderId=${order.id}`), [forOrder]);
      const page = await call('GET', '/v1/payment-links?limit=2', { headers: shop.auth });
      assert.equal(page.body.pagination.hasMore, true);
      const rest = await call('GET', `/v1/payment-links?limit=2&cursor=${page.body.pagination.nextCursor}`, { headers: shop.auth });
      assert.equal(rest.body.data.length, 2);
      const bad = await call('GET', '/v1/payment-links?status=open', { headers: shop.auth });
      assert.equal(bad.status, 422);
      assert.equal(bad.body.error.details[0].path, 'status');
      assert.equal((await call('GET', '/v1/payment-links?cursor=nope', { headers: shop.auth })).status, 422);
    });
  });

  describe('tenants, modes and permissions', () => {
    it("answers another store's link and the other mode with 404 on every route, changing nothing", async () => {
      const id = (await create({ amount: 7 })).body.data.id;
      const stranger = await signup(t.app);
      for (const [who, headers] of [[stranger, {}], [m, { 'x-mode': 'test' }]] as const) {
        const read = await get(id, who, headers);
        assert.equal(read.status, 404);
        assert.equal(read.body.error.code, 'PAYMENT_LINK_NOT_FOUND');
        assert.equal((await cancel(id, who, headers)).status, 404);
        assert.deepEqual((await call('GET', '/v1/payment-links', { headers: { ...who.auth, ...headers } })).body.data, []);
      }
      assert.equal((await get(id)).body.data.status, 'active');
    });

    it('needs payments:read to read and payments:write to create or cancel (403 naming it)', async () => {
      const id = (await create({ amount: 7 })).body.data.id;
      const reader = { 'x-merchantapikey': (await createApiKey(t.app, m, { permissions: ['payments:read'] })).key };
      const none = { 'x-merchantapikey': (await createApiKey(t.app, m, { permissions: ['orders:write'] })).key };
      assert.equal((await call('GET', `/v1/payment-links/${id}`, { headers: reader })).status, 200);
      assert.equal((await call('GET', '/v1/payment-links', { headers: reader })).status, 200);
      const before = await countOf(t, 'payment_links', m.storeId);
      for (const headers of [reader, none]) {
        const made = await call('POST', '/v1/payment-links', { headers, body: { amount: 1 } });
        assert.equal(made.status, 403);
        assert.match(made.body.message, /payments:write/);
        const cancelled = await call('POST', `/v1/payment-links/${id}/cancel`, { headers });
        assert.equal(cancelled.status, 403);
      }
      for (const url of [`/v1/payment-links/${id}`, '/v1/payment-links']) {
        const res = await call('GET', url, { headers: none });
        assert.equal(res.status, 403);
        assert.match(res.body.message, /payments:read/);
      }
      assert.equal(await countOf(t, 'payment_links', m.storeId), before);
      assert.equal((await get(id)).body.data.status, 'active');
    });

    it("a link for an order needs orders:read too: the pay page shows the order's lines to whoever holds the link", async () => {
      const order = await insertOrder(t, m.storeId, { totalMinor: 4200 });
      const writer = { 'x-merchantapikey': (await createApiKey(t.app, m, { permissions: ['payments:write'] })).key };
      const before = await countOf(t, 'payment_links', m.storeId);
      const refused = await call('POST', '/v1/payment-links', { headers: writer, body: { orderId: order.id } });
      assert.equal(refused.status, 403, refused.raw);
      assert.deepEqual(refused.body.error.details, [{ path: 'permission', rule: 'orders:read', in: 'credential' }]);
      assert.equal(await countOf(t, 'payment_links', m.storeId), before, 'nothing written');
      assert.equal((await call('POST', '/v1/payment-links', { headers: writer, body: { amount: 3 } })).status, 201, 'a link for an amount alone shows no order');
      const both = { 'x-merchantapikey': (await createApiKey(t.app, m, { permissions: ['payments:write', 'orders:read'] })).key };
      assert.equal((await call('POST', '/v1/payment-links', { headers: both, body: { orderId: order.id } })).status, 201);
    });
  });
});
