import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Permission } from '../src/domain/shared/permissions.ts';
import { TOOLS } from '../src/mcp/tools/index.ts';
import type { TestApp } from './helpers/app.ts';
import { startListeningApp } from './helpers/chromium.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { connectV1, ok, refused } from './helpers/mcp.ts';
import { createApiKey, type Merchant, signup } from './helpers/merchants.ts';

/**
 * One tool per permission of the tool table, with arguments that pass validation (and `confirm` where needed): the
 * connector does not check permissions itself, so each refusal below comes from the service the tool calls.
 */
const ONE_TOOL_PER_PERMISSION: Record<Permission, [tool: string, args: Record<string, unknown>]> = {
  'analytics:read': ['get_sales_summary', { period: '30d' }],
  'products:read': ['list_products', {}],
  'products:write': ['create_category', { name: 'Not allowed' }],
  'customers:read': ['list_customers', {}],
  'customers:write': ['unban_customer', { customerId: 'cus_missing' }],
  'delivery:read': ['list_delivery_zones', {}],
  'delivery:write': ['create_delivery_zone', { name: 'Not allowed', regions: [{ countryId: 'US' }] }],
  'settings:read': ['get_store_settings', {}],
  'settings:write': ['update_store_profile', { legalName: 'Not allowed' }],
  'inventory:read': ['get_inventory_overview', {}],
  'inventory:write': ['adjust_stock', { skuId: 'sku_missing', delta: 1, reason: 'restock' }],
  'orders:read': ['list_orders', {}],
  'orders:write': ['update_order_status', { orderId: 'ord_missing', to: 'fulfilled' }],
  'payments:read': ['get_payment_options', {}],
  'payments:write': ['create_payment_link', { amount: 15, description: 'Not allowed' }],
  'promotions:read': ['list_promotions', {}],
  'promotions:write': ['create_promotion', { code: 'NOTALLOWED', kind: 'percentage', value: 10 }],
  'reviews:read': ['list_reviews', {}],
  'reviews:write': ['reply_to_review', { reviewId: 'rev_missing', reply: 'Not allowed' }],
};

describeEachDatabase('MCP tool calls are refused by the service, as on REST', (kind) => {
  let t: TestApp & { baseUrl: string };
  let merchant: Merchant;
  let full: Client;
  const clients: Client[] = [];

  /** An MCP client on an API key restricted to `permissions`. */
  async function restricted(permissions: Permission[]): Promise<Client> {
    const key = await createApiKey(t.app, merchant, { name: permissions.join(' '), permissions });
    const client = await connectV1(t.baseUrl, { 'X-MerchantApiKey': key.key });
    clients.push(client);
    return client;
  }

  before(async () => {
    t = await startListeningApp(kind);
    merchant = await signup(t.app);
    full = await connectV1(t.baseUrl, { 'X-MerchantApiKey': (await createApiKey(t.app, merchant)).key });
  });
  after(async () => {
    for (const client of [full, ...clients]) await client?.close();
    await t?.close();
  });

  it('covers every permission a tool declares', () => {
    const declared = new Set(TOOLS.map((tool) => tool.permission).filter((p) => p !== null));
    assert.deepEqual(Object.keys(ONE_TOOL_PER_PERMISSION).sort(), [...declared].sort());
    for (const [permission, [name]] of Object.entries(ONE_TOOL_PER_PERMISSION)) {
      assert.equal(TOOLS.find((tool) => tool.name === name)?.permission, permission, name);
    }
  });

  it('refuses a tool whose permission the key lacks with the service’s PERMISSION_DENIED, naming the permission, and writes nothing', async () => {
    const analyticsOnly = await restricted(['analytics:read']);
    const ordersOnly = await restricted(['orders:read']);
    const before = await ok(full, 'list_audit_log', { limit: 100, action: 'mcp.*' });
    for (const [permission, [name, args]] of Object.entries(ONE_TOOL_PER_PERMISSION)) {
      const caller = permission === 'analytics:read' ? ordersOnly : analyticsOnly;
      const error = await refused(caller, name, { ...args, ...(TOOLS.find((tool) => tool.name === name)?.confirm ? { confirm: true } : {}) });
      assert.equal(error.code, 'PERMISSION_DENIED', `${name}: ${error.message}`);
      assert.equal(error.message, `This action needs the ${permission} permission, which your API key does not have in this store.`, name);
      assert.deepEqual(error.details, [{ path: 'permission', rule: permission, in: 'credential' }], name);
    }
    assert.equal((await ok(full, 'list_categories')).items.length, 0, 'no category');
    assert.equal((await ok(full, 'list_delivery_zones')).items.length, 0, 'no delivery zone');
    assert.equal((await ok(full, 'list_promotions')).items.length, 0, 'no promotion');
    assert.equal((await ok(full, 'list_payment_links')).items.length, 0, 'no payment link');
    assert.equal((await ok(full, 'get_store_profile')).store.legalName, null, 'the profile is unchanged');
    // Each refused call is still audited, as the connector's call with its error code.
    const after = await ok(full, 'list_audit_log', { limit: 100, action: 'mcp.*' });
    const refusals = after.items.filter((e: { id: string; details: { errorCode?: string } }) => !before.items.some((b: { id: string }) => b.id === e.id) && e.details.errorCode === 'PERMISSION_DENIED');
    assert.deepEqual(refusals.map((e: { targetId: string }) => e.targetId).sort(), Object.values(ONE_TOOL_PER_PERMISSION).map(([name]) => name).sort());
  });

  it('refuses update_sku changing stock without inventory:write, though products:write may change the price', async () => {
    const { product } = await ok(full, 'create_product', { type: 'VARIABLE', name: 'Hoodie' });
    const { group } = await ok(full, 'add_variant_group', { productId: product.id, attributeName: 'Color', attributeValue: 'Blue', skus: [{ price: 40, quantityInStock: 2 }] });
    const sku = group.skus[0];
    const catalogOnly = await restricted(['products:write']);
    const where = { productId: product.id, groupId: group.id, skuId: sku.id };

    const error = await refused(catalogOnly, 'update_sku', { ...where, quantityInStock: 50 });
    assert.equal(error.code, 'PERMISSION_DENIED');
    assert.match(error.message, /needs the inventory:write permission/);
    assert.deepEqual(error.details, [{ path: 'permission', rule: 'inventory:write', in: 'credential' }]);
    const refusedBoth = await refused(catalogOnly, 'update_sku', { ...where, price: 45, quantityInStock: 50 });
    assert.equal(refusedBoth.code, 'PERMISSION_DENIED', 'a price change sent with a stock change is refused whole');

    const unchanged = (await ok(full, 'get_product', { productId: product.id })).product.variantGroups[0].skus[0];
    assert.equal(unchanged.quantityInStock, 2, 'the stock is unchanged');
    assert.equal(unchanged.price, 40, 'and so is the price');

    const priced = await ok(catalogOnly, 'update_sku', { ...where, price: 45 });
    assert.equal(priced.sku.price, 45);
    assert.equal(priced.sku.quantityInStock, 2);
  });
});
