import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { IncomingHttpHeaders } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { after, before, it, mock } from 'node:test';
import { setTimeout } from 'node:timers/promises';
import { sql } from 'kysely';
import { rateLimits } from '../src/http/rate-limit-policies.ts';
import { startTestApp, TEST_RATE_LIMITS, type TestApp } from './helpers/app.ts';
import { behindTheBack } from './helpers/behind-the-back.ts';
import { variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, joinStore, type Merchant, signup } from './helpers/merchants.ts';
import { type Answer, describing, send } from './helpers/socket.ts';


/**
 * The front cache keeps the v2 product reads' answers to an API key (src/http/front-cache.ts, `offerPerKey`) while the
 * database's change mark stays the same. Whatever a request would have been answered by the route, it must be answered
 * the same from the front: after any change by any route or behind the app's back, for another key, mode or store,
 * and with the same rate limits.
 */
describeEachDatabase('front cache: answers per API key', (kind) => {
  let t: TestApp;
  let base: string;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  let key: { id: string; key: string };
  let productId: string;
  let skuIds: string[];
  const lines: Array<Record<string, unknown>> = [];

  before(async () => {
    t = await startTestApp(kind, { logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    call = client(t.app);
    m = await signup(t.app);
    key = await createApiKey(t.app, m, { permissions: ['products:read', 'products:write'] });
    ({ productId, skuIds } = await variableProduct(t.app, m, { name: 'Front tee' }));
    await variableProduct(t.app, m, { name: 'Second tee' });
  });
  after(() => t?.close());

  const fromFront = (answer: Answer) =>
    lines.some((line) => line.reqId === answer.headers['x-request-id'] && line.msg === 'request completed' && line.frontCache === true);
  const withKey = (extra: Record<string, string> = {}) => ({ 'x-merchantapikey': key.key, ...extra });
  const urls = () => [`/v2/products/${productId}`, '/v2/products?limit=1', '/v2/products'];

  /**
   * GETs `url` until the front answers it and returns that answer with the route's last one. A key's first use writes
   * its time of last use, which changes the database: the route answers the next request too, and that answer is kept.
   */
  async function cachedAnswer(url: string, headers = withKey()): Promise<{ routed: Answer; cached: Answer }> {
    let routed = await send(base, url, headers);
    // On PostgreSQL a commit anywhere in the cluster (another test file's database) changes the mark: a few more tries.
    for (let i = 0; i < (kind === 'postgres' ? 20 : 2); i++) {
      const next = await send(base, url, headers);
      if (fromFront(next)) return { routed, cached: next };
      routed = next;
    }
    assert.fail(`${url}: the front cache answers by the third request (SQLite)`);
  }

  it("answers a key's repeated GET with the route's status, headers and bytes; 304 and HEAD as the route does", async () => {
    for (const url of urls()) {
      const { routed, cached } = await cachedAnswer(url);
      assert.equal(routed.status, 200, routed.body.toString());
      assert.equal(cached.status, 200);
      assert.deepEqual(describing(cached.headers), describing(routed.headers), url);
      assert.ok(cached.body.equals(routed.body), `${url}: same bytes`);
      assert.match(String(cached.headers.ratelimit), /^"credential";r=\d+;t=\d+$/);

      const etag = String(routed.headers.etag);
      const routed304 = await t.app.inject({ method: 'GET', url, headers: withKey({ 'if-none-match': etag }) });
      assert.equal(routed304.statusCode, 304);
      const cached304 = await send(base, url, withKey({ 'if-none-match': etag }));
      assert.equal(cached304.status, 304);
      if (kind === 'sqlite') assert.equal(fromFront(cached304), true);
      assert.equal(cached304.body.length, 0);
      assert.deepEqual(describing(cached304.headers), describing(routed304.headers as IncomingHttpHeaders));
      const fresh = await send(base, url, withKey({ 'if-none-match': etag, 'cache-control': 'no-cache' }));
      assert.equal(fresh.status, 200);

      const head = await send(base, url, withKey(), 'HEAD');
      assert.equal(head.status, 200);
      if (kind === 'sqlite') assert.equal(fromFront(head), true);
      assert.equal(head.body.length, 0);
      assert.deepEqual(describing(head.headers), describing(routed.headers));
    }
  });

  it('answers the change at once, whether a route made it or a statement behind the app’s back', async () => {
    const url = `/v2/products/${productId}`;
    await cachedAnswer(url);
    const patched = await call('PATCH', `/v2/products/${productId}/variant-groups/${(await firstGroup()).id}/skus/${skuIds[0]}`, { headers: m.auth, body: { price: 31.5 } });
    assert.equal(patched.status, 200, patched.raw);
    const afterRoute = await send(base, url, withKey());
    assert.equal(fromFront(afterRoute), false, 'a write through the app changes the mark');
    assert.equal(JSON.parse(afterRoute.body.toString()).data.variantGroups[0].skus[0].price, 31.5);

    await cachedAnswer(url);
    await behindTheBack(t, 'update skus set price_minor = $1 where id = $2', [4225, skuIds[0]]);
    const afterSql = await send(base, url, withKey());
    assert.equal(fromFront(afterSql), false, "another connection's commit changes the mark");
    assert.equal(JSON.parse(afterSql.body.toString()).data.variantGroups[0].skus[0].price, 42.25);
    const again = await send(base, url, withKey());
    assert.ok(again.body.equals(afterSql.body));
  });

  async function firstGroup(): Promise<{ id: string }> {
    const product = await call('GET', `/v2/products/${productId}`, { headers: m.auth });
    return product.body.data.variantGroups[0];
  }

  it('never answers another key, another mode, another store or an ambiguous request from a kept answer', async () => {
    const url = `/v2/products/${productId}`;
    await cachedAnswer(url);
    const other = await signup(t.app);
    const otherKey = await createApiKey(t.app, other);
    const foreign = await send(base, url, { 'x-merchantapikey': otherKey.key });
    assert.equal(foreign.status, 404, 'another store: its key finds no such product');
    const testMode = await send(base, url, withKey({ 'x-mode': 'test' }));
    assert.equal(testMode.status, 403);
    assert.equal(JSON.parse(testMode.body.toString()).error.code, 'MODE_MISMATCH');
    const otherStore = await send(base, url, withKey({ 'x-merchantid': other.storeId }));
    assert.equal(otherStore.status, 404);
    const both = await send(base, url, withKey({ authorization: `Bearer ${m.token}` }));
    assert.equal(both.status, 400);
    assert.equal(JSON.parse(both.body.toString()).error.code, 'AUTH_AMBIGUOUS');
    const wrong = await send(base, url, { 'x-merchantapikey': `${key.key}x` });
    assert.equal(wrong.status, 401);
    for (const answer of [foreign, testMode, otherStore, both, wrong]) assert.equal(fromFront(answer), false);
  });

  it('refuses a revoked key, and a key whose creator left the store, at once', async () => {
    const url = `/v2/products/${productId}`;
    const doomed = await createApiKey(t.app, m, { permissions: ['products:read'] });
    await cachedAnswer(url, { 'x-merchantapikey': doomed.key });
    const revoked = await call('DELETE', `/v1/api-keys/${doomed.id}`, { headers: m.auth });
    assert.equal(revoked.status, 200, revoked.raw);
    const refused = await send(base, url, { 'x-merchantapikey': doomed.key });
    assert.equal(refused.status, 401);

    const admin = await joinStore(t.app, m, 'owner');
    const adminKey = await createApiKey(t.app, admin, { permissions: ['products:read'] });
    await cachedAnswer(url, { 'x-merchantapikey': adminKey.key });
    const removed = await call('DELETE', `/v1/members/${admin.userId}`, { headers: m.auth });
    assert.equal(removed.status, 200, removed.raw);
    const left = await send(base, url, { 'x-merchantapikey': adminKey.key });
    assert.equal(left.status, 403, 'the key of a member who left can do nothing');
  });

  it("answers from the route once the key's time of last use is due, which records it", async () => {
    const url = `/v2/products/${productId}`;
    await cachedAnswer(url);
    const before = (await call('GET', '/v1/api-keys', { headers: m.auth })).body.data.find((k: { id: string }) => k.id === key.id).lastUsedAt;
    const later = Date.now() + 61_000;
    mock.timers.enable({ apis: ['Date'], now: later });
    try {
      const due = await send(base, url, withKey());
      assert.equal(due.status, 200);
      assert.equal(fromFront(due), false, 'a minute on, the route answers (and writes the time of last use)');
    } finally {
      mock.timers.reset();
    }
    const after = (await call('GET', '/v1/api-keys', { headers: m.auth })).body.data.find((k: { id: string }) => k.id === key.id).lastUsedAt;
    assert.notEqual(after, before);
    assert.ok(new Date(after).getTime() >= later - 1000, `last used ${after}, a minute on from ${before}`);
  });

  it('sends one request per kept answer to the route at a time: those arriving meanwhile get the answer it made', async () => {
    for (const url of [`/v2/products/${productId}`, '/v2/products?limit=2']) {
      // A key of its own, first used now: its time of last use is not due during the burst (a kept answer goes once a
      // minute, and the route then answers again, rightly: a slow run must not meet that minute here).
      const fresh = await createApiKey(t.app, m, { name: `burst ${url}`, permissions: ['products:read'] });
      const withFresh = () => ({ 'x-merchantapikey': fresh.key });
      await cachedAnswer(url, withFresh());
      // The answer goes (a product it shows changes behind the app's back); twenty connections ask at once.
      await t.container.db.kysely.updateTable('products').set({ description: `Burst ${Date.now()}` }).where('id', '=', productId).execute();
      const burst = await Promise.all(Array.from({ length: 20 }, () => send(base, url, withFresh())));
      assert.ok(burst.every((a) => a.status === 200));
      const routed = burst.filter((a) => !fromFront(a));
      assert.equal(routed.length, 1, `${url}: the route made the new answer once (${routed.length} times)`);
      assert.ok(burst.every((a) => a.body.equals(routed[0]!.body) && a.body.toString().includes('Burst')), `${url}: everyone got the new answer`);
    }
  });

  it('forgets a request whose client left while it waited for its mark: the next request for that answer is answered', {
    skip: kind === 'sqlite' ? "SQLite's mark is read in the request's own turn: no request waits for it" : false,
  }, async () => {
    const url = `/v2/products/${productId}`;
    const fresh = await createApiKey(t.app, m, { name: 'leaving client', permissions: ['products:read'] });
    await cachedAnswer(url, { 'x-merchantapikey': fresh.key });
    const port = (t.app.server.address() as AddressInfo).port;
    const { promise: released, resolve: release } = Promise.withResolvers<void>();
    const { promise: isLocked, resolve: locked } = Promise.withResolvers<void>();
    // The change log locked while the product changes: the kept answer's next mark waits for the look into it.
    const writer = t.container.db.kysely.transaction().execute(async (trx) => {
      await sql`lock table catalog_changes in access exclusive mode`.execute(trx);
      await trx.updateTable('products').set({ description: `Left ${Date.now()}` }).where('id', '=', productId).execute();
      locked();
      await released;
    });
    await isLocked;
    const leaving = net.connect(port, '127.0.0.1');
    await once(leaving, 'connect');
    leaving.write(`GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-MerchantApiKey: ${fresh.key}\r\n\r\n`);
    await setTimeout(300);
    leaving.destroy();
    await setTimeout(100);
    release();
    await writer;
    const next = await Promise.race([
      send(base, url, { 'x-merchantapikey': fresh.key }),
      setTimeout(10_000).then(() => assert.fail('no answer in 10 s: the answer stayed "being made" for a request that left')),
    ]);
    assert.equal(next.status, 200);
    assert.match(next.body.toString(), /Left /, 'the changed product, made by the route');
  });

  it('keeps nothing for session tokens: the route answers every time', async () => {
    const url = `/v2/products/${productId}`;
    await send(base, url, m.auth);
    const second = await send(base, url, m.auth);
    assert.equal(second.status, 200);
    assert.equal(fromFront(second), false);
  });
});

describeEachDatabase('front cache: answers per API key count against the rate limits', (kind) => {
  let t: TestApp;
  let base: string;
  let m: Merchant;
  let key: string;
  let productId: string;
  const lines: Array<Record<string, unknown>> = [];
  before(async () => {
    t = await startTestApp(kind, { logStream: { write: (line) => void lines.push(JSON.parse(line)) }, rateLimits: rateLimits({ ...TEST_RATE_LIMITS, credential: { limit: 4, windowSeconds: 60 }, 'bad-credentials': { limit: 2, windowSeconds: 300 } }) });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    m = await signup(t.app);
    key = (await createApiKey(t.app, m, { permissions: ['products:read'] })).key;
    ({ productId } = await variableProduct(t.app, m));
  });
  after(() => t?.close());

  it("counts every answer against the key's limit, and the address's refused credentials never bar it", async () => {
    const url = `/v2/products/${productId}`;
    const remaining: string[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await send(base, url, { 'x-merchantapikey': key });
      assert.equal(answer.status, 200);
      remaining.push(String(answer.headers.ratelimit));
      // On PostgreSQL the mark is the cluster's snapshot: a commit in another test file's database changes it, so which
      // answers come from the front is only certain on SQLite; the counts must hold either way.
      if (i > 1 && kind === 'sqlite') {
        const front = lines.some((line) => line.reqId === answer.headers['x-request-id'] && line.frontCache === true);
        assert.equal(front, true, `answer ${i + 1} comes from the front cache`);
      }
    }
    assert.deepEqual(
      remaining.map((r) => /r=(\d+)/.exec(r)?.[1]),
      ['3', '2', '1', '0'],
    );
    const over = await send(base, url, { 'x-merchantapikey': key });
    assert.equal(over.status, 429);
    assert.equal(JSON.parse(over.body.toString()).error.code, 'RATE_LIMITED');

    const fresh = await startTestApp(kind, { database: t.database, rateLimits: rateLimits({ ...TEST_RATE_LIMITS, 'bad-credentials': { limit: 2, windowSeconds: 300 } }) });
    try {
      await fresh.app.listen({ host: '127.0.0.1', port: 0 });
      const freshBase = `http://127.0.0.1:${(fresh.app.server.address() as AddressInfo).port}`;
      assert.equal((await send(freshBase, url, { 'x-merchantapikey': key })).status, 200);
      assert.equal((await send(freshBase, url, { 'x-merchantapikey': key })).status, 200);
      for (let i = 0; i < 2; i++) assert.equal((await send(freshBase, url, { 'x-merchantapikey': `${key}-wrong` })).status, 401);
      assert.equal((await send(freshBase, url, { 'x-merchantapikey': `${key}-wrong` })).status, 429, 'past its budget a refused key gets 429');
      const valid = await send(freshBase, url, { 'x-merchantapikey': key });
      assert.equal(valid.status, 200, 'a key that verifies is answered from the same address all the same');
    } finally {
      await fresh.close();
    }
  });
});
