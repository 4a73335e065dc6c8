import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StoreContext } from '../src/context.ts';
import type { ProductTree } from '../src/domain/catalog/types.ts';
import { etagOf } from '../src/http/etag.ts';
import { createProductTreeMemo } from '../src/http/product-memo.ts';
import { ProductTreeRecord, toProductTreeRecord } from '../src/wire/catalog.ts';
import { envelope, ok } from '../src/wire/envelope.ts';
import { okPage, pagedEnvelope } from '../src/wire/page.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { IMAGES, multipart } from './helpers/images.ts';
import { client, type Merchant, signup } from './helpers/merchants.ts';

/**
 * The v2 product reads send products from a memo kept by revision (src/http/product-memo.ts, decision 0013). What
 * they send must be, byte for byte, what the response schema's serializer makes of the product as the database holds
 * it now, after any change to anything the product shows, made by any route or by SQL behind the app's back.
 */
describeEachDatabase('v2 product reads from the memo', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
    m = await signup(t.app);
  });
  after(() => t?.close());

  const serialize = (schema: z.ZodType, url: string) => serializerCompiler({ schema, method: 'GET', url }) as (data: unknown) => string;
  const oneBody = serialize(envelope(ProductTreeRecord), '/v2/products/:productId');
  const pageBody = serialize(pagedEnvelope(z.array(ProductTreeRecord)), '/v2/products');
  const ctx = (who: Merchant, mode: 'live' | 'test' = 'live') =>
    ({ requestId: 'memo-test', now: new Date(), tenant: { storeId: who.storeId, mode }, permissions: new Set(['products:read']) }) as unknown as StoreContext;

  /** The bytes the route sent before the memo: the service's tree through the route's own response serializer. */
  async function expectedProduct(who: Merchant, id: string): Promise<string> {
    const { product, currency } = await t.container.services.products.getTree(ctx(who), id);
    return oneBody(ok('Product retrieved', toProductTreeRecord(product, currency)));
  }

  async function expectedPage(who: Merchant, query: string, limit: number): Promise<string> {
    const params = Object.fromEntries(new URLSearchParams(query));
    const page = await t.container.services.products.listTrees(ctx(who), { sort: '-createdAt', ...params, limit } as never);
    const items = page.items.map((p) => toProductTreeRecord(p as ProductTree, page.currency));
    return pageBody(okPage('Products retrieved', items, limit, page.nextCursor));
  }

  /** GETs the product and the first page twice each (the second from the memo where it keeps them) and checks the bytes. */
  async function assertCurrent(who: Merchant, id: string, because: string): Promise<string> {
    const want = await expectedProduct(who, id);
    for (const round of ['first', 'second']) {
      const one = await call('GET', `/v2/products/${id}`, { headers: who.auth });
      assert.equal(one.status, 200, one.raw);
      assert.equal(one.raw, want, `${because}: GET /v2/products/{id}, ${round} read`);
      assert.equal(one.headers['content-type'], 'application/json; charset=utf-8');
      const list = await call('GET', '/v2/products?limit=5', { headers: who.auth });
      assert.equal(list.raw, await expectedPage(who, '', 5), `${because}: GET /v2/products, ${round} read`);
    }
    return want;
  }

  it('sends the bytes and ETag the response schema made before, on a first read and from the memo', async () => {
    const { productId } = await variableProduct(t.app, m, { name: 'Bytes Tee' });
    await variableProduct(t.app, m, { name: 'Second Tee' });
    const body = await assertCurrent(m, productId, 'as created');
    const first = await call('GET', `/v2/products/${productId}`, { headers: m.auth });
    assert.equal(first.raw, body);
    assert.equal(first.headers.etag, etagOf(body), 'the ETag is the hash of the bytes sent');
    const revalidated = await t.app.inject({ method: 'GET', url: `/v2/products/${productId}`, headers: { ...m.auth, 'if-none-match': String(first.headers.etag) } });
    assert.equal(revalidated.statusCode, 304);
    const head = await t.app.inject({ method: 'HEAD', url: `/v2/products/${productId}`, headers: m.auth });
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers.etag, first.headers.etag);
    assert.equal(head.body, '');
    // A page after a cursor, and a filtered page, the same way.
    const firstPage = await call('GET', '/v2/products?limit=1', { headers: m.auth });
    const cursor = firstPage.body.pagination.nextCursor as string;
    const next = await call('GET', `/v2/products?limit=1&cursor=${encodeURIComponent(cursor)}`, { headers: m.auth });
    assert.equal(next.raw, await expectedPage(m, `cursor=${cursor}`, 1));
    const drafts = await call('GET', '/v2/products?limit=3&status=draft&sort=name', { headers: m.auth });
    assert.equal(drafts.raw, await expectedPage(m, 'status=draft&sort=name', 3));
  });

  it('shows every change to a product and its tree at once, whichever route makes it', async () => {
    const { productId, groupId, skuIds } = await variableProduct(t.app, m, { name: 'Changing Tee' });
    let last = await assertCurrent(m, productId, 'as created');
    const step = async (because: string, change: () => Promise<{ status: number; raw?: string }>) => {
      const res = await change();
      assert.ok(res.status < 300, `${because}: ${res.status} ${res.raw ?? ''}`);
      const now = await assertCurrent(m, productId, because);
      assert.notEqual(now, last, `${because}: the product changed`);
      last = now;
    };
    const category = (await call('POST', '/v1/categories', { headers: m.auth, body: { name: 'Memo shirts' } })).body.data.id as string;
    const upload = multipart([{ name: 'file', filename: 'tee.png', contentType: 'image/png', content: IMAGES.png }]);
    const image = (await t.app.inject({ method: 'POST', url: '/v1/files', headers: { ...m.auth, ...upload.headers }, payload: upload.payload })).json().data.id as string;
    const product = `/v1/products/${productId}`;
    const group = `/v2/products/${productId}/variant-groups/${groupId}`;
    const sku = `${group}/skus/${skuIds[0]}`;

    await step('the name', () => call('PATCH', product, { headers: m.auth, body: { name: 'Changed Tee' } }));
    await step('the status', () => call('PATCH', product, { headers: m.auth, body: { status: 'active' } }));
    await step('the description', () => call('PATCH', product, { headers: m.auth, body: { description: 'Soft.' } }));
    await step('its categories', () => call('PATCH', product, { headers: m.auth, body: { categoryIds: [category] } }));
    await step('its images', () => call('PATCH', product, { headers: m.auth, body: { imageFileIds: [image] } }));
    await step('its specifications', () => call('PATCH', product, { headers: m.auth, body: { specifications: { spec_material: 'Cotton' } } }));
    await step("a group's value", () => call('PATCH', group, { headers: m.auth, body: { attributeValue: 'Blue' } }));
    await step("a group's image", () => call('PATCH', group, { headers: m.auth, body: { image } }));
    await step("a SKU's price", () => call('PATCH', sku, { headers: m.auth, body: { price: 25 } }));
    await step("a SKU's stock", () => call('PATCH', sku, { headers: m.auth, body: { quantityInStock: 9 } }));
    await step('a stock adjustment', () => call('POST', '/v1/inventory/adjustments', { headers: m.auth, body: { skuId: skuIds[0], delta: 4, reason: 'restock' } }));
    const customer = await call('POST', '/v1/customers', {
      headers: m.auth,
      body: { name: 'Memo Buyer', email: `memo.${Date.now()}@example.com`, addresses: [{ line1: '1 Main St', city: 'Springfield', countryId: 'US', stateId: 'US-IL' }] },
    });
    assert.equal(customer.status, 201, customer.raw);
    let orderId = '';
    await step('an order taking stock', async () => {
      const placed = await call('POST', '/v1/orders', { headers: m.auth, body: { customerId: customer.body.data.id, lines: [{ skuId: skuIds[1], quantity: 2 }] } });
      orderId = placed.body.data?.id;
      return placed;
    });
    await step('the order cancelled, its stock back', () => call('POST', `/v1/orders/${orderId}/transitions`, { headers: m.auth, body: { to: 'cancelled' } }));
    let added = '';
    await step('a SKU added', async () => {
      const res = await call('POST', `${group}/skus`, { headers: m.auth, body: { price: 30, quantityInStock: 1, attributes: { Size: 'XL' } } });
      added = res.body.data?.id;
      return res;
    });
    await step('a SKU deleted', () => call('DELETE', `${group}/skus/${added}`, { headers: m.auth }));
    let second = '';
    await step('a group added', async () => {
      const res = await call('POST', `/v2/products/${productId}/variant-groups`, { headers: m.auth, body: { attributeName: 'Color', attributeValue: 'Green', skus: [{ price: 12, quantityInStock: 2, attributes: { Size: 'S' } }] } });
      second = res.body.data?.id;
      return res;
    });
    await step('a group deleted', () => call('DELETE', `/v2/products/${productId}/variant-groups/${second}`, { headers: m.auth }));
    await step('its categories cleared', () => call('PATCH', product, { headers: m.auth, body: { categoryIds: [] } }));

    // Behind the app's back: SQL on every table the product shows.
    const sqlStep = (because: string, change: () => Promise<unknown>) =>
      step(because, async () => {
        await change();
        return { status: 200 };
      });
    const db = t.container.db.kysely;
    await sqlStep('SQL on the SKU', () => db.updateTable('skus').set({ quantity_in_stock: 77 }).where('id', '=', skuIds[0]!).execute());
    await sqlStep('SQL on the group', () => db.updateTable('variant_groups').set({ attribute_value: 'Teal' }).where('id', '=', groupId).execute());
    await sqlStep('SQL on the product', () => db.updateTable('products').set({ description: 'Changed in SQL.' }).where('id', '=', productId).execute());
    await sqlStep('SQL on its specifications', () => db.updateTable('product_specifications').set({ value: 'Linen' }).where('product_id', '=', productId).execute());
    await sqlStep('SQL on its images', () => db.deleteFrom('product_images').where('product_id', '=', productId).execute());
    await sqlStep('SQL on its categories', () => db.insertInto('product_categories').values({ product_id: productId, category_id: category, position: 0, status: 'active', type: 'VARIABLE', name_folded: 'changed tee', updated_at: new Date().toISOString() }).execute());

    assert.equal((await call('DELETE', product, { headers: m.auth })).status < 300, true);
    assert.equal((await call('GET', `/v2/products/${productId}`, { headers: m.auth })).status, 404, 'deleted: no longer sent');
    const list = await call('GET', '/v2/products?limit=100', { headers: m.auth });
    assert.ok(!list.body.data.some((p: { id: string }) => p.id === productId));
  });

  if (kind === 'postgres') {
    it('PostgreSQL: sends a product from its copy while the catalog change log has nothing of it, and reads it again once it has', async () => {
      const { productId, skuIds } = await variableProduct(t.app, m, { name: 'Logged Tee' });
      const before = await assertCurrent(m, productId, 'as created');
      const db = t.container.db.kysely;
      const { sql } = await import('kysely');
      // A change the log does not hear of (its trigger off): the copy is still sent, so the tree was not read again.
      await sql`alter table skus disable trigger user`.execute(db);
      try {
        await db.updateTable('skus').set({ price_minor: 123456 }).where('id', '=', skuIds[0]!).execute();
      } finally {
        await sql`alter table skus enable trigger user`.execute(db);
      }
      for (const url of [`/v2/products/${productId}`, '/v2/products?limit=5']) {
        const again = await call('GET', url, { headers: m.auth });
        assert.ok(!again.raw.includes('1234.56'), `${url}: from the copy`);
      }
      assert.equal((await call('GET', `/v2/products/${productId}`, { headers: m.auth })).raw, before);
      // Any logged row of the product (here its description), or of its store, and the next read reads it all.
      await db.updateTable('products').set({ description: 'Logged.' }).where('id', '=', productId).execute();
      for (const url of [`/v2/products/${productId}`, '/v2/products?limit=5']) {
        const now = await call('GET', url, { headers: m.auth });
        assert.ok(now.raw.includes('1234.56') && now.raw.includes('Logged.'), `${url}: read again`);
      }
      await db.updateTable('skus').set({ price_minor: 654321 }).where('id', '=', skuIds[0]!).execute();
      assert.ok((await call('GET', `/v2/products/${productId}`, { headers: m.auth })).raw.includes('6543.21'), 'a logged SKU change');
    });
  }

  it("keeps stores and modes apart: another store's id is 404 after its owner read it, and test mode lists its own", async () => {
    const { productId } = await variableProduct(t.app, m, { name: 'Private Tee' });
    assert.equal((await call('GET', `/v2/products/${productId}`, { headers: m.auth })).status, 200);
    const other = await signup(t.app);
    const theirs = await call('GET', `/v2/products/${productId}`, { headers: other.auth });
    assert.equal(theirs.status, 404);
    assert.equal((await call('GET', '/v2/products?limit=100', { headers: other.auth })).body.data.length, 0);
    const testMode = await call('GET', `/v2/products/${productId}`, { headers: { ...m.auth, 'x-mode': 'test' } });
    assert.equal(testMode.status, 404);
  });
});

