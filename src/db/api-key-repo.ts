import type { Kysely, Selectable } from 'kysely';
import type { Mode, Tenant } from '../context.ts';
import type { ApiKey, Membership, User } from '../domain/accounts/types.ts';
import type { Permission } from '../domain/shared/permissions.ts';
import { toUser } from './account-repo.ts';
import { toMembership } from './store-repo.ts';
import { fromDate, toDate } from './db.ts';
import type { ApiKeyTable, Database } from './schema.ts';
import { inTenant } from './tenant.ts';
import { revokeKey, touchKey } from './key-lifecycle.ts';
import type { ApiKeyRepo } from '../domain/accounts/ports.ts';

function toApiKey(r: Selectable<ApiKeyTable>): ApiKey {
  return {
    id: r.id,
    storeId: r.store_id,
    mode: r.mode as Mode,
    name: r.name,
    prefix: r.prefix,
    permissions: r.permissions === null ? null : (JSON.parse(r.permissions) as Permission[]),
    createdBy: r.created_by,
    createdAt: toDate(r.created_at),
    lastUsedAt: r.last_used_at === null ? null : toDate(r.last_used_at),
    revokedAt: r.revoked_at === null ? null : toDate(r.revoked_at),
  };
}

/** API keys, scoped by store and mode. */
export function createApiKeyRepo(db: Kysely<Database>): ApiKeyRepo {
  return {
    async insert(key: ApiKey, keyHash: string): Promise<void> {
      await db
        .insertInto('api_keys')
        .values({
          id: key.id,
          store_id: key.storeId,
          mode: key.mode,
          name: key.name,
          prefix: key.prefix,
          key_hash: keyHash,
          permissions: key.permissions === null ? null : JSON.stringify(key.permissions),
          created_by: key.createdBy,
          created_at: fromDate(key.createdAt),
          last_used_at: null,
          revoked_at: null,
        })
        .execute();
    },

    async findActiveByHashAcrossStores(keyHash: string): Promise<{ key: ApiKey; user: User; membership: Membership | null } | undefined> {
      // One statement for what every request with a key needs: the key, its creator, and the creator's membership of
      // the key's store (bench/README.md, "Catalog reads": statements per request).
      const row = await db
        .selectFrom('api_keys')
        .innerJoin('users', 'users.id', 'api_keys.created_by')
        .leftJoin('store_members', (join) => join.onRef('store_members.store_id', '=', 'api_keys.store_id').onRef('store_members.user_id', '=', 'api_keys.created_by'))
        .selectAll('api_keys')
        .select([
          'users.email as user_email',
          'users.name as user_name',
          'users.phone as user_phone',
          'users.created_at as user_created_at',
          'users.updated_at as user_updated_at',
          'store_members.role as member_role',
          'store_members.created_at as member_created_at',
          'store_members.updated_at as member_updated_at',
        ])
        .where('api_keys.key_hash', '=', keyHash)
        .where('api_keys.revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return undefined;
      const user = toUser({ id: row.created_by, email: row.user_email, name: row.user_name, phone: row.user_phone, created_at: row.user_created_at, updated_at: row.user_updated_at });
      const membership =
        row.member_role === null || row.member_created_at === null || row.member_updated_at === null
          ? null
          : toMembership({ store_id: row.store_id, user_id: row.created_by, role: row.member_role, created_at: row.member_created_at, updated_at: row.member_updated_at });
      return { key: toApiKey(row), user, membership };
    },

    async list(tenant: Tenant): Promise<ApiKey[]> {
      const rows = await db
        .selectFrom('api_keys')
        .selectAll()
        .where(inTenant(tenant))
        .where('revoked_at', 'is', null)
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toApiKey);
    },

    async find(tenant: Tenant, id: string): Promise<ApiKey | undefined> {
      const row = await db
        .selectFrom('api_keys')
        .selectAll()
        .where(inTenant(tenant))
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row && toApiKey(row);
    },

    revoke: (tenant: Tenant, id: string, now: Date) => revokeKey(db, 'api_keys', tenant, id, now),

    touch: (tenant: Tenant, id: string, now: Date) => touchKey(db, 'api_keys', tenant, id, now),
  };
}

