import type { Tenant } from '../../context.ts';
import type { Promotion } from './promotion-types.ts';

/**
 * What the promotions area needs of storage: the repositories it declares, which src/db implements and the composition
 * root (src/container.ts) hands to its services.
 */
/** Promotions (discount codes) and their redemptions. Every method takes the tenant first and filters on it (`inTenant`). */
export interface PromotionRepo {
  insertPromotion(tenant: Tenant, p: Promotion): Promise<void>;
  updatePromotion(tenant: Tenant, id: string, p: Promotion, now: Date): Promise<void>;
  deletePromotion(tenant: Tenant, id: string): Promise<void>;
  /** `findPromotion`, locking the row until the transaction ends on PostgreSQL (SQLite runs one writer at a time). */
  lockPromotion(tenant: Tenant, id: string): Promise<Promotion | undefined>;
  findPromotion(tenant: Tenant, id: string): Promise<Promotion | undefined>;
  findPromotionByCode(tenant: Tenant, code: string): Promise<Promotion | undefined>;
  codeTaken(tenant: Tenant, code: string, exceptId?: string): Promise<boolean>;
  listPromotions(tenant: Tenant, options: {
    limit: number;
    after?: string;
  }): Promise<Promotion[]>;
  /** Counts one use if the total limit allows it, in one statement (the row stays locked until commit). */
  claimPromotion(tenant: Tenant, id: string, now: Date): Promise<boolean>;
  redemptionsBy(tenant: Tenant, promotionId: string, customerId: string): Promise<number>;
  insertRedemption(tenant: Tenant, r: {
    id: string;
    promotionId: string;
    orderId: string;
    customerId: string;
  }, now: Date): Promise<void>;
}
