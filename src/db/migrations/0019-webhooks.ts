import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Webhooks (docs/webhooks.md; docs/decisions/0020-webhooks.md):
 * - `webhook_endpoints`: a store's subscriptions per mode (URL, event type patterns, signing secrets, whether enabled
 *   and why not); `client_id` names the OAuth app that owns one (removed with the app's last grant in the store);
 * - `webhook_events`: the outbox. An event is written in the transaction of the change that causes it, with the exact
 *   JSON body every endpoint receives; `seq` orders the events of one resource;
 * - `webhook_deliveries`: one per event and subscribed endpoint: pending until a 2xx answer (or given up), with the
 *   time of its next attempt and the lease of the worker sending it;
 * - `webhook_attempts`: the delivery log, one row per attempt (status, duration, a snippet of the answer).
 */
export async function up(db: Kysely<unknown>, { dialect, types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    .addColumn('description', 'varchar(500)', (c) => c.notNull())
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('enabled', types.boolean, (c) => c.notNull())
    .addColumn('disabled_reason', 'varchar(16)')
    .addColumn('disabled_detail', 'varchar(1000)')
    .addColumn('disabled_at', types.timestamp)
    .addColumn('secret', 'varchar(100)', (c) => c.notNull())
    .addColumn('previous_secret', 'varchar(100)')
    .addColumn('previous_secret_expires_at', types.timestamp)
    .addColumn('client_id', 'varchar(40)', (c) => c.references('oauth_clients.client_id').onDelete('cascade'))
    .addColumn('failing_since', types.timestamp)
    .addColumn('last_success_at', types.timestamp)
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_store_mode_idx').on('webhook_endpoints').columns(['store_id', 'mode']).execute();

  await db.schema
    .createTable('webhook_events')
    .addColumn('seq', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('id', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('resource_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_events_created_at_idx').on('webhook_events').column('created_at').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'varchar(40)', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('event_seq', 'bigint', (c) => c.notNull().references('webhook_events.seq').onDelete('cascade'))
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('resource_key', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', types.timestamp, (c) => c.notNull())
    .addColumn('lease_until', types.timestamp)
    .addColumn('lease_holder', 'varchar(64)')
    .addColumn('first_attempt_at', types.timestamp)
    .addColumn('last_attempt_at', types.timestamp)
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();
  // The worker's claim: pending deliveries due now; and the order of one endpoint's deliveries for one resource.
  await db.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  // Only pending deliveries hold back later ones: a partial index keeps the claim's check from reading settled history.
  await db.schema
    .createIndex('webhook_deliveries_pending_chain_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'resource_key', 'event_seq'])
    .where(sql.ref('status'), '=', sql.lit('pending'))
    .execute();
  await db.schema.createIndex('webhook_deliveries_endpoint_idx').on('webhook_deliveries').columns(['endpoint_id', 'id']).execute();
  await db.schema.createIndex('webhook_deliveries_event_idx').on('webhook_deliveries').column('event_seq').execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('delivery_id', 'varchar(40)', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('attempted_at', types.timestamp, (c) => c.notNull())
    .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'varchar(500)')
    .addColumn('response_snippet', 'varchar(1000)')
    .execute();
  await db.schema.createIndex('webhook_attempts_delivery_idx').on('webhook_attempts').columns(['delivery_id', 'id']).execute();
}
