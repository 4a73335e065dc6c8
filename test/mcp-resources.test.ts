import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { TestApp } from './helpers/app.ts';
import { startListeningApp } from './helpers/chromium.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { connectV1, connectV2 } from './helpers/mcp.ts';
import { client as jsonClient, createApiKey, type Merchant, signup } from './helpers/merchants.ts';

describeEachDatabase('MCP resources (the guide, the store policies) and prompts', (kind) => {
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

  it('lists and reads the guide and the store policies, with the v1 client (2025-11-25) and the v2 client (2026-07-28)', async () => {
    const clients = [await connectV1(t.baseUrl, { 'X-MerchantApiKey': key }), await connectV2(t.baseUrl, { 'X-MerchantApiKey': key }, true)];
    open.push(...clients);
    for (const client of clients) {
      const { resources } = await client.listResources();
      assert.deepEqual(resources.map((r) => [r.uri, r.mimeType]), [['commerce://connector/guide', 'text/markdown'], ['commerce://store/policies', 'application/json']]);
      const guide = await client.readResource({ uri: 'commerce://connector/guide' });
      const text = (guide.contents[0] as unknown as { text: string }).text;
      assert.match(text, /call `find_tools` with a few words/);
      assert.match(text, /Never send `confirm: true` on your own/);
      const policies = JSON.parse(((await client.readResource({ uri: 'commerce://store/policies' })).contents[0] as unknown as { text: string }).text);
      assert.equal(policies.store.currency, 'USD');
      assert.equal(policies.store.mode, 'live');
      assert.deepEqual(policies.orderLifecycle.pending.map((m: { to: string }) => m.to), ['paid', 'cancelled']);
      assert.deepEqual(policies.orderLifecycle.refunded, []);
      assert.ok(Array.isArray(policies.acceptedPaymentMethods));
      assert.equal(policies.consent.confirmArgumentAccepted, true);
      await assert.rejects(client.readResource({ uri: 'commerce://nothing' }), (error: Error & { code?: number }) => {
        assert.equal(error.code, -32602, 'resource not found: -32602 on every version (the SDK’s rule, from 2026-07-28)');
        assert.match(error.message, /Resource not found: commerce:\/\/nothing/);
        return true;
      });
    }
  });

  it('says what the caller may not read, and follows the store’s consent setting', async () => {
    const limited = (await createApiKey(t.app, merchant, { permissions: ['orders:read'] })).key;
    const client = await connectV2(t.baseUrl, { 'X-MerchantApiKey': limited });
    open.push(client);
    const read = async () => JSON.parse(((await client.readResource({ uri: 'commerce://store/policies' })).contents[0] as unknown as { text: string }).text);
    const before = await read();
    assert.equal(before.acceptedPaymentMethods, null);
    assert.match(before.acceptedPaymentMethodsNote, /needs payments:read/);
    const call = jsonClient(t.app);
    assert.equal((await call('PATCH', '/v1/settings', { headers: merchant.auth, body: { mcpRequireClientConfirmation: true } })).status, 200);
    try {
      const after = await read();
      assert.equal(after.consent.confirmArgumentAccepted, false);
      assert.match(after.consent.how, /CONFIRMATION_CLIENT_REQUIRED/);
    } finally {
      await call('PATCH', '/v1/settings', { headers: merchant.auth, body: { mcpRequireClientConfirmation: false } });
    }
  });

  it('offers a daily summary and a restock plan as prompts, refusing bad arguments', async () => {
    const client = await connectV1(t.baseUrl, { 'X-MerchantApiKey': key });
    open.push(client);
    const { prompts } = await client.listPrompts();
    assert.deepEqual(prompts.map((p) => p.name), ['daily_summary', 'restock_plan']);
    const daily = await client.getPrompt({ name: 'daily_summary', arguments: { date: '2026-11-28' } });
    const text = (daily.messages[0]!.content as { text: string }).text;
    assert.match(text, /on 2026-11-28/);
    assert.match(text, /get_sales_summary/);
    assert.match(text, /Do not change anything/);
    const plan = await client.getPrompt({ name: 'restock_plan', arguments: {} });
    assert.match((plan.messages[0]!.content as { text: string }).text, /next 4 weeks/);
    await assert.rejects(client.getPrompt({ name: 'daily_summary', arguments: { date: 'yesterday' } }), /date must be YYYY-MM-DD/);
    await assert.rejects(client.getPrompt({ name: 'weekly_report', arguments: {} }), /Unknown prompt "weekly_report"/);
  });
});
