import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { WEBHOOK_DEFAULTS } from '../src/config.ts';
import { startTestApp, TEST_BASE_URL, type TestApp } from './helpers/app.ts';
import { insertCustomer, variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { linkIn, mailConfig, type MailReceiver, openMailedLink, setNotificationEmail, startMailReceiver } from './helpers/mail-receiver.ts';
import { connectV1, refused } from './helpers/mcp.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { eventually, type Receiver, startReceiver } from './helpers/webhook-receiver.ts';

/**
 * "Directing data somewhere is reading it" (docs/security.md): whoever chooses where store data goes (a webhook
 * endpoint's URL, its signing secret, a delivery's body sent again, the notification address) must be able to read
 * everything that will flow there. Each refusal is a 403 naming the missing permission, with nothing written.
 */
describeEachDatabase('directing data is reading it', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let receiver: Receiver;
  let smtp: MailReceiver;
  let baseUrl: string;

  before(async () => {
    smtp = await startMailReceiver();
    receiver = await startReceiver();
    t = await startTestApp(kind, {
      config: { webhooks: { ...WEBHOOK_DEFAULTS, allowLoopback: true, retryScheduleSeconds: [0.15], pollMs: 50, timeoutMs: 2000 }, mail: mailConfig(smtp) },
    });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    t.container.services.webhookDelivery.start();
    t.container.services.mailSender.start();
    call = client(t.app);
  });
  after(async () => {
    await t?.close();
    await receiver?.close();
    await smtp?.close();
  });

  const db = () => t.container.db.kysely;
  const key = async (m: Merchant, permissions: string[]) => ({ 'x-merchantapikey': (await createApiKey(t.app, m, { permissions })).key });
  const forbidden = (res: { status: number; body: any; raw: string }, permission: string, what: string) => {
    assert.equal(res.status, 403, `${what}: ${res.raw}`);
    assert.equal(res.body.error.code, 'PERMISSION_DENIED', what);
    assert.ok(
      res.body.error.details.some((d: { path: string; rule: string }) => d.path === 'permission' && d.rule === permission),
      `${what} names ${permission}: ${res.raw}`,
    );
  };

  /** A shop with a `*` endpoint of the owner's, and one order delivered to it. */
  async function shopWithEndpoint() {
    const m = await signup(t.app);
    const { productId, skuIds } = await variableProduct(t.app, m, { skus: [{ price: 10, quantityInStock: 50, attributes: { Size: 'S' } }] });
    assert.equal((await call('PATCH', `/v1/products/${productId}`, { headers: m.auth, body: { status: 'active' } })).status, 200);
    const customerId = await insertCustomer(t, m.storeId);
    const created = await call('POST', '/v1/webhooks', { headers: m.auth, body: { url: receiver.url, eventTypes: ['*'] } });
    assert.equal(created.status, 201, created.raw);
    const endpoint = created.body.data as { id: string; secret: string };
    const order = await call('POST', '/v1/orders', { headers: m.auth, body: { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] } });
    assert.equal(order.status, 201, order.raw);
    const delivery = await eventually(async () => {
      const list = await call('GET', `/v1/webhooks/${endpoint.id}/deliveries?eventType=order.created`, { headers: m.auth });
      return list.body.data[0]?.status === 'succeeded' && (list.body.data[0] as { id: string });
    });
    const stored = async () => JSON.stringify(await db().selectFrom('webhook_endpoints').select(['url', 'event_types', 'secret', 'previous_secret']).where('id', '=', endpoint.id).executeTakeFirst());
    return { m, endpoint, deliveryId: delivery.id, stored, customerId, skuIds };
  }

  describe('webhook endpoints', () => {
    it('a settings:write key cannot retarget, rotate or redeliver a `*` endpoint it could not read, and writes nothing', async () => {
      const s = await shopWithEndpoint();
      const writer = await key(s.m, ['settings:write']);
      const before = await s.stored();
      forbidden(await call('PATCH', `/v1/webhooks/${s.endpoint.id}`, { headers: writer, body: { url: 'https://attacker.example/hook' } }), 'orders:read', 'retargeting');
      forbidden(await call('PATCH', `/v1/webhooks/${s.endpoint.id}`, { headers: writer, body: { url: 'not a url at all' } }), 'orders:read', '403 before the URL is looked at');
      forbidden(await call('POST', `/v1/webhooks/${s.endpoint.id}/rotate-secret`, { headers: writer }), 'orders:read', 'rotating the secret');
      forbidden(await call('POST', `/v1/webhooks/${s.endpoint.id}/deliveries/${s.deliveryId}/redeliver`, { headers: writer }), 'orders:read', 'redelivering');
      forbidden(await call('POST', `/v1/webhooks/${s.endpoint.id}/redeliver-failed`, { headers: writer }), 'orders:read', 'redelivering every failed one');
      assert.equal(await s.stored(), before, 'the URL, event types and secrets are as they were');
      const delivery = await db().selectFrom('webhook_deliveries').select(['status', 'attempts']).where('id', '=', s.deliveryId).executeTakeFirstOrThrow();
      assert.deepEqual([delivery.status, Number(delivery.attempts)], ['succeeded', 1], 'nothing was sent again');
      // Enabling, disabling and describing direct nothing new: still allowed.
      assert.equal((await call('PATCH', `/v1/webhooks/${s.endpoint.id}`, { headers: writer, body: { description: 'Owned by ops' } })).status, 200);
    });

    it('with every read permission its events need, the same key retargets and rotates', async () => {
      const s = await shopWithEndpoint();
      const full = await key(s.m, ['settings:write', 'orders:read', 'products:read', 'inventory:read', 'customers:read', 'reviews:read', 'payments:read']);
      const moved = await call('PATCH', `/v1/webhooks/${s.endpoint.id}`, { headers: full, body: { url: `${receiver.url}?moved=1` } });
      assert.equal(moved.status, 200, moved.raw);
      assert.equal((await call('POST', `/v1/webhooks/${s.endpoint.id}/rotate-secret`, { headers: full, body: { overlapSeconds: 0 } })).status, 200);
      // An endpoint of order events only needs orders:read for the same.
      const orders = await call('POST', '/v1/webhooks', { headers: s.m.auth, body: { url: receiver.url, eventTypes: ['order.*'] } });
      const narrow = await key(s.m, ['settings:write', 'orders:read']);
      assert.equal((await call('PATCH', `/v1/webhooks/${orders.body.data.id}`, { headers: narrow, body: { url: `${receiver.url}?narrow=1` } })).status, 200);
      // Changing the URL and the event types at once is judged on the new types.
      const retyped = await call('PATCH', `/v1/webhooks/${s.endpoint.id}`, { headers: narrow, body: { url: `${receiver.url}?n=2`, eventTypes: ['order.created'] } });
      assert.equal(retyped.status, 200, retyped.raw);
    });

    it("reading a delivery's body takes its resource's read permission; the log without bodies takes settings:read", async () => {
      const s = await shopWithEndpoint();
      const reader = await key(s.m, ['settings:read']);
      assert.equal((await call('GET', `/v1/webhooks/${s.endpoint.id}/deliveries`, { headers: reader })).status, 200, 'the log: event types, statuses, attempts');
      const denied = await call('GET', `/v1/webhooks/${s.endpoint.id}/deliveries/${s.deliveryId}`, { headers: reader });
      forbidden(denied, 'orders:read', "an order's body");
      assert.doesNotMatch(denied.raw, /customerName|"payload"/, 'nothing of the body in the refusal');
      const orderReader = await key(s.m, ['settings:read', 'orders:read']);
      const shown = await call('GET', `/v1/webhooks/${s.endpoint.id}/deliveries/${s.deliveryId}`, { headers: orderReader });
      assert.equal(shown.status, 200, shown.raw);
      assert.match(JSON.stringify(shown.body.data), /order\.created/);
    });

    it('the AI connector holds the same rule: update_webhook with a new URL and rotate_webhook_secret are refused', async () => {
      const s = await shopWithEndpoint();
      const mcp = await connectV1(baseUrl, await key(s.m, ['settings:write']));
      try {
        const retarget = await refused(mcp, 'update_webhook', { webhookId: s.endpoint.id, url: 'https://attacker.example/hook' });
        assert.equal(retarget.code, 'PERMISSION_DENIED');
        assert.ok(retarget.details.some((d) => d.rule === 'orders:read'));
        const rotate = await refused(mcp, 'rotate_webhook_secret', { webhookId: s.endpoint.id, confirm: true });
        assert.equal(rotate.code, 'PERMISSION_DENIED');
        const notify = await refused(mcp, 'update_store_settings', { notificationEmail: 'attacker@example.com' });
        assert.equal(notify.code, 'PERMISSION_DENIED');
      } finally {
        await mcp.close();
      }
      // The orders export and a payment link for an order show orders: through the tools too, they need orders:read.
      const narrow = await connectV1(baseUrl, await key(s.m, ['analytics:read', 'payments:write']));
      try {
        const exported = await refused(narrow, 'export_orders', { from: '2026-01-01', to: '2026-01-31' });
        assert.deepEqual([exported.code, exported.details.map((d) => d.rule)], ['PERMISSION_DENIED', ['orders:read']]);
        const order = (await call('GET', '/v1/orders', { headers: s.m.auth })).body.data[0].id as string;
        const link = await refused(narrow, 'create_payment_link', { orderId: order });
        assert.deepEqual([link.code, link.details.map((d) => d.rule)], ['PERMISSION_DENIED', ['orders:read']]);
        assert.equal((await db().selectFrom('payment_links').select('id').where('store_id', '=', s.m.storeId).execute()).length, 0, 'no link made');
      } finally {
        await mcp.close();
      }
    });
  });

  describe('the notification address', () => {
    const linkRows = (storeId: string) => db().selectFrom('email_links').select(['purpose', 'email', 'used_at']).where('store_id', '=', storeId).execute();

    it('needs the read permissions of what the notifications show, and writes nothing without them', async () => {
      const m = await signup(t.app);
      const writer = await key(m, ['settings:write']);
      const res = await call('PATCH', '/v1/settings', { headers: writer, body: { notificationEmail: 'attacker@example.com' } });
      forbidden(res, 'orders:read', 'a new address');
      const partly = await key(m, ['settings:write', 'orders:read']);
      forbidden(await call('PATCH', '/v1/settings', { headers: partly, body: { notificationEmail: 'attacker@example.com' } }), 'customers:read', 'order mail names the customer');
      assert.deepEqual(await linkRows(m.storeId), []);
      assert.equal((await db().selectFrom('email_messages').select('id').where('to_address', '=', 'attacker@example.com').execute()).length, 0, 'no mail queued');
      assert.equal((await call('GET', '/v1/settings', { headers: m.auth })).body.data.notificationEmail, null);
      // Clearing the address directs nothing anywhere: settings:write is enough.
      assert.equal((await call('PATCH', '/v1/settings', { headers: writer, body: { notificationEmail: null } })).status, 200);
      // With the order topic off, its permissions are not needed; turning it back on needs them.
      const lowStockOnly = await key(m, ['settings:write', 'inventory:read']);
      assert.equal((await call('PATCH', '/v1/settings', { headers: m.auth, body: { notifications: { orders: false } } })).status, 200);
      const allowed = await call('PATCH', '/v1/settings', { headers: lowStockOnly, body: { notificationEmail: `stock.${Date.now()}@example.com` } });
      assert.equal(allowed.status, 200, allowed.raw);
      forbidden(await call('PATCH', '/v1/settings', { headers: lowStockOnly, body: { notifications: { orders: true } } }), 'orders:read', 'turning order mail on');
    });

    it('is used only once the link mailed to it is opened; a newer request replaces the older link', async () => {
      const m = await signup(t.app, { storeName: 'Linden Goods' });
      const first = `first.${Date.now()}@shop.example`;
      await setNotificationEmail(t.app, smtp, m.auth, first);
      assert.equal((await call('GET', '/v1/settings', { headers: m.auth })).body.data.notificationEmail, first);

      const replaced = `replaced.${Date.now()}@shop.example`;
      const wanted = `wanted.${Date.now()}@shop.example`;
      assert.equal((await call('PATCH', '/v1/settings', { headers: m.auth, body: { notificationEmail: replaced } })).status, 200);
      const pending = await call('PATCH', '/v1/settings', { headers: m.auth, body: { notificationEmail: wanted } });
      assert.equal(pending.status, 200, pending.raw);
      assert.deepEqual([pending.body.data.notificationEmail, pending.body.data.pendingNotificationEmail], [first, wanted], 'the confirmed address stays in use');

      // The replaced request's mail is never sent, or its link no longer works.
      const wantedMail = (await eventually(() => smtp.to(wanted).length >= 1 && smtp.to(wanted)))[0]!;
      assert.equal(wantedMail.subject, 'Confirm this address for Linden Goods notifications');
      const stale = smtp.to(replaced)[0];
      if (stale) {
        const link = new URL(linkIn(stale, `${TEST_BASE_URL}/email-links/confirm?token=`));
        const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
        assert.equal(page.statusCode, 400, 'a replaced link does not work');
      }
      // The link's page says what it does before doing it.
      const link = new URL(linkIn(wantedMail, `${TEST_BASE_URL}/email-links/confirm?token=`));
      const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /Linden Goods/);
      assert.equal((await call('GET', '/v1/settings', { headers: m.auth })).body.data.notificationEmail, first, 'opening the page changed nothing');

      await openMailedLink(t.app, smtp, wanted);
      const now = (await call('GET', '/v1/settings', { headers: m.auth })).body.data;
      assert.deepEqual([now.notificationEmail, now.pendingNotificationEmail], [wanted, null]);
      const again = await t.app.inject({ method: 'POST', url: '/email-links/confirm', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `token=${link.searchParams.get('token')}` });
      assert.equal(again.statusCode, 400, 'a link works once');
      const audit = await db().selectFrom('audit_logs').select('action').where('store_id', '=', m.storeId).execute();
      assert.ok(audit.some((a) => a.action === 'settings.notification_email_request') && audit.some((a) => a.action === 'settings.notification_email_confirm'));
    });
  });

  describe('account email', () => {
    const agedSession = async (m: Merchant) => {
      await db().updateTable('sessions').set({ created_at: new Date(Date.now() - 10 * 60_000).toISOString() }).where('user_id', '=', m.userId).execute();
    };
    const patchProfile = (m: Merchant, body: Record<string, unknown>) => call('PATCH', '/v1/merchants/profile', { headers: m.auth, body });

    it('needs the current password on a session that signed in over 5 minutes ago, and writes nothing without it', async () => {
      const m = await signup(t.app);
      await agedSession(m);
      const to = `new.${Date.now()}@example.com`;
      for (const body of [{ email: to }, { email: to, currentPassword: 'not the password at all' }]) {
        const res = await patchProfile(m, body);
        assert.equal(res.status, 403, res.raw);
        assert.equal(res.body.error.code, 'REAUTHENTICATION_REQUIRED');
        assert.equal(res.body.error.details[0].path, 'currentPassword');
      }
      assert.equal((await db().selectFrom('email_links').select('id').where('user_id', '=', m.userId).execute()).length, 0, 'no link');
      assert.equal(smtp.to(to).length, 0, 'no mail');
      const key2 = (await createApiKey(t.app, m)).key;
      assert.equal((await call('PATCH', '/v1/merchants/profile', { headers: { 'x-merchantapikey': key2 }, body: { email: to } })).status, 403, 'an API key cannot');
    });

    it('takes effect when the new address opens its link; the old address gets a notice whose link undoes it and signs out everywhere', async () => {
      const m = await signup(t.app);
      await agedSession(m);
      const to = `moved.${Date.now()}@example.com`;
      const asked = await patchProfile(m, { email: to, currentPassword: m.password, name: 'Renamed at once' });
      assert.equal(asked.status, 200, asked.raw);
      assert.deepEqual([asked.body.data.email, asked.body.data.pendingEmail, asked.body.data.name], [m.email, to, 'Renamed at once']);
      assert.equal((await call('POST', '/v1/auth/login', { body: { email: m.email, password: m.password } })).status, 200, 'the old email still signs in');

      const confirmation = (await eventually(() => smtp.to(to).length >= 1 && smtp.to(to)))[0]!;
      assert.equal(confirmation.subject, 'Confirm your new email address');
      await openMailedLink(t.app, smtp, to);
      const profile = (await call('GET', '/v1/merchants/profile', { headers: m.auth })).body.data;
      assert.deepEqual([profile.email, profile.emailVerified, profile.pendingEmail], [to, true, null]);
      assert.equal((await call('POST', '/v1/auth/login', { body: { email: to, password: m.password } })).status, 200, 'the new email signs in');

      const notice = (await eventually(() => smtp.to(m.email).find((x) => x.subject === 'Your account email was changed')))!;
      assert.match(notice.text, new RegExp(to.replaceAll('.', '\\.')));
      const page = await openMailedLink(t.app, smtp, m.email, smtp.to(m.email).indexOf(notice) + 1);
      assert.match(page, /Email restored/);
      assert.equal((await call('GET', '/v1/merchants/profile', { headers: m.auth })).status, 401, 'every session was signed out');
      const back = await call('POST', '/v1/auth/login', { body: { email: m.email, password: m.password } });
      assert.equal(back.status, 200, 'the old email signs in again');
      assert.equal(back.body.data.user.email, m.email);
    });

    it('a session that signed in within 5 minutes may change it without the password; a taken address is refused', async () => {
      const m = await signup(t.app);
      const fresh = await patchProfile(m, { email: `fresh.${Date.now()}@example.com` });
      assert.equal(fresh.status, 200, fresh.raw);
      const other = await signup(t.app);
      const taken = await patchProfile(m, { email: other.email.toUpperCase() });
      assert.equal(taken.status, 409);
      assert.equal(taken.body.error.code, 'EMAIL_TAKEN');
    });
  });

  describe('invitations need a verified email', () => {
    it('a token passed by hand is refused to an unverified account; verifying by mail lets it through', async () => {
      const owner = await signup(t.app);
      const person = await signup(t.app, { verified: false });
      assert.equal((await call('GET', '/v1/merchants/profile', { headers: person.auth })).body.data.emailVerified, false);
      const invite = await call('POST', '/v1/members/invitations', { headers: owner.auth, body: { email: person.email, role: 'staff' } });
      const refusedAccept = await call('POST', '/v1/invitations/accept', { headers: person.auth, body: { token: invite.body.data.token } });
      assert.equal(refusedAccept.status, 403, refusedAccept.raw);
      assert.equal(refusedAccept.body.error.code, 'EMAIL_NOT_VERIFIED');
      assert.equal((await db().selectFrom('store_members').select('user_id').where('store_id', '=', owner.storeId).where('user_id', '=', person.userId).execute()).length, 0);

      const asked = await call('POST', '/v1/merchants/profile/email-verification', { headers: person.auth });
      assert.equal(asked.status, 200, asked.raw);
      const verification = (await eventually(() => smtp.to(person.email).find((x) => x.subject === 'Verify your email address')))!;
      await openMailedLink(t.app, smtp, person.email, smtp.to(person.email).indexOf(verification) + 1);
      assert.equal((await call('GET', '/v1/merchants/profile', { headers: person.auth })).body.data.emailVerified, true);
      assert.equal((await call('POST', '/v1/invitations/accept', { headers: person.auth, body: { token: invite.body.data.token } })).status, 200);
    });

    it("the invitation's own mail proves the address: accepted from its link, the email becomes verified", async () => {
      const owner = await signup(t.app);
      const person = await signup(t.app, { verified: false });
      assert.equal((await call('POST', '/v1/members/invitations', { headers: owner.auth, body: { email: person.email, role: 'staff' } })).status, 201);
      const mail = (await eventually(() => smtp.to(person.email).find((x) => x.subject.startsWith('You are invited'))))!;
      const token = new URL(linkIn(mail, `${TEST_BASE_URL}/dashboard/invitations/accept?token=`)).searchParams.get('token')!;
      const accepted = await call('POST', '/v1/invitations/accept', { headers: person.auth, body: { token } });
      assert.equal(accepted.status, 200, accepted.raw);
      assert.equal((await call('GET', '/v1/merchants/profile', { headers: person.auth })).body.data.emailVerified, true);
    });
  });
});
