import { z } from 'zod';
import { ZonedDateTime } from '../shared/instants.ts';
import { PROMOTION_KINDS } from './promotion-types.ts';

/** Input shapes of promotions (discount codes), shared by the REST routes and the MCP tools. */

export const PromotionBody = z.strictObject({
  code: z.string().trim().regex(/^[A-Za-z0-9_-]{3,50}$/, 'must be 3-50 letters, digits, - or _'),
  kind: z.enum(PROMOTION_KINDS, { error: 'must be percentage or fixed' }),
  value: z.number({ error: 'must be a number' }).describe('percentage: above 0 and at most 100; fixed: an amount in the store currency'),
  minSubtotal: z.number().min(0, 'must be 0 or more').optional(),
  startsAt: ZonedDateTime.optional().describe('default: now'),
  endsAt: ZonedDateTime.nullable().optional(),
  usageLimit: z.number().int('must be a whole number').min(1, 'must be at least 1').nullable().optional().describe('uses in total'),
  perCustomerLimit: z.number().int('must be a whole number').min(1, 'must be at least 1').nullable().optional(),
  active: z.boolean().optional(),
});

export const PromotionPatchBody = PromotionBody.partial();
