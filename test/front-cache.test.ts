import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { CACHE_WINDOWS } from '../src/http/cache-windows.ts';
import { createFrontCache, type FrontCache, frontCachedServer } from '../src/http/front-cache.ts';
import { registerCaching } from '../src/http/plugins/caching.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { type Answer, describing, send } from './helpers/socket.ts';

const REFERENCE_URLS = ['/v1/countries', '/v1/countries?name=an', '/v1/countries/US', '/v1/states/US', '/v1/states/us', '/v1/specifications', '/v1/colors'];

describeEachDatabase('front cache for public reference data', (kind) => {
  let t: TestApp;
  let base: string;
  const lines: Array<Record<string, unknown>> = [];
  before(async () => {
    t = await startTestApp(kind, { logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  after(() => t?.close());

  /** Whether the response with this request id was answered by the front cache (its log line says so). */
  const fromFront = (answer: Answer) =>
    lines.some((line) => line.reqId === answer.headers['x-request-id'] && line.msg === 'request completed' && line.frontCache === true);

  it('answers a URL the route has answered with the same status, headers and bytes, before routing', async () => {
    for (const url of REFERENCE_URLS) {
      const routed = await send(base, url);
      assert.equal(routed.status, 200, url);
      assert.equal(fromFront(routed), false, `${url}: the first answer comes from the route`);
      const cached = await send(base, url);
      assert.equal(fromFront(cached), true, `${url}: the second answer comes from the front cache`);
      assert.equal(cached.status, 200);
      assert.deepEqual(describing(cached.headers), describing(routed.headers), url);
      assert.ok(cached.body.equals(routed.body), `${url}: same bytes`);
    }
  });

  it('answers 304 exactly as the caching plugin does: the same headers, no body, no Content-Type or Content-Length', async () => {
    const url = '/v1/countries';
    const { headers } = await send(base, url);
    const etag = String(headers.etag);
    const routed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    assert.equal(routed.statusCode, 304);
    for (const condition of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const cached = await send(base, url, { 'if-none-match': condition });
      assert.equal(cached.status, 304, condition);
      assert.equal(fromFront(cached), true);
      assert.equal(cached.body.length, 0);
      assert.equal(cached.headers['content-type'], undefined);
      assert.equal(cached.headers['content-length'], undefined);
      assert.deepEqual(describing(cached.headers), describing(routed.headers as IncomingHttpHeaders));
    }
  });

  it('gives the full 200 to a tag that is not current and to Cache-Control: no-cache', async () => {
    const url = '/v1/specifications';
    const first = await send(base, url);
    const stale = await send(base, url, { 'if-none-match': '"not-the-current-one"' });
    assert.equal(stale.status, 200);
    assert.ok(stale.body.equals(first.body));
    const fresh = await send(base, url, { 'if-none-match': String(first.headers.etag), 'cache-control': 'no-cache' });
    assert.equal(fresh.status, 200);
    assert.ok(fresh.body.equals(first.body));
    assert.equal(fromFront(fresh), true);
  });

  it('answers HEAD like GET without a body, and 304 to a matching If-None-Match', async () => {
    const url = '/v1/states/US';
    const get = await send(base, url);
    const head = await send(base, url, {}, 'HEAD');
    assert.equal(fromFront(head), true);
    assert.equal(head.status, 200);
    assert.equal(head.body.length, 0);
    assert.deepEqual(describing(head.headers), describing(get.headers));
    const notModified = await send(base, url, { 'if-none-match': String(get.headers.etag) }, 'HEAD');
    assert.equal(notModified.status, 304);
  });

  it('keeps a sane X-Request-Id from the caller and replaces anything else, as the router does', async () => {
    await send(base, '/v1/colors');
    const kept = await send(base, '/v1/colors', { 'x-request-id': 'trace-42.a:b' });
    assert.equal(kept.headers['x-request-id'], 'trace-42.a:b');
    const replaced = await send(base, '/v1/colors', { 'x-request-id': 'no spaces allowed' });
    assert.match(String(replaced.headers['x-request-id']), /^[0-9a-f-]{36}$/);
    assert.equal(fromFront(kept) && fromFront(replaced), true);
  });

  it('logs a hit as Fastify logs a request, with the client address and no credentials', async () => {
    await send(base, '/v1/colors');
    const hit = await send(base, '/v1/colors?from=log-test', { authorization: 'Bearer secret-token-value' });
    const again = await send(base, '/v1/colors?from=log-test', { authorization: 'Bearer secret-token-value' });
    assert.equal(fromFront(hit), false, 'another URL string: routed first');
    assert.equal(fromFront(again), true);
    const own = lines.filter((line) => line.reqId === again.headers['x-request-id']);
    assert.deepEqual(
      own.map((line) => line.msg),
      ['incoming request', 'request completed'],
    );
    const req = own[0]!.req as Record<string, unknown>;
    assert.equal(req.method, 'GET');
    assert.equal(req.url, '/v1/colors?from=log-test');
    assert.equal(req.remoteAddress, '127.0.0.1');
    assert.deepEqual(own[1]!.res, { statusCode: 200 });
    assert.equal(typeof own[1]!.responseTime, 'number');
    assert.ok(!JSON.stringify(own).includes('secret-token-value'));
  });

  it('never keeps errors, other methods or unknown URLs: they keep getting the router’s answer', async () => {
    for (let i = 0; i < 2; i += 1) {
      const missing = await send(base, '/v1/states/XX');
      assert.equal(missing.status, 404);
      assert.equal(JSON.parse(missing.body.toString()).error.code, 'COUNTRY_NOT_FOUND');
      assert.equal(fromFront(missing), false);
      const invalid = await send(base, `/v1/countries?name=${'x'.repeat(500)}`);
      assert.equal(invalid.status, 422);
      assert.equal(fromFront(invalid), false);
      const post = await send(base, '/v1/countries', {}, 'POST');
      assert.equal(post.status, 405);
      assert.equal(fromFront(post), false);
    }
  });

  it('stops answering from a revision that is no longer in memory: after a sync the route answers, then the cache again', async () => {
    const url = '/v1/countries?name=united';
    const before = await send(base, url);
    assert.equal(fromFront(await send(base, url)), true);
    await t.container.services.reference.sync({ requestId: 'test-sync', now: new Date() });
    const after = await send(base, url);
    assert.equal(fromFront(after), false, 'the entry of the old revision is not served');
    assert.equal(after.status, 200);
    assert.ok(after.body.equals(before.body), 'the data did not change, so neither do the bytes');
    assert.equal(fromFront(await send(base, url)), true, 'the new revision is kept again');
  });
});

describeEachDatabase('front cache and cache windows', (kind) => {
  let t: TestApp;
  let base: string;
  before(async () => {
    // A window on a reference route: its Cache-Control then depends on X-Enable-Cache, so it must never be kept.
    const windows = { ...CACHE_WINDOWS, '/v1/specifications': { maxAge: 60, revalidation: { kind: 'plain' } } } as const;
    t = await startTestApp(kind, { caching: { windows } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  after(() => t?.close());

  it('does not keep a route with a cache window, so each request gets the Cache-Control its headers ask for', async () => {
    for (let i = 0; i < 2; i += 1) {
      assert.equal((await send(base, '/v1/specifications')).headers['cache-control'], 'no-cache, private');
      assert.equal((await send(base, '/v1/specifications', { 'x-enable-cache': 'true' })).headers['cache-control'], 'max-age=60, private');
    }
  });
});

describe('front cache bounds and lifecycle', () => {
  let app: FastifyInstance;
  let front: FrontCache;
  let base: string;
  const current = { value: true };
  let routed = 0;
  before(async () => {
    front = createFrontCache({ maxEntries: 3, maxBytes: 2500, windows: {} });
    app = Fastify({ serverFactory: frontCachedServer(front) });
    registerCaching(app);
    app.get('/item/:n', { onSend: front.capture }, async (request, reply) => {
      routed += 1;
      const n = Number((request.params as { n: string }).n);
      front.offer(reply, () => current.value);
      return reply.type('text/plain').send(Buffer.alloc(n * 100, 'a'));
    });
    app.addHook('preClose', (done) => {
      front.close();
      done();
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  after(() => app?.close());

  it('keeps at most maxEntries URLs, the oldest going first', async () => {
    for (const n of [1, 2, 3, 4]) await send(base, `/item/${n}`);
    assert.equal(front.size, 3);
    routed = 0;
    await send(base, '/item/4');
    await send(base, '/item/2');
    assert.equal(routed, 0, 'kept entries answer without the route');
    await send(base, '/item/1');
    assert.equal(routed, 1, 'the oldest entry was dropped');
  });

  it('keeps at most maxBytes of bodies, and never a body larger than that', async () => {
    await send(base, '/item/20');
    await send(base, '/item/20');
    assert.ok(front.size <= 3);
    routed = 0;
    await send(base, '/item/30');
    await send(base, '/item/30');
    assert.equal(routed, 2, 'a 3,000-byte body is over the 2,500-byte bound: never kept');
  });

  it('drops an entry that is no longer current and lets the route answer', async () => {
    await send(base, '/item/5');
    routed = 0;
    await send(base, '/item/5');
    assert.equal(routed, 0);
    current.value = false;
    await send(base, '/item/5');
    await send(base, '/item/5');
    assert.equal(routed, 2, 'not current: the route answers, and what it offers is not kept');
    current.value = true;
  });

  it('answers nothing and keeps nothing after close() (the app calls it when it starts closing)', async () => {
    await send(base, '/item/6');
    assert.ok(front.size > 0);
    front.close();
    assert.equal(front.size, 0);
    routed = 0;
    await send(base, '/item/6');
    await send(base, '/item/6');
    assert.equal(routed, 2);
  });
});
