import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Payment providers (docs/payments.md): the money an order has authorized but not yet captured (its payment status is
 * derived from total, paid, refunded and authorized: nothing of an existing order is rewritten), the capture method of
 * payment links, our record of each payment at a provider, the provider events received (deduplicated by their id),
 * and the state of the built-in test provider.
 */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema.alterTable('orders').addColumn('authorized_minor', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('payment_links').addColumn('capture_method', 'varchar(10)', (c) => c.notNull().defaultTo('automatic')).execute();

  const tenant = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('mode', 'varchar(8)', (c) => c.notNull());

  // Our record of one payment at a provider (an attempt to pay a link or an order).
  await tenant('provider_payments')
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('link_id', 'varchar(40)', (c) => c.references('payment_links.id').onDelete('set null'))
    .addColumn('order_id', 'varchar(40)', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('capture_method', 'varchar(10)', (c) => c.notNull()) // automatic | manual
    .addColumn('status', 'varchar(24)', (c) => c.notNull())
    .addColumn('provider_ref', 'varchar(200)')
    .addColumn('action_url', 'varchar(2000)')
    .addColumn('failure_code', 'varchar(100)')
    .addColumn('failure_message', 'varchar(500)')
    .addColumn('flag', 'varchar(500)') // a mismatch we refused to accept silently
    .addColumn('received_minor', 'bigint')
    .addColumn('payment_id', 'varchar(40)') // the payments row recorded at completion
    .addColumn('completed_at', types.timestamp)
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('provider_payments_link_idx').on('provider_payments').columns(['store_id', 'mode', 'link_id', 'id']).execute();
  await db.schema.createIndex('provider_payments_order_idx').on('provider_payments').columns(['store_id', 'mode', 'order_id', 'id']).execute();
  await db.schema.createIndex('provider_payments_ref_idx').on('provider_payments').columns(['store_id', 'mode', 'provider', 'provider_ref']).execute();

  // Inbound provider events, one row per provider event id: the second delivery of an event finds its row.
  await db.schema
    .createTable('provider_events')
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('type', 'varchar(100)', (c) => c.notNull())
    .addColumn('provider_payment_id', 'varchar(40)')
    .addColumn('received_at', types.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('provider_events_pk', ['store_id', 'mode', 'provider', 'event_id'])
    .execute();

  // The built-in test provider's side: what a real provider would keep on its own servers.
  await tenant('test_provider_payments')
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('capture_method', 'varchar(10)', (c) => c.notNull())
    .addColumn('status', 'varchar(24)', (c) => c.notNull())
    .addColumn('card_last4', 'varchar(4)', (c) => c.notNull())
    .addColumn('failure_code', 'varchar(100)')
    .addColumn('failure_message', 'varchar(500)')
    .addColumn('succeed_at', types.timestamp)
    .addColumn('captured_minor', 'bigint', (c) => c.notNull())
    .addColumn('refunded_minor', 'bigint', (c) => c.notNull())
    .addColumn('return_url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('test_provider_payments_key_uq').unique().on('test_provider_payments').columns(['store_id', 'mode', 'idempotency_key']).execute();
  await tenant('test_provider_refunds')
    .addColumn('idempotency_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('payment_id', 'varchar(40)', (c) => c.notNull().references('test_provider_payments.id').onDelete('cascade'))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('test_provider_refunds_key_uq').unique().on('test_provider_refunds').columns(['store_id', 'mode', 'idempotency_key']).execute();
  await db.schema
    .createTable('test_provider_accounts')
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('signing_secret', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('test_provider_accounts_pk', ['store_id', 'mode'])
    .execute();
}
