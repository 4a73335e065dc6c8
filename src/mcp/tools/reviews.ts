import { z } from 'zod';
import { Rating, ReviewCreateBody, ReviewListFilters, ReviewReplyBody } from '../../domain/reviews/review-schemas.ts';
import { pagination } from '../../wire/page.ts';
import { RatingSummaryRecord, ReviewRecord, toRatingSummaryRecord, toReviewRecord } from '../../wire/reviews.ts';
import { Confirm } from '../confirm.ts';
import { CREATE, DESTROY, DeletedOutput, defineTool, Id, listOutput, PageInput, READ, UPDATE } from '../tool.ts';

const area = 'reviews' as const;
const ReviewId = Id;

/** Product reviews: the same service as /v1/reviews and /v1/products/{id}/reviews. */
export const reviewTools = [
  defineTool({
    name: 'list_reviews',
    area,
    title: 'List reviews',
    description: 'Product reviews, newest first, a page at a time. Filters: productId, customerId, rating (1-5), hidden (true: only hidden ones; false: only visible ones).',
    permission: 'reviews:read',
    does: READ,
    input: z.strictObject({
      ...PageInput,
      productId: ReviewListFilters.productId,
      customerId: ReviewListFilters.customerId,
      rating: Rating.optional(),
      hidden: z.boolean().optional().describe('true: only hidden reviews; false: only visible ones'),
    }),
    output: listOutput(ReviewRecord),
    async run(s, ctx, args) {
      const page = await s.reviews.list(ctx, args);
      return { summary: `${page.items.length} review(s)`, data: { items: page.items.map(toReviewRecord), pagination: pagination(args.limit, page.nextCursor) } };
    },
  }),
  defineTool({
    name: 'get_rating_summary',
    area,
    title: 'Rating summary of a product',
    description: 'Count, average and count per star of a product’s visible reviews.',
    permission: 'reviews:read',
    does: READ,
    input: z.strictObject({ productId: Id }),
    output: z.object({ ratingSummary: RatingSummaryRecord }),
    async run(s, ctx, args) {
      const summary = toRatingSummaryRecord(await s.reviews.ratingSummary(ctx, args.productId));
      return { summary: `${summary.count} review(s), average ${summary.average ?? '-'}`, data: { ratingSummary: summary } };
    },
  }),
  defineTool({
    name: 'create_review',
    area,
    title: 'Record a review',
    description: 'Records a customer’s review of a product (one per customer and product; not for banned customers): rating 1-5, optional title and body.',
    permission: 'reviews:write',
    does: CREATE,
    input: ReviewCreateBody,
    output: z.object({ review: ReviewRecord }),
    async run(s, ctx, args) {
      const review = await s.reviews.create(ctx, args);
      return { summary: `Review ${review.id} recorded`, data: { review: toReviewRecord(review) } };
    },
  }),
  defineTool({
    name: 'reply_to_review',
    area,
    title: 'Reply to a review',
    description: 'Saves the merchant’s public reply to a review, replacing an earlier one.',
    permission: 'reviews:write',
    does: UPDATE,
    input: z.strictObject({ reviewId: ReviewId, ...ReviewReplyBody.shape }),
    output: z.object({ review: ReviewRecord }),
    async run(s, ctx, args) {
      const review = await s.reviews.reply(ctx, args.reviewId, args.reply);
      return { summary: `Reply saved on review ${review.id}`, data: { review: toReviewRecord(review) } };
    },
  }),
  defineTool({
    name: 'remove_review_reply',
    area,
    title: 'Remove the reply to a review',
    description: 'Deletes the merchant’s reply from a review. Needs confirm: true.',
    permission: 'reviews:write',
    does: DESTROY,
    confirm: (a) => `delete the merchant’s reply to review ${a.reviewId}`,
    precheck: async (s, ctx, a) => void (await s.reviews.get(ctx, a.reviewId)),
    input: z.strictObject({ reviewId: ReviewId, confirm: Confirm }),
    output: z.object({ review: ReviewRecord }),
    async run(s, ctx, args) {
      const review = await s.reviews.removeReply(ctx, args.reviewId);
      return { summary: `Reply removed from review ${review.id}`, data: { review: toReviewRecord(review) } };
    },
  }),
  defineTool({
    name: 'set_review_visibility',
    area,
    title: 'Hide or show a review',
    description: 'hidden: true hides a review from the storefront and the rating summary; hidden: false shows it again.',
    permission: 'reviews:write',
    does: UPDATE,
    input: z.strictObject({ reviewId: ReviewId, hidden: z.boolean().describe('true to hide, false to show') }),
    output: z.object({ review: ReviewRecord }),
    async run(s, ctx, args) {
      const review = args.hidden ? await s.reviews.hide(ctx, args.reviewId) : await s.reviews.show(ctx, args.reviewId);
      return { summary: `Review ${review.id} ${args.hidden ? 'hidden' : 'shown'}`, data: { review: toReviewRecord(review) } };
    },
  }),
  defineTool({
    name: 'delete_review',
    area,
    title: 'Delete a review',
    description: 'Deletes a review for good (to keep it but take it off the storefront, use set_review_visibility). Needs confirm: true.',
    permission: 'reviews:write',
    does: DESTROY,
    confirm: (a) => `delete review ${a.reviewId} for good`,
    precheck: async (s, ctx, a) => void (await s.reviews.get(ctx, a.reviewId)),
    input: z.strictObject({ reviewId: ReviewId, confirm: Confirm }),
    output: DeletedOutput,
    async run(s, ctx, args) {
      await s.reviews.remove(ctx, args.reviewId);
      return { summary: `Review ${args.reviewId} deleted`, data: { id: args.reviewId, deleted: true as const } };
    },
  }),
];
