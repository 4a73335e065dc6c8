import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Tenant } from '../context.ts';

/**
 * The tenant filter, the one way a repository scopes a query to the active store and mode:
 * `.where(inTenant(tenant))`, or `.where(inTenant(tenant, 'skus'))` where the query joins tables and the columns need
 * their table. Every table a tenant owns carries both columns (`store_id`, `mode`).
 */
export function inTenant(tenant: Tenant, table?: string): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(table === undefined ? name : `${table}.${name}`);
  return sql<SqlBool>`(${column('store_id')} = ${tenant.storeId} and ${column('mode')} = ${tenant.mode})`;
}

/** The tenant columns of a row to insert: `.values({ ...tenantColumns(tenant), … })`. */
export function tenantColumns(tenant: Tenant): { store_id: string; mode: Tenant['mode'] } {
  return { store_id: tenant.storeId, mode: tenant.mode };
}
