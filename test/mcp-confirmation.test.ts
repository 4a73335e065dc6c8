import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TestApp } from './helpers/app.ts';
import { startListeningApp } from './helpers/chromium.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { connectEliciting, connectEliciting2025, connectV1, connectV2, type Merchant2025, type Merchant2026, ok, refused } from './helpers/mcp.ts';
import { client as jsonClient, createApiKey, type Merchant, signup } from './helpers/merchants.ts';

/** The retried `tools/call` of a confirmation round: the one carrying the merchant's answer and the state. */
const retryOf = (m: Merchant2026) => m.sent.findLast((message) => message.method === 'tools/call' && message.params.requestState !== undefined);

describeEachDatabase('confirmation by the merchant (MCP 2026-07-28 elicitation)', (kind) => {
  let t: TestApp & { baseUrl: string };
  let owner: Merchant;
  let key: string;
  let call: ReturnType<typeof jsonClient>;
  const open: Array<{ close(): Promise<void> }> = [];

  before(async () => {
    t = await startListeningApp(kind);
    call = jsonClient(t.app);
    owner = await signup(t.app);
    key = (await createApiKey(t.app, owner)).key;
  });
  after(async () => {
    for (const c of open) await c.close().catch(() => {});
    await t?.close();
  });

  async function eliciting(headers: Record<string, string> = { 'X-MerchantApiKey': key }): Promise<Merchant2026> {
    const m = await connectEliciting(t.baseUrl, headers);
    open.push(m.client);
    return m;
  }
  async function promotion(code: string): Promise<string> {
    const res = await call('POST', '/v1/promotions', { headers: owner.auth, body: { code, kind: 'percentage', value: 10 } });
    assert.equal(res.status, 201, res.raw);
    return res.body.data.id;
  }
  const promotionExists = async (id: string) => (await call('GET', `/v1/promotions/${id}`, { headers: owner.auth })).status === 200;
  const auditOf = async (tool: string) => {
    const res = await call('GET', `/v1/audit-logs?action=mcp.tool_call&targetId=${tool}&limit=100`, { headers: owner.auth });
    assert.equal(res.status, 200, res.raw);
    return res.body.data as Array<{ details: { outcome: string; errorCode?: string } }>;
  };
  const refusedConfirmations = async (tool: string) => {
    const res = await call('GET', `/v1/audit-logs?action=mcp.confirmation_refused&targetId=${tool}&limit=100`, { headers: owner.auth });
    assert.equal(res.status, 200, res.raw);
    return res.body.data as Array<{ details: { tool: string; reason: string; credential: { type: string; label: string } } }>;
  };

  it('asks the merchant with a form saying what will happen, and acts only on their acceptance', async () => {
    const m = await eliciting();
    const id = await promotion('ASKED10');
    const result = await ok(m.client, 'delete_promotion', { promotionId: id });
    assert.deepEqual(result, { id, deleted: true });
    assert.equal(m.asked.length, 1, 'the merchant was asked once');
    assert.match(m.asked[0]!, new RegExp(`delete discount code ${id}; customers can no longer use it\\. This cannot be undone\\. Carry it out\\?`));
    assert.equal(await promotionExists(id), false);
    const first = m.sent.find((message) => message.method === 'tools/call' && message.params.name === 'delete_promotion');
    assert.equal(first.params.requestState, undefined, 'the first round carried no state');
    assert.equal(retryOf(m).params.inputResponses.merchant_confirmation.action, 'accept');
  });

  it('asks the merchant even when the model sends confirm: true, and does nothing when they decline or cancel', async () => {
    const m = await eliciting();
    const id = await promotion('DECLINED10');
    for (const answer of [{ action: 'decline' as const }, { action: 'cancel' as const }, { action: 'accept' as const, content: { confirm: false } }]) {
      m.answer = answer;
      const error = await refused(m.client, 'delete_promotion', { promotionId: id, confirm: true });
      assert.equal(error.code, 'CONFIRMATION_DECLINED', JSON.stringify(answer));
      assert.match(error.message, /Nothing was done: the merchant did not agree to delete discount code/);
    }
    assert.equal(m.asked.length, 3);
    assert.equal(await promotionExists(id), true, 'nothing was deleted');
    const outcomes = (await auditOf('delete_promotion')).filter((e) => e.details.errorCode === 'CONFIRMATION_DECLINED');
    assert.ok(outcomes.length >= 3, 'each refusal is in the audit log');
  });

  it('asks only where the effects say so: update_order_status to paid, not to fulfilled', async () => {
    const m = await eliciting();
    const { product } = await ok(m.client, 'create_product', { type: 'SIMPLE', name: 'Mug', price: 12, quantityInStock: 3, status: 'active' });
    const { customer } = await ok(m.client, 'create_customer', {
      name: 'Ada Buyer',
      email: 'ada@example.com',
      addresses: [{ line1: '1 Main St', city: 'Springfield', countryId: 'US', stateId: 'US-IL' }],
    });
    const order = await ok(m.client, 'place_order', { customerId: customer.id, lines: [{ skuId: product.skuId, quantity: 1 }] });
    assert.equal(m.asked.length, 0, 'placing an order asks nothing');
    const paid = await ok(m.client, 'update_order_status', { orderId: order.order.id, to: 'paid' });
    assert.equal(paid.order.status, 'paid');
    assert.equal(m.asked.length, 1, 'marking paid (a payment of the full total) asks the merchant');
    assert.match(m.asked[0]!, /mark order .* paid, recording a payment of what is still outstanding of its total/);
    const fulfilled = await ok(m.client, 'update_order_status', { orderId: order.order.id, to: 'fulfilled' });
    assert.equal(fulfilled.order.status, 'fulfilled');
    assert.equal(m.asked.length, 1, 'fulfilling moves no money: nobody is asked');
  });

  it('refuses a forged state before anything runs (JSON-RPC -32602), and nothing is done', async () => {
    const m = await eliciting();
    const id = await promotion('FORGED10');
    m.tamper = (message) => {
      const state = message.params?.requestState;
      if (typeof state !== 'string') return message;
      // One character of the MAC changed (not the last, whose low bits are padding): without the key no state is valid.
      const at = state.length - 10;
      const forged = `${state.slice(0, at)}${state[at] === 'A' ? 'B' : 'A'}${state.slice(at + 1)}`;
      return { ...message, params: { ...message.params, requestState: forged } };
    };
    await assert.rejects(m.client.callTool({ name: 'delete_promotion', arguments: { promotionId: id } }), (error: Error & { code?: number }) => {
      assert.equal(error.code, -32602, String(error));
      assert.match(error.message, /Invalid or expired requestState/);
      return true;
    });
    assert.equal(m.asked.length, 1);
    assert.equal(await promotionExists(id), true);
    // A refused confirmation is a security event: who, which tool, why.
    const refusals = await refusedConfirmations('delete_promotion');
    assert.ok(refusals.some((e) => /forged or altered/.test(e.details.reason) && e.details.credential.type === 'api_key'), JSON.stringify(refusals));
  });

  it('refuses an acceptance replayed for other arguments or a second time, and another caller’s state', async () => {
    const m = await eliciting();
    const [first, second] = [await promotion('REPLAY1'), await promotion('REPLAY2')];
    await ok(m.client, 'delete_promotion', { promotionId: first });
    const accepted = retryOf(m);
    assert.ok(accepted, 'the accepted retry was captured');
    const replay = (args: Record<string, unknown>) => (message: any) =>
      message.method === 'tools/call' && message.params.requestState === undefined
        ? { ...message, params: { ...message.params, arguments: args, inputResponses: accepted.params.inputResponses, requestState: accepted.params.requestState } }
        : message;

    // Another promotion with the first one's acceptance: refused, the merchant not asked, nothing deleted.
    m.tamper = replay({ promotionId: second });
    const other = await refused(m.client, 'delete_promotion', { promotionId: second });
    assert.equal(other.code, 'CONFIRMATION_INVALID');
    assert.match(other.message, /given for another call/);
    assert.equal(await promotionExists(second), true);
    assert.ok((await refusedConfirmations('delete_promotion')).some((e) => /given for another call/.test(e.details.reason)), 'recorded');

    // The same call again with the same acceptance: acted on once only.
    const again = await promotion('REPLAY3');
    m.tamper = (message) => message;
    await ok(m.client, 'delete_promotion', { promotionId: again }); // a fresh round, to show the client itself works
    m.tamper = replay(accepted.params.arguments);
    const twice = await refused(m.client, 'delete_promotion', accepted.params.arguments);
    assert.equal(twice.code, 'CONFIRMATION_INVALID');
    assert.match(twice.message, /already acted on once/);
    assert.ok((await refusedConfirmations('delete_promotion')).some((e) => /a replay/.test(e.details.reason)), 'recorded');

    // Another credential (a second API key of the same store) presenting the first key's state: -32602.
    const otherKey = (await createApiKey(t.app, owner)).key;
    const thief = await eliciting({ 'X-MerchantApiKey': otherKey });
    thief.tamper = replay({ promotionId: second });
    await assert.rejects(thief.client.callTool({ name: 'delete_promotion', arguments: { promotionId: second } }), /Invalid or expired requestState/);
    assert.equal(await promotionExists(second), true);
    assert.equal(thief.asked.length, 0);
    const byThief = (await refusedConfirmations('delete_promotion')).filter((e) => /another caller/.test(e.details.reason));
    assert.ok(byThief.length > 0 && byThief.every((e) => e.details.credential.type === 'api_key'), `recorded: ${JSON.stringify(byThief)}`);
  });

  it('refuses a state past its 10 minutes (JSON-RPC -32602)', async (ctx) => {
    const m = await eliciting();
    const id = await promotion('EXPIRED10');
    m.answer = { action: 'decline' };
    await refused(m.client, 'delete_promotion', { promotionId: id });
    const declined = retryOf(m);
    m.answer = { action: 'accept', content: { confirm: true } };
    m.tamper = (message) =>
      message.method === 'tools/call' && message.params.requestState === undefined
        ? { ...message, params: { ...message.params, inputResponses: { merchant_confirmation: { action: 'accept', content: { confirm: true } } }, requestState: declined.params.requestState } }
        : message;
    ctx.mock.timers.enable({ apis: ['Date'], now: Date.now() + 10 * 60_000 + 1000 });
    await assert.rejects(m.client.callTool({ name: 'delete_promotion', arguments: { promotionId: id } }), /Invalid or expired requestState/);
    ctx.mock.timers.reset();
    assert.equal(await promotionExists(id), true);
  });

  it('keeps the confirm argument for clients without elicitation: 2026-07-28 without the capability, 2025-11-25, SDK v1', async () => {
    const clients = [
      await connectV2(t.baseUrl, { 'X-MerchantApiKey': key }, true),
      await connectV2(t.baseUrl, { 'X-MerchantApiKey': key }, false),
      await connectV1(t.baseUrl, { 'X-MerchantApiKey': key }),
    ];
    open.push(...clients);
    for (const [i, c] of clients.entries()) {
      const id = await promotion(`PLAIN${i}`);
      const error = await refused(c, 'delete_promotion', { promotionId: id });
      assert.equal(error.code, 'CONFIRMATION_REQUIRED');
      assert.equal(await promotionExists(id), true);
      assert.deepEqual(await ok(c, 'delete_promotion', { promotionId: id, confirm: true }), { id, deleted: true });
    }
  });
});

