import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnalyticsService } from '../../../domain/orders/analytics-service.ts';
import { OrderCreateBody, OrderPatchBody, OrdersExportQuery, PromotionBody, PromotionPatchBody, RangeQuery, SummaryQuery, TransitionBody } from '../../../domain/orders/order-schemas.ts';
import type { OrderService } from '../../../domain/orders/order-service.ts';
import type { PromotionService } from '../../../domain/orders/promotion-service.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { okPage, pagedEnvelope } from '../../../wire/page.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { storeCtx } from '../../plugins/auth.ts';
import { HONOURS_IF_MATCH, IF_MATCH_NOTE, ifMatch, PRECONDITION_FAILED, sendWithEtag } from '../../preconditions.ts';
import { dailySalesCsv, OrderListQuery, orderListFilter, ordersCsv, OrderRecord, OrderRep, OrderSummaryRecord, PromotionRecord, PromotionRep, promotionInput, PromotionListQuery, SummaryRecord, summaryPeriod, TransitionsRecord, toOrderRecord, toOrderSummaryRecord, toPromotionRecord, toSummaryRecord, toTransitionsRecord } from '../../../wire/orders.ts';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema };
const OrderParams = z.object({ orderId: z.string().max(64) });
const PromotionParams = z.object({ promotionId: z.string().max(64) });

