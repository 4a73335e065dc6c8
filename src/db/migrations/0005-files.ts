import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/** Uploaded images: metadata here, bytes in FILES_DIR under the id. */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('files')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('content_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(255)')
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('created_by', 'varchar(40)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('files_store_mode_id_idx').on('files').columns(['store_id', 'mode', 'id']).execute();
}
