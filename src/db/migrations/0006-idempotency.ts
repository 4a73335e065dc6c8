import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/** Saved responses of POST requests sent with an Idempotency-Key, replayed for 24 hours (docs/idempotency.md). */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('scope', 'varchar(200)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('claim_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('request_method', 'varchar(10)', (c) => c.notNull())
    .addColumn('request_path', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_sealed', 'text')
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('locked_until', types.timestamp)
    .addColumn('expires_at', types.timestamp, (c) => c.notNull())
    // The primary key is what makes claiming a key atomic: a second insert of the same (scope, key) does nothing.
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'key_hash'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expires_at_idx').on('idempotency_keys').column('expires_at').execute();
}
