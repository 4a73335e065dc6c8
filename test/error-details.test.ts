import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WEBHOOK_DEFAULTS } from '../src/config.ts';
import { MAX_JSON_DEPTH } from '../src/http/json-body.ts';
import { type TestApp, startTestApp } from './helpers/app.ts';
import { insertCustomer, variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';

const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

/** The answer of an MCP request over 2025-11-25: the JSON-RPC message of its one SSE event (or plain JSON). */
function rpc(body: string): any {
  const data = /^data: (.*)$/m.exec(body)?.[1];
  return JSON.parse(data ?? body);
}

/**
 * The documented shape of every error detail (docs/errors.md): `path`, `rule` and `in`, whichever layer refused —
 * schema validation, a service rule, a permission; and the request bounds every JSON body meets, at REST and at /mcp.
 */
describeEachDatabase('error details and JSON bounds', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  before(async () => {
    t = await startTestApp(kind, { config: { webhooks: { ...WEBHOOK_DEFAULTS, allowLoopback: false } } });
    call = client(t.app);
    m = await signup(t.app);
  });
  after(() => t?.close());

  const mcp = (headers: Record<string, string>, payload: string | Buffer, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/mcp', headers: { ...MCP_HEADERS, ...headers, 'content-type': contentType }, payload });

  describe('every detail says where its field was sent', () => {
    it('service rules name body fields with in: body (not enough stock, a private webhook URL)', async () => {
      const { skuIds, productId } = await variableProduct(t.app, m, { skus: [{ price: 10, quantityInStock: 2, attributes: { Size: 'S' } }] });
      await call('PATCH', `/v1/products/${productId}`, { headers: m.auth, body: { status: 'active' } });
      const customerId = await insertCustomer(t, m.storeId);
      const stock = await call('POST', '/v1/orders', { headers: m.auth, body: { customerId, lines: [{ skuId: skuIds[0], quantity: 5 }] } });
      assert.equal(stock.body.error.code, 'INSUFFICIENT_STOCK', stock.raw);
      assert.deepEqual(stock.body.error.details.map((d: { path: string; in: string }) => [d.path, d.in]), [['lines[0].quantity', 'body']]);
      const hook = await call('POST', '/v1/webhooks', { headers: m.auth, body: { url: 'https://127.0.0.1/hook', eventTypes: ['order.*'] } });
      assert.equal(hook.status, 422, hook.raw);
      assert.deepEqual(hook.body.error.details.map((d: { path: string; in: string }) => [d.path, d.in]), [['url', 'body']]);
    });

    it('a missing permission is in: credential; a query and a header field say so', async () => {
      const key = { 'x-merchantapikey': (await createApiKey(t.app, m, { permissions: ['products:read'] })).key };
      const denied = await call('GET', '/v1/orders', { headers: key });
      assert.deepEqual(denied.body.error.details, [{ path: 'permission', rule: 'orders:read', in: 'credential' }]);
      const query = await call('GET', '/v1/orders?limit=100000', { headers: m.auth });
      assert.equal(query.status, 422);
      assert.ok(query.body.error.details.every((d: { in: string }) => d.in === 'query'), query.raw);
      const header = await call('GET', '/v1/orders', { headers: { ...m.auth, 'x-mode': 'staging' } });
      assert.deepEqual(header.body.error.details.map((d: { in: string }) => d.in), ['header']);
    });

    it('the AI connector shows the same details, with in', async () => {
      const key = (await createApiKey(t.app, m, { permissions: ['products:read'] })).key;
      const res = await mcp({ 'x-merchantapikey': key }, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_orders', arguments: {} } }));
      const result = rpc(res.body).result;
      assert.equal(result.isError, true);
      assert.deepEqual(result.structuredContent.error.details, [{ path: 'permission', rule: 'orders:read', in: 'credential' }]);
    });
  });

  describe('the AI connector bounds JSON as REST does', () => {
    it(`answers arguments nested deeper than ${MAX_JSON_DEPTH} levels with -32602 naming the limit, not a 500; nothing runs`, async () => {
      const key = (await createApiKey(t.app, m)).key;
      const before = (await call('GET', '/v1/products', { headers: m.auth })).body.data.length;
      const deep = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"create_product","arguments":{"type":"SIMPLE","name":"Deep","price":5,"quantityInStock":1,"attributes":${'['.repeat(10_000)}${']'.repeat(10_000)}}}}`;
      const res = await mcp({ 'x-merchantapikey': key }, deep);
      assert.equal(res.statusCode, 400, res.body);
      const body = JSON.parse(res.body);
      assert.equal(body.error.code, -32602);
      assert.match(body.error.message, new RegExp(`${MAX_JSON_DEPTH} levels`));
      assert.equal((await call('GET', '/v1/products', { headers: m.auth })).body.data.length, before, 'nothing was created');
    });

    it('answers a body that is not UTF-8 with -32700, and another declared charset with 415', async () => {
      const key = (await createApiKey(t.app, m)).key;
      const bytes = Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_products","arguments":{"q":"caf'), Buffer.from([0xe9]), Buffer.from('"}}}')]);
      const invalid = await mcp({ 'x-merchantapikey': key }, bytes);
      assert.equal(invalid.statusCode, 400);
      assert.equal(JSON.parse(invalid.body).error.code, -32700);
      const utf16 = await mcp({ 'x-merchantapikey': key }, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), 'application/json; charset=utf-16');
      assert.equal(utf16.statusCode, 415);
      assert.match(JSON.parse(utf16.body).error.message, /charset=utf-16/);
      const fine = await mcp({ 'x-merchantapikey': key }, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }), 'application/json; charset=utf-8');
      assert.equal(fine.statusCode, 200);
    });
  });
});
