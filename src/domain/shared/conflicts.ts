/**
 * The uniqueness rules the domain relies on the database to enforce (two writers racing for the same SKU code, say).
 * The database layer turns a violated unique index into a `UniqueConflict` naming the rule (`src/db/unique-conflicts.ts`),
 * so a service maps it to its own refusal without knowing engines, error codes or index names. It is thrown, not
 * returned: on PostgreSQL a violation aborts the transaction, so nothing more may run in it.
 */
export type UniqueRule =
  | 'user_email'
  | 'category_slug'
  | 'product_slug'
  | 'sku_code'
  | 'sku_combination'
  | 'customer_email'
  | 'promotion_code'
  | 'review_per_customer'
  | 'order_number'
  | 'other';

export class UniqueConflict extends Error {
  readonly rule: UniqueRule;

  constructor(rule: UniqueRule, options?: { cause?: unknown }) {
    super(`unique rule broken: ${rule}`, options);
    this.name = 'UniqueConflict';
    this.rule = rule;
  }
}

/** Whether `error` is a broken uniqueness rule (any, or one of `rules`). */
export function isUniqueConflict(error: unknown, ...rules: UniqueRule[]): error is UniqueConflict {
  return error instanceof UniqueConflict && (rules.length === 0 || rules.includes(error.rule));
}
