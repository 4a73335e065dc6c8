import { z } from 'zod';
import { type Currency, fromMinor } from '../domain/shared/money.ts';
import type { DayFigures, SalesSummary } from '../domain/orders/analytics-service.ts';
import type { SummaryQuery } from '../domain/orders/order-schemas.ts';
import type { Order } from '../domain/orders/order-types.ts';
import { toOrderSummaryRecord } from './orders.ts';

/** The sales overview and the CSV exports of `AnalyticsService` (GET /v1/dashboard/overview/summary, /v1/exports/…). */

const FiguresRecord = z.object({
  from: z.string().describe('first local date, YYYY-MM-DD'),
  to: z.string().describe('last local date, inclusive'),
  salesTotal: z.number().describe('paid less refunded, over orders that were paid (gross: tax included)'),
  salesTax: z.number().describe('the tax those sales hold: each order\'s share of its tax in what it kept'),
  salesNet: z.number().describe('salesTotal - salesTax'),
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
    series: z.array(z.object({ date: z.string(), salesTotal: z.number(), salesTax: z.number(), orderCount: z.number().int() })),
  })
  .meta({ id: 'SalesSummary' });

/** The sales overview of `AnalyticsService.summary`, money as decimals in the store currency. */
export function toSummaryRecord(s: SalesSummary): z.input<typeof SummaryRecord> {
  const m = (minor: number) => fromMinor(minor, s.currency);
  const figures = (f: SalesSummary['period']) => ({
    from: f.from,
    to: f.to,
    salesTotal: m(f.salesTotalMinor),
    salesTax: m(f.salesTaxMinor),
    salesNet: m(f.salesTotalMinor - f.salesTaxMinor),
    orderCount: f.orderCount,
    averageOrderValue: m(f.averageOrderValueMinor),
    newCustomers: f.newCustomers,
  });
  return {
    currency: s.currency.code,
    timeZone: s.timeZone,
    period: figures(s.period),
    previous: figures(s.previous),
    series: s.series.map((d) => ({ date: d.date, salesTotal: m(d.salesTotalMinor), salesTax: m(d.salesTaxMinor), orderCount: d.orderCount })),
  };
}

// ---- arguments as the services take them -------------------------------------------------------------------

/** The period of the sales summary as `AnalyticsService.summary` takes it. */
export function summaryPeriod(query: z.output<typeof SummaryQuery>) {
  return query.period === 'range' ? { kind: 'range' as const, from: query.from ?? '', to: query.to ?? '' } : { kind: query.period };
}

// ---- exports -----------------------------------------------------------------------------------------------

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

export function toDailySalesRecord(d: DayFigures, c: Currency): { date: string; orderCount: number; salesTotal: number } {
  return { date: d.date, orderCount: d.orderCount, salesTotal: fromMinor(d.salesTotalMinor, c) };
}

// Later columns come last (the tax columns, then the payment and fulfilment statuses), so a reader of the columns before
// them reads them where they always were.
const ORDERS_CSV_HEADER = ['number', 'id', 'createdAt', 'status', 'customerId', 'customerName', 'currency', 'subtotal', 'discount', 'deliveryFee', 'total', 'paid', 'refunded', 'promotionCode', 'tax', 'net', 'pricesIncludeTax', 'taxRefunded', 'paymentStatus', 'fulfilmentStatus'];

/** The orders export as CSV: one row per order, the fields of its summary record. */
export function ordersCsv(orders: Order[], c: Currency): string {
  const rows = orders.map((o) => {
    const r = toOrderSummaryRecord(o, c);
    const net = fromMinor(o.totalMinor - o.taxTotalMinor, c);
    return [r.number, r.id, r.createdAt, r.status, r.customerId, r.customerName, r.currency, r.subtotal, r.discount, r.deliveryFee, r.total, r.paid, r.refunded, r.promotionCode, r.tax, net, r.pricesIncludeTax ? 'true' : 'false', r.taxRefunded, r.paymentStatus, r.fulfilmentStatus];
  });
  return csv([ORDERS_CSV_HEADER, ...rows]);
}

/** The daily-sales export as CSV: one row per day. */
export function dailySalesCsv(days: DayFigures[], c: Currency): string {
  const rows = days.map((d) => {
    const r = toDailySalesRecord(d, c);
    return [r.date, r.orderCount, r.salesTotal, c.code, fromMinor(d.salesTaxMinor, c)];
  });
  return csv([['date', 'orders', 'sales', 'currency', 'tax'], ...rows]);
}
