import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { systemContext, type StoreContext } from '../src/context.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { IMAGES, multipart } from './helpers/images.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { connect } from './helpers/oauth.ts';
import { type Answer, send } from './helpers/socket.ts';

const SHOP = 'https://shop.example.com';
const STAGING = 'http://127.0.0.1:5173';
const ELSEWHERE = 'https://elsewhere.example.net';
const VARY = 'Authorization, X-Mode, X-MerchantId, X-Service-Client, X-Enable-Cache, X-MerchantApiKey, X-PublishableKey, Origin';

/** The reads a publishable key may make (docs/storefront.md), as "METHOD /pattern". */
const STOREFRONT_ROUTES = [
  'GET /v1/products',
  'GET /v1/products/:productId',
  'GET /v2/products',
  'GET /v2/products/:productId',
  'GET /v2/products/:productId/variant-groups/:groupId',
  'GET /v2/products/:productId/variant-groups/:groupId/skus/:skuId',
  'GET /v1/categories',
  'GET /v1/categories/:categoryId',
  'GET /v1/promo-ads/published',
  'GET /v1/delivery/quote',
  'GET /v1/files/:id',
  // Carts (docs/checkout.md): a publishable key only, with the cart's token.
  'POST /v1/carts',
  'GET /v1/carts/:cartId',
  'PATCH /v1/carts/:cartId',
  'POST /v1/carts/:cartId/lines',
  'PATCH /v1/carts/:cartId/lines/:lineId',
  'DELETE /v1/carts/:cartId/lines/:lineId',
  'POST /v1/carts/:cartId/checkout',
];

/**
 * A storefront reading with a publishable key (docs/storefront.md): what a shopper may see and nothing else, in every
 * door; CORS only for the key's storefront origins; secret credentials never get CORS.
 */
