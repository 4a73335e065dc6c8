import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Publishable keys (docs/storefront.md; docs/decisions/0019-publishable-keys.md): keys a storefront embeds in its
 * pages to read what a shopper may see. Not secrets, so the key itself is kept (shown in every listing, looked up by
 * equality), unique across stores; per store and mode like API keys.
 */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('publishable_keys')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('key', 'varchar(80)', (c) => c.notNull().unique())
    .addColumn('created_by', 'varchar(40)', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('last_used_at', types.timestamp)
    .addColumn('revoked_at', types.timestamp)
    .execute();
  await db.schema.createIndex('publishable_keys_store_mode_idx').on('publishable_keys').columns(['store_id', 'mode']).execute();
}
