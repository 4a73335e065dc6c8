import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { CORE_TOOLS } from '../src/mcp/toolsets.ts';
import { TOOLS } from '../src/mcp/tools/index.ts';
import type { TestApp } from './helpers/app.ts';
import { startListeningApp } from './helpers/chromium.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { connectV1, connectV2, ok, refused } from './helpers/mcp.ts';
import { createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { connect } from './helpers/oauth.ts';

const bytesOf = (tools: unknown[]) => Buffer.byteLength(JSON.stringify({ tools }));

describeEachDatabase('the default tool list and discovery (find_tools, enable_toolsets)', (kind) => {
  let t: TestApp & { baseUrl: string };
  let merchant: Merchant;
  let key: string;
  const open: Array<{ close(): Promise<void> }> = [];

  before(async () => {
    t = await startListeningApp(kind);
    merchant = await signup(t.app);
    key = (await createApiKey(t.app, merchant)).key;
  });
  after(async () => {
    for (const c of open) await c.close().catch(() => {});
    await t?.close();
  });

  it('lists a short core by default, under 20 KB, every tool with its output schema and annotations; toolsets=all lists every tool', async () => {
    const client = await connectV1(t.baseUrl, { 'X-MerchantApiKey': key });
    open.push(client);
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), [...CORE_TOOLS, 'find_tools', 'enable_toolsets'].sort());
    assert.ok(bytesOf(tools) < 20_000, `the default list is ${bytesOf(tools)} bytes`);
    for (const tool of tools) {
      assert.equal(tool.outputSchema?.type, 'object', `${tool.name} has an output schema`);
      assert.equal(tool.annotations?.openWorldHint, false, `${tool.name} has annotations`);
    }
    assert.match(client.getInstructions() ?? '', /call find_tools with a few words for it, then enable_toolsets/);
    assert.deepEqual(client.getServerCapabilities()?.tools, { listChanged: true });

    const all = await connectV1(t.baseUrl, { 'X-MerchantApiKey': key, 'MCP-Toolsets': 'all' });
    open.push(all);
    const every = (await all.listTools()).tools;
    assert.deepEqual(every.map((tool) => tool.name), TOOLS.map((tool) => tool.name), 'today’s list, no discovery tools');
    assert.ok(bytesOf(every) > 100_000);
  });

  it('calls a tool that is not listed, as before: the listing is what the model sees, not a limit', async () => {
    const client = await connectV2(t.baseUrl, { 'X-MerchantApiKey': key });
    open.push(client);
    const { category } = await ok(client, 'create_category', { name: 'Unlisted' });
    assert.ok(category.id);
    const error = await refused(client, 'delete_category', { categoryId: category.id });
    assert.equal(error.code, 'CONFIRMATION_REQUIRED');
  });

  it('finds refund_order from the default list, enables its toolset, and tells a 2025-11-25 client the list changed', async () => {
    const client = await connectV1(t.baseUrl, { 'X-MerchantApiKey': key });
    open.push(client);
    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => {
      changed += 1;
    });
    assert.ok(!(await client.listTools()).tools.some((tool) => tool.name === 'refund_order'));
    const found = await ok(client, 'find_tools', { query: 'refund an order' });
    assert.equal(found.tools[0].name, 'refund_order');
    assert.deepEqual([found.tools[0].toolset, found.tools[0].access], ['orders', 'enable']);
    assert.equal(found.toolsets.length, 10);
    const enabled = await ok(client, 'enable_toolsets', { toolsets: ['orders'] });
    assert.deepEqual(enabled.enabled, ['orders']);
    assert.equal(enabled.listChanged, 'notified');
    assert.ok(enabled.added.some((tool: { name: string; access: string }) => tool.name === 'refund_order' && tool.access === 'listed'));
    assert.equal(changed, 1, 'notifications/tools/list_changed on the call’s stream');
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    for (const name of ['refund_order', 'cancel_order', 'place_order', 'find_tools']) assert.ok(names.includes(name), name);
    assert.ok(!names.includes('create_product'), 'only the enabled toolset');
    // Another connection (another session) of the same key still has the default list.
    const other = await connectV1(t.baseUrl, { 'X-MerchantApiKey': key });
    open.push(other);
    assert.ok(!(await other.listTools()).tools.some((tool) => tool.name === 'refund_order'));
  });

  it('on 2026-07-28 (no session) keeps the choice per credential, and the client reads the list again', async () => {
    const ownKey = (await createApiKey(t.app, merchant)).key;
    const client = await connectV2(t.baseUrl, { 'X-MerchantApiKey': ownKey }, true);
    open.push(client);
    const enabled = await ok(client, 'enable_toolsets', { toolsets: ['reviews', 'promotions'] });
    assert.deepEqual(enabled.enabled, ['promotions', 'reviews']);
    assert.equal(enabled.listChanged, 'read-again');
    const names = (await client.listTools()).tools.map((tool) => tool.name);
    assert.ok(names.includes('reply_to_review') && names.includes('create_promotion'));
    const again = await connectV2(t.baseUrl, { 'X-MerchantApiKey': key }, true);
    open.push(again);
    assert.ok(!(await again.listTools()).tools.some((tool) => tool.name === 'reply_to_review'), 'another credential keeps the default list');
    // Unknown toolsets are refused as arguments.
    assert.equal((await refused(client, 'enable_toolsets', { toolsets: ['ledger'] })).code, 'VALIDATION_FAILED');
  });

  it('an app granted orders:read lists no tool beyond its scope by default; find_tools says what step-up would grant', async () => {
    const app = await connect(t.app, merchant, { scope: 'orders:read' });
    const client = await connectV1(t.baseUrl, app.auth);
    open.push(client);
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((tool) => tool.name).sort(), ['enable_toolsets', 'find_tools', 'get_my_permissions', 'get_order', 'get_store_profile', 'list_orders']);
    assert.ok(tools.every((tool) => !/Not granted/.test(tool.description ?? '')), 'no step-up tool listed in full');
    const found = await ok(client, 'find_tools', { query: 'products' });
    const listProducts = found.tools.find((tool: { name: string }) => tool.name === 'list_products');
    assert.deepEqual([listProducts.access, listProducts.scope], ['step-up', 'products:read']);
    // Once the toolset is enabled its tools are listed, the ungranted ones saying how the client asks for them.
    await ok(client, 'enable_toolsets', { toolsets: ['products'] });
    const listed = new Map((await client.listTools()).tools.map((tool) => [tool.name, tool.description ?? '']));
    assert.match(listed.get('list_products') ?? 'missing', /Not granted to this app yet/);
  });
});
