import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrderCreateBody, OrderPatchBody, TransitionBody } from '../../../domain/orders/order-schemas.ts';
import type { OrderService } from '../../../domain/orders/order-service.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { okPage, pagedEnvelope } from '../../../wire/page.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { storeCtx } from '../../plugins/auth.ts';
import { HONOURS_IF_MATCH, IF_MATCH_NOTE, ifMatch, PRECONDITION_FAILED, sendWithEtag } from '../../preconditions.ts';
import { OrderListQuery, orderListFilter, OrderRecord, OrderRep, OrderSummaryRecord, TransitionsRecord, toOrderRecord, toOrderSummaryRecord, toTransitionsRecord } from '../../../wire/orders.ts';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema };
const OrderParams = z.object({ orderId: z.string().max(64) });

/** Orders and their lifecycle. */
export async function orderRoutes(app: FastifyInstance, deps: { orders: OrderService }): Promise<void> {
  const { orders } = deps;
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
        description: 'Filters: status, paymentStatus, customerId, number (exactly one order number, e.g. ORD-1001), from/to (created). Sort createdAt or -createdAt (default). Cursor pagination.',
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
        description: 'One move of the lifecycle; GET /v1/orders/{orderId}/transitions lists the moves allowed now and what each does. A move that is not allowed is 409 naming the current state. Refunds never exceed what was paid.',
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
}
