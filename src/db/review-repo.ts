import { type Kysely, sql } from 'kysely';
import type { Tenant } from '../context.ts';
import type { Review } from '../domain/reviews/review-types.ts';
import { type Dialect, fromBool, fromDate, rowLock, toBool, toDate } from './db.ts';
import { pageLimit } from './paging.ts';
import type { Database } from './schema.ts';
import { inTenant, tenantColumns } from './tenant.ts';
import type { ReviewRepo, ReviewFilters, NewReview } from '../domain/reviews/ports.ts';

/** Product reviews of a store and mode. Every method takes the tenant first and filters on it (`inTenant`). */
export function createReviewRepo(db: Kysely<Database>, dialect: Dialect): ReviewRepo {
  const locked = rowLock(dialect);
  function selectReviews(tenant: Tenant) {
    return db
      .selectFrom('reviews')
      .innerJoin('customers', 'customers.id', 'reviews.customer_id')
      .selectAll('reviews')
      .select('customers.name as customer_name')
      .innerJoin('products', 'products.id', 'reviews.product_id')
      .select('products.name as product_name')
      .where(inTenant(tenant, 'reviews'));
  }

  type Row = Awaited<ReturnType<ReturnType<typeof selectReviews>['execute']>>[number];
  const toReview = (r: Row): Review => ({
    id: r.id,
    productId: r.product_id,
    customerId: r.customer_id,
    customerName: r.customer_name,
    productName: r.product_name,
    rating: Number(r.rating),
    title: r.title,
    body: r.body,
    reply: r.reply,
    repliedAt: r.replied_at === null ? null : toDate(r.replied_at),
    hidden: toBool(r.hidden),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  });

  return {
    async insertReview(tenant: Tenant, r: NewReview): Promise<void> {
      await db
        .insertInto('reviews')
        .values({
          id: r.id,
          ...tenantColumns(tenant),
          product_id: r.productId,
          customer_id: r.customerId,
          rating: r.rating,
          title: r.title,
          body: r.body,
          reply: null,
          replied_at: null,
          hidden: fromBool(false),
          created_at: fromDate(r.createdAt),
          updated_at: fromDate(r.createdAt),
        })
        .execute();
    },

    /**
     * Locks the review's row (not its customer's) until the transaction ends on PostgreSQL (SQLite runs one writer at
     * a time); false when the store and mode have no such review.
     */
    async lockReview(tenant: Tenant, id: string): Promise<boolean> {
      let q = db.selectFrom('reviews').select('id').where(inTenant(tenant)).where('id', '=', id);
      q = locked(q);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async findReview(tenant: Tenant, id: string): Promise<Review | undefined> {
      const row = await selectReviews(tenant).where('reviews.id', '=', id).executeTakeFirst();
      return row && toReview(row);
    },

    /** Whether the customer already reviewed the product (one review per customer and product). */
    async reviewExists(tenant: Tenant, productId: string, customerId: string): Promise<boolean> {
      const row = await db
        .selectFrom('reviews')
        .select('id')
        .where(inTenant(tenant))
        .where('product_id', '=', productId)
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Whether the product belongs to the store and mode (reviews name products, the catalog owns them). */
    async productExists(tenant: Tenant, productId: string): Promise<boolean> {
      const row = await db.selectFrom('products').select('id').where(inTenant(tenant)).where('id', '=', productId).executeTakeFirst();
      return row !== undefined;
    },

    /** Newest first; up to `limit + 1` rows. */
    async listReviews(tenant: Tenant, filters: ReviewFilters, page: { limit: number; before?: string | undefined }): Promise<Review[]> {
      let q = selectReviews(tenant);
      if (filters.productId !== undefined) q = q.where('reviews.product_id', '=', filters.productId);
      if (filters.customerId !== undefined) q = q.where('reviews.customer_id', '=', filters.customerId);
      if (filters.rating !== undefined) q = q.where('reviews.rating', '=', filters.rating);
      if (filters.hidden !== undefined) q = q.where('reviews.hidden', '=', fromBool(filters.hidden));
      if (page.before) q = q.where('reviews.id', '<', page.before);
      const rows = await q.orderBy('reviews.id', 'desc').$call(pageLimit(page.limit)).execute();
      return rows.map(toReview);
    },

    async setReply(tenant: Tenant, id: string, reply: string | null, now: Date): Promise<void> {
      await db
        .updateTable('reviews')
        .set({ reply, replied_at: reply === null ? null : fromDate(now), updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .execute();
    },

    async setHidden(tenant: Tenant, id: string, hidden: boolean, now: Date): Promise<void> {
      await db
        .updateTable('reviews')
        .set({ hidden: fromBool(hidden), updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .execute();
    },

    async deleteReview(tenant: Tenant, id: string): Promise<void> {
      await db.deleteFrom('reviews').where(inTenant(tenant)).where('id', '=', id).execute();
    },

    /** Count of visible reviews per rating for one product. */
    async ratingCounts(tenant: Tenant, productId: string): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('reviews')
        .select(['rating', sql<number>`count(*)`.as('n')])
        .where(inTenant(tenant))
        .where('product_id', '=', productId)
        .where('hidden', '=', fromBool(false))
        .groupBy('rating')
        .execute();
      return new Map(rows.map((r) => [Number(r.rating), Number(r.n)]));
    },
  };
}

