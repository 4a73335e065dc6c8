import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, joinStore, type Merchant, signup } from './helpers/merchants.ts';
import { connect } from './helpers/oauth.ts';

/**
 * Publishable keys (docs/storefront.md): created, listed and revoked per store and mode like API keys, bounded like
 * them ("no credential creates something stronger than itself"), sent only in X-PublishableKey.
 */
describeEachDatabase('publishable keys', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let owner: Merchant;

  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
    owner = await signup(t.app);
  });
  after(() => t?.close());

  /** The store's publishable keys (both modes, revoked ones too) and audit entries: to assert nothing was written. */
  async function written(storeId: string): Promise<string> {
    const keys = await t.container.db.kysely.selectFrom('publishable_keys').select(['id', 'revoked_at']).where('store_id', '=', storeId).orderBy('id').execute();
    const audit = await t.container.db.kysely.selectFrom('audit_logs').select('id').where('store_id', '=', storeId).execute();
    return JSON.stringify({ keys: keys.map((k) => [k.id, k.revoked_at === null]), audit: audit.length });
  }

  async function create(headers: Record<string, string>, body: Record<string, unknown> = { name: 'Storefront' }) {
    return call('POST', '/v1/publishable-keys', { headers, body });
  }

  /** A request only a publishable key of the owner's live catalog can answer 200. */
  const read = (key: string) => call('GET', '/v2/products', { headers: { 'x-publishablekey': key } });

  it('creates a key of the request mode (pk_live_, pk_test_), lists it whole, and records who did it in the audit log', async () => {
    const live = await create(owner.auth, { name: 'Main storefront' });
    assert.equal(live.status, 201, live.raw);
    const key = live.body.data;
    assert.match(key.key, /^pk_live_[A-Za-z0-9_-]{43}$/);
    assert.match(key.id, /^pkey_/);
    assert.deepEqual(Object.keys(key).sort(), ['createdAt', 'id', 'key', 'lastUsedAt', 'mode', 'name'].sort());
    assert.equal(key.mode, 'live');
    const test = await create({ ...owner.auth, 'x-mode': 'test' }, { name: 'Staging storefront' });
    assert.equal(test.status, 201);
    assert.match(test.body.data.key, /^pk_test_/);
    const alsoTest = await create(owner.auth, { name: 'Staging 2', mode: 'test' });
    assert.match(alsoTest.body.data.key, /^pk_test_/, 'a signed-in person may name the other mode');

    const list = await call('GET', '/v1/publishable-keys', { headers: owner.auth });
    assert.equal(list.status, 200);
    const listed = list.body.data.find((k: { id: string }) => k.id === key.id);
    assert.equal(listed.key, key.key, 'not a secret: shown whole in every listing');
    assert.ok(!list.body.data.some((k: { mode: string }) => k.mode === 'test'), 'the live list holds live keys only');
    const testList = await call('GET', '/v1/publishable-keys', { headers: { ...owner.auth, 'x-mode': 'test' } });
    assert.deepEqual(testList.body.data.map((k: { id: string }) => k.id).sort(), [test.body.data.id, alsoTest.body.data.id].sort());

    const audit = await call('GET', '/v1/audit-logs?action=publishable_key.*', { headers: owner.auth });
    assert.equal(audit.body.data[0].action, 'publishable_key.create');
    assert.equal(audit.body.data[0].targetId, key.id);
    assert.equal(audit.body.data[0].actor.id, owner.userId);

    assert.equal((await read(key.key)).status, 200);
    const used = (await call('GET', '/v1/publishable-keys', { headers: owner.auth })).body.data.find((k: { id: string }) => k.id === key.id);
    assert.notEqual(used.lastUsedAt, null, 'the time of last use is recorded');
  });

  it('revokes a key at once: the storefront gets 401, the list drops it, and revoking again is 404', async () => {
    const key = (await create(owner.auth)).body.data;
    assert.equal((await read(key.key)).status, 200);
    const revoked = await call('DELETE', `/v1/publishable-keys/${key.id}`, { headers: owner.auth });
    assert.equal(revoked.status, 200);
    assert.deepEqual(revoked.body.data, { id: key.id });
    const refused = await read(key.key);
    assert.equal(refused.status, 401);
    assert.equal(refused.body.error.code, 'AUTH_INVALID');
    assert.ok(!(await call('GET', '/v1/publishable-keys', { headers: owner.auth })).body.data.some((k: { id: string }) => k.id === key.id));
    const again = await call('DELETE', `/v1/publishable-keys/${key.id}`, { headers: owner.auth });
    assert.equal(again.status, 404);
    assert.equal(again.body.error.code, 'PUBLISHABLE_KEY_NOT_FOUND');
    const audit = await call('GET', '/v1/audit-logs?action=publishable_key.revoke', { headers: owner.auth });
    assert.equal(audit.body.data[0].targetId, key.id);
  });

  it("answers another store's key id with 404 and leaves it working; the other mode's too", async () => {
    const other = await signup(t.app);
    const theirs = (await create(other.auth)).body.data;
    const before = await written(other.storeId);
    const refused = await call('DELETE', `/v1/publishable-keys/${theirs.id}`, { headers: owner.auth });
    assert.equal(refused.status, 404);
    assert.equal(refused.body.error.code, 'PUBLISHABLE_KEY_NOT_FOUND');
    assert.ok(!(await call('GET', '/v1/publishable-keys', { headers: owner.auth })).body.data.some((k: { id: string }) => k.id === theirs.id), 'not listed');
    assert.equal(await written(other.storeId), before);
    assert.equal((await read(theirs.key)).status, 200, 'it still works');

    const testKey = (await create({ ...owner.auth, 'x-mode': 'test' })).body.data;
    assert.equal((await call('DELETE', `/v1/publishable-keys/${testKey.id}`, { headers: owner.auth })).status, 404, 'a test key is not in the live mode');
  });

  it('refuses a body that breaks a rule, naming the field, and writes nothing', async () => {
    const before = await written(owner.storeId);
    for (const [body, path] of [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 'Shop', mode: 'staging' }, 'mode'],
    ] as const) {
      const res = await create(owner.auth, body);
      assert.equal(res.status, 422, JSON.stringify(body));
      assert.equal(res.body.error.code, 'VALIDATION_FAILED');
      assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), `${JSON.stringify(body)} names ${path}: ${res.raw}`);
    }
    assert.equal(await written(owner.storeId), before);
  });

  it('is managed within the bounds of API keys: settings:write to create or revoke, settings:read to list, the shopper reads to create, never by an app', async () => {
    const admin = await joinStore(t.app, owner, 'admin');
    const staff = await joinStore(t.app, owner, 'staff');
    const restricted = { 'x-merchantapikey': (await createApiKey(t.app, owner, { permissions: ['settings:write'] })).key };
    const shopperReads = { 'x-merchantapikey': (await createApiKey(t.app, owner, { permissions: ['settings:write', 'products:read', 'promotions:read', 'delivery:read'] })).key };
    const fullKey = { 'x-merchantapikey': (await createApiKey(t.app, owner)).key };
    const appToken = (await connect(t.app, owner, { scope: 'settings:write products:read promotions:read delivery:read' })).auth;

    // [credential, create, list, revoke, the code of a refused create]
    const table: Array<[string, Record<string, string>, number, number, number, string?]> = [
      ['owner session', owner.auth, 201, 200, 200],
      ['admin session (no settings:write)', admin.auth, 403, 200, 403, 'PERMISSION_DENIED'],
      ['staff session (no settings:read)', staff.auth, 403, 403, 403, 'PERMISSION_DENIED'],
      ['key with settings:write only', restricted, 403, 200, 200, 'PERMISSION_DENIED'],
      ['key with settings:write and the shopper reads', shopperReads, 201, 200, 200],
      ['full key', fullKey, 201, 200, 200],
      ['app token with settings:write and the shopper reads', appToken, 403, 200, 200, 'CREDENTIAL_NOT_ALLOWED'],
    ];
    for (const [name, headers, creates, lists, revokes, code] of table) {
      const before = await written(owner.storeId);
      const created = await create(headers, { name });
      assert.equal(created.status, creates, `${name} creates: ${created.raw}`);
      if (created.status !== 201) {
        assert.equal(created.body.error.code, code, name);
        assert.equal(await written(owner.storeId), before, `${name}: nothing written`);
      }
      assert.equal((await call('GET', '/v1/publishable-keys', { headers })).status, lists, `${name} lists`);
      const target = created.status === 201 ? created.body.data.id : (await create(owner.auth, { name: `for ${name}` })).body.data.id;
      const revoked = await call('DELETE', `/v1/publishable-keys/${target}`, { headers });
      assert.equal(revoked.status, revokes, `${name} revokes: ${revoked.raw}`);
      const left = (await call('GET', '/v1/publishable-keys', { headers: owner.auth })).body.data.some((k: { id: string }) => k.id === target);
      assert.equal(left, revokes !== 200, `${name}: the key is ${revokes === 200 ? 'revoked' : 'still there'}`);
    }
    const missing = await create(restricted, { name: 'x' });
    assert.deepEqual(
      missing.body.error.details.map((d: { rule: string }) => d.rule),
      ['you lack products:read', 'you lack promotions:read', 'you lack delivery:read'],
      'the refusal names each permission the shopper reads need',
    );
  });

  it('creates keys of its own mode only from an API key (MODE_MISMATCH), both from a session', async () => {
    const liveKey = { 'x-merchantapikey': (await createApiKey(t.app, owner)).key };
    const before = await written(owner.storeId);
    const refused = await create(liveKey, { name: 'x', mode: 'test' });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'MODE_MISMATCH');
    assert.equal(await written(owner.storeId), before);
  });

  it('belongs to the store: it keeps working after the member who created it leaves', async () => {
    const coOwner = await joinStore(t.app, owner, 'owner');
    const key = (await create(coOwner.auth)).body.data;
    assert.equal((await call('DELETE', `/v1/members/${coOwner.userId}`, { headers: owner.auth })).status, 200);
    assert.equal((await read(key.key)).status, 200);
  });

  it('is read only from X-PublishableKey: refused in X-MerchantApiKey or Authorization, and a secret key is refused there', async () => {
    const key = (await create(owner.auth)).body.data.key as string;
    const secret = (await createApiKey(t.app, owner)).key;
    const cases: Array<[string, Record<string, string>, number, string, RegExp]> = [
      ['in X-MerchantApiKey', { 'x-merchantapikey': key }, 401, 'AUTH_INVALID', /X-PublishableKey/],
      ['as a bearer token', { authorization: `Bearer ${key}` }, 401, 'AUTH_INVALID', /X-PublishableKey/],
      ['a secret key in X-PublishableKey', { 'x-publishablekey': secret }, 401, 'AUTH_INVALID', /secret API key.*revoke it/],
      ['something else in X-PublishableKey', { 'x-publishablekey': 'hello' }, 401, 'AUTH_INVALID', /pk_live_/],
      ['an unknown key', { 'x-publishablekey': `${key.slice(0, -4)}AAAA` }, 401, 'AUTH_INVALID', /invalid or has been revoked/],
      ['with a secret key as well', { 'x-publishablekey': key, 'x-merchantapikey': secret }, 400, 'AUTH_AMBIGUOUS', /one credential/],
      ['with a session as well', { 'x-publishablekey': key, ...owner.auth }, 400, 'AUTH_AMBIGUOUS', /one credential/],
    ];
    for (const [name, headers, status, code, message] of cases) {
      const res = await call('GET', '/v2/products', { headers });
      assert.equal(res.status, status, name);
      assert.equal(res.body.error.code, code, name);
      assert.match(res.body.message, message, name);
    }
  });
});
