import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Merchant confirmation of the AI connector's destructive tool calls (docs/mcp.md, "Confirmation"):
 * - `server_secrets`: keys the service makes for itself on first use and every instance shares through the database
 *   (the HMAC key that signs the connector's `requestState`), so no operator has to configure one and none is a
 *   default;
 * - `mcp_confirmations`: the merchant's acceptances already acted on, by the nonce of the state that carried them,
 *   until that state expires, so one acceptance is acted on once on whichever instance the retry reaches.
 */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('mcp_confirmations')
    .addColumn('nonce', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mcp_confirmations_expires_at_idx').on('mcp_confirmations').column('expires_at').execute();
}
