import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Client ID Metadata Documents (docs/oauth.md; docs/decisions/0017): an app whose `client_id` is an https URL is kept
 * in `oauth_clients` like a registered one, under a `cimd_…` key derived from the URL (the 40-character client ids
 * grants, requests and audit entries hold stay as they are), with the URL itself in `metadata_document_url`.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema.alterTable('oauth_clients').addColumn('metadata_document_url', 'text').execute();
}
