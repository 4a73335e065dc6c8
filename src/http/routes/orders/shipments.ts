import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ShipmentCreateBody } from '../../../domain/orders/order-schemas.ts';
import type { ShipmentService } from '../../../domain/orders/shipment-service.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { ShipmentRecord, toShipmentRecord } from '../../../wire/orders.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { storeCtx } from '../../plugins/auth.ts';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema };
const OrderParams = z.object({ orderId: z.string().max(64) });
const ShipmentParams = z.object({ orderId: z.string().max(64), shipmentId: z.string().max(64) });

/** Shipments of an order: units leaving a location with carrier and tracking, then delivered (docs/fulfilment.md). */
export async function shipmentRoutes(app: FastifyInstance, deps: { shipments: ShipmentService }): Promise<void> {
  const { shipments } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'store' as const };
  const tags = ['Orders'];

  r.post(
    '/v1/orders/:orderId/shipments',
    {
      config,
      schema: {
        tags,
        summary: 'Ship lines of an order from a location (orders:write)',
        description:
          "Lines by lineId or skuId, each at most what is left to ship (409 SHIPMENT_EXCEEDS_UNSHIPPED naming the line); on hand and allocated go down at the location. An order whose whole outstanding amount a payment provider holds is captured first (payments:write). The shipment that ships the last unit of a paid order makes it fulfilled.",
        params: OrderParams,
        body: ShipmentCreateBody,
        response: { 201: envelope(ShipmentRecord), ...errors },
      },
    },
    async (request, reply) => {
      const { shipment } = await shipments.create(storeCtx(request), request.params.orderId, request.body);
      return reply.code(201).send(ok('Shipment created', toShipmentRecord(shipment)));
    },
  );

  r.get(
    '/v1/orders/:orderId/shipments',
    { config, schema: { tags, summary: "List an order's shipments (orders:read)", description: 'Oldest first.', params: OrderParams, response: { 200: envelope(z.array(ShipmentRecord)), ...errors } } },
    async (request) => ok('Shipments retrieved', (await shipments.list(storeCtx(request), request.params.orderId)).map(toShipmentRecord)),
  );

  r.post(
    '/v1/orders/:orderId/shipments/:shipmentId/delivered',
    {
      config,
      schema: {
        tags,
        summary: 'Mark a shipment delivered (orders:write)',
        description: 'Once (409 SHIPMENT_ALREADY_DELIVERED after). Delivering the last open shipment of a fulfilled order makes it delivered.',
        params: ShipmentParams,
        response: { 200: envelope(ShipmentRecord), ...errors },
      },
    },
    async (request) => {
      const { shipment } = await shipments.deliver(storeCtx(request), request.params.orderId, request.params.shipmentId);
      return ok('Shipment delivered', toShipmentRecord(shipment));
    },
  );
}
