import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Stripe's publishable key per store and mode (`pk_test_…`/`pk_live_…`), beside the sealed secrets: the pay page gives
 * it to Stripe.js, so it is public and kept plain. Null for settings saved before it was asked for (the pay page then
 * takes no Stripe cards until the keys are saved again).
 */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema.alterTable('payment_provider_settings').addColumn('publishable_key', 'varchar(300)').execute();
  // How the merchant settled a flagged provider payment (accepted on the order, refunded or released at the provider).
  await db.schema.alterTable('provider_payments').addColumn('resolution', 'varchar(20)').execute();
  await db.schema.alterTable('provider_payments').addColumn('resolved_at', types.timestamp).execute();
  // The refund retry job (docs/payments.md, "Refunds through the provider") looks for pending records across stores:
  // a partial index keeps that look as small as the few records it finds.
  await db.schema.createIndex('payments_pending').on('payments').columns(['created_at']).where(sql.ref('status'), '=', 'pending').execute();
}
