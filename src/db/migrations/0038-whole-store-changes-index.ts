import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * PostgreSQL: the catalog change log's whole-store rows (`product_id` null) in an index of their own, the rows a kept
 * credential's check looks for (docs/decisions/0044-one-statement-for-a-kept-credential.md). The product read carries
 * that check as a named prepared statement, and PostgreSQL chooses between a plan for any values and one planned again
 * for each; with only `(store_id, txid)` it could not tell how few whole-store rows a store has, estimated a third of
 * them all since the snapshot, sorted them in the plan for any values, and planned the statement again on every read
 * (measured: half the throughput of the product read on a store with a few thousand logged changes). With this index
 * the check is one short walk, in either plan. SQLite asks no such question (its mark is read in-process).
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`create index catalog_changes_whole_store_idx on catalog_changes (store_id, txid) where product_id is null`.execute(db);
}
