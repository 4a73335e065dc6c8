import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * Email (docs/email.md; docs/decisions/0021-email.md):
 * - `email_messages`: the mail outbox. A message is written in the transaction of its cause (an invitation, a
 *   password-reset request, an order, a stock crossing, an app connected or removed) with what its template needs
 *   (`params`, JSON, never a secret); a sender delivers it with retries and a lease. `cause` is unique: one cause,
 *   one message. `store_id`/`mode` say whose delivery list shows it (a password reset belongs to no store; an
 *   invitation to its store in both modes: mode null);
 * - `password_resets`: one per reset message that reached an account, with the hash of the token its mail carries
 *   (minted when the mail is sent, so no usable token is ever stored), its expiry and when it was used;
 * - `store_invitations.mail_token_hash`: the hash of the token in the invitation's latest mail (the token the API
 *   showed the inviter keeps working too);
 * - `store_settings.notifications_off`: the store notification kinds turned off in that mode (space-separated).
 */
export async function up(db: Kysely<unknown>, { types }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('email_messages')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.references('stores.id').onDelete('cascade'))
    .addColumn('mode', 'varchar(8)')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('cause', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('to_address', 'varchar(320)', (c) => c.notNull())
    .addColumn('subject', 'varchar(500)', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('next_attempt_at', types.timestamp)
    .addColumn('lease_until', types.timestamp)
    .addColumn('lease_holder', 'varchar(40)')
    .addColumn('last_error', 'varchar(1000)')
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('updated_at', types.timestamp, (c) => c.notNull())
    .addColumn('sent_at', types.timestamp)
    .execute();
  await db.schema.createIndex('email_messages_due_idx').on('email_messages').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('email_messages_store_idx').on('email_messages').columns(['store_id', 'created_at']).execute();
  await db.schema.createIndex('email_messages_created_at_idx').on('email_messages').column('created_at').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(40)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', types.timestamp, (c) => c.notNull())
    .addColumn('expires_at', types.timestamp, (c) => c.notNull())
    .addColumn('used_at', types.timestamp)
    .execute();
  await db.schema.createIndex('password_resets_user_idx').on('password_resets').column('user_id').execute();

  await db.schema.alterTable('store_invitations').addColumn('mail_token_hash', 'varchar(64)').execute();
  await db.schema.createIndex('store_invitations_mail_token_idx').on('store_invitations').column('mail_token_hash').execute();
  await db.schema.alterTable('store_settings').addColumn('notifications_off', 'varchar(200)', (c) => c.notNull().defaultTo('')).execute();
}
