import { z } from 'zod';
import { type Currency, fromMinor } from '../domain/shared/money.ts';
import type { Move } from '../domain/orders/order-lifecycle.ts';
import { ORDER_PAYMENT_STATUSES, orderPaymentStatus } from '../domain/payments/payment-rules.ts';
import { OrderListFilters } from '../domain/orders/order-schemas.ts';
import { FULFILMENT_STATUSES, ORDER_CHANNELS, ORDER_STATUSES, type Order, type OrderDetail, SHIPMENT_STATUSES, type Shipment } from '../domain/orders/order-types.ts';
import { envelope, WireTimestamp, wireInstant, wireTimestamp, type Representation } from './envelope.ts';
import { PAGE_SHORT_CURSOR, pageFields } from './page.ts';
import { taxRefunded } from '../domain/taxes/tax-rules.ts';
import { TaxLineRecord, toTaxLineRecord } from './taxes.ts';

/** GET /v1/orders: a page of the filtered, ordered list. */
export const OrderListQuery = z.object({ ...pageFields(PAGE_SHORT_CURSOR, 'query'), ...OrderListFilters });
const Status = z.enum(ORDER_STATUSES);
export const AddressRecord = z
  .object({
    name: z.string().nullable().optional(),
    line1: z.string(),
    line2: z.string().nullable().optional(),
    city: z.string(),
    postalCode: z.string().nullable().optional(),
    countryId: z.string(),
    stateId: z.string().nullable().optional(),
    phone: z.string().nullable().optional(),
  })
  .meta({ id: 'Address' });

const orderFields = {
  id: z.string(),
  number: z.string(),
  customerId: z.string(),
  customerName: z.string().nullable().describe("the customer's name as it is now (GET /v1/customers/{id}); null only if the customer record is gone"),
  status: Status,
  currency: z.string(),
  subtotal: z.number().describe('sum of the lines after their SKU discounts'),
  discount: z.number().describe('promotion discount'),
  deliveryFee: z.number(),
  tax: z.number().describe('the tax of the order (the sum of its taxLines); 0 where no tax region applies and for orders placed before taxes'),
  pricesIncludeTax: z.boolean().describe('true: the prices and delivery fee held the tax, so total holds it; false: the tax was added on top'),
  total: z.number().describe('prices excluding tax: subtotal - discount + deliveryFee + tax; prices including tax: subtotal - discount + deliveryFee (tax included). Net: total - tax'),
  taxRefunded: z.number().describe('the share of tax returned by the refunds so far: tax × refunded / total, rounded half up, never more than tax'),
  paid: z.number(),
  refunded: z.number(),
  paymentStatus: z.enum(ORDER_PAYMENT_STATUSES).describe('where the money is, apart from the fulfilment status: unpaid, authorized (at a provider, not captured), partially_paid, paid, partially_refunded, refunded'),
  authorized: z.number().describe('authorized at a payment provider and not yet captured'),
  fulfilmentStatus: z
    .enum(FULFILMENT_STATUSES)
    .describe('where the goods are, apart from the payment status: unfulfilled, partially_fulfilled, fulfilled (by its shipments), partially_returned, returned (by its returns)'),
  promotionCode: z.string().nullable(),
  deliveryOptionId: z.string().nullable(),
  deliveryOptionName: z.string().nullable(),
  shippingAddress: AddressRecord.nullable(),
  billingAddress: AddressRecord.nullable(),
  note: z.string().nullable(),
  channel: z.enum(ORDER_CHANNELS),
  holdExpiresAt: WireTimestamp.nullable(),
  createdAt: WireTimestamp,
  updatedAt: WireTimestamp,
};

export const OrderSummaryRecord = z.object(orderFields).meta({ id: 'OrderSummary' });
export const OrderRecord = z
  .object({
    ...orderFields,
    lines: z.array(
      z.object({
        id: z.string(),
        skuId: z.string(),
        productId: z.string(),
        productName: z.string(),
        sku: z.string().nullable(),
        attributes: z.record(z.string(), z.string()),
        unitPrice: z.number(),
        discount: z.number().describe('SKU discount percentage at the time of the order'),
        quantity: z.number().int(),
        lineTotal: z.number(),
        shippedQuantity: z.number().int().describe('units of the line in its shipments (all of it for an order fulfilled before shipments existed)'),
        allocations: z
          .array(z.object({ locationId: z.string(), locationName: z.string().nullable().describe('null: the location was deleted'), quantity: z.number().int() }))
          .describe(
            'where the units of the line not yet shipped are allocated, by location in the order of preference; empty for an order placed before allocation, a cancelled one, or a line shipped in full',
          ),
      }),
    ),
    taxLines: z.array(TaxLineRecord).describe('the tax of each line and of the delivery fee, as placed; empty where no tax region applied'),
    history: z.array(
      z.object({
        from: Status.nullable(),
        to: Status,
        note: z.string().nullable(),
        amount: z.number().nullable(),
        actor: z.object({ type: z.string(), id: z.string(), label: z.string() }),
        at: WireTimestamp,
      }),
    ),
  })
  .meta({ id: 'Order' });