/** Orders and their lifecycle, promotions, the sales summary and CSV exports. */
export async function orderRoutes(app: FastifyInstance, deps: { orders: OrderService; promotions: PromotionService; analytics: AnalyticsService }): Promise<void> {
  const { orders, promotions, analytics } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'store' as const };
  const editConfig = { ...config, ...HONOURS_IF_MATCH };
  const tags = ['Orders'];

  r.post(
    '/v1/orders',
    {
      config,
      schema: {
        tags,
        summary: 'Place an order (orders:write)',
        description: 'Prices, discounts, the delivery fee and totals are computed by the server; stock is taken atomically (409 naming the SKU and what is left).',
        body: OrderCreateBody,
        response: { 201: envelope(OrderRecord), ...errors },
      },
    },
    async (request, reply) => {
      const { order, currency } = await orders.place(storeCtx(request), request.body);
      return reply.code(201).send(ok('Order placed', toOrderRecord(order, currency)));
    },
  );

  r.get(
    '/v1/orders',
    {
      config,
      schema: {
        tags,
        summary: 'List orders (orders:read)',
        description: 'Filters: status, customerId, from/to (created). Sort createdAt or -createdAt (default). Cursor pagination.',
        querystring: OrderListQuery,
        response: { 200: pagedEnvelope(z.array(OrderSummaryRecord)), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await orders.list(storeCtx(request), orderListFilter(q));
      return okPage('Orders retrieved', page.items.map((o) => toOrderSummaryRecord(o, page.currency)), q.limit, page.nextCursor);
    },
  );

  r.get(
    '/v1/orders/:orderId',
    { config, schema: { tags, summary: 'Get an order with its lines and history (orders:read)', params: OrderParams, response: { 200: envelope(OrderRecord), ...errors } } },
    async (request) => {
      const { order, currency } = await orders.get(storeCtx(request), request.params.orderId);
      return ok(OrderRep.message, toOrderRecord(order, currency));
    },
  );

  r.patch(
    '/v1/orders/:orderId',
    {
      config: editConfig,
      schema: {
        tags,
        summary: 'Change the note or addresses of an order (orders:write)',
        description: IF_MATCH_NOTE,
        params: OrderParams,
        body: OrderPatchBody,
        response: { 200: envelope(OrderRecord), ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request, reply) => {
      const { order, currency } = await orders.update(storeCtx(request), request.params.orderId, request.body, ifMatch(request, OrderRep));
      return sendWithEtag(reply, OrderRep, order, currency).send(ok('Order updated', toOrderRecord(order, currency)));
    },
  );

  r.get(
    '/v1/orders/:orderId/transitions',
    { config, schema: { tags, summary: 'The moves allowed now (orders:read)', params: OrderParams, response: { 200: envelope(TransitionsRecord), ...errors } } },
    async (request) => ok('Transitions retrieved', toTransitionsRecord(await orders.transitions(storeCtx(request), request.params.orderId))),
  );

  r.post(
    '/v1/orders/:orderId/transitions',
    {
      config,
      schema: {
        tags,
        summary: 'Move an order (orders:write)',
        description: 'One move of the lifecycle (docs/orders.md). A move that is not allowed is 409 naming the current state. Refunds never exceed what was paid.',
        params: OrderParams,
        body: TransitionBody,
        response: { 200: envelope(OrderRecord), ...errors },
      },
    },
    async (request) => {
      const { order, currency } = await orders.transition(storeCtx(request), request.params.orderId, request.body);
      return ok(`Order is now ${order.status}`, toOrderRecord(order, currency));
    },
  );

  // ---- promotions ---------------------------------------------------------------------------------------------

  const promoTags = ['Promotions'];

  r.get(
    '/v1/promotions',
    { config, schema: { tags: promoTags, summary: 'List discount codes (promotions:read)', querystring: PromotionListQuery, response: { 200: pagedEnvelope(z.array(PromotionRecord)), ...errors } } },
    async (request) => {
      const page = await promotions.list(storeCtx(request), request.query);
      return okPage('Promotions retrieved', page.items.map((p) => toPromotionRecord(p, page.currency)), request.query.limit, page.nextCursor);
    },
  );

  r.post(
    '/v1/promotions',
    { config, schema: { tags: promoTags, summary: 'Create a discount code (promotions:write)', body: PromotionBody, response: { 201: envelope(PromotionRecord), ...errors } } },
    async (request, reply) => {
      const { promotion, currency } = await promotions.create(storeCtx(request), promotionInput(request.body));
      return reply.code(201).send(ok('Promotion created', toPromotionRecord(promotion, currency)));
    },
  );

  r.get(
    '/v1/promotions/:promotionId',
    { config, schema: { tags: promoTags, summary: 'Get a discount code (promotions:read)', params: PromotionParams, response: { 200: envelope(PromotionRecord), ...errors } } },
    async (request) => {
      const { promotion, currency } = await promotions.get(storeCtx(request), request.params.promotionId);
      return ok(PromotionRep.message, toPromotionRecord(promotion, currency));
    },
  );

  r.patch(
    '/v1/promotions/:promotionId',
    {
      config: editConfig,
      schema: {
        tags: promoTags,
        summary: 'Change a discount code (promotions:write)',
        description: IF_MATCH_NOTE,
        params: PromotionParams,
        body: PromotionPatchBody,
        response: { 200: envelope(PromotionRecord), ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request, reply) => {
      const { promotion, currency } = await promotions.update(storeCtx(request), request.params.promotionId, promotionInput(request.body), ifMatch(request, PromotionRep));
      return sendWithEtag(reply, PromotionRep, promotion, currency).send(ok('Promotion updated', toPromotionRecord(promotion, currency)));
    },
  );

  r.delete(
    '/v1/promotions/:promotionId',
    {
      config: editConfig,
      schema: {
        tags: promoTags,
        summary: 'Delete a discount code (promotions:write)',
        description: IF_MATCH_NOTE,
        params: PromotionParams,
        response: { 200: envelope(z.object({ id: z.string() })), ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request) => {
      await promotions.remove(storeCtx(request), request.params.promotionId, ifMatch(request, PromotionRep));
      return ok('Promotion deleted', { id: request.params.promotionId });
    },
  );

  // ---- analytics ----------------------------------------------------------------------------------------------

  const analyticsTags = ['Analytics'];

  r.get(
    '/v1/dashboard/overview/summary',
    {
      config,
      schema: {
        tags: analyticsTags,
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
        tags: analyticsTags,
        summary: 'Orders of a date range as CSV (analytics:read)',
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
      schema: { tags: analyticsTags, summary: 'Daily sales of a date range as CSV (analytics:read)', querystring: RangeQuery, response: { 200: z.string().describe('text/csv'), ...errors } },
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
