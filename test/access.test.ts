import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ROLE_PERMISSIONS } from '../src/domain/shared/permissions.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, joinStore, type Merchant, signup } from './helpers/merchants.ts';

const VARY = 'Authorization, X-Mode, X-MerchantId, X-Service-Client, X-Enable-Cache, X-MerchantApiKey, X-PublishableKey';

describeEachDatabase('stores, modes, permissions and API keys', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
  });
  after(() => t?.close());

  /** A store with an owner, and an admin and a staff member who joined by invitation. */
  async function team(): Promise<{ owner: Merchant; admin: Merchant; staff: Merchant }> {
    const owner = await signup(t.app);
    return { owner, admin: await joinStore(t.app, owner, 'admin'), staff: await joinStore(t.app, owner, 'staff') };
  }

  describe('the active store (X-MerchantId)', () => {
    it('uses the only store without the header, and demands the header once there are several', async () => {
      const m = await signup(t.app);
      assert.equal((await call('GET', '/v1/users/me/permissions', { headers: m.auth })).body.data.storeId, m.storeId);
      const created = await call('POST', '/v1/stores', { headers: m.auth, body: { name: 'Second', currency: 'EUR', timezone: 'Europe/Berlin' } });
      assert.equal(created.status, 201);
      assert.equal(created.body.data.role, 'owner');
      assert.equal(created.body.data.currency, 'EUR');
      const ambiguous = await call('GET', '/v1/users/me/permissions', { headers: m.auth });
      assert.equal(ambiguous.status, 400);
      assert.equal(ambiguous.body.error.code, 'MERCHANT_ID_REQUIRED');
      assert.equal(ambiguous.body.error.details[0].path, 'X-MerchantId');
      assert.match(ambiguous.body.message, /X-MerchantId/);
      const second = await call('GET', '/v1/merchants/profile/business', { headers: { ...m.auth, 'x-merchantid': created.body.data.id } });
      assert.equal(second.body.data.name, 'Second');
      const first = await call('GET', '/v1/merchants/profile/business', { headers: { ...m.auth, 'x-merchantid': m.storeId } });
      assert.equal(first.body.data.storeId, m.storeId);
      assert.equal((await call('GET', '/v1/stores', { headers: m.auth })).body.data.length, 2);
    });

    it("answers another merchant's store with 404, never 403", async () => {
      const a = await signup(t.app);
      const b = await signup(t.app);
      const res = await call('GET', '/v1/merchants/profile/business', { headers: { ...b.auth, 'x-merchantid': a.storeId } });
      assert.equal(res.status, 404);
      assert.equal(res.body.error.code, 'STORE_NOT_FOUND');
      const unknown = await call('GET', '/v1/merchants/profile/business', { headers: { ...b.auth, 'x-merchantid': 'sto_doesnotexist' } });
      assert.equal(unknown.status, 404);
      assert.equal(unknown.body.message.replace(/"[^"]+"/, ''), res.body.message.replace(/"[^"]+"/, ''), 'same answer');
    });

    it('refuses a malformed X-MerchantId or X-Mode with 400 naming the header', async () => {
      const m = await signup(t.app);
      const badId = await call('GET', '/v1/users/me/permissions', { headers: { ...m.auth, 'x-merchantid': 'not a store!' } });
      assert.equal(badId.status, 400);
      assert.equal(badId.body.error.details[0].path, 'X-MerchantId');
      const badMode = await call('GET', '/v1/users/me/permissions', { headers: { ...m.auth, 'x-mode': 'staging' } });
      assert.equal(badMode.status, 400);
      assert.equal(badMode.body.error.code, 'INVALID_HEADER');
      assert.deepEqual(badMode.body.error.details[0], { path: 'X-Mode', rule: 'must be live or test', in: 'header' });
    });

    it('refuses creating a store with an unknown currency or time zone', async () => {
      const m = await signup(t.app);
      const res = await call('POST', '/v1/stores', { headers: m.auth, body: { name: 'X', currency: 'XYZ', timezone: 'Mars/Olympus' } });
      assert.equal(res.status, 422);
      assert.deepEqual(res.body.error.details.map((d: { path: string }) => d.path).sort(), ['currency', 'timezone']);
      assert.equal((await call('GET', '/v1/stores', { headers: m.auth })).body.data.length, 1);
    });
  });

  describe('roles and permissions', () => {
    it('gives owners, admins and staff their role permissions (write implies read)', async () => {
      const { owner, admin, staff } = await team();
      const perms = async (m: Merchant) => (await call('GET', '/v1/users/me/permissions', { headers: m.auth })).body.data;
      const o = await perms(owner);
      assert.equal(o.role, 'owner');
      assert.equal(o.permissions.length, 19);
      const a = await perms(admin);
      assert.equal(a.role, 'admin');
      assert.ok(!a.permissions.includes('settings:write'));
      assert.ok(a.permissions.includes('settings:read'));
      const s = await perms(staff);
      assert.deepEqual(new Set(s.permissions), new Set(ROLE_PERMISSIONS.staff));
      for (const p of s.permissions) if (p.endsWith(':write')) assert.ok(s.permissions.includes(p.replace(':write', ':read')));
    });

    const settingsRead: Array<[string, string]> = [
      ['GET', '/v1/members'],
      ['GET', '/v1/members/invitations'],
      ['GET', '/v1/audit-logs'],
    ];
    const settingsWrite: Array<[string, string, unknown?]> = [
      ['POST', '/v1/api-keys', { name: 'k' }],
      ['GET', '/v1/api-keys'],
      ['DELETE', '/v1/api-keys/key_01M80SVF498ZGY074CQ2AQD13P'],
      ['PATCH', '/v1/merchants/profile/business', { name: 'Renamed' }],
      ['POST', '/v1/members/invitations', { email: 'x@example.com', role: 'staff' }],
      ['DELETE', '/v1/members/invitations/inv_01M80SVF498ZGY074CQ2AQD13P'],
      ['PATCH', '/v1/members/usr_01M80SVF498ZGY074CQ2AQD13P', { role: 'staff' }],
      ['DELETE', '/v1/members/usr_01M80SVF498ZGY074CQ2AQD13P'],
    ];

    it('refuses settings:read routes to staff with 403 naming the permission; admins may read them', async () => {
      const { admin, staff } = await team();
      for (const [method, url] of settingsRead) {
        const res = await call(method as 'GET', url, { headers: staff.auth });
        assert.equal(res.status, 403, `${method} ${url}`);
        assert.equal(res.body.error.code, 'PERMISSION_DENIED');
        assert.match(res.body.message, /settings:read/);
        assert.equal((await call(method as 'GET', url, { headers: admin.auth })).status, 200, `${method} ${url} as admin`);
      }
    });

    it('refuses settings:write routes to admins and staff with 403 naming the permission, changing nothing', async () => {
      const { owner, admin, staff } = await team();
      const before = (await call('GET', '/v1/merchants/profile/business', { headers: owner.auth })).body.data;
      for (const m of [admin, staff]) {
        for (const [method, url, body] of settingsWrite) {
          const res = await call(method as 'POST', url, { headers: m.auth, body });
          assert.equal(res.status, 403, `${method} ${url}`);
          assert.match(res.body.message, /settings:write/);
        }
      }
      assert.deepEqual((await call('GET', '/v1/merchants/profile/business', { headers: owner.auth })).body.data, before);
      assert.equal((await call('GET', '/v1/members/invitations', { headers: owner.auth })).body.data.length, 0);
    });

    it('lets any member read the business profile', async () => {
      const { staff, owner } = await team();
      const res = await call('GET', '/v1/merchants/profile/business', { headers: staff.auth });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.storeId, owner.storeId);
    });
  });

  describe('business profile', () => {
    it('changes only the sent fields, validates references, and gives a new ETag', async () => {
      const m = await signup(t.app);
      const before = await call('GET', '/v1/merchants/profile/business', { headers: m.auth });
      const res = await call('PATCH', '/v1/merchants/profile/business', {
        headers: m.auth,
        body: { legalName: 'Olive Oils GmbH', address: { line1: 'Hauptstr. 1', countryId: 'DE', stateId: 'DE-BE' }, currency: 'EUR', timezone: 'Europe/Berlin' },
      });
      assert.equal(res.status, 200, res.raw);
      const d = res.body.data;
      assert.equal(d.legalName, 'Olive Oils GmbH');
      assert.deepEqual(d.address, { line1: 'Hauptstr. 1', line2: null, city: null, postalCode: null, countryId: 'DE', stateId: 'DE-BE' });
      assert.equal(d.currency, 'EUR');
      assert.equal(d.name, before.body.data.name);
      assert.equal(d.mode, 'live');
      const revalidate = await call('GET', '/v1/merchants/profile/business', { headers: { ...m.auth, 'if-none-match': String(before.headers.etag) } });
      assert.equal(revalidate.status, 200);
      assert.notEqual(revalidate.headers.etag, before.headers.etag);
      const test = await call('GET', '/v1/merchants/profile/business', { headers: { ...m.auth, 'x-mode': 'test' } });
      assert.equal(test.body.data.mode, 'test');
    });

    for (const [name, body, path] of [
      ['an unknown country', { address: { countryId: 'XX' } }, 'address.countryId'],
      ['a state of another country', { address: { countryId: 'US', stateId: 'DE-BE' } }, 'address.stateId'],
      ['an unknown currency', { currency: 'ABC' }, 'currency'],
      ['an unknown time zone', { timezone: 'Europe/Atlantis' }, 'timezone'],
      ['a logo that is not an uploaded file', { logoFileId: 'fil_nothere' }, 'logoFileId'],
      ['an unknown field', { colour: 'red' }, '(body)'],
      ['a bad contact email', { contactEmail: 'nope' }, 'contactEmail'],
    ] as const) {
      it(`refuses ${name} with 422 naming ${path}, writing nothing`, async () => {
        const m = await signup(t.app);
        const before = (await call('GET', '/v1/merchants/profile/business', { headers: m.auth })).body.data;
        const res = await call('PATCH', '/v1/merchants/profile/business', { headers: m.auth, body });
        assert.equal(res.status, 422, res.raw);
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        assert.deepEqual((await call('GET', '/v1/merchants/profile/business', { headers: m.auth })).body.data, before);
      });
    }
  });

  describe('cache windows of the merchant routes', () => {
    const windows: Array<[string, string]> = [
      ['/v1/users/me/permissions', 'max-age=180, private, must-revalidate'],
      ['/v1/merchants/profile', 'max-age=300, private, must-revalidate'],
      ['/v1/merchants/profile/business', 'max-age=300, private, must-revalidate'],
    ];
    for (const [url, cacheControl] of windows) {
      it(`${url}: ${cacheControl} with X-Enable-Cache or the dashboard, no-cache otherwise`, async () => {
        const m = await signup(t.app);
        for (const extra of [{ 'x-enable-cache': 'true' }, { 'x-service-client': 'dashboard' }] as Array<Record<string, string>>) {
          const res = await call('GET', url, { headers: { ...m.auth, ...extra } });
          assert.equal(res.status, 200);
          assert.equal(res.headers['cache-control'], cacheControl);
          assert.equal(res.headers.vary, VARY);
          assert.match(String(res.headers.etag), /^"[\x21\x23-\x7E]+"$/);
          const again = await call('GET', url, { headers: { ...m.auth, ...extra, 'if-none-match': String(res.headers.etag) } });
          assert.equal(again.status, 304);
          assert.equal(again.headers['cache-control'], cacheControl);
        }
        const plain = await call('GET', url, { headers: m.auth });
        assert.equal(plain.headers['cache-control'], 'no-cache, private');
        assert.equal(plain.headers.vary, VARY);
      });
    }

    it('gives different merchants different ETags for the same URL', async () => {
      const a = await signup(t.app);
      const b = await signup(t.app);
      const etagA = (await call('GET', '/v1/users/me/permissions', { headers: a.auth })).headers.etag;
      const asB = await call('GET', '/v1/users/me/permissions', { headers: { ...b.auth, 'if-none-match': String(etagA) } });
      assert.equal(asB.status, 200);
    });
  });

  describe('API keys', () => {
    it('shows the key once, lists it without the secret, and authenticates its store', async () => {
      const m = await signup(t.app);
      const created = await call('POST', '/v1/api-keys', { headers: m.auth, body: { name: 'Warehouse sync' } });
      assert.equal(created.status, 201);
      const key = created.body.data.key as string;
      assert.match(key, /^sk_live_[A-Za-z0-9_-]{43}$/);
      assert.ok(key.startsWith(created.body.data.prefix));
      assert.equal(created.body.data.permissions, null);
      const list = await call('GET', '/v1/api-keys', { headers: m.auth });
      assert.equal(list.body.data.length, 1);
      assert.deepEqual(Object.keys(list.body.data[0]).sort(), ['createdAt', 'id', 'lastUsedAt', 'mode', 'name', 'permissions', 'prefix']);
      assert.ok(!list.raw.includes(key));
      const row = await t.container.db.kysely.selectFrom('api_keys').selectAll().where('id', '=', created.body.data.id).executeTakeFirstOrThrow();
      assert.ok(!Object.values(row).some((v) => typeof v === 'string' && v.includes(key.slice(8))), 'only a hash is stored');
      const perms = await call('GET', '/v1/users/me/permissions', { headers: { 'x-merchantapikey': key } });
      assert.equal(perms.status, 200);
      assert.equal(perms.body.data.storeId, m.storeId);
      assert.equal(perms.body.data.credential, 'api_key');
      assert.equal(perms.body.data.permissions.length, 19);
      assert.notEqual((await call('GET', '/v1/api-keys', { headers: m.auth })).body.data[0].lastUsedAt, null, 'last use is recorded');
    });

    it('restricts a key to the permissions it was given (write implies read)', async () => {
      const m = await signup(t.app);
      const key = await createApiKey(t.app, m, { permissions: ['products:write'] });
      const perms = await call('GET', '/v1/users/me/permissions', { headers: { 'x-merchantapikey': key.key } });
      assert.deepEqual(perms.body.data.permissions, ['products:read', 'products:write']);
      const refused = await call('GET', '/v1/members', { headers: { 'x-merchantapikey': key.key } });
      assert.equal(refused.status, 403);
      assert.match(refused.body.message, /settings:read.*API key/);
    });

    it('never lets a key exceed its creator: not at creation, and not after the creator is demoted', async () => {
      const { owner, admin } = await team();
      const settingsKey = await createApiKey(t.app, owner, { permissions: ['settings:write'] });
      const beyond = await call('POST', '/v1/api-keys', { headers: { 'x-merchantapikey': settingsKey.key }, body: { name: 'x', permissions: ['orders:read'] } });
      assert.equal(beyond.status, 403);
      assert.match(beyond.body.message, /orders:read/);
      const promote = await call('PATCH', `/v1/members/${admin.userId}`, { headers: owner.auth, body: { role: 'owner' } });
      assert.equal(promote.status, 200);
      const adminKey = await createApiKey(t.app, { ...admin }, {});
      const demote = await call('PATCH', `/v1/members/${admin.userId}`, { headers: owner.auth, body: { role: 'staff' } });
      assert.equal(demote.status, 200);
      const perms = await call('GET', '/v1/users/me/permissions', { headers: { 'x-merchantapikey': adminKey.key } });
      assert.deepEqual(new Set(perms.body.data.permissions), new Set(ROLE_PERMISSIONS.staff));
      const removed = await call('DELETE', `/v1/members/${admin.userId}`, { headers: owner.auth });
      assert.equal(removed.status, 200);
      const gone = await call('GET', '/v1/users/me/permissions', { headers: { 'x-merchantapikey': adminKey.key } });
      assert.deepEqual(gone.body.data.permissions, [], 'a key whose creator left can do nothing');
    });

    it('revokes a key at once', async () => {
      const m = await signup(t.app);
      const key = await createApiKey(t.app, m);
      assert.equal((await call('GET', '/v1/stores', { headers: { 'x-merchantapikey': key.key } })).status, 200);
      const res = await call('DELETE', `/v1/api-keys/${key.id}`, { headers: m.auth });
      assert.equal(res.status, 200);
      const after = await call('GET', '/v1/stores', { headers: { 'x-merchantapikey': key.key } });
      assert.equal(after.status, 401);
      assert.equal(after.body.error.code, 'AUTH_INVALID');
      assert.equal((await call('DELETE', `/v1/api-keys/${key.id}`, { headers: m.auth })).status, 404);
    });

    it("answers another store's key id with 404 and leaves the key working", async () => {
      const a = await signup(t.app);
      const b = await signup(t.app);
      const key = await createApiKey(t.app, a);
      const res = await call('DELETE', `/v1/api-keys/${key.id}`, { headers: b.auth });
      assert.equal(res.status, 404);
      assert.equal(res.body.error.code, 'API_KEY_NOT_FOUND');
      assert.equal((await call('GET', '/v1/stores', { headers: { 'x-merchantapikey': key.key } })).status, 200);
      const viaKey = await call('GET', '/v1/users/me/permissions', { headers: { 'x-merchantapikey': key.key, 'x-merchantid': b.storeId } });
      assert.equal(viaKey.status, 404, "a key cannot be pointed at another store");
    });

    it('refuses bad key input with 422 naming the field, writing nothing', async () => {
      const m = await signup(t.app);
      for (const [body, path] of [
        [{ name: '' }, 'name'],
        [{ name: 'x', permissions: ['orders:delete'] }, 'permissions[0]'],
        [{ name: 'x', mode: 'prod' }, 'mode'],
      ] as const) {
        const res = await call('POST', '/v1/api-keys', { headers: m.auth, body });
        assert.equal(res.status, 422);
        assert.equal(res.body.error.details[0].path, path);
      }
      assert.equal((await call('GET', '/v1/api-keys', { headers: m.auth })).body.data.length, 0);
    });
  });

  describe('live and test modes', () => {
    it('binds a key to its mode: a test key reaches test data and gets 403 for live', async () => {
      const m = await signup(t.app);
      const testKey = await createApiKey(t.app, m, { mode: 'test' });
      assert.ok(testKey.key.startsWith('sk_test_'));
      const own = await call('GET', '/v1/users/me/permissions', { headers: { 'x-merchantapikey': testKey.key } });
      assert.equal(own.body.data.mode, 'test');
      const live = await call('GET', '/v1/users/me/permissions', { headers: { 'x-merchantapikey': testKey.key, 'x-mode': 'live' } });
      assert.equal(live.status, 403);
      assert.equal(live.body.error.code, 'MODE_MISMATCH');
    });

    it('keeps test-mode keys and audit entries apart from live ones', async () => {
      const m = await signup(t.app);
      await createApiKey(t.app, m, { name: 'live one' });
      await createApiKey(t.app, m, { name: 'test one' }, { 'x-mode': 'test' });
      const live = await call('GET', '/v1/api-keys', { headers: m.auth });
      const test = await call('GET', '/v1/api-keys', { headers: { ...m.auth, 'x-mode': 'test' } });
      assert.deepEqual(live.body.data.map((k: { name: string }) => k.name), ['live one']);
      assert.deepEqual(test.body.data.map((k: { name: string; mode: string }) => [k.name, k.mode]), [['test one', 'test']]);
      const testAudit = await call('GET', '/v1/audit-logs', { headers: { ...m.auth, 'x-mode': 'test' } });
      assert.deepEqual(testAudit.body.data.map((e: { action: string }) => e.action), ['api_key.create']);
      assert.ok(testAudit.body.data.every((e: { mode: string }) => e.mode === 'test'));
    });

    it('does not let a live key create a test key', async () => {
      const m = await signup(t.app);
      const liveKey = await createApiKey(t.app, m);
      const res = await call('POST', '/v1/api-keys', { headers: { 'x-merchantapikey': liveKey.key }, body: { name: 'x', mode: 'test' } });
      assert.equal(res.status, 403);
      assert.equal(res.body.error.code, 'MODE_MISMATCH');
    });
  });
});
