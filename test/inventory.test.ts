import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { countRows, variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';

describeEachDatabase('inventory', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
    m = await signup(t.app);
  });
  after(() => t?.close());

  const adjust = (body: Record<string, unknown>, who: Merchant = m) => call('POST', '/v1/inventory/adjustments', { headers: who.auth, body });

  describe('adjustments', () => {
    it('adds, removes and sets stock, keeping a history per SKU', async () => {
      const { skuIds } = await variableProduct(t.app, m, { skus: [{ price: 10, quantityInStock: 5 }] });
      const skuId = skuIds[0]!;
      const add = await adjust({ skuId, delta: 7, reason: 'restock' });
      assert.equal(add.status, 201);
      assert.equal(add.body.data.quantityInStock, 12);
      assert.equal((await adjust({ skuId, delta: -2, reason: 'damaged' })).body.data.quantityInStock, 10);
      assert.equal((await adjust({ skuId, set: 3, reason: 'stock count' })).body.data.quantityInStock, 3);
      const history = await call('GET', `/v1/inventory/adjustments?skuId=${skuId}`, { headers: m.auth });
      assert.deepEqual(
        history.body.data.map((a: { delta: number; quantityAfter: number; reason: string }) => [a.delta, a.quantityAfter, a.reason]),
        [[-7, 3, 'stock count'], [-2, 10, 'damaged'], [7, 12, 'restock']],
      );
      assert.equal(history.body.data[0].actor.label, m.email);
      const paged = await call('GET', `/v1/inventory/adjustments?skuId=${skuId}&limit=2`, { headers: m.auth });
      const rest = await call('GET', `/v1/inventory/adjustments?skuId=${skuId}&limit=2&cursor=${paged.body.pagination.nextCursor}`, { headers: m.auth });
      assert.deepEqual(rest.body.data.map((a: { reason: string }) => a.reason), ['restock']);
    });

    it('never takes stock below zero: 409 naming the SKU and the quantity left, nothing written', async () => {
      const { skuIds } = await variableProduct(t.app, m, { skus: [{ price: 10, quantityInStock: 2, sku: 'LOW-ONE' }] });
      const before = await countRows(t, 'inventory_adjustments', m.storeId);
      const res = await adjust({ skuId: skuIds[0], delta: -3, reason: 'oops' });
      assert.equal(res.status, 409);
      assert.equal(res.body.error.code, 'INSUFFICIENT_STOCK');
      assert.match(res.body.message, /LOW-ONE/);
      assert.match(res.body.message, /has 2 in stock/);
      assert.equal(await countRows(t, 'inventory_adjustments', m.storeId), before);
    });

    for (const [name, body, path] of [
      ['both delta and set', { delta: 1, set: 1, reason: 'x' }, 'delta'],
      ['neither delta nor set', { reason: 'x' }, 'delta'],
      ['a zero delta', { delta: 0, reason: 'x' }, 'delta'],
      ['a fractional delta', { delta: 1.5, reason: 'x' }, 'delta'],
      ['a negative set', { set: -1, reason: 'x' }, 'set'],
      ['a missing reason', { delta: 1 }, 'reason'],
    ] as const) {
      it(`refuses ${name} with 422 naming ${path}`, async () => {
        const { skuIds } = await variableProduct(t.app, m);
        const res = await adjust({ skuId: skuIds[0], ...body });
        assert.equal(res.status, 422);
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
      });
    }

    it('adds up concurrent adjustments exactly', async () => {
      const { skuIds } = await variableProduct(t.app, m, { skus: [{ price: 10, quantityInStock: 100 }] });
      const skuId = skuIds[0]!;
      const deltas = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? 3 : -2));
      const results = await Promise.all(deltas.map((delta) => adjust({ skuId, delta, reason: 'parallel' })));
      assert.ok(results.every((r) => r.status === 201), results.map((r) => r.status).join(','));
      const expected = 100 + deltas.reduce((a, b) => a + b, 0);
      const row = await t.container.db.kysely.selectFrom('skus').select('quantity_in_stock').where('id', '=', skuId).executeTakeFirstOrThrow();
      assert.equal(Number(row.quantity_in_stock), expected);
      const history = await call('GET', `/v1/inventory/adjustments?skuId=${skuId}&limit=100`, { headers: m.auth });
      assert.equal(history.body.data.length, 40);
      assert.equal(history.body.data.reduce((sum: number, a: { delta: number }) => sum + a.delta, 0), expected - 100);
    });

    it('sells the last units exactly once when removals race', async () => {
      const { skuIds } = await variableProduct(t.app, m, { skus: [{ price: 10, quantityInStock: 5 }] });
      const results = await Promise.all(Array.from({ length: 12 }, () => adjust({ skuId: skuIds[0], delta: -1, reason: 'sale' })));
      assert.equal(results.filter((r) => r.status === 201).length, 5);
      assert.equal(results.filter((r) => r.status === 409).length, 7);
      const row = await t.container.db.kysely.selectFrom('skus').select('quantity_in_stock').where('id', '=', skuIds[0]!).executeTakeFirstOrThrow();
      assert.equal(Number(row.quantity_in_stock), 0);
    });

    it("answers another store's SKU with 404 and changes nothing", async () => {
      const other = await signup(t.app);
      const theirs = await variableProduct(t.app, other, { skus: [{ price: 10, quantityInStock: 5 }] });
      assert.equal((await adjust({ skuId: theirs.skuIds[0], delta: 1, reason: 'x' })).status, 404);
      assert.equal((await adjust({ skuId: theirs.skuIds[0], set: 0, reason: 'x' })).status, 404);
      assert.equal((await call('GET', `/v1/inventory/adjustments?skuId=${theirs.skuIds[0]}`, { headers: m.auth })).status, 404);
      const row = await t.container.db.kysely.selectFrom('skus').select('quantity_in_stock').where('id', '=', theirs.skuIds[0]!).executeTakeFirstOrThrow();
      assert.equal(Number(row.quantity_in_stock), 5);
    });

    it('needs inventory:write to adjust and inventory:read to read (403 naming it)', async () => {
      const { skuIds } = await variableProduct(t.app, m);
      const reader = await createApiKey(t.app, m, { permissions: ['inventory:read'] });
      const none = await createApiKey(t.app, m, { permissions: ['products:read'] });
      const write = await call('POST', '/v1/inventory/adjustments', { headers: { 'x-merchantapikey': reader.key }, body: { skuId: skuIds[0], delta: 1, reason: 'x' } });
      assert.equal(write.status, 403);
      assert.match(write.body.message, /inventory:write/);
      for (const url of [`/v1/inventory/adjustments?skuId=${skuIds[0]}`, '/v1/dashboard/inventory', '/v1/dashboard/overview/low-stock', '/v1/inventory/settings']) {
        const res = await call('GET', url, { headers: { 'x-merchantapikey': none.key } });
        assert.equal(res.status, 403, url);
        assert.match(res.body.message, /inventory:read/);
      }
    });
  });

  describe('stock levels', () => {
    it('lists every SKU with its stock, product and group names and in/low/out, by product name', async () => {
      const shop = await signup(t.app);
      await variableProduct(t.app, shop, {
        name: 'Zephyr Jacket',
        skus: [
          { price: 10, quantityInStock: 9, attributes: { Size: 'S' } },
          { price: 10, quantityInStock: 2, sku: 'ZJ-M', attributes: { Size: 'M' } },
          { price: 10, quantityInStock: 0, attributes: { Size: 'L' } },
        ],
      });
      const sticker = await call('POST', '/v1/products', { headers: shop.auth, body: { type: 'SIMPLE', name: 'Äpfel Sticker', price: 2, quantityInStock: 40, sku: 'STK-1' } });
      const res = await call('GET', '/v1/inventory/skus', { headers: shop.auth });
      assert.equal(res.status, 200, res.raw);
      assert.equal(res.body.data.lowStockThreshold, 5);
      assert.deepEqual(
        res.body.data.skus.map((r: { productName: string; groupName: string | null; attributes: Record<string, string>; quantityInStock: number; stock: string }) => [
          r.productName,
          r.groupName,
          r.attributes.Size ?? null,
          r.quantityInStock,
          r.stock,
        ]),
        [
          ['Äpfel Sticker', null, null, 40, 'in'],
          ['Zephyr Jacket', 'Color: Red', 'S', 9, 'in'],
          ['Zephyr Jacket', 'Color: Red', 'M', 2, 'low'],
          ['Zephyr Jacket', 'Color: Red', 'L', 0, 'out'],
        ],
      );
      assert.equal(res.body.data.skus[0].skuId, sticker.body.data.skuId);
      assert.equal(res.body.data.skus[2].sku, 'ZJ-M');

      const names = async (query: string) =>
        (await call('GET', `/v1/inventory/skus?${query}`, { headers: shop.auth })).body.data.skus.map((r: { productName: string; quantityInStock: number }) => `${r.productName} ${r.quantityInStock}`);
      assert.deepEqual(await names('stock=low'), ['Zephyr Jacket 2']);
      assert.deepEqual(await names('stock=out'), ['Zephyr Jacket 0']);
      assert.deepEqual(await names('stock=in'), ['Äpfel Sticker 40', 'Zephyr Jacket 9']);
      assert.deepEqual(await names('q=apfel'), ['Äpfel Sticker 40'], 'accent- and case-insensitive on the product name');
      assert.deepEqual(await names('q=zj-m'), ['Zephyr Jacket 2'], 'the SKU code');
      assert.deepEqual(await names('q=nothing-like-it'), []);

      // A higher threshold moves SKUs from in to low.
      await call('PATCH', '/v1/inventory/settings', { headers: shop.auth, body: { lowStockThreshold: 10 } });
      assert.deepEqual(await names('stock=low'), ['Zephyr Jacket 9', 'Zephyr Jacket 2']);

      // Pages follow the same order.
      const first = await call('GET', '/v1/inventory/skus?limit=3', { headers: shop.auth });
      assert.equal(first.body.pagination.hasMore, true);
      const rest = await call('GET', `/v1/inventory/skus?limit=3&cursor=${first.body.pagination.nextCursor}`, { headers: shop.auth });
      assert.deepEqual(rest.body.data.skus.map((r: { quantityInStock: number }) => r.quantityInStock), [0]);
      assert.equal(rest.body.pagination.nextCursor, null);
    });

    it('gets one SKU’s stock level; another store’s or mode’s SKU is 404', async () => {
      const shop = await signup(t.app);
      const { skuIds } = await variableProduct(t.app, shop, { name: 'Beanie', skus: [{ price: 10, quantityInStock: 3, attributes: { Size: 'One' } }] });
      const one = await call('GET', `/v1/inventory/skus/${skuIds[0]}`, { headers: shop.auth });
      assert.equal(one.status, 200, one.raw);
      assert.deepEqual([one.body.data.lowStockThreshold, one.body.data.sku.productName, one.body.data.sku.quantityInStock, one.body.data.sku.stock], [5, 'Beanie', 3, 'low']);
      const stranger = await signup(t.app);
      const theirs = await call('GET', `/v1/inventory/skus/${skuIds[0]}`, { headers: stranger.auth });
      assert.equal(theirs.status, 404);
      assert.equal(theirs.body.error.code, 'SKU_NOT_FOUND');
      assert.equal((await call('GET', `/v1/inventory/skus/${skuIds[0]}`, { headers: { ...shop.auth, 'x-mode': 'test' } })).status, 404);
      assert.equal((await call('GET', '/v1/inventory/skus', { headers: stranger.auth })).body.data.skus.length, 0);
      assert.equal((await call('GET', '/v1/inventory/skus', { headers: { ...shop.auth, 'x-mode': 'test' } })).body.data.skus.length, 0);
    });

    it('refuses a bad stock filter or cursor with 422 naming it, and needs inventory:read', async () => {
      for (const [query, path] of [
        ['stock=some', 'stock'],
        ['cursor=nope', 'cursor'],
      ] as const) {
        const bad = await call('GET', `/v1/inventory/skus?${query}`, { headers: m.auth });
        assert.equal(bad.status, 422, bad.raw);
        assert.ok(bad.body.error.details.some((d: { path: string; in: string }) => d.path === path && d.in === 'query'), bad.raw);
      }
      const none = await createApiKey(t.app, m, { permissions: ['products:read'] });
      for (const url of ['/v1/inventory/skus', '/v1/inventory/skus/sku_x']) {
        const res = await call('GET', url, { headers: { 'x-merchantapikey': none.key } });
        assert.equal(res.status, 403, url);
        assert.match(res.body.message, /inventory:read/);
      }
    });
  });

  describe('dashboard', () => {
    it('sums units and value, counts in-stock, low and out-of-stock SKUs, and breaks them down by category', async () => {
      const shop = await signup(t.app);
      const cat = (await call('POST', '/v1/categories', { headers: shop.auth, body: { name: 'Shirts' } })).body.data.id;
      const { productId } = await variableProduct(t.app, shop, {
        skus: [
          { price: 10, quantityInStock: 20, attributes: { Size: 'S' } },
          { price: 12.5, quantityInStock: 4, attributes: { Size: 'M' } },
          { price: 15, quantityInStock: 0, attributes: { Size: 'L' } },
        ],
      });
      await call('PATCH', `/v1/products/${productId}`, { headers: shop.auth, body: { categoryIds: [cat] } });
      await call('POST', '/v1/products', { headers: shop.auth, body: { type: 'SIMPLE', name: 'Sticker', price: 2, quantityInStock: 5 } });
      const res = await call('GET', '/v1/dashboard/inventory', { headers: shop.auth });
      assert.equal(res.status, 200);
      const d = res.body.data;
      assert.equal(d.lowStockThreshold, 5);
      assert.deepEqual(d.totals, { skuCount: 4, unitsInStock: 29, valueInStock: 20 * 10 + 4 * 12.5 + 5 * 2, inStock: 1, lowStock: 2, outOfStock: 1 });
      assert.deepEqual(
        d.categories.map((c: { categoryName: string | null; skuCount: number; unitsInStock: number }) => [c.categoryName, c.skuCount, c.unitsInStock]),
        [['Shirts', 3, 24], [null, 1, 5]],
      );
    });

    it('lists SKUs at or below the threshold, fewest first, with product and group names', async () => {
      const shop = await signup(t.app);
      await variableProduct(t.app, shop, {
        name: 'Jacket',
        skus: [
          { price: 10, quantityInStock: 9, attributes: { Size: 'S' } },
          { price: 10, quantityInStock: 2, sku: 'JKT-M', attributes: { Size: 'M' } },
          { price: 10, quantityInStock: 0, attributes: { Size: 'L' } },
        ],
      });
      const res = await call('GET', '/v1/dashboard/overview/low-stock', { headers: shop.auth });
      assert.equal(res.status, 200);
      const rows = res.body.data.skus;
      assert.deepEqual(rows.map((r: { quantityInStock: number; productName: string; groupName: string }) => [r.quantityInStock, r.productName, r.groupName]), [
        [0, 'Jacket', 'Color: Red'],
        [2, 'Jacket', 'Color: Red'],
      ]);
      assert.equal(rows[1].sku, 'JKT-M');
      const raised = await call('PATCH', '/v1/inventory/settings', { headers: shop.auth, body: { lowStockThreshold: 10 } });
      assert.equal(raised.body.data.lowStockThreshold, 10);
      assert.equal((await call('GET', '/v1/dashboard/overview/low-stock', { headers: shop.auth })).body.data.skus.length, 3);
      const page = await call('GET', '/v1/dashboard/overview/low-stock?limit=2', { headers: shop.auth });
      const next = await call('GET', `/v1/dashboard/overview/low-stock?limit=2&cursor=${page.body.pagination.nextCursor}`, { headers: shop.auth });
      assert.deepEqual(next.body.data.skus.map((r: { quantityInStock: number }) => r.quantityInStock), [9]);
    });

    it('changes the threshold only with settings:write and a whole number', async () => {
      const staffKey = await createApiKey(t.app, m, { permissions: ['inventory:write'] });
      const refused = await call('PATCH', '/v1/inventory/settings', { headers: { 'x-merchantapikey': staffKey.key }, body: { lowStockThreshold: 3 } });
      assert.equal(refused.status, 403);
      assert.match(refused.body.message, /settings:write/);
      const bad = await call('PATCH', '/v1/inventory/settings', { headers: m.auth, body: { lowStockThreshold: -1 } });
      assert.equal(bad.status, 422);
      assert.equal((await call('GET', '/v1/inventory/settings', { headers: m.auth })).body.data.lowStockThreshold, 5);
    });

    for (const url of ['/v1/dashboard/inventory', '/v1/dashboard/overview/low-stock']) {
      it(`${url}: 3 minutes, stale-while-revalidate 6 minutes, when asked`, async () => {
        for (const extra of [{ 'x-enable-cache': 'true' }, { 'x-service-client': 'dashboard' }] as Array<Record<string, string>>) {
          const res = await call('GET', url, { headers: { ...m.auth, ...extra } });
          assert.equal(res.headers['cache-control'], 'max-age=180, private, stale-while-revalidate=360');
          assert.equal(res.headers.vary, 'Authorization, X-Mode, X-MerchantId, X-Service-Client, X-Enable-Cache, X-MerchantApiKey, X-PublishableKey');
          assert.match(String(res.headers.etag), /^"/);
        }
        assert.equal((await call('GET', url, { headers: m.auth })).headers['cache-control'], 'no-cache, private');
      });
    }

    it('shows nothing of another store or of the other mode', async () => {
      const shop = await signup(t.app);
      await variableProduct(t.app, shop);
      const test = await call('GET', '/v1/dashboard/inventory', { headers: { ...shop.auth, 'x-mode': 'test' } });
      assert.equal(test.body.data.totals.skuCount, 0);
      const stranger = await signup(t.app);
      assert.equal((await call('GET', '/v1/dashboard/inventory', { headers: stranger.auth })).body.data.totals.skuCount, 0);
    });
  });
});
