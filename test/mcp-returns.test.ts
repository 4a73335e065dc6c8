import assert from 'node:assert/strict';
import { it } from 'node:test';
import { insertCustomer } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { connectV1, mcpStoreSuite, ok, refused } from './helpers/mcp.ts';
import { createApiKey, type Merchant, signup } from './helpers/merchants.ts';

/** The returns tools that list and close (issue 36): list_returns, close_return, beside create_return. */
describeEachDatabase('MCP tools that list and close returns', (kind) => {
  const s = mcpStoreSuite(kind);

  /** A paid order of 2 lamps, shipped whole (the move to fulfilled), placed through REST. */
  async function shippedOrder(who: Merchant): Promise<{ orderId: string; lineId: string }> {
    const product = await s.call('POST', '/v1/products', { headers: who.auth, body: { type: 'SIMPLE', name: 'Lamp', price: 30, quantityInStock: 10, status: 'active' } });
    assert.equal(product.status, 201, product.raw);
    const customerId = await insertCustomer(s.t, who.storeId);
    const order = await s.call('POST', '/v1/orders', { headers: who.auth, body: { customerId, lines: [{ skuId: product.body.data.skuId, quantity: 2 }] } });
    assert.equal(order.status, 201, order.raw);
    for (const to of ['paid', 'fulfilled']) assert.equal((await s.call('POST', `/v1/orders/${order.body.data.id}/transitions`, { headers: who.auth, body: { to } })).status, 200);
    return { orderId: order.body.data.id, lineId: order.body.data.lines[0].id };
  }

  it("lists an order's returns and closes one without a refund, as REST shows them", async () => {
    const { orderId, lineId } = await shippedOrder(s.merchant);
    assert.deepEqual((await ok(s.mcp, 'list_returns', { orderId })).items, []);
    const created = (await ok(s.mcp, 'create_return', { orderId, lines: [{ lineId, quantity: 1 }], reason: 'no_longer_needed' })).return;
    const listed = await ok(s.mcp, 'list_returns', { orderId, limit: 10 });
    assert.deepEqual(listed.items.map((r: { id: string; status: string }) => [r.id, r.status]), [[created.id, 'requested']]);
    assert.equal(listed.pagination.nextCursor, null);
    const closed = (await ok(s.mcp, 'close_return', { orderId, returnId: created.id, note: 'kept by the customer' })).return;
    assert.equal(closed.status, 'closed');
    const rest = await s.call('GET', `/v1/orders/${orderId}/returns/${created.id}`, { headers: s.merchant.auth });
    assert.equal(rest.body.data.status, 'closed');
    assert.equal((await refused(s.mcp, 'close_return', { orderId, returnId: created.id })).code, 'RETURN_NOT_CLOSABLE', 'once');
    assert.equal((await refused(s.mcp, 'close_return', { orderId, returnId: created.id, note: 'x'.repeat(2001) })).details[0]?.path, 'note');
  });

  it("does not find another store's order or return, and closes nothing without orders:write", async () => {
    const other = await signup(s.t.app);
    const theirs = await shippedOrder(other);
    const theirReturn = await s.call('POST', `/v1/orders/${theirs.orderId}/returns`, { headers: other.auth, body: { lines: [{ lineId: theirs.lineId, quantity: 1 }], reason: 'damaged' } });
    assert.equal(theirReturn.status, 201, theirReturn.raw);
    assert.equal((await refused(s.mcp, 'list_returns', { orderId: theirs.orderId })).code, 'ORDER_NOT_FOUND');
    assert.equal((await refused(s.mcp, 'close_return', { orderId: theirs.orderId, returnId: theirReturn.body.data.id })).code, 'ORDER_NOT_FOUND');
    assert.equal((await s.call('GET', `/v1/orders/${theirs.orderId}/returns/${theirReturn.body.data.id}`, { headers: other.auth })).body.data.status, 'requested', 'theirs unchanged');

    const { orderId, lineId } = await shippedOrder(s.merchant);
    const mine = (await ok(s.mcp, 'create_return', { orderId, lines: [{ lineId, quantity: 1 }], reason: 'damaged' })).return;
    const readOnly = await connectV1(s.t.baseUrl, { 'X-MerchantApiKey': (await createApiKey(s.t.app, s.merchant, { name: 'orders read', permissions: ['orders:read'] })).key, 'MCP-Toolsets': 'all' });
    s.track(readOnly);
    assert.equal((await ok(readOnly, 'list_returns', { orderId })).items.length, 1);
    assert.equal((await refused(readOnly, 'close_return', { orderId, returnId: mine.id })).code, 'PERMISSION_DENIED');
    assert.equal((await s.call('GET', `/v1/orders/${orderId}/returns/${mine.id}`, { headers: s.merchant.auth })).body.data.status, 'requested', 'nothing closed');
  });
});
