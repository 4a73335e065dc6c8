import type { Kysely } from 'kysely';
import type { ConfirmationStorage } from '../domain/connector/confirmation-service.ts';
import { fromDate } from './db.ts';
import type { Database } from './schema.ts';

/** Server secrets and spent confirmations (migration 0016): one INSERT … ON CONFLICT DO NOTHING each, atomic on both engines. */
export function createConfirmationRepo(db: Kysely<Database>): ConfirmationStorage {
  return {
    async secret(name, made, now) {
      await db
        .insertInto('server_secrets')
        .values({ name, value: made, created_at: fromDate(now) })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      return row.value;
    },
    async spend(nonce, expiresAt) {
      const rows = await db
        .insertInto('mcp_confirmations')
        .values({ nonce, expires_at: fromDate(expiresAt) })
        .onConflict((oc) => oc.column('nonce').doNothing())
        .returning('nonce')
        .execute();
      return rows.length === 1;
    },
  };
}
