import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ReturnCloseBody, ReturnCreateBody, ReturnReceiveBody, ReturnRefundBody } from '../../../domain/returns/return-schemas.ts';
import type { ReturnService } from '../../../domain/returns/return-service.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { okPage, pagedEnvelope } from '../../../wire/page.ts';
import { ReturnListQuery, ReturnRecord, toReturnRecord } from '../../../wire/returns.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { storeCtx } from '../../plugins/auth.ts';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema };
const OrderParams = z.object({ orderId: z.string().max(64) });
const ReturnParams = z.object({ orderId: z.string().max(64), returnId: z.string().max(64) });

/** Returns of an order: asked for, received (restocked or written off per line), refunded or closed (docs/fulfilment.md). */
export async function returnRoutes(app: FastifyInstance, deps: { returns: ReturnService }): Promise<void> {
  const { returns } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'store' as const };
  const tags = ['Orders'];

  r.post(
    '/v1/orders/:orderId/returns',
    {
      config,
      schema: {
        tags,
        summary: 'Ask for units of an order back (orders:write)',
        description: 'Each line at most the units shipped less those in its other returns (409 RETURN_EXCEEDS_RETURNABLE naming the line). The return starts `requested`.',
        params: OrderParams,
        body: ReturnCreateBody,
        response: { 201: envelope(ReturnRecord), ...errors },
      },
    },
    async (request, reply) => {
      const { ret, currency } = await returns.create(storeCtx(request), request.params.orderId, request.body);
      return reply.code(201).send(ok('Return requested', toReturnRecord(ret, currency)));
    },
  );

  r.get(
    '/v1/orders/:orderId/returns',
    {
      config,
      schema: { tags, summary: "List an order's returns (orders:read)", description: 'Oldest first, cursor pagination.', params: OrderParams, querystring: ReturnListQuery, response: { 200: pagedEnvelope(z.array(ReturnRecord)), ...errors } },
    },
    async (request) => {
      const q = request.query;
      const page = await returns.list(storeCtx(request), request.params.orderId, { limit: q.limit, cursor: q.cursor });
      return okPage('Returns retrieved', page.items.map((x) => toReturnRecord(x, page.currency)), q.limit, page.nextCursor);
    },
  );

  r.get(
    '/v1/orders/:orderId/returns/:returnId',
    { config, schema: { tags, summary: 'Get a return (orders:read)', params: ReturnParams, response: { 200: envelope(ReturnRecord), ...errors } } },
    async (request) => {
      const { ret, currency } = await returns.get(storeCtx(request), request.params.orderId, request.params.returnId);
      return ok('Return retrieved', toReturnRecord(ret, currency));
    },
  );

  r.post(
    '/v1/orders/:orderId/returns/:returnId/receive',
    {
      config,
      schema: {
        tags,
        summary: 'Receive a return into a location (orders:write)',
        description:
          'Every line of the return, restocked (back on hand at the location: a stock adjustment, reason `returned`) or written off. Once: a second receipt is 409 RETURN_NOT_RECEIVABLE. `refund: true` refunds it at once.',
        params: ReturnParams,
        body: ReturnReceiveBody,
        response: { 200: envelope(ReturnRecord), ...errors },
      },
    },
    async (request) => {
      const { ret, currency } = await returns.receive(storeCtx(request), request.params.orderId, request.params.returnId, request.body);
      return ok(`Return ${ret.status}`, toReturnRecord(ret, currency));
    },
  );

  r.post(
    '/v1/orders/:orderId/returns/:returnId/refund',
    {
      config,
      schema: {
        tags,
        summary: 'Refund a received return (orders:write)',
        description:
          "Refunds the returned units' money (their amount less their share of the discount, plus their tax where prices exclude it, and delivery with the order's last units or with `refundDelivery: true`) through the order's payments, once: a second refund is 409 RETURN_NOT_REFUNDABLE.",
        params: ReturnParams,
        body: ReturnRefundBody,
        response: { 200: envelope(ReturnRecord), ...errors },
      },
    },
    async (request) => {
      const { ret, currency } = await returns.refund(storeCtx(request), request.params.orderId, request.params.returnId, request.body ?? {});
      return ok('Return refunded', toReturnRecord(ret, currency));
    },
  );

  r.post(
    '/v1/orders/:orderId/returns/:returnId/close',
    {
      config,
      schema: { tags, summary: 'Close a return without a refund (orders:write)', params: ReturnParams, body: ReturnCloseBody, response: { 200: envelope(ReturnRecord), ...errors } },
    },
    async (request) => {
      const { ret, currency } = await returns.close(storeCtx(request), request.params.orderId, request.params.returnId, request.body ?? {});
      return ok('Return closed', toReturnRecord(ret, currency));
    },
  );
}
