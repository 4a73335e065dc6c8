import type { Kysely } from 'kysely';
import type { Tenant } from '../context.ts';
import { fromDate } from './db.ts';
import type { Database } from './schema.ts';
import { inTenant } from './tenant.ts';

/** The tables of store keys: secret API keys and publishable keys share how they are revoked and marked used. */
type KeyTable = 'api_keys' | 'publishable_keys';

/** Revokes a key of the store and mode that is not revoked yet; false when there is none. */
export async function revokeKey(db: Kysely<Database>, table: KeyTable, tenant: Tenant, id: string, now: Date): Promise<boolean> {
  const result = await (db as Kysely<Pick<Database, 'api_keys'>>)
    .updateTable(table as 'api_keys')
    .set({ revoked_at: fromDate(now) })
    .where(inTenant(tenant))
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a key's use, at most once a minute per key, so a busy key does not write on every request. */
export async function touchKey(db: Kysely<Database>, table: KeyTable, tenant: Tenant, id: string, now: Date): Promise<void> {
  const aMinuteAgo = fromDate(new Date(now.getTime() - 60_000));
  await (db as Kysely<Pick<Database, 'api_keys'>>)
    .updateTable(table as 'api_keys')
    .set({ last_used_at: fromDate(now) })
    .where(inTenant(tenant))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', aMinuteAgo)]))
    .execute();
}
