import { z } from 'zod';
import { type Currency, fromMinor } from '../domain/shared/money.ts';
import type { DayFigures, SalesSummary } from '../domain/orders/analytics-service.ts';
import type { Move } from '../domain/orders/order-lifecycle.ts';
import { OrderListFilters, type SummaryQuery } from '../domain/orders/order-schemas.ts';
import { ORDER_STATUSES, type Order, type OrderDetail, PROMOTION_KINDS, type Promotion } from '../domain/orders/order-types.ts';
import { envelope, WireTimestamp, wireTimestamp, type Representation } from './envelope.ts';
import { PAGE_SHORT_CURSOR, pageFields } from './page.ts';

/** GET /v1/orders: a page of the filtered, ordered list. */
export const OrderListQuery = z.object({ ...pageFields(PAGE_SHORT_CURSOR, 'query'), ...OrderListFilters });
/** GET /v1/promotions: a page. */
export const PromotionListQuery = z.object(pageFields(PAGE_SHORT_CURSOR, 'query'));

const Status = z.enum(ORDER_STATUSES);
const AddressRecord = z
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
  total: z.number().describe('subtotal - discount + deliveryFee'),
  paid: z.number(),
  refunded: z.number(),
  promotionCode: z.string().nullable(),
  deliveryOptionId: z.string().nullable(),
  deliveryOptionName: z.string().nullable(),
  shippingAddress: AddressRecord.nullable(),
  billingAddress: AddressRecord.nullable(),
  note: z.string().nullable(),
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
      }),
    ),
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

export const TransitionsRecord = z
  .object({
    status: Status,
    refundable: z.number().describe('what is left of the payment to refund'),
    moves: z.array(z.object({ to: Status, description: z.string(), needsAmount: z.boolean() })),
  })
  .meta({ id: 'OrderTransitions' });

export const PromotionRecord = z
  .object({
    id: z.string(),
    code: z.string(),
    kind: z.enum(PROMOTION_KINDS),
    value: z.number().describe('percentage, or amount in the store currency'),
    minSubtotal: z.number(),
    startsAt: WireTimestamp,
    endsAt: WireTimestamp.nullable(),
    usageLimit: z.number().int().nullable(),
    perCustomerLimit: z.number().int().nullable(),
    timesUsed: z.number().int(),
    active: z.boolean(),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'Promotion' });

const FiguresRecord = z.object({
  from: z.string().describe('first local date, YYYY-MM-DD'),
  to: z.string().describe('last local date, inclusive'),
  salesTotal: z.number().describe('paid less refunded, over orders that were paid'),
  orderCount: z.number().int(),
  averageOrderValue: z.number(),
  newCustomers: z.number().int(),
});

export const SummaryRecord = z
  .object({
    currency: z.string(),
    timeZone: z.string(),
    period: FiguresRecord,
    previous: FiguresRecord,
    series: z.array(z.object({ date: z.string(), salesTotal: z.number(), orderCount: z.number().int() })),
  })
  .meta({ id: 'SalesSummary' });

/** The sales overview of `AnalyticsService.summary`, money as decimals in the store currency. */
export function toSummaryRecord(s: SalesSummary): z.input<typeof SummaryRecord> {
  const m = (minor: number) => fromMinor(minor, s.currency);
  const figures = (f: SalesSummary['period']) => ({
    from: f.from,
    to: f.to,
    salesTotal: m(f.salesTotalMinor),
    orderCount: f.orderCount,
    averageOrderValue: m(f.averageOrderValueMinor),
    newCustomers: f.newCustomers,
  });
  return {
    currency: s.currency.code,
    timeZone: s.timeZone,
    period: figures(s.period),
    previous: figures(s.previous),
    series: s.series.map((d) => ({ date: d.date, salesTotal: m(d.salesTotalMinor), orderCount: d.orderCount })),
  };
}

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
    total: m(o.totalMinor),
    paid: m(o.paidMinor),
    refunded: m(o.refundedMinor),
    promotionCode: o.promotionCode,
    deliveryOptionId: o.deliveryOptionId,
    deliveryOptionName: o.deliveryOptionName,
    shippingAddress: o.shippingAddress,
    billingAddress: o.billingAddress,
    note: o.note,
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
    })),
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

