import type { Tenant } from '../../context.ts';
import type { Review } from './review-types.ts';

/**
 * What the reviews area needs of storage: the repositories it declares, which src/db implements and the composition
 * root (src/container.ts) hands to its services.
 */

export interface ReviewFilters {
  productId?: string | undefined;
  customerId?: string | undefined;
  rating?: number | undefined;
  hidden?: boolean | undefined;
}

export interface NewReview {
  id: string;
  productId: string;
  customerId: string;
  rating: number;
  title: string | null;
  body: string | null;
  createdAt: Date;
}

/** Product reviews of a store and mode. Every method takes the tenant first and filters on it (`inTenant`). */
export interface ReviewRepo {
  insertReview(tenant: Tenant, r: NewReview): Promise<void>;
  /**
   * Locks the review's row (not its customer's) until the transaction ends on PostgreSQL (SQLite runs one writer at
   * a time); false when the store and mode have no such review.
   */
  lockReview(tenant: Tenant, id: string): Promise<boolean>;
  findReview(tenant: Tenant, id: string): Promise<Review | undefined>;
  /** Whether the customer already reviewed the product (one review per customer and product). */
  reviewExists(tenant: Tenant, productId: string, customerId: string): Promise<boolean>;
  /** Whether the product belongs to the store and mode (reviews name products, the catalog owns them). */
  productExists(tenant: Tenant, productId: string): Promise<boolean>;
  /** Newest first; up to `limit + 1` rows. */
  listReviews(tenant: Tenant, filters: ReviewFilters, page: {
    limit: number;
    before?: string | undefined;
  }): Promise<Review[]>;
  setReply(tenant: Tenant, id: string, reply: string | null, now: Date): Promise<void>;
  setHidden(tenant: Tenant, id: string, hidden: boolean, now: Date): Promise<void>;
  deleteReview(tenant: Tenant, id: string): Promise<void>;
  /** Count of visible reviews per rating for one product. */
  ratingCounts(tenant: Tenant, productId: string): Promise<Map<number, number>>;
}
