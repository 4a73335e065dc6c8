import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Links mailed to prove an address (docs/security.md, "Directing data" and "Account email"):
 * - `email_links`: one per message that asks its recipient to confirm something by opening a link: a store's new
 *   notification address, an account's new email, the undo link of an email change sent to the old address, or the
 *   verification of an account's email. The token is minted when the mail is sent and only its hash kept (as for
 *   password resets); `used_at` is set when the link is used, or when a newer request of the same kind replaces it.
 * - `users.email_verified_at`: when the account's email was last proven (a link opened, a password reset completed, an
 *   invitation accepted from its mail). Accounts made before this migration start unverified.
 */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('email_links')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(40)', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('store_id', 'varchar(40)', (c) => c.references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)')
    .addColumn('email', 'varchar(320)', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('expires_at', types.timestamp, (c) => c.notNull())
    .addColumn('used_at', types.timestamp)
    .execute();
  await db.schema.createIndex('email_links_user_idx').on('email_links').columns(['user_id', 'purpose']).execute();
  await db.schema.createIndex('email_links_store_idx').on('email_links').columns(['store_id', 'mode', 'purpose']).execute();
  await db.schema.createIndex('email_links_expires_idx').on('email_links').column('expires_at').execute();
  await db.schema.alterTable('users').addColumn('email_verified_at', types.timestamp).execute();
}
