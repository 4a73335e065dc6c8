import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createContainer } from '../src/container.ts';
import { isDatabaseUnavailable } from '../src/db/db.ts';
import { createAccessLog } from '../src/domain/audit/access-log.ts';
import type { StoreContext } from '../src/context.ts';
import { startListeningApp } from './helpers/chromium.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { connectV1, ok, refused } from './helpers/mcp.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';

/**
 * What the audit log records (docs/decisions/0016-audit-log.md): changes and attempts beyond one's rights, one entry
 * each; reads of customers' personal data, counted and written in bulk per reader; other reads, nothing.
 */
describeEachDatabase('the audit log keeps changes and who read personal data, not every read', (kind) => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let merchant: Merchant;
  let mcp: Client;
  let keyId: string;
  let call: ReturnType<typeof client>;

  before(async () => {
    t = await startListeningApp(kind);
    merchant = await signup(t.app);
    call = client(t.app);
    const key = await createApiKey(t.app, merchant, { name: 'assistant' });
    keyId = key.id;
    mcp = await connectV1(t.baseUrl, { 'X-MerchantApiKey': key.key });
    for (const n of [1, 2, 3]) await ok(mcp, 'create_customer', { name: `Customer ${n}`, email: `c${n}@example.com` });
  });
  after(async () => {
    await mcp?.close();
    await t?.close();
  });

  async function entries(action: string) {
    const res = await call('GET', `/v1/audit-logs?action=${action}&limit=100`, { headers: merchant.auth });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data as Array<{ action: string; targetType: string | null; targetId: string | null; actor: { type: string; id: string; label: string }; details: Record<string, any> }>;
  }

  it('writes one entry per change and per attempt beyond the credential’s rights, none for plain reads', async () => {
    await t.container.services.personalDataReads.flush();
    const before = (await entries('mcp.tool_call')).length;
    await ok(mcp, 'list_products');
    await ok(mcp, 'get_store_profile');
    await ok(mcp, 'list_categories');
    assert.equal((await entries('mcp.tool_call')).length, before, 'reads wrote nothing');

    await ok(mcp, 'create_category', { name: 'Shelf' });
    const restricted = await connectV1(t.baseUrl, { 'X-MerchantApiKey': (await createApiKey(t.app, merchant, { name: 'catalog', permissions: ['products:read'] })).key });
    try {
      assert.equal((await refused(restricted, 'list_customers')).code, 'PERMISSION_DENIED');
    } finally {
      await restricted.close();
    }
    const written = (await entries('mcp.tool_call')).slice(0, (await entries('mcp.tool_call')).length - before);
    assert.deepEqual(written.map((e) => `${e.targetId} ${e.details.outcome}`).sort(), ['create_category ok', 'list_customers refused']);
  });

  it('counts reads of customers and orders, REST and the connector alike, and writes them in bulk: one entry per reader and kind', async () => {
    await t.container.services.personalDataReads.flush();
    const before = (await entries('data.access')).length;
    await ok(mcp, 'list_customers');
    const { items } = await ok(mcp, 'list_customers', { limit: 2 });
    await ok(mcp, 'get_customer', { customerId: items[0].id });
    await ok(mcp, 'list_orders');
    assert.equal((await call('GET', '/v1/customers?limit=100', { headers: merchant.auth })).status, 200);
    assert.equal((await entries('data.access')).length, before, 'no read waited for a write');

    await t.container.services.personalDataReads.flush();
    const written = (await entries('data.access')).slice(0, (await entries('data.access')).length - before);
    const byReader = new Map(written.map((e) => [`${e.actor.type} ${e.targetType}`, e]));
    assert.equal(written.length, 3, JSON.stringify(written.map((e) => [e.actor.type, e.targetType])));
    const keyCustomers = byReader.get('api_key customers');
    assert.ok(keyCustomers);
    assert.equal(keyCustomers.actor.id, keyId);
    assert.deepEqual({ reads: keyCustomers.details.reads, records: keyCustomers.details.records }, { reads: 3, records: 6 });
    assert.ok(Date.parse(keyCustomers.details.from) <= Date.parse(keyCustomers.details.to));
    assert.deepEqual({ reads: byReader.get('api_key orders')?.details.reads, records: byReader.get('api_key orders')?.details.records }, { reads: 1, records: 0 });
    assert.deepEqual({ reads: byReader.get('user customers')?.details.reads, records: byReader.get('user customers')?.details.records }, { reads: 1, records: 3 });
  });

  it('writes the pending reads when the service stops', async () => {
    const other = createContainer(t.container.config);
    const ctx = await t.container.services.auth.connectorContext({ requestId: 'stop', now: new Date() }, await principalOf(merchant));
    other.services.personalDataReads.note(ctx, 'customers', 7);
    await other.close();
    const last = (await entries('data.access'))[0];
    assert.equal(last?.details.records, 7);
  });

  it('writes on its own after an interval, and early when many readers wait', async () => {
    const log = { error: (obj: object, msg: string) => assert.fail(`${msg} ${JSON.stringify(obj)}`) };
    const ctx = await t.container.services.auth.connectorContext({ requestId: 'timer', now: new Date() }, await principalOf(merchant));
    const timed = createAccessLog({ repos: t.container.repos, isDatabaseUnavailable, log, flushEveryMs: 20 });
    try {
      timed.note(ctx, 'orders', 11);
      await waitFor(async () => (await entries('data.access')).some((e) => e.details.records === 11));
    } finally {
      await timed.close();
    }
    const crowded = createAccessLog({ repos: t.container.repos, isDatabaseUnavailable, log, flushEveryMs: 3_600_000, maxPending: 2 });
    try {
      crowded.note(ctx, 'orders', 21);
      crowded.note({ ...ctx, actor: { ...ctx.actor, id: 'another' } } as StoreContext, 'orders', 22);
      await waitFor(async () => (await entries('data.access')).some((e) => e.details.records === 22));
    } finally {
      await crowded.close();
    }
  });

  async function principalOf(m: Merchant) {
    return t.container.services.auth.authenticate({ requestId: 'p', now: new Date() }, { bearer: m.token });
  }
});

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.fail('not written in time');
}
