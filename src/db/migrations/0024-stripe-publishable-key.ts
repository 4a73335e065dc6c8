import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Stripe's publishable key per store and mode (`pk_test_…`/`pk_live_…`), beside the sealed secrets: the pay page gives
 * it to Stripe.js, so it is public and kept plain. Null for settings saved before it was asked for (the pay page then
 * takes no Stripe cards until the keys are saved again).
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema.alterTable('payment_provider_settings').addColumn('publishable_key', 'varchar(300)').execute();
}
