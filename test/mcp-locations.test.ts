import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeEachDatabase } from './helpers/databases.ts';
import { connectV1, mcpStoreSuite, ok, refused } from './helpers/mcp.ts';
import { createApiKey, signup } from './helpers/merchants.ts';

/** The location write tools (issue 36): create_location, update_location, adjust_stock_at_location, transfer_stock. */
describeEachDatabase('MCP tools for stock locations and the stock at them', (kind) => {
  const s = mcpStoreSuite(kind);

  const restLocations = async () => (await s.call('GET', '/v1/locations?limit=100', { headers: s.merchant.auth })).body.data as Array<{ id: string; name: string; active: boolean; isDefault: boolean; position: number }>;
  const levels = async (skuId: string) => (await ok(s.mcp, 'get_sku_levels', { skuId })) as { quantityInStock: number; levels: Array<{ locationId: string; onHand: number; available: number }> };
  const product = async () => (await ok(s.mcp, 'create_product', { type: 'SIMPLE', name: 'Lamp', price: 30, quantityInStock: 10, status: 'active' })).product as { skuId: string };
  const defaultId = async () => (await restLocations()).find((l) => l.isDefault)!.id;

  it('creates and changes a location (visible on REST), deactivating retires it and moving the default moves it', async () => {
    const { location } = await ok(s.mcp, 'create_location', { name: 'Warehouse B', address: { line1: '1 Dock Rd', city: 'Leeds', countryId: 'GB' }, position: 3 });
    assert.deepEqual({ name: location.name, active: location.active, isDefault: location.isDefault }, { name: 'Warehouse B', active: true, isDefault: false });
    const rest = (await restLocations()).find((l) => l.id === location.id);
    assert.equal(rest?.position, 3);
    const renamed = await ok(s.mcp, 'update_location', { locationId: location.id, name: 'Warehouse North', active: false });
    assert.deepEqual({ name: renamed.location.name, active: renamed.location.active }, { name: 'Warehouse North', active: false });
    const moved = await ok(s.mcp, 'update_location', { locationId: location.id, active: true, isDefault: true });
    assert.equal(moved.location.isDefault, true);
    assert.deepEqual((await restLocations()).filter((l) => l.isDefault).map((l) => l.id), [location.id], 'one default');
  });

  it('adjusts stock at a location (delta and a count) and transfers between locations, quantityInStock following', async () => {
    const { skuId } = await product();
    const home = await defaultId();
    const { location: shop } = await ok(s.mcp, 'create_location', { name: 'Shop' });
    const added = await ok(s.mcp, 'adjust_stock_at_location', { locationId: shop.id, skuId, delta: 5, reason: 'received', note: 'delivery 12' });
    assert.deepEqual([added.level.onHand, added.quantityInStock], [5, 15]);
    const history = (await ok(s.mcp, 'list_stock_adjustments', { skuId, limit: 1 })).items[0];
    assert.deepEqual([history.delta, history.reason], [5, 'received'], 'in the stock history');
    const counted = await ok(s.mcp, 'adjust_stock_at_location', { locationId: shop.id, skuId, onHand: 3, reason: 'count_correction' });
    assert.deepEqual([counted.level.onHand, counted.quantityInStock], [3, 13]);
    const moved = await ok(s.mcp, 'transfer_stock', { skuId, fromLocationId: home, toLocationId: shop.id, quantity: 4, note: 'restock the shop' });
    assert.deepEqual([moved.from.onHand, moved.to.onHand, moved.quantityInStock], [6, 7, 13]);
    const after = await levels(skuId);
    assert.equal(after.quantityInStock, 13);
    assert.equal(after.levels.find((l) => l.locationId === shop.id)?.onHand, 7);
  });

  it('refuses bad input naming the field, with nothing written', async () => {
    const { skuId } = await product();
    const home = await defaultId();
    const before = { locations: await restLocations(), levels: await levels(skuId) };
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['create_location', { name: '  ' }, 'name'],
      ['create_location', { name: 'X', position: -1 }, 'position'],
      ['update_location', { locationId: home, active: 'no' }, 'active'],
      ['update_location', { locationId: home, isDefault: false }, 'isDefault'],
      ['adjust_stock_at_location', { locationId: home, skuId, delta: 2, reason: 'found it' }, 'reason'],
      ['adjust_stock_at_location', { locationId: home, skuId, delta: 2, onHand: 4, reason: 'received' }, 'delta'],
      ['adjust_stock_at_location', { locationId: home, skuId, delta: 0, reason: 'received' }, 'delta'],
      ['transfer_stock', { skuId, fromLocationId: home, toLocationId: home, quantity: 1 }, 'toLocationId'],
      ['transfer_stock', { skuId, fromLocationId: home, toLocationId: 'loc_x', quantity: 0 }, 'quantity'],
    ];
    for (const [tool, args, field] of cases) {
      const error = await refused(s.mcp, tool, args);
      assert.equal(error.code, 'VALIDATION_FAILED', `${tool} ${JSON.stringify(args)}: ${error.message}`);
      assert.ok(error.details.some((d) => d.path === field), `${tool} names ${field}: ${JSON.stringify(error.details)}`);
    }
    const { location: other } = await ok(s.mcp, 'create_location', { name: 'Overflow' });
    const tooMany = await refused(s.mcp, 'transfer_stock', { skuId, fromLocationId: home, toLocationId: other.id, quantity: 1000 });
    assert.equal(tooMany.code, 'INSUFFICIENT_STOCK');
    assert.ok(tooMany.details.some((d) => d.path === 'quantity'));
    assert.deepEqual((await restLocations()).filter((l) => l.id !== other.id), before.locations, 'no location written');
    assert.deepEqual((await levels(skuId)).quantityInStock, before.levels.quantityInStock, 'no stock moved');
    assert.deepEqual((await levels(skuId)).levels.filter((l) => l.locationId !== other.id), before.levels.levels);
  });

  it("does not find another store's location, and refuses without inventory:write", async () => {
    const { skuId } = await product();
    const home = await defaultId();
    const other = await signup(s.t.app);
    const theirs = (await s.call('POST', '/v1/locations', { headers: other.auth, body: { name: 'Their shop' } })).body.data.id as string;
    const calls: Array<[string, Record<string, unknown>]> = [
      ['update_location', { locationId: theirs, name: 'Mine now' }],
      ['adjust_stock_at_location', { locationId: theirs, skuId, delta: 1, reason: 'received' }],
      ['transfer_stock', { skuId, fromLocationId: home, toLocationId: theirs, quantity: 1 }],
      ['transfer_stock', { skuId, fromLocationId: theirs, toLocationId: home, quantity: 1 }],
    ];
    for (const [tool, args] of calls) assert.equal((await refused(s.mcp, tool, args)).code, 'LOCATION_NOT_FOUND', tool);
    assert.equal((await s.call('GET', `/v1/locations/${theirs}`, { headers: other.auth })).body.data.name, 'Their shop', 'theirs unchanged');

    const readOnly = await connectV1(s.t.baseUrl, { 'X-MerchantApiKey': (await createApiKey(s.t.app, s.merchant, { name: 'inventory read', permissions: ['inventory:read'] })).key, 'MCP-Toolsets': 'all' });
    s.track(readOnly);
    const before = { locations: await restLocations(), levels: await levels(skuId) };
    const writes: Array<[string, Record<string, unknown>]> = [
      ['create_location', { name: 'Nope' }],
      ['update_location', { locationId: home, name: 'Nope' }],
      ['adjust_stock_at_location', { locationId: home, skuId, delta: 1, reason: 'received' }],
      ['transfer_stock', { skuId, fromLocationId: home, toLocationId: before.locations.find((l) => !l.isDefault)?.id ?? 'loc_x', quantity: 1 }],
    ];
    for (const [tool, args] of writes) assert.equal((await refused(readOnly, tool, args)).code, 'PERMISSION_DENIED', tool);
    assert.deepEqual(await restLocations(), before.locations);
    assert.deepEqual(await levels(skuId), before.levels);
  });
});
