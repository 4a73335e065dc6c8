import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/** A store's settings of a payment provider, per mode: its secret key and webhook signing secret, sealed (PAYMENT_SECRETS_KEY). */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('payment_provider_settings')
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('secret_key_sealed', 'varchar(1000)', (c) => c.notNull())
    .addColumn('webhook_secret_sealed', 'varchar(1000)', (c) => c.notNull())
    .addColumn('key_hint', 'varchar(40)', (c) => c.notNull()) // sk_test_…abcd: enough to recognise, never the key
    .addColumn('account_id', 'varchar(100)')
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_provider_settings_pk', ['store_id', 'mode', 'provider'])
    .execute();
}
