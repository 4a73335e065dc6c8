import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ReviewCreateBody, ReviewReplyBody } from '../../../domain/reviews/review-schemas.ts';
import type { ReviewService } from '../../../domain/reviews/review-service.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { storeCtx } from '../../plugins/auth.ts';
import { HONOURS_IF_MATCH, IF_MATCH_NOTE, ifMatch, PRECONDITION_FAILED } from '../../preconditions.ts';
import { okPage, pagedEnvelope } from '../../../wire/page.ts';
import { ProductReviewListQuery, RatingSummaryRecord, ReviewListQuery, ReviewRecord, ReviewRep, toRatingSummaryRecord, toReviewRecord } from '../../../wire/reviews.ts';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema };
const ReviewParams = z.object({ reviewId: z.string().max(64) });
const ProductParams = z.object({ productId: z.string().max(64) });
const flag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

/** Product reviews: lists, create, the merchant's reply, hide and show, delete, and the rating summary. */
export async function reviewRoutes(app: FastifyInstance, deps: { reviews: ReviewService }): Promise<void> {
  const { reviews } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'store' as const };
  const tags = ['Reviews'];
  const One = envelope(ReviewRecord);
  const List = pagedEnvelope(z.array(ReviewRecord));

  r.get(
    '/v1/reviews',
    {
      config,
      schema: {
        tags,
        summary: 'List reviews across the store, newest first (reviews:read)',
        description: 'Filters: productId, customerId, rating (1-5), hidden (true|false). Cursor pagination.',
        querystring: ReviewListQuery,
        response: { 200: List, ...errors },
      },
    },
    async (request) => {
      const { hidden, ...query } = request.query;
      const page = await reviews.list(storeCtx(request), { ...query, hidden: flag(hidden) });
      return okPage('Reviews retrieved', page.items.map(toReviewRecord), query.limit, page.nextCursor);
    },
  );

  r.post(
    '/v1/reviews',
    {
      config,
      schema: {
        tags,
        summary: 'Create a review (reviews:write)',
        description: 'The product and the customer must be the store’s (422 naming the field); a customer reviews a product once (409 REVIEW_EXISTS); a banned customer cannot be given a review.',
        body: ReviewCreateBody,
        response: { 201: One, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(ok('Review created', toReviewRecord(await reviews.create(storeCtx(request), request.body)))),
  );

  r.get(
    '/v1/reviews/:reviewId',
    { config, schema: { tags, summary: 'Get a review (reviews:read)', params: ReviewParams, response: { 200: One, ...errors } } },
    async (request) => ok(ReviewRep.message, toReviewRecord(await reviews.get(storeCtx(request), request.params.reviewId))),
  );

  r.delete(
    '/v1/reviews/:reviewId',
    {
      config: { ...config, ...HONOURS_IF_MATCH },
      schema: { tags, summary: 'Delete a review (reviews:write)', description: IF_MATCH_NOTE, params: ReviewParams, response: { 200: envelope(z.object({ id: z.string() })), ...errors, ...PRECONDITION_FAILED } },
    },
    async (request) => {
      await reviews.remove(storeCtx(request), request.params.reviewId, ifMatch(request, ReviewRep));
      return ok('Review deleted', { id: request.params.reviewId });
    },
  );

  r.post(
    '/v1/reviews/:reviewId/reply',
    {
      config,
      schema: { tags, summary: 'Reply to a review (reviews:write)', description: 'Public reply of the merchant; replying again replaces it.', params: ReviewParams, body: ReviewReplyBody, response: { 200: One, ...errors } },
    },
    async (request) => ok('Reply saved', toReviewRecord(await reviews.reply(storeCtx(request), request.params.reviewId, request.body.reply))),
  );

  r.delete(
    '/v1/reviews/:reviewId/reply',
    { config, schema: { tags, summary: 'Remove the reply to a review (reviews:write)', params: ReviewParams, response: { 200: One, ...errors } } },
    async (request) => ok('Reply removed', toReviewRecord(await reviews.removeReply(storeCtx(request), request.params.reviewId))),
  );

  r.post(
    '/v1/reviews/:reviewId/hide',
    {
      config,
      schema: { tags, summary: 'Hide a review (reviews:write)', description: 'Kept, but left out of the rating summary. Hiding a hidden review changes nothing.', params: ReviewParams, response: { 200: One, ...errors } },
    },
    async (request) => ok('Review hidden', toReviewRecord(await reviews.hide(storeCtx(request), request.params.reviewId))),
  );

  r.post(
    '/v1/reviews/:reviewId/show',
    { config, schema: { tags, summary: 'Show a hidden review again (reviews:write)', params: ReviewParams, response: { 200: One, ...errors } } },
    async (request) => ok('Review shown', toReviewRecord(await reviews.show(storeCtx(request), request.params.reviewId))),
  );

  r.get(
    '/v1/products/:productId/reviews',
    {
      config,
      schema: {
        tags,
        summary: 'List the reviews of a product, newest first (reviews:read)',
        description: 'Filters: customerId, rating (1-5), hidden (true|false). Cursor pagination.',
        params: ProductParams,
        querystring: ProductReviewListQuery,
        response: { 200: List, ...errors },
      },
    },
    async (request) => {
      const { hidden, ...query } = request.query;
      const page = await reviews.listForProduct(storeCtx(request), request.params.productId, { ...query, hidden: flag(hidden) });
      return okPage('Reviews retrieved', page.items.map(toReviewRecord), query.limit, page.nextCursor);
    },
  );

  r.get(
    '/v1/products/:productId/rating-summary',
    {
      config,
      schema: {
        tags,
        summary: 'Rating summary of a product (reviews:read)',
        description: 'Count, average and count per star over the visible (not hidden) reviews.',
        params: ProductParams,
        response: { 200: envelope(RatingSummaryRecord), ...errors },
      },
    },
    async (request) => ok('Rating summary retrieved', toRatingSummaryRecord(await reviews.ratingSummary(storeCtx(request), request.params.productId))),
  );
}
