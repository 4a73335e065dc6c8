import type { Tenant } from '../../context.ts';
import type { PromoAd, PromoAdStatus } from './promo-ad-types.ts';

/**
 * What the promo-ads area needs of storage: the repositories it declares, which src/db implements and the composition
 * root (src/container.ts) hands to its services.
 */

export type PromoAdChanges = Partial<Omit<PromoAd, 'id' | 'createdAt' | 'updatedAt'>>;

/** Promo ads (banners, announcements) of a store and mode. Every method takes the tenant first and filters on it (`inTenant`). */
export interface PromoAdRepo {
  insertPromoAd(tenant: Tenant, ad: PromoAd): Promise<void>;
  /** `findPromoAd`, locking the row until the transaction ends on PostgreSQL (SQLite runs one writer at a time). */
  lockPromoAd(tenant: Tenant, id: string): Promise<PromoAd | undefined>;
  findPromoAd(tenant: Tenant, id: string): Promise<PromoAd | undefined>;
  /** Newest first; up to `limit + 1` rows. */
  listPromoAds(tenant: Tenant, filters: {
    status?: PromoAdStatus | undefined;
    placement?: string | undefined;
  }, page: {
    limit: number;
    before?: string | undefined;
  }): Promise<PromoAd[]>;
  /**
   * The ads live at `now` (published, started, not ended), latest start first; with `placement`, those for that
   * placement and those for any placement (null).
   */
  listLive(tenant: Tenant, now: Date, options: {
    placement?: string | undefined;
    limit: number;
  }): Promise<PromoAd[]>;
  updatePromoAd(tenant: Tenant, id: string, set: PromoAdChanges, now: Date): Promise<void>;
  deletePromoAd(tenant: Tenant, id: string): Promise<void>;
}
