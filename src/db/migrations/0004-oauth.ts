import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Connected apps (OAuth 2.0): registered clients, authorization requests in progress, grants (one per consent: the
 * family every code and token of that consent belongs to), codes, access tokens and refresh tokens. Secrets are
 * stored only as SHA-256 hex digests.
 */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('oauth_clients')
    .addColumn('client_id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('client_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('oauth_authorization_requests')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('client_id', 'varchar(40)', (c) => c.notNull().references('oauth_clients.client_id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'varchar(64)', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('session_id', 'varchar(40)', (c) => c.references('sessions.id').onDelete('cascade'))
    .addColumn('store_id', 'varchar(40)', (c) => c.references('stores.id').onDelete('cascade'))
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('expires_at', types.timestamp, (c) => c.notNull())
    .addColumn('completed_at', types.timestamp)
    .execute();

  await db.schema
    .createTable('oauth_grants')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('client_id', 'varchar(40)', (c) => c.notNull().references('oauth_clients.client_id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('last_used_at', types.timestamp)
    .addColumn('revoked_at', types.timestamp)
    .addColumn('revoked_reason', 'varchar(40)')
    .execute();
  await db.schema.createIndex('oauth_grants_user_client_idx').on('oauth_grants').columns(['user_id', 'client_id']).execute();
  await db.schema.createIndex('oauth_grants_client_idx').on('oauth_grants').column('client_id').execute();

  await db.schema
    .createTable('oauth_codes')
    .addColumn('hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('grant_id', 'varchar(40)', (c) => c.notNull().references('oauth_grants.id').onDelete('cascade'))
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('code_challenge', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('expires_at', types.timestamp, (c) => c.notNull())
    .addColumn('consumed_at', types.timestamp)
    .execute();
  await db.schema.createIndex('oauth_codes_grant_idx').on('oauth_codes').column('grant_id').execute();

  await db.schema
    .createTable('oauth_access_tokens')
    .addColumn('hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('grant_id', 'varchar(40)', (c) => c.notNull().references('oauth_grants.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('expires_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oauth_access_tokens_grant_idx').on('oauth_access_tokens').column('grant_id').execute();

  await db.schema
    .createTable('oauth_refresh_tokens')
    .addColumn('hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('grant_id', 'varchar(40)', (c) => c.notNull().references('oauth_grants.id').onDelete('cascade'))
    .addColumn('parent_hash', 'varchar(64)')
    .addColumn('generation', 'integer', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('expires_at', types.timestamp, (c) => c.notNull())
    .addColumn('consumed_at', types.timestamp)
    .execute();
  await db.schema.createIndex('oauth_refresh_tokens_grant_idx').on('oauth_refresh_tokens').column('grant_id').execute();
}
