import type { Kysely, Selectable } from 'kysely';
import type { Mode, Tenant } from '../context.ts';
import type { PublishableKeyRepo } from '../domain/accounts/ports.ts';
import type { PublishableKey } from '../domain/accounts/types.ts';
import { fromDate, toDate } from './db.ts';
import type { Database, PublishableKeyTable } from './schema.ts';
import { inTenant } from './tenant.ts';
import { revokeKey, touchKey } from './key-lifecycle.ts';

function toPublishableKey(r: Selectable<PublishableKeyTable>): PublishableKey {
  return {
    id: r.id,
    storeId: r.store_id,
    mode: r.mode as Mode,
    name: r.name,
    key: r.key,
    createdBy: r.created_by,
    createdAt: toDate(r.created_at),
    lastUsedAt: r.last_used_at === null ? null : toDate(r.last_used_at),
    revokedAt: r.revoked_at === null ? null : toDate(r.revoked_at),
  };
}

/** Publishable keys, scoped by store and mode. */
export function createPublishableKeyRepo(db: Kysely<Database>): PublishableKeyRepo {
  return {
    async insert(key: PublishableKey): Promise<void> {
      await db
        .insertInto('publishable_keys')
        .values({
          id: key.id,
          store_id: key.storeId,
          mode: key.mode,
          name: key.name,
          key: key.key,
          created_by: key.createdBy,
          created_at: fromDate(key.createdAt),
          last_used_at: null,
          revoked_at: null,
        })
        .execute();
    },

    async findActiveByKeyAcrossStores(key: string): Promise<{ key: PublishableKey; allowedOrigins: string[]; storeCurrency: string | null } | undefined> {
      // One statement for what every storefront request needs: the key, its store's origins in the key's mode and the
      // store's currency.
      const row = await db
        .selectFrom('publishable_keys')
        .leftJoin('store_settings', (join) => join.onRef('store_settings.store_id', '=', 'publishable_keys.store_id').onRef('store_settings.mode', '=', 'publishable_keys.mode'))
        .leftJoin('stores', 'stores.id', 'publishable_keys.store_id')
        .selectAll('publishable_keys')
        .select(['store_settings.allowed_origins as allowed_origins', 'stores.currency as store_currency'])
        .where('publishable_keys.key', '=', key)
        .where('publishable_keys.revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      const { allowed_origins, store_currency, ...keyRow } = row;
      return { key: toPublishableKey(keyRow), allowedOrigins: allowed_origins === null ? [] : (JSON.parse(allowed_origins) as string[]), storeCurrency: store_currency };
    },

    async list(tenant: Tenant): Promise<PublishableKey[]> {
      const rows = await db.selectFrom('publishable_keys').selectAll().where(inTenant(tenant)).where('revoked_at', 'is', null).orderBy('id', 'desc').execute();
      return rows.map(toPublishableKey);
    },

    revoke: (tenant: Tenant, id: string, now: Date) => revokeKey(db, 'publishable_keys', tenant, id, now),

    touch: (tenant: Tenant, id: string, now: Date) => touchKey(db, 'publishable_keys', tenant, id, now),
  };
}
