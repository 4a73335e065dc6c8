import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { StoreContext } from '../src/context.ts';
import { createPromoAdService } from '../src/domain/promo-ads/promo-ad-service.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { auditActions, snapshot } from './helpers/operations.ts';

const VARY = 'Authorization, X-Mode, X-MerchantId, X-Service-Client, X-Enable-Cache, X-MerchantApiKey, X-PublishableKey';
/** GET /v1/promo-ads/published is a storefront route: its CORS headers depend on Origin (docs/storefront.md). */
const STOREFRONT_VARY = `${VARY}, Origin`;
const HOUR = 3_600_000;
/** A wire timestamp (UTC, no zone) `ms` from now. */
const at = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, -1);

describeEachDatabase('promo ads', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
    m = await signup(t.app);
  });
  after(() => t?.close());

  const create = (body: Record<string, unknown> = {}, headers: Record<string, string> = m.auth) =>
    call('POST', '/v1/promo-ads', { headers, body: { title: 'Summer sale', startsAt: at(-HOUR), ...body } });

  describe('create, get, update, delete', () => {
    it('creates a draft by default, with every field, and reads it back', async () => {
      const startsAt = at(-HOUR);
      const endsAt = at(24 * HOUR);
      const res = await create({ body: 'Up to 50% off', linkUrl: 'https://shop.example/sale?utm=banner', placement: 'home-hero', startsAt, endsAt });
      assert.equal(res.status, 201, res.raw);
      const ad = res.body.data;
      assert.match(ad.id, /^pad_/);
      assert.deepEqual(
        [ad.title, ad.body, ad.imageFileId, ad.linkUrl, ad.placement, ad.startsAt, ad.endsAt, ad.status, ad.live],
        ['Summer sale', 'Up to 50% off', null, 'https://shop.example/sale?utm=banner', 'home-hero', startsAt, endsAt, 'draft', false],
      );
      assert.deepEqual((await call('GET', `/v1/promo-ads/${ad.id}`, { headers: m.auth })).body.data, ad);
      assert.deepEqual(await auditActions(t, m.storeId, ad.id), ['promo_ad.create']);
    });

    it('creates a published ad that is live at once, and reads a zone offset as that instant', async () => {
      const res = await create({ status: 'published', startsAt: '2020-01-01T02:00:00+02:00' });
      assert.deepEqual([res.body.data.status, res.body.data.live, res.body.data.startsAt, res.body.data.endsAt], ['published', true, '2020-01-01T00:00:00.000', null]);
    });

    for (const [name, body, path] of [
      ['a missing title', { title: undefined }, 'title'],
      ['an empty title', { title: '  ' }, 'title'],
      ['a title over 200 characters', { title: 'x'.repeat(201) }, 'title'],
      ['an empty body', { body: '' }, 'body'],
      ['a body over 5000 characters', { body: 'x'.repeat(5001) }, 'body'],
      ['an ftp link', { linkUrl: 'ftp://shop.example/file' }, 'linkUrl'],
      ['a relative link', { linkUrl: '/sale' }, 'linkUrl'],
      ['a link without a scheme', { linkUrl: 'shop.example/sale' }, 'linkUrl'],
      ['a javascript: link', { linkUrl: 'javascript:alert(1)' }, 'linkUrl'],
      ['a link without slashes', { linkUrl: 'http:shop.example' }, 'linkUrl'],
      ['a link with a password', { linkUrl: 'https://user:secret@shop.example/' }, 'linkUrl'],
      ['a link over 2000 characters', { linkUrl: `https://shop.example/${'x'.repeat(2000)}` }, 'linkUrl'],
      ['a placement with spaces and capitals', { placement: 'Home Hero' }, 'placement'],
      ['a placement over 50 characters', { placement: 'x'.repeat(51) }, 'placement'],
      ['a missing startsAt', { startsAt: undefined }, 'startsAt'],
      ['a startsAt that is not a date-time', { startsAt: 'next monday' }, 'startsAt'],
      ['a startsAt on a day that does not exist', { startsAt: '2026-02-30T00:00:00' }, 'startsAt'],
      ['an endsAt before startsAt', { startsAt: at(HOUR), endsAt: at(-HOUR) }, 'endsAt'],
      ['an endsAt equal to startsAt', { startsAt: '2030-01-01T00:00:00.000', endsAt: '2030-01-01T00:00:00Z' }, 'endsAt'],
      ['an unknown status', { status: 'live' }, 'status'],
      ['an image that is not uploaded to the store', { imageFileId: 'fil_01M80TX1H4Z5VK6VVBQGD193X8' }, 'imageFileId'],
      ['an empty image id', { imageFileId: '' }, 'imageFileId'],
    ] as const) {
      it(`refuses ${name} with 422 naming ${path}, writing nothing`, async () => {
        const before = await snapshot(t, m.storeId);
        const res = await create(body as Record<string, unknown>);
        assert.equal(res.status, 422, res.raw);
        assert.equal(res.body.error.code, 'VALIDATION_FAILED');
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        assert.deepEqual(await snapshot(t, m.storeId), before);
      });
    }

    it('accepts null for every optional field, and an http link', async () => {
      const res = await create({ body: null, imageFileId: null, linkUrl: 'http://shop.example', placement: null, endsAt: null });
      assert.equal(res.status, 201, res.raw);
    });

    it('changes only the sent fields, and null clears an optional one', async () => {
      const ad = (await create({ body: 'Old', linkUrl: 'https://a.example', placement: 'sidebar', endsAt: at(10 * HOUR) })).body.data;
      const res = await call('PATCH', `/v1/promo-ads/${ad.id}`, { headers: m.auth, body: { title: 'Winter sale', status: 'published' } });
      assert.equal(res.status, 200, res.raw);
      const p = res.body.data;
      assert.deepEqual([p.title, p.status, p.live, p.body, p.linkUrl, p.placement, p.startsAt, p.endsAt], ['Winter sale', 'published', true, 'Old', 'https://a.example', 'sidebar', ad.startsAt, ad.endsAt]);
      const cleared = await call('PATCH', `/v1/promo-ads/${ad.id}`, { headers: m.auth, body: { body: null, linkUrl: null, placement: null, endsAt: null } });
      assert.deepEqual([cleared.body.data.body, cleared.body.data.linkUrl, cleared.body.data.placement, cleared.body.data.endsAt], [null, null, null, null]);
      assert.deepEqual(await auditActions(t, m.storeId, ad.id), ['promo_ad.create', 'promo_ad.update', 'promo_ad.update']);
    });

    for (const [name, patch, path] of [
      ['an endsAt before the stored startsAt', { endsAt: at(-2 * HOUR) }, 'endsAt'],
      ['a startsAt after the stored endsAt', { startsAt: at(48 * HOUR) }, 'startsAt'],
      ['an image that is not uploaded', { imageFileId: 'fil_01M80TX1H4Z5VK6VVBQGD193X8' }, 'imageFileId'],
      ['a bad link', { linkUrl: 'mailto:sales@shop.example' }, 'linkUrl'],
      ['an empty title', { title: '' }, 'title'],
      ['an unknown status', { status: 'archived' }, 'status'],
    ] as const) {
      it(`refuses a change with ${name} (422 naming ${path}), changing nothing`, async () => {
        const ad = (await create({ startsAt: at(-HOUR), endsAt: at(24 * HOUR) })).body.data;
        const before = await snapshot(t, m.storeId);
        const res = await call('PATCH', `/v1/promo-ads/${ad.id}`, { headers: m.auth, body: patch });
        assert.equal(res.status, 422, res.raw);
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        assert.deepEqual(await snapshot(t, m.storeId), before);
        assert.deepEqual((await call('GET', `/v1/promo-ads/${ad.id}`, { headers: m.auth })).body.data.updatedAt, ad.updatedAt);
      });
    }

    it('deletes an ad', async () => {
      const ad = (await create()).body.data;
      const res = await call('DELETE', `/v1/promo-ads/${ad.id}`, { headers: m.auth });
      assert.deepEqual([res.status, res.body.data], [200, { id: ad.id }]);
      const gone = await call('GET', `/v1/promo-ads/${ad.id}`, { headers: m.auth });
      assert.deepEqual([gone.status, gone.body.error.code], [404, 'PROMO_AD_NOT_FOUND']);
      assert.deepEqual(await auditActions(t, m.storeId, ad.id), ['promo_ad.create', 'promo_ad.delete']);
    });

    it('lists newest first with status and placement filters and cursor pages', async () => {
      const shop = await signup(t.app);
      const ids: string[] = [];
      for (const [i, body] of [{ status: 'published', placement: 'home-hero' }, { placement: 'home-hero' }, { status: 'published' }, {}].entries()) {
        ids.push((await create({ title: `Ad ${i}`, ...body }, shop.auth)).body.data.id);
      }
      const list = async (q: string) => {
        const res = await call('GET', `/v1/promo-ads?${q}`, { headers: shop.auth });
        assert.equal(res.status, 200, res.raw);
        return res.body.data.map((a: { id: string }) => a.id);
      };
      assert.deepEqual(await list(''), [...ids].reverse());
      assert.deepEqual(await list('status=published'), [ids[2], ids[0]]);
      assert.deepEqual(await list('status=draft&placement=home-hero'), [ids[1]]);
      const first = await call('GET', '/v1/promo-ads?limit=3', { headers: shop.auth });
      assert.equal(first.body.pagination.hasMore, true);
      const second = await call('GET', `/v1/promo-ads?limit=3&cursor=${first.body.pagination.nextCursor}`, { headers: shop.auth });
      assert.deepEqual(second.body.data.map((a: { id: string }) => a.id), [ids[0]]);
      assert.deepEqual(second.body.pagination, { limit: 3, nextCursor: null, hasMore: false });
      for (const q of ['limit=0', 'limit=101', 'status=live', 'placement=Bad Place', 'cursor=nope']) {
        assert.equal((await call('GET', `/v1/promo-ads?${q}`, { headers: shop.auth })).status, 422, q);
      }
    });
  });

  describe('published', () => {
    it('lists exactly the ads live now: published, started, not ended; latest start first', async () => {
      const shop = await signup(t.app);
      const make = async (title: string, body: Record<string, unknown>) => (await create({ title, status: 'published', ...body }, shop.auth)).body.data.id as string;
      const open = await make('open-ended', { startsAt: at(-3 * HOUR) });
      const windowed = await make('in window', { startsAt: at(-HOUR), endsAt: at(HOUR) });
      await make('ended', { startsAt: at(-3 * HOUR), endsAt: at(-HOUR) });
      await make('not yet', { startsAt: at(HOUR) });
      await make('draft', { status: 'draft', startsAt: at(-HOUR) });
      const res = await call('GET', '/v1/promo-ads/published', { headers: shop.auth });
      assert.equal(res.status, 200, res.raw);
      assert.deepEqual(res.body.data.map((a: { id: string }) => a.id), [windowed, open]);
      assert.ok(res.body.data.every((a: { live: boolean }) => a.live));
    });

    it('filters on a placement, keeping the ads for any placement', async () => {
      const shop = await signup(t.app);
      const make = async (placement: string | null) => (await create({ title: `ad ${placement}`, status: 'published', placement }, shop.auth)).body.data.id as string;
      const hero = await make('home-hero');
      await make('sidebar');
      const anywhere = await make(null);
      const res = await call('GET', '/v1/promo-ads/published?placement=home-hero', { headers: shop.auth });
      assert.deepEqual(res.body.data.map((a: { id: string }) => a.id).sort(), [hero, anywhere].sort());
      assert.equal((await call('GET', '/v1/promo-ads/published?placement=NOPE!', { headers: shop.auth })).status, 422);
    });

    it('answers with the 30-minute window on X-Enable-Cache: true and for the dashboard, no-cache otherwise', async () => {
      await create({ status: 'published' });
      for (const extra of [{ 'x-enable-cache': 'true' }, { 'x-service-client': 'dashboard' }] as Array<Record<string, string>>) {
        const res = await call('GET', '/v1/promo-ads/published', { headers: { ...m.auth, ...extra } });
        assert.equal(res.status, 200);
        assert.equal(res.headers['cache-control'], 'max-age=1800, private');
        assert.equal(res.headers.vary, STOREFRONT_VARY);
        const etag = String(res.headers.etag);
        assert.match(etag, /^"[\x21\x23-\x7E]+"$/);
        const again = await call('GET', '/v1/promo-ads/published', { headers: { ...m.auth, ...extra, 'if-none-match': etag } });
        assert.equal(again.status, 304);
        assert.equal(again.raw, '');
        assert.equal(again.headers['cache-control'], 'max-age=1800, private');
        const head = await t.app.inject({ method: 'HEAD', url: '/v1/promo-ads/published', headers: { ...m.auth, ...extra } });
        assert.deepEqual([head.statusCode, head.headers['cache-control'], head.headers.etag, head.body], [200, 'max-age=1800, private', etag, '']);
      }
      const plain = await call('GET', '/v1/promo-ads/published', { headers: m.auth });
      assert.equal(plain.headers['cache-control'], 'no-cache, private');
      assert.equal(plain.headers.vary, STOREFRONT_VARY);
      const off = await call('GET', '/v1/promo-ads/published', { headers: { ...m.auth, 'x-enable-cache': 'false' } });
      assert.equal(off.headers['cache-control'], 'no-cache, private');
      const list = await call('GET', '/v1/promo-ads', { headers: { ...m.auth, 'x-enable-cache': 'true' } });
      assert.equal(list.headers['cache-control'], 'no-cache, private', 'the merchant list has no window');
      const refused = await call('GET', '/v1/promo-ads/published', { headers: { 'x-enable-cache': 'true' } });
      assert.equal(refused.status, 401);
      assert.equal(refused.headers['cache-control'], 'no-cache, private', 'an error never gets the window');
    });

    it('changes the ETag when the live set changes', async () => {
      const shop = await signup(t.app);
      const first = await call('GET', '/v1/promo-ads/published', { headers: shop.auth });
      assert.deepEqual(first.body.data, []);
      await create({ status: 'published' }, shop.auth);
      const second = await call('GET', '/v1/promo-ads/published', { headers: { ...shop.auth, 'if-none-match': String(first.headers.etag) } });
      assert.equal(second.status, 200);
      assert.notEqual(second.headers.etag, first.headers.etag);
      assert.equal(second.body.data.length, 1);
    });
  });

  describe('isolation and permissions', () => {
    it("answers another store's ad with 404 on every route, changes nothing, and never lists it", async () => {
      const other = await signup(t.app);
      const theirs = (await create({ title: 'Secret banner', status: 'published' }, other.auth)).body.data;
      const before = await snapshot(t, other.storeId);
      for (const [method, body] of [['GET'], ['PATCH', { title: 'Hacked' }], ['DELETE']] as const) {
        const res = await call(method, `/v1/promo-ads/${theirs.id}`, { headers: m.auth, body });
        assert.equal(res.status, 404, method);
        assert.equal(res.body.error.code, 'PROMO_AD_NOT_FOUND');
      }
      for (const url of ['/v1/promo-ads?limit=100', '/v1/promo-ads/published']) {
        assert.ok(!(await call('GET', url, { headers: m.auth })).raw.includes('Secret banner'), url);
      }
      assert.deepEqual(await snapshot(t, other.storeId), before);
      assert.deepEqual((await call('GET', `/v1/promo-ads/${theirs.id}`, { headers: other.auth })).body.data, theirs);
    });

    it('keeps test mode apart from live mode', async () => {
      const shop = await signup(t.app);
      const test = { ...shop.auth, 'x-mode': 'test' };
      const live = (await create({ title: 'Live banner', status: 'published' }, shop.auth)).body.data;
      assert.deepEqual((await call('GET', '/v1/promo-ads', { headers: test })).body.data, []);
      assert.deepEqual((await call('GET', '/v1/promo-ads/published', { headers: test })).body.data, []);
      for (const [method, body] of [['GET'], ['PATCH', { title: 'x' }], ['DELETE']] as const) {
        assert.equal((await call(method, `/v1/promo-ads/${live.id}`, { headers: test, body })).status, 404, method);
      }
      const testAd = (await create({ title: 'Test banner', status: 'published' }, test)).body.data;
      assert.deepEqual((await call('GET', '/v1/promo-ads/published', { headers: test })).body.data.map((a: { id: string }) => a.id), [testAd.id]);
      assert.deepEqual((await call('GET', '/v1/promo-ads/published', { headers: shop.auth })).body.data.map((a: { id: string }) => a.id), [live.id]);
    });

    it('needs promotions:read to read (the published route too) and promotions:write to write', async () => {
      const ad = (await create()).body.data;
      const none = await createApiKey(t.app, m, { permissions: ['products:read'] });
      const reader = await createApiKey(t.app, m, { permissions: ['promotions:read'] });
      for (const url of ['/v1/promo-ads', '/v1/promo-ads/published', `/v1/promo-ads/${ad.id}`]) {
        const res = await call('GET', url, { headers: { 'x-merchantapikey': none.key } });
        assert.equal(res.status, 403, url);
        assert.match(res.body.message, /promotions:read/);
        assert.equal((await call('GET', url, { headers: { 'x-merchantapikey': reader.key } })).status, 200, url);
      }
      const before = await snapshot(t, m.storeId);
      for (const [method, url, body] of [
        ['POST', '/v1/promo-ads', { title: 'x', startsAt: at(0) }],
        ['PATCH', `/v1/promo-ads/${ad.id}`, { title: 'x' }],
        ['DELETE', `/v1/promo-ads/${ad.id}`],
      ] as const) {
        const res = await call(method, url, { headers: { 'x-merchantapikey': reader.key }, body });
        assert.equal(res.status, 403, `${method} ${url}`);
        assert.match(res.body.message, /promotions:write/);
      }
      assert.deepEqual(await snapshot(t, m.storeId), before);
      assert.equal((await call('GET', '/v1/promo-ads/published')).status, 401, 'the published route needs a credential');
    });
  });

  describe('images', () => {
    it('takes an image the file lookup knows for the store, and refuses one it does not', async () => {
      const known = new Set([`${m.storeId}|live|fil_banner`]);
      const service = createPromoAdService({ repos: t.container.repos, files: { imageExists: async (tenant, id) => known.has(`${tenant.storeId}|${tenant.mode}|${id}`) } });
      const ctx: StoreContext = {
        requestId: 'test',
        now: new Date(),
        actor: { type: 'user', id: m.userId, label: m.email, userId: m.userId },
        credential: 'session',
        tenant: { storeId: m.storeId, mode: 'live' },
        role: 'owner',
        permissions: new Set(['promotions:read', 'promotions:write']),
      };
      const ad = await service.create(ctx, { title: 'With image', startsAt: at(0), imageFileId: 'fil_banner' });
      assert.equal(ad.imageFileId, 'fil_banner');
      await assert.rejects(service.create({ ...ctx, tenant: { storeId: m.storeId, mode: 'test' } }, { title: 'x', startsAt: at(0), imageFileId: 'fil_banner' }), (e: { details: Array<{ path: string }> }) => e.details[0]?.path === 'imageFileId');
      const cleared = await service.update(ctx, ad.id, { imageFileId: null });
      assert.equal(cleared.imageFileId, null);
    });
  });
});
