import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { nextOrderNumber } from '../src/domain/settings/store-settings.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { auditActions, countOf } from './helpers/delivery-payments.ts';

describeEachDatabase('store settings', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
    m = await signup(t.app);
  });
  after(() => t?.close());

  const get = (who: Merchant = m, headers: Record<string, string> = {}) => call('GET', '/v1/settings', { headers: { ...who.auth, ...headers } });
  const patch = (body: Record<string, unknown>, who: Merchant = m, headers: Record<string, string> = {}) => call('PATCH', '/v1/settings', { headers: { ...who.auth, ...headers }, body });
  const take = (storeId: string, mode: 'live' | 'test' = 'live') => t.container.repos.transaction((repos) => nextOrderNumber(repos, { storeId, mode }, new Date()));

  describe('reading and changing', () => {
    it('shows the defaults of a store that never saved settings, without writing anything', async () => {
      const shop = await signup(t.app);
      const res = await get(shop);
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data, {
        mode: 'live',
        orderNumberPrefix: 'ORD-',
        nextOrderNumber: 1001,
        nextOrderNumberPreview: 'ORD-1001',
        allowedOrigins: [],
        notificationEmail: null,
        pendingNotificationEmail: null,
        notifications: { orders: true, lowStock: true, apps: true },
        mcpRequireClientConfirmation: false,
        lowStockThreshold: 5,
        currency: 'USD',
        timezone: 'UTC',
        pricesIncludeTax: false,
        shippingTaxClass: 'standard',
        updatedAt: null,
      });
      assert.equal(await countOf(t, 'store_settings', shop.storeId), 0);
      const test = await get(shop, { 'x-mode': 'test' });
      assert.deepEqual([test.body.data.mode, test.body.data.nextOrderNumberPreview], ['test', 'TEST-1001']);
    });

    it('changes the per-mode fields, keeps origins in canonical form, and audits the change', async () => {
      const shop = await signup(t.app);
      const res = await patch(
        { orderNumberPrefix: 'NW-', allowedOrigins: ['HTTPS://Shop.Example.com:443/', 'http://localhost:5173'], notificationEmail: 'orders@example.com' },
        shop,
      );
      assert.equal(res.status, 200, res.raw);
      assert.equal(res.body.data.orderNumberPrefix, 'NW-');
      assert.equal(res.body.data.nextOrderNumberPreview, 'NW-1001');
      assert.deepEqual(res.body.data.allowedOrigins, ['https://shop.example.com', 'http://localhost:5173']);
      assert.equal(res.body.data.notificationEmail, null, 'a new address is used only once confirmed from its mail');
      assert.equal(res.body.data.pendingNotificationEmail, 'orders@example.com');
      assert.match(res.body.data.updatedAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/);
      assert.deepEqual((await get(shop)).body.data, res.body.data);
      assert.deepEqual((await auditActions(t, shop.storeId, 2)).sort(), ['settings.notification_email_request', 'settings.update']);
      const cleared = await patch({ notificationEmail: null, allowedOrigins: [] }, shop);
      assert.equal(cleared.body.data.notificationEmail, null);
      assert.equal(cleared.body.data.pendingNotificationEmail, null, 'clearing ends the pending one too');
      assert.deepEqual(cleared.body.data.allowedOrigins, []);
      assert.equal(cleared.body.data.orderNumberPrefix, 'NW-', 'fields not sent keep their value');
    });

    it('changes currency, time zone and low-stock threshold where they live: the business profile and the inventory settings', async () => {
      const shop = await signup(t.app);
      const res = await patch({ currency: 'EUR', timezone: 'Europe/Berlin', lowStockThreshold: 7 }, shop);
      assert.equal(res.status, 200, res.raw);
      assert.deepEqual([res.body.data.currency, res.body.data.timezone, res.body.data.lowStockThreshold], ['EUR', 'Europe/Berlin', 7]);
      const business = await call('GET', '/v1/merchants/profile/business', { headers: shop.auth });
      assert.deepEqual([business.body.data.currency, business.body.data.timezone], ['EUR', 'Europe/Berlin']);
      assert.equal((await call('GET', '/v1/inventory/settings', { headers: shop.auth })).body.data.lowStockThreshold, 7);
      await call('PATCH', '/v1/merchants/profile/business', { headers: shop.auth, body: { currency: 'JPY' } });
      await call('PATCH', '/v1/inventory/settings', { headers: shop.auth, body: { lowStockThreshold: 2 } });
      const after = (await get(shop)).body.data;
      assert.deepEqual([after.currency, after.lowStockThreshold], ['JPY', 2]);
      assert.equal(await countOf(t, 'store_settings', shop.storeId), 0, 'store-wide values are not copied into store_settings');
      const actions = await auditActions(t, shop.storeId, 4);
      assert.ok(actions.includes('store.update') && actions.includes('settings.update'), actions.join(','));
    });
  });

  describe('rules', () => {
    for (const [name, body, path] of [
      ['a prefix longer than 12 characters', { orderNumberPrefix: 'ABCDEFGHIJKLM' }, 'orderNumberPrefix'],
      ['a prefix with other characters than letters, digits and dashes', { orderNumberPrefix: 'NW_' }, 'orderNumberPrefix'],
      ['an origin with a path', { allowedOrigins: ['https://shop.example.com/store'] }, 'allowedOrigins[0]'],
      ['an origin that is not http(s)', { allowedOrigins: ['ftp://shop.example.com'] }, 'allowedOrigins[0]'],
      ['an origin that is not absolute', { allowedOrigins: ['https://ok.example.com', 'shop.example.com'] }, 'allowedOrigins[1]'],
      ['an origin with a query', { allowedOrigins: ['https://shop.example.com?x=1'] }, 'allowedOrigins[0]'],
      ['a wildcard origin', { allowedOrigins: ['https://*.example.com'] }, 'allowedOrigins[0]'],
      ['the same origin twice, however spelled', { allowedOrigins: ['https://shop.example.com', 'https://SHOP.example.com:443'] }, 'allowedOrigins[1]'],
      ['more than 20 origins', { allowedOrigins: Array.from({ length: 21 }, (_, i) => `https://s${i}.example.com`) }, 'allowedOrigins'],
      ['a notification email that is not one', { notificationEmail: 'orders at example.com' }, 'notificationEmail'],
      ['a negative low-stock threshold', { lowStockThreshold: -1 }, 'lowStockThreshold'],
      ['an unknown currency', { currency: 'ABC' }, 'currency'],
      ['an unknown time zone', { timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      ['a next order number of 0', { nextOrderNumber: 0 }, 'nextOrderNumber'],
      ['an unknown field', { theme: 'dark' }, '(body)'],
    ] as const) {
      it(`refuses ${name} with 422 naming ${path}, changing nothing`, async () => {
        const shop = await signup(t.app);
        const res = await patch({ notificationEmail: 'kept@example.com', ...body }, shop);
        assert.equal(res.status, 422, res.raw);
        assert.equal(res.body.error.code, 'VALIDATION_FAILED');
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        assert.equal(await countOf(t, 'store_settings', shop.storeId), 0);
        assert.equal(await countOf(t, 'audit_logs', shop.storeId), 1, 'only the sign-up entry');
      });
    }

    it('refuses a valid currency sent with an invalid prefix without changing the currency', async () => {
      const shop = await signup(t.app);
      const res = await patch({ currency: 'EUR', lowStockThreshold: 9, orderNumberPrefix: 'no spaces' }, shop);
      assert.equal(res.status, 422);
      const now = (await get(shop)).body.data;
      assert.deepEqual([now.currency, now.lowStockThreshold, now.orderNumberPrefix], ['USD', 5, 'ORD-']);
    });

    it('refuses an invalid currency sent with valid per-mode fields without changing them', async () => {
      const shop = await signup(t.app);
      const res = await patch({ currency: 'EURO', orderNumberPrefix: 'NW-', lowStockThreshold: 9 }, shop);
      assert.equal(res.status, 422);
      assert.equal(res.body.error.details[0].path, 'currency');
      const now = (await get(shop)).body.data;
      assert.deepEqual([now.currency, now.lowStockThreshold, now.orderNumberPrefix], ['USD', 5, 'ORD-']);
      assert.equal(await countOf(t, 'store_settings', shop.storeId), 0);
    });

    it('moves the order counter forward only', async () => {
      const shop = await signup(t.app);
      const res = await patch({ nextOrderNumber: 5000 }, shop);
      assert.equal(res.status, 200, res.raw);
      assert.equal(res.body.data.nextOrderNumberPreview, 'ORD-5000');
      assert.equal(await take(shop.storeId), 'ORD-5000');
      const back = await patch({ nextOrderNumber: 4000, orderNumberPrefix: 'X-' }, shop);
      assert.equal(back.status, 422);
      assert.equal(back.body.error.details[0].path, 'nextOrderNumber');
      assert.match(back.body.error.details[0].rule, /at least 5001/);
      assert.equal((await get(shop)).body.data.orderNumberPrefix, 'ORD-', 'nothing of the refused PATCH was kept');
    });
  });

  describe('order numbers', () => {
    it('gives parallel callers distinct consecutive numbers, creating the settings row once', async () => {
      const shop = await signup(t.app);
      const numbers = await Promise.all(Array.from({ length: 25 }, () => take(shop.storeId)));
      const expected = Array.from({ length: 25 }, (_, i) => `ORD-${1001 + i}`);
      assert.deepEqual([...numbers].sort(), expected);
      assert.equal(await countOf(t, 'store_settings', shop.storeId), 1);
      assert.equal((await get(shop)).body.data.nextOrderNumber, 1026);
    });

    it('numbers each mode on its own, uses the current prefix, and gives a rolled-back number back', async () => {
      const shop = await signup(t.app);
      assert.equal(await take(shop.storeId), 'ORD-1001');
      assert.equal(await take(shop.storeId, 'test'), 'TEST-1001', 'the test mode numbers TEST- until it chooses');
      await patch({ orderNumberPrefix: 'NW-' }, shop);
      await assert.rejects(
        t.container.repos.transaction(async (repos) => {
          assert.equal(await nextOrderNumber(repos, { storeId: shop.storeId, mode: 'live' }, new Date()), 'NW-1002');
          throw new Error('the order failed');
        }),
        /the order failed/,
      );
      assert.equal(await take(shop.storeId), 'NW-1002');
      assert.equal(await take(shop.storeId, 'test'), 'TEST-1002');
    });
  });

  describe('tenants, modes and permissions', () => {
    it('keeps the test mode’s settings apart from live (store-wide values are shared)', async () => {
      const shop = await signup(t.app);
      const test = { 'x-mode': 'test' };
      const res = await patch({ orderNumberPrefix: 'TST-', allowedOrigins: ['http://localhost:3000'], notificationEmail: 'test@example.com' }, shop, test);
      assert.equal(res.status, 200);
      assert.equal(res.body.data.mode, 'test');
      const live = (await get(shop)).body.data;
      assert.deepEqual([live.mode, live.orderNumberPrefix, live.allowedOrigins, live.notificationEmail], ['live', 'ORD-', [], null]);
      assert.equal((await get(shop, test)).body.data.orderNumberPrefix, 'TST-');
      assert.equal(await countOf(t, 'store_settings', shop.storeId, 'live'), 0);
    });

    it('changes only the caller’s store', async () => {
      const one = await signup(t.app);
      const two = await signup(t.app);
      await patch({ orderNumberPrefix: 'ONE-' }, one);
      assert.equal((await get(two)).body.data.orderNumberPrefix, 'ORD-');
      assert.equal(await countOf(t, 'store_settings', two.storeId), 0);
    });

    it('needs settings:read to read and settings:write to change (403 naming it, nothing changed)', async () => {
      const shop = await signup(t.app);
      const reader = await createApiKey(t.app, shop, { permissions: ['settings:read'] });
      const none = await createApiKey(t.app, shop, { permissions: ['products:read'] });
      const read = await call('GET', '/v1/settings', { headers: { 'x-merchantapikey': none.key } });
      assert.equal(read.status, 403);
      assert.match(read.body.message, /settings:read/);
      assert.equal((await call('GET', '/v1/settings', { headers: { 'x-merchantapikey': reader.key } })).status, 200);
      const write = await call('PATCH', '/v1/settings', { headers: { 'x-merchantapikey': reader.key }, body: { orderNumberPrefix: 'NO-', currency: 'EUR' } });
      assert.equal(write.status, 403);
      assert.match(write.body.message, /settings:write/);
      const now = (await get(shop)).body.data;
      assert.deepEqual([now.orderNumberPrefix, now.currency], ['ORD-', 'USD']);
    });
  });
});
