import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * The fingerprint of the bundled reference data (countries, states, specifications, colors) the database was last
 * brought up to date with (docs/decisions/0043-lru-without-churn-and-no-icu-to-serve.md): `serve` syncs at start only
 * when the bundled data's fingerprint differs, so an instance whose database is current never loads the ISO 3166
 * package (about 5 MiB it would keep for its whole life). One row per kind of reference data; today only `bundled`.
 */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('reference_syncs')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('fingerprint', 'varchar(128)', (c) => c.notNull())
    .addColumn('synced_at', types.timestamp, (c) => c.notNull())
    .execute();
}
