import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * The store setting `mcpRequireClientConfirmation`, per store and mode: when on, the AI connector carries out a
 * destructive tool call only once the merchant confirmed it in the client (elicitation); the model's `confirm: true`
 * is refused (docs/mcp.md, "Confirmation"). Off for every existing store.
 */
export async function up(db: Kysely<unknown>, { dialect, types }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('store_settings')
    .addColumn('mcp_require_client_confirmation', types.boolean, (c) => c.notNull().defaultTo(sql.raw(dialect === 'postgres' ? 'false' : '0')))
    .execute();
}
