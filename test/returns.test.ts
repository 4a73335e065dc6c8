import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { insertCustomer } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { insertEndpoint } from './helpers/webhook-receiver.ts';

type Body = Record<string, unknown>;

describeEachDatabase('returns', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
  });
  after(() => t?.close());

  const k = () => t.container.db.kysely;
  const ok = async (res: { status: number; raw: string; body: any }, status = 200) => {
    assert.equal(res.status, status, res.raw);
    return res.body.data;
  };

  /**
   * The Texas order of docs/taxes.md, in Illinois: 2 shirts at 19.99 and socks at 5.00 (prices excluding tax, 6.25 %),
   * 10 % off (4.50, spread 4.00 / 0.50), delivery 7.00: tax 2.25 + 0.28 + 0.44 = 2.97, total 50.45. Paid and shipped.
   */
  async function shippedOrder(options: { ship?: boolean } = {}) {
    const m = await signup(t.app);
    await ok(await call('PATCH', '/v1/settings', { headers: m.auth, body: { pricesIncludeTax: false } }));
    const skus = {} as Record<'Shirt' | 'Socks', string>;
    for (const [name, price] of [['Shirt', 19.99], ['Socks', 5]] as const) {
      skus[name] = (await ok(await call('POST', '/v1/products', { headers: m.auth, body: { type: 'SIMPLE', name, sku: name.toUpperCase(), price, quantityInStock: 10, status: 'active' } }), 201)).skuId;
    }
    await ok(await call('POST', '/v1/tax-regions', { headers: m.auth, body: { name: 'Illinois', countryId: 'US', stateId: 'US-IL', rates: { standard: 625 } } }), 201);
    await ok(await call('POST', '/v1/promotions', { headers: m.auth, body: { code: 'TENOFF', kind: 'percentage', value: 10 } }), 201);
    const zone = await ok(await call('POST', '/v1/delivery/zones', { headers: m.auth, body: { name: 'US', regions: [{ countryId: 'US' }] } }), 201);
    const option = await ok(await call('POST', `/v1/delivery/zones/${zone.id}/options`, { headers: m.auth, body: { name: 'Standard', fee: 7 } }), 201);
    const customerId = await insertCustomer(t, m.storeId);
    const order = await ok(
      await call('POST', '/v1/orders', {
        headers: m.auth,
        body: { customerId, lines: [{ skuId: skus.Shirt, quantity: 2 }, { skuId: skus.Socks, quantity: 1 }], promotionCode: 'TENOFF', deliveryOptionId: option.id },
      }),
      201,
    );
    assert.deepEqual([order.subtotal, order.discount, order.deliveryFee, order.tax, order.total], [44.98, 4.5, 7, 2.97, 50.45]);
    await ok(await call('POST', `/v1/orders/${order.id}/transitions`, { headers: m.auth, body: { to: 'paid' } }));
    if (options.ship !== false) await ok(await call('POST', `/v1/orders/${order.id}/transitions`, { headers: m.auth, body: { to: 'fulfilled' } }));
    const lines = Object.fromEntries(order.lines.map((l: { productName: string; id: string }) => [l.productName, l.id])) as Record<'Shirt' | 'Socks', string>;
    const locationId = (await ok(await call('GET', '/v1/locations', { headers: m.auth }))).find((l: { isDefault: boolean }) => l.isDefault).id as string;
    return { m, order, lines, skus, locationId };
  }

  const create = (m: Merchant, orderId: string, body: Body, headers: Record<string, string> = m.auth) => call('POST', `/v1/orders/${orderId}/returns`, { headers, body });
  const receive = (m: Merchant, orderId: string, id: string, body: Body) => call('POST', `/v1/orders/${orderId}/returns/${id}/receive`, { headers: m.auth, body });
  const refund = (m: Merchant, orderId: string, id: string, body: Body = {}) => call('POST', `/v1/orders/${orderId}/returns/${id}/refund`, { headers: m.auth, body });
  const orderOf = async (m: Merchant, id: string) => ok(await call('GET', `/v1/orders/${id}`, { headers: m.auth }));
  const onHand = async (m: Merchant, skuId: string, locationId: string) =>
    (await ok(await call('GET', `/v1/inventory/skus/${skuId}/levels`, { headers: m.auth }))).levels.find((l: { locationId: string }) => l.locationId === locationId)?.onHand ?? 0;
  const returnRows = async (storeId: string) => Number((await k().selectFrom('returns').select((eb) => eb.fn.countAll().as('n')).where('store_id', '=', storeId).executeTakeFirstOrThrow()).n);
  const refundRecords = async (orderId: string) => (await k().selectFrom('payments').select(['amount_minor', 'kind']).where('order_id', '=', orderId).where('kind', '=', 'refund').execute()).map((p) => Number(p.amount_minor));

  it('returns a shirt (restocked) then the rest (socks written off): refunds 19.12 then 31.33, exactly the 50.45 paid', async () => {
    const { m, order, lines, skus, locationId } = await shippedOrder();
    const first = await ok(await create(m, order.id, { lines: [{ lineId: lines.Shirt, quantity: 1 }], reason: 'wrong_item', note: 'too small' }), 201);
    assert.match(first.id, /^ret_/);
    assert.deepEqual([first.status, first.reason, first.note, first.locationId, first.refund, first.lines[0].quantity, first.lines[0].restock], ['requested', 'wrong_item', 'too small', null, null, 1, null]);
    const shirtsBefore = await onHand(m, skus.Shirt, locationId);
    const received = await ok(await receive(m, order.id, first.id, { locationId, lines: [{ lineId: lines.Shirt, restock: true }] }));
    assert.deepEqual([received.status, received.locationId, received.lines[0].restock], ['received', locationId, true]);
    assert.equal(await onHand(m, skus.Shirt, locationId), shirtsBefore + 1, 'the shirt is back on hand');
    assert.equal((await orderOf(m, order.id)).fulfilmentStatus, 'partially_returned');
    const history = await ok(await call('GET', `/v1/inventory/adjustments?skuId=${skus.Shirt}`, { headers: m.auth }));
    const back = history.find((a: { reason: string }) => a.reason === 'returned');
    assert.ok(back, JSON.stringify(history));
    assert.deepEqual([back.delta, back.locationId, back.note, back.actor.type], [1, locationId, `return ${first.id} of order ${order.number}`, 'user']);

    const refunded = await ok(await refund(m, order.id, first.id));
    // 19.99 − 2.00 (its half of the shirts' 4.00 discount) + 1.13 (the first half of 2.25 tax, by largest remainder)
    assert.deepEqual([refunded.status, refunded.refund, refunded.tax, refunded.deliveryRefunded, refunded.lines[0].refund], ['refunded', 19.12, 1.13, 0, 19.12]);
    let o = await orderOf(m, order.id);
    assert.deepEqual([o.status, o.paymentStatus, o.refunded], ['partially_refunded', 'partially_refunded', 19.12]);

    const rest = await ok(await create(m, order.id, { lines: [{ lineId: lines.Shirt, quantity: 1 }, { lineId: lines.Socks, quantity: 1 }], reason: 'no_longer_needed' }), 201);
    const socksBefore = await onHand(m, skus.Socks, locationId);
    const done = await ok(await receive(m, order.id, rest.id, { locationId, lines: [{ lineId: lines.Socks, restock: false }, { lineId: lines.Shirt, restock: true }], refund: true }));
    // shirt 19.99 − 2.00 + 1.12; socks 5.00 − 0.50 + 0.28; delivery 7.00 + 0.44 with the order's last unit
    assert.deepEqual([done.status, done.refund, done.tax, done.deliveryRefunded], ['refunded', 31.33, 1.84, 7]);
    assert.deepEqual(done.lines.map((l: Body) => [l.restock, l.refund]), [[true, 19.11], [false, 4.78]]);
    assert.equal(await onHand(m, skus.Socks, locationId), socksBefore, 'written off: not back on hand');
    o = await orderOf(m, order.id);
    assert.deepEqual([o.status, o.paymentStatus, o.fulfilmentStatus, o.refunded, o.taxRefunded], ['refunded', 'refunded', 'returned', 50.45, 2.97]);
    assert.deepEqual(await refundRecords(order.id), [1912, 3133]);
    assert.deepEqual(o.history.slice(-2).map((e: Body) => [e.to, e.amount, e.note]), [['partially_refunded', 19.12, `return ${first.id}`], ['refunded', 31.33, `return ${rest.id}`]]);

    const list = await call('GET', `/v1/orders/${order.id}/returns?limit=1`, { headers: m.auth });
    assert.deepEqual(list.body.data.map((r: Body) => r.id), [first.id]);
    const next = await call('GET', `/v1/orders/${order.id}/returns?limit=1&cursor=${list.body.pagination.nextCursor}`, { headers: m.auth });
    assert.deepEqual(next.body.data.map((r: Body) => r.id), [rest.id]);
    assert.deepEqual(await ok(await call('GET', `/v1/orders/${order.id}/returns/${rest.id}`, { headers: m.auth })), done);
    const actions = (await k().selectFrom('audit_logs').select('action').where('store_id', '=', m.storeId).where('action', 'like', 'return.%').orderBy('id').execute()).map((a) => a.action);
    assert.deepEqual(actions, ['return.create', 'return.receive', 'return.refund', 'return.create', 'return.receive', 'return.refund']);

    const more = await create(m, order.id, { lines: [{ lineId: lines.Socks, quantity: 1 }], reason: 'other' });
    assert.equal(more.status, 409, more.raw);
    assert.equal(more.body.error.code, 'RETURN_EXCEEDS_RETURNABLE');
    assert.equal(more.body.error.details[0].path, 'lines[0].quantity');
    assert.match(more.body.message, /Socks \(SOCKS\) has 1 unit shipped, 1 already in other returns: at most 0 can come back; 1 asked/);
  });

  it('refunds the delivery fee with an early return when the merchant asks, and not again; return.received and order.refunded with its tax share', async () => {
    const { m, order, lines, locationId } = await shippedOrder();
    await insertEndpoint(t.container, m.storeId, { url: 'https://hooks.example.com/x' });
    const one = await ok(await create(m, order.id, { lines: [{ lineId: lines.Socks, quantity: 1 }], reason: 'damaged' }), 201);
    const r = await ok(await receive(m, order.id, one.id, { locationId, lines: [{ lineId: lines.Socks, restock: false }], refund: true, refundDelivery: true }));
    assert.deepEqual([r.refund, r.deliveryRefunded], [4.78 + 7.44, 7]);
    const events = (await k().selectFrom('webhook_events').select(['type', 'payload']).where('store_id', '=', m.storeId).orderBy('seq').execute()).map((e) => JSON.parse(e.payload));
    assert.deepEqual(events.map((e) => e.type), ['return.received', 'order.status_changed', 'order.refunded', 'refund.succeeded']);
    assert.deepEqual([events[0].data.id, events[0].data.status, events[0].data.lines[0].restock, events[0].change], [one.id, 'received', false, { orderId: order.id, orderNumber: order.number }]);
    // the order-level share of the tax (docs/taxes.md): 2.97 × 12.22 / 50.45 = 0.7194… → 0.72
    assert.deepEqual(events[2].change, { amount: 12.22, tax: 0.72, refunded: 12.22 });
    const two = await ok(await create(m, order.id, { lines: [{ lineId: lines.Shirt, quantity: 2 }], reason: 'damaged' }), 201);
    await ok(await receive(m, order.id, two.id, { locationId, lines: [{ lineId: lines.Shirt, restock: true }] }));
    const last = await ok(await refund(m, order.id, two.id, { refundDelivery: true }));
    assert.deepEqual([last.refund, last.deliveryRefunded], [38.23, 0], 'the shirts, without the delivery a second time');
    assert.equal((await orderOf(m, order.id)).refunded, 50.45);
  });

  it('never refunds more than is left after a refund by hand', async () => {
    const { m, order, lines, locationId } = await shippedOrder();
    await ok(await call('POST', `/v1/orders/${order.id}/transitions`, { headers: m.auth, body: { to: 'partially_refunded', amount: 45 } }));
    const all = await ok(await create(m, order.id, { lines: [{ lineId: lines.Shirt, quantity: 2 }, { lineId: lines.Socks, quantity: 1 }], reason: 'other' }), 201);
    const r = await ok(await receive(m, order.id, all.id, { locationId, lines: [{ lineId: lines.Shirt, restock: true }, { lineId: lines.Socks, restock: true }], refund: true }));
    assert.equal(r.refund, 5.45, 'what was left of the 50.45');
    const o = await orderOf(m, order.id);
    assert.deepEqual([o.status, o.refunded], ['refunded', 50.45]);
  });

  describe('refusals', () => {
    it('refuses a return of units not shipped yet, naming the line; nothing written', async () => {
      const { m, order, lines } = await shippedOrder({ ship: false });
      const res = await create(m, order.id, { lines: [{ lineId: lines.Shirt, quantity: 1 }], reason: 'other' });
      assert.equal(res.status, 409, res.raw);
      assert.equal(res.body.error.code, 'RETURN_EXCEEDS_RETURNABLE');
      assert.equal(res.body.error.details[0].path, 'lines[0].quantity');
      assert.match(res.body.message, /Shirt \(SHIRT\) has not been shipped yet/);
      assert.equal(await returnRows(m.storeId), 0);
    });

    it('counts what its shipments took when the order was not marked fulfilled', async () => {
      const { m, order, lines, locationId } = await shippedOrder({ ship: false });
      await ok(await call('POST', `/v1/orders/${order.id}/shipments`, { headers: m.auth, body: { locationId, lines: [{ lineId: lines.Shirt, quantity: 1 }], carrier: 'UPS' } }), 201);
      assert.equal((await orderOf(m, order.id)).fulfilmentStatus, 'partially_fulfilled');
      const two = await create(m, order.id, { lines: [{ lineId: lines.Shirt, quantity: 2 }], reason: 'other' });
      assert.equal(two.status, 409, two.raw);
      assert.match(two.body.message, /Shirt \(SHIRT\) has 1 unit shipped: at most 1 can come back; 2 asked/);
      const socks = await create(m, order.id, { lines: [{ lineId: lines.Socks, quantity: 1 }], reason: 'other' });
      assert.equal(socks.body.error.details[0].path, 'lines[0].quantity', 'socks were not shipped');
      const r = await ok(await create(m, order.id, { lines: [{ lineId: lines.Shirt, quantity: 1 }], reason: 'other' }), 201);
      await ok(await receive(m, order.id, r.id, { locationId, lines: [{ lineId: lines.Shirt, restock: true }] }));
      assert.equal((await orderOf(m, order.id)).fulfilmentStatus, 'partially_fulfilled', 'still partly to ship');
      // The rest still ships; then the order, shipped in full with a unit back, is partially returned.
      await ok(await call('POST', `/v1/orders/${order.id}/shipments`, { headers: m.auth, body: { locationId, lines: [{ lineId: lines.Shirt, quantity: 1 }, { lineId: lines.Socks, quantity: 1 }] } }), 201);
      const socks2 = await ok(await create(m, order.id, { lines: [{ lineId: lines.Socks, quantity: 1 }], reason: 'other' }), 201);
      await ok(await receive(m, order.id, socks2.id, { locationId, lines: [{ lineId: lines.Socks, restock: false }] }));
      assert.equal((await orderOf(m, order.id)).fulfilmentStatus, 'partially_returned');
    });

    const cases: Array<[string, (lines: Record<string, string>) => Body, string]> = [
      ['no lines', () => ({ lines: [], reason: 'other' }), 'lines'],
      ['a line of another order', () => ({ lines: [{ lineId: 'oln_01KJPYRNGN20GM0AX9PWE6VKDR', quantity: 1 }], reason: 'other' }), 'lines[0].lineId'],
      ['a repeated line', (l) => ({ lines: [{ lineId: l.Shirt, quantity: 1 }, { lineId: l.Shirt, quantity: 1 }], reason: 'other' }), 'lines[1].lineId'],
      ['a quantity of 0', (l) => ({ lines: [{ lineId: l.Shirt, quantity: 0 }], reason: 'other' }), 'lines[0].quantity'],
      ['a fractional quantity', (l) => ({ lines: [{ lineId: l.Shirt, quantity: 1.5 }], reason: 'other' }), 'lines[0].quantity'],
      ['an unknown reason', (l) => ({ lines: [{ lineId: l.Shirt, quantity: 1 }], reason: 'bored' }), 'reason'],
      ['a note of 501 characters', (l) => ({ lines: [{ lineId: l.Shirt, quantity: 1 }], reason: 'other', note: 'x'.repeat(501) }), 'note'],
    ];
    for (const [name, body, path] of cases) {
      it(`refuses a return with ${name} (422 naming ${path}), writing nothing`, async () => {
        const { m, order, lines } = await shippedOrder();
        const res = await create(m, order.id, body(lines));
        assert.equal(res.status, 422, res.raw);
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        assert.equal(await returnRows(m.storeId), 0);
      });
    }

    it('refuses a receipt naming the field: an unknown location, a line not in the return, a line left out', async () => {
      const { m, order, lines, locationId } = await shippedOrder();
      const r = await ok(await create(m, order.id, { lines: [{ lineId: lines.Shirt, quantity: 1 }], reason: 'other' }), 201);
      for (const [body, path] of [
        [{ locationId: 'loc_01KJPYSERQB1DM3K35PZWSE5CN', lines: [{ lineId: lines.Shirt, restock: true }] }, 'locationId'],
        [{ locationId, lines: [{ lineId: lines.Socks, restock: true }] }, 'lines[0].lineId'],
        [{ locationId, lines: [{ lineId: lines.Shirt }] }, 'lines[0].restock'],
      ] as const) {
        const res = await receive(m, order.id, r.id, body);
        assert.equal(res.status, 422, res.raw);
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
      }
      assert.equal((await ok(await call('GET', `/v1/orders/${order.id}/returns/${r.id}`, { headers: m.auth }))).status, 'requested');
      const early = await refund(m, order.id, r.id);
      assert.equal(early.status, 409);
      assert.equal(early.body.error.code, 'RETURN_NOT_REFUNDABLE');
    });

    it("answers 404 for another store's order or return, and 403 without orders:write", async () => {
      const { m, order, lines } = await shippedOrder();
      const r = await ok(await create(m, order.id, { lines: [{ lineId: lines.Shirt, quantity: 1 }], reason: 'other' }), 201);
      const other = await signup(t.app);
      for (const [method, url, body] of [
        ['GET', `/v1/orders/${order.id}/returns`, undefined],
        ['GET', `/v1/orders/${order.id}/returns/${r.id}`, undefined],
        ['POST', `/v1/orders/${order.id}/returns`, { lines: [{ lineId: lines.Shirt, quantity: 1 }], reason: 'other' }],
        ['POST', `/v1/orders/${order.id}/returns/${r.id}/receive`, { locationId: 'loc_x', lines: [{ lineId: lines.Shirt, restock: true }] }],
        ['POST', `/v1/orders/${order.id}/returns/${r.id}/refund`, {}],
        ['POST', `/v1/orders/${order.id}/returns/${r.id}/close`, {}],
      ] as const) {
        const res = await call(method, url, { headers: other.auth, body });
        assert.equal(res.status, 404, `${method} ${url}: ${res.raw}`);
        assert.equal(res.body.error.code, 'ORDER_NOT_FOUND');
      }
      const { order: second } = await shippedOrder();
      const wrong = await call('GET', `/v1/orders/${order.id}/returns/ret_01KJPYSERQB1DM3K35PZWSE5CN`, { headers: m.auth });
      assert.equal(wrong.body.error.code, 'RETURN_NOT_FOUND');
      assert.ok(second);
      const reader = await createApiKey(t.app, m, { permissions: ['orders:read'] });
      const denied = await create(m, order.id, { lines: [{ lineId: lines.Shirt, quantity: 1 }], reason: 'other' }, { 'x-merchantapikey': reader.key });
      assert.equal(denied.status, 403, denied.raw);
      assert.equal((await call('GET', `/v1/orders/${order.id}/returns`, { headers: { 'x-merchantapikey': reader.key } })).status, 200);
      assert.equal(await returnRows(m.storeId), 1);
    });

    it('closes a requested return without a refund: its units can be returned again; a closed return cannot be received', async () => {
      const { m, order, lines, locationId } = await shippedOrder();
      const r = await ok(await create(m, order.id, { lines: [{ lineId: lines.Socks, quantity: 1 }], reason: 'other' }), 201);
      const closed = await ok(await call('POST', `/v1/orders/${order.id}/returns/${r.id}/close`, { headers: m.auth, body: { note: 'customer kept it' } }));
      assert.deepEqual([closed.status, closed.refund], ['closed', null]);
      const late = await receive(m, order.id, r.id, { locationId, lines: [{ lineId: lines.Socks, restock: true }] });
      assert.equal(late.body.error.code, 'RETURN_NOT_RECEIVABLE');
      assert.equal((await call('POST', `/v1/orders/${order.id}/returns/${r.id}/close`, { headers: m.auth, body: {} })).body.error.code, 'RETURN_NOT_CLOSABLE');
      await ok(await create(m, order.id, { lines: [{ lineId: lines.Socks, quantity: 1 }], reason: 'other' }), 201);
    });
  });

  it('keeps what came back said when the order is then delivered, by the move or by its last shipment', async () => {
    for (const by of ['move', 'shipment'] as const) {
      const { m, order, lines, locationId } = await shippedOrder();
      const r = await ok(await create(m, order.id, { lines: [{ lineId: lines.Socks, quantity: 1 }], reason: 'damaged' }), 201);
      await ok(await receive(m, order.id, r.id, { locationId, lines: [{ lineId: lines.Socks, restock: false }] }));
      assert.equal((await orderOf(m, order.id)).fulfilmentStatus, 'partially_returned');
      if (by === 'move') await ok(await call('POST', `/v1/orders/${order.id}/transitions`, { headers: m.auth, body: { to: 'delivered' } }));
      else {
        const shipments = await ok(await call('GET', `/v1/orders/${order.id}/shipments`, { headers: m.auth }));
        for (const s of shipments) await ok(await call('POST', `/v1/orders/${order.id}/shipments/${s.id}/delivered`, { headers: m.auth, body: {} }));
      }
      const after = await orderOf(m, order.id);
      assert.deepEqual([after.status, after.fulfilmentStatus], ['delivered', 'partially_returned'], by);
    }
  });

  describe('concurrency', () => {
    it('two returns of the same last unit at once: exactly one is accepted', async () => {
      const { m, order, lines } = await shippedOrder();
      const results = await Promise.all([1, 2, 3, 4].map(() => create(m, order.id, { lines: [{ lineId: lines.Socks, quantity: 1 }], reason: 'other' })));
      assert.deepEqual(results.map((r) => r.status).sort(), [201, 409, 409, 409]);
      assert.equal(await returnRows(m.storeId), 1);
    });

    it('receiving twice at once restocks once; refunding twice at once refunds once', async () => {
      const { m, order, lines, skus, locationId } = await shippedOrder();
      const r = await ok(await create(m, order.id, { lines: [{ lineId: lines.Shirt, quantity: 2 }], reason: 'other' }), 201);
      const before = await onHand(m, skus.Shirt, locationId);
      const receipts = await Promise.all([1, 2, 3].map(() => receive(m, order.id, r.id, { locationId, lines: [{ lineId: lines.Shirt, restock: true }] })));
      assert.deepEqual(receipts.map((x) => x.status).sort(), [200, 409, 409]);
      assert.equal(await onHand(m, skus.Shirt, locationId), before + 2, 'stock once');
      const refunds = await Promise.all([1, 2, 3].map(() => refund(m, order.id, r.id)));
      assert.deepEqual(refunds.map((x) => x.status).sort(), [200, 409, 409]);
      assert.ok(refunds.filter((x) => x.status === 409).every((x) => x.body.error.code === 'RETURN_NOT_REFUNDABLE'));
      assert.deepEqual(await refundRecords(order.id), [3823], 'money once');
      assert.equal((await orderOf(m, order.id)).refunded, 38.23);
    });

    /** Shirts shipped, socks still allocated: the order's remaining units ship while its shipped ones come back. */
    async function halfShipped() {
      const o = await shippedOrder({ ship: false });
      const shirts = await ship(o.m, o.order.id, { lines: [{ lineId: o.lines.Shirt, quantity: 2 }], locationId: o.locationId });
      assert.equal(shirts.status, 201, shirts.raw);
      return o;
    }
    const ship = (m: Merchant, orderId: string, body: Body) => call('POST', `/v1/orders/${orderId}/shipments`, { headers: m.auth, body });
    const level = async (m: Merchant, skuId: string, locationId: string) => {
      const l = (await ok(await call('GET', `/v1/inventory/skus/${skuId}/levels`, { headers: m.auth }))).levels.find((x: { locationId: string }) => x.locationId === locationId);
      return [l.onHand, l.allocated];
    };
    const stockOf = async (skuId: string) => Number((await k().selectFrom('skus').select('quantity_in_stock').where('id', '=', skuId).executeTakeFirstOrThrow()).quantity_in_stock);
    const returnedAdjustments = async (m: Merchant, skuId: string) =>
      (await ok(await call('GET', `/v1/inventory/adjustments?skuId=${skuId}`, { headers: m.auth }))).filter((a: { reason: string }) => a.reason === 'returned').map((a: { delta: number }) => a.delta);

    it('ships the remaining units while the shipped ones are received back, at once: each counted once, stock and fulfilment status exact', async () => {
      for (let round = 0; round < 3; round++) {
        const { m, order, lines, skus, locationId } = await halfShipped();
        const r = await ok(await create(m, order.id, { lines: [{ lineId: lines.Shirt, quantity: 2 }], reason: 'other' }), 201);
        const [shipped, received] = await Promise.all([
          ship(m, order.id, { lines: [{ lineId: lines.Socks, quantity: 1 }], locationId }),
          receive(m, order.id, r.id, { locationId, lines: [{ lineId: lines.Shirt, restock: true }] }),
        ]);
        assert.equal(shipped.status, 201, shipped.raw);
        assert.equal(received.status, 200, received.raw);
        // shirts: 10 on hand, 2 shipped, 2 back; socks: 10 on hand, 1 allocated then shipped
        assert.deepEqual(await level(m, skus.Shirt, locationId), [10, 0]);
        assert.deepEqual(await level(m, skus.Socks, locationId), [9, 0]);
        assert.deepEqual([await stockOf(skus.Shirt), await stockOf(skus.Socks)], [10, 9]);
        assert.deepEqual(await returnedAdjustments(m, skus.Shirt), [2]);
        const o = await orderOf(m, order.id);
        assert.deepEqual([o.status, o.fulfilmentStatus], ['fulfilled', 'partially_returned']);
        assert.deepEqual(o.lines.map((l: { shippedQuantity: number }) => l.shippedQuantity), [2, 1]);
        const again = await ship(m, order.id, { lines: [{ lineId: lines.Socks, quantity: 1 }], locationId });
        assert.equal(again.status, 409, 'nothing left to ship');
      }
    });

    it('units back before the rest ships stay said when the rest ships by a shipment or by the move to fulfilled', async () => {
      for (const by of ['shipment', 'move'] as const) {
        const { m, order, lines, locationId } = await halfShipped();
        const r = await ok(await create(m, order.id, { lines: [{ lineId: lines.Shirt, quantity: 1 }], reason: 'other' }), 201);
        await ok(await receive(m, order.id, r.id, { locationId, lines: [{ lineId: lines.Shirt, restock: false }] }));
        assert.equal((await orderOf(m, order.id)).fulfilmentStatus, 'partially_fulfilled', 'the socks can still ship');
        if (by === 'shipment') assert.equal((await ship(m, order.id, { lines: [{ lineId: lines.Socks, quantity: 1 }], locationId })).status, 201);
        else await ok(await call('POST', `/v1/orders/${order.id}/transitions`, { headers: m.auth, body: { to: 'fulfilled' } }));
        const o = await orderOf(m, order.id);
        assert.deepEqual([o.status, o.fulfilmentStatus], ['fulfilled', 'partially_returned'], by);
      }
    });

    it('a return asked for at once with the shipment of the same units is accepted only once they have shipped', async () => {
      for (let round = 0; round < 3; round++) {
        const { m, order, lines, skus, locationId } = await halfShipped();
        const [shipped, returned, shirts] = await Promise.all([
          ship(m, order.id, { lines: [{ lineId: lines.Socks, quantity: 1 }], locationId }),
          create(m, order.id, { lines: [{ lineId: lines.Socks, quantity: 1 }], reason: 'other' }),
          create(m, order.id, { lines: [{ lineId: lines.Shirt, quantity: 2 }], reason: 'other' }),
        ]);
        assert.equal(shipped.status, 201, shipped.raw);
        assert.equal(shirts.status, 201, shirts.raw);
        if (returned.status !== 201) {
          assert.equal(returned.status, 409, returned.raw);
          assert.equal(returned.body.error.code, 'RETURN_EXCEEDS_RETURNABLE', 'refused only because the socks had not shipped yet');
        }
        const ids = [shirts.body.data.id, ...(returned.status === 201 ? [returned.body.data.id] : [])];
        for (const id of ids) await ok(await receive(m, order.id, id, { locationId, lines: [{ lineId: id === shirts.body.data.id ? lines.Shirt : lines.Socks, restock: true }] }));
        const allBack = returned.status === 201;
        assert.deepEqual(await level(m, skus.Shirt, locationId), [10, 0]);
        assert.deepEqual(await level(m, skus.Socks, locationId), [allBack ? 10 : 9, 0]);
        const o = await orderOf(m, order.id);
        assert.equal(o.fulfilmentStatus, allBack ? 'returned' : 'partially_returned');
        assert.equal(await returnRows(m.storeId), ids.length);
      }
    });
  });
});
