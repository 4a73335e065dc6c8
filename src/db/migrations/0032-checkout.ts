import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Checkout (docs/checkout.md, docs/decisions/0033-checkout.md): an order knows where it came from (`channel`: `api`
 * for orders placed through the API, `storefront` for a cart's checkout), until when an unpaid storefront order holds
 * its stock (`hold_expires_at`, cleared when it is paid or cancelled; `hold_extended` once a 3-D Secure challenge
 * lengthened it) and where the pay page sends the shopper back (`return_url`). The order status page
 * (GET /orders/{token}) opens with any of the order's status tokens, each 256 random bits kept as its SHA-256: one is
 * answered by the checkout (and by each checkout of the same cart again), one goes in the confirmation mail. A cart records the order its checkout placed (`order_id`), so a
 * second checkout of the same cart answers the same order.
 */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema.alterTable('orders').addColumn('channel', 'varchar(16)', (c) => c.notNull().defaultTo('api')).execute();
  await db.schema.alterTable('orders').addColumn('hold_expires_at', types.timestamp).execute();
  await db.schema.alterTable('orders').addColumn('hold_extended', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('orders').addColumn('return_url', 'varchar(2048)').execute();
  // The cleanup finds expired holds by this index (only held orders have a value).
  await db.schema.createIndex('orders_hold_expires_idx').on('orders').column('hold_expires_at').execute();
  await db.schema
    .createTable('order_status_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(40)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.alterTable('carts').addColumn('order_id', 'varchar(40)').execute();
  // An expired hold frees its cart by the order id.
  await db.schema.createIndex('carts_order_idx').on('carts').column('order_id').execute();
}
