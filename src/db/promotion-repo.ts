import { type Kysely, type Selectable, sql } from 'kysely';
import type { Tenant } from '../context.ts';
import type { Promotion, PromotionKind } from '../domain/promotions/promotion-types.ts';
import { type Dialect, fromBool, fromDate, rowLock, toBool, toDate } from './db.ts';
import { pageLimit } from './paging.ts';
import type { Database, PromotionTable } from './schema.ts';
import { inTenant, tenantColumns } from './tenant.ts';
import type { PromotionRepo } from '../domain/promotions/ports.ts';

function toPromotion(r: Selectable<PromotionTable>): Promotion {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind as PromotionKind,
    value: Number(r.value),
    minSubtotalMinor: Number(r.min_subtotal_minor),
    startsAt: toDate(r.starts_at),
    endsAt: r.ends_at === null ? null : toDate(r.ends_at),
    usageLimit: r.usage_limit === null ? null : Number(r.usage_limit),
    perCustomerLimit: r.per_customer_limit === null ? null : Number(r.per_customer_limit),
    timesUsed: Number(r.times_used),
    active: toBool(r.active),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

/** The columns a merchant sets (created and changed alike); `times_used` moves only with orders. */
function editableColumns(p: Promotion) {
  return {
    code: p.code,
    code_normalized: p.code.toUpperCase(),
    kind: p.kind,
    value: p.value,
    min_subtotal_minor: p.minSubtotalMinor,
    starts_at: fromDate(p.startsAt),
    ends_at: p.endsAt === null ? null : fromDate(p.endsAt),
    usage_limit: p.usageLimit,
    per_customer_limit: p.perCustomerLimit,
    active: fromBool(p.active),
  };
}

/** Promotions (discount codes) and their redemptions. Every method takes the tenant first and filters on it (`inTenant`). */
export function createPromotionRepo(db: Kysely<Database>, dialect: Dialect): PromotionRepo {
  const locked = rowLock(dialect);
  return {
    async insertPromotion(tenant: Tenant, p: Promotion): Promise<void> {
      await db
        .insertInto('promotions')
        .values({
          id: p.id,
          ...tenantColumns(tenant),
          ...editableColumns(p),
          times_used: p.timesUsed,
          created_at: fromDate(p.createdAt),
          updated_at: fromDate(p.updatedAt),
        })
        .execute();
    },

    async updatePromotion(tenant: Tenant, id: string, p: Promotion, now: Date): Promise<void> {
      await db
        .updateTable('promotions')
        .set({ ...editableColumns(p), updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .execute();
    },

    async deletePromotion(tenant: Tenant, id: string): Promise<void> {
      await db.deleteFrom('promotions').where(inTenant(tenant)).where('id', '=', id).execute();
    },

    /** `findPromotion`, locking the row until the transaction ends on PostgreSQL (SQLite runs one writer at a time). */
    async lockPromotion(tenant: Tenant, id: string): Promise<Promotion | undefined> {
      let q = db.selectFrom('promotions').selectAll().where(inTenant(tenant)).where('id', '=', id);
      q = locked(q);
      const row = await q.executeTakeFirst();
      return row && toPromotion(row);
    },

    async findPromotion(tenant: Tenant, id: string): Promise<Promotion | undefined> {
      const row = await db.selectFrom('promotions').selectAll().where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      return row && toPromotion(row);
    },

    async findPromotionByCode(tenant: Tenant, code: string): Promise<Promotion | undefined> {
      const row = await db
        .selectFrom('promotions')
        .selectAll()
        .where(inTenant(tenant))
        .where('code_normalized', '=', code.trim().toUpperCase())
        .executeTakeFirst();
      return row && toPromotion(row);
    },

    async codeTaken(tenant: Tenant, code: string, exceptId?: string): Promise<boolean> {
      let q = db.selectFrom('promotions').select('id').where(inTenant(tenant)).where('code_normalized', '=', code.toUpperCase());
      if (exceptId) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async listPromotions(tenant: Tenant, options: { limit: number; after?: string }): Promise<Promotion[]> {
      let q = db.selectFrom('promotions').selectAll().where(inTenant(tenant));
      if (options.after) q = q.where('id', '<', options.after);
      return (await q.orderBy('id', 'desc').$call(pageLimit(options.limit)).execute()).map(toPromotion);
    },

    /** Counts one use if the total limit allows it, in one statement (the row stays locked until commit). */
    async claimPromotion(tenant: Tenant, id: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('promotions')
        .set({ times_used: sql`times_used + 1`, updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .where((eb) => eb.or([eb('usage_limit', 'is', null), eb('times_used', '<', eb.ref('usage_limit'))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async redemptionsBy(tenant: Tenant, promotionId: string, customerId: string): Promise<number> {
      const row = await db
        .selectFrom('promotion_redemptions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(inTenant(tenant))
        .where('promotion_id', '=', promotionId)
        .where('customer_id', '=', customerId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertRedemption(tenant: Tenant, r: { id: string; promotionId: string; orderId: string; customerId: string }, now: Date): Promise<void> {
      await db
        .insertInto('promotion_redemptions')
        .values({ id: r.id, ...tenantColumns(tenant), promotion_id: r.promotionId, order_id: r.orderId, customer_id: r.customerId, created_at: fromDate(now) })
        .execute();
    },
  };
}

