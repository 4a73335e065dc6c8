import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * The answer a refresh gave, kept on the refresh token it consumed so that presenting that token again within the
 * replay window (60 s, while its successor is unused) gets the same answer instead of revoking the grant
 * (docs/oauth.md, "Lost responses"). Sealed with AES-256-GCM under a key derived from the consumed refresh token itself,
 * which is stored only as a hash: the table alone reveals no token.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema.alterTable('oauth_refresh_tokens').addColumn('replay_sealed', 'text').execute();
}
