import assert from 'node:assert/strict';
import { it } from 'node:test';
import { WEBHOOK_DEFAULTS } from '../src/config.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { connectV1, mcpStoreSuite, ok, refused } from './helpers/mcp.ts';
import { createApiKey, signup } from './helpers/merchants.ts';
import { connect } from './helpers/oauth.ts';
import { WEBHOOK_URL } from './helpers/tool-calls.ts';

/** The webhook tools of the AI connector (docs/mcp.md; the REST API and delivery: test/webhooks*.test.ts). */
describeEachDatabase('MCP webhook tools', (kind) => {
  // Endpoints on loopback: the SSRF check resolves the host only; the delivery worker does not run in tests.
  const s = mcpStoreSuite(kind, { config: { webhooks: { ...WEBHOOK_DEFAULTS, allowLoopback: true } } });

  const restList = async (auth: Record<string, string> = s.merchant.auth) => {
    const res = await s.call('GET', '/v1/webhooks?limit=100', { headers: auth });
    assert.equal(res.status, 200, res.raw);
    return res.body.data as Array<Record<string, unknown> & { id: string }>;
  };

  it('lists the webhook tools in the store toolset, rotation and deletion as destructive', async () => {
    const { tools } = await s.mcp.listTools();
    const hooks = new Map(tools.filter((tool) => tool.name.includes('webhook')).map((tool) => [tool.name, tool]));
    assert.deepEqual(
      [...hooks.keys()],
      ['list_webhooks', 'create_webhook', 'update_webhook', 'delete_webhook', 'rotate_webhook_secret', 'list_webhook_deliveries', 'redeliver_webhook'],
    );
    assert.match(hooks.get('create_webhook')!.description!, /shown this once.*Needs: settings:write\.$/);
    assert.match(hooks.get('list_webhooks')!.description!, /Needs: settings:read\.$/);
    assert.deepEqual(hooks.get('rotate_webhook_secret')!.annotations, { destructiveHint: true, idempotentHint: false, openWorldHint: false });
    assert.equal(hooks.get('delete_webhook')!.annotations?.destructiveHint, true);
    assert.equal(hooks.get('redeliver_webhook')!.annotations?.destructiveHint, false);
  });

  it('creates an endpoint through MCP, visible through REST GET /v1/webhooks with the same fields; the secret is in the answer once', async () => {
    const { webhook } = await ok(s.mcp, 'create_webhook', { url: WEBHOOK_URL, eventTypes: ['order.*', 'review.created'], description: 'ERP sync' });
    assert.match(webhook.secret, /^whsec_/);
    assert.deepEqual([webhook.url, webhook.eventTypes, webhook.enabled, webhook.appClientId], [WEBHOOK_URL, ['order.*', 'review.created'], true, null]);
    const { secret, ...record } = webhook;
    const listed = (await restList()).find((e) => e.id === webhook.id);
    assert.deepEqual(listed, record, 'the same wire fields as REST, without the secret');
    const one = await s.call('GET', `/v1/webhooks/${webhook.id}`, { headers: s.merchant.auth });
    assert.deepEqual(one.body.data, record);
    assert.ok(!JSON.stringify(await ok(s.mcp, 'list_webhooks')).includes(secret), 'the secret is never listed');
    assert.deepEqual((await ok(s.mcp, 'list_webhooks')).items.find((e: { id: string }) => e.id === webhook.id), record);

    // The call is audited, the secret is not: it is in the answer, not in the arguments.
    const audit = await s.call('GET', '/v1/audit-logs?action=mcp.tool_call&targetId=create_webhook&limit=10', { headers: s.merchant.auth });
    assert.equal(audit.body.data[0].details.outcome, 'ok');
    assert.ok(!JSON.stringify(audit.body.data).includes(secret));

    const { webhook: changed } = await ok(s.mcp, 'update_webhook', { webhookId: webhook.id, enabled: false, description: 'Paused' });
    assert.deepEqual([changed.enabled, changed.disabledReason, changed.description], [false, 'merchant', 'Paused']);
    assert.equal('secret' in changed, false);
    assert.deepEqual((await s.call('GET', `/v1/webhooks/${webhook.id}`, { headers: s.merchant.auth })).body.data, changed);
  });

  it('refuses an event type the caller may not read, naming the permission, as REST does, and creates nothing', async () => {
    const key = await createApiKey(s.t.app, s.merchant, { name: 'settings only', permissions: ['settings:write', 'settings:read'] });
    const settingsOnly = await connectV1(s.t.baseUrl, { 'X-MerchantApiKey': key.key });
    s.track(settingsOnly);
    const before = await restList();

    const denied = await refused(settingsOnly, 'create_webhook', { url: WEBHOOK_URL, eventTypes: ['app.disconnected', 'order.created'] });
    assert.equal(denied.code, 'PERMISSION_DENIED');
    assert.match(denied.message, /needs the orders:read permission/);
    assert.deepEqual(denied.details, [{ path: 'permission', rule: 'orders:read', in: 'credential' }]);
    const viaRest = await s.call('POST', '/v1/webhooks', { headers: { 'X-MerchantApiKey': key.key }, body: { url: WEBHOOK_URL, eventTypes: ['app.disconnected', 'order.created'] } });
    assert.equal(viaRest.status, 403);
    assert.deepEqual([viaRest.body.error.code, viaRest.body.message], [denied.code, denied.message], 'the same refusal as on REST');

    // Subscribing an existing endpoint to what the caller may not read is refused too.
    const { webhook } = await ok(settingsOnly, 'create_webhook', { url: WEBHOOK_URL, eventTypes: ['app.disconnected'], enabled: false });
    const widened = await refused(settingsOnly, 'update_webhook', { webhookId: webhook.id, eventTypes: ['customer.*'] });
    assert.deepEqual([widened.code, widened.details], ['PERMISSION_DENIED', [{ path: 'permission', rule: 'customers:read', in: 'credential' }]]);
    const unknown = await refused(settingsOnly, 'create_webhook', { url: WEBHOOK_URL, eventTypes: ['order.shipped'] });
    assert.deepEqual([unknown.code, unknown.details[0]?.path], ['VALIDATION_FAILED', 'eventTypes[0]']);

    const now = await restList();
    assert.deepEqual(
      now.filter((e) => !before.some((b) => b.id === e.id)).map((e) => [e.id, e.eventTypes]),
      [[webhook.id, ['app.disconnected']]],
      'only the allowed endpoint was made, unchanged',
    );
  });

  it("answers WEBHOOK_NOT_FOUND for another store's endpoint, before any confirmation, and leaves it alone", async () => {
    const other = await signup(s.t.app);
    const made = await s.call('POST', '/v1/webhooks', { headers: other.auth, body: { url: WEBHOOK_URL, eventTypes: ['*'] } });
    assert.equal(made.status, 201, made.raw);
    const id = made.body.data.id as string;
    for (const [name, args] of [
      ['update_webhook', { webhookId: id, description: 'Mine now' }],
      ['list_webhook_deliveries', { webhookId: id }],
      ['redeliver_webhook', { webhookId: id }],
      ['delete_webhook', { webhookId: id }],
      ['delete_webhook', { webhookId: id, confirm: true }],
      ['rotate_webhook_secret', { webhookId: id }],
    ] as const) {
      const error = await refused(s.mcp, name, args);
      assert.equal(error.code, 'WEBHOOK_NOT_FOUND', `${name}: ${error.message}`);
    }
    assert.ok(!(await ok(s.mcp, 'list_webhooks', { limit: 100 })).items.some((e: { id: string }) => e.id === id), 'not listed to this store');
    const still = await s.call('GET', `/v1/webhooks/${id}`, { headers: other.auth });
    assert.deepEqual(still.body.data, (({ secret: _secret, ...rest }) => rest)(made.body.data), 'the other store’s endpoint is unchanged');
  });

  it('deletes an endpoint only once the merchant confirmed: a preview first, then it and its log are gone', async () => {
    const { webhook } = await ok(s.mcp, 'create_webhook', { url: WEBHOOK_URL, eventTypes: ['customer.banned'] });
    const { customer } = await ok(s.mcp, 'create_customer', { name: 'Ada Buyer', email: `ada.${Date.now()}@example.com` });
    await ok(s.mcp, 'ban_customer', { customerId: customer.id, reason: 'chargebacks', confirm: true });
    const { items } = await ok(s.mcp, 'list_webhook_deliveries', { webhookId: webhook.id, status: 'pending' });
    assert.deepEqual(items.map((d: { eventType: string }) => d.eventType), ['customer.banned']);
    const viaRest = await s.call('GET', `/v1/webhooks/${webhook.id}/deliveries`, { headers: s.merchant.auth });
    assert.deepEqual(viaRest.body.data, items, 'the delivery log as REST shows it');
    assert.deepEqual((await ok(s.mcp, 'list_webhook_deliveries', { webhookId: webhook.id, eventType: 'customer.banned', eventId: items[0].eventId })).items, items);
    assert.deepEqual((await ok(s.mcp, 'list_webhook_deliveries', { webhookId: webhook.id, eventType: 'order.created' })).items, [], 'the same filters as REST');
    assert.equal((await refused(s.mcp, 'list_webhook_deliveries', { webhookId: webhook.id, eventType: 'order.*' })).details[0]!.path, 'eventType');
    const again = await ok(s.mcp, 'redeliver_webhook', { webhookId: webhook.id, deliveryId: items[0].id });
    assert.deepEqual([again.redelivered, again.delivery.id, again.delivery.status], [1, items[0].id, 'pending']);
    assert.deepEqual(await ok(s.mcp, 'redeliver_webhook', { webhookId: webhook.id }), { redelivered: 0 }, 'nothing failed');

    const preview = await refused(s.mcp, 'delete_webhook', { webhookId: webhook.id });
    assert.equal(preview.code, 'CONFIRMATION_REQUIRED');
    assert.equal(
      preview.message,
      `Nothing was done. This would delete webhook endpoint ${webhook.id} with its deliveries; it receives no more events. Ask the merchant, then call delete_webhook again with confirm: true.`,
    );
    assert.equal((await s.call('GET', `/v1/webhooks/${webhook.id}`, { headers: s.merchant.auth })).status, 200, 'nothing happened');

    assert.deepEqual(await ok(s.mcp, 'delete_webhook', { webhookId: webhook.id, confirm: true }), { id: webhook.id, deleted: true });
    const gone = await s.call('GET', `/v1/webhooks/${webhook.id}`, { headers: s.merchant.auth });
    assert.deepEqual([gone.status, gone.body.error.code], [404, 'WEBHOOK_NOT_FOUND']);
    assert.equal((await refused(s.mcp, 'list_webhook_deliveries', { webhookId: webhook.id })).code, 'WEBHOOK_NOT_FOUND');
  });

  it('lets a connected app manage only the endpoints it made, which the store sees on REST; it is challenged for settings:write as for any tool', async () => {
    const storeOwn = (await ok(s.mcp, 'create_webhook', { url: WEBHOOK_URL, eventTypes: ['order.created'], enabled: false })).webhook.id;
    const app = await connect(s.t.app, s.merchant);
    const client = await connectV1(s.t.baseUrl, app.auth);
    s.track(client);
    const { webhook } = await ok(client, 'create_webhook', { url: WEBHOOK_URL, eventTypes: ['order.*'], enabled: false });
    assert.equal(webhook.appClientId, app.client.client_id);
    assert.deepEqual((await ok(client, 'list_webhooks', { limit: 100 })).items.map((e: { id: string }) => e.id), [webhook.id], 'its own only');
    assert.equal((await refused(client, 'delete_webhook', { webhookId: storeOwn, confirm: true })).code, 'WEBHOOK_NOT_FOUND', 'not the store’s');
    assert.equal((await restList()).find((e) => e.id === webhook.id)?.appClientId, app.client.client_id, 'the store sees it');

    // An app granted orders:read only: the tools need settings:write, which the owner's role has, so the call asks for it.
    const narrow = await connectV1(s.t.baseUrl, (await connect(s.t.app, s.merchant, { scope: 'orders:read' })).auth);
    s.track(narrow);
    await assert.rejects(narrow.callTool({ name: 'create_webhook', arguments: { url: WEBHOOK_URL, eventTypes: ['order.*'] } }), /create_webhook needs the settings:write scope/);
  });

  it('rotates a signing secret only once the merchant confirmed, the old one signing beside it for the overlap', async () => {
    const { webhook } = await ok(s.mcp, 'create_webhook', { url: WEBHOOK_URL, eventTypes: ['product.*'], enabled: false });
    const preview = await refused(s.mcp, 'rotate_webhook_secret', { webhookId: webhook.id });
    assert.equal(preview.code, 'CONFIRMATION_REQUIRED');
    assert.match(preview.message, /replace the signing secret of webhook endpoint \S+; the old one keeps signing beside it for 24 hours, then stops/);
    assert.match((await refused(s.mcp, 'rotate_webhook_secret', { webhookId: webhook.id, overlapSeconds: 0 })).message, /the old one stops signing at once/);
    assert.equal((await s.call('GET', `/v1/webhooks/${webhook.id}`, { headers: s.merchant.auth })).body.data.previousSecretExpiresAt, null, 'nothing happened');

    const { webhook: rotated } = await ok(s.mcp, 'rotate_webhook_secret', { webhookId: webhook.id, overlapSeconds: 3600, confirm: true });
    assert.match(rotated.secret, /^whsec_/);
    assert.notEqual(rotated.secret, webhook.secret);
    const overlap = new Date(rotated.previousSecretExpiresAt).getTime() - new Date(rotated.updatedAt).getTime();
    assert.equal(overlap, 3600 * 1000);
    const { secret: _secret, ...record } = rotated;
    assert.deepEqual((await s.call('GET', `/v1/webhooks/${webhook.id}`, { headers: s.merchant.auth })).body.data, record);
    const invalid = await refused(s.mcp, 'rotate_webhook_secret', { webhookId: webhook.id, overlapSeconds: 8 * 24 * 3600, confirm: true });
    assert.deepEqual([invalid.code, invalid.details[0]?.path], ['VALIDATION_FAILED', 'overlapSeconds']);
  });
});
