import { z } from 'zod';
import { OrdersExportQuery, RangeQuery, SummaryQuery } from '../../domain/orders/order-schemas.ts';
import { SummaryRecord, summaryPeriod, toDailySalesRecord, toSummaryRecord } from '../../wire/analytics.ts';
import { OrderSummaryRecord, toOrderSummaryRecord } from '../../wire/orders.ts';
import { defineTool, READ } from '../tool.ts';

const area = 'analytics' as const;

/** Sales figures and exports: the same service as /v1/dashboard/overview/summary and /v1/exports/*.csv. */
export const analyticsTools = [
  defineTool({
    name: 'get_sales_summary',
    area,
    title: 'Sales summary',
    description:
      'Sales total (paid less refunded), order count, average order value and new customers for today, the last 7 or 30 days, or a date range (period=range with from/to as YYYY-MM-DD in the store time zone), compared with the previous period of the same length, with a daily series.',
    permission: 'analytics:read',
    does: READ,
    input: SummaryQuery.strict(),
    output: z.object({ summary: SummaryRecord }),
    async run(s, ctx, q) {
      const summary = toSummaryRecord(await s.analytics.summary(ctx, summaryPeriod(q)));
      return { summary: `Sales ${summary.period.salesTotal} ${summary.currency} from ${summary.period.orderCount} order(s), ${summary.period.from} to ${summary.period.to}`, data: { summary } };
    },
  }),
  defineTool({
    name: 'export_orders',
    area,
    title: 'Orders of a date range',
    description:
      'Every order created in a date range (from/to as YYYY-MM-DD in the store time zone, inclusive), oldest first, with totals and the customer’s name; optionally only those in one status now; the data of the orders CSV export.',
    permission: 'analytics:read',
    // The rows are orders with their customer's name: reading them takes orders:read too.
    permissionsOf: () => ['analytics:read', 'orders:read'],
    does: READ,
    input: OrdersExportQuery.strict(),
    output: z.object({ currency: z.string(), timeZone: z.string(), orders: z.array(OrderSummaryRecord) }),
    async run(s, ctx, range) {
      const { currency, timeZone, orders } = await s.analytics.exportOrders(ctx, range);
      return { summary: `${orders.length} ${range.status ? `${range.status} ` : ''}order(s) from ${range.from} to ${range.to}`, data: { currency: currency.code, timeZone, orders: orders.map((o) => toOrderSummaryRecord(o, currency)) } };
    },
  }),
  defineTool({
    name: 'export_daily_sales',
    area,
    title: 'Daily sales of a date range',
    description: 'Orders and sales per day over a date range (from/to as YYYY-MM-DD in the store time zone, inclusive); the data of the daily-sales CSV export.',
    permission: 'analytics:read',
    does: READ,
    input: RangeQuery.strict(),
    output: z.object({ currency: z.string(), days: z.array(z.object({ date: z.string(), orderCount: z.number().int(), salesTotal: z.number() })) }),
    async run(s, ctx, range) {
      const { currency, days } = await s.analytics.exportDailySales(ctx, range);
      return {
        summary: `${days.length} day(s) from ${range.from} to ${range.to}`,
        data: { currency: currency.code, days: days.map((d) => toDailySalesRecord(d, currency)) },
      };
    },
  }),
];
