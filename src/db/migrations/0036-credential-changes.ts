import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * The catalog change log (migration 0027) hears of the credentials' changes too, so a store context resolved for a
 * session can be kept in memory under the change mark and checked there like a kept answer
 * (docs/decisions/0039-principal-memo.md): anything that would make resolving the credential again give another
 * answer logs a whole-store row (`product_id` null) in the store the context is for.
 *
 * Already logged by 0027: an API key's row (revoked, its permissions), its store's row, a member's row in its store
 * (joined, role, left) and a user's row in each of their stores. Added here:
 * - `sessions`: a session ended (revoked, its expiry or token changed, or deleted while live) logs a row in each store
 *   of its user; a new session logs nothing (nothing was kept for it), nor a session deleted after it ended (the
 *   cleanup job: an ended session is refused by its own row's times, never found kept).
 * - `store_members`: a membership added or removed logs a row in each of the user's other stores too: a session that
 *   names no store (X-MerchantId) acts in its user's only store, and a second store makes it name one.
 */
const INSERT = 'insert into catalog_changes (store_id, product_id, list)';

/** Whole-store rows for each store of the users `users` (an SQL list of expressions). */
const storesOf = (users: string, except?: string) =>
  `${INSERT} select m.store_id, null, 1 from store_members m where m.user_id in (${users})${except ? ` and m.store_id <> ${except}` : ''};`;

const SESSION_COLUMNS = ['token_hash', 'user_id', 'expires_at', 'revoked_at', 'parent_id'];

export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'sqlite') {
    const changed = SESSION_COLUMNS.map((c) => `new.${c} is not old.${c}`).join(' or ');
    await sql`create trigger sessions_changes_au after update of ${sql.raw(SESSION_COLUMNS.join(', '))} on sessions when ${sql.raw(changed)} begin
      ${sql.raw(storesOf('old.user_id, new.user_id'))} end`.execute(db);
    await sql`create trigger sessions_changes_ad after delete on sessions
      when old.revoked_at is null and old.expires_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now') begin
      ${sql.raw(storesOf('old.user_id'))} end`.execute(db);
    await sql`create trigger store_members_others_ai after insert on store_members begin ${sql.raw(storesOf('new.user_id', 'new.store_id'))} end`.execute(db);
    await sql`create trigger store_members_others_ad after delete on store_members begin ${sql.raw(storesOf('old.user_id', 'old.store_id'))} end`.execute(db);
    return;
  }
  const changed = SESSION_COLUMNS.map((c) => `new.${c} is distinct from old.${c}`).join(' or ');
  const sessions = [
    `if tg_op = 'UPDATE' and (${changed}) then ${storesOf('old.user_id, new.user_id')} end if;`,
    `if tg_op = 'DELETE' and old.revoked_at is null and old.expires_at > now() then ${storesOf('old.user_id')} end if;`,
    'return null;',
  ].join(' ');
  await sql`create function catalog_changes_sessions() returns trigger language plpgsql as ${sql.lit(`begin ${sessions} end`)}`.execute(db);
  await sql`create trigger sessions_changes after update of ${sql.raw(SESSION_COLUMNS.join(', '))} or delete on sessions
    for each row execute function catalog_changes_sessions()`.execute(db);
  const others = [
    `if tg_op = 'INSERT' then ${storesOf('new.user_id', 'new.store_id')} end if;`,
    `if tg_op = 'DELETE' then ${storesOf('old.user_id', 'old.store_id')} end if;`,
    'return null;',
  ].join(' ');
  await sql`create function catalog_changes_store_members_others() returns trigger language plpgsql as ${sql.lit(`begin ${others} end`)}`.execute(db);
  await sql`create trigger store_members_changes_others after insert or delete on store_members
    for each row execute function catalog_changes_store_members_others()`.execute(db);
}
