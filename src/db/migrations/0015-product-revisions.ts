import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * SQLite only: `products.revision` counts the changes to everything a product's representation is read from (the
 * product row, its categories, images, specifications, variant groups and SKUs). Triggers keep it, so no write can
 * forget to: whatever changes a product's tree, in whatever statement, raises the number in the same transaction.
 * The product reads key their memo of serialized products by it (docs/decisions/0013-product-representation-memo.md).
 *
 * Not on PostgreSQL: there a trigger raising a counter on the product row would lock that row from every SKU write, and
 * two orders taking stock of SKUs of the same products in different orders could then deadlock (the orders lock SKUs
 * in id order, not products). The decision records what a PostgreSQL equivalent would take.
 */
const CHILD_TABLES = ['product_categories', 'product_images', 'product_specifications', 'variant_groups', 'skus'] as const;

/** The columns of a child row that a product's representation shows (`product_categories` also carries copies). */
const SHOWN: Partial<Record<(typeof CHILD_TABLES)[number], string[]>> = {
  product_categories: ['product_id', 'category_id', 'position'],
};

export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect !== 'sqlite') return;
  await db.schema.alterTable('products').addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // A change to the product row itself; the raise is itself an update, which `when` lets pass (and SQLite does not run
  // a trigger from its own statement unless recursive_triggers is on).
  await sql`create trigger products_revision_au after update on products when new.revision = old.revision begin
    update products set revision = old.revision + 1 where id = new.id; end`.execute(db);
  for (const table of CHILD_TABLES) {
    const bump = (row: 'new' | 'old') => sql.raw(`update products set revision = revision + 1 where id = ${row}.product_id;`);
    const columns = SHOWN[table];
    const onUpdate = columns ? sql.raw(`update of ${columns.join(', ')}`) : sql.raw('update');
    await sql`create trigger ${sql.raw(`${table}_revision_ai`)} after insert on ${sql.table(table)} begin ${bump('new')} end`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_revision_ad`)} after delete on ${sql.table(table)} begin ${bump('old')} end`.execute(db);
    await sql`create trigger ${sql.raw(`${table}_revision_au`)} after ${onUpdate} on ${sql.table(table)} begin
      ${bump('old')} update products set revision = revision + 1 where id = new.product_id and new.product_id is not old.product_id; end`.execute(db);
  }
}
