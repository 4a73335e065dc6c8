import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Customers, reviews and promo ads: indexes the 0007 tables need for their rules and lists.
 * - one review per customer and product (the rule is enforced by this index, so racing creations cannot both win);
 * - store-wide review lists, newest first, and per-customer review lookups;
 * - promo ad lists, newest first.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema.createIndex('reviews_store_product_customer_uq').unique().on('reviews').columns(['store_id', 'mode', 'product_id', 'customer_id']).execute();
  await db.schema.createIndex('reviews_store_id_idx').on('reviews').columns(['store_id', 'mode', 'id']).execute();
  await db.schema.createIndex('reviews_store_customer_idx').on('reviews').columns(['store_id', 'mode', 'customer_id', 'id']).execute();
  await db.schema.createIndex('promo_ads_store_id_idx').on('promo_ads').columns(['store_id', 'mode', 'id']).execute();
}
