import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { insertCustomer, variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { mailConfig, type MailReceiver, setNotificationEmail, startMailReceiver } from './helpers/mail-receiver.ts';
import { client, type Merchant, signup } from './helpers/merchants.ts';
import { connect } from './helpers/oauth.ts';
import { eventually } from './helpers/webhook-receiver.ts';

describeEachDatabase('store notifications by mail', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let smtp: MailReceiver;
  before(async () => {
    smtp = await startMailReceiver();
    t = await startTestApp(kind, { config: { mail: mailConfig(smtp) } });
    t.container.services.mailSender.start();
    call = client(t.app);
  });
  after(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** The notifications an address got (the mail that asked it to confirm itself left out). */
  const notices = (address: string) => smtp.to(address).filter((m) => !m.subject.startsWith('Confirm this address'));
  let n = 0;
  /** A shop whose live notifications go to a fresh address: a product (8 and 3 in stock) and a customer. */
  async function shop(settings: Record<string, unknown> = {}) {
    n += 1;
    const m = await signup(t.app, { storeName: `Notify Shop ${n}` });
    const to = `alerts${n}.${Date.now()}@shop.example`;
    await setNotificationEmail(t.app, smtp, m.auth, to, settings);
    const { productId, skuIds } = await variableProduct(t.app, m, {
      skus: [
        { price: 10, quantityInStock: 8, attributes: { Size: 'S' } },
        { price: 20, quantityInStock: 3, attributes: { Size: 'M' } },
      ],
    });
    assert.equal((await call('PATCH', `/v1/products/${productId}`, { headers: m.auth, body: { status: 'active' } })).status, 200);
    return { m, to, productId, skuIds: skuIds as [string, string], customerId: await insertCustomer(t, m.storeId) };
  }
  const place = (m: Merchant, body: Record<string, unknown>, headers: Record<string, string> = {}) => call('POST', '/v1/orders', { headers: { ...m.auth, ...headers }, body });
  const adjust = (m: Merchant, body: Record<string, unknown>) => call('POST', '/v1/inventory/adjustments', { headers: m.auth, body });
  /** The store's queued messages of a kind (what the outbox holds, sent or not). */
  const queued = (storeId: string, kindOf: string) =>
    t.container.db.kysely.selectFrom('email_messages').select(['kind', 'to_address', 'mode', 'status']).where('store_id', '=', storeId).where('kind', '=', kindOf).execute();
  const mailTo = (address: string, count = 1) => eventually(() => notices(address).length >= count && notices(address), 10_000, `${count} mail(s) to ${address}`);
  /** Waits until the sender has nothing pending left for the store (so "no mail" is a real absence). */
  const settled = (storeId: string) =>
    eventually(async () => (await t.container.db.kysely.selectFrom('email_messages').select('id').where('store_id', '=', storeId).where('status', '=', 'pending').execute()).length === 0);

  describe('new orders', () => {
    it('one mail per order to the notification email of the order’s mode, with a link to the order', async () => {
      const s = await shop();
      const order = await place(s.m, { customerId: s.customerId, lines: [{ skuId: s.skuIds[0], quantity: 2 }] });
      assert.equal(order.status, 201, order.raw);
      const [mail] = await mailTo(s.to);
      assert.equal(mail!.subject, `New order ${order.body.data.number} in Notify Shop ${n}`);
      assert.match(mail!.text, /2 item\(s\), 20\.00 USD/);
      assert.ok(mail!.text.includes(`http://127.0.0.1:3000/dashboard/orders/${order.body.data.id}?store=${s.m.storeId}`));
      assert.equal(mail!.headers.get('auto-submitted'), 'auto-generated');

      // The test mode has its own notification email: none set there, nothing is queued for its orders; once set,
      // its orders go there (marked as test mode), and the live address hears nothing of them.
      const test = { ...s.m, auth: { ...s.m.auth, 'x-mode': 'test' } };
      const { productId, skuIds } = await variableProduct(t.app, test, { skus: [{ price: 3, quantityInStock: 20, attributes: { Size: 'S' } }] });
      assert.equal((await call('PATCH', `/v1/products/${productId}`, { headers: test.auth, body: { status: 'active' } })).status, 200);
      const customerId = await insertCustomer(t, s.m.storeId, { mode: 'test' });
      assert.equal((await place(test, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] })).status, 201);
      assert.equal((await queued(s.m.storeId, 'order_created')).length, 1, 'the test order was not queued');
      const testTo = `test.${s.to}`;
      await setNotificationEmail(t.app, smtp, test.auth, testTo);
      const testOrder = await place(test, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] });
      const [testMail] = await mailTo(testTo);
      assert.equal(testMail!.subject, `New order ${testOrder.body.data.number} in Notify Shop ${n} (test mode)`);
      assert.ok(testMail!.text.includes('&mode=test'), 'the link opens the test mode');
      await settled(s.m.storeId);
      assert.equal(notices(s.to).length, 1, 'live heard only of its own order');
    });

    it('a refused order sends nothing; an order when notifications of orders are off sends nothing, on again sends', async () => {
      const s = await shop({ notifications: { orders: false } });
      const settings = await call('GET', '/v1/settings', { headers: s.m.auth });
      assert.deepEqual(settings.body.data.notifications, { orders: false, lowStock: true, apps: true }, 'only the topic sent changed');
      assert.equal((await place(s.m, { customerId: s.customerId, lines: [{ skuId: s.skuIds[1], quantity: 1 }] })).status, 201);
      const refused = await place(s.m, { customerId: s.customerId, lines: [{ skuId: s.skuIds[1], quantity: 50 }] });
      assert.equal(refused.status, 409, refused.raw);
      assert.equal((await queued(s.m.storeId, 'order_created')).length, 0);
      assert.equal((await call('PATCH', '/v1/settings', { headers: s.m.auth, body: { notifications: { orders: true } } })).status, 200);
      const order = await place(s.m, { customerId: s.customerId, lines: [{ skuId: s.skuIds[1], quantity: 1 }] });
      const [mail] = await mailTo(s.to);
      assert.match(mail!.subject, new RegExp(order.body.data.number));
      await settled(s.m.storeId);
      assert.equal(notices(s.to).length, 1);
    });

    it('no notification email: nothing is queued', async () => {
      const m = await signup(t.app);
      const { skuIds, productId } = await variableProduct(t.app, m, { skus: [{ price: 5, quantityInStock: 9, attributes: { Size: 'S' } }] });
      assert.equal((await call('PATCH', `/v1/products/${productId}`, { headers: m.auth, body: { status: 'active' } })).status, 200);
      const customerId = await insertCustomer(t, m.storeId);
      assert.equal((await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] })).status, 201);
      assert.deepEqual(await queued(m.storeId, 'order_created'), []);
    });
  });

  describe('low stock', () => {
    it('one mail per crossing of the threshold, none while below; off means none', async () => {
      const s = await shop();
      const sku = s.skuIds[0];
      assert.equal((await adjust(s.m, { skuId: sku, delta: -4, reason: 'count' })).status, 201, '8 → 4 crosses 5');
      const [mail] = await mailTo(s.to);
      assert.match(mail!.subject, /^Low stock: /);
      assert.match(mail!.text, /fell to 4, at or below the store's low-stock threshold of 5/);
      assert.equal((await adjust(s.m, { skuId: sku, delta: -1, reason: 'count' })).status, 201, '4 → 3: below already');
      await settled(s.m.storeId);
      assert.equal((await queued(s.m.storeId, 'low_stock')).length, 1);
      assert.equal((await adjust(s.m, { skuId: sku, set: 9, reason: 'restock' })).status, 201);
      assert.equal((await adjust(s.m, { skuId: sku, set: 2, reason: 'count' })).status, 201, 'crosses again');
      await mailTo(s.to, 2);
      assert.equal((await call('PATCH', '/v1/settings', { headers: s.m.auth, body: { notifications: { lowStock: false } } })).status, 200);
      assert.equal((await adjust(s.m, { skuId: sku, set: 9, reason: 'restock' })).status, 201);
      assert.equal((await adjust(s.m, { skuId: sku, set: 1, reason: 'count' })).status, 201);
      await settled(s.m.storeId);
      assert.equal((await queued(s.m.storeId, 'low_stock')).length, 2);
    });
  });

  describe('apps', () => {
    it('a mail when an app is connected and when it is removed; off means none', async () => {
      const s = await shop();
      const app = await connect(t.app, s.m, { scope: 'orders:read' });
      const [connected] = await mailTo(s.to);
      assert.match(connected!.subject, / was connected to Notify Shop/);
      assert.match(connected!.text, new RegExp(`${s.m.email.replace('.', '\\.')} connected the app`));
      assert.match(connected!.text, /orders:read/);
      assert.equal((await call('DELETE', `/v1/connected-apps/${app.client.client_id}`, { headers: s.m.auth })).status, 200);
      const [, removed] = await mailTo(s.to, 2);
      assert.match(removed!.subject, / was removed from Notify Shop/);
      assert.equal((await call('PATCH', '/v1/settings', { headers: s.m.auth, body: { notifications: { apps: false } } })).status, 200);
      await connect(t.app, s.m, { scope: 'orders:read' });
      await settled(s.m.storeId);
      assert.equal((await queued(s.m.storeId, 'app_connected')).length, 1);
    });
  });

  describe('settings', () => {
    it('refuses a bad notifications value naming the field, and changes nothing', async () => {
      const s = await shop();
      for (const body of [{ notifications: { orders: 'no' } }, { notifications: { newsletters: true } }, { notifications: true }]) {
        const res = await call('PATCH', '/v1/settings', { headers: s.m.auth, body });
        assert.equal(res.status, 422, res.raw);
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path.startsWith('notifications')), res.raw);
      }
      assert.deepEqual((await call('GET', '/v1/settings', { headers: s.m.auth })).body.data.notifications, { orders: true, lowStock: true, apps: true });
    });

    it('two changes of different topics at once both hold', async () => {
      const s = await shop();
      const [a, b] = await Promise.all([
        call('PATCH', '/v1/settings', { headers: s.m.auth, body: { notifications: { orders: false } } }),
        call('PATCH', '/v1/settings', { headers: s.m.auth, body: { notifications: { apps: false } } }),
      ]);
      assert.deepEqual([a.status, b.status], [200, 200]);
      assert.deepEqual((await call('GET', '/v1/settings', { headers: s.m.auth })).body.data.notifications, { orders: false, lowStock: true, apps: false });
    });

    it('turning a topic off needs settings:write (403) and is per mode', async () => {
      const s = await shop();
      const res = await call('PATCH', '/v1/settings', { headers: { ...s.m.auth, 'x-mode': 'test' }, body: { notifications: { orders: false } } });
      assert.equal(res.status, 200, res.raw);
      assert.equal((await call('GET', '/v1/settings', { headers: s.m.auth })).body.data.notifications.orders, true, 'live is untouched');
      const key = await call('POST', '/v1/api-keys', { headers: s.m.auth, body: { name: 'read only', permissions: ['settings:read'] } });
      const denied = await call('PATCH', '/v1/settings', { headers: { 'x-merchantapikey': key.body.data.key }, body: { notifications: { orders: false } } });
      assert.equal(denied.status, 403, denied.raw);
    });
  });
});
