import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, joinStore, type Merchant, signup } from './helpers/merchants.ts';

type Entry = { id: string; action: string; actor: { type: string; userId: string | null }; targetType: string | null; targetId: string | null; createdAt: string };

describeEachDatabase('the audit log’s filters (GET /v1/audit-logs)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let owner: Merchant;
  let admin: Merchant;
  let key: string;
  let categoryId: string;
  let all: Entry[];

  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
    owner = await signup(t.app);
    admin = await joinStore(t.app, owner, 'admin');
    key = (await createApiKey(t.app, owner, { name: 'catalog bot', permissions: ['products:read', 'products:write'] })).key;
    const category = await call('POST', '/v1/categories', { headers: owner.auth, body: { name: 'Tops' } });
    categoryId = category.body.data.id;
    await call('PATCH', `/v1/categories/${categoryId}`, { headers: admin.auth, body: { name: 'Shirts' } });
    const product = await call('POST', '/v1/products', { headers: { 'x-merchantapikey': key }, body: { type: 'SIMPLE', name: 'Mug', price: 9, quantityInStock: 1 } });
    assert.equal(product.status, 201, product.raw);
    await call('POST', '/v1/categories', { headers: admin.auth, body: { name: 'Mugs' } });
    all = (await call('GET', '/v1/audit-logs?limit=100', { headers: owner.auth })).body.data;
  });
  after(() => t?.close());

  async function entries(query: string, who: Merchant = owner): Promise<Entry[]> {
    const res = await call('GET', `/v1/audit-logs?limit=100&${query}`, { headers: who.auth });
    assert.equal(res.status, 200, res.raw);
    return res.body.data;
  }
  const ids = (list: Entry[]) => list.map((e) => e.id);
  const expected = (keep: (e: Entry) => boolean) => ids(all.filter(keep));

  it('narrows by action, an action prefix, actor type, member, target and time, newest first', async () => {
    assert.ok(all.length >= 5, `entries: ${all.map((e) => e.action)}`);
    assert.deepEqual(ids(await entries('action=category.create')), expected((e) => e.action === 'category.create'));
    assert.equal((await entries('action=category.create')).length, 2);
    assert.deepEqual(ids(await entries('action=category.*')), expected((e) => e.action.startsWith('category.')));
    assert.equal((await entries('action=category.*')).length, 3);
    assert.deepEqual(ids(await entries('actorType=api_key')), expected((e) => e.actor.type === 'api_key'));
    assert.deepEqual((await entries('actorType=api_key')).map((e) => e.action), ['product.create']);
    assert.deepEqual(ids(await entries(`userId=${admin.userId}`)), expected((e) => e.actor.userId === admin.userId));
    const byAdmin = (await entries(`userId=${admin.userId}`)).map((e) => e.action);
    assert.deepEqual(byAdmin.filter((a) => a.startsWith('category.')), ['category.create', 'category.update'], byAdmin.join(', '));
    assert.deepEqual(ids(await entries(`targetType=category&targetId=${categoryId}`)), expected((e) => e.targetId === categoryId));
    assert.equal((await entries(`targetType=category&targetId=${categoryId}`)).length, 2);
    assert.deepEqual(ids(await entries(`action=category.*&userId=${admin.userId}`)), expected((e) => e.action.startsWith('category.') && e.actor.userId === admin.userId));
    // Time: nothing after now; everything since an hour ago; `to` excludes its own instant.
    const future = new Date(Date.now() + 60_000).toISOString();
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    assert.deepEqual(await entries(`from=${encodeURIComponent(future)}`), []);
    assert.deepEqual(ids(await entries(`from=${encodeURIComponent(hourAgo)}&to=${encodeURIComponent(future)}`)), ids(all));
    // A prefix is not a pattern: `_` and `%` match themselves only.
    assert.deepEqual(await entries('action=categor_.*'), []);
  });

  it('pages through a filtered log with its cursor', async () => {
    const first = await call('GET', '/v1/audit-logs?limit=2&action=category.*', { headers: owner.auth });
    assert.equal(first.body.data.length, 2);
    assert.equal(first.body.pagination.hasMore, true);
    const second = await call('GET', `/v1/audit-logs?limit=2&action=category.*&cursor=${encodeURIComponent(first.body.pagination.nextCursor)}`, { headers: owner.auth });
    assert.deepEqual([...ids(first.body.data), ...ids(second.body.data)], expected((e) => e.action.startsWith('category.')));
    assert.equal(second.body.pagination.hasMore, false);
  });

  it('refuses a bad filter with 422 naming it', async () => {
    for (const [query, path] of [
      ['action=product%20update', 'action'],
      ['action=', 'action'],
      ['actorType=robot', 'actorType'],
      ['from=yesterday', 'from'],
      ['from=2026-11-24T10:00:00', 'from'],
      [`from=${encodeURIComponent('2026-11-24T10:00:00Z')}&to=${encodeURIComponent('2026-11-24T09:00:00Z')}`, 'to'],
    ] as const) {
      const res = await call('GET', `/v1/audit-logs?${query}`, { headers: owner.auth });
      assert.equal(res.status, 422, `${query}: ${res.raw}`);
      assert.ok(
        res.body.error.details.some((d: { path: string }) => d.path === path),
        `${query}: ${JSON.stringify(res.body.error.details)}`,
      );
    }
  });

  it('shows only the active store and mode, and needs settings:read', async () => {
    const other = await signup(t.app);
    assert.deepEqual(await entries(`targetId=${categoryId}`, other), []);
    assert.deepEqual(await entries('action=category.*', { ...owner, auth: { ...owner.auth, 'x-mode': 'test' } }), []);
    const staff = await joinStore(t.app, owner, 'staff');
    const refused = await call('GET', '/v1/audit-logs?action=category.*', { headers: staff.auth });
    assert.equal(refused.status, 403, refused.raw);
  });
});
