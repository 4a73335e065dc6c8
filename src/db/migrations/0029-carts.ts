import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Carts (docs/checkout.md, docs/decisions/0031-carts.md): a shopper's cart in a store and mode, found by its id and
 * opened by the SHA-256 of its token (the token itself is never stored), with what the shopper chose (email,
 * addresses as JSON, delivery option, promotion code) and its lines: one per SKU, with the price and SKU discount the
 * line was added at (to tell the shopper when it changed). A cart ends `expires_at` after its last change; the cleanup
 * deletes it then, its lines with it.
 */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('carts')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('email', 'varchar(320)')
    .addColumn('shipping_address', 'text') // JSON address
    .addColumn('billing_address', 'text') // JSON address
    .addColumn('delivery_option_id', 'varchar(64)')
    .addColumn('promotion_code', 'varchar(50)')
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .addColumn('expires_at', types.timestamp, (c) => c.notNull())
    .execute();
  // The cleanup deletes expired carts in batches by this index.
  await db.schema.createIndex('carts_expires_idx').on('carts').column('expires_at').execute();

  await db.schema
    .createTable('cart_lines')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('cart_id', 'varchar(40)', (c) => c.notNull().references('carts.id').onDelete('cascade'))
    .addColumn('sku_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    // the SKU's price and discount when the line was added or last changed: "the price changed since" is against these
    .addColumn('unit_price_minor', 'bigint', (c) => c.notNull())
    .addColumn('discount_bp', 'integer', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  // One line per SKU in a cart: adding the same SKU again adds to its line.
  await db.schema.createIndex('cart_lines_sku_idx').on('cart_lines').columns(['cart_id', 'sku_id']).unique().execute();
}
