/**
 * The product list's category filter and search read indexes kept in step with the catalog (migration 0013,
 * docs/catalog.md "The product list at 100,000 products"): `product_categories` carries each product's status, type
 * and sort keys, `catalog_search` its folded name and SKU codes. These tests change products every way the API allows
 * and check, after each change, that every filter × sort of the category list and of the search answers exactly what
 * the same list without the index answers (the store's products filtered here, in the test).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { ProductQuery, ProductSort } from '../src/domain/catalog/types.ts';
import { foldForSearch } from '../src/domain/shared/text.ts';
import { createCatalogRepo } from '../src/db/catalog-repo.ts';
import { openDatabase } from '../src/db/db.ts';
import { migrateToLatest, migrateUpTo } from '../src/db/migrations/index.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { variableProduct } from './helpers/catalog.ts';
import { createTestDatabase, describeEachDatabase } from './helpers/databases.ts';
import { client, type Merchant, signup } from './helpers/merchants.ts';

const SORTS: ProductSort[] = ['-createdAt', 'createdAt', 'name', '-name', '-updatedAt', 'updatedAt'];

interface Listed {
  id: string;
  name: string;
  status: string;
  type: string;
  categoryIds: string[];
  skus: string[];
  createdAt: string;
  updatedAt: string;
}

describeEachDatabase('product list indexes', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
    m = await signup(t.app);
  });
  after(() => t?.close());

  /** Every product of the store with its SKU codes, from /v2 (the reference the indexed lists are checked against). */
  async function everything(who: Merchant): Promise<Listed[]> {
    const res = await call('GET', '/v2/products?limit=100', { headers: who.auth });
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.body.pagination.hasMore, false);
    return res.body.data.map((p: Record<string, any>) => ({
      id: p.id,
      name: p.name,
      status: p.status,
      type: p.type,
      categoryIds: p.categoryIds,
      skus: [...(p.sku ? [p.sku] : []), ...(p.variantGroups ?? []).flatMap((g: { skus: Array<{ sku: string | null }> }) => g.skus.map((s) => s.sku).filter(Boolean))],
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    }));
  }

  /** The ids the list answers, page by page (two per page, through the cursor). */
  async function pagedIds(who: Merchant, query: string): Promise<string[]> {
    const ids: string[] = [];
    let cursor = '';
    for (let page = 0; page < 50; page += 1) {
      const res = await call('GET', `/v1/products?${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`, { headers: who.auth });
      assert.equal(res.status, 200, `${query}: ${res.raw}`);
      ids.push(...res.body.data.map((p: { id: string }) => p.id));
      if (!res.body.pagination.hasMore) return ids;
      cursor = res.body.pagination.nextCursor;
    }
    throw new Error(`${query}: more than 50 pages`);
  }

  /** The order the list promises: the sort key, then id, ascending or descending. */
  function sorted(products: Listed[], sort: ProductSort): string[] {
    const field = sort.replace('-', '');
    const key = (p: Listed) => (field === 'name' ? foldForSearch(p.name) : field === 'updatedAt' ? p.updatedAt : '');
    const out = [...products].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return (sort.startsWith('-') ? out.reverse() : out).map((p) => p.id);
  }

  function matches(p: Listed, text: string): boolean {
    const q = foldForSearch(text);
    return foldForSearch(p.name).includes(q) || p.skus.some((s) => foldForSearch(s).includes(q));
  }

  /** Every filter × sort of `categoryId` (and of `q`, when given) against the store's products filtered here. */
  async function checkLists(who: Merchant, filters: { categoryId?: string; q?: string }, label: string): Promise<void> {
    const all = await everything(who);
    for (const status of [undefined, 'active', 'draft']) {
      for (const type of [undefined, 'SIMPLE', 'VARIABLE']) {
        for (const sort of SORTS) {
          const params = new URLSearchParams({ sort });
          if (filters.categoryId) params.set('categoryId', filters.categoryId);
          if (filters.q) params.set('q', filters.q);
          if (status) params.set('status', status);
          if (type) params.set('type', type);
          const expected = sorted(
            all.filter(
              (p) =>
                (!filters.categoryId || p.categoryIds.includes(filters.categoryId)) &&
                (!filters.q || matches(p, filters.q)) &&
                (!status || p.status === status) &&
                (!type || p.type === type),
            ),
            sort,
          );
          assert.deepEqual(await pagedIds(who, params.toString()), expected, `${label}: ${params}`);
        }
      }
    }
  }

  describe('the category filter', () => {
    it('lists a category by every filter and sort, in step with renames, status changes, SKU changes, moves and deletes', async () => {
      const shop = await signup(t.app);
      const category = async (name: string) => (await call('POST', '/v1/categories', { headers: shop.auth, body: { name } })).body.data.id as string;
      const lamps = await category('Lamps');
      const other = await category('Other');
      const simple = async (name: string, body: Record<string, unknown>) => {
        const res = await call('POST', '/v1/products', { headers: shop.auth, body: { type: 'SIMPLE', name, price: 10, quantityInStock: 3, ...body } });
        assert.equal(res.status, 201, res.raw);
        return res.body.data.id as string;
      };
      const desk = await simple('Desk Lamp', { categoryIds: [lamps], status: 'active' });
      await simple('Floor Lamp', { categoryIds: [lamps, other] });
      const wall = await simple('Wall Light', { categoryIds: [other], status: 'active' });
      await simple('Ceiling Fan', {});
      const pendant = await variableProduct(t.app, shop, { name: 'Pendant Lamp' });
      await call('PATCH', `/v1/products/${pendant.productId}`, { headers: shop.auth, body: { categoryIds: [lamps], status: 'active' } });
      await variableProduct(t.app, shop, { name: 'Arc Lamp' }).then((p) => call('PATCH', `/v1/products/${p.productId}`, { headers: shop.auth, body: { categoryIds: [lamps] } }));
      await checkLists(shop, { categoryId: lamps }, 'as created');

      // A rename moves the product in the name order; a status change moves it between the status filters.
      await call('PATCH', `/v1/products/${desk}`, { headers: shop.auth, body: { name: 'Zeta Desk Lamp', status: 'draft' } });
      // A SKU change (price, on a VARIABLE product) and a stock adjustment change the product's updatedAt.
      await call('PATCH', `/v2/products/${pendant.productId}/variant-groups/${pendant.groupId}/skus/${pendant.skuIds[0]}`, { headers: shop.auth, body: { price: 99 } });
      const adjusted = await call('POST', '/v1/inventory/adjustments', { headers: shop.auth, body: { skuId: pendant.skuIds[1], delta: 2, reason: 'recount' } });
      assert.equal(adjusted.status, 201, adjusted.raw);
      await checkLists(shop, { categoryId: lamps }, 'after a rename, a status change and a SKU change');

      // Moves: into the category, out of it; a delete.
      await call('PATCH', `/v1/products/${wall}`, { headers: shop.auth, body: { categoryIds: [lamps, other] } });
      await call('PATCH', `/v1/products/${pendant.productId}`, { headers: shop.auth, body: { categoryIds: [other] } });
      await call('DELETE', `/v1/products/${desk}`, { headers: shop.auth });
      await checkLists(shop, { categoryId: lamps }, 'after moves and a delete');
      await checkLists(shop, { categoryId: other }, 'the second category');

      // An empty category lists nothing, on every filter and sort.
      const empty = await category('Empty');
      await checkLists(shop, { categoryId: empty }, 'an empty category');
    });

    it("lists nothing for another store's category, even where its products share the index", async () => {
      const shop = await signup(t.app);
      const theirs = (await call('POST', '/v1/categories', { headers: m.auth, body: { name: 'Theirs' } })).body.data.id;
      await call('POST', '/v1/products', { headers: m.auth, body: { type: 'SIMPLE', name: 'Their Lamp', price: 5, quantityInStock: 1, categoryIds: [theirs] } });
      for (const sort of SORTS) {
        const res = await call('GET', `/v1/products?categoryId=${theirs}&sort=${sort}`, { headers: shop.auth });
        assert.equal(res.status, 200, res.raw);
        assert.deepEqual(res.body.data, [], sort);
      }
    });
  });

  describe('search', () => {
    it('finds names and SKU codes by every filter and sort, in step with renames, SKU code changes and deletes', async () => {
      const shop = await signup(t.app);
      const lamps = (await call('POST', '/v1/categories', { headers: shop.auth, body: { name: 'Lamps' } })).body.data.id as string;
      const simple = async (name: string, body: Record<string, unknown>) => {
        const res = await call('POST', '/v1/products', { headers: shop.auth, body: { type: 'SIMPLE', name, price: 10, quantityInStock: 2, ...body } });
        assert.equal(res.status, 201, res.raw);
        return res.body.data.id as string;
      };
      const cafe = await simple('Café Lamp', { sku: 'LMP-001', status: 'active', categoryIds: [lamps] });
      await simple('Desk Lamp', { sku: 'LMP-002', categoryIds: [lamps] });
      await simple('Wall Clock', { sku: 'CLK-001', status: 'active' });
      const shade = await variableProduct(t.app, shop, {
        name: 'Shade',
        skus: [
          { price: 5, quantityInStock: 1, sku: 'SHD-RED-LMP', attributes: { Size: 'S' } },
          { price: 6, quantityInStock: 1, sku: 'SHD-RED-XL', attributes: { Size: 'XL' } },
        ],
      });
      await call('PATCH', `/v1/products/${shade.productId}`, { headers: shop.auth, body: { categoryIds: [lamps] } });
      for (const q of ['lamp', 'café', 'CAFE', 'lmp', 'lmp-00', 'shd-red', 'nothing at all', 'la', '%', '_amp'])
        await checkLists(shop, { q }, `as created, q=${q}`);
      await checkLists(shop, { q: 'lmp', categoryId: lamps }, 'q with a category');

      // A SKU code changes: the old code is no longer found, the new one is.
      await call('PATCH', `/v2/products/${shade.productId}/variant-groups/${shade.groupId}/skus/${shade.skuIds[0]}`, { headers: shop.auth, body: { sku: 'SHD-BLUE-S' } });
      await call('PATCH', `/v1/products/${cafe}`, { headers: shop.auth, body: { name: 'Bistro Light' } });
      for (const q of ['lmp', 'blue', 'café', 'bistro', 'shd']) await checkLists(shop, { q }, `after a SKU code change and a rename, q=${q}`);
      assert.deepEqual(await pagedIds(shop, 'q=shd-red-lmp'), [], 'the old code is gone');

      // A SKU without a code, a deleted SKU, a deleted group, a deleted product.
      await call('PATCH', `/v2/products/${shade.productId}/variant-groups/${shade.groupId}/skus/${shade.skuIds[0]}`, { headers: shop.auth, body: { sku: null } });
      assert.deepEqual(await pagedIds(shop, 'q=shd-blue'), []);
      const group = await call('POST', `/v2/products/${shade.productId}/variant-groups`, {
        headers: shop.auth,
        body: { attributeName: 'Color', attributeValue: 'Green', skus: [{ price: 7, quantityInStock: 1, sku: 'SHD-GRN-1', attributes: { Size: 'M' } }, { price: 7, quantityInStock: 1, sku: 'SHD-GRN-2', attributes: { Size: 'L' } }] },
      });
      assert.equal(group.status, 201, group.raw);
      assert.deepEqual(await pagedIds(shop, 'q=shd-grn'), [shade.productId]);
      await call('DELETE', `/v2/products/${shade.productId}/variant-groups/${group.body.data.id}/skus/${group.body.data.skus[0].id}`, { headers: shop.auth });
      assert.deepEqual(await pagedIds(shop, 'q=shd-grn-1'), []);
      assert.deepEqual(await pagedIds(shop, 'q=shd-grn-2'), [shade.productId]);
      await call('DELETE', `/v2/products/${shade.productId}/variant-groups/${group.body.data.id}`, { headers: shop.auth });
      assert.deepEqual(await pagedIds(shop, 'q=shd-grn'), []);
      await call('DELETE', `/v1/products/${cafe}`, { headers: shop.auth });
      for (const q of ['lmp', 'shd', 'bistro']) await checkLists(shop, { q }, `after deletes, q=${q}`);
      const left = await t.container.db.kysely.selectFrom('catalog_search').select('source_id').where('product_id', '=', cafe).execute();
      assert.deepEqual(left, [], "a deleted product's search rows go with it");
    });

    it("never finds another store's products, nor the other mode's", async () => {
      const shop = await signup(t.app);
      await call('POST', '/v1/products', { headers: m.auth, body: { type: 'SIMPLE', name: 'Unique Gadget', price: 5, quantityInStock: 1, sku: 'UNIQ-1' } });
      await call('POST', '/v1/products', { headers: { ...shop.auth, 'x-mode': 'test' }, body: { type: 'SIMPLE', name: 'Unique Gadget Test', price: 5, quantityInStock: 1 } });
      assert.deepEqual(await pagedIds(shop, 'q=unique'), []);
      assert.deepEqual(await pagedIds(shop, 'q=uniq-1'), []);
    });

    it('answers the same whether a search sorts its candidates or walks the sort order (more candidates than the bound)', async () => {
      const shop = await signup(t.app);
      const lamps = (await call('POST', '/v1/categories', { headers: shop.auth, body: { name: 'Lamps' } })).body.data.id as string;
      for (const [i, name] of ['Lamp A', 'Lamp B', 'Desk Lamp', 'Lamp Post', 'Clock', 'Lampshade'].entries()) {
        const res = await call('POST', '/v1/products', { headers: shop.auth, body: { type: 'SIMPLE', name, price: 3, quantityInStock: 1, sku: `L-${i}`, status: i % 2 ? 'active' : 'draft', categoryIds: i < 3 ? [lamps] : [] } });
        assert.equal(res.status, 201, res.raw);
      }
      const dialect = kind === 'postgres' ? 'postgres' : 'sqlite';
      const sorts = createCatalogRepo(t.container.db.kysely, dialect);
      const walks = createCatalogRepo(t.container.db.kysely, dialect, { searchCandidates: 2 });
      for (const q of ['lamp', 'l-', 'desk', 'nothing'])
        for (const extra of [{}, { status: 'active' as const }, { categoryId: lamps }, { type: 'SIMPLE' as const }])
          for (const sort of SORTS) {
            const query: ProductQuery = { limit: 20, sort, q: foldForSearch(q), ...extra };
            const a = (await sorts.listProducts({ storeId: shop.storeId, mode: 'live' }, query)).map((p) => p.id);
            const b = (await walks.listProducts({ storeId: shop.storeId, mode: 'live' }, query)).map((p) => p.id);
            assert.deepEqual(b, a, `q=${q} ${JSON.stringify(extra)} sort=${sort}`);
          }
      assert.ok((await sorts.listProducts({ storeId: shop.storeId, mode: 'live' }, { limit: 20, sort: 'name', q: 'lamp' })).length >= 5);
    });
  });

  describe('upgrading a database with a catalog (migration 0013)', () => {
    it('fills the category rows and the search index from the products and SKUs already there', async () => {
      const database = await createTestDatabase(kind);
      const db = openDatabase(database.config, { timeoutMs: 5000 });
      try {
        await migrateUpTo(db, '0012-product-list-indexes');
        const k = db.kysely;
        const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
        await sql`insert into stores (id, name, currency, timezone, created_at, updated_at) values ('sto_1', 'Old', 'USD', 'UTC', ${at(0)}, ${at(0)})`.execute(k);
        await sql`insert into categories (id, store_id, mode, parent_id, name, slug, position, created_at, updated_at) values ('cat_1', 'sto_1', 'live', null, 'Lamps', 'lamps', 0, ${at(0)}, ${at(0)})`.execute(k);
        const products: Array<[id: string, name: string, status: string, sku: string]> = [
          ['prd_1', 'Crème Lamp', 'active', 'OLD-ÉCLAIR-1'],
          ['prd_2', 'Desk Lamp', 'draft', 'OLD-2'],
          ['prd_3', 'Clock', 'active', 'OLD-3'],
        ];
        for (const [i, [id, name, status, code]] of products.entries()) {
          await sql`insert into products (id, store_id, mode, type, name, name_folded, slug, description, status, created_at, updated_at)
            values (${id}, 'sto_1', 'live', 'SIMPLE', ${name}, ${foldForSearch(name)}, ${id}, null, ${status}, ${at(i)}, ${at(10 - i)})`.execute(k);
          await sql`insert into skus (id, store_id, mode, product_id, group_id, sku, price_minor, discount_bp, quantity_in_stock, attributes, combination_key, created_at, updated_at)
            values (${`sku_${i}`}, 'sto_1', 'live', ${id}, null, ${code}, 100, 0, 1, '{}', ${`k${i}`}, ${at(i)}, ${at(i)})`.execute(k);
          if (id !== 'prd_3') await sql`insert into product_categories (product_id, category_id, position) values (${id}, 'cat_1', 0)`.execute(k);
        }
        await migrateToLatest(db);
        const catalog = createCatalogRepo(k, kind === 'postgres' ? 'postgres' : 'sqlite');
        const list = async (query: Partial<ProductQuery>) => (await catalog.listProducts({ storeId: 'sto_1', mode: 'live' }, { limit: 20, sort: 'name', ...query })).map((p) => p.id);
        assert.deepEqual(await list({ categoryId: 'cat_1' }), ['prd_1', 'prd_2']);
        assert.deepEqual(await list({ categoryId: 'cat_1', status: 'active' }), ['prd_1']);
        assert.deepEqual(await list({ categoryId: 'cat_1', sort: '-updatedAt' }), ['prd_1', 'prd_2'], 'updated_at copied: prd_1 changed last');
        assert.deepEqual(await list({ categoryId: 'cat_1', sort: 'updatedAt' }), ['prd_2', 'prd_1']);
        assert.deepEqual(await list({ q: 'creme' }), ['prd_1']);
        assert.deepEqual(await list({ q: foldForSearch('éclair') }), ['prd_1'], 'SKU codes folded as the search folds');
        assert.deepEqual(await list({ q: 'old-' }), ['prd_3', 'prd_1', 'prd_2']);
        assert.deepEqual(await list({ q: 'lamp', categoryId: 'cat_1', status: 'draft' }), ['prd_2']);
      } finally {
        await db.close();
        await database.drop();
      }
    });
  });
});
