import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Mode } from '../src/context.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { insertCustomer, variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, joinStore, type Merchant, signup } from './helpers/merchants.ts';
import { connect } from './helpers/oauth.ts';
import { insertEndpoint } from './helpers/webhook-receiver.ts';

/** An event as the outbox keeps it: the body every endpoint receives. */
interface Envelope {
  id: string;
  type: string;
  createdAt: string;
  storeId: string;
  mode: Mode;
  data: Record<string, any>;
  change?: Record<string, unknown>;
}

describeEachDatabase('webhook events: every area publishes in the transaction of its change', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
  });
  after(() => t?.close());

  /** Subscribes an endpoint by writing its row (the endpoint API is not what is tested here). */
  const subscribe = (storeId: string, options: { eventTypes?: string[]; mode?: Mode; enabled?: boolean; clientId?: string | null } = {}) =>
    insertEndpoint(t.container, storeId, options);

  const db = () => t.container.db.kysely;

  /** The store's events (both modes), oldest first, as the bodies endpoints receive. */
  async function events(storeId: string): Promise<Envelope[]> {
    const rows = await db().selectFrom('webhook_events').select(['seq', 'type', 'payload', 'store_id', 'mode']).where('store_id', '=', storeId).orderBy('seq').execute();
    return rows.map((r) => {
      const body = JSON.parse(r.payload) as Envelope;
      assert.equal(body.type, r.type);
      assert.equal(body.mode, r.mode);
      return body;
    });
  }

  /** The event types delivered to an endpoint, oldest first. */
  async function delivered(endpointId: string): Promise<string[]> {
    const rows = await db()
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as e', 'e.seq', 'd.event_seq')
      .select(['e.type', 'd.status', 'd.attempts'])
      .where('d.endpoint_id', '=', endpointId)
      .orderBy('d.event_seq')
      .execute();
    for (const r of rows) assert.deepEqual([r.status, Number(r.attempts)], ['pending', 0]);
    return rows.map((r) => r.type);
  }

  async function countEvents(storeId?: string): Promise<number> {
    let q = db().selectFrom('webhook_events').select((eb) => eb.fn.countAll().as('n'));
    if (storeId) q = q.where('store_id', '=', storeId);
    return Number((await q.executeTakeFirstOrThrow()).n);
  }

  /** The events written by `action` (the store's events after it that were not there before). */
  async function during(storeId: string, action: () => Promise<unknown>): Promise<Envelope[]> {
    const before = (await events(storeId)).length;
    await action();
    return (await events(storeId)).slice(before);
  }

  /** Checks the envelope every event has. */
  function envelopeOf(e: Envelope, storeId: string, type: string, mode: Mode = 'live'): void {
    assert.deepEqual(Object.keys(e).sort(), ['createdAt', 'data', 'id', 'mode', 'storeId', 'type', ...(e.change ? ['change'] : [])].sort());
    assert.match(e.id, /^evt_/);
    assert.equal(e.type, type);
    assert.match(e.createdAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
    assert.equal(e.storeId, storeId);
    assert.equal(e.mode, mode);
  }

  const get = async (m: Merchant, url: string, headers: Record<string, string> = {}) => {
    const res = await call('GET', url, { headers: { ...m.auth, ...headers } });
    assert.equal(res.status, 200, `${url}: ${res.raw}`);
    return res.body.data;
  };

  /** A merchant with an active VARIABLE product of two SKUs (10.00 ×8, 20.00 ×3) and a customer. */
  async function shop() {
    const m = await signup(t.app);
    const { productId, groupId, skuIds } = await variableProduct(t.app, m, {
      skus: [
        { price: 10, quantityInStock: 8, attributes: { Size: 'S' } },
        { price: 20, quantityInStock: 3, attributes: { Size: 'M' } },
      ],
    });
    assert.equal((await call('PATCH', `/v1/products/${productId}`, { headers: m.auth, body: { status: 'active' } })).status, 200);
    const customerId = await insertCustomer(t, m.storeId);
    return { m, productId, groupId, skuIds: skuIds as [string, string], customerId };
  }

  const place = (m: Merchant, body: Record<string, unknown>) => call('POST', '/v1/orders', { headers: m.auth, body });
  const move = (m: Merchant, id: string, body: Record<string, unknown>) => call('POST', `/v1/orders/${id}/transitions`, { headers: m.auth, body });
  const adjust = (m: Merchant, body: Record<string, unknown>) => call('POST', '/v1/inventory/adjustments', { headers: m.auth, body });
  const skuUrl = (s: { productId: string; groupId: string }, skuId: string) => `/v2/products/${s.productId}/variant-groups/${s.groupId}/skus/${skuId}`;

  describe('without a subscriber', () => {
    it('writes no event at all', async () => {
      const s = await shop();
      const order = await place(s.m, { customerId: s.customerId, lines: [{ skuId: s.skuIds[0], quantity: 6 }] });
      assert.equal(order.status, 201);
      assert.equal((await move(s.m, order.body.data.id, { to: 'cancelled' })).status, 200);
      assert.equal((await call('POST', '/v1/customers', { headers: s.m.auth, body: { name: 'Nobody', email: 'nobody@example.com' } })).status, 201);
      assert.equal((await call('DELETE', `/v1/products/${s.productId}`, { headers: s.m.auth })).status, 200);
      assert.equal(await countEvents(s.m.storeId), 0);
      assert.equal(Number((await db().selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll().as('n')).where('store_id', '=', s.m.storeId).executeTakeFirstOrThrow()).n), 0);
    });
  });

  describe('orders', () => {
    it('order.created with the GET record, and the stock it took (sku.stock_changed, inventory.low_stock on the crossing)', async () => {
      const s = await shop();
      const endpoint = await subscribe(s.m.storeId);
      let orderId = '';
      const written = await during(s.m.storeId, async () => {
        const res = await place(s.m, { customerId: s.customerId, lines: [{ skuId: s.skuIds[0], quantity: 4 }, { skuId: s.skuIds[1], quantity: 1 }] });
        assert.equal(res.status, 201, res.raw);
        orderId = res.body.data.id;
      });
      const order = await get(s.m, `/v1/orders/${orderId}`);
      const [created, ...rest] = written;
      // Each level the order allocated at (issue 36): inventory_level.updated, after the SKUs' events (test/fulfilment.test.ts).
      const stock = rest.filter((e) => e.type !== 'inventory_level.updated');
      assert.deepEqual(
        rest.filter((e) => e.type === 'inventory_level.updated').map((e) => [e.data.skuId, e.change?.allocatedFrom, e.change?.allocatedTo]),
        [
          [s.skuIds[0], 0, 4],
          [s.skuIds[1], 0, 1],
        ],
      );
      envelopeOf(created!, s.m.storeId, 'order.created');
      assert.deepEqual(created!.data, order);
      assert.equal(created!.change, undefined);
      // SKU 0: 8 → 4 crosses the default threshold (5); SKU 1: 3 → 2 was at or below it already.
      assert.deepEqual(
        stock.map((e) => [e.type, e.data.id, e.change]),
        [
          ['sku.stock_changed', s.skuIds[0], { from: 8, to: 4, reason: `order ${order.number}` }],
          ['inventory.low_stock', s.skuIds[0], { threshold: 5, from: 8, to: 4 }],
          ['sku.stock_changed', s.skuIds[1], { from: 3, to: 2, reason: `order ${order.number}` }],
        ],
      );
      for (const e of stock) envelopeOf(e, s.m.storeId, e.type);
      assert.deepEqual(stock[0]!.data, await get(s.m, skuUrl(s, s.skuIds[0])));
      assert.deepEqual(stock[2]!.data, await get(s.m, skuUrl(s, s.skuIds[1])));
      assert.deepEqual(await delivered(endpoint), written.map((e) => e.type));
    });

    it('order.status_changed on every move, order.refunded with the amount, and the stock a cancellation returns', async () => {
      const s = await shop();
      await subscribe(s.m.storeId);
      const order = (await place(s.m, { customerId: s.customerId, lines: [{ skuId: s.skuIds[0], quantity: 2 }] })).body.data;

      const paid = await during(s.m.storeId, async () => assert.equal((await move(s.m, order.id, { to: 'paid' })).status, 200));
      assert.deepEqual(paid.map((e) => [e.type, e.change]), [['order.status_changed', { from: 'pending', to: 'paid' }]]);
      envelopeOf(paid[0]!, s.m.storeId, 'order.status_changed');
      assert.deepEqual(paid[0]!.data, await get(s.m, `/v1/orders/${order.id}`));

      const part = await during(s.m.storeId, async () => assert.equal((await move(s.m, order.id, { to: 'partially_refunded', amount: 2.5 })).status, 200));
      assert.deepEqual(
        part.map((e) => [e.type, e.change]),
        [
          ['order.status_changed', { from: 'paid', to: 'partially_refunded' }],
          ['order.refunded', { amount: 2.5, tax: 0, refunded: 2.5 }],
          ['refund.succeeded', undefined],
        ],
      );
      const now = await get(s.m, `/v1/orders/${order.id}`);
      for (const e of part.slice(0, 2)) assert.deepEqual(e.data, now);
      // The refund's own record, as GET /v1/orders/{id}/payments lists it.
      const records = await get(s.m, `/v1/orders/${order.id}/payments`);
      assert.deepEqual(part[2]!.data, records.payments.find((p: { kind: string }) => p.kind === 'refund'));

      const rest = await during(s.m.storeId, async () => assert.equal((await move(s.m, order.id, { to: 'refunded' })).status, 200));
      assert.deepEqual(
        rest.map((e) => [e.type, e.change]),
        [
          ['order.status_changed', { from: 'partially_refunded', to: 'refunded' }],
          ['order.refunded', { amount: 17.5, tax: 0, refunded: 20 }],
          ['refund.succeeded', undefined],
        ],
      );

      const other = (await place(s.m, { customerId: s.customerId, lines: [{ skuId: s.skuIds[1], quantity: 3 }] })).body.data;
      const cancel = await during(s.m.storeId, async () => assert.equal((await move(s.m, other.id, { to: 'cancelled' })).status, 200));
      assert.deepEqual(
        cancel.map((e) => [e.type, e.change]),
        [
          ['order.status_changed', { from: 'pending', to: 'cancelled' }],
          ['sku.stock_changed', { from: 0, to: 3, reason: `order ${other.number} cancelled` }],
          ['inventory_level.updated', { from: 3, to: 3, reason: `order ${other.number} cancelled`, allocatedFrom: 3, allocatedTo: 0 }],
        ],
        'no refund (nothing was paid); stock coming back is no low-stock crossing; the allocation released where it was',
      );
      assert.deepEqual(cancel[1]!.data, await get(s.m, skuUrl(s, s.skuIds[1])));
    });

    it('writes nothing for a refused order, a refused move or a rehearsal', async () => {
      const s = await shop();
      await subscribe(s.m.storeId);
      const written = await during(s.m.storeId, async () => {
        const refused = await place(s.m, { customerId: s.customerId, lines: [{ skuId: s.skuIds[0], quantity: 1 }, { skuId: s.skuIds[1], quantity: 4 }] });
        assert.equal(refused.body.error.code, 'INSUFFICIENT_STOCK');
        assert.equal((await place(s.m, { customerId: 'cus_nope', lines: [{ skuId: s.skuIds[0], quantity: 1 }] })).status, 422);
        assert.equal((await place(s.m, { customerId: s.customerId, lines: [] })).status, 422);
      });
      assert.deepEqual(written, []);
      const order = (await place(s.m, { customerId: s.customerId, lines: [{ skuId: s.skuIds[0], quantity: 1 }] })).body.data;
      const moves = await during(s.m.storeId, async () => {
        assert.equal((await move(s.m, order.id, { to: 'delivered' })).status, 409);
        assert.equal((await move(s.m, order.id, { to: 'partially_refunded', amount: 1 })).status, 409);
        await t.container.services.orders.checkTransition(storeCtx(s.m), order.id, { to: 'cancelled' });
      });
      assert.deepEqual(moves, []);
    });
  });

  /** A StoreContext for calling a service directly (the owner, live). */
  function storeCtx(m: Merchant) {
    return {
      requestId: 'test',
      now: new Date(),
      actor: { type: 'user' as const, id: m.userId, label: m.email, userId: m.userId },
      credential: 'session' as const,
      tenant: { storeId: m.storeId, mode: 'live' as const },
      role: 'owner' as const,
      permissions: new Set(['orders:read', 'orders:write'] as const),
    };
  }

  describe('catalog', () => {
    it('product.created, product.updated and product.deleted with the v1 record (as it was, for a delete)', async () => {
      const m = await signup(t.app);
      await subscribe(m.storeId);
      let id = '';
      const created = await during(m.storeId, async () => {
        const res = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'SIMPLE', name: 'Mug', price: 12.5, quantityInStock: 9 } });
        assert.equal(res.status, 201);
        id = res.body.data.id;
      });
      assert.deepEqual(created.map((e) => e.type), ['product.created']);
      envelopeOf(created[0]!, m.storeId, 'product.created');
      assert.deepEqual(created[0]!.data, await get(m, `/v1/products/${id}`));

      const updated = await during(m.storeId, async () => assert.equal((await call('PATCH', `/v1/products/${id}`, { headers: m.auth, body: { name: 'Big mug', price: 14 } })).status, 200));
      assert.deepEqual(updated.map((e) => e.type), ['product.updated']);
      assert.deepEqual(updated[0]!.data, await get(m, `/v1/products/${id}`));
      assert.equal(updated[0]!.data.name, 'Big mug');

      // A SIMPLE product's stock alone: sku.stock_changed (and the crossing), no product.updated; the default location's
      // level it moved: inventory_level.updated.
      const product = await get(m, `/v1/products/${id}`);
      const stockOnly = await during(m.storeId, async () => assert.equal((await call('PATCH', `/v1/products/${id}`, { headers: m.auth, body: { quantityInStock: 2 } })).status, 200));
      assert.deepEqual(
        stockOnly.map((e) => [e.type, e.data.id, e.change]),
        [
          ['sku.stock_changed', product.skuId, { from: 9, to: 2, reason: 'product update' }],
          ['inventory.low_stock', product.skuId, { threshold: 5, from: 9, to: 2 }],
          ['inventory_level.updated', undefined, { from: 9, to: 2, reason: 'product update' }],
        ],
      );

      const category = await call('POST', '/v1/categories', { headers: m.auth, body: { name: 'Kitchen' } });
      assert.equal(category.status, 201, category.raw);
      const recategorised = await during(m.storeId, async () => assert.equal((await call('PATCH', `/v1/products/${id}`, { headers: m.auth, body: { categoryIds: [category.body.data.id] } })).status, 200));
      assert.deepEqual(recategorised.map((e) => e.type), ['product.updated']);
      assert.deepEqual(recategorised[0]!.data.categoryIds, [category.body.data.id]);

      const last = await get(m, `/v1/products/${id}`);
      const deleted = await during(m.storeId, async () => assert.equal((await call('DELETE', `/v1/products/${id}`, { headers: m.auth })).status, 200));
      assert.deepEqual(deleted.map((e) => e.type), ['product.deleted']);
      envelopeOf(deleted[0]!, m.storeId, 'product.deleted');
      assert.deepEqual(deleted[0]!.data, last);
    });

    it('product.updated for variant groups and SKUs; a SKU stock change alone is sku.stock_changed only', async () => {
      const s = await shop();
      await subscribe(s.m.storeId);
      const v1 = () => get(s.m, `/v1/products/${s.productId}`);
      let groupId = '';
      const added = await during(s.m.storeId, async () => {
        const res = await call('POST', `/v2/products/${s.productId}/variant-groups`, {
          headers: s.m.auth,
          body: { attributeName: 'Color', attributeValue: 'Blue', skus: [{ price: 30, quantityInStock: 1, attributes: { Size: 'S' } }] },
        });
        assert.equal(res.status, 201, res.raw);
        groupId = res.body.data.id;
      });
      assert.deepEqual(added.map((e) => e.type), ['product.updated']);
      assert.deepEqual(added[0]!.data, await v1());
      assert.equal(added[0]!.data.skuCount, 3);

      const renamed = await during(s.m.storeId, async () => assert.equal((await call('PATCH', `/v2/products/${s.productId}/variant-groups/${groupId}`, { headers: s.m.auth, body: { attributeValue: 'Navy' } })).status, 200));
      assert.deepEqual(renamed.map((e) => e.type), ['product.updated']);
      assert.deepEqual(renamed[0]!.data, await v1());

      let skuId = '';
      const skuAdded = await during(s.m.storeId, async () => {
        const res = await call('POST', `/v2/products/${s.productId}/variant-groups/${groupId}/skus`, { headers: s.m.auth, body: { price: 31, quantityInStock: 2, attributes: { Size: 'M' } } });
        assert.equal(res.status, 201, res.raw);
        skuId = res.body.data.id;
      });
      assert.deepEqual(skuAdded.map((e) => e.type), ['product.updated']);
      assert.deepEqual(skuAdded[0]!.data, await v1());

      const both = await during(s.m.storeId, async () => assert.equal((await call('PATCH', skuUrl(s, s.skuIds[0]), { headers: s.m.auth, body: { price: 11, quantityInStock: 7 } })).status, 200));
      assert.deepEqual(both.map((e) => [e.type, e.change]), [
        ['product.updated', undefined],
        ['sku.stock_changed', { from: 8, to: 7, reason: 'SKU update' }],
        ['inventory_level.updated', { from: 8, to: 7, reason: 'SKU update' }],
      ]);
      assert.deepEqual(both[0]!.data, await v1());
      assert.deepEqual(both[1]!.data, await get(s.m, skuUrl(s, s.skuIds[0])));
      assert.equal(both[1]!.data.price, 11);

      const stockOnly = await during(s.m.storeId, async () => assert.equal((await call('PATCH', skuUrl(s, s.skuIds[0]), { headers: s.m.auth, body: { quantityInStock: 5 } })).status, 200));
      assert.deepEqual(
        stockOnly.map((e) => [e.type, e.change]),
        [
          ['sku.stock_changed', { from: 7, to: 5, reason: 'SKU update' }],
          ['inventory.low_stock', { threshold: 5, from: 7, to: 5 }],
          ['inventory_level.updated', { from: 7, to: 5, reason: 'SKU update' }],
        ],
      );
      assert.deepEqual(stockOnly[1]!.data, await get(s.m, skuUrl(s, s.skuIds[0])));
      const same = await during(s.m.storeId, async () => assert.equal((await call('PATCH', skuUrl(s, s.skuIds[0]), { headers: s.m.auth, body: { quantityInStock: 5 } })).status, 200));
      assert.deepEqual(same, [], 'the same stock is no change');

      const skuDeleted = await during(s.m.storeId, async () => assert.equal((await call('DELETE', `/v2/products/${s.productId}/variant-groups/${groupId}/skus/${skuId}`, { headers: s.m.auth })).status, 200));
      assert.deepEqual(skuDeleted.map((e) => e.type), ['product.updated']);
      assert.deepEqual(skuDeleted[0]!.data, await v1());

      const groupDeleted = await during(s.m.storeId, async () => assert.equal((await call('DELETE', `/v2/products/${s.productId}/variant-groups/${groupId}`, { headers: s.m.auth })).status, 200));
      assert.deepEqual(groupDeleted.map((e) => e.type), ['product.updated']);
      assert.deepEqual(groupDeleted[0]!.data, await v1());
      assert.equal(groupDeleted[0]!.data.skuCount, 2);

      const refused = await during(s.m.storeId, async () => {
        assert.equal((await call('PATCH', skuUrl(s, s.skuIds[0]), { headers: s.m.auth, body: { price: 1.234 } })).status, 422);
        assert.equal((await call('POST', '/v1/products', { headers: s.m.auth, body: { type: 'SIMPLE', name: 'No price', quantityInStock: 1 } })).status, 422);
        assert.equal((await call('DELETE', `/v2/products/${s.productId}/variant-groups/vgr_nope`, { headers: s.m.auth })).status, 404);
      });
      assert.deepEqual(refused, []);
    });
  });

  describe('inventory', () => {
    it('sku.stock_changed on every adjustment; inventory.low_stock once per crossing', async () => {
      const s = await shop();
      const endpoint = await subscribe(s.m.storeId, { eventTypes: ['inventory.low_stock'] });
      const sku = s.skuIds[0];
      const lows = async (body: Record<string, unknown>) =>
        (
          await during(s.m.storeId, async () => {
            const res = await adjust(s.m, { skuId: sku, reason: 'count', ...body });
            assert.equal(res.status, 201, res.raw);
          })
        ).map((e) => e.change);
      assert.deepEqual(await lows({ delta: -2 }), [], '8 → 6: above the threshold (5)');
      assert.deepEqual(await lows({ delta: -2 }), [{ threshold: 5, from: 6, to: 4 }], '6 → 4 crosses');
      assert.deepEqual(await lows({ delta: -1 }), [], '4 → 3: below already');
      assert.deepEqual(await lows({ delta: 5 }), [], 'back above: 8');
      assert.deepEqual(await lows({ set: 5 }), [{ threshold: 5, from: 8, to: 5 }], 'at the threshold counts');
      assert.deepEqual(await lows({ set: 9 }), []);
      const order = await during(s.m.storeId, async () => assert.equal((await place(s.m, { customerId: s.customerId, lines: [{ skuId: sku, quantity: 9 }] })).status, 201));
      assert.deepEqual(order.map((e) => [e.type, e.change]), [['inventory.low_stock', { threshold: 5, from: 9, to: 0 }]], 'an order crossing it too');
      assert.equal((await call('PATCH', '/v1/inventory/settings', { headers: s.m.auth, body: { lowStockThreshold: 2 } })).status, 200);
      assert.deepEqual(await lows({ set: 3 }), []);
      assert.deepEqual(await lows({ delta: -1 }), [{ threshold: 2, from: 3, to: 2 }], "the store's threshold as it is now");
      assert.deepEqual(await delivered(endpoint), ['inventory.low_stock', 'inventory.low_stock', 'inventory.low_stock', 'inventory.low_stock']);
    });

    it('sku.stock_changed with the SKU record and the reason; nothing for a refused adjustment', async () => {
      const s = await shop();
      await subscribe(s.m.storeId, { eventTypes: ['sku.*'] });
      const written = await during(s.m.storeId, async () => assert.equal((await adjust(s.m, { skuId: s.skuIds[1], delta: 4, reason: 'restock' })).status, 201));
      assert.deepEqual(written.map((e) => [e.type, e.change]), [['sku.stock_changed', { from: 3, to: 7, reason: 'restock' }]]);
      envelopeOf(written[0]!, s.m.storeId, 'sku.stock_changed');
      assert.deepEqual(written[0]!.data, await get(s.m, skuUrl(s, s.skuIds[1])));
      const refused = await during(s.m.storeId, async () => {
        assert.equal((await adjust(s.m, { skuId: s.skuIds[1], delta: -8, reason: 'too many' })).status, 409);
        assert.equal((await adjust(s.m, { skuId: 'sku_nope', delta: 1, reason: 'x' })).status, 404);
      });
      assert.deepEqual(refused, []);
    });
  });

  describe('customers and reviews', () => {
    it('customer.created, customer.banned and review.created with the GET records', async () => {
      const s = await shop();
      await subscribe(s.m.storeId);
      let customerId = '';
      const created = await during(s.m.storeId, async () => {
        const res = await call('POST', '/v1/customers', {
          headers: s.m.auth,
          body: { name: 'Ada Lovelace', email: 'Ada@Example.com', phone: '+1 (555) 010-0000', addresses: [{ label: 'Home', line1: '1 Main St', city: 'Springfield', countryId: 'us', stateId: 'us-il' }] },
        });
        assert.equal(res.status, 201, res.raw);
        customerId = res.body.data.id;
      });
      assert.deepEqual(created.map((e) => e.type), ['customer.created']);
      envelopeOf(created[0]!, s.m.storeId, 'customer.created');
      assert.deepEqual(created[0]!.data, await get(s.m, `/v1/customers/${customerId}`));

      const duplicate = await during(s.m.storeId, async () => assert.equal((await call('POST', '/v1/customers', { headers: s.m.auth, body: { name: 'Ada', email: 'ada@example.com' } })).status, 409));
      assert.deepEqual(duplicate, []);

      const review = await during(s.m.storeId, async () => {
        const res = await call('POST', '/v1/reviews', { headers: s.m.auth, body: { productId: s.productId, customerId, rating: 4, title: 'Nice' } });
        assert.equal(res.status, 201, res.raw);
      });
      assert.deepEqual(review.map((e) => e.type), ['review.created']);
      envelopeOf(review[0]!, s.m.storeId, 'review.created');
      assert.deepEqual(review[0]!.data, await get(s.m, `/v1/reviews/${review[0]!.data.id}`));

      const banned = await during(s.m.storeId, async () => assert.equal((await call('POST', `/v1/customers/${customerId}/ban`, { headers: s.m.auth, body: { reason: 'chargebacks' } })).status, 200));
      assert.deepEqual(banned.map((e) => e.type), ['customer.banned']);
      assert.deepEqual(banned[0]!.data, await get(s.m, `/v1/customers/${customerId}`));
      assert.equal(banned[0]!.data.banned, true);

      const refused = await during(s.m.storeId, async () => {
        assert.equal((await call('POST', '/v1/reviews', { headers: s.m.auth, body: { productId: s.productId, customerId, rating: 5 } })).status, 422, 'a banned customer');
        assert.equal((await call('POST', `/v1/customers/${customerId}/ban`, { headers: s.m.auth, body: { reason: 'x', expiresAt: '2000-01-01T00:00:00' } })).status, 422);
        assert.equal((await call('POST', `/v1/customers/${customerId}/unban`, { headers: s.m.auth })).status, 200);
      });
      assert.deepEqual(refused, [], 'refusals write nothing; unban has no event');
    });
  });

  describe('who receives what', () => {
    it('an endpoint gets the types it names; a disabled one, another mode’s and another store’s get nothing', async () => {
      const s = await shop();
      const other = await signup(t.app);
      const all = await subscribe(s.m.storeId);
      const orders = await subscribe(s.m.storeId, { eventTypes: ['order.*'] });
      const exact = await subscribe(s.m.storeId, { eventTypes: ['customer.created', 'sku.stock_changed'] });
      const disabled = await subscribe(s.m.storeId, { enabled: false });
      const testMode = await subscribe(s.m.storeId, { mode: 'test' });
      const elsewhere = await subscribe(other.storeId);

      const order = (await place(s.m, { customerId: s.customerId, lines: [{ skuId: s.skuIds[1], quantity: 1 }] })).body.data;
      await move(s.m, order.id, { to: 'paid' });
      await call('POST', '/v1/customers', { headers: s.m.auth, body: { name: 'Bo', email: 'bo@example.com' } });

      assert.deepEqual(await delivered(all), ['order.created', 'sku.stock_changed', 'inventory_level.updated', 'order.status_changed', 'customer.created']);
      assert.deepEqual(await delivered(orders), ['order.created', 'order.status_changed']);
      assert.deepEqual(await delivered(exact), ['sku.stock_changed', 'customer.created']);
      assert.deepEqual(await delivered(disabled), []);
      assert.deepEqual(await delivered(testMode), []);
      assert.deepEqual(await delivered(elsewhere), []);
      assert.equal(await countEvents(other.storeId), 0);

      // The test mode has its own events, which only its endpoints get.
      const test = { ...s.m.auth, 'x-mode': 'test' };
      const created = await during(s.m.storeId, async () => assert.equal((await call('POST', '/v1/customers', { headers: test, body: { name: 'Tess', email: 'tess@example.com' } })).status, 201));
      assert.deepEqual(created.map((e) => [e.type, e.mode]), [['customer.created', 'test']]);
      envelopeOf(created[0]!, s.m.storeId, 'customer.created', 'test');
      assert.deepEqual(created[0]!.data, await get(s.m, `/v1/customers/${created[0]!.data.id}`, { 'x-mode': 'test' }));
      assert.deepEqual(await delivered(testMode), ['customer.created']);
      assert.deepEqual(await delivered(all), ['order.created', 'sku.stock_changed', 'inventory_level.updated', 'order.status_changed', 'customer.created']);
    });

    it('an event nobody subscribed to is not written', async () => {
      const s = await shop();
      await subscribe(s.m.storeId, { eventTypes: ['review.created'] });
      await place(s.m, { customerId: s.customerId, lines: [{ skuId: s.skuIds[1], quantity: 1 }] });
      await call('PATCH', `/v1/products/${s.productId}`, { headers: s.m.auth, body: { name: 'Renamed' } });
      assert.equal(await countEvents(s.m.storeId), 0);
    });

    it("an app's endpoint gets what its grant's scopes may read", async () => {
      const s = await shop();
      const ordersApp = await connect(t.app, s.m, { scope: 'orders:read' });
      const productsApp = await connect(t.app, s.m, { scope: 'products:read' });
      const ordersEndpoint = await subscribe(s.m.storeId, { clientId: ordersApp.client.client_id });
      const productsEndpoint = await subscribe(s.m.storeId, { clientId: productsApp.client.client_id });
      await place(s.m, { customerId: s.customerId, lines: [{ skuId: s.skuIds[1], quantity: 1 }] });
      await call('PATCH', `/v1/products/${s.productId}`, { headers: s.m.auth, body: { name: 'Renamed' } });
      await call('POST', '/v1/customers', { headers: s.m.auth, body: { name: 'Cy', email: 'cy@example.com' } });
      assert.deepEqual(await delivered(ordersEndpoint), ['order.created'], 'no stock (inventory:read), no product, no customer');
      assert.deepEqual(await delivered(productsEndpoint), ['product.updated']);
    });

    it('removing a connected app deletes its endpoints and tells the store’s other endpoints (app.disconnected)', async () => {
      const s = await shop();
      const app = await connect(t.app, s.m, { scope: 'orders:read products:read' });
      await connect(t.app, s.m, { client: app.client, scope: 'orders:read' });
      const appEndpoint = await subscribe(s.m.storeId, { clientId: app.client.client_id });
      const storeEndpoint = await subscribe(s.m.storeId, { eventTypes: ['app.*', 'order.*'] });
      const otherApp = await connect(t.app, s.m, { scope: 'settings:read' });
      const otherAppEndpoint = await subscribe(s.m.storeId, { clientId: otherApp.client.client_id, eventTypes: ['app.disconnected'] });
      const listed = (await get(s.m, '/v1/connected-apps')).find((a: { clientId: string }) => a.clientId === app.client.client_id);
      assert.ok(listed);

      const written = await during(s.m.storeId, async () => assert.equal((await call('DELETE', `/v1/connected-apps/${app.client.client_id}`, { headers: s.m.auth })).status, 200));
      assert.deepEqual(written.map((e) => e.type), ['app.disconnected']);
      envelopeOf(written[0]!, s.m.storeId, 'app.disconnected');
      assert.deepEqual(written[0]!.data, listed);
      assert.deepEqual(written[0]!.data.scopes, ['orders:read', 'products:read']);
      assert.equal(await db().selectFrom('webhook_endpoints').select('id').where('id', '=', appEndpoint).executeTakeFirst(), undefined, "the app's endpoint is gone");
      assert.deepEqual(await delivered(storeEndpoint), ['app.connected', 'app.disconnected'], 'the other app was connected after it subscribed to app.*');
      assert.deepEqual(await delivered(otherAppEndpoint), ['app.disconnected']);

      // Removing an app that is not connected is refused and writes nothing.
      const again = await during(s.m.storeId, async () => assert.equal((await call('DELETE', `/v1/connected-apps/${app.client.client_id}`, { headers: s.m.auth })).status, 404));
      assert.deepEqual(again, []);
    });

    it('approving an app publishes app.connected with the entry Connected Apps shows', async () => {
      const s = await shop();
      const storeEndpoint = await subscribe(s.m.storeId, { eventTypes: ['app.connected'] });
      let app: Awaited<ReturnType<typeof connect>> | undefined;
      const written = await during(s.m.storeId, async () => {
        app = await connect(t.app, s.m, { scope: 'orders:read' });
      });
      assert.deepEqual(written.map((e) => e.type), ['app.connected']);
      envelopeOf(written[0]!, s.m.storeId, 'app.connected');
      const listed = (await get(s.m, '/v1/connected-apps')).find((a: { clientId: string }) => a.clientId === app!.client.client_id);
      assert.deepEqual({ ...written[0]!.data, lastUsedAt: listed.lastUsedAt }, listed, 'data is the Connected Apps entry (used since, by the token exchange)');
      assert.deepEqual(await delivered(storeEndpoint), ['app.connected']);
    });

    it('an app another member still has approved stays connected: its endpoints stay and nothing is published', async () => {
      const s = await shop();
      const staff = await joinStore(t.app, s.m, 'staff');
      const app = await connect(t.app, s.m, { scope: 'orders:read' });
      await connect(t.app, staff, { client: app.client, scope: 'orders:read', storeId: s.m.storeId });
      const appEndpoint = await subscribe(s.m.storeId, { clientId: app.client.client_id, eventTypes: ['order.*'] });
      const storeEndpoint = await subscribe(s.m.storeId, { eventTypes: ['app.disconnected'] });

      const own = await during(s.m.storeId, async () => assert.equal((await call('DELETE', `/v1/connected-apps/${app.client.client_id}`, { headers: staff.auth })).status, 200));
      assert.deepEqual(own, [], "the staff member removed only their approval; the owner's remains");
      assert.ok(await db().selectFrom('webhook_endpoints').select('id').where('id', '=', appEndpoint).executeTakeFirst(), "the app's endpoint stays");
      await place(s.m, { customerId: s.customerId, lines: [{ skuId: s.skuIds[1], quantity: 1 }] });
      assert.deepEqual(await delivered(appEndpoint), ['order.created'], "the owner's approval still lets it read orders");

      const listed = (await get(s.m, '/v1/connected-apps')).find((a: { clientId: string }) => a.clientId === app.client.client_id);
      const removed = await during(s.m.storeId, async () => assert.equal((await call('DELETE', `/v1/connected-apps/${app.client.client_id}`, { headers: s.m.auth })).status, 200));
      assert.deepEqual(removed.map((e) => e.type), ['app.disconnected']);
      assert.deepEqual(removed[0]!.data, listed);
      assert.deepEqual(await delivered(storeEndpoint), ['app.disconnected']);
      assert.equal(await db().selectFrom('webhook_endpoints').select('id').where('id', '=', appEndpoint).executeTakeFirst(), undefined);
    });
  });
});
