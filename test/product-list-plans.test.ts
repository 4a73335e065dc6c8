import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import type { ProductQuery, ProductSort } from '../src/domain/catalog/types.ts';
import { createCatalogRepo } from '../src/db/catalog-repo.ts';
import type { Database } from '../src/db/schema.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { signup } from './helpers/merchants.ts';

/**
 * The product list reads each page from one index range for every combination of the status and type filters with
 * every sort, on the first page and after a cursor (docs/catalog.md, "The product list at 100,000 products"). SQLite
 * only: the app never runs ANALYZE there, so its plan depends on the schema and the query alone and is the same on an
 * empty table as at 100,000 products. PostgreSQL plans by statistics of the data; scripts/product-list-plans.ts shows
 * them on a seeded store.
 */
describe('product list query plans [sqlite]', () => {
  let t: TestApp;
  let sqlite: SqliteDatabase.Database;
  let logged: Kysely<Database>;
  const captured: CompiledQuery[] = [];
  let storeId: string;

  before(async () => {
    t = await startTestApp('sqlite');
    if (t.database.config.kind !== 'sqlite') throw new Error('sqlite expected');
    sqlite = new SqliteDatabase(t.database.config.file);
    logged = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      log: (event) => {
        if (event.level === 'query') captured.push(event.query);
      },
    });
    storeId = (await signup(t.app)).storeId;
  });
  after(async () => {
    await logged?.destroy();
    await t?.close();
  });

  async function plan(query: Partial<ProductQuery> & { sort: ProductSort }, after?: { value: string; id: string }): Promise<string[]> {
    captured.length = 0;
    await createCatalogRepo(logged, 'sqlite').listProducts({ storeId: storeId, mode: 'live' }, { limit: 20, ...query }, after);
    const statement = captured[0];
    assert.ok(statement, 'the list ran a query');
    const rows = sqlite.prepare(`explain query plan ${statement.sql}`).all(...(statement.parameters as unknown[])) as Array<{ detail: string }>;
    return rows.map((r) => r.detail);
  }

  it('reads the SKUs and variant groups of a page by the tenant and its products, never the whole catalog of the store', async () => {
    const repo = createCatalogRepo(logged, 'sqlite');
    const tenant = { storeId, mode: 'live' as const };
    const ids = ['prd_01M000000000000000000000001', 'prd_01M000000000000000000000002'];
    captured.length = 0;
    await repo.skuSummaries(tenant, ids);
    await repo.simpleSkus(tenant, ids);
    await repo.skuTrees(tenant, ids);
    await repo.countSkus(tenant, ids[0]!, 'grp_01M000000000000000000000001');
    await repo.combinationsTaken(tenant, ids[0]!, ['Size=S']);
    assert.ok(captured.length >= 6, 'each read ran its queries');
    for (const statement of captured) {
      const lines = (sqlite.prepare(`explain query plan ${statement.sql}`).all(...(statement.parameters as unknown[])) as Array<{ detail: string }>).map((r) => r.detail);
      const where = `${statement.sql}: ${lines.join(' | ')}`;
      assert.match(lines[0]!, /^SEARCH (skus|variant_groups) USING (COVERING )?INDEX \w+ \((store_id=\? AND mode=\? AND )?product_id=\?/, where);
    }
  });

  const SORT_COLUMN: Record<string, string> = { createdAt: '', name: '_name', updatedAt: '_updated' };
  const FILTERS: Array<{ label: string; query: Partial<ProductQuery>; index: string }> = [
    { label: 'no filter', query: {}, index: 'products_store' },
    { label: 'status', query: { status: 'archived' }, index: 'products_store_status' },
    { label: 'type', query: { type: 'VARIABLE' }, index: 'products_store_type' },
    { label: 'status and type', query: { status: 'draft', type: 'SIMPLE' }, index: 'products_store_status_type' },
  ];
  const SORTS: ProductSort[] = ['-createdAt', 'createdAt', 'name', '-name', '-updatedAt', 'updatedAt'];

  for (const filter of FILTERS) {
    it(`reads a page from one index range with ${filter.label}, for every sort, first page and after a cursor`, async () => {
      for (const sort of SORTS) {
        const field = sort.replace('-', '');
        // An unfiltered createdAt sort has its own name (store and id); the others are store[_filters][_sort key].
        const expected = filter.index === 'products_store' && field === 'createdAt' ? 'products_store_id_idx' : `${filter.index}${SORT_COLUMN[field]}_idx`;
        const cursor = { value: field === 'updatedAt' ? '2026-01-01T00:00:00.000' : 'm', id: 'prd_01M000000000000000000000000' };
        for (const after of [undefined, cursor]) {
          const lines = await plan({ sort, ...filter.query }, after);
          const where = `${filter.label}, sort=${sort}, ${after ? 'after a cursor' : 'first page'}: ${lines.join(' | ')}`;
          assert.equal(lines.length, 1, where);
          assert.match(lines[0]!, new RegExp(`^SEARCH products USING INDEX ${expected} \\(store_id=\\? AND mode=\\?`), where);
          // Every equality filter is part of the index range, and so is the cursor: no row is read to be thrown away.
          for (const column of Object.keys(filter.query)) assert.match(lines[0]!, new RegExp(`${column}=\\?`), where);
          if (after) assert.match(lines[0]!, field === 'createdAt' ? /AND id[<>]\?\)$/ : /AND \([a-z_]+,id\)[<>]\(\?,\?\)\)$/, where);
          assert.doesNotMatch(lines.join('\n'), /TEMP B-TREE|^SCAN/m, where);
        }
      }
    });
  }
});
