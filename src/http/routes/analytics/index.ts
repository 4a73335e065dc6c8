import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnalyticsService } from '../../../domain/orders/analytics-service.ts';
import { OrdersExportQuery, RangeQuery, SummaryQuery } from '../../../domain/orders/order-schemas.ts';
import { dailySalesCsv, ordersCsv, SummaryRecord, summaryPeriod, toSummaryRecord } from '../../../wire/analytics.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { storeCtx } from '../../plugins/auth.ts';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema };

/** The sales summary and the CSV exports of orders and daily sales. */
export async function analyticsRoutes(app: FastifyInstance, deps: { analytics: AnalyticsService }): Promise<void> {
  const { analytics } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'store' as const };
  const tags = ['Analytics'];

  r.get(
    '/v1/dashboard/overview/summary',
    {
      config,
      schema: {
        tags,
        summary: 'Sales overview (analytics:read)',
        description: 'Sales total, order count, average order value and new customers for today, 7 days, 30 days or a range (store-local days), with the previous period and a daily series. Cache window: 5 minutes, stale-while-revalidate 10 minutes.',
        querystring: SummaryQuery,
        response: { 200: envelope(SummaryRecord), ...errors },
      },
    },
    async (request) => {
      return ok('Summary retrieved', toSummaryRecord(await analytics.summary(storeCtx(request), summaryPeriod(request.query))));
    },
  );

  r.get(
    '/v1/exports/orders.csv',
    {
      config,
      schema: {
        tags,
        summary: 'Orders of a date range as CSV (analytics:read and orders:read)',
        description:
          'Every order created from `from` to `to` (store-local days, inclusive), oldest first; with `status`, only the orders in that status now. One row per order with the customer’s name as it is now. The file name (Content-Disposition) names the range and the status.',
        querystring: OrdersExportQuery,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const { currency, orders: list } = await analytics.exportOrders(storeCtx(request), request.query);
      const { from, to, status } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${status ? `${status}-` : ''}${from}-to-${to}.csv"`)
        .send(ordersCsv(list, currency));
    },
  );

  r.get(
    '/v1/exports/daily-sales.csv',
    {
      config,
      schema: { tags, summary: 'Daily sales of a date range as CSV (analytics:read)', querystring: RangeQuery, response: { 200: z.string().describe('text/csv'), ...errors } },
    },
    async (request, reply) => {
      const { currency, days } = await analytics.exportDailySales(storeCtx(request), request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="daily-sales-${request.query.from}-to-${request.query.to}.csv"`)
        .send(dailySalesCsv(days, currency));
    },
  );
}
