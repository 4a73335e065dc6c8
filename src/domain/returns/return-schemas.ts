import { z } from 'zod';
import { RETURN_REASONS } from './types.ts';

/** Input shapes of returns, shared by the REST routes and the MCP tools. */

const Id = z.string({ error: 'must be a string' }).min(1, 'must not be empty').max(64, 'must be at most 64 characters');
const Note = z.string({ error: 'must be a string' }).trim().max(500, 'must be at most 500 characters');

export const ReturnCreateBody = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        lineId: Id.describe('an order line id (GET /v1/orders/{orderId}: lines[].id)'),
        quantity: z.number({ error: 'must be a number' }).int('must be a whole number of units').min(1, 'must be at least 1').max(100_000, 'must be at most 100000'),
      }),
      { error: 'must be a list of lines' },
    )
    .min(1, 'must have at least one line')
    .max(200, 'must have at most 200 lines'),
  reason: z.enum(RETURN_REASONS, { error: `must be one of ${RETURN_REASONS.join(', ')}` }),
  note: Note.optional(),
});
export type ReturnCreateInput = z.infer<typeof ReturnCreateBody>;

const RefundDelivery = z
  .boolean({ error: 'must be true or false' })
  .optional()
  .describe('true: refund the delivery fee with this return (it is refunded anyway with the return of the order\'s last units); once per order');

export const ReturnReceiveBody = z.strictObject({
  locationId: Id.describe('the stock location the units arrive at (GET /v1/locations)'),
  lines: z
    .array(z.strictObject({ lineId: Id.describe('an order line of the return'), restock: z.boolean({ error: 'must be true or false' }).describe('true: back on hand at the location; false: written off') }), {
      error: 'must be a list of lines',
    })
    .min(1, 'must have at least one line')
    .max(200, 'must have at most 200 lines'),
  refund: z.boolean({ error: 'must be true or false' }).optional().describe('true: refund the return at once, as POST …/refund does'),
  refundDelivery: RefundDelivery,
});
export type ReturnReceiveInput = z.infer<typeof ReturnReceiveBody>;

export const ReturnRefundBody = z.strictObject({ refundDelivery: RefundDelivery });
export type ReturnRefundInput = z.infer<typeof ReturnRefundBody>;

export const ReturnCloseBody = z.strictObject({ note: Note.optional().describe('why it is closed without a refund') });
export type ReturnCloseInput = z.infer<typeof ReturnCloseBody>;
