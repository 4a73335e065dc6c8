import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LocationAdjustmentBody, LocationCreateBody, LocationPatchBody, TransferBody } from '../../../domain/inventory/location-schemas.ts';
import type { LocationService } from '../../../domain/inventory/location-service.ts';
import { AdjustmentRecord, toAdjustmentRecord } from '../../../wire/catalog.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { LevelRecord, LocationRecord, LocationRep, toLevelRecord, toLocationRecord } from '../../../wire/locations.ts';
import { okPage, PAGE, pagedEnvelope, pageFields } from '../../../wire/page.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { storeCtx } from '../../plugins/auth.ts';
import { HONOURS_IF_MATCH, IF_MATCH_NOTE, ifMatch, PRECONDITION_FAILED, sendWithEtag } from '../../preconditions.ts';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
};
const Params = z.object({ id: z.string().max(64, 'must be at most 64 characters') });
const PageQuery = z.object(pageFields({ ...PAGE, cursorTooLong: 'must be at most 500 characters' }, 'query'));

/** Stock locations, the stock levels at them, adjustments per location and transfers (docs/fulfilment.md). */
export async function locationRoutes(app: FastifyInstance, deps: { locations: LocationService }): Promise<void> {
  const { locations } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'store' as const };
  const editConfig = { ...config, ...HONOURS_IF_MATCH };
  const tags = ['Inventory'];

  r.get(
    '/v1/locations',
    {
      config,
      schema: {
        tags,
        summary: 'List stock locations (inventory:read)',
        description: "In the store's order of preference (position, then id), cursor pagination. Every store has a default location.",
        querystring: PageQuery,
        response: { 200: pagedEnvelope(z.array(LocationRecord)), ...errors },
      },
    },
    async (request) => {
      const page = await locations.list(storeCtx(request), request.query);
      return okPage('Locations retrieved', page.items.map(toLocationRecord), request.query.limit, page.nextCursor);
    },
  );

  r.post(
    '/v1/locations',
    {
      config,
      schema: {
        tags,
        summary: 'Create a stock location (inventory:write)',
        description: 'A name, optionally an address, active (default true) and a position in the order of preference (default: last). At most 100 per store and mode.',
        body: LocationCreateBody,
        response: { 201: envelope(LocationRecord), ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(ok('Location created', toLocationRecord(await locations.create(storeCtx(request), request.body)))),
  );

  r.get(
    '/v1/locations/:id',
    { config, schema: { tags, summary: 'Get a stock location (inventory:read)', params: Params, response: { 200: envelope(LocationRecord), ...errors } } },
    async (request) => ok(LocationRep.message, toLocationRecord(await locations.get(storeCtx(request), request.params.id))),
  );

  r.patch(
    '/v1/locations/:id',
    {
      config: editConfig,
      schema: {
        tags,
        summary: 'Change a stock location (inventory:write)',
        description: `Any of name, address, active, position, and isDefault: true (moves the default here). active: false takes its stock off sale (out of every SKU's quantityInStock); the default location cannot be deactivated (409 LOCATION_IS_DEFAULT). ${IF_MATCH_NOTE}`,
        params: Params,
        body: LocationPatchBody,
        response: { 200: envelope(LocationRecord), ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request, reply) => {
      const location = await locations.update(storeCtx(request), request.params.id, request.body, ifMatch(request, LocationRep));
      return sendWithEtag(reply, LocationRep, location).send(ok('Location updated', toLocationRecord(location)));
    },
  );

  r.delete(
    '/v1/locations/:id',
    {
      config: editConfig,
      schema: {
        tags,
        summary: 'Delete an empty stock location (inventory:write)',
        description: `Only a location with no unit on hand or allocated that is not the default (409 LOCATION_HOLDS_STOCK, LOCATION_IS_DEFAULT): deactivate the others. ${IF_MATCH_NOTE}`,
        params: Params,
        response: { 200: envelope(z.object({ id: z.string() })), ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request) => {
      await locations.remove(storeCtx(request), request.params.id, ifMatch(request, LocationRep));
      return ok('Location deleted', { id: request.params.id });
    },
  );

  r.get(
    '/v1/locations/:id/levels',
    {
      config,
      schema: { tags, summary: 'Stock levels at a location (inventory:read)', description: 'By SKU id, cursor pagination.', params: Params, querystring: PageQuery, response: { 200: pagedEnvelope(z.array(LevelRecord)), ...errors } },
    },
    async (request) => {
      const page = await locations.levelsAt(storeCtx(request), request.params.id, request.query);
      return okPage('Stock levels retrieved', page.items.map(toLevelRecord), request.query.limit, page.nextCursor);
    },
  );

  r.post(
    '/v1/locations/:id/adjustments',
    {
      config,
      schema: {
        tags,
        summary: 'Adjust a SKU’s stock at a location (inventory:write)',
        description:
          "Exactly one of delta or onHand (a count), with a reason: received, damaged, count_correction or returned, and an optional note. Never below what is allocated there (409 INSUFFICIENT_STOCK). At an active location the SKU's quantityInStock moves by the same amount.",
        params: Params,
        body: LocationAdjustmentBody,
        response: { 201: envelope(z.object({ level: LevelRecord, quantityInStock: z.number().int(), adjustment: AdjustmentRecord })), ...errors },
      },
    },
    async (request, reply) => {
      const done = await locations.adjust(storeCtx(request), request.params.id, request.body);
      return reply.code(201).send(ok('Stock adjusted', { level: toLevelRecord(done.level), quantityInStock: done.quantityInStock, adjustment: toAdjustmentRecord(done.adjustment) }));
    },
  );

  r.get(
    '/v1/inventory/skus/:skuId/levels',
    {
      config,
      schema: {
        tags,
        summary: 'A SKU’s stock at each location (inventory:read)',
        description: "In the order of preference; quantityInStock is the sum available over the active locations.",
        params: z.object({ skuId: z.string().max(64) }),
        response: { 200: envelope(z.object({ quantityInStock: z.number().int(), levels: z.array(LevelRecord) })), ...errors },
      },
    },
    async (request) => {
      const { quantityInStock, levels } = await locations.levelsOfSku(storeCtx(request), request.params.skuId);
      return ok('Stock levels retrieved', { quantityInStock, levels: levels.map(toLevelRecord) });
    },
  );

  r.post(
    '/v1/inventory/transfers',
    {
      config,
      schema: {
        tags,
        summary: 'Move a SKU’s units between locations (inventory:write)',
        description: 'Atomic; never more than the source has available (409 INSUFFICIENT_STOCK naming quantity). Two lines in the stock history, with the note.',
        body: TransferBody,
        response: { 201: envelope(z.object({ from: LevelRecord, to: LevelRecord, quantityInStock: z.number().int() })), ...errors },
      },
    },
    async (request, reply) => {
      const done = await locations.transfer(storeCtx(request), request.body);
      return reply.code(201).send(ok('Stock transferred', { from: toLevelRecord(done.from), to: toLevelRecord(done.to), quantityInStock: done.quantityInStock }));
    },
  );
}
