import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Indexes for the product list's filters (docs/catalog.md, "The product list at 100,000 products"): for every
 * combination of the equality filters `status` and `type`, one index per sort key (`id` for createdAt, `name_folded`,
 * `updated_at`), each ending in `id` for the keyset cursor. A page then reads its 21 rows from one index range whatever
 * the filter's share of the catalog, instead of walking the sort index and throwing away the rows of other statuses
 * or types (the whole store when nothing matches). Migration 0003 has the unfiltered ones and `(status, id)`.
 */
const INDEXES: ReadonlyArray<readonly [name: string, columns: string[]]> = [
  ['products_store_status_name_idx', ['store_id', 'mode', 'status', 'name_folded', 'id']],
  ['products_store_status_updated_idx', ['store_id', 'mode', 'status', 'updated_at', 'id']],
  ['products_store_type_idx', ['store_id', 'mode', 'type', 'id']],
  ['products_store_type_name_idx', ['store_id', 'mode', 'type', 'name_folded', 'id']],
  ['products_store_type_updated_idx', ['store_id', 'mode', 'type', 'updated_at', 'id']],
  ['products_store_status_type_idx', ['store_id', 'mode', 'status', 'type', 'id']],
  ['products_store_status_type_name_idx', ['store_id', 'mode', 'status', 'type', 'name_folded', 'id']],
  ['products_store_status_type_updated_idx', ['store_id', 'mode', 'status', 'type', 'updated_at', 'id']],
];

export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  for (const [name, columns] of INDEXES) await db.schema.createIndex(name).on('products').columns(columns).execute();
}
