import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { CACHE_WINDOWS } from '../src/http/cache-windows.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

const ETAG = /^"[\x21\x23-\x7E]*"$/;
const VARY = 'Authorization, X-Mode, X-MerchantId, X-Service-Client, X-Enable-Cache, X-MerchantApiKey, X-PublishableKey';
const REVALIDATION_HEADERS = ['etag', 'cache-control', 'vary', 'content-location', 'expires'];

/** Routes registered by the test to exercise the plugin on each kind of cache window and on changing content. */
function extend(state: { price: number }) {
  return (app: FastifyInstance) => {
    app.get('/v1/test/plain', async () => ({ status: true, message: 'ok', data: { kind: 'plain' } }));
    app.get('/v1/test/must-revalidate', async () => ({ status: true, message: 'ok', data: { kind: 'must' } }));
    app.get('/v1/test/swr', async () => ({ status: true, message: 'ok', data: { kind: 'swr' } }));
    app.get('/v1/test/missing', async (_req, reply) => reply.code(404).send({ status: false }));
    app.get('/v1/test/price', async () => ({ status: true, message: 'ok', data: { price: state.price } }));
  };
}

const windows = {
  ...CACHE_WINDOWS,
  '/v1/test/plain': { maxAge: 1800, revalidation: { kind: 'plain' } },
  '/v1/test/must-revalidate': { maxAge: 300, revalidation: { kind: 'must-revalidate' } },
  '/v1/test/swr': { maxAge: 180, revalidation: { kind: 'stale-while-revalidate', seconds: 360 } },
  '/v1/test/missing': { maxAge: 1800, revalidation: { kind: 'plain' } },
} as const;

