import { z } from 'zod';
import { REVIEW_LIMITS as L } from './review-types.ts';

/** Input shapes of product reviews, shared by the REST routes and the MCP tools. */

const Id = (what: string) => z.string({ error: `must be a ${what} id` }).trim().min(1, `must be a ${what} id`).max(64, `must be a ${what} id`);
const OptionalText = (max: number) =>
  z.string({ error: 'must be a string or null' }).trim().min(1, 'must not be empty; send null or leave it out').max(max, `must be at most ${max} characters`).nullable().optional();

export const Rating = z
  .number({ error: 'must be a whole number from 1 to 5' })
  .int('must be a whole number from 1 to 5')
  .min(1, 'must be a whole number from 1 to 5')
  .max(5, 'must be a whole number from 1 to 5');

export const ReviewCreateBody = z.strictObject({
  productId: Id('product').describe('a product of this store (GET /v1/products)'),
  customerId: Id('customer').describe('a customer of this store (GET /v1/customers); one review per customer and product'),
  rating: Rating.describe('1 to 5 stars'),
  title: OptionalText(L.titleLength),
  body: OptionalText(L.bodyLength),
});

export const ReviewReplyBody = z.strictObject({
  reply: z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(L.replyLength, `must be at most ${L.replyLength} characters`).describe("the merchant's public reply; replaces an earlier one"),
});

const Filters = {
  rating: z.coerce.number({ error: 'must be a whole number from 1 to 5' }).pipe(Rating).optional(),
  hidden: z.enum(['true', 'false'], { error: 'must be true or false' }).optional().describe('true: only hidden reviews; false: only visible ones'),
};

/** The filters of the review lists (their page, limit and cursor, is the wire's: src/wire/reviews.ts). */
export const ReviewListFilters = { ...Filters, productId: Id('product').optional(), customerId: Id('customer').optional() };
export const ProductReviewListFilters = { ...Filters, customerId: Id('customer').optional() };
