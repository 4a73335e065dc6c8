import { UniqueConflict, type UniqueRule } from '../domain/shared/conflicts.ts';

/**
 * The unique indexes the domain's rules stand on, by the name PostgreSQL reports (`constraint`) and the columns SQLite
 * reports ("UNIQUE constraint failed: skus.store_id, skus.mode, skus.sku"). Indexes not listed (token hashes, …)
 * become rule `other`.
 */
export const UNIQUE_RULES: ReadonlyArray<{ rule: UniqueRule; constraint: string; columns: string }> = [
  { rule: 'user_email', constraint: 'users_email_normalized_key', columns: 'users.email_normalized' },
  { rule: 'category_slug', constraint: 'categories_store_slug_uq', columns: 'categories.store_id, categories.mode, categories.slug' },
  { rule: 'product_slug', constraint: 'products_store_slug_uq', columns: 'products.store_id, products.mode, products.slug' },
  { rule: 'sku_code', constraint: 'skus_store_sku_uq', columns: 'skus.store_id, skus.mode, skus.sku' },
  { rule: 'sku_combination', constraint: 'skus_combination_uq', columns: 'skus.product_id, skus.combination_key' },
  { rule: 'customer_email', constraint: 'customers_store_email_uq', columns: 'customers.store_id, customers.mode, customers.email_normalized' },
  { rule: 'promotion_code', constraint: 'promotions_store_code_uq', columns: 'promotions.store_id, promotions.mode, promotions.code_normalized' },
  {
    rule: 'review_per_customer',
    constraint: 'reviews_store_product_customer_uq',
    columns: 'reviews.store_id, reviews.mode, reviews.product_id, reviews.customer_id',
  },
  { rule: 'order_number', constraint: 'orders_store_number_uq', columns: 'orders.store_id, orders.mode, orders.number' },
];

const BY_CONSTRAINT = new Map(UNIQUE_RULES.map((r) => [r.constraint, r.rule]));
const BY_COLUMNS = new Map(UNIQUE_RULES.map((r) => [r.columns, r.rule]));
const SQLITE_UNIQUE = /^UNIQUE constraint failed: (.+)$/;

/**
 * A driver's unique violation (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE) as a `UniqueConflict` naming the
 * rule; any other error unchanged. Both drivers (`postgres-bounded.ts`, `sqlite-bounded.ts`) pass every failure here.
 */
export function asUniqueConflict(error: unknown): unknown {
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (e === null || typeof e !== 'object') return error;
  if (e.code === '23505') {
    return new UniqueConflict((typeof e.constraint === 'string' && BY_CONSTRAINT.get(e.constraint)) || 'other', { cause: error });
  }
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const columns = typeof e.message === 'string' ? SQLITE_UNIQUE.exec(e.message)?.[1] : undefined;
    return new UniqueConflict((columns !== undefined && BY_COLUMNS.get(columns)) || 'other', { cause: error });
  }
  return error;
}