export const ShipmentRecord = z
  .object({
    id: z.string(),
    orderId: z.string(),
    locationId: z.string().describe('the location the units left from'),
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    status: z.enum(SHIPMENT_STATUSES).describe('shipped, then delivered'),
    lines: z.array(z.object({ lineId: z.string(), skuId: z.string(), quantity: z.number().int() })),
    shippedAt: WireTimestamp,
    deliveredAt: WireTimestamp.nullable(),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'Shipment' });

export function toShipmentRecord(s: Shipment): z.input<typeof ShipmentRecord> {
  return {
    id: s.id,
    orderId: s.orderId,
    locationId: s.locationId,
    carrier: s.carrier,
    trackingNumber: s.trackingNumber,
    trackingUrl: s.trackingUrl,
    status: s.status,
    lines: s.lines,
    shippedAt: wireTimestamp(s.shippedAt),
    deliveredAt: s.deliveredAt === null ? null : wireTimestamp(s.deliveredAt),
    createdAt: wireTimestamp(s.createdAt),
    updatedAt: wireTimestamp(s.updatedAt),
  };
}

export const TransitionsRecord = z
  .object({
    status: Status,
    refundable: z.number().describe('what is left of the payment to refund'),
    moves: z.array(z.object({ to: Status, description: z.string(), needsAmount: z.boolean() })),
  })
  .meta({ id: 'OrderTransitions' });

export function toOrderSummaryRecord(o: Order, c: Currency): z.input<typeof OrderSummaryRecord> {
  const m = (minor: number) => fromMinor(minor, c);
  return {
    id: o.id,
    number: o.number,
    customerId: o.customerId,
    customerName: o.customerName,
    status: o.status,
    currency: o.currency,
    subtotal: m(o.subtotalMinor),
    discount: m(o.discountMinor),
    deliveryFee: m(o.deliveryFeeMinor),
    tax: m(o.taxTotalMinor),
    pricesIncludeTax: o.pricesIncludeTax,
    total: m(o.totalMinor),
    taxRefunded: m(taxRefunded(o, o.refundedMinor)),
    paid: m(o.paidMinor),
    refunded: m(o.refundedMinor),
    paymentStatus: orderPaymentStatus(o),
    authorized: m(o.authorizedMinor),
    fulfilmentStatus: o.fulfilmentStatus,
    promotionCode: o.promotionCode,
    deliveryOptionId: o.deliveryOptionId,
    deliveryOptionName: o.deliveryOptionName,
    shippingAddress: o.shippingAddress,
    billingAddress: o.billingAddress,
    note: o.note,
    channel: o.channel,
    holdExpiresAt: o.holdExpiresAt === null ? null : wireTimestamp(o.holdExpiresAt),
    createdAt: wireTimestamp(o.createdAt),
    updatedAt: wireTimestamp(o.updatedAt),
  };
}

export function toOrderRecord(o: OrderDetail, c: Currency): z.input<typeof OrderRecord> {
  const m = (minor: number) => fromMinor(minor, c);
  return {
    ...toOrderSummaryRecord(o, c),
    lines: o.lines.map((l) => ({
      id: l.id,
      skuId: l.skuId,
      productId: l.productId,
      productName: l.productName,
      sku: l.skuCode,
      attributes: l.attributes,
      unitPrice: m(l.unitPriceMinor),
      discount: l.discountBp / 100,
      quantity: l.quantity,
      lineTotal: m(l.lineTotalMinor),
      shippedQuantity: l.shippedQuantity,
      allocations: l.allocations,
    })),
    taxLines: o.taxLines.map((t) => toTaxLineRecord(t, c)),
    history: o.history.map((e) => ({
      from: e.fromStatus,
      to: e.toStatus,
      note: e.note,
      amount: e.amountMinor === null ? null : m(e.amountMinor),
      actor: { type: e.actorType, id: e.actorId, label: e.actorLabel },
      at: wireTimestamp(e.createdAt),
    })),
  };
}

export function toTransitionsRecord(t: { status: Order['status']; moves: readonly Move[]; refundableMinor: number; currency: Currency }): z.input<typeof TransitionsRecord> {
  return {
    status: t.status,
    refundable: fromMinor(t.refundableMinor, t.currency),
    moves: t.moves.map((m) => ({ to: m.to, description: m.description, needsAmount: m.refund === 'amount' })),
  };
}

// The GET representation, for ETags and If-Match on writes.
export const OrderRep: Representation<OrderDetail, Currency> = { schema: envelope(OrderRecord), message: 'Order retrieved', toWire: toOrderRecord };
// ---- arguments as the services take them -------------------------------------------------------------------

/** The order list's filters as `OrderService.list` takes them: `from` and `to` as instants. */
export function orderListFilter<T extends { from?: string | undefined; to?: string | undefined }>(query: T) {
  return { ...query, from: wireInstant(query.from), to: wireInstant(query.to) };
}
