import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Order allocations (docs/fulfilment.md, "Allocation"): which location holds the units of each order line.
 *
 * Placing an order raises `stock_levels.allocated` at the locations it takes the line from (in the store's order of
 * preference, split over several when one does not hold enough) instead of lowering `on_hand`; a row here per order
 * line and location says how many units are still allocated there (`quantity`, lowered by shipping and by a release).
 * Cancelling an order releases exactly these rows at their own locations. A row stays at 0 once its units are shipped
 * or released: an order with rows is one that allocated (orders placed before this migration took their stock off
 * `on_hand` at placement and have none; cancelling them returns their units to the default location as before).
 *
 * No foreign key on the SKU or the location: a line keeps its snapshot when its SKU is deleted (as `order_lines`), and a
 * location can only be deleted while it holds nothing allocated.
 */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('order_allocations')
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('order_line_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('sku_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('location_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('order_allocations_pk', ['order_line_id', 'location_id'])
    .addCheckConstraint('order_allocations_quantity_non_negative', sql`quantity >= 0`)
    .execute();
  await db.schema.createIndex('order_allocations_order_idx').on('order_allocations').columns(['order_id', 'sku_id']).execute();
}