export function toPromotionRecord(p: Promotion, c: Currency): z.input<typeof PromotionRecord> {
  return {
    id: p.id,
    code: p.code,
    kind: p.kind,
    value: p.kind === 'percentage' ? p.value / 100 : fromMinor(p.value, c),
    minSubtotal: fromMinor(p.minSubtotalMinor, c),
    startsAt: wireTimestamp(p.startsAt),
    endsAt: p.endsAt === null ? null : wireTimestamp(p.endsAt),
    usageLimit: p.usageLimit,
    perCustomerLimit: p.perCustomerLimit,
    timesUsed: p.timesUsed,
    active: p.active,
    createdAt: wireTimestamp(p.createdAt),
    updatedAt: wireTimestamp(p.updatedAt),
  };
}

// The GET representations, for ETags and If-Match on writes.
export const OrderRep: Representation<OrderDetail, Currency> = { schema: envelope(OrderRecord), message: 'Order retrieved', toWire: toOrderRecord };
export const PromotionRep: Representation<Promotion, Currency> = { schema: envelope(PromotionRecord), message: 'Promotion retrieved', toWire: toPromotionRecord };

/** One CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ is defused for spreadsheets. */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csv(rows: Array<Array<string | number | null>>): string {
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}

// ---- arguments as the services take them -------------------------------------------------------------------

/** An optional ISO 8601 date-time of a request as an instant. */
const instant = (value: string | undefined) => (value === undefined ? undefined : new Date(value));

/** The order list's filters as `OrderService.list` takes them: `from` and `to` as instants. */
export function orderListFilter<T extends { from?: string | undefined; to?: string | undefined }>(query: T) {
  return { ...query, from: instant(query.from), to: instant(query.to) };
}

/** A promotion's body as `PromotionService` takes it: `startsAt` and `endsAt` as instants (null: no end). */
export function promotionInput<T extends { startsAt?: string | undefined; endsAt?: string | null | undefined }>(body: T) {
  return { ...body, startsAt: instant(body.startsAt), endsAt: body.endsAt === null ? null : instant(body.endsAt) };
}

/** The period of the sales summary as `AnalyticsService.summary` takes it. */
export function summaryPeriod(query: z.output<typeof SummaryQuery>) {
  return query.period === 'range' ? { kind: 'range' as const, from: query.from ?? '', to: query.to ?? '' } : { kind: query.period };
}

// ---- exports -----------------------------------------------------------------------------------------------

export function toDailySalesRecord(d: DayFigures, c: Currency): { date: string; orderCount: number; salesTotal: number } {
  return { date: d.date, orderCount: d.orderCount, salesTotal: fromMinor(d.salesTotalMinor, c) };
}

const ORDERS_CSV_HEADER = ['number', 'id', 'createdAt', 'status', 'customerId', 'customerName', 'currency', 'subtotal', 'discount', 'deliveryFee', 'total', 'paid', 'refunded', 'promotionCode'];

/** The orders export as CSV: one row per order, the fields of its summary record. */
export function ordersCsv(orders: Order[], c: Currency): string {
  const rows = orders.map((o) => {
    const r = toOrderSummaryRecord(o, c);
    return [r.number, r.id, r.createdAt, r.status, r.customerId, r.customerName, r.currency, r.subtotal, r.discount, r.deliveryFee, r.total, r.paid, r.refunded, r.promotionCode];
  });
  return csv([ORDERS_CSV_HEADER, ...rows]);
}

/** The daily-sales export as CSV: one row per day. */
export function dailySalesCsv(days: DayFigures[], c: Currency): string {
  const rows = days.map((d) => {
    const r = toDailySalesRecord(d, c);
    return [r.date, r.orderCount, r.salesTotal, c.code];
  });
  return csv([['date', 'orders', 'sales', 'currency'], ...rows]);
}
