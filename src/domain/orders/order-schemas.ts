import { z } from 'zod';
import { ORDER_PAYMENT_STATUSES } from '../payments/payment-rules.ts';
import { ZonedDateTime } from '../shared/instants.ts';
import { FULFILMENT_STATUSES, ORDER_CHANNELS, ORDER_SORTS, ORDER_STATUSES } from './order-types.ts';

/** Input shapes of orders, shared by the REST routes and the MCP tools. */

const Id = z.string().min(1).max(64);

export const AddressBody = z.strictObject({
  name: z.string().trim().max(200).nullable().optional(),
  line1: z.string().trim().min(1, 'must not be empty').max(200),
  line2: z.string().trim().max(200).nullable().optional(),
  city: z.string().trim().min(1, 'must not be empty').max(120),
  postalCode: z.string().trim().max(20).nullable().optional(),
  countryId: z.string().length(2, 'must be a country id from GET /v1/countries'),
  stateId: z.string().max(10).nullable().optional(),
  phone: z.string().trim().max(40).nullable().optional(),
});

export const OrderCreateBody = z.strictObject({
  customerId: Id,
  lines: z
    .array(z.strictObject({ skuId: Id, quantity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(10_000, 'must be at most 10000') }))
    .min(1, 'must contain at least one line')
    .max(100, 'must contain at most 100 lines'),
  deliveryOptionId: Id.optional(),
  promotionCode: z.string().trim().min(1).max(50).optional(),
  note: z.string().max(2000).optional(),
  shippingAddress: AddressBody.optional().describe("default: the customer's first address"),
  billingAddress: AddressBody.optional().describe('default: the shipping address'),
});

export const OrderPatchBody = z.strictObject({
  note: z.string().max(2000).nullable().optional(),
  shippingAddress: AddressBody.nullable().optional(),
  billingAddress: AddressBody.nullable().optional(),
});

export const TransitionBody = z.strictObject({
  to: z.enum(ORDER_STATUSES, { error: `must be one of ${ORDER_STATUSES.join(', ')}` }),
  note: z.string().max(2000).optional(),
  amount: z.number({ error: 'must be a number' }).optional().describe('for partially_refunded: the amount to refund, in the order currency'),
});

/** A shipment (POST /v1/orders/{orderId}/shipments, the MCP create_shipment): lines by lineId or skuId, from one location. */
export const ShipmentCreateBody = z.strictObject({
  lines: z
    .array(
      z
        .strictObject({
          lineId: Id.optional().describe('the order line (lines[].id of the order)'),
          skuId: Id.optional().describe("or the line's SKU"),
          quantity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(10_000, 'must be at most 10000'),
        })
        .refine((l) => (l.lineId === undefined) !== (l.skuId === undefined), { message: 'must name exactly one of lineId and skuId', path: ['lineId'] }),
    )
    .min(1, 'must contain at least one line')
    .max(100, 'must contain at most 100 lines'),
  locationId: Id.describe('the location the units leave from (GET /v1/locations)'),
  carrier: z.string().trim().min(1, 'must not be empty').max(100).nullable().optional(),
  trackingNumber: z.string().trim().min(1, 'must not be empty').max(200).nullable().optional(),
  trackingUrl: z
    .string()
    .max(2000)
    .regex(/^https?:\/\/[^\s]+$/, 'must be an http or https URL')
    .nullable()
    .optional()
    .describe("the carrier's tracking page, sent to the customer"),
});
export type ShipmentCreateInput = z.infer<typeof ShipmentCreateBody>;

/** The filters and order of the order list (its page, limit and cursor, is the wire's: src/wire/orders.ts). */
export const OrderListFilters = {
  status: z.enum(ORDER_STATUSES).optional(),
  paymentStatus: z.enum(ORDER_PAYMENT_STATUSES).optional().describe('where the money is'),
  fulfilmentStatus: z.enum(FULFILMENT_STATUSES).optional().describe('where the goods are'),
  customerId: Id.optional(),
  channel: z.enum(ORDER_CHANNELS).optional(),
  number: z
    .string({ error: 'must be a string' })
    .min(1, 'must not be empty')
    .max(40, 'must be at most 40 characters')
    .regex(/^[A-Za-z0-9-]+$/, 'must be an order number as shown on the order: letters, digits and dashes (e.g. ORD-1001)')
    .optional()
    .describe('the order with exactly this number, as the API shows it (its prefix included, e.g. ORD-1001); an empty page when none has it'),
  from: ZonedDateTime.optional().describe('created at or after this instant'),
  to: ZonedDateTime.optional().describe('created before this instant'),
  sort: z.enum(ORDER_SORTS).default('-createdAt'),
};

export const SummaryQuery = z.object({
  period: z.enum(['today', '7d', '30d', 'range']).default('7d'),
  from: z.string().optional().describe('YYYY-MM-DD, with period=range'),
  to: z.string().optional().describe('YYYY-MM-DD, with period=range'),
});

export const RangeQuery = z.object({ from: z.string().describe('YYYY-MM-DD (store time zone)'), to: z.string().describe('YYYY-MM-DD, inclusive') });

/** The orders export: a date range, and optionally one status (as the orders list filters). */
export const OrdersExportQuery = RangeQuery.extend({ status: z.enum(ORDER_STATUSES).optional().describe('only orders in this status now; omitted: every status') });