describeEachDatabase('HTTP caching', (kind) => {
  let t: TestApp;
  const state = { price: 10 };
  before(async () => {
    t = await startTestApp(kind, { caching: { windows }, extend: extend(state) });
  });
  after(() => t?.close());

  const req = (method: 'GET' | 'HEAD' | 'POST', url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers });

  describe('ETag and If-None-Match', () => {
    it('gives every GET a strong ETag derived from the body', async () => {
      for (const url of ['/v1/countries', '/v1/states/US', '/v1/specifications', '/v1/countries?name=an']) {
        const res = await req('GET', url);
        assert.equal(res.statusCode, 200);
        assert.match(String(res.headers.etag), ETAG, url);
        assert.ok(!String(res.headers.etag).startsWith('W/'));
      }
      const a = await req('GET', '/v1/countries?name=an');
      const b = await req('GET', '/v1/countries?name=an');
      assert.equal(a.headers.etag, b.headers.etag, 'same content, same tag');
      assert.notEqual(a.headers.etag, (await req('GET', '/v1/countries?name=ger')).headers.etag, 'other content, other tag');
    });

    it('changes the ETag when the content changes, and a stale tag then gets the new body', async () => {
      state.price = 10;
      const first = await req('GET', '/v1/test/price');
      const etag = String(first.headers.etag);
      assert.equal((await req('GET', '/v1/test/price', { 'if-none-match': etag })).statusCode, 304);
      state.price = 12;
      const second = await req('GET', '/v1/test/price', { 'if-none-match': etag });
      assert.equal(second.statusCode, 200);
      assert.equal(second.json().data.price, 12);
      assert.notEqual(second.headers.etag, etag);
    });

    it('answers 304 with an empty body to a matching If-None-Match', async () => {
      const ok = await req('GET', '/v1/countries');
      const res = await req('GET', '/v1/countries', { 'if-none-match': String(ok.headers.etag) });
      assert.equal(res.statusCode, 304);
      assert.equal(res.body, '');
    });

    it('uses weak comparison: W/"x" matches "x"', async () => {
      const etag = String((await req('GET', '/v1/specifications')).headers.etag);
      assert.equal((await req('GET', '/v1/specifications', { 'if-none-match': `W/${etag}` })).statusCode, 304);
    });

    it('matches any member of a list, and not a list without the current tag', async () => {
      const etag = String((await req('GET', '/v1/specifications')).headers.etag);
      assert.equal((await req('GET', '/v1/specifications', { 'if-none-match': `"a", ${etag}, W/"b"` })).statusCode, 304);
      assert.equal((await req('GET', '/v1/specifications', { 'if-none-match': '"a", W/"b"' })).statusCode, 200);
    });

    it('treats If-None-Match: * as a match when the resource exists', async () => {
      assert.equal((await req('GET', '/v1/states/FR', { 'if-none-match': '*' })).statusCode, 304);
    });

    it('ignores If-None-Match when the answer would not be 2xx', async () => {
      const unknownCountry = await req('GET', '/v1/states/XX', { 'if-none-match': '*' });
      assert.equal(unknownCountry.statusCode, 404);
      assert.equal(unknownCountry.json().error.code, 'COUNTRY_NOT_FOUND');
      assert.equal((await req('GET', '/v1/no-such-route', { 'if-none-match': '*' })).statusCode, 404);
      const invalid = await req('GET', `/v1/countries?name=${'x'.repeat(101)}`, { 'if-none-match': '*' });
      assert.equal(invalid.statusCode, 422);
    });

    it('sends on a 304 the ETag, Cache-Control and Vary of the 200 and no Content-Type or Content-Length', async () => {
      const ok = await req('GET', '/v1/states/US');
      const notModified = await req('GET', '/v1/states/US', { 'if-none-match': String(ok.headers.etag) });
      assert.equal(notModified.statusCode, 304);
      for (const name of REVALIDATION_HEADERS) assert.equal(notModified.headers[name], ok.headers[name], name);
      assert.equal(notModified.headers['content-type'], undefined);
      assert.equal(notModified.headers['content-length'], undefined);
    });

    it('answers Cache-Control: no-cache with a full 200 even when the tag matches', async () => {
      const ok = await req('GET', '/v1/countries');
      const res = await req('GET', '/v1/countries', { 'if-none-match': String(ok.headers.etag), 'cache-control': 'no-cache' });
      assert.equal(res.statusCode, 200);
      assert.equal(res.body, ok.body);
      const maxAge0 = await req('GET', '/v1/countries', { 'if-none-match': String(ok.headers.etag), 'cache-control': 'max-age=0' });
      assert.equal(maxAge0.statusCode, 304, 'max-age=0 (what fetch sends for cache: no-cache) still revalidates');
    });

    it('ignores If-Modified-Since when If-None-Match is present', async () => {
      const etag = String((await req('GET', '/v1/specifications')).headers.etag);
      const matchOld = await req('GET', '/v1/specifications', {
        'if-none-match': etag,
        'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT',
      });
      assert.equal(matchOld.statusCode, 304);
      const missFuture = await req('GET', '/v1/specifications', {
        'if-none-match': '"other"',
        'if-modified-since': 'Fri, 01 Jan 2100 00:00:00 GMT',
      });
      assert.equal(missFuture.statusCode, 200);
    });
  });

  describe('HEAD', () => {
    it('answers HEAD like GET, with the same headers and no body', async () => {
      const get = await req('GET', '/v1/countries?name=united');
      const head = await req('HEAD', '/v1/countries?name=united');
      assert.equal(head.statusCode, 200);
      assert.equal(head.body, '');
      for (const name of ['etag', 'cache-control', 'vary', 'content-type', 'content-length']) {
        assert.equal(head.headers[name], get.headers[name], name);
      }
    });

    it('answers HEAD with a matching If-None-Match with 304', async () => {
      const etag = String((await req('GET', '/v1/states/DE')).headers.etag);
      const head = await req('HEAD', '/v1/states/DE', { 'if-none-match': etag });
      assert.equal(head.statusCode, 304);
      assert.equal(head.headers['content-length'], undefined);
      assert.equal(head.headers.etag, etag);
    });

    it('answers HEAD on an unknown country with 404', async () => {
      assert.equal((await req('HEAD', '/v1/states/XX')).statusCode, 404);
    });
  });

  describe('Cache-Control and Vary', () => {
    it('defaults to no-cache, private', async () => {
      for (const url of ['/v1/countries', '/v1/test/plain', '/v1/states/XX', '/v1/no-such-route']) {
        assert.equal((await req('GET', url)).headers['cache-control'], 'no-cache, private', url);
      }
      assert.equal((await req('POST', '/v1/countries')).headers['cache-control'], 'no-cache, private');
    });

    it('sends the Vary list on reads', async () => {
      assert.equal((await req('GET', '/v1/countries')).headers.vary, VARY);
      assert.equal((await req('GET', '/v1/test/swr', { 'x-enable-cache': 'true' })).headers.vary, VARY);
    });

    it('applies a plain window with X-Enable-Cache: true', async () => {
      const res = await req('GET', '/v1/test/plain', { 'x-enable-cache': 'true' });
      assert.equal(res.headers['cache-control'], 'max-age=1800, private');
      assert.match(String(res.headers.etag), ETAG);
      assert.equal(res.headers.vary, VARY);
    });

    it('applies a must-revalidate window with X-Enable-Cache: true', async () => {
      const res = await req('GET', '/v1/test/must-revalidate', { 'x-enable-cache': 'true' });
      assert.equal(res.headers['cache-control'], 'max-age=300, private, must-revalidate');
    });

    it('applies a stale-while-revalidate window with X-Enable-Cache: true', async () => {
      const res = await req('GET', '/v1/test/swr', { 'x-enable-cache': 'true' });
      assert.equal(res.headers['cache-control'], 'max-age=180, private, stale-while-revalidate=360');
    });

    it('applies the windows for the dashboard client (X-Service-Client: dashboard)', async () => {
      const res = await req('GET', '/v1/test/swr', { 'x-service-client': 'dashboard' });
      assert.equal(res.headers['cache-control'], 'max-age=180, private, stale-while-revalidate=360');
      const other = await req('GET', '/v1/test/swr', { 'x-service-client': 'storefront' });
      assert.equal(other.headers['cache-control'], 'no-cache, private');
    });

    it('keeps no-cache on a windowed route without the opt-in, and on routes outside the table', async () => {
      assert.equal((await req('GET', '/v1/test/plain')).headers['cache-control'], 'no-cache, private');
      assert.equal((await req('GET', '/v1/test/plain', { 'x-enable-cache': 'false' })).headers['cache-control'], 'no-cache, private');
      assert.equal((await req('GET', '/v1/countries', { 'x-enable-cache': 'true' })).headers['cache-control'], 'no-cache, private');
    });

    it('never puts a window on an error response', async () => {
      const res = await req('GET', '/v1/test/missing', { 'x-enable-cache': 'true' });
      assert.equal(res.statusCode, 404);
      assert.equal(res.headers['cache-control'], 'no-cache, private');
    });

    it('keeps the window on a 304 and on HEAD', async () => {
      const ok = await req('GET', '/v1/test/must-revalidate', { 'x-enable-cache': 'true' });
      const revalidated = await req('GET', '/v1/test/must-revalidate', {
        'x-enable-cache': 'true',
        'if-none-match': String(ok.headers.etag),
      });
      assert.equal(revalidated.statusCode, 304);
      assert.equal(revalidated.headers['cache-control'], 'max-age=300, private, must-revalidate');
      const head = await req('HEAD', '/v1/test/must-revalidate', { 'x-enable-cache': 'true' });
      assert.equal(head.headers['cache-control'], 'max-age=300, private, must-revalidate');
    });

    it('carries the interface document windows for the cached read routes', () => {
      assert.deepEqual(
        Object.fromEntries(Object.entries(CACHE_WINDOWS).map(([url, w]) => [url, [w.maxAge, w.revalidation]])),
        {
          '/v1/promo-ads/published': [1800, { kind: 'plain' }],
          '/v1/dashboard/overview/summary': [300, { kind: 'stale-while-revalidate', seconds: 600 }],
          '/v1/dashboard/inventory': [180, { kind: 'stale-while-revalidate', seconds: 360 }],
          '/v1/dashboard/overview/low-stock': [180, { kind: 'stale-while-revalidate', seconds: 360 }],
          '/v1/merchants/profile': [300, { kind: 'must-revalidate' }],
          '/v1/merchants/profile/business': [300, { kind: 'must-revalidate' }],
          '/v1/users/me/permissions': [180, { kind: 'must-revalidate' }],
        },
      );
    });
  });
});
