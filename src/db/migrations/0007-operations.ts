import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/** Store operations: customers, delivery, promotions, promo ads, orders, payments, reviews, store settings. */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  const tenant = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('mode', 'varchar(8)', (c) => c.notNull());

  // ---- store settings (one row per store and mode) ----
  await db.schema
    .createTable('store_settings')
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('order_number_prefix', 'varchar(20)', (c) => c.notNull())
    .addColumn('next_order_number', 'integer', (c) => c.notNull())
    .addColumn('allowed_origins', 'text', (c) => c.notNull()) // JSON array of origins
    .addColumn('notification_email', 'varchar(320)')
    .addColumn('payment_methods', 'text', (c) => c.notNull()) // JSON array of enabled method names
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('store_settings_pk', ['store_id', 'mode'])
    .execute();

  // ---- customers ----
  await tenant('customers')
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('name_folded', 'varchar(200)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('email_normalized', 'varchar(320)', (c) => c.notNull())
    .addColumn('phone', 'varchar(40)')
    .addColumn('addresses', 'text', (c) => c.notNull()) // JSON array of addresses
    .addColumn('banned_at', types.timestamp)
    .addColumn('ban_reason', 'varchar(500)')
    .addColumn('ban_expires_at', types.timestamp)
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('customers_store_email_uq').unique().on('customers').columns(['store_id', 'mode', 'email_normalized']).execute();
  await db.schema.createIndex('customers_store_id_idx').on('customers').columns(['store_id', 'mode', 'id']).execute();

  // ---- delivery ----
  await tenant('delivery_zones')
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('regions', 'text', (c) => c.notNull()) // JSON array of { countryId, stateId | null }
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await tenant('delivery_options')
    .addColumn('zone_id', 'varchar(40)', (c) => c.notNull().references('delivery_zones.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('fee_minor', 'bigint', (c) => c.notNull())
    .addColumn('free_over_minor', 'bigint')
    .addColumn('min_days', 'integer')
    .addColumn('max_days', 'integer')
    .addColumn('active', types.boolean, (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('delivery_options_zone_idx').on('delivery_options').columns(['store_id', 'mode', 'zone_id']).execute();

  // ---- promotions (discount codes) ----
  await tenant('promotions')
    .addColumn('code', 'varchar(50)', (c) => c.notNull())
    .addColumn('code_normalized', 'varchar(50)', (c) => c.notNull())
    .addColumn('kind', 'varchar(12)', (c) => c.notNull()) // percentage | fixed
    .addColumn('value', 'bigint', (c) => c.notNull()) // basis points for percentage, minor units for fixed
    .addColumn('min_subtotal_minor', 'bigint', (c) => c.notNull())
    .addColumn('starts_at', types.timestamp, (c) => c.notNull())
    .addColumn('ends_at', types.timestamp)
    .addColumn('usage_limit', 'integer')
    .addColumn('per_customer_limit', 'integer')
    .addColumn('times_used', 'integer', (c) => c.notNull())
    .addColumn('active', types.boolean, (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('promotions_store_code_uq').unique().on('promotions').columns(['store_id', 'mode', 'code_normalized']).execute();

  // ---- promo ads (banners and announcements) ----
  await tenant('promo_ads')
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('image_file_id', 'varchar(40)')
    .addColumn('link_url', 'varchar(2000)')
    .addColumn('placement', 'varchar(50)')
    .addColumn('starts_at', types.timestamp, (c) => c.notNull())
    .addColumn('ends_at', types.timestamp)
    .addColumn('status', 'varchar(10)', (c) => c.notNull()) // draft | published
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('promo_ads_store_status_idx').on('promo_ads').columns(['store_id', 'mode', 'status', 'starts_at']).execute();

  // ---- orders ----
  await tenant('orders')
    .addColumn('number', 'varchar(40)', (c) => c.notNull())
    .addColumn('customer_id', 'varchar(40)', (c) => c.notNull().references('customers.id'))
    .addColumn('status', 'varchar(24)', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('subtotal_minor', 'bigint', (c) => c.notNull())
    .addColumn('discount_minor', 'bigint', (c) => c.notNull())
    .addColumn('delivery_fee_minor', 'bigint', (c) => c.notNull())
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    .addColumn('paid_minor', 'bigint', (c) => c.notNull())
    .addColumn('refunded_minor', 'bigint', (c) => c.notNull())
    .addColumn('promotion_id', 'varchar(40)')
    .addColumn('promotion_code', 'varchar(50)')
    .addColumn('delivery_option_id', 'varchar(40)')
    .addColumn('delivery_option_name', 'varchar(200)')
    .addColumn('shipping_address', 'text') // JSON address
    .addColumn('billing_address', 'text') // JSON address
    .addColumn('note', 'varchar(2000)')
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .addCheckConstraint('orders_refund_not_above_paid', sql`refunded_minor <= paid_minor`)
    .execute();
  await db.schema.createIndex('orders_store_number_uq').unique().on('orders').columns(['store_id', 'mode', 'number']).execute();
  await db.schema.createIndex('orders_store_id_idx').on('orders').columns(['store_id', 'mode', 'id']).execute();
  await db.schema.createIndex('orders_store_created_idx').on('orders').columns(['store_id', 'mode', 'created_at']).execute();
  await db.schema.createIndex('orders_store_customer_idx').on('orders').columns(['store_id', 'mode', 'customer_id', 'id']).execute();
  await db.schema.createIndex('orders_store_status_idx').on('orders').columns(['store_id', 'mode', 'status', 'id']).execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('sku_id', 'varchar(40)', (c) => c.notNull()) // no FK: the line keeps its snapshot when the SKU is deleted
    .addColumn('product_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('product_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('sku_code', 'varchar(100)')
    .addColumn('attributes', 'text', (c) => c.notNull()) // JSON: group dimension + SKU attributes
    .addColumn('unit_price_minor', 'bigint', (c) => c.notNull())
    .addColumn('discount_bp', 'integer', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('line_total_minor', 'bigint', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_lines_order_idx').on('order_lines').columns(['order_id', 'position']).execute();

  await db.schema
    .createTable('order_events')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('from_status', 'varchar(24)')
    .addColumn('to_status', 'varchar(24)', (c) => c.notNull())
    .addColumn('note', 'varchar(2000)')
    .addColumn('amount_minor', 'bigint')
    .addColumn('actor_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('actor_label', 'varchar(320)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_events_order_idx').on('order_events').columns(['order_id', 'id']).execute();

  await tenant('promotion_redemptions')
    .addColumn('promotion_id', 'varchar(40)', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('customer_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('promotion_redemptions_idx').on('promotion_redemptions').columns(['promotion_id', 'customer_id']).execute();

  // ---- payments ----
  await tenant('payments')
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull()) // payment | refund
    .addColumn('method', 'varchar(40)', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull()) // pending | succeeded | failed
    .addColumn('reference', 'varchar(200)')
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_order_idx').on('payments').columns(['store_id', 'mode', 'order_id', 'id']).execute();

  await tenant('payment_links')
    .addColumn('order_id', 'varchar(40)', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)')
    .addColumn('expires_at', types.timestamp)
    .addColumn('status', 'varchar(12)', (c) => c.notNull()) // active | paid | expired | cancelled
    .addColumn('token', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payment_links_store_idx').on('payment_links').columns(['store_id', 'mode', 'id']).execute();

  // ---- reviews ----
  await tenant('reviews')
    .addColumn('product_id', 'varchar(40)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('customer_id', 'varchar(40)', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)')
    .addColumn('body', 'text')
    .addColumn('reply', 'text')
    .addColumn('replied_at', types.timestamp)
    .addColumn('hidden', types.boolean, (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .addCheckConstraint('reviews_rating_range', sql`rating between 1 and 5`)
    .execute();
  await db.schema.createIndex('reviews_product_idx').on('reviews').columns(['store_id', 'mode', 'product_id', 'id']).execute();
}
