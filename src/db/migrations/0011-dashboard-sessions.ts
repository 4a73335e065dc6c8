import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Short-lived session tokens for the dashboard (docs/dashboard.md): a session may belong to the browser session it
 * was issued from (`parent_id`); it lives only as long as its parent, and ends with it.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('parent_id', 'varchar(40)', (c) => c.references('sessions.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('sessions_parent_id_idx').on('sessions').column('parent_id').execute();
}
