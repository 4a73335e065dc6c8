import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * The fulfilment status of orders, and shipments (docs/orders.md "Lifecycle", docs/fulfilment.md "Shipments",
 * docs/decisions/0032-fulfilment-status.md).
 *
 * - `orders.fulfilment_status`: `unfulfilled`, `partially_fulfilled`, `fulfilled`, `partially_returned`, `returned`,
 *   beside the payment status (derived from the amounts) and the order's one `status`, which stays. Existing orders get
 *   it from their history: an order that is or was `fulfilled` or `delivered` (a refunded order that had been shipped)
 *   is `fulfilled`, every other `unfulfilled` (nothing was ever partly shipped or returned before this migration).
 * - `shipments`: a parcel of an order leaving one location, with carrier and tracking; `shipped` then `delivered`.
 *   `shipment_lines`: which order lines and how many units it carries. Orders shipped before this migration have none.
 */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema.alterTable('orders').addColumn('fulfilment_status', 'varchar(24)', (c) => c.notNull().defaultTo('unfulfilled')).execute();
  await sql`update orders set fulfilment_status = 'fulfilled'
    where status in ('fulfilled', 'delivered')
       or exists (select 1 from order_events e where e.order_id = orders.id and e.to_status in ('fulfilled', 'delivered'))`.execute(db);
  await db.schema.createIndex('orders_store_fulfilment_idx').on('orders').columns(['store_id', 'mode', 'fulfilment_status', 'id']).execute();

  await db.schema
    .createTable('shipments')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // no foreign key: a location with open shipments cannot be deleted (the service refuses), a delivered one may be
    .addColumn('location_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('carrier', 'varchar(100)')
    .addColumn('tracking_number', 'varchar(200)')
    .addColumn('tracking_url', 'varchar(2000)')
    // shipped | delivered
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('shipped_at', types.timestamp, (c) => c.notNull())
    .addColumn('delivered_at', types.timestamp)
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shipments_order_idx').on('shipments').columns(['order_id', 'id']).execute();
  await db.schema.createIndex('shipments_location_idx').on('shipments').columns(['store_id', 'mode', 'location_id', 'status']).execute();

  await db.schema
    .createTable('shipment_lines')
    .addColumn('shipment_id', 'varchar(40)', (c) => c.notNull().references('shipments.id').onDelete('cascade'))
    .addColumn('order_line_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('sku_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('shipment_lines_pk', ['shipment_id', 'order_line_id'])
    .addCheckConstraint('shipment_lines_quantity_positive', sql`quantity > 0`)
    .execute();
  await db.schema.createIndex('shipment_lines_line_idx').on('shipment_lines').columns(['order_line_id']).execute();
}
