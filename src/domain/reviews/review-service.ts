import type { StoreContext } from '../../context.ts';
import type { EmailRepo } from '../email/ports.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { CustomerRepo } from '../customers/ports.ts';
import type { ReviewRepo } from './ports.ts';
import type { Transactional } from '../shared/transactional.ts';
import { requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { isUniqueConflict } from '../shared/conflicts.ts';
import { productNotFound } from '../catalog/catalog-support.ts';
import { invalid } from '../shared/validation.ts';
import { isBanned } from '../customers/customer-rules.ts';
import { newId } from '../shared/ids.ts';
import { anyIdCursor, pageOf } from '../shared/pagination.ts';
import type { Precondition } from '../shared/preconditions.ts';
import type { RatingSummary, Review, ReviewQuery } from './review-types.ts';
import type { WebhookRepo } from '../webhooks/ports.ts';
import type { EventPublisher } from '../webhooks/publisher.ts';

/** The repositories review-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface ReviewServiceRepos {
  audit: Pick<AuditRepo, 'insert'>;
  customers: Pick<CustomerRepo, 'findCustomer'>;
  reviews: Pick<ReviewRepo, 'deleteReview' | 'findReview' | 'insertReview' | 'listReviews' | 'lockReview' | 'productExists' | 'ratingCounts' | 'reviewExists' | 'setHidden' | 'setReply'>;
  webhooks: Pick<WebhookRepo, 'subscribers' | 'insertEvents' | 'afterCommit'>;
  email: Pick<EmailRepo, 'insertMessages' | 'afterCommit'>;
}

export interface ReviewInput {
  productId: string;
  customerId: string;
  rating: number;
  title?: string | null | undefined;
  body?: string | null | undefined;
}

export function reviewNotFound(id: string): AppError {
  return new AppError('REVIEW_NOT_FOUND', `No review "${id}" in this store. List reviews with GET /v1/reviews.`);
}

function alreadyReviewed(): AppError {
  return new AppError('REVIEW_EXISTS', 'This customer has already reviewed this product; a customer reviews a product once.', {
    details: [{ path: 'customerId', rule: 'must not have reviewed this product already' }],
  });
}

/**
 * Product reviews: created for a customer of the store (one per customer and product), moderated by the merchant
 * (reply, hide, show, delete) and summed up per product over the visible ones.
 */
export function createReviewService(deps: {
  repos: Transactional<ReviewServiceRepos>;
  /** The webhook outbox: a new review is published (review.created) in its transaction. */
  events: Pick<EventPublisher, 'publish'>;
}) {
  const { repos, events } = deps;

  async function requireReview(repos: ReviewServiceRepos, ctx: StoreContext, id: string): Promise<Review> {
    const review = await repos.reviews.findReview(ctx.tenant, id);
    if (!review) throw reviewNotFound(id);
    return review;
  }

  async function page(ctx: StoreContext, query: ReviewQuery): Promise<{ items: Review[]; nextCursor: string | null }> {
    const before = query.cursor === undefined ? undefined : anyIdCursor.decode(query.cursor);
    const rows = await repos.reviews.listReviews(ctx.tenant, query, { limit: query.limit, before });
    return pageOf(rows, query.limit, (last) => anyIdCursor.encode(last.id));
  }

  /** Sets the review's hidden flag; a review already in that state is answered as is and nothing is written. */
  async function setHidden(ctx: StoreContext, id: string, hidden: boolean): Promise<Review> {
    requirePermission(ctx, 'reviews:write');
    const { tenant } = ctx;
    return repos.transaction(async (repos) => {
      const current = await requireReview(repos, ctx, id);
      if (current.hidden === hidden) return current;
      await repos.reviews.setHidden(tenant, id, hidden, ctx.now);
      await recordAudit(repos, ctx, { action: hidden ? 'review.hide' : 'review.show', targetType: 'review', targetId: id, details: { productId: current.productId } });
      return requireReview(repos, ctx, id);
    });
  }

  return {
    /** Reviews across the store, newest first, filtered by product, customer, rating and hidden. */
    async list(ctx: StoreContext, query: ReviewQuery): Promise<{ items: Review[]; nextCursor: string | null }> {
      requirePermission(ctx, 'reviews:read');
      return page(ctx, query);
    },

    /** The reviews of one product (404 when the product is not the store's). */
    async listForProduct(ctx: StoreContext, productId: string, query: Omit<ReviewQuery, 'productId'>): Promise<{ items: Review[]; nextCursor: string | null }> {
      requirePermission(ctx, 'reviews:read');
      if (!(await repos.reviews.productExists(ctx.tenant, productId))) throw productNotFound(productId);
      return page(ctx, { ...query, productId });
    },

    async get(ctx: StoreContext, id: string): Promise<Review> {
      requirePermission(ctx, 'reviews:read');
      return requireReview(repos, ctx, id);
    },

    /**
     * A review by a customer of the store for a product of the store (422 naming the field otherwise). A customer
     * reviews a product once (409 REVIEW_EXISTS) and a banned customer cannot be given a review.
     */
    async create(ctx: StoreContext, input: ReviewInput): Promise<Review> {
      requirePermission(ctx, 'reviews:write');
      const { tenant } = ctx;
      try {
        return await repos.transaction(async (repos) => {
          const details: ErrorDetail[] = [];
          if (!(await repos.reviews.productExists(tenant, input.productId))) details.push({ path: 'productId', rule: 'must be a product of this store (GET /v1/products)' });
          const customer = await repos.customers.findCustomer(tenant, input.customerId);
          if (!customer) details.push({ path: 'customerId', rule: 'must be a customer of this store (GET /v1/customers)' });
          else if (isBanned(customer, ctx.now)) details.push({ path: 'customerId', rule: 'must not be banned (POST /v1/customers/{customerId}/unban first)' });
          if (details.length > 0) throw invalid(details);
          if (await repos.reviews.reviewExists(tenant, input.productId, input.customerId)) throw alreadyReviewed();
          const id = newId('rev', ctx.now);
          await repos.reviews.insertReview(tenant, {
            id,
            productId: input.productId,
            customerId: input.customerId,
            rating: input.rating,
            title: input.title ?? null,
            body: input.body ?? null,
            createdAt: ctx.now,
          });
          await recordAudit(repos, ctx, { action: 'review.create', targetType: 'review', targetId: id, details: { productId: input.productId, customerId: input.customerId, rating: input.rating } });
          const review = await requireReview(repos, ctx, id);
          await events.publish(repos, tenant, ctx.now, () => [{ type: 'review.created', review }]);
          return review;
        });
      } catch (error) {
        if (isUniqueConflict(error, 'review_per_customer')) throw alreadyReviewed();
        throw error;
      }
    },

    /** The merchant's public reply; replying again replaces it. */
    async reply(ctx: StoreContext, id: string, reply: string): Promise<Review> {
      requirePermission(ctx, 'reviews:write');
      const { tenant } = ctx;
      return repos.transaction(async (repos) => {
        const current = await requireReview(repos, ctx, id);
        await repos.reviews.setReply(tenant, id, reply, ctx.now);
        await recordAudit(repos, ctx, { action: 'review.reply', targetType: 'review', targetId: id, details: { replaced: current.reply !== null } });
        return requireReview(repos, ctx, id);
      });
    },

    /** Removes the merchant's reply; a review without one is answered as is and nothing is written. */
    async removeReply(ctx: StoreContext, id: string): Promise<Review> {
      requirePermission(ctx, 'reviews:write');
      const { tenant } = ctx;
      return repos.transaction(async (repos) => {
        const current = await requireReview(repos, ctx, id);
        if (current.reply === null) return current;
        await repos.reviews.setReply(tenant, id, null, ctx.now);
        await recordAudit(repos, ctx, { action: 'review.reply_remove', targetType: 'review', targetId: id });
        return requireReview(repos, ctx, id);
      });
    },

    hide: (ctx: StoreContext, id: string) => setHidden(ctx, id, true),
    show: (ctx: StoreContext, id: string) => setHidden(ctx, id, false),

    /** `precondition` (If-Match) is checked against the review as GET shows it, with its row locked. */
    async remove(ctx: StoreContext, id: string, precondition?: Precondition<Review>): Promise<void> {
      requirePermission(ctx, 'reviews:write');
      const { tenant } = ctx;
      await repos.transaction(async (repos) => {
        if (!(await repos.reviews.lockReview(tenant, id))) throw reviewNotFound(id);
        const current = await requireReview(repos, ctx, id);
        precondition?.(current);
        await repos.reviews.deleteReview(tenant, id);
        await recordAudit(repos, ctx, { action: 'review.delete', targetType: 'review', targetId: id, details: { productId: current.productId, customerId: current.customerId, rating: current.rating } });
      });
    },

    /** Count, average and count per star over the product's visible reviews. */
    async ratingSummary(ctx: StoreContext, productId: string): Promise<RatingSummary> {
      requirePermission(ctx, 'reviews:read');
      const { tenant } = ctx;
      if (!(await repos.reviews.productExists(tenant, productId))) throw productNotFound(productId);
      const counts = await repos.reviews.ratingCounts(tenant, productId);
      const distribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as RatingSummary['distribution'];
      let count = 0;
      let sum = 0;
      for (const star of [1, 2, 3, 4, 5] as const) {
        const n = counts.get(star) ?? 0;
        distribution[star] = n;
        count += n;
        sum += n * star;
      }
      return { productId, count, average: count === 0 ? null : Math.round((sum / count) * 100) / 100, distribution };
    },
  };
}

export type ReviewService = ReturnType<typeof createReviewService>;
