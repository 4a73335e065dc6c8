import { type Kysely, type Selectable, sql } from 'kysely';
import type { Tenant } from '../context.ts';
import type { Customer, CustomerAddress, CustomerStats } from '../domain/customers/customer-types.ts';
import { likePattern } from './catalog-repo.ts';
import { type Dialect, fromDate, rowLock, toDate } from './db.ts';
import { pageLimit } from './paging.ts';
import type { CustomerTable, Database } from './schema.ts';
import { inTenant, tenantColumns } from './tenant.ts';
import type { CustomerRepo, CustomerListOptions, CustomerChanges } from '../domain/customers/ports.ts';

function toCustomer(r: Selectable<CustomerTable>): Customer {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    addresses: JSON.parse(r.addresses) as CustomerAddress[],
    bannedAt: r.banned_at === null ? null : toDate(r.banned_at),
    banReason: r.ban_reason,
    banExpiresAt: r.ban_expires_at === null ? null : toDate(r.ban_expires_at),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

/** Customers of a store and mode, and their order figures. Every method takes the tenant first and filters on it (`inTenant`). */
export function createCustomerRepo(db: Kysely<Database>, dialect: Dialect): CustomerRepo {
  const locked = rowLock(dialect);
  const scoped = (tenant: Tenant) => db.selectFrom('customers').where(inTenant(tenant));

  return {
    async insertCustomer(tenant: Tenant, c: Customer, folded: { name: string; email: string }): Promise<void> {
      await db
        .insertInto('customers')
        .values({
          id: c.id,
          ...tenantColumns(tenant),
          name: c.name,
          name_folded: folded.name,
          email: c.email,
          email_normalized: folded.email,
          phone: c.phone,
          addresses: JSON.stringify(c.addresses),
          banned_at: null,
          ban_reason: null,
          ban_expires_at: null,
          created_at: fromDate(c.createdAt),
          updated_at: fromDate(c.updatedAt),
        })
        .execute();
    },

    /**
     * One customer of the store and mode, with its ban fields (`bannedAt`, `banReason`, `banExpiresAt`); undefined
     * for an unknown id or another store's. The order service reads customers through this and checks `isBanned`.
     */
    async findCustomer(tenant: Tenant, id: string): Promise<Customer | undefined> {
      const row = await scoped(tenant).selectAll().where('id', '=', id).executeTakeFirst();
      return row && toCustomer(row);
    },

    /** `findCustomer`, locking the row until the transaction ends on PostgreSQL (SQLite runs one writer at a time). */
    async lockCustomer(tenant: Tenant, id: string): Promise<Customer | undefined> {
      let q = scoped(tenant).selectAll().where('id', '=', id);
      q = locked(q);
      const row = await q.executeTakeFirst();
      return row && toCustomer(row);
    },

    async findByEmail(tenant: Tenant, emailNormalized: string): Promise<Customer | undefined> {
      const row = await scoped(tenant).selectAll().where('email_normalized', '=', emailNormalized).executeTakeFirst();
      return row && toCustomer(row);
    },

    async findOrInsertByEmail(tenant: Tenant, c: Customer, folded: { name: string; email: string }): Promise<Customer> {
      // One statement: the insert, or on the email's conflict a no-op update, so `returning` answers the row either
      // way (PostgreSQL waits for a concurrent insert of the same email and answers its row).
      const row = await db
        .insertInto('customers')
        .values({
          id: c.id,
          ...tenantColumns(tenant),
          name: c.name,
          name_folded: folded.name,
          email: c.email,
          email_normalized: folded.email,
          phone: c.phone,
          addresses: JSON.stringify(c.addresses),
          banned_at: null,
          ban_reason: null,
          ban_expires_at: null,
          created_at: fromDate(c.createdAt),
          updated_at: fromDate(c.updatedAt),
        })
        .onConflict((oc) => oc.columns(['store_id', 'mode', 'email_normalized']).doUpdateSet((eb) => ({ email_normalized: eb.ref('excluded.email_normalized') })))
        .returningAll()
        .executeTakeFirstOrThrow();
      return toCustomer(row);
    },

    async emailTaken(tenant: Tenant, emailNormalized: string, exceptId?: string): Promise<boolean> {
      let q = scoped(tenant).select('id').where('email_normalized', '=', emailNormalized);
      if (exceptId) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    /** Newest first; up to `limit + 1` rows, so the caller can tell whether there are more. */
    async listCustomers(tenant: Tenant, options: CustomerListOptions): Promise<Customer[]> {
      let q = scoped(tenant).selectAll();
      if (options.before) q = q.where('id', '<', options.before);
      const { text, digits } = options;
      if (text) {
        const pattern = likePattern(text);
        q = q.where((eb) => {
          const any = [eb(sql`name_folded`, 'like', sql`${pattern} escape '\\'`), eb(sql`email_normalized`, 'like', sql`${pattern} escape '\\'`)];
          if (digits) any.push(eb(sql`phone`, 'like', sql`${likePattern(digits)} escape '\\'`));
          return eb.or(any);
        });
      }
      if (options.banned !== undefined) {
        const now = fromDate(options.now);
        const active = sql<boolean>`(banned_at is not null and (ban_expires_at is null or ban_expires_at > ${now}))`;
        q = q.where(options.banned ? active : sql<boolean>`not ${active}`);
      }
      const rows = await q.orderBy('id', 'desc').$call(pageLimit(options.limit)).execute();
      return rows.map(toCustomer);
    },

    async updateCustomer(tenant: Tenant, id: string, set: CustomerChanges, now: Date): Promise<void> {
      await db
        .updateTable('customers')
        .set({
          ...(set.name !== undefined ? { name: set.name, name_folded: set.nameFolded! } : {}),
          ...(set.email !== undefined ? { email: set.email, email_normalized: set.emailNormalized! } : {}),
          ...(set.phone !== undefined ? { phone: set.phone } : {}),
          ...(set.addresses !== undefined ? { addresses: JSON.stringify(set.addresses) } : {}),
          updated_at: fromDate(now),
        })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .execute();
    },

    /** Sets the ban fields, or clears them with `null`. */
    async setBan(tenant: Tenant, id: string, ban: { bannedAt: Date; reason: string; expiresAt: Date | null } | null, now: Date): Promise<void> {
      await db
        .updateTable('customers')
        .set({
          banned_at: ban ? fromDate(ban.bannedAt) : null,
          ban_reason: ban ? ban.reason : null,
          ban_expires_at: ban?.expiresAt ? fromDate(ban.expiresAt) : null,
          updated_at: fromDate(now),
        })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .execute();
    },

    /** Order count and total spent (paid minus refunded) per customer, over their orders in this store and mode. */
    async statsFor(tenant: Tenant, customerIds: string[]): Promise<Map<string, CustomerStats>> {
      const out = new Map<string, CustomerStats>();
      if (customerIds.length === 0) return out;
      const rows = await db
        .selectFrom('orders')
        .select((eb) => ['customer_id', eb.fn.countAll<number>().as('n'), sql<number>`coalesce(sum(paid_minor - refunded_minor), 0)`.as('spent')])
        .where(inTenant(tenant))
        .where('customer_id', 'in', customerIds)
        .groupBy('customer_id')
        .execute();
      for (const r of rows) out.set(r.customer_id, { orderCount: Number(r.n), totalSpentMinor: Number(r.spent) });
      return out;
    },
  };
}

