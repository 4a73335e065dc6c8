import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('email_normalized', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('phone', 'varchar(40)')
    .addColumn('password_hash', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('expires_at', types.timestamp, (c) => c.notNull())
    .addColumn('revoked_at', types.timestamp)
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('stores')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('legal_name', 'varchar(200)')
    .addColumn('contact_email', 'varchar(320)')
    .addColumn('contact_phone', 'varchar(40)')
    .addColumn('address_line1', 'varchar(200)')
    .addColumn('address_line2', 'varchar(200)')
    .addColumn('city', 'varchar(120)')
    .addColumn('postal_code', 'varchar(20)')
    .addColumn('country_id', 'varchar(2)', (c) => c.references('countries.id'))
    .addColumn('state_id', 'varchar(10)', (c) => c.references('states.id'))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
    .addColumn('logo_file_id', 'varchar(40)')
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('store_members')
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('store_members_pk', ['store_id', 'user_id'])
    .execute();
  await db.schema.createIndex('store_members_user_id_idx').on('store_members').column('user_id').execute();

  await db.schema
    .createTable('store_invitations')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('email_normalized', 'varchar(320)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('invited_by', 'varchar(40)', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('expires_at', types.timestamp, (c) => c.notNull())
    .addColumn('accepted_at', types.timestamp)
    .addColumn('revoked_at', types.timestamp)
    .execute();
  await db.schema.createIndex('store_invitations_store_id_idx').on('store_invitations').column('store_id').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('prefix', 'varchar(20)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('permissions', 'text')
    .addColumn('created_by', 'varchar(40)', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('last_used_at', types.timestamp)
    .addColumn('revoked_at', types.timestamp)
    .execute();
  await db.schema.createIndex('api_keys_store_mode_idx').on('api_keys').columns(['store_id', 'mode']).execute();

  await db.schema
    .createTable('audit_logs')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull().references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('actor_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('actor_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('actor_label', 'varchar(320)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)')
    .addColumn('action', 'varchar(80)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(40)')
    .addColumn('target_id', 'varchar(80)')
    .addColumn('details', 'text')
    .addColumn('request_id', 'varchar(128)')
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_logs_store_mode_id_idx').on('audit_logs').columns(['store_id', 'mode', 'id']).execute();
}