describeEachDatabase('storefront reads with a publishable key', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  let key: string;
  let testKey: string;
  let ids: {
    active: string;
    draft: string;
    archived: string;
    variable: { productId: string; groupId: string; skuIds: string[] };
    draftVariable: { productId: string; groupId: string; skuIds: string[] };
    category: string;
    publishedAd: string;
    draftAd: string;
  };
  const pk = (extra: Record<string, string> = {}) => ({ 'x-publishablekey': key, ...extra });

  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
    m = await signup(t.app);
    const ok = async (method: 'POST' | 'PATCH', url: string, body: unknown, headers = m.auth) => {
      const res = await call(method, url, { headers, body });
      assert.ok(res.status < 300, `${method} ${url}: ${res.raw}`);
      return res.body.data;
    };
    await ok('PATCH', '/v1/settings', { allowedOrigins: [SHOP] });
    await ok('PATCH', '/v1/settings', { allowedOrigins: [STAGING] }, { ...m.auth, 'x-mode': 'test' });
    const category = (await ok('POST', '/v1/categories', { name: 'Shirts' })).id;
    const simple = (name: string, status: string) => ok('POST', '/v1/products', { type: 'SIMPLE', name, price: 19.5, quantityInStock: 4, status, categoryIds: [category] });
    const active = (await simple('Linen shirt', 'active')).id;
    const draft = (await simple('Secret draft', 'draft')).id;
    const archived = (await simple('Old shirt', 'archived')).id;
    const variable = await variableProduct(t.app, m, { name: 'Active tee' });
    await ok('PATCH', `/v1/products/${variable.productId}`, { status: 'active' });
    const draftVariable = await variableProduct(t.app, m, { name: 'Draft tee' });
    const publishedAd = (await ok('POST', '/v1/promo-ads', { title: 'Summer sale', status: 'published', startsAt: '2020-01-01T00:00:00Z' })).id;
    const draftAd = (await ok('POST', '/v1/promo-ads', { title: 'Not yet', startsAt: '2020-01-01T00:00:00Z' })).id;
    const zone = (await ok('POST', '/v1/delivery/zones', { name: 'USA', regions: [{ countryId: 'US' }] })).id;
    await ok('POST', `/v1/delivery/zones/${zone}/options`, { name: 'Standard', fee: 4.99, freeOver: 50 });
    ids = { active, draft, archived, variable, draftVariable, category, publishedAd, draftAd };
    key = (await ok('POST', '/v1/publishable-keys', { name: 'Main storefront' })).key;
    testKey = (await ok('POST', '/v1/publishable-keys', { name: 'Staging', mode: 'test' })).key;
  });
  after(() => t?.close());

  describe('what it reads', () => {
    it('reads the images of active products and live promo ads, with CORS for its origin; any other file is 404 to it', async () => {
      const upload = async () => {
        const body = multipart([{ name: 'file', filename: 'p.png', contentType: 'image/png', content: IMAGES.png }]);
        const res = await t.app.inject({ method: 'POST', url: '/v1/files', headers: { ...m.auth, ...body.headers }, payload: body.payload });
        assert.equal(res.statusCode, 201, res.body);
        return res.json().data.id as string;
      };
      const [shown, drafted, adImage, loose] = [await upload(), await upload(), await upload(), await upload()];
      assert.equal((await call('PATCH', `/v1/products/${ids.active}`, { headers: m.auth, body: { imageFileIds: [shown] } })).status, 200);
      assert.equal((await call('PATCH', `/v1/products/${ids.draft}`, { headers: m.auth, body: { imageFileIds: [drafted] } })).status, 200);
      assert.equal((await call('PATCH', `/v1/promo-ads/${ids.publishedAd}`, { headers: m.auth, body: { imageFileId: adImage } })).status, 200);
      for (const id of [shown, adImage]) {
        const res = await t.app.inject({ method: 'GET', url: `/v1/files/${id}`, headers: pk({ origin: SHOP }) });
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.headers['content-type'], 'image/png');
        assert.equal(res.headers['access-control-allow-origin'], SHOP);
      }
      for (const id of [drafted, loose]) {
        const res = await call('GET', `/v1/files/${id}`, { headers: pk() });
        assert.equal(res.status, 404, `${id}: ${res.raw}`);
        assert.equal(res.body.error.code, 'FILE_NOT_FOUND');
      }
      assert.equal((await t.app.inject({ method: 'GET', url: `/v1/files/${drafted}`, headers: m.auth })).statusCode, 200, 'the merchant reads every file');
    });

    it('lists active products only, in v1 and v2, whatever status it asks for', async () => {
      for (const url of ['/v1/products', '/v2/products', `/v1/products?categoryId=${ids.category}`, '/v2/products?q=shirt', '/v2/products?sort=name']) {
        const res = await call('GET', url, { headers: pk() });
        assert.equal(res.status, 200, res.raw);
        const names = res.body.data.map((p: { name: string }) => p.name);
        assert.ok(!names.includes('Secret draft') && !names.includes('Old shirt') && !names.includes('Draft tee'), `${url}: ${names}`);
        assert.ok(names.includes('Linen shirt'), `${url}: ${names}`);
        assert.ok(res.body.data.every((p: { status: string }) => p.status === 'active'));
      }
      for (const status of ['draft', 'archived']) {
        const res = await call('GET', `/v2/products?status=${status}`, { headers: pk() });
        assert.deepEqual([res.status, res.body.data, res.body.pagination.nextCursor], [200, [], null], `status=${status} shows nothing`);
      }
      const owner = await call('GET', '/v2/products?status=draft', { headers: m.auth });
      assert.ok(owner.body.data.length >= 2, 'the merchant still sees the drafts');
    });

    it('reads an active product with its variant groups and SKUs; a draft or archived one, its groups and SKUs are 404', async () => {
      const { productId, groupId, skuIds } = ids.variable;
      for (const url of [`/v1/products/${ids.active}`, `/v2/products/${ids.active}`, `/v2/products/${productId}`, `/v2/products/${productId}/variant-groups/${groupId}`, `/v2/products/${productId}/variant-groups/${groupId}/skus/${skuIds[0]}`]) {
        assert.equal((await call('GET', url, { headers: pk() })).status, 200, url);
      }
      const hidden = ids.draftVariable;
      for (const url of [
        `/v1/products/${ids.draft}`,
        `/v2/products/${ids.draft}`,
        `/v1/products/${ids.archived}`,
        `/v2/products/${ids.archived}`,
        `/v2/products/${hidden.productId}`,
        `/v2/products/${hidden.productId}/variant-groups/${hidden.groupId}`,
        `/v2/products/${hidden.productId}/variant-groups/${hidden.groupId}/skus/${hidden.skuIds[0]}`,
      ]) {
        // Read by the merchant first, so that the product memo holds it: the shopper must not get it from there either.
        assert.equal((await call('GET', url, { headers: m.auth })).status, 200, url);
        const res = await call('GET', url, { headers: pk() });
        assert.equal(res.status, 404, url);
        assert.equal(res.body.error.code, 'PRODUCT_NOT_FOUND', url);
      }
    });

    it('sees exactly the fields of a product a merchant sees (there is no cost field to hide)', async () => {
      const shopper = await call('GET', `/v2/products/${ids.variable.productId}`, { headers: pk() });
      const merchant = await call('GET', `/v2/products/${ids.variable.productId}`, { headers: m.auth });
      assert.deepEqual(shopper.body.data, merchant.body.data);
      // A field added to products later must be judged for shoppers: this list is the decision so far.
      assert.deepEqual(Object.keys(shopper.body.data).sort(), [
        'categoryIds', 'createdAt', 'currency', 'description', 'discount', 'id', 'imageFileIds', 'name', 'price', 'priceRange', 'quantityInStock',
        'sku', 'skuCount', 'skuId', 'slug', 'specifications', 'status', 'taxClass', 'totalStock', 'type', 'updatedAt', 'variantGroups',
      ]);
      // The tax class is the merchant's public tax treatment of the product (docs/taxes.md): a shopper may see it.
      assert.deepEqual(Object.keys(shopper.body.data.variantGroups[0].skus[0]).sort(), ['attributes', 'createdAt', 'discount', 'id', 'price', 'quantityInStock', 'sku', 'taxClass', 'updatedAt']);
    });

    it('lists the categories, the published promo ads (not the drafts), and quotes delivery', async () => {
      const categories = await call('GET', '/v1/categories', { headers: pk() });
      assert.deepEqual(categories.body.data.map((c: { id: string }) => c.id), [ids.category]);
      assert.equal((await call('GET', `/v1/categories/${ids.category}`, { headers: pk() })).status, 200);
      const ads = await call('GET', '/v1/promo-ads/published', { headers: pk() });
      assert.deepEqual(ads.body.data.map((a: { id: string }) => a.id), [ids.publishedAd]);
      const quote = await call('GET', '/v1/delivery/quote?countryId=US&subtotal=60', { headers: pk() });
      assert.equal(quote.status, 200, quote.raw);
      assert.deepEqual(quote.body.data.options.map((o: { name: string; fee: number }) => [o.name, o.fee]), [['Standard', 0]]);
      assert.equal((await call('GET', '/v1/delivery/quote?countryId=XX&subtotal=1', { headers: pk() })).status, 422, 'bad input is still 422');
    });

    it('is bound to its store and mode: another store is 404, the other mode 403, another store’s product 404', async () => {
      const other = await signup(t.app);
      const theirs = await call('POST', '/v1/products', { headers: other.auth, body: { type: 'SIMPLE', name: 'Theirs', price: 5, quantityInStock: 1, status: 'active' } });
      assert.equal((await call('GET', `/v2/products/${theirs.body.data.id}`, { headers: pk() })).status, 404);
      const elsewhere = await call('GET', '/v2/products', { headers: pk({ 'x-merchantid': other.storeId }) });
      assert.deepEqual([elsewhere.status, elsewhere.body.error.code], [404, 'STORE_NOT_FOUND']);
      const test = await call('GET', '/v2/products', { headers: pk({ 'x-mode': 'test' }) });
      assert.deepEqual([test.status, test.body.error.code], [403, 'MODE_MISMATCH']);
      const testCatalog = await call('GET', '/v2/products', { headers: { 'x-publishablekey': testKey } });
      assert.deepEqual([testCatalog.status, testCatalog.body.data], [200, []], 'a test key reads the (empty) test catalog');
    });
  });

  describe('what it cannot do', () => {
    it('is refused on every other route of the API, writes and the AI connector included, and nothing is written', async () => {
      const tables = ['audit_logs', 'products', 'categories', 'customers', 'orders', 'promo_ads', 'delivery_zones', 'api_keys', 'publishable_keys', 'idempotency_keys'] as const;
      const counts = async () => {
        const out: Record<string, number> = {};
        for (const table of tables) {
          const row = await t.container.db.kysely.selectFrom(table as 'products').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
          out[table] = Number(row.n);
        }
        return out;
      };
      const before = await counts();
      const routes = [...t.app.rateLimitPolicies].filter(([, policies]) => policies.includes('credential') || policies.includes('publishable-key')).map(([route]) => route);
      assert.ok(routes.length > 90, `${routes.length} authenticated routes`);
      const allowed: string[] = [];
      for (const route of routes) {
        const [method, pattern] = route.split(' ') as [string, string];
        const url = pattern.replace(/:(\w+)/g, (_, name) => (name === 'productId' ? ids.active : `${name}_1`));
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { ...pk({ 'idempotency-key': `walk-${route}` }), ...(method === 'GET' || method === 'HEAD' ? {} : { 'content-type': 'application/json' }) },
          ...(method === 'GET' || method === 'HEAD' ? {} : { payload: '{}' }),
        });
        const head = method === 'HEAD' ? `GET ${pattern}` : route;
        if (STOREFRONT_ROUTES.includes(head)) {
          assert.notEqual(res.statusCode, 403, `${route}: ${res.body}`);
          allowed.push(head);
          continue;
        }
        assert.equal(res.statusCode, 403, `${route} refuses a publishable key: ${res.statusCode} ${res.body}`);
        if (method !== 'HEAD') assert.equal(res.json().error.code, 'CREDENTIAL_NOT_ALLOWED', route);
      }
      assert.deepEqual([...new Set(allowed)].sort(), [...STOREFRONT_ROUTES].sort(), 'the storefront routes are exactly these');
      assert.deepEqual(await counts(), before, 'nothing was written');
    });

    it('is refused by the services themselves: a shopper has no permission, whatever door it came through', async () => {
      const { auth, customers, orders, settings, audit, products, categories, apiKeys, publishableKeys, promoAds, promotions, reviews } = t.container.services;
      const base = systemContext('storefront-test');
      const principal = await auth.authenticate(base, { publishableKey: key });
      const shopper: StoreContext = await auth.storeContext(base, principal, {}, { storefront: true });
      assert.equal(shopper.credential, 'publishable_key');
      assert.equal(shopper.permissions.size, 0);
      const attempts: Array<[string, () => Promise<unknown>]> = [
        ['customers.list', () => customers.list(shopper, { limit: 10 } as never)],
        ['orders.list', () => orders.list(shopper, { limit: 10 } as never)],
        ['settings.get', () => settings.get(shopper)],
        ['audit.list', () => audit.list(shopper, { limit: 10 })],
        ['promoAds.list (drafts included)', () => promoAds.list(shopper, { limit: 10 } as never)],
        ['promoAds.get', () => promoAds.get(shopper, ids.draftAd)],
        ['promotions.list', () => promotions.list(shopper, { limit: 10 })],
        ['reviews.list', () => reviews.list(shopper, { limit: 10 } as never)],
        ['products.create', () => products.create(shopper, { type: 'SIMPLE', name: 'Nope', price: 5, quantityInStock: 1 })],
        ['products.update', () => products.update(shopper, ids.active, { name: 'Nope' })],
        ['categories.create', () => categories.create(shopper, { name: 'Nope' } as never)],
        ['apiKeys.create', () => apiKeys.create(shopper, { name: 'Nope' })],
        ['publishableKeys.create', () => publishableKeys.create(shopper, { name: 'Nope' })],
        ['publishableKeys.list', () => publishableKeys.list(shopper)],
      ];
      for (const [name, attempt] of attempts) {
        await assert.rejects(attempt(), (error: { code?: string; message?: string }) => {
          assert.equal(error.code, 'PERMISSION_DENIED', name);
          assert.match(String(error.message), /publishable key reads only what a shopper may see/, name);
          return true;
        });
      }
      await assert.rejects(auth.storeContext(base, principal, {}), (error: { code?: string }) => error.code === 'CREDENTIAL_NOT_ALLOWED', 'outside a storefront route');
      await assert.rejects(auth.connectorContext(base, principal), (error: { code?: string }) => error.code === 'CREDENTIAL_NOT_ALLOWED', 'the AI connector');
    });

    it('does not reach the AI connector', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: pk({ 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' }),
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      });
      assert.equal(res.statusCode, 403);
      assert.equal(res.json().error.code, 'CREDENTIAL_NOT_ALLOWED');
    });
  });

  describe('CORS', () => {
    const cors = (headers: Record<string, unknown>) => Object.keys(headers).filter((name) => name.startsWith('access-control-'));

    it('answers CORS to its store’s storefront origins only, with Vary: Origin on every answer, never with credentials', async () => {
      const allowed = await call('GET', '/v2/products', { headers: pk({ origin: SHOP }) });
      assert.equal(allowed.status, 200);
      assert.equal(allowed.headers['access-control-allow-origin'], SHOP);
      assert.equal(allowed.headers['access-control-expose-headers'], 'ETag, X-Request-Id, RateLimit, RateLimit-Policy, Retry-After');
      assert.equal(allowed.headers['access-control-allow-credentials'], undefined);
      assert.equal(allowed.headers.vary, VARY);
      for (const [what, headers] of [
        ['another origin', pk({ origin: ELSEWHERE })],
        ['the origin with another port', pk({ origin: `${SHOP}:8443` })],
        ['the test mode’s origin', pk({ origin: STAGING })],
        ['no origin', pk()],
        ['the opaque origin', pk({ origin: 'null' })],
      ] as const) {
        const res = await call('GET', '/v2/products', { headers });
        assert.equal(res.status, 200, what);
        assert.deepEqual(cors(res.headers), [], `${what}: no CORS header`);
        assert.equal(res.headers.vary, VARY, `${what}: Vary names Origin all the same`);
      }
      const test = await call('GET', '/v2/products', { headers: { 'x-publishablekey': testKey, origin: STAGING } });
      assert.equal(test.headers['access-control-allow-origin'], STAGING, 'a test key answers its mode’s origins');
      assert.deepEqual(cors((await call('GET', '/v2/products', { headers: { 'x-publishablekey': testKey, origin: SHOP } })).headers), []);
    });

    it('carries CORS on refusals to an allowed origin (404, 422, 403), on 304 and HEAD, so the page can read them', async () => {
      const notFound = await call('GET', `/v2/products/${ids.draft}`, { headers: pk({ origin: SHOP }) });
      assert.deepEqual([notFound.status, notFound.headers['access-control-allow-origin'], notFound.headers.vary], [404, SHOP, VARY]);
      const invalid = await call('GET', '/v1/delivery/quote?countryId=XX&subtotal=1', { headers: pk({ origin: SHOP }) });
      assert.deepEqual([invalid.status, invalid.headers['access-control-allow-origin']], [422, SHOP]);
      const wrongMode = await call('GET', '/v1/categories', { headers: pk({ origin: SHOP, 'x-mode': 'test' }) });
      assert.deepEqual([wrongMode.status, wrongMode.headers['access-control-allow-origin']], [403, SHOP]);
      const first = await call('GET', '/v1/categories', { headers: pk({ origin: SHOP }) });
      const etag = String(first.headers.etag);
      const notModified = await call('GET', '/v1/categories', { headers: pk({ origin: SHOP, 'if-none-match': etag }) });
      assert.deepEqual([notModified.status, notModified.headers['access-control-allow-origin'], notModified.headers.vary, notModified.headers.etag], [304, SHOP, VARY, etag]);
      const fromElsewhere = await call('GET', '/v1/categories', { headers: pk({ origin: ELSEWHERE, 'if-none-match': etag }) });
      assert.deepEqual([fromElsewhere.status, fromElsewhere.headers['access-control-allow-origin']], [304, undefined], 'the same ETag, never the other origin’s CORS');
      const head = await t.app.inject({ method: 'HEAD', url: '/v1/categories', headers: pk({ origin: SHOP }) });
      assert.deepEqual([head.statusCode, head.headers['access-control-allow-origin'], head.headers.etag], [200, SHOP, etag]);
    });

    it('never answers CORS to a secret API key, a session or an app token, even from a storefront origin', async () => {
      const secret = { 'x-merchantapikey': (await createApiKey(t.app, m)).key };
      const app = (await connect(t.app, m, { scope: 'products:read settings:read' })).auth;
      for (const [name, credential] of [['API key', secret], ['session', m.auth], ['app token', app]] as const) {
        for (const url of ['/v2/products', '/v1/promo-ads/published', '/v1/settings', '/v1/products/nope']) {
          const res = await call('GET', url, { headers: { ...credential, origin: SHOP } });
          assert.ok(res.status === 200 || res.status === 404 || res.status === 403, `${name} ${url}: ${res.status}`);
          assert.deepEqual(cors(res.headers), [], `${name} ${url}: no CORS header`);
        }
      }
      const unknown = await call('GET', '/v2/products', { headers: { 'x-publishablekey': `${key.slice(0, -4)}AAAA`, origin: SHOP } });
      assert.deepEqual([unknown.status, cors(unknown.headers)], [401, []], 'an unknown key has no store, so no origins');
    });

    it('answers the preflight of a storefront route for any origin, allowing only GET, HEAD and the storefront headers', async () => {
      for (const url of ['/v2/products', `/v2/products/${ids.active}`, '/v1/categories', '/v1/promo-ads/published', '/v1/delivery/quote?countryId=US&subtotal=1']) {
        for (const origin of [SHOP, ELSEWHERE]) {
          const res = await t.app.inject({ method: 'OPTIONS', url, headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-publishablekey,if-none-match' } });
          assert.equal(res.statusCode, 204, url);
          assert.equal(res.headers['access-control-allow-origin'], '*');
          assert.equal(res.headers['access-control-allow-methods'], 'GET, HEAD');
          assert.equal(res.headers['access-control-allow-headers'], 'X-PublishableKey, If-None-Match, X-Enable-Cache');
          assert.equal(res.headers['access-control-max-age'], '86400');
          assert.equal(res.headers['access-control-allow-credentials'], undefined);
          assert.equal(res.headers.vary, 'Origin');
          assert.match(String(res.headers.ratelimit), /^"public";/, 'counted per address');
        }
      }
      const write = await t.app.inject({ method: 'OPTIONS', url: '/v1/products', headers: { origin: SHOP, 'access-control-request-method': 'POST' } });
      assert.deepEqual([write.statusCode, cors(write.headers)], [204, []], 'no write is allowed across origins');
      for (const url of ['/v1/customers', '/v1/settings', '/v1/publishable-keys', '/v1/auth/session-token']) {
        const res = await t.app.inject({ method: 'OPTIONS', url, headers: { origin: SHOP, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-publishablekey' } });
        assert.deepEqual(cors(res.headers), [], `${url}: no preflight beyond the storefront routes`);
      }
    });

    it('lets any page read the public reference data, which takes no credential', async () => {
      const res = await call('GET', '/v1/countries?name=united', { headers: { origin: ELSEWHERE } });
      assert.equal(res.status, 200);
      assert.equal(res.headers['access-control-allow-origin'], '*');
      assert.equal(res.headers['access-control-allow-credentials'], undefined);
      assert.equal((await call('GET', '/v1/states/XX', { headers: { origin: ELSEWHERE } })).headers['access-control-allow-origin'], '*', 'its refusals too');
    });
  });

  describe('over a socket, with the front cache', () => {
    let base: string;
    const lines: Array<Record<string, unknown>> = [];
    let s: TestApp;
    before(async () => {
      s = await startTestApp(kind, { logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
      await s.app.listen({ host: '127.0.0.1', port: 0 });
      base = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
    });
    after(() => s?.close());
    const fromFront = (answer: Answer) => lines.some((line) => line.reqId === answer.headers['x-request-id'] && line.msg === 'request completed' && line.frontCache === true);

    it('never hands an API key’s kept answer, or its CORS headers, to another origin or to a publishable key', async () => {
      const merchant = await signup(s.app);
      const sCall = client(s.app);
      await sCall('PATCH', '/v1/settings', { headers: merchant.auth, body: { allowedOrigins: [SHOP] } });
      await sCall('POST', '/v1/products', { headers: merchant.auth, body: { type: 'SIMPLE', name: 'Kept', price: 5, quantityInStock: 1, status: 'active' } });
      const secret = (await createApiKey(s.app, merchant)).key;
      const publishable = (await sCall('POST', '/v1/publishable-keys', { headers: merchant.auth, body: { name: 'Shop' } })).body.data.key;
      let cached: Answer | undefined;
      for (let i = 0; i < (kind === 'postgres' ? 20 : 4) && !cached; i++) {
        const answer = await send(base, '/v2/products', { 'x-merchantapikey': secret, origin: SHOP });
        assert.equal(answer.status, 200);
        assert.equal(answer.headers['access-control-allow-origin'], undefined);
        assert.equal(answer.headers.vary, VARY);
        if (fromFront(answer)) cached = answer;
      }
      assert.ok(cached, 'the front cache answers the API key');
      const withBoth = await send(base, '/v2/products', { 'x-merchantapikey': secret, 'x-publishablekey': publishable, origin: SHOP });
      assert.equal(withBoth.status, 400, 'two credentials are refused by the route, never answered from the cache');
      assert.equal(fromFront(withBoth), false);
      const shopper = await send(base, '/v2/products', { 'x-publishablekey': publishable, origin: SHOP });
      assert.equal(shopper.status, 200);
      assert.equal(fromFront(shopper), false, 'a publishable key is always answered by the route');
      assert.equal(shopper.headers['access-control-allow-origin'], SHOP);
      assert.equal(JSON.parse(shopper.body.toString()).data[0].name, 'Kept');
      const other = await send(base, '/v2/products', { 'x-publishablekey': publishable, origin: ELSEWHERE });
      assert.equal(other.headers['access-control-allow-origin'], undefined);
    });
  });
});
