import { z } from 'zod';
import { ProductReviewListFilters, ReviewListFilters } from '../domain/reviews/review-schemas.ts';
import type { RatingSummary, Review } from '../domain/reviews/review-types.ts';
import { envelope, WireTimestamp, wireTimestamp, type Representation } from './envelope.ts';
import { PAGE_NAMING_RULES, pageFields } from './page.ts';

/** GET /v1/reviews: a page of the filtered list. */
export const ReviewListQuery = z.object({ ...pageFields(PAGE_NAMING_RULES, 'query'), ...ReviewListFilters });
/** GET /v1/products/{productId}/reviews: a page of the filtered list. */
export const ProductReviewListQuery = z.object({ ...pageFields(PAGE_NAMING_RULES, 'query'), ...ProductReviewListFilters });

export const ReviewRecord = z
  .object({
    id: z.string(),
    productId: z.string(),
    productName: z.string().describe("the product's current name"),
    customerId: z.string(),
    customerName: z.string().describe("the customer's current name"),
    rating: z.number().int().min(1).max(5),
    title: z.string().nullable(),
    body: z.string().nullable(),
    reply: z.string().nullable().describe("the merchant's public reply"),
    repliedAt: WireTimestamp.nullable(),
    hidden: z.boolean().describe('hidden reviews are left out of the rating summary'),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'Review' });

export const RatingSummaryRecord = z
  .object({
    productId: z.string(),
    count: z.number().int().describe('visible reviews'),
    average: z.number().nullable().describe('mean rating of the visible reviews, 2 decimals; null without any'),
    distribution: z.object({ 1: z.number().int(), 2: z.number().int(), 3: z.number().int(), 4: z.number().int(), 5: z.number().int() }).describe('visible reviews per star'),
  })
  .meta({ id: 'RatingSummary' });

export function toReviewRecord(r: Review): z.input<typeof ReviewRecord> {
  return {
    id: r.id,
    productId: r.productId,
    productName: r.productName,
    customerId: r.customerId,
    customerName: r.customerName,
    rating: r.rating,
    title: r.title,
    body: r.body,
    reply: r.reply,
    repliedAt: r.repliedAt === null ? null : wireTimestamp(r.repliedAt),
    hidden: r.hidden,
    createdAt: wireTimestamp(r.createdAt),
    updatedAt: wireTimestamp(r.updatedAt),
  };
}

export function toRatingSummaryRecord(s: RatingSummary): z.input<typeof RatingSummaryRecord> {
  return { productId: s.productId, count: s.count, average: s.average, distribution: { ...s.distribution } };
}

/** The GET representation of a review, for ETags and If-Match on writes. */
export const ReviewRep: Representation<Review> = { schema: envelope(ReviewRecord), message: 'Review retrieved', toWire: toReviewRecord };
