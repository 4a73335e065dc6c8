import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { startListeningApp } from './helpers/chromium.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { insertOrder } from './helpers/delivery-payments.ts';
import { connectV1, ok, refused } from './helpers/mcp.ts';
import { createApiKey, type Merchant, signup } from './helpers/merchants.ts';

/** Payments through the AI connector: the link tools give the pay URL; capture and refunds follow the confirmation rules. */
describeEachDatabase('payments through the AI connector', (kind) => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let m: Merchant;
  let mcp: Client;
  before(async () => {
    t = await startListeningApp(kind);
    m = await signup(t.app);
    mcp = await connectV1(t.baseUrl, { 'X-MerchantApiKey': (await createApiKey(t.app, m, { mode: 'test' })).key });
  });
  after(async () => {
    await mcp?.close();
    await t?.close();
  });

  /** Pays the link's page with the test provider's 4242 card, as a shopper's browser would. */
  async function pay(url: string) {
    const path = new URL(url).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    const set = page.headers['set-cookie'];
    const cookie = ((Array.isArray(set) ? set[0] : set) ?? '').split(';')[0]!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
    const form = new URLSearchParams({ csrf, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' });
    const res = await t.app.inject({ method: 'POST', url: path, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
    assert.equal(res.statusCode, 303);
  }

  it('create_payment_link answers the pay URL; capturing an authorized order needs confirmation, and payments:write', async () => {
    const order = await insertOrder(t, m.storeId, { mode: 'test', totalMinor: 2599 });
    const result = (await mcp.callTool({ name: 'create_payment_link', arguments: { orderId: order.id, captureMethod: 'manual' } })) as { structuredContent: any; content: Array<{ text: string }> };
    const link = result.structuredContent.paymentLink;
    assert.match(link.url, /\/pay\/[A-Za-z0-9_-]{43}$/);
    assert.ok(result.content.some((c) => c.text.includes(link.url)), 'the summary names the URL');
    await pay(link.url);
    assert.equal((await ok(mcp, 'get_order', { orderId: order.id })).order.paymentStatus, 'authorized');

    // Shipping it here never captures (the REST move does): a capture is the merchant's confirmed money move.
    const shipped = await refused(mcp, 'update_order_status', { orderId: order.id, to: 'fulfilled' });
    assert.equal(shipped.code, 'ORDER_TRANSITION_NOT_ALLOWED');
    assert.deepEqual(
      [(await ok(mcp, 'get_order', { orderId: order.id })).order.status, (await ok(mcp, 'get_order', { orderId: order.id })).order.paymentStatus],
      ['pending', 'authorized'],
    );
    // Without confirm: nothing is done; the answer says what would be.
    const asked = await refused(mcp, 'update_order_status', { orderId: order.id, to: 'paid' });
    assert.equal(asked.code, 'CONFIRMATION_REQUIRED');
    assert.match(asked.message, /captured instead/);
    assert.equal((await ok(mcp, 'get_order', { orderId: order.id })).order.paymentStatus, 'authorized');
    // A key without payments:write is refused before anyone is asked.
    const ordersOnly = await connectV1(t.baseUrl, { 'X-MerchantApiKey': (await createApiKey(t.app, m, { mode: 'test', permissions: ['orders:read', 'orders:write'] })).key });
    try {
      const denied = await refused(ordersOnly, 'update_order_status', { orderId: order.id, to: 'paid' });
      assert.equal(denied.code, 'PERMISSION_DENIED');
      assert.match(JSON.stringify(denied), /payments:write/);
    } finally {
      await ordersOnly.close();
    }
    const captured = await ok(mcp, 'update_order_status', { orderId: order.id, to: 'paid', confirm: true });
    assert.deepEqual([captured.order.status, captured.order.paymentStatus, captured.order.authorized], ['paid', 'paid', 0]);
    const { payments } = await ok(mcp, 'list_order_payments', { orderId: order.id });
    assert.deepEqual(payments.payments.map((p: any) => [p.method, p.amount]), [['card', 25.99]]);

    // A refund goes through the provider that took the card money, confirmed like every money move.
    assert.equal((await refused(mcp, 'refund_order', { orderId: order.id, amount: 5 })).code, 'CONFIRMATION_REQUIRED');
    const refunded = await ok(mcp, 'refund_order', { orderId: order.id, amount: 5, confirm: true });
    assert.deepEqual([refunded.order.refunded, refunded.order.paymentStatus], [5, 'partially_refunded']);
    const [attempt] = await t.container.db.kysely.selectFrom('provider_payments').select('provider_ref').where('order_id', '=', order.id).execute();
    const atProvider = await t.container.db.kysely.selectFrom('test_provider_payments').select('refunded_minor').where('id', '=', attempt!.provider_ref!).executeTakeFirstOrThrow();
    assert.equal(Number(atProvider.refunded_minor), 500);
  });
});
