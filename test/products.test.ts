import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { countRows, variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';

describeEachDatabase('products and categories', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
    m = await signup(t.app);
  });
  after(() => t?.close());

  const simple = (body: Record<string, unknown> = {}, who: Merchant = m) =>
    call('POST', '/v1/products', { headers: who.auth, body: { type: 'SIMPLE', name: 'Mug', price: 12.5, quantityInStock: 4, ...body } });

  describe('products', () => {
    it('creates a SIMPLE product with its single SKU, a generated slug and draft status', async () => {
      const res = await simple({ name: 'Blue Mug', sku: 'MUG-BLUE', discount: 5, description: 'A mug.', specifications: { spec_material: 'Ceramic' } });
      assert.equal(res.status, 201);
      const p = res.body.data;
      assert.equal(p.type, 'SIMPLE');
      assert.equal(p.slug, 'blue-mug');
      assert.equal(p.status, 'draft');
      assert.deepEqual([p.price, p.discount, p.quantityInStock, p.sku, p.currency], [12.5, 5, 4, 'MUG-BLUE', 'USD']);
      assert.match(p.skuId, /^sku_/);
      assert.deepEqual(p.specifications, { spec_material: 'Ceramic' });
      assert.equal(p.skuCount, 1);
      const again = await simple({ name: 'Blue Mug' });
      assert.equal(again.body.data.slug, 'blue-mug-2', 'a free slug is picked');
    });

    it('creates a VARIABLE product without price fields, and refuses them on it', async () => {
      const ok = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'VARIABLE', name: 'Tee' } });
      assert.equal(ok.status, 201);
      assert.deepEqual([ok.body.data.price, ok.body.data.skuId, ok.body.data.skuCount], [null, null, 0]);
      const bad = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'VARIABLE', name: 'Tee', price: 10 } });
      assert.equal(bad.status, 422);
      assert.equal(bad.body.error.details[0].path, 'price');
    });

    for (const [name, body, path] of [
      ['a missing price on a SIMPLE product', { price: undefined }, 'price'],
      ['a price of 1', { price: 1 }, 'price'],
      ['an unknown type', { type: 'BUNDLE' }, 'type'],
      ['an empty name', { name: '' }, 'name'],
      ['a bad slug', { slug: 'Not A Slug' }, 'slug'],
      ['an unknown status', { status: 'live' }, 'status'],
      ['an unknown category', { categoryIds: ['cat_01M80TX1H4Z5VK6VVBQGD193X8'] }, 'categoryIds[0]'],
      ['an image that is not uploaded', { imageFileIds: ['fil_01M80TX1H4Z5VK6VVBQGD193X8'] }, 'imageFileIds[0]'],
      ['an unknown specification', { specifications: { spec_flavour: 'mint' } }, 'specifications.spec_flavour'],
    ] as const) {
      it(`refuses ${name} with 422 naming ${path}, writing nothing`, async () => {
        const before = [await countRows(t, 'products', m.storeId), await countRows(t, 'skus', m.storeId)];
        const res = await simple(body as Record<string, unknown>);
        assert.equal(res.status, 422, res.raw);
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        assert.deepEqual([await countRows(t, 'products', m.storeId), await countRows(t, 'skus', m.storeId)], before);
      });
    }

    it('refuses a taken slug or sku code with 409', async () => {
      await simple({ name: 'Unique', slug: 'unique-thing', sku: 'UNIQ-1' });
      assert.equal((await simple({ slug: 'unique-thing' })).body.error.code, 'SLUG_TAKEN');
      const sku = await simple({ sku: 'UNIQ-1' });
      assert.equal(sku.status, 409);
      assert.equal(sku.body.error.code, 'SKU_CODE_TAKEN');
    });

    it('changes only the sent fields, including the SIMPLE product’s price and stock, and records the stock change', async () => {
      const cat = await call('POST', '/v1/categories', { headers: m.auth, body: { name: 'Kitchen' } });
      const created = (await simple({ name: 'Patchable', description: 'keep me' })).body.data;
      const res = await call('PATCH', `/v1/products/${created.id}`, { headers: m.auth, body: { price: 14, quantityInStock: 9, status: 'active', categoryIds: [cat.body.data.id] } });
      assert.equal(res.status, 200);
      const p = res.body.data;
      assert.deepEqual([p.price, p.quantityInStock, p.status, p.categoryIds, p.description, p.name], [14, 9, 'active', [cat.body.data.id], 'keep me', 'Patchable']);
      const history = await call('GET', `/v1/inventory/adjustments?skuId=${p.skuId}`, { headers: m.auth });
      assert.deepEqual(history.body.data.map((a: { delta: number; quantityAfter: number }) => [a.delta, a.quantityAfter]), [[5, 9]]);
      const bad = await call('PATCH', `/v1/products/${created.id}`, { headers: m.auth, body: { type: 'VARIABLE' } });
      assert.equal(bad.status, 422, 'the type cannot change');
    });

    it('deletes a product with its groups and SKUs', async () => {
      const { productId, skuIds } = await variableProduct(t.app, m);
      assert.equal((await call('DELETE', `/v1/products/${productId}`, { headers: m.auth })).status, 200);
      assert.equal((await call('GET', `/v1/products/${productId}`, { headers: m.auth })).status, 404);
      assert.equal(await t.container.db.kysely.selectFrom('skus').select('id').where('id', 'in', skuIds).executeTakeFirst(), undefined);
    });

    it('lists with filters, text search over name and SKU code, sorting and cursor pagination', async () => {
      const shop = await signup(t.app);
      const cat = (await call('POST', '/v1/categories', { headers: shop.auth, body: { name: 'Lamps' } })).body.data.id;
      const names = ['Desk Lamp', 'Floor Lamp', 'Ceiling Fan', 'Table Lamp', 'Wall Clock'];
      for (const [i, name] of names.entries()) {
        await simple({ name, sku: `SKU-${i}`, status: i % 2 ? 'active' : 'draft', categoryIds: name.includes('Lamp') ? [cat] : [] }, shop);
      }
      const list = (q: string) => call('GET', `/v1/products?${q}`, { headers: shop.auth });
      assert.deepEqual((await list('q=lamp&sort=name')).body.data.map((p: { name: string }) => p.name), ['Desk Lamp', 'Floor Lamp', 'Table Lamp']);
      assert.deepEqual((await list('q=sku-4')).body.data.map((p: { name: string }) => p.name), ['Wall Clock']);
      assert.deepEqual((await list('status=active&sort=name')).body.data.map((p: { name: string }) => p.name), ['Floor Lamp', 'Table Lamp']);
      assert.equal((await list(`categoryId=${cat}`)).body.data.length, 3);
      assert.deepEqual((await list('sort=-name&limit=2')).body.data.map((p: { name: string }) => p.name), ['Wall Clock', 'Table Lamp']);
      const seen: string[] = [];
      let cursor = '';
      for (let page = 0; page < 5; page += 1) {
        const res = await list(`sort=name&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...res.body.data.map((p: { name: string }) => p.name));
        if (!res.body.pagination.hasMore) break;
        cursor = res.body.pagination.nextCursor;
      }
      assert.deepEqual(seen, [...names].sort());
      const byNewest = (await list('limit=100')).body.data.map((p: { name: string }) => p.name);
      assert.deepEqual(byNewest, [...names].reverse(), 'newest first by default');
      assert.equal((await list('q=%25')).body.data.length, 0, '% is taken literally');
      for (const bad of ['limit=0', 'limit=101', 'sort=price', 'status=gone', 'cursor=@@@']) {
        const res = await list(bad);
        assert.equal(res.status, 422, bad);
      }
    });

    it('filters by type (SIMPLE or VARIABLE) on /v1 and /v2, with the other filters, sorts and cursor pages', async () => {
      const shop = await signup(t.app);
      const cat = (await call('POST', '/v1/categories', { headers: shop.auth, body: { name: 'Tops' } })).body.data.id;
      await simple({ name: 'Apron', categoryIds: [cat] }, shop);
      await variableProduct(t.app, shop, { name: 'Blouse' });
      await simple({ name: 'Cap', status: 'active' }, shop);
      const shirt = await variableProduct(t.app, shop, { name: 'Shirt', skus: [{ price: 30, quantityInStock: 1, sku: 'SH-1' }] });
      await call('PATCH', `/v1/products/${shirt.productId}`, { headers: shop.auth, body: { status: 'active', categoryIds: [cat] } });
      const names = async (url: string) => {
        const res = await call('GET', url, { headers: shop.auth });
        assert.equal(res.status, 200, res.raw);
        return res.body.data.map((p: { name: string; type: string }) => `${p.name}:${p.type}`);
      };
      assert.deepEqual(await names('/v1/products?type=VARIABLE&sort=name'), ['Blouse:VARIABLE', 'Shirt:VARIABLE']);
      assert.deepEqual(await names('/v1/products?type=SIMPLE'), ['Cap:SIMPLE', 'Apron:SIMPLE'], 'newest first');
      assert.deepEqual(await names('/v2/products?type=VARIABLE&sort=-name'), ['Shirt:VARIABLE', 'Blouse:VARIABLE']);
      assert.deepEqual(await names('/v1/products?type=VARIABLE&status=active'), ['Shirt:VARIABLE']);
      assert.deepEqual(await names(`/v1/products?type=SIMPLE&categoryId=${cat}`), ['Apron:SIMPLE']);
      assert.deepEqual(await names('/v1/products?type=VARIABLE&q=sh-1'), ['Shirt:VARIABLE'], 'with q over SKU codes');
      assert.deepEqual(await names('/v1/products?type=SIMPLE&q=sh-1'), []);
      const first = await call('GET', '/v1/products?type=VARIABLE&sort=-updatedAt&limit=1', { headers: shop.auth });
      assert.equal(first.body.pagination.hasMore, true);
      const second = await call('GET', `/v1/products?type=VARIABLE&sort=-updatedAt&limit=1&cursor=${first.body.pagination.nextCursor}`, { headers: shop.auth });
      assert.deepEqual([first.body.data[0].name, second.body.data[0].name], ['Shirt', 'Blouse']);
      assert.equal(second.body.pagination.hasMore, false);
      const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      for (const path of ['/v1/products', '/v2/products']) {
        const param = doc.paths[path].get.parameters.find((p: { name: string; in: string }) => p.name === 'type' && p.in === 'query');
        assert.deepEqual(param?.schema?.enum, ['SIMPLE', 'VARIABLE'], `${path} documents the type filter`);
      }
      for (const bad of ['type=simple', 'type=BUNDLE', 'type=']) {
        const res = await call('GET', `/v1/products?${bad}`, { headers: shop.auth });
        assert.equal(res.status, 422, `${bad}: ${res.raw}`);
        assert.equal(res.body.error.details[0].path, 'type');
      }
    });

    it('serves the same products under /v2 with variant groups nested', async () => {
      const shop = await signup(t.app);
      await variableProduct(t.app, shop, { name: 'Shirt' });
      await simple({ name: 'Sock' }, shop);
      const res = await call('GET', '/v2/products?sort=name', { headers: shop.auth });
      assert.deepEqual(res.body.data.map((p: { name: string; variantGroups: unknown[] }) => [p.name, p.variantGroups.length]), [['Shirt', 1], ['Sock', 0]]);
      assert.equal(res.body.data[0].variantGroups[0].skus.length, 2);
    });

    it("answers another store's product with 404 and lists none of it", async () => {
      const other = await signup(t.app);
      const theirs = (await simple({ name: 'Secret Product' }, other)).body.data;
      assert.equal((await call('GET', `/v1/products/${theirs.id}`, { headers: m.auth })).status, 404);
      assert.equal((await call('PATCH', `/v1/products/${theirs.id}`, { headers: m.auth, body: { name: 'x' } })).status, 404);
      assert.equal((await call('DELETE', `/v1/products/${theirs.id}`, { headers: m.auth })).status, 404);
      assert.ok(!(await call('GET', '/v1/products?limit=100', { headers: m.auth })).raw.includes('Secret Product'));
      assert.equal((await call('GET', `/v1/products/${theirs.id}`, { headers: other.auth })).body.data.name, 'Secret Product');
    });

    it('needs products:read to read and products:write to write (403 naming it)', async () => {
      const p = (await simple({ name: 'Guarded' })).body.data;
      const none = await createApiKey(t.app, m, { permissions: ['orders:read'] });
      const reader = await createApiKey(t.app, m, { permissions: ['products:read'] });
      for (const url of ['/v1/products', `/v1/products/${p.id}`, '/v1/categories']) {
        const res = await call('GET', url, { headers: { 'x-merchantapikey': none.key } });
        assert.equal(res.status, 403, url);
        assert.match(res.body.message, /products:read/);
      }
      for (const [method, url, body] of [
        ['POST', '/v1/products', { type: 'SIMPLE', name: 'x', price: 2, quantityInStock: 1 }],
        ['PATCH', `/v1/products/${p.id}`, { name: 'x' }],
        ['DELETE', `/v1/products/${p.id}`],
        ['POST', '/v1/categories', { name: 'x' }],
      ] as const) {
        const res = await call(method, url, { headers: { 'x-merchantapikey': reader.key }, body });
        assert.equal(res.status, 403, `${method} ${url}`);
        assert.match(res.body.message, /products:write/);
      }
    });

    it('locks the store currency once prices exist (409), and leaves it free before', async () => {
      const fresh = await signup(t.app);
      assert.equal((await call('PATCH', '/v1/merchants/profile/business', { headers: fresh.auth, body: { currency: 'EUR' } })).status, 200);
      await simple({}, fresh);
      const locked = await call('PATCH', '/v1/merchants/profile/business', { headers: fresh.auth, body: { currency: 'USD' } });
      assert.equal(locked.status, 409);
      assert.equal(locked.body.error.code, 'CURRENCY_LOCKED');
      assert.equal((await call('GET', '/v1/merchants/profile/business', { headers: fresh.auth })).body.data.currency, 'EUR');
      assert.equal((await call('PATCH', '/v1/merchants/profile/business', { headers: fresh.auth, body: { currency: 'EUR', legalName: 'Same Currency Ltd' } })).status, 200);
    });

    it('rounds nothing: a currency without decimals refuses cents', async () => {
      const yen = await signup(t.app);
      await call('PATCH', '/v1/merchants/profile/business', { headers: yen.auth, body: { currency: 'JPY' } });
      const bad = await simple({ price: 100.5 }, yen);
      assert.equal(bad.status, 422);
      assert.match(bad.body.error.details[0].rule, /0 decimal places \(JPY\)/);
      const ok = await simple({ price: 1500 }, yen);
      assert.deepEqual([ok.body.data.price, ok.body.data.currency], [1500, 'JPY']);
    });
  });

  describe('categories', () => {
    it('builds a tree with slugs and positions, and lists it', async () => {
      const shop = await signup(t.app);
      const root = await call('POST', '/v1/categories', { headers: shop.auth, body: { name: 'Clothing', position: 1 } });
      assert.equal(root.status, 201);
      assert.equal(root.body.data.slug, 'clothing');
      const child = await call('POST', '/v1/categories', { headers: shop.auth, body: { name: 'T-Shirts', parentId: root.body.data.id } });
      assert.equal(child.body.data.parentId, root.body.data.id);
      const list = await call('GET', '/v1/categories', { headers: shop.auth });
      assert.deepEqual(list.body.data.map((c: { name: string }) => c.name), ['T-Shirts', 'Clothing']);
      const moved = await call('PATCH', `/v1/categories/${child.body.data.id}`, { headers: shop.auth, body: { parentId: null, name: 'Tees' } });
      assert.deepEqual([moved.body.data.parentId, moved.body.data.name, moved.body.data.slug], [null, 'Tees', 't-shirts']);
    });

    it('refuses a cycle, an unknown parent and a taken slug', async () => {
      const shop = await signup(t.app);
      const a = (await call('POST', '/v1/categories', { headers: shop.auth, body: { name: 'A' } })).body.data;
      const b = (await call('POST', '/v1/categories', { headers: shop.auth, body: { name: 'B', parentId: a.id } })).body.data;
      const cycle = await call('PATCH', `/v1/categories/${a.id}`, { headers: shop.auth, body: { parentId: b.id } });
      assert.equal(cycle.status, 422);
      assert.equal(cycle.body.error.details[0].path, 'parentId');
      const self = await call('PATCH', `/v1/categories/${a.id}`, { headers: shop.auth, body: { parentId: a.id } });
      assert.equal(self.status, 422);
      const unknown = await call('POST', '/v1/categories', { headers: shop.auth, body: { name: 'C', parentId: 'cat_01M80TX1H4Z5VK6VVBQGD193X8' } });
      assert.equal(unknown.status, 422);
      const taken = await call('POST', '/v1/categories', { headers: shop.auth, body: { name: 'Z', slug: 'a' } });
      assert.equal(taken.status, 409);
      assert.equal(taken.body.error.code, 'SLUG_TAKEN');
    });

    it('refuses deleting a category with children or products (409 saying so) and deletes an empty one', async () => {
      const shop = await signup(t.app);
      const parent = (await call('POST', '/v1/categories', { headers: shop.auth, body: { name: 'Parent' } })).body.data;
      const child = (await call('POST', '/v1/categories', { headers: shop.auth, body: { name: 'Child', parentId: parent.id } })).body.data;
      await simple({ name: 'In child', categoryIds: [child.id] }, shop);
      const withChild = await call('DELETE', `/v1/categories/${parent.id}`, { headers: shop.auth });
      assert.equal(withChild.status, 409);
      assert.match(withChild.body.message, /1 sub-category/);
      const withProduct = await call('DELETE', `/v1/categories/${child.id}`, { headers: shop.auth });
      assert.equal(withProduct.status, 409);
      assert.match(withProduct.body.message, /1 product/);
      const empty = (await call('POST', '/v1/categories', { headers: shop.auth, body: { name: 'Empty' } })).body.data;
      assert.equal((await call('DELETE', `/v1/categories/${empty.id}`, { headers: shop.auth })).status, 200);
      assert.equal((await call('GET', `/v1/categories/${empty.id}`, { headers: shop.auth })).status, 404);
    });

    it("answers another store's category with 404", async () => {
      const other = await signup(t.app);
      const theirs = (await call('POST', '/v1/categories', { headers: other.auth, body: { name: 'Theirs' } })).body.data;
      for (const [method, body] of [['GET'], ['PATCH', { name: 'x' }], ['DELETE']] as const) {
        assert.equal((await call(method, `/v1/categories/${theirs.id}`, { headers: m.auth, body })).status, 404, method);
      }
      const use = await simple({ categoryIds: [theirs.id] });
      assert.equal(use.status, 422, "another store's category cannot be used");
    });
  });

  describe('colors', () => {
    it('lists the system palette publicly with id, name and hex', async () => {
      const res = await call('GET', '/v1/colors');
      assert.equal(res.status, 200);
      assert.ok(res.body.data.length >= 20);
      for (const c of res.body.data) {
        assert.deepEqual(Object.keys(c).sort(), ['hex', 'id', 'name']);
        assert.match(c.hex, /^#[0-9A-F]{6}$/);
      }
      assert.ok(res.body.data.some((c: { id: string }) => c.id === 'color_red'));
    });
  });
});
