import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { assertStockSums, insertCustomer, variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { insertEndpoint } from './helpers/webhook-receiver.ts';

type Body = Record<string, unknown>;
interface Level {
  locationId: string;
  onHand: number;
  allocated: number;
  available: number;
}

describeEachDatabase('fulfilment: allocation of orders over locations', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
  });
  after(() => t?.close());

  const k = () => t.container.db.kysely;
  async function location(who: Merchant, body: Body): Promise<string> {
    const res = await call('POST', '/v1/locations', { headers: who.auth, body });
    assert.equal(res.status, 201, res.raw);
    return res.body.data.id;
  }
  const defaultOf = async (who: Merchant) => ((await call('GET', '/v1/locations?limit=100', { headers: who.auth })).body.data as Array<{ id: string; isDefault: boolean }>).find((l) => l.isDefault)!.id;
  const stockOf = async (skuId: string) => Number((await k().selectFrom('skus').select('quantity_in_stock').where('id', '=', skuId).executeTakeFirstOrThrow()).quantity_in_stock);
  /** on hand / allocated at each location. */
  const levels = async (who: Merchant, skuId: string) => {
    const res = await call('GET', `/v1/inventory/skus/${skuId}/levels`, { headers: who.auth });
    assert.equal(res.status, 200, res.raw);
    return Object.fromEntries((res.body.data.levels as Level[]).map((l) => [l.locationId, [l.onHand, l.allocated]])) as Record<string, [number, number]>;
  };
  const adjustAt = (who: Merchant, locationId: string, body: Body) => call('POST', `/v1/locations/${locationId}/adjustments`, { headers: who.auth, body });
  const place = (who: Merchant, customerId: string, lines: Array<{ skuId: string; quantity: number }>) => call('POST', '/v1/orders', { headers: who.auth, body: { customerId, lines } });
  const assertSums = (storeId: string) => assertStockSums(t, storeId);
  /** A store with one active SKU: `home` (the default, first) holds `atHome`, `north` (second) holds `atNorth`. */
  async function twoLocations(atHome: number, atNorth: number) {
    const m = await signup(t.app);
    const { productId, skuIds } = await variableProduct(t.app, m, { skus: [{ price: 10, quantityInStock: atHome }] });
    await call('PATCH', `/v1/products/${productId}`, { headers: m.auth, body: { status: 'active' } });
    const sku = skuIds[0]!;
    const home = await defaultOf(m);
    const north = await location(m, { name: 'North' });
    if (atNorth > 0) assert.equal((await adjustAt(m, north, { skuId: sku, delta: atNorth, reason: 'received' })).status, 201);
    const customerId = await insertCustomer(t, m.storeId);
    return { m, sku, home, north, customerId };
  }

  it('allocates a line from the locations in order of preference, split over two when the first does not hold enough; on hand does not move', async () => {
    const { m, sku, home, north, customerId } = await twoLocations(2, 5);
    await insertEndpoint(t.container, m.storeId, { eventTypes: ['inventory_level.updated', 'sku.stock_changed'] });
    const order = await place(m, customerId, [{ skuId: sku, quantity: 4 }]);
    assert.equal(order.status, 201, order.raw);
    assert.deepEqual(await levels(m, sku), { [home]: [2, 2], [north]: [5, 2] });
    assert.equal(await stockOf(sku), 3, 'quantityInStock: on hand less allocated over active locations');
    assert.deepEqual(order.body.data.lines[0].allocations, [
      { locationId: home, locationName: 'Default location', quantity: 2 },
      { locationId: north, locationName: 'North', quantity: 2 },
    ]);
    const read = await call('GET', `/v1/orders/${order.body.data.id}`, { headers: m.auth });
    assert.deepEqual(read.body.data.lines[0].allocations, order.body.data.lines[0].allocations);
    const rows = await k().selectFrom('order_allocations').selectAll().where('order_id', '=', order.body.data.id).orderBy('location_id').execute();
    assert.deepEqual(
      rows.map((r) => [r.store_id, r.mode, r.order_line_id, r.sku_id, r.location_id, Number(r.quantity)]).sort(),
      [
        [m.storeId, 'live', order.body.data.lines[0].id, sku, home, 2],
        [m.storeId, 'live', order.body.data.lines[0].id, sku, north, 2],
      ].sort(),
    );
    const bodies = (await k().selectFrom('webhook_events').select('payload').where('store_id', '=', m.storeId).orderBy('seq').execute()).map((e) => JSON.parse(e.payload) as { type: string; data: Body; change: Body });
    const number = order.body.data.number;
    assert.deepEqual(
      bodies.filter((b) => b.type === 'inventory_level.updated' && String(b.change.reason).startsWith('order')).map((b) => [b.data.locationId, b.data.onHand, b.data.allocated, b.change]),
      [
        [home, 2, 2, { from: 2, to: 2, reason: `order ${number}`, allocatedFrom: 0, allocatedTo: 2 }],
        [north, 5, 2, { from: 5, to: 5, reason: `order ${number}`, allocatedFrom: 0, allocatedTo: 2 }],
      ],
    );
    assert.deepEqual(
      bodies.filter((b) => b.type === 'sku.stock_changed').map((b) => b.change),
      [{ from: 7, to: 3, reason: `order ${number}` }],
    );
    await assertSums(m.storeId);
  });

  it('skips an inactive location and refuses more than is available over the active ones (409 naming the line), allocating nothing', async () => {
    const { m, sku, home, north, customerId } = await twoLocations(3, 4);
    const far = await location(m, { name: 'Far' });
    await adjustAt(m, far, { skuId: sku, delta: 6, reason: 'received' });
    await call('PATCH', `/v1/locations/${far}`, { headers: m.auth, body: { active: false } });
    const refused = await place(m, customerId, [{ skuId: sku, quantity: 8 }]);
    assert.equal(refused.status, 409, refused.raw);
    assert.equal(refused.body.error.code, 'INSUFFICIENT_STOCK');
    assert.equal(refused.body.error.details[0].path, 'lines[0].quantity');
    assert.deepEqual(await levels(m, sku), { [home]: [3, 0], [north]: [4, 0], [far]: [6, 0] });
    assert.equal(Number((await k().selectFrom('order_allocations').select((eb) => eb.fn.countAll().as('n')).where('store_id', '=', m.storeId).executeTakeFirstOrThrow()).n), 0);
    const placed = await place(m, customerId, [{ skuId: sku, quantity: 7 }]);
    assert.equal(placed.status, 201, placed.raw);
    assert.deepEqual(await levels(m, sku), { [home]: [3, 3], [north]: [4, 4], [far]: [6, 0] });
    await assertSums(m.storeId);
  });

  it('cancelling releases exactly its allocations at their own locations (webhooks per level), even after the order of preference changed', async () => {
    const { m, sku, home, north, customerId } = await twoLocations(1, 5);
    const other = await variableProduct(t.app, m, { name: 'Cap', skus: [{ price: 4, quantityInStock: 2 }] });
    await call('PATCH', `/v1/products/${other.productId}`, { headers: m.auth, body: { status: 'active' } });
    const cap = other.skuIds[0]!;
    const order = await place(m, customerId, [
      { skuId: sku, quantity: 3 },
      { skuId: cap, quantity: 2 },
    ]);
    assert.equal(order.status, 201, order.raw);
    const second = await place(m, customerId, [{ skuId: sku, quantity: 1 }]);
    assert.deepEqual(await levels(m, sku), { [home]: [1, 1], [north]: [5, 3] });
    await call('PATCH', `/v1/locations/${north}`, { headers: m.auth, body: { position: 0 } });
    await call('PATCH', `/v1/locations/${home}`, { headers: m.auth, body: { position: 3 } });
    await insertEndpoint(t.container, m.storeId, { eventTypes: ['inventory_level.updated'] });
    const cancelled = await call('POST', `/v1/orders/${order.body.data.id}/transitions`, { headers: m.auth, body: { to: 'cancelled' } });
    assert.equal(cancelled.status, 200, cancelled.raw);
    assert.deepEqual(await levels(m, sku), { [north]: [5, 1], [home]: [1, 0] }, "the other order's allocation stays");
    assert.deepEqual(Object.values(await levels(m, cap)), [[2, 0]]);
    assert.equal(await stockOf(sku), 5);
    assert.equal(await stockOf(cap), 2);
    assert.deepEqual(cancelled.body.data.lines.map((l: { allocations: unknown[] }) => l.allocations), [[], []]);
    const events = (await k().selectFrom('webhook_events').select('payload').where('store_id', '=', m.storeId).orderBy('seq').execute()).map((e) => JSON.parse(e.payload));
    assert.deepEqual(
      events.map((e) => [e.data.skuId, e.data.locationId, e.change.allocatedFrom - e.change.allocatedTo, e.change.from, e.change.to, e.change.reason]).sort(),
      [
        [sku, home, 1, 1, 1, `order ${order.body.data.number} cancelled`],
        [sku, north, 2, 5, 5, `order ${order.body.data.number} cancelled`],
        [cap, home, 2, 2, 2, `order ${order.body.data.number} cancelled`],
      ].sort(),
      'one per level released',
    );
    assert.equal(second.status, 201);
    await assertSums(m.storeId);
  });

  it('a cancelled order allocated at a location deactivated since: the units stay off sale there', async () => {
    const { m, sku, home, north, customerId } = await twoLocations(0, 4);
    const order = await place(m, customerId, [{ skuId: sku, quantity: 3 }]);
    assert.equal(order.status, 201, order.raw);
    await call('PATCH', `/v1/locations/${north}`, { headers: m.auth, body: { active: false } });
    assert.equal(await stockOf(sku), 0);
    await call('POST', `/v1/orders/${order.body.data.id}/transitions`, { headers: m.auth, body: { to: 'cancelled' } });
    assert.deepEqual(await levels(m, sku), { [home]: [0, 0], [north]: [4, 0] });
    assert.equal(await stockOf(sku), 0);
    await call('PATCH', `/v1/locations/${north}`, { headers: m.auth, body: { active: true } });
    assert.equal(await stockOf(sku), 4);
    await assertSums(m.storeId);
  });

  it('an order placed before allocation (no allocation rows) returns its units to the default location when cancelled', async () => {
    const { m, sku, home, north, customerId } = await twoLocations(5, 0);
    const order = await place(m, customerId, [{ skuId: sku, quantity: 2 }]);
    // As migration 0030 leaves an older order: its units were taken off on hand, no allocation rows.
    await k().deleteFrom('order_allocations').where('order_id', '=', order.body.data.id).execute();
    await k().updateTable('stock_levels').set({ on_hand: 3, allocated: 0 }).where('sku_id', '=', sku).where('location_id', '=', home).execute();
    await call('POST', `/v1/orders/${order.body.data.id}/transitions`, { headers: m.auth, body: { to: 'cancelled' } });
    assert.deepEqual(await levels(m, sku), { [home]: [5, 0] });
    assert.equal(await stockOf(sku), 5);
    assert.ok(north);
    await assertSums(m.storeId);
  });

  it('parallel orders spread over two locations never oversell: exactly the available units sold, no level below zero, the sum holds', async () => {
    const { m, sku, home, north, customerId } = await twoLocations(3, 4);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => place(m, customerId, [{ skuId: sku, quantity: 1 + (i % 2) }])));
    for (const r of results) assert.ok([201, 409].includes(r.status), `status ${r.status} ${r.raw}`);
    const sold = results.filter((r) => r.status === 201).reduce((n, r) => n + Number(r.body.data.lines[0].quantity), 0);
    const lv = await levels(m, sku);
    assert.equal(lv[home]![1] + lv[north]![1], sold, 'allocated is what was sold');
    assert.ok(sold <= 7 && sold >= 6, `sold ${sold}: no order of 1 or 2 fitting was refused while units were left`);
    assert.equal(await stockOf(sku), 7 - sold);
    const allocated = await k().selectFrom('order_allocations').select(['location_id', 'quantity']).where('store_id', '=', m.storeId).execute();
    assert.equal(
      allocated.reduce((n, a) => n + Number(a.quantity), 0),
      sold,
    );
    assert.deepEqual([lv[home]![0], lv[north]![0]], [3, 4], 'on hand untouched');
    await assertSums(m.storeId);
  });

  it('every order carries its fulfilment status beside its payment status; the list filters on it (422 naming an unknown one)', async () => {
    const { m, sku, customerId } = await twoLocations(9, 0);
    const first = await place(m, customerId, [{ skuId: sku, quantity: 1 }]);
    assert.deepEqual([first.body.data.status, first.body.data.paymentStatus, first.body.data.fulfilmentStatus], ['pending', 'unpaid', 'unfulfilled']);
    const second = (await place(m, customerId, [{ skuId: sku, quantity: 1 }])).body.data;
    await call('POST', `/v1/orders/${second.id}/transitions`, { headers: m.auth, body: { to: 'paid' } });
    const shipped = await call('POST', `/v1/orders/${second.id}/transitions`, { headers: m.auth, body: { to: 'fulfilled' } });
    assert.equal(shipped.status, 200, shipped.raw);
    assert.deepEqual([shipped.body.data.status, shipped.body.data.paymentStatus, shipped.body.data.fulfilmentStatus], ['fulfilled', 'paid', 'fulfilled']);
    const list = async (q: string) => (await call('GET', `/v1/orders?${q}`, { headers: m.auth })).body.data.map((o: { id: string }) => o.id);
    assert.deepEqual(await list('fulfilmentStatus=fulfilled'), [second.id]);
    assert.deepEqual(await list('fulfilmentStatus=unfulfilled'), [first.body.data.id]);
    assert.deepEqual(await list('fulfilmentStatus=unfulfilled&paymentStatus=paid'), []);
    const refused = await call('GET', '/v1/orders?fulfilmentStatus=shipped', { headers: m.auth });
    assert.equal(refused.status, 422, refused.raw);
    assert.equal(refused.body.error.details[0].path, 'fulfilmentStatus');
  });

  // ---- shipments -------------------------------------------------------------------------------------------------

  const ship = (who: Merchant, orderId: string, body: Body, headers: Record<string, string> = who.auth) => call('POST', `/v1/orders/${orderId}/shipments`, { headers, body });
  const orderOf = async (who: Merchant, id: string) => (await call('GET', `/v1/orders/${id}`, { headers: who.auth })).body.data;
  /** A paid order of `quantity` units of the store's SKU: `home` holds 2, `north` holds 5 (so 4 units split 2 + 2). */
  async function paidOrder(quantity = 4) {
    const s = await twoLocations(2, 5);
    const placed = await place(s.m, s.customerId, [{ skuId: s.sku, quantity }]);
    assert.equal(placed.status, 201, placed.raw);
    const paid = await call('POST', `/v1/orders/${placed.body.data.id}/transitions`, { headers: s.m.auth, body: { to: 'paid' } });
    assert.equal(paid.status, 200, paid.raw);
    return { ...s, order: paid.body.data as { id: string; number: string; lines: Array<{ id: string }> } };
  }

  it('ships part of an order from where it is allocated, then the rest: on hand and allocated go down there, the fulfilment status follows, the last shipment fulfils the paid order', async () => {
    const { m, sku, home, north, order } = await paidOrder(4);
    await insertEndpoint(t.container, m.storeId, { eventTypes: ['shipment.created', 'shipment.delivered', 'order.status_changed', 'inventory_level.updated'] });
    const first = await ship(m, order.id, { lines: [{ lineId: order.lines[0]!.id, quantity: 2 }], locationId: north, carrier: 'DHL', trackingNumber: 'JD0001', trackingUrl: 'https://track.example/JD0001' });
    assert.equal(first.status, 201, first.raw);
    assert.match(first.body.data.id, /^shp_/);
    assert.deepEqual(
      [first.body.data.status, first.body.data.locationId, first.body.data.carrier, first.body.data.trackingNumber, first.body.data.trackingUrl, first.body.data.lines],
      ['shipped', north, 'DHL', 'JD0001', 'https://track.example/JD0001', [{ lineId: order.lines[0]!.id, skuId: sku, quantity: 2 }]],
    );
    assert.deepEqual(await levels(m, sku), { [home]: [2, 2], [north]: [3, 0] });
    assert.equal(await stockOf(sku), 3, 'shipping what was allocated leaves quantityInStock as it was');
    let now = await orderOf(m, order.id);
    assert.deepEqual([now.status, now.fulfilmentStatus, now.lines[0].shippedQuantity, now.lines[0].allocations.map((a: { quantity: number }) => a.quantity)], ['paid', 'partially_fulfilled', 2, [2]]);
    const second = await ship(m, order.id, { lines: [{ skuId: sku, quantity: 2 }], locationId: home });
    assert.equal(second.status, 201, second.raw);
    now = await orderOf(m, order.id);
    assert.deepEqual([now.status, now.paymentStatus, now.fulfilmentStatus, now.lines[0].shippedQuantity, now.lines[0].allocations], ['fulfilled', 'paid', 'fulfilled', 4, []]);
    assert.deepEqual(
      now.history.map((h: { from: string; to: string; note: string }) => [h.from, h.to, h.note]),
      [
        [null, 'pending', null],
        ['pending', 'paid', null],
        ['paid', 'fulfilled', `shipment ${second.body.data.id}`],
      ],
    );
    assert.deepEqual(await levels(m, sku), { [home]: [0, 0], [north]: [3, 0] });
    const listed = await call('GET', `/v1/orders/${order.id}/shipments`, { headers: m.auth });
    assert.deepEqual(
      listed.body.data.map((x: { id: string }) => x.id),
      [first.body.data.id, second.body.data.id],
    );
    const delivered = await call('POST', `/v1/orders/${order.id}/shipments/${first.body.data.id}/delivered`, { headers: m.auth });
    assert.equal(delivered.status, 200, delivered.raw);
    assert.equal(delivered.body.data.status, 'delivered');
    assert.equal((await orderOf(m, order.id)).status, 'fulfilled', 'one shipment still on its way');
    const again = await call('POST', `/v1/orders/${order.id}/shipments/${first.body.data.id}/delivered`, { headers: m.auth });
    assert.equal(again.status, 409);
    assert.equal(again.body.error.code, 'SHIPMENT_ALREADY_DELIVERED');
    await call('POST', `/v1/orders/${order.id}/shipments/${second.body.data.id}/delivered`, { headers: m.auth });
    assert.deepEqual([(await orderOf(m, order.id)).status, (await orderOf(m, order.id)).fulfilmentStatus], ['delivered', 'fulfilled']);
    const bodies = (await k().selectFrom('webhook_events').select('payload').where('store_id', '=', m.storeId).orderBy('seq').execute()).map((e) => JSON.parse(e.payload));
    assert.deepEqual(
      bodies.map((b) => [b.type, b.type.startsWith('shipment') ? b.change.fulfilmentStatus : b.type === 'order.status_changed' ? b.change.to : b.data.locationId]),
      [
        ['shipment.created', 'partially_fulfilled'],
        ['inventory_level.updated', north],
        ['shipment.created', 'fulfilled'],
        ['inventory_level.updated', home],
        ['order.status_changed', 'fulfilled'],
        ['shipment.delivered', 'fulfilled'],
        ['shipment.delivered', 'fulfilled'],
        ['order.status_changed', 'delivered'],
      ],
    );
    assert.deepEqual(bodies[0].data, first.body.data);
    // The customer's shipping mail, through the outbox: one per shipment, with carrier, tracking number and link.
    const mails = await k().selectFrom('email_messages').select(['kind', 'to_address', 'subject', 'params', 'cause']).where('store_id', '=', m.storeId).orderBy('created_at').execute();
    assert.deepEqual(
      mails.map((x) => [x.kind, x.cause]),
      [
        ['order_shipped', `order_shipped:${first.body.data.id}`],
        ['order_shipped', `order_shipped:${second.body.data.id}`],
      ],
    );
    const customer = await k().selectFrom('customers').select('email').where('store_id', '=', m.storeId).executeTakeFirstOrThrow();
    assert.equal(mails[0]!.to_address, customer.email);
    assert.match(mails[0]!.subject, new RegExp(`Your order ${order.number} from .* is on its way`));
    const params = JSON.parse(mails[0]!.params);
    assert.deepEqual([params.carrier, params.trackingNumber, params.trackingUrl, params.items], ['DHL', 'JD0001', 'https://track.example/JD0001', '2 × Tee · Red']);
    const { renderEmail } = await import('../src/mail/templates.ts');
    const rendered = renderEmail('order_shipped', params);
    assert.match(rendered.text, /Track your parcel: https:\/\/track\.example\/JD0001/);
    assert.match(rendered.text, /Carrier: DHL\. Tracking number: JD0001\./);
    assert.deepEqual(bodies[1].change, { from: 5, to: 3, reason: `order ${order.number} shipped`, allocatedFrom: 2, allocatedTo: 0 });
    await assertSums(m.storeId);
  });

  it('ships from a location other than where the units are allocated: the allocation moves, never overselling; a location without the units is refused', async () => {
    const { m, sku, home, north, order } = await paidOrder(2);
    assert.deepEqual(await levels(m, sku), { [home]: [2, 2], [north]: [5, 0] });
    const moved = await ship(m, order.id, { lines: [{ skuId: sku, quantity: 2 }], locationId: north });
    assert.equal(moved.status, 201, moved.raw);
    assert.deepEqual(await levels(m, sku), { [home]: [2, 0], [north]: [3, 0] });
    assert.equal(await stockOf(sku), 5);
    await assertSums(m.storeId);

    const other = await paidOrder(3);
    const empty = await location(other.m, { name: 'Empty' });
    const before = await levels(other.m, other.sku);
    const refused = await ship(other.m, other.order.id, { lines: [{ skuId: other.sku, quantity: 1 }], locationId: empty });
    assert.equal(refused.status, 409, refused.raw);
    assert.equal(refused.body.error.code, 'INSUFFICIENT_STOCK');
    assert.equal(refused.body.error.details[0].path, 'lines[0].quantity');
    const sold = await ship(other.m, other.order.id, { lines: [{ skuId: other.sku, quantity: 3 }], locationId: other.north });
    assert.equal(sold.status, 201, sold.raw);
    assert.deepEqual(await levels(other.m, other.sku), { [other.home]: [2, 0], [other.north]: [2, 0] });
    assert.deepEqual(Object.keys(before).length, 2);
    await assertSums(other.m.storeId);
  });

  it('refuses a shipment naming the field (more than is left, an unknown line, a line named twice, another store\'s location, an unpaid order), writing nothing; 404 and 403 as every order route', async () => {
    const { m, sku, home, order, customerId } = await paidOrder(2);
    const other = await signup(t.app);
    const foreign = await location(other, { name: 'Theirs' });
    const line = order.lines[0]!.id;
    const cases: Array<[Body, number, string, string]> = [
      [{ lines: [{ lineId: line, quantity: 3 }], locationId: home }, 409, 'SHIPMENT_EXCEEDS_UNSHIPPED', 'lines[0].quantity'],
      [{ lines: [{ lineId: 'oln_nope', quantity: 1 }], locationId: home }, 422, 'VALIDATION_FAILED', 'lines[0].lineId'],
      [{ lines: [{ lineId: line, quantity: 1 }, { skuId: sku, quantity: 1 }], locationId: home }, 422, 'VALIDATION_FAILED', 'lines[1].skuId'],
      [{ lines: [{ lineId: line, skuId: sku, quantity: 1 }], locationId: home }, 422, 'VALIDATION_FAILED', 'lines[0].lineId'],
      [{ lines: [{ lineId: line, quantity: 1 }], locationId: foreign }, 422, 'VALIDATION_FAILED', 'locationId'],
      [{ lines: [{ lineId: line, quantity: 0 }], locationId: home }, 422, 'VALIDATION_FAILED', 'lines[0].quantity'],
      [{ lines: [{ lineId: line, quantity: 1 }], locationId: home, trackingUrl: 'javascript:alert(1)' }, 422, 'VALIDATION_FAILED', 'trackingUrl'],
      [{ lines: [], locationId: home }, 422, 'VALIDATION_FAILED', 'lines'],
    ];
    for (const [body, status, code, path] of cases) {
      const res = await ship(m, order.id, body);
      assert.equal(res.status, status, `${JSON.stringify(body)}: ${res.raw}`);
      assert.equal(res.body.error.code, code);
      assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), `${path} in ${JSON.stringify(res.body.error.details)}`);
    }
    const unpaid = (await place(m, customerId, [{ skuId: sku, quantity: 1 }])).body.data;
    const notYet = await ship(m, unpaid.id, { lines: [{ skuId: sku, quantity: 1 }], locationId: home });
    assert.equal(notYet.status, 409, notYet.raw);
    assert.equal(notYet.body.error.code, 'ORDER_NOT_SHIPPABLE');
    assert.equal((await ship(other, order.id, { lines: [{ lineId: line, quantity: 1 }], locationId: foreign })).status, 404, "another store's order");
    assert.equal((await call('GET', `/v1/orders/${order.id}/shipments`, { headers: other.auth })).status, 404);
    const readOnly = await createApiKey(t.app, m, { permissions: ['orders:read'] });
    const denied = await ship(m, order.id, { lines: [{ lineId: line, quantity: 1 }], locationId: home }, { 'x-merchantapikey': readOnly.key });
    assert.equal(denied.status, 403, denied.raw);
    assert.equal((await call('GET', `/v1/orders/${order.id}/shipments`, { headers: { 'x-merchantapikey': readOnly.key } })).status, 200);
    const noRead = await createApiKey(t.app, m, { permissions: ['products:read'] });
    assert.equal((await call('GET', `/v1/orders/${order.id}/shipments`, { headers: { 'x-merchantapikey': noRead.key } })).status, 403);
    assert.equal(Number((await k().selectFrom('shipments').select((eb) => eb.fn.countAll().as('n')).where('store_id', '=', m.storeId).executeTakeFirstOrThrow()).n), 0);
    assert.equal((await orderOf(m, order.id)).fulfilmentStatus, 'unfulfilled');
    await assertSums(m.storeId);
  });

  it('two shipments of the same units at once: exactly one succeeds for the last units', async () => {
    const { m, sku, home, north, order } = await paidOrder(4);
    const results = await Promise.all([
      ship(m, order.id, { lines: [{ skuId: sku, quantity: 3 }], locationId: north }),
      ship(m, order.id, { lines: [{ skuId: sku, quantity: 3 }], locationId: home }),
      ship(m, order.id, { lines: [{ skuId: sku, quantity: 3 }], locationId: north }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    assert.equal(statuses.filter((st) => st === 201).length, 1, JSON.stringify(results.map((r) => r.raw)));
    assert.ok(statuses.every((st) => st === 201 || st === 409), JSON.stringify(statuses));
    const now = await orderOf(m, order.id);
    assert.deepEqual([now.lines[0].shippedQuantity, now.fulfilmentStatus], [3, 'partially_fulfilled']);
    const lv = await levels(m, sku);
    assert.equal(lv[home]![0] + lv[north]![0], 7 - 3, 'three units left');
    assert.equal(lv[home]![1] + lv[north]![1], 1, 'one unit still allocated');
    await assertSums(m.storeId);
  });

  it('the move to fulfilled ships what is not shipped yet from where it is allocated (one shipment per location); delivered delivers them; shipped orders are not cancelled', async () => {
    const { m, sku, home, north, order } = await paidOrder(4);
    await ship(m, order.id, { lines: [{ skuId: sku, quantity: 1 }], locationId: home, carrier: 'UPS' });
    const moved = await call('POST', `/v1/orders/${order.id}/transitions`, { headers: m.auth, body: { to: 'fulfilled' } });
    assert.equal(moved.status, 200, moved.raw);
    assert.deepEqual([moved.body.data.status, moved.body.data.fulfilmentStatus, moved.body.data.lines[0].shippedQuantity], ['fulfilled', 'fulfilled', 4]);
    const shipments = (await call('GET', `/v1/orders/${order.id}/shipments`, { headers: m.auth })).body.data;
    assert.deepEqual(
      shipments.map((x: { locationId: string; carrier: string | null; lines: Array<{ quantity: number }> }) => [x.locationId, x.carrier, x.lines[0]!.quantity]).sort(),
      [
        [home, 'UPS', 1],
        [home, null, 1],
        [north, null, 2],
      ].sort(),
    );
    assert.deepEqual(await levels(m, sku), { [home]: [0, 0], [north]: [3, 0] });
    const cancel = await call('POST', `/v1/orders/${order.id}/transitions`, { headers: m.auth, body: { to: 'cancelled' } });
    assert.equal(cancel.status, 409);
    const delivered = await call('POST', `/v1/orders/${order.id}/transitions`, { headers: m.auth, body: { to: 'delivered' } });
    assert.equal(delivered.status, 200, delivered.raw);
    const after = (await call('GET', `/v1/orders/${order.id}/shipments`, { headers: m.auth })).body.data;
    assert.ok(after.every((x: { status: string; deliveredAt: string | null }) => x.status === 'delivered' && x.deliveredAt !== null));
    await assertSums(m.storeId);

    const partly = await paidOrder(4);
    await ship(partly.m, partly.order.id, { lines: [{ skuId: partly.sku, quantity: 1 }], locationId: partly.home });
    const refused = await call('POST', `/v1/orders/${partly.order.id}/transitions`, { headers: partly.m.auth, body: { to: 'cancelled' } });
    assert.equal(refused.status, 409, refused.raw);
    assert.equal(refused.body.error.code, 'ORDER_TRANSITION_NOT_ALLOWED');
    assert.equal((await orderOf(partly.m, partly.order.id)).status, 'paid');
  });

  it('a location with shipments not yet delivered cannot be deleted', async () => {
    const { m, sku, order } = await paidOrder(1);
    const spare = await location(m, { name: 'Spare' });
    await adjustAt(m, spare, { skuId: sku, delta: 1, reason: 'received' });
    const shipped = await ship(m, order.id, { lines: [{ skuId: sku, quantity: 1 }], locationId: spare });
    assert.equal(shipped.status, 201, shipped.raw);
    const refused = await call('DELETE', `/v1/locations/${spare}`, { headers: m.auth });
    assert.equal(refused.status, 409, refused.raw);
    assert.equal(refused.body.error.code, 'LOCATION_HOLDS_STOCK');
    assert.match(refused.body.message, /not delivered/);
    await call('POST', `/v1/orders/${order.id}/shipments/${shipped.body.data.id}/delivered`, { headers: m.auth });
    assert.equal((await call('DELETE', `/v1/locations/${spare}`, { headers: m.auth })).status, 200);
  });
});
