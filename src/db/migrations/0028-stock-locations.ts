import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Stock locations and stock levels (docs/fulfilment.md, docs/decisions/0030-stock-locations.md).
 *
 * - `stock_locations`: a store's places that hold stock, per mode (SKUs are per mode, so is their stock). Exactly one
 *   location of a store and mode is its default (a unique partial index): setting a SKU's `quantityInStock` the old way
 *   lands there.
 * - `stock_levels`: one row per SKU and location: `on_hand` (units at the place) and `allocated` (promised to orders not
 *   yet shipped: 0 until the allocation slice); available is `on_hand - allocated`, never negative (a check).
 * - `skus.quantity_in_stock` stays, as the maintained sum of available over the active locations, written in the same
 *   transaction as the levels under the SKU row's lock (the order placement's conditional update keeps working on it).
 * - `inventory_adjustments` gains the location a line of the history happened at (null for lines written before) and a
 *   note.
 *
 * Every store gets a default location "Default location" in each mode, and every SKU's stock moves there: on hand =
 * quantity_in_stock, allocated 0, so the sum is unchanged for every SKU (test/stock-locations-migration.test.ts).
 */
export async function up(db: Kysely<unknown>, { dialect, types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('stock_locations')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    // JSON object (line1, line2, city, postalCode, countryId, stateId) or null
    .addColumn('address', 'varchar(2000)')
    .addColumn('active', types.boolean, (c) => c.notNull())
    .addColumn('is_default', types.boolean, (c) => c.notNull())
    // the order of preference: lower first (ties by id)
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stock_locations_store_idx').on('stock_locations').columns(['store_id', 'mode', 'position', 'id']).execute();
  await sql`create unique index stock_locations_default_idx on stock_locations (store_id, mode) where ${sql.raw(dialect === 'postgres' ? 'is_default' : 'is_default = 1')}`.execute(db);

  await db.schema
    .createTable('stock_levels')
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('sku_id', 'varchar(40)', (c) => c.notNull().references('skus.id').onDelete('cascade'))
    .addColumn('location_id', 'varchar(40)', (c) => c.notNull().references('stock_locations.id').onDelete('cascade'))
    .addColumn('on_hand', 'integer', (c) => c.notNull())
    .addColumn('allocated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('stock_levels_pk', ['sku_id', 'location_id'])
    .addCheckConstraint('stock_levels_available_non_negative', sql`allocated >= 0 and on_hand >= allocated`)
    .execute();
  await db.schema.createIndex('stock_levels_location_idx').on('stock_levels').columns(['location_id', 'sku_id']).execute();

  await db.schema.alterTable('inventory_adjustments').addColumn('location_id', 'varchar(40)').execute();
  await db.schema.alterTable('inventory_adjustments').addColumn('note', 'varchar(500)').execute();

  // Each store's default location in both modes, then every SKU's stock at its store's default location.
  const at = sql.raw(dialect === 'postgres' ? 'now()' : `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`);
  const yes = sql.raw(dialect === 'postgres' ? 'true' : '1');
  const stores = await sql<{ id: string }>`select id from stores order by id`.execute(db);
  for (const store of stores.rows) {
    for (const mode of ['live', 'test']) {
      const id = `loc_${randomBytes(12).toString('hex')}`;
      await sql`insert into stock_locations (id, store_id, mode, name, address, active, is_default, position, created_at, updated_at)
        values (${id}, ${store.id}, ${mode}, 'Default location', null, ${yes}, ${yes}, 0, ${at}, ${at})`.execute(db);
    }
  }
  await sql`insert into stock_levels (store_id, mode, sku_id, location_id, on_hand, allocated, updated_at)
    select s.store_id, s.mode, s.id, l.id, s.quantity_in_stock, 0, ${at}
    from skus s join stock_locations l on l.store_id = s.store_id and l.mode = s.mode and l.is_default = ${yes}`.execute(db);
}