describeEachDatabase('confirmation by the merchant on 2025-11-25 (elicitation on the call’s stream), and the store setting', (kind) => {
  let t: TestApp & { baseUrl: string };
  let owner: Merchant;
  let key: string;
  let call: ReturnType<typeof jsonClient>;
  const open: Array<{ close(): Promise<void> }> = [];

  before(async () => {
    t = await startListeningApp(kind);
    call = jsonClient(t.app);
    owner = await signup(t.app);
    key = (await createApiKey(t.app, owner)).key;
  });
  after(async () => {
    for (const c of open) await c.close().catch(() => {});
    await t?.close();
  });

  async function eliciting(sdk: 'v1' | 'v2', headers: Record<string, string> = { 'X-MerchantApiKey': key }): Promise<Merchant2025> {
    const m = await connectEliciting2025(t.baseUrl, headers, sdk);
    open.push(m.client);
    return m;
  }
  async function promotion(code: string): Promise<string> {
    const res = await call('POST', '/v1/promotions', { headers: owner.auth, body: { code, kind: 'percentage', value: 10 } });
    assert.equal(res.status, 201, res.raw);
    return res.body.data.id;
  }
  const promotionExists = async (id: string) => (await call('GET', `/v1/promotions/${id}`, { headers: owner.auth })).status === 200;
  const setting = async (on: boolean, headers = owner.auth) => call('PATCH', '/v1/settings', { headers, body: { mcpRequireClientConfirmation: on } });

  for (const sdk of ['v1', 'v2'] as const) {
    it(`${sdk} client declaring elicitation: the merchant is asked on the call's stream with the same text, and only their yes acts`, async () => {
      const m = await eliciting(sdk);
      assert.match(m.sessionId() ?? '', /^s1\./, 'the server gave the connection a session id at initialize');
      const id = await promotion(`STREAM${sdk}`);
      // The model's confirm: true does not replace the merchant.
      for (const answer of [{ action: 'decline' as const }, { action: 'cancel' as const }, { action: 'accept' as const, content: { confirm: false } }]) {
        m.answer = answer;
        const error = await refused(m.client, 'delete_promotion', { promotionId: id, confirm: true });
        assert.equal(error.code, 'CONFIRMATION_DECLINED', JSON.stringify(answer));
        assert.match(error.message, /Nothing was done: the merchant did not agree to delete discount code/);
      }
      assert.equal(await promotionExists(id), true, 'nothing was deleted');
      m.answer = { action: 'accept', content: { confirm: true } };
      assert.deepEqual(await ok(m.client, 'delete_promotion', { promotionId: id }), { id, deleted: true });
      assert.equal(m.asked.length, 4);
      assert.match(m.asked[3]!, new RegExp(`^Delete a discount code: an assistant asks to delete discount code ${id}; customers can no longer use it\\. This cannot be undone\\. Carry it out\\?$`));
      assert.equal(await promotionExists(id), false);
      // What the service would refuse is refused before anyone is asked.
      const gone = await refused(m.client, 'delete_promotion', { promotionId: id });
      assert.equal(gone.code, 'PROMOTION_NOT_FOUND');
      assert.equal(m.asked.length, 4, 'not asked about what cannot happen');
    });
  }

  it('takes an answer only from the credential asked: another key answering the question is ignored', async () => {
    const m = await eliciting('v1');
    const otherKey = (await createApiKey(t.app, owner)).key;
    const id = await promotion('FOREIGN1');
    m.answer = async (questionId) => {
      // Another credential posts an acceptance for this very question before the merchant answers.
      const res = await fetch(`${t.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'X-MerchantApiKey': otherKey, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-11-25' },
        body: JSON.stringify({ jsonrpc: '2.0', id: questionId, result: { action: 'accept', content: { confirm: true } } }),
      });
      await res.body?.cancel();
      return { action: 'decline' };
    };
    const error = await refused(m.client, 'delete_promotion', { promotionId: id });
    assert.equal(error.code, 'CONFIRMATION_DECLINED');
    assert.equal(await promotionExists(id), true);
  });

  it('answers 404 to a session id it did not issue (the client starts a new session)', async () => {
    const res = await fetch(`${t.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'X-MerchantApiKey': key, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-11-25', 'Mcp-Session-Id': 's1.eyJlIjoxfQ.AAAA' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(res.status, 404);
    assert.equal(((await res.json()) as { error: { code: number } }).error.code, -32001);
  });

  it('with mcpRequireClientConfirmation on, refuses confirm: true from clients that cannot ask; clients that ask still work', async () => {
    const off = await call('GET', '/v1/settings', { headers: owner.auth });
    assert.equal(off.body.data.mcpRequireClientConfirmation, false, 'off by default');
    const on = await setting(true);
    assert.equal(on.status, 200, on.raw);
    assert.equal(on.body.data.mcpRequireClientConfirmation, true);
    try {
      const plain = [
        await connectV1(t.baseUrl, { 'X-MerchantApiKey': key }),
        await connectV2(t.baseUrl, { 'X-MerchantApiKey': key }, false),
        await connectV2(t.baseUrl, { 'X-MerchantApiKey': key }, true),
      ];
      open.push(...plain);
      for (const [i, c] of plain.entries()) {
        const id = await promotion(`STRICT${i}`);
        const error = await refused(c, 'delete_promotion', { promotionId: id, confirm: true });
        assert.equal(error.code, 'CONFIRMATION_CLIENT_REQUIRED');
        assert.match(error.message, /Nothing was done\. This would delete discount code/);
        assert.equal(await promotionExists(id), true);
        // What would be refused anyway keeps its own code.
        assert.equal((await refused(c, 'delete_promotion', { promotionId: 'prm_missing', confirm: true })).code, 'PROMOTION_NOT_FOUND');
      }
      for (const m of [await eliciting('v1'), await eliciting('v2')]) {
        const id = await promotion(`ASKS${m.asked.length}${Math.random().toString(36).slice(2, 6)}`);
        assert.deepEqual(await ok(m.client, 'delete_promotion', { promotionId: id }), { id, deleted: true });
        assert.equal(m.asked.length, 1);
      }
      const modern = await connectEliciting(t.baseUrl, { 'X-MerchantApiKey': key });
      open.push(modern.client);
      const id = await promotion('ASKS2026');
      assert.deepEqual(await ok(modern.client, 'delete_promotion', { promotionId: id }), { id, deleted: true });

      // Only the merchant in person turns it off: not an API key, not the connector's tool.
      const byKey = await setting(false, { 'X-MerchantApiKey': key });
      assert.equal(byKey.status, 403, byKey.raw);
      assert.equal(byKey.body.error.code, 'CREDENTIAL_NOT_ALLOWED');
      const byTool = await refused(plain[0]!, 'update_store_settings', { mcpRequireClientConfirmation: false });
      assert.equal(byTool.code, 'VALIDATION_FAILED');
      assert.equal((await call('GET', '/v1/settings', { headers: owner.auth })).body.data.mcpRequireClientConfirmation, true);
    } finally {
      const back = await setting(false);
      assert.equal(back.status, 200, back.raw);
    }
  });
});

describe('the state key', () => {
  it('is made once and shared by every instance on the same database', async () => {
    const { startTestApp } = await import('./helpers/app.ts');
    const a = await startTestApp('sqlite');
    const b = await startTestApp('sqlite', { database: a.database });
    try {
      const [ka, kb] = await Promise.all([a.container.services.confirmations.stateKey(), b.container.services.confirmations.stateKey()]);
      assert.equal(ka.byteLength, 32);
      assert.deepEqual(Buffer.from(ka), Buffer.from(kb));
      const rows = await a.container.db.kysely.selectFrom('server_secrets').select('name').execute();
      assert.deepEqual(rows, [{ name: 'mcp-request-state' }]);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
