import type { Kysely, Selectable } from 'kysely';
import type { Tenant } from '../context.ts';
import type { PromoAd, PromoAdStatus } from '../domain/promo-ads/promo-ad-types.ts';
import { type Dialect, fromDate, rowLock, toDate } from './db.ts';
import { pageLimit } from './paging.ts';
import type { Database, PromoAdTable } from './schema.ts';
import { inTenant, tenantColumns } from './tenant.ts';
import type { PromoAdRepo, PromoAdChanges } from '../domain/promo-ads/ports.ts';

function toPromoAd(r: Selectable<PromoAdTable>): PromoAd {
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    imageFileId: r.image_file_id,
    linkUrl: r.link_url,
    placement: r.placement,
    startsAt: toDate(r.starts_at),
    endsAt: r.ends_at === null ? null : toDate(r.ends_at),
    status: r.status as PromoAdStatus,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

/** Promo ads (banners, announcements) of a store and mode. Every method takes the tenant first and filters on it (`inTenant`). */
export function createPromoAdRepo(db: Kysely<Database>, dialect: Dialect): PromoAdRepo {
  const locked = rowLock(dialect);
  const scoped = (tenant: Tenant) => db.selectFrom('promo_ads').selectAll().where(inTenant(tenant));

  return {
    async insertPromoAd(tenant: Tenant, ad: PromoAd): Promise<void> {
      await db
        .insertInto('promo_ads')
        .values({
          id: ad.id,
          ...tenantColumns(tenant),
          title: ad.title,
          body: ad.body,
          image_file_id: ad.imageFileId,
          link_url: ad.linkUrl,
          placement: ad.placement,
          starts_at: fromDate(ad.startsAt),
          ends_at: ad.endsAt === null ? null : fromDate(ad.endsAt),
          status: ad.status,
          created_at: fromDate(ad.createdAt),
          updated_at: fromDate(ad.updatedAt),
        })
        .execute();
    },

    /** `findPromoAd`, locking the row until the transaction ends on PostgreSQL (SQLite runs one writer at a time). */
    async lockPromoAd(tenant: Tenant, id: string): Promise<PromoAd | undefined> {
      let q = scoped(tenant).where('id', '=', id);
      q = locked(q);
      const row = await q.executeTakeFirst();
      return row && toPromoAd(row);
    },

    async findPromoAd(tenant: Tenant, id: string): Promise<PromoAd | undefined> {
      const row = await scoped(tenant).where('id', '=', id).executeTakeFirst();
      return row && toPromoAd(row);
    },

    /** Newest first; up to `limit + 1` rows. */
    async listPromoAds(
      tenant: Tenant,
      filters: { status?: PromoAdStatus | undefined; placement?: string | undefined },
      page: { limit: number; before?: string | undefined },
    ): Promise<PromoAd[]> {
      let q = scoped(tenant);
      if (filters.status !== undefined) q = q.where('status', '=', filters.status);
      if (filters.placement !== undefined) q = q.where('placement', '=', filters.placement);
      if (page.before) q = q.where('id', '<', page.before);
      return (await q.orderBy('id', 'desc').$call(pageLimit(page.limit)).execute()).map(toPromoAd);
    },

    /**
     * The ads live at `now` (published, started, not ended), latest start first; with `placement`, those for that
     * placement and those for any placement (null).
     */
    async listLive(tenant: Tenant, now: Date, options: { placement?: string | undefined; limit: number }): Promise<PromoAd[]> {
      const at = fromDate(now);
      let q = scoped(tenant)
        .where('status', '=', 'published')
        .where('starts_at', '<=', at)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', at)]));
      const placement = options.placement;
      if (placement !== undefined) q = q.where((eb) => eb.or([eb('placement', '=', placement), eb('placement', 'is', null)]));
      return (await q.orderBy('starts_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute()).map(toPromoAd);
    },

    async updatePromoAd(tenant: Tenant, id: string, set: PromoAdChanges, now: Date): Promise<void> {
      await db
        .updateTable('promo_ads')
        .set({
          ...(set.title !== undefined ? { title: set.title } : {}),
          ...(set.body !== undefined ? { body: set.body } : {}),
          ...(set.imageFileId !== undefined ? { image_file_id: set.imageFileId } : {}),
          ...(set.linkUrl !== undefined ? { link_url: set.linkUrl } : {}),
          ...(set.placement !== undefined ? { placement: set.placement } : {}),
          ...(set.startsAt !== undefined ? { starts_at: fromDate(set.startsAt) } : {}),
          ...(set.endsAt !== undefined ? { ends_at: set.endsAt === null ? null : fromDate(set.endsAt) } : {}),
          ...(set.status !== undefined ? { status: set.status } : {}),
          updated_at: fromDate(now),
        })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .execute();
    },

    async deletePromoAd(tenant: Tenant, id: string): Promise<void> {
      await db.deleteFrom('promo_ads').where(inTenant(tenant)).where('id', '=', id).execute();
    },
  };
}

