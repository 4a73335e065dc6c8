import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Housekeeping (docs/security.md, "Retention"): a lease per periodic job so one instance at a time runs it, when a
 * registered app was first approved (registrations nobody ever approved are cleaned up), and indexes on the times the
 * cleanup job selects by.
 */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('job_locks')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(100)', (c) => c.notNull())
    .addColumn('expires_at', types.timestamp, (c) => c.notNull())
    .execute();

  await db.schema.alterTable('oauth_clients').addColumn('first_approved_at', types.timestamp).execute();
  // Apps approved before this column existed were used.
  await sql`update oauth_clients set first_approved_at = (select min(g.created_at) from oauth_grants g where g.client_id = oauth_clients.client_id)`.execute(db);

  for (const [table, column] of [
    ['oauth_authorization_requests', 'expires_at'],
    ['oauth_codes', 'expires_at'],
    ['oauth_access_tokens', 'expires_at'],
    ['oauth_refresh_tokens', 'expires_at'],
    ['oauth_grants', 'revoked_at'],
    ['oauth_clients', 'created_at'],
    ['sessions', 'expires_at'],
    ['store_invitations', 'expires_at'],
  ] as const) {
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
  }
}