describe('the product memo itself', () => {
  const product = (id: string, revision: number | undefined, name = 'Tee'): ProductTree => ({
    id,
    type: 'VARIABLE',
    name,
    slug: id,
    taxClass: 'standard',
    description: null,
    status: 'active',
    categoryIds: [],
    imageFileIds: [],
    specifications: {},
    createdAt: new Date('2026-11-25T00:00:00.000Z'),
    updatedAt: new Date('2026-11-25T00:00:00.000Z'),
    ...(revision === undefined ? {} : { revision }),
    simpleSku: null,
    summary: { skuCount: 0, totalStock: 0, minPriceMinor: null, maxPriceMinor: null },
    variantGroups: [],
  });
  const usd = { code: 'USD', digits: 2 };
  const tenant = { storeId: 'sto_1', mode: 'live' as const };

  const dataOf = (r: { body: Buffer }) => JSON.parse(r.body.toString()).data;

  it('holds a product only at the revision and currency it was serialized at, and never one without a revision', () => {
    const memo = createProductTreeMemo();
    const r = memo.forRequest(tenant);
    assert.equal(r.held(product('p1', 3), usd), false);
    const sent = r.productBody(product('p1', 3), usd);
    assert.equal(dataOf(sent).name, 'Tee');
    assert.equal(sent.etag, etagOf(sent.body));
    const next = memo.forRequest(tenant);
    assert.equal(next.held(product('p1', 3), usd), true);
    assert.equal(next.productBody({ held: product('p1', 3) }, usd), sent, 'the same response, ETag and all');
    assert.equal(next.held(product('p1', 4), usd), false, 'another revision');
    assert.equal(next.held(product('p1', 3), { code: 'JPY', digits: 0 }), false, 'another currency');
    assert.equal(memo.forRequest({ ...tenant, mode: 'test' }).held(product('p1', 3), usd), false, 'another mode');
    assert.equal(memo.forRequest({ storeId: 'sto_2', mode: 'live' }).held(product('p1', 3), usd), false, 'another store');
    r.productBody(product('p2', undefined), usd);
    assert.equal(memo.forRequest(tenant).held(product('p2', undefined), usd), false, 'no revision, never held');
    assert.equal(memo.size().entries, 1);
  });

  it('keeps a page under everything its bytes depend on, and no page with a product without a revision', () => {
    const memo = createProductTreeMemo();
    const r = memo.forRequest(tenant);
    const page = r.pageBody([product('p1', 1), product('p2', 1)], usd, 2, 'next');
    assert.deepEqual(dataOf(page).map((p: { id: string }) => p.id), ['p1', 'p2']);
    assert.deepEqual(JSON.parse(page.body.toString()).pagination, { limit: 2, nextCursor: 'next', hasMore: true });
    const again = memo.forRequest(tenant);
    for (const id of ['p1', 'p2']) assert.equal(again.held(product(id, 1), usd), true);
    assert.equal(again.pageBody([{ held: product('p1', 1) }, { held: product('p2', 1) }], usd, 2, 'next'), page, 'the same page, bytes and ETag');
    const changed = memo.forRequest(tenant);
    assert.equal(changed.held(product('p2', 2, 'Changed'), usd), false);
    const newer = changed.pageBody([product('p1', 1), product('p2', 2, 'Changed')], usd, 2, 'next');
    assert.notEqual(newer, page);
    assert.equal(dataOf(newer)[1].name, 'Changed');
    assert.notEqual(memo.forRequest(tenant).pageBody([product('p1', 1), product('p2', 1)], usd, 2, null), page, 'another next cursor');
    assert.notEqual(memo.forRequest(tenant).pageBody([product('p1', 1), product('p2', 1)], usd, 3, 'next'), page, 'another limit');
    const pages = memo.size().pages;
    memo.forRequest(tenant).pageBody([product('p1', 1), product('p3', undefined)], usd, 2, null);
    assert.equal(memo.size().pages, pages, 'a page with a product read without a revision is not kept');
  });

  it('PostgreSQL: names a copy by the snapshot it was made under, holds it only when the read found it unchanged, and trusts it for half an hour', () => {
    let now = 1_000_000;
    const memo = createProductTreeMemo(undefined, undefined, () => now);
    const at = (id: string, snapshot: string, unchanged?: boolean) => ({ ...product(id, undefined), snapshot, ...(unchanged === undefined ? {} : { unchanged }) });
    const first = memo.forRequest(tenant, '/v2/products?limit=2');
    assert.deepEqual(first.since('p1'), {}, 'nothing held yet');
    const page = first.pageBody([at('p1', '10:12:'), at('p2', '10:12:')], usd, 2, null);
    const again = memo.forRequest(tenant, '/v2/products?limit=2');
    assert.deepEqual(again.sinceForList(), { p1: '10:12:', p2: '10:12:' }, 'the copies of the products the URL answered last');
    assert.deepEqual(memo.forRequest(tenant, '/v2/products?limit=3').sinceForList(), {}, 'another URL');
    assert.equal(again.held(at('p1', '11:15:', true), usd), true);
    assert.equal(again.held(at('p2', '11:15:', false), usd), false, 'changed since: not held');
    assert.equal(again.held(at('p1', '11:15:', true), { code: 'JPY', digits: 0 }), false, 'another currency');
    assert.equal(memo.forRequest(tenant).held(at('p1', '11:15:', true), usd), false, 'not named in this read: not held');
    assert.equal(again.pageBody([{ held: at('p1', '11:15:') }, at('p2', '11:15:', false)], usd, 2, null) === page, false);
    assert.equal(memo.forRequest({ ...tenant, mode: 'test' }).since('p1').p1, undefined, 'another mode');
    assert.equal(memo.forRequest(tenant).since('p1').p1, '11:15:', 'the copy moves on to the snapshot it was found unchanged at');
    const kept = memo.forRequest(tenant, '/v2/products?limit=2');
    kept.sinceForList();
    assert.equal(kept.held(at('p1', '12:12:', true), usd) && kept.held(at('p2', '12:12:', true), usd), true);
    const samePage = kept.pageBody([{ held: at('p1', '12:12:') }, { held: at('p2', '12:12:') }], usd, 2, null);
    const keptAgain = memo.forRequest(tenant, '/v2/products?limit=2');
    keptAgain.sinceForList();
    keptAgain.held(at('p1', '13:13:', true), usd);
    keptAgain.held(at('p2', '13:13:', true), usd);
    assert.equal(keptAgain.pageBody([{ held: at('p1', '13:13:') }, { held: at('p2', '13:13:') }], usd, 2, null), samePage, 'the same entries: the same page, bytes and ETag');
    now += 30 * 60 * 1000 + 1;
    assert.deepEqual(memo.forRequest(tenant).since('p1'), {}, 'not checked for half an hour: read again (the log keeps an hour)');
  });

  it('stays within its bounds, dropping the least recently used first, and keeps what a request pinned', () => {
    const measure = createProductTreeMemo();
    const sent = measure.forRequest(tenant).productBody(product('p0', 1), usd);
    const one = measure.size().chars;
    assert.equal(one, JSON.stringify(dataOf(sent)).length + sent.body.length, 'an entry counts its JSON and its response');
    const memo = createProductTreeMemo(one * 3, 1);
    const r = memo.forRequest(tenant);
    for (const id of ['p1', 'p2', 'p3']) r.productBody(product(id, 1), usd);
    const reader = memo.forRequest(tenant);
    assert.equal(reader.held(product('p1', 1), usd), true, 'p1 read again: now the most recent');
    r.productBody(product('p4', 1), usd);
    assert.equal(memo.size().entries, 3);
    assert.equal(memo.size().chars, one * 3);
    const check = memo.forRequest(tenant);
    assert.equal(check.held(product('p2', 1), usd), false, 'p2 was the least recently used');
    assert.equal(check.held(product('p1', 1), usd), true);
    for (const id of ['p5', 'p6', 'p7']) r.productBody(product(id, 1), usd);
    assert.equal(dataOf(reader.productBody({ held: product('p1', 1) }, usd)).id, 'p1', 'pinned for the request that found it, though evicted since');
    r.pageBody([product('p5', 1)], usd, 1, null);
    assert.equal(memo.size().pages, 0, 'a page larger than the page bound is not kept');
  });
});
