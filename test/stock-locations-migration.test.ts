import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/db.ts';
import { migrateToLatest, migrateUpTo } from '../src/db/migrations/index.ts';
import { createStockRepo } from '../src/db/stock-repo.ts';
import { createTestDatabase, describeEachDatabase } from './helpers/databases.ts';

describeEachDatabase('upgrading a database with stock (migration 0028)', (kind) => {
  it("gives each store a default location in each mode and moves every SKU's stock there, not one unit lost", async () => {
    const database = await createTestDatabase(kind);
    const db = openDatabase(database.config, { timeoutMs: 5000 });
    try {
      await migrateUpTo(db, '0027-catalog-changes');
      const k = db.kysely;
      const at = new Date(Date.UTC(2026, 5, 1)).toISOString();
      // [sku id, store, mode, quantity]
      const skus: Array<[string, string, 'live' | 'test', number]> = [
        ['sku_1', 'sto_1', 'live', 7],
        ['sku_2', 'sto_1', 'live', 0],
        ['sku_3', 'sto_1', 'test', 1_000_000],
        ['sku_4', 'sto_2', 'live', 3],
      ];
      for (const store of ['sto_1', 'sto_2', 'sto_3']) {
        await sql`insert into stores (id, name, currency, timezone, created_at, updated_at) values (${store}, ${store}, 'USD', 'UTC', ${at}, ${at})`.execute(k);
      }
      for (const [id, store, mode, quantity] of skus) {
        const product = `prd_${id}`;
        await sql`insert into products (id, store_id, mode, type, name, name_folded, slug, description, status, created_at, updated_at)
          values (${product}, ${store}, ${mode}, 'SIMPLE', 'Mug', 'mug', ${product}, null, 'active', ${at}, ${at})`.execute(k);
        await sql`insert into skus (id, store_id, mode, product_id, group_id, sku, price_minor, discount_bp, quantity_in_stock, attributes, combination_key, created_at, updated_at)
          values (${id}, ${store}, ${mode}, ${product}, null, null, 1000, 0, ${quantity}, '{}', '', ${at}, ${at})`.execute(k);
      }

      await migrateToLatest(db);

      const locations = await k.selectFrom('stock_locations').select(['id', 'store_id', 'mode', 'name', 'active', 'is_default', 'position']).orderBy('store_id').orderBy('mode').execute();
      assert.deepEqual(
        locations.map((l) => [l.store_id, l.mode, l.name, Boolean(l.active), Boolean(l.is_default), Number(l.position)]),
        ['sto_1', 'sto_2', 'sto_3'].flatMap((s) => [[s, 'live', 'Default location', true, true, 0], [s, 'test', 'Default location', true, true, 0]]),
        'one default location per store and mode, a store without SKUs too',
      );
      const stock = createStockRepo(k, kind === 'postgres' ? 'postgres' : 'sqlite');
      let units = 0;
      for (const [id, store, mode, quantity] of skus) {
        const home = locations.find((l) => l.store_id === store && l.mode === mode)!;
        const levels = await stock.levelsOfSku({ storeId: store, mode }, id);
        assert.deepEqual(levels.map((l) => [l.locationId, l.onHand, l.allocated]), [[home.id, quantity, 0]], id);
        const after = await k.selectFrom('skus').select('quantity_in_stock').where('id', '=', id).executeTakeFirstOrThrow();
        assert.equal(Number(after.quantity_in_stock), quantity, `${id}: quantityInStock unchanged`);
        units += levels[0]!.onHand;
      }
      assert.equal(units, skus.reduce((n, s) => n + s[3], 0), 'not one unit lost');
      const history = await k.selectFrom('inventory_adjustments').select(['location_id', 'note']).execute();
      assert.equal(history.length, 0);
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
