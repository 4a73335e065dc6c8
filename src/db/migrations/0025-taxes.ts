import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Taxes (docs/taxes.md, docs/decisions/0026-taxes.md): tax regions with their rates per tax class, a tax class on
 * products (and optionally on a SKU, overriding it), the store's tax settings per mode, and the tax an order was
 * placed with: its total and one row per taxed line and for shipping. Existing orders keep their totals: their
 * tax_total_minor is 0 and they have no tax lines; existing products are `standard`; existing stores have no tax
 * region, so they charge no tax until they add one.
 */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('tax_regions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('country_id', 'varchar(2)', (c) => c.notNull())
    // '' for the whole country (a unique index treats NULLs as distinct on both engines)
    .addColumn('state_id', 'varchar(10)', (c) => c.notNull().defaultTo(''))
    // JSON object: tax class → rate in basis points
    .addColumn('rates', 'varchar(4000)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tax_regions_place_idx').on('tax_regions').columns(['store_id', 'mode', 'country_id', 'state_id']).unique().execute();

  await db.schema.alterTable('products').addColumn('tax_class', 'varchar(40)', (c) => c.notNull().defaultTo('standard')).execute();
  await db.schema.alterTable('skus').addColumn('tax_class', 'varchar(40)').execute();

  await db.schema.alterTable('store_settings').addColumn('prices_include_tax', types.boolean, (c) => c.notNull().defaultTo(sql`false`)).execute();
  await db.schema.alterTable('store_settings').addColumn('shipping_tax_class', 'varchar(40)', (c) => c.notNull().defaultTo('standard')).execute();

  await db.schema.alterTable('orders').addColumn('tax_total_minor', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orders').addColumn('prices_include_tax', types.boolean, (c) => c.notNull().defaultTo(sql`false`)).execute();

  await db.schema
    .createTable('order_tax_lines')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(10)', (c) => c.notNull()) // line | shipping
    .addColumn('order_line_id', 'varchar(40)')
    .addColumn('tax_class', 'varchar(40)', (c) => c.notNull())
    .addColumn('rate_bp', 'integer', (c) => c.notNull())
    .addColumn('region_id', 'varchar(40)')
    .addColumn('region_name', 'varchar(200)')
    .addColumn('country_id', 'varchar(2)')
    .addColumn('state_id', 'varchar(10)')
    .addColumn('taxable_minor', 'bigint', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_tax_lines_order_idx').on('order_tax_lines').columns(['order_id', 'position']).execute();
}
