import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * The reads of a page's SKUs (`skuSummaries`, `simpleSkus`, `groupsOf`, `countSkus`, `combinationsTaken`) are scoped to
 * the tenant as well as to their products (decision 0012). With only `(product_id, …)` indexes, SQLite preferred
 * `skus_store_stock_idx (store_id, mode, …)` for `store_id = ? and mode = ? and product_id in (…)` and read every SKU of
 * the store for each page. This index serves the tenant and the products together: one range per product.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema.createIndex('skus_tenant_product_idx').on('skus').columns(['store_id', 'mode', 'product_id', 'group_id', 'id']).execute();
}
