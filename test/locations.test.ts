import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { assertStockSums, insertCustomer, variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { insertEndpoint } from './helpers/webhook-receiver.ts';

type Body = Record<string, unknown>;

describeEachDatabase('stock locations and levels', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
  });
  after(() => t?.close());

  const k = () => t.container.db.kysely;
  const create = (who: Merchant, body: Body) => call('POST', '/v1/locations', { headers: who.auth, body });
  async function location(who: Merchant, body: Body): Promise<string> {
    const res = await create(who, body);
    assert.equal(res.status, 201, res.raw);
    return res.body.data.id;
  }
  const list = async (who: Merchant) => (await call('GET', '/v1/locations?limit=100', { headers: who.auth })).body.data as Array<Record<string, unknown> & { id: string }>;
  const defaultOf = async (who: Merchant) => (await list(who)).find((l) => l.isDefault)!.id;
  const stockOf = async (skuId: string) => Number((await k().selectFrom('skus').select('quantity_in_stock').where('id', '=', skuId).executeTakeFirstOrThrow()).quantity_in_stock);
  const levels = async (who: Merchant, skuId: string) => {
    const res = await call('GET', `/v1/inventory/skus/${skuId}/levels`, { headers: who.auth });
    assert.equal(res.status, 200, res.raw);
    // Units available at each location (on hand less allocated to orders): on hand wherever no order allocated.
    return Object.fromEntries(res.body.data.levels.map((l: { locationId: string; available: number }) => [l.locationId, l.available])) as Record<string, number>;
  };
  const adjustAt = (who: Merchant, locationId: string, body: Body) => call('POST', `/v1/locations/${locationId}/adjustments`, { headers: who.auth, body });
  const transfer = (who: Merchant, body: Body) => call('POST', '/v1/inventory/transfers', { headers: who.auth, body });
  const rows = async (table: 'stock_locations' | 'stock_levels' | 'inventory_adjustments' | 'audit_logs', storeId: string) =>
    Number((await (k() as any).selectFrom(table).select((eb: any) => eb.fn.countAll().as('n')).where('store_id', '=', storeId).executeTakeFirstOrThrow()).n);
  const assertSums = (storeId: string) => assertStockSums(t, storeId);

  describe('locations', () => {
    it('gives every store a default location holding its stock; creates, reads, lists in order of preference and changes locations, auditing each write', async () => {
      const m = await signup(t.app);
      const { skuIds } = await variableProduct(t.app, m, { skus: [{ price: 10, quantityInStock: 5 }] });
      const first = await list(m);
      assert.equal(first.length, 1);
      assert.deepEqual([first[0]!.name, first[0]!.active, first[0]!.isDefault, first[0]!.position, first[0]!.address], ['Default location', true, true, 0, null]);
      assert.deepEqual(await levels(m, skuIds[0]!), { [first[0]!.id]: 5 });
      const address = { line1: '1 Dock Rd', city: 'Leeds', postalCode: 'LS1 1AA', countryId: 'GB' };
      const res = await create(m, { name: 'Warehouse North', address });
      assert.equal(res.status, 201, res.raw);
      const north = res.body.data;
      assert.match(north.id, /^loc_/);
      assert.deepEqual([north.name, north.active, north.isDefault, north.position], ['Warehouse North', true, false, 1]);
      assert.deepEqual(north.address, { ...address, countryId: 'GB' });
      assert.deepEqual((await call('GET', `/v1/locations/${north.id}`, { headers: m.auth })).body.data, north);
      const shop = await location(m, { name: 'Shop', position: 2, active: false });
      const page = await call('GET', '/v1/locations?limit=2', { headers: m.auth });
      assert.deepEqual(page.body.data.map((l: { id: string }) => l.id).length, 2);
      const rest = await call('GET', `/v1/locations?limit=2&cursor=${page.body.pagination.nextCursor}`, { headers: m.auth });
      assert.deepEqual([...page.body.data, ...rest.body.data].map((l: { name: string }) => l.name), ['Default location', 'Warehouse North', 'Shop'], 'by position');
      const changed = await call('PATCH', `/v1/locations/${north.id}`, { headers: m.auth, body: { name: 'North', address: null, position: 5 } });
      assert.equal(changed.status, 200, changed.raw);
      assert.deepEqual([changed.body.data.name, changed.body.data.address, changed.body.data.position], ['North', null, 5]);
      assert.ok(shop);
      const actions = (await k().selectFrom('audit_logs').select('action').where('store_id', '=', m.storeId).where('action', 'like', 'location.%').orderBy('id').execute()).map((a) => a.action);
      assert.deepEqual(actions, ['location.create', 'location.create', 'location.update']);
    });

    const cases: Array<[string, Body, string]> = [
      ['no name', {}, 'name'],
      ['an empty name', { name: '  ' }, 'name'],
      ['a name of 201 characters', { name: 'x'.repeat(201) }, 'name'],
      ['an address without a city', { name: 'A', address: { line1: '1 Road', countryId: 'GB' } }, 'address.city'],
      ['a country id of three letters', { name: 'A', address: { line1: '1 Road', city: 'X', countryId: 'GBR' } }, 'address.countryId'],
      ['a negative position', { name: 'A', position: -1 }, 'position'],
      ['active that is not a boolean', { name: 'A', active: 'yes' }, 'active'],
      ['a field locations do not have', { name: 'A', capacity: 3 }, '(body)'],
    ];
    for (const [name, body, path] of cases) {
      it(`refuses a location with ${name} (422 naming ${path}), writing nothing`, async () => {
        const m = await signup(t.app);
        await list(m);
        const before = await rows('stock_locations', m.storeId);
        const res = await create(m, body);
        assert.equal(res.status, 422, res.raw);
        assert.equal(res.body.error.code, 'VALIDATION_FAILED');
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        assert.equal(await rows('stock_locations', m.storeId), before);
      });
    }

    it('refuses a patch naming the field (isDefault false, an unknown field), changing nothing', async () => {
      const m = await signup(t.app);
      const id = await location(m, { name: 'A' });
      for (const [body, path] of [[{ isDefault: false }, 'isDefault'], [{ name: '' }, 'name'], [{ position: 1.5 }, 'position']] as const) {
        const res = await call('PATCH', `/v1/locations/${id}`, { headers: m.auth, body });
        assert.equal(res.status, 422, res.raw);
        assert.equal(res.body.error.details[0].path, path);
      }
      assert.equal((await call('GET', `/v1/locations/${id}`, { headers: m.auth })).body.data.name, 'A');
    });

    it('honours If-Match on PATCH and DELETE: a stale ETag is 412 and changes nothing', async () => {
      const m = await signup(t.app);
      const id = await location(m, { name: 'A' });
      const read = await call('GET', `/v1/locations/${id}`, { headers: m.auth });
      const etag = String(read.headers.etag);
      assert.ok(etag);
      const stale = await call('PATCH', `/v1/locations/${id}`, { headers: { ...m.auth, 'if-match': '"stale"' }, body: { name: 'B' } });
      assert.equal(stale.status, 412);
      assert.equal((await call('DELETE', `/v1/locations/${id}`, { headers: { ...m.auth, 'if-match': '"stale"' } })).status, 412);
      const changed = await call('PATCH', `/v1/locations/${id}`, { headers: { ...m.auth, 'if-match': etag }, body: { name: 'B' } });
      assert.equal(changed.status, 200, changed.raw);
      assert.ok(changed.headers.etag && changed.headers.etag !== etag);
      assert.equal((await call('DELETE', `/v1/locations/${id}`, { headers: { ...m.auth, 'if-match': String(changed.headers.etag) } })).status, 200);
    });

    it("answers 404 for another store's location on every route, changing nothing", async () => {
      const a = await signup(t.app);
      const b = await signup(t.app);
      const { skuIds } = await variableProduct(t.app, b, { skus: [{ price: 5, quantityInStock: 3 }] });
      const id = await location(a, { name: 'Mine' });
      const bDefault = await defaultOf(b);
      for (const [method, url, body] of [
        ['GET', `/v1/locations/${id}`, undefined],
        ['PATCH', `/v1/locations/${id}`, { name: 'Theirs' }],
        ['DELETE', `/v1/locations/${id}`, undefined],
        ['GET', `/v1/locations/${id}/levels`, undefined],
        ['POST', `/v1/locations/${id}/adjustments`, { skuId: skuIds[0], delta: 1, reason: 'received' }],
      ] as const) {
        const res = await call(method, url, { headers: b.auth, ...(body ? { body } : {}) });
        assert.equal(res.status, 404, `${method} ${url}`);
        assert.equal(res.body.error.code, 'LOCATION_NOT_FOUND');
      }
      const res = await transfer(b, { skuId: skuIds[0], fromLocationId: bDefault, toLocationId: id, quantity: 1 });
      assert.equal(res.status, 404);
      assert.equal((await adjustAt(a, id, { skuId: skuIds[0], delta: 1, reason: 'received' })).body.error.code, 'SKU_NOT_FOUND', "and another store's SKU");
      assert.equal((await call('GET', `/v1/locations/${id}`, { headers: a.auth })).body.data.name, 'Mine');
      assert.equal(await stockOf(skuIds[0]!), 3);
      assert.deepEqual(await levels(b, skuIds[0]!), { [bDefault]: 3 });
    });

    it('needs inventory:read to read and inventory:write to write (403 naming it)', async () => {
      const m = await signup(t.app);
      const { skuIds } = await variableProduct(t.app, m, { skus: [{ price: 5, quantityInStock: 3 }] });
      const id = await location(m, { name: 'A' });
      const reader = await createApiKey(t.app, m, { permissions: ['inventory:read'] });
      const none = await createApiKey(t.app, m, { permissions: ['products:read'] });
      for (const [method, url, body] of [
        ['POST', '/v1/locations', { name: 'B' }],
        ['PATCH', `/v1/locations/${id}`, { name: 'B' }],
        ['DELETE', `/v1/locations/${id}`, undefined],
        ['POST', `/v1/locations/${id}/adjustments`, { skuId: skuIds[0], delta: 1, reason: 'received' }],
        ['POST', '/v1/inventory/transfers', { skuId: skuIds[0], fromLocationId: id, toLocationId: 'loc_x', quantity: 1 }],
      ] as const) {
        const res = await call(method, url, { headers: { 'x-merchantapikey': reader.key }, ...(body ? { body } : {}) });
        assert.equal(res.status, 403, `${method} ${url}`);
        assert.match(res.body.message, /inventory:write/);
      }
      for (const url of ['/v1/locations', `/v1/locations/${id}`, `/v1/locations/${id}/levels`, `/v1/inventory/skus/${skuIds[0]}/levels`]) {
        const res = await call('GET', url, { headers: { 'x-merchantapikey': none.key } });
        assert.equal(res.status, 403, url);
        assert.match(res.body.message, /inventory:read/);
      }
      assert.equal((await call('GET', `/v1/locations/${id}`, { headers: m.auth })).body.data.name, 'A');
    });

    it('deletes only an empty location that is not the default; deactivates the others, their stock off sale until active again', async () => {
      const m = await signup(t.app);
      const { skuIds } = await variableProduct(t.app, m, { skus: [{ price: 5, quantityInStock: 4 }] });
      const sku = skuIds[0]!;
      const home = await defaultOf(m);
      const north = await location(m, { name: 'North' });
      const empty = await location(m, { name: 'Empty' });
      assert.equal((await adjustAt(m, north, { skuId: sku, delta: 6, reason: 'received' })).status, 201);
      assert.equal(await stockOf(sku), 10);
      const del = await call('DELETE', `/v1/locations/${home}`, { headers: m.auth });
      assert.deepEqual([del.status, del.body.error.code], [409, 'LOCATION_IS_DEFAULT']);
      const holds = await call('DELETE', `/v1/locations/${north}`, { headers: m.auth });
      assert.deepEqual([holds.status, holds.body.error.code], [409, 'LOCATION_HOLDS_STOCK']);
      assert.equal((await call('DELETE', `/v1/locations/${empty}`, { headers: m.auth })).status, 200);
      assert.equal((await call('GET', `/v1/locations/${empty}`, { headers: m.auth })).status, 404);
      const off = await call('PATCH', `/v1/locations/${home}`, { headers: m.auth, body: { active: false } });
      assert.deepEqual([off.status, off.body.error.code, off.body.error.details[0].path], [409, 'LOCATION_IS_DEFAULT', 'active']);
      assert.equal((await call('PATCH', `/v1/locations/${north}`, { headers: m.auth, body: { active: false } })).body.data.active, false);
      assert.equal(await stockOf(sku), 4, "an inactive location's units are not for sale");
      assert.deepEqual(await levels(m, sku), { [home]: 4, [north]: 6 }, 'they are still there');
      const inactiveDefault = await call('PATCH', `/v1/locations/${north}`, { headers: m.auth, body: { isDefault: true } });
      assert.deepEqual([inactiveDefault.status, inactiveDefault.body.error.code], [409, 'LOCATION_INACTIVE']);
      assert.equal((await call('PATCH', `/v1/locations/${north}`, { headers: m.auth, body: { active: true, isDefault: true } })).body.data.isDefault, true);
      assert.equal(await stockOf(sku), 10);
      assert.equal((await call('GET', `/v1/locations/${home}`, { headers: m.auth })).body.data.isDefault, false, 'one default');
      assert.equal((await call('PATCH', `/v1/locations/${home}`, { headers: m.auth, body: { active: false } })).status, 200, 'the old default can be deactivated now');
      assert.equal(await stockOf(sku), 6);
      await assertSums(m.storeId);
    });
  });

  describe('levels, adjustments and transfers', () => {
    it('adjusts at a location with a reason and a note, in the history with who, why and where; a count sets on hand', async () => {
      const m = await signup(t.app);
      const { skuIds } = await variableProduct(t.app, m, { skus: [{ price: 5, quantityInStock: 2 }] });
      const sku = skuIds[0]!;
      const north = await location(m, { name: 'North' });
      const received = await adjustAt(m, north, { skuId: sku, delta: 10, reason: 'received', note: 'PO 17' });
      assert.equal(received.status, 201, received.raw);
      assert.deepEqual([received.body.data.level.onHand, received.body.data.level.available, received.body.data.quantityInStock], [10, 10, 12]);
      assert.equal((await adjustAt(m, north, { skuId: sku, delta: -3, reason: 'damaged' })).body.data.quantityInStock, 9);
      const counted = await adjustAt(m, north, { skuId: sku, onHand: 4, reason: 'count_correction' });
      assert.deepEqual([counted.body.data.level.onHand, counted.body.data.quantityInStock, counted.body.data.adjustment.delta], [4, 6, -3]);
      const history = await call('GET', `/v1/inventory/adjustments?skuId=${sku}`, { headers: m.auth });
      assert.deepEqual(
        history.body.data.slice(0, 3).map((a: Body) => [a.reason, a.delta, a.quantityAfter, a.locationId, a.note]),
        [['count_correction', -3, 6, north, null], ['damaged', -3, 9, north, null], ['received', 10, 12, north, 'PO 17']],
      );
      assert.equal(history.body.data[0].actor.label, m.email);
      const at = await call('GET', `/v1/locations/${north}/levels`, { headers: m.auth });
      assert.deepEqual(at.body.data.map((l: Body) => [l.skuId, l.onHand, l.allocated, l.available]), [[sku, 4, 0, 4]]);
      await assertSums(m.storeId);
    });

    it('refuses an adjustment below zero or a malformed one naming the field, writing nothing', async () => {
      const m = await signup(t.app);
      const { skuIds } = await variableProduct(t.app, m, { skus: [{ price: 5, quantityInStock: 2 }] });
      const sku = skuIds[0]!;
      const north = await location(m, { name: 'North' });
      const before = [await rows('inventory_adjustments', m.storeId), await rows('stock_levels', m.storeId)];
      const below = await adjustAt(m, north, { skuId: sku, delta: -1, reason: 'damaged' });
      assert.deepEqual([below.status, below.body.error.code, below.body.error.details[0].path], [409, 'INSUFFICIENT_STOCK', 'delta']);
      for (const [body, path] of [
        [{ skuId: sku, reason: 'received' }, 'delta'],
        [{ skuId: sku, delta: 1, onHand: 2, reason: 'received' }, 'delta'],
        [{ skuId: sku, delta: 0, reason: 'received' }, 'delta'],
        [{ skuId: sku, delta: 1.5, reason: 'received' }, 'delta'],
        [{ skuId: sku, onHand: -1, reason: 'count_correction' }, 'onHand'],
        [{ skuId: sku, delta: 1, reason: 'found it' }, 'reason'],
        [{ skuId: sku, delta: 1, reason: 'received', note: 'x'.repeat(501) }, 'note'],
      ] as const) {
        const res = await adjustAt(m, north, body);
        assert.equal(res.status, 422, JSON.stringify(body));
        assert.equal(res.body.error.details[0].path, path, JSON.stringify(body));
      }
      assert.deepEqual([await rows('inventory_adjustments', m.storeId), await rows('stock_levels', m.storeId)], before);
      assert.equal(await stockOf(sku), 2);
    });

    it('transfers units between locations atomically, never more than the source has available', async () => {
      const m = await signup(t.app);
      const { skuIds } = await variableProduct(t.app, m, { skus: [{ price: 5, quantityInStock: 5 }] });
      const sku = skuIds[0]!;
      const home = await defaultOf(m);
      const north = await location(m, { name: 'North' });
      const moved = await transfer(m, { skuId: sku, fromLocationId: home, toLocationId: north, quantity: 3, note: 'rebalance' });
      assert.equal(moved.status, 201, moved.raw);
      assert.deepEqual([moved.body.data.from.onHand, moved.body.data.to.onHand, moved.body.data.quantityInStock], [2, 3, 5]);
      const history = await call('GET', `/v1/inventory/adjustments?skuId=${sku}&limit=2`, { headers: m.auth });
      assert.deepEqual(history.body.data.map((a: Body) => [a.delta, a.locationId, a.note]), [[3, north, 'rebalance'], [-3, home, 'rebalance']]);
      const before = await rows('inventory_adjustments', m.storeId);
      const tooMany = await transfer(m, { skuId: sku, fromLocationId: home, toLocationId: north, quantity: 3 });
      assert.deepEqual([tooMany.status, tooMany.body.error.code, tooMany.body.error.details[0].path], [409, 'INSUFFICIENT_STOCK', 'quantity']);
      const same = await transfer(m, { skuId: sku, fromLocationId: home, toLocationId: home, quantity: 1 });
      assert.deepEqual([same.status, same.body.error.details[0].path], [422, 'toLocationId']);
      assert.equal((await transfer(m, { skuId: sku, fromLocationId: home, toLocationId: north, quantity: 0 })).body.error.details[0].path, 'quantity');
      assert.equal(await rows('inventory_adjustments', m.storeId), before);
      assert.deepEqual(await levels(m, sku), { [home]: 2, [north]: 3 });
      await call('PATCH', `/v1/locations/${north}`, { headers: m.auth, body: { active: false } });
      assert.equal((await transfer(m, { skuId: sku, fromLocationId: north, toLocationId: home, quantity: 1 })).body.data.quantityInStock, 3, 'from an inactive location: back on sale');
      await assertSums(m.storeId);
    });

    it("keeps quantityInStock's meaning: setting it lands at the default location, orders allocate in the order of preference, a cancelled order's units are released where they were", async () => {
      const m = await signup(t.app);
      const { productId, groupId, skuIds } = await variableProduct(t.app, m, { skus: [{ price: 10, quantityInStock: 5 }] });
      const sku = skuIds[0]!;
      const home = await defaultOf(m);
      const first = await location(m, { name: 'First', position: 0 });
      await call('PATCH', `/v1/locations/${home}`, { headers: m.auth, body: { position: 1 } });
      await adjustAt(m, first, { skuId: sku, delta: 2, reason: 'received' });
      const set = await call('PATCH', `/v2/products/${productId}/variant-groups/${groupId}/skus/${sku}`, { headers: m.auth, body: { quantityInStock: 9 } });
      assert.equal(set.status, 200, set.raw);
      assert.equal(set.body.data.quantityInStock, 9);
      assert.deepEqual(await levels(m, sku), { [first]: 2, [home]: 7 }, 'the change of +2 landed at the default location');
      await call('PATCH', `/v1/products/${productId}`, { headers: m.auth, body: { status: 'active' } });
      const customerId = await insertCustomer(t, m.storeId);
      const order = await call('POST', '/v1/orders', { headers: m.auth, body: { customerId, lines: [{ skuId: sku, quantity: 3 }] } });
      assert.equal(order.status, 201, order.raw);
      assert.deepEqual(await levels(m, sku), { [first]: 0, [home]: 6 }, 'first in the order of preference first');
      assert.equal(await stockOf(sku), 6);
      await call('POST', `/v1/orders/${order.body.data.id}/transitions`, { headers: m.auth, body: { to: 'cancelled' } });
      // Allocation (issue 36): a cancelled order's units are released where they were allocated, no longer at the default.
      assert.deepEqual(await levels(m, sku), { [first]: 2, [home]: 7 });
      const lowered = await call('POST', '/v1/inventory/adjustments', { headers: m.auth, body: { skuId: sku, set: 1, reason: 'stock count' } });
      assert.equal(lowered.body.data.quantityInStock, 1);
      assert.deepEqual(await levels(m, sku), { [first]: 0, [home]: 1 });
      await assertSums(m.storeId);
    });
  });

  describe('webhooks', () => {
    it('sends inventory_level.updated for an adjustment at a location and for each side of a transfer, with the level and what moved', async () => {
      const m = await signup(t.app);
      const { skuIds } = await variableProduct(t.app, m, { skus: [{ price: 5, quantityInStock: 4 }] });
      const sku = skuIds[0]!;
      await insertEndpoint(t.container, m.storeId, { eventTypes: ['inventory_level.updated'] });
      const home = await defaultOf(m);
      const north = await location(m, { name: 'North' });
      await adjustAt(m, north, { skuId: sku, delta: 5, reason: 'received' });
      await transfer(m, { skuId: sku, fromLocationId: north, toLocationId: home, quantity: 2 });
      assert.equal((await adjustAt(m, north, { skuId: sku, delta: -9, reason: 'damaged' })).status, 409, 'a refusal sends nothing');
      const events = await k().selectFrom('webhook_events').select(['type', 'payload']).where('store_id', '=', m.storeId).orderBy('seq').execute();
      const bodies = events.map((e) => JSON.parse(e.payload) as { type: string; data: Body; change: Body });
      assert.deepEqual(
        bodies.map((b) => [b.type, b.data.locationId, b.data.onHand, b.data.available, b.change.from, b.change.to, b.change.reason]),
        [
          ['inventory_level.updated', north, 5, 5, 0, 5, 'received'],
          ['inventory_level.updated', north, 3, 3, 5, 3, 'transfer from North to Default location'],
          ['inventory_level.updated', home, 6, 6, 4, 6, 'transfer from North to Default location'],
        ],
      );
    });

    it("sends inventory_level.updated for the levels a SKU's quantityInStock or an adjustment without a location moves", async () => {
      const m = await signup(t.app);
      const { productId, groupId, skuIds } = await variableProduct(t.app, m, { skus: [{ price: 5, quantityInStock: 4 }] });
      const sku = skuIds[0]!;
      const home = await defaultOf(m);
      const north = await location(m, { name: 'North' });
      await adjustAt(m, north, { skuId: sku, delta: 5, reason: 'received' });
      await insertEndpoint(t.container, m.storeId, { eventTypes: ['inventory_level.updated'] });
      const patched = await call('PATCH', `/v2/products/${productId}/variant-groups/${groupId}/skus/${sku}`, { headers: m.auth, body: { quantityInStock: 10 } });
      assert.equal(patched.status, 200, patched.raw);
      assert.equal(patched.body.data.levelChanges, undefined, 'the answer is the SKU as before');
      const adjusted = await call('POST', '/v1/inventory/adjustments', { headers: m.auth, body: { skuId: sku, delta: -7, reason: 'damaged' } });
      assert.equal(adjusted.status, 201, adjusted.raw);
      const events = await k().selectFrom('webhook_events').select(['type', 'payload']).where('store_id', '=', m.storeId).orderBy('seq').execute();
      const bodies = events.map((e) => JSON.parse(e.payload) as { type: string; data: Body; change: Body });
      assert.deepEqual(
        bodies.map((b) => [b.type, b.data.locationId, b.data.onHand, b.change.from, b.change.to, b.change.reason]),
        [
          ['inventory_level.updated', home, 5, 4, 5, 'SKU update'],
          ['inventory_level.updated', home, 0, 5, 0, 'damaged'],
          ['inventory_level.updated', north, 3, 5, 3, 'damaged'],
        ],
      );
    });
  });

  describe('the v1 SIMPLE product', () => {
    it("keeps its quantityInStock: created at the default location, a PATCH moves the default location's stock by the difference", async () => {
      const m = await signup(t.app);
      const created = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'SIMPLE', name: 'Mug', price: 12, quantityInStock: 4 } });
      assert.equal(created.status, 201, created.raw);
      const { id, skuId } = created.body.data;
      const home = await defaultOf(m);
      const north = await location(m, { name: 'North' });
      await adjustAt(m, north, { skuId, delta: 3, reason: 'received' });
      assert.equal((await call('GET', `/v1/products/${id}`, { headers: m.auth })).body.data.quantityInStock, 7);
      const lowered = await call('PATCH', `/v1/products/${id}`, { headers: m.auth, body: { quantityInStock: 5 } });
      assert.equal(lowered.status, 200, lowered.raw);
      assert.equal(lowered.body.data.quantityInStock, 5);
      assert.deepEqual(await levels(m, skuId), { [home]: 2, [north]: 3 });
      const zero = await call('PATCH', `/v1/products/${id}`, { headers: m.auth, body: { quantityInStock: 0 } });
      assert.equal(zero.body.data.quantityInStock, 0);
      assert.deepEqual(await levels(m, skuId), { [home]: 0, [north]: 0 }, 'more than the default location held: the rest off the next location in order');
      await assertSums(m.storeId);
    });
  });

  describe('concurrency', () => {
    it('parallel adjustments, transfers and orders over two locations neither lose nor create a unit', async () => {
      const m = await signup(t.app);
      const { productId, skuIds } = await variableProduct(t.app, m, { skus: [{ price: 5, quantityInStock: 20 }] });
      const sku = skuIds[0]!;
      await call('PATCH', `/v1/products/${productId}`, { headers: m.auth, body: { status: 'active' } });
      const customerId = await insertCustomer(t, m.storeId);
      const home = await defaultOf(m);
      const north = await location(m, { name: 'North' });
      await adjustAt(m, north, { skuId: sku, delta: 20, reason: 'received' });
      const work: Array<Promise<{ status: number }>> = [];
      for (let i = 0; i < 8; i++) {
        work.push(transfer(m, { skuId: sku, fromLocationId: home, toLocationId: north, quantity: 2 }));
        work.push(transfer(m, { skuId: sku, fromLocationId: north, toLocationId: home, quantity: 3 }));
        work.push(adjustAt(m, i % 2 ? home : north, { skuId: sku, delta: 1, reason: 'received' }));
        work.push(adjustAt(m, i % 2 ? north : home, { skuId: sku, delta: -2, reason: 'damaged' }));
        work.push(call('POST', '/v1/orders', { headers: m.auth, body: { customerId, lines: [{ skuId: sku, quantity: 1 }] } }));
      }
      const results = await Promise.all(work);
      for (const r of results) assert.ok([201, 409].includes(r.status), `status ${r.status}`);
      const done = (i: number) => results[i]!.status === 201;
      let expected = 40;
      for (let i = 0; i < 8; i++) {
        const base = i * 5;
        if (done(base + 2)) expected += 1;
        if (done(base + 3)) expected -= 2;
        if (done(base + 4)) expected -= 1;
      }
      const lv = await levels(m, sku);
      assert.equal(lv[home]! + lv[north]!, expected, 'every unit accounted for');
      assert.equal(await stockOf(sku), expected);
      await assertSums(m.storeId);
    });
  });
});
