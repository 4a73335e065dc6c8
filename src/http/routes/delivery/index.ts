import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OptionCreateBody, OptionPatchBody, QuoteQuery, ZoneCreateBody, ZonePatchBody } from '../../../domain/delivery/delivery-schemas.ts';
import type { DeliveryService } from '../../../domain/delivery/delivery-service.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { storeCtx } from '../../plugins/auth.ts';
import { HONOURS_IF_MATCH, IF_MATCH_NOTE, ifMatch, PRECONDITION_FAILED, sendWithEtag } from '../../preconditions.ts';
import { okPage, PAGE, pagedEnvelope, pageFields } from '../../../wire/page.ts';
import { DeliveryOptionRecord, DeliveryQuoteRecord, DeliveryZoneRecord, OptionRep, toOptionRecord, toQuoteRecord, toZoneRecord, ZoneRep } from '../../../wire/delivery.ts';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
};
const Done = envelope(z.object({ id: z.string() }));
const ZoneParams = z.object({ zoneId: z.string().max(64, 'must be at most 64 characters') });
const OptionParams = ZoneParams.extend({ optionId: z.string().max(64, 'must be at most 64 characters') });
const PageQuery = z.object(pageFields({ ...PAGE, cursorTooLong: 'must be at most 500 characters' }, 'query'));

/** Delivery zones, their options, and the quote for an address (docs/operations.md, "Delivery"). */
export async function deliveryRoutes(app: FastifyInstance, deps: { delivery: DeliveryService }): Promise<void> {
  const { delivery } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'store' as const };
  const editConfig = { ...config, ...HONOURS_IF_MATCH };
  const tags = ['Delivery'];

  r.get(
    '/v1/delivery/zones',
    {
      config,
      schema: {
        tags,
        summary: 'List delivery zones with their options (delivery:read)',
        description: 'Oldest first, cursor pagination.',
        querystring: PageQuery,
        response: { 200: pagedEnvelope(z.array(DeliveryZoneRecord)), ...errors },
      },
    },
    async (request) => {
      const page = await delivery.listZones(storeCtx(request), request.query);
      return okPage('Delivery zones retrieved', page.items.map((z) => toZoneRecord(z, page.currency)), request.query.limit, page.nextCursor);
    },
  );

  r.post(
    '/v1/delivery/zones',
    {
      config,
      schema: {
        tags,
        summary: 'Create a delivery zone (delivery:write)',
        description:
          'A name and regions: countries, optionally narrowed to states. A region belongs to at most one zone (409 DELIVERY_REGION_TAKEN); an address is served by the zone listing its state, else by the zone listing its whole country.',
        body: ZoneCreateBody,
        response: { 201: envelope(DeliveryZoneRecord), ...errors },
      },
    },
    async (request, reply) => {
      const { zone, currency } = await delivery.createZone(storeCtx(request), request.body);
      return reply.code(201).send(ok('Delivery zone created', toZoneRecord(zone, currency)));
    },
  );

  r.get(
    '/v1/delivery/zones/:zoneId',
    { config, schema: { tags, summary: 'Get a delivery zone with its options (delivery:read)', params: ZoneParams, response: { 200: envelope(DeliveryZoneRecord), ...errors } } },
    async (request) => {
      const { zone, currency } = await delivery.getZone(storeCtx(request), request.params.zoneId);
      return ok(ZoneRep.message, toZoneRecord(zone, currency));
    },
  );

  r.patch(
    '/v1/delivery/zones/:zoneId',
    {
      config: editConfig,
      schema: {
        tags,
        summary: 'Change a delivery zone (delivery:write)',
        description: `Any of name, regions; regions replaces the whole list (same rules as on create). ${IF_MATCH_NOTE} The zone's ETag covers its options too.`,
        params: ZoneParams,
        body: ZonePatchBody,
        response: { 200: envelope(DeliveryZoneRecord), ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request, reply) => {
      const { zone, currency } = await delivery.updateZone(storeCtx(request), request.params.zoneId, request.body, ifMatch(request, ZoneRep));
      return sendWithEtag(reply, ZoneRep, zone, currency).send(ok('Delivery zone updated', toZoneRecord(zone, currency)));
    },
  );

  r.delete(
    '/v1/delivery/zones/:zoneId',
    {
      config: editConfig,
      schema: {
        tags,
        summary: 'Delete a delivery zone and its options (delivery:write)',
        description: `Orders keep the option name they were placed with. ${IF_MATCH_NOTE}`,
        params: ZoneParams,
        response: { 200: Done, ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request) => {
      await delivery.deleteZone(storeCtx(request), request.params.zoneId, ifMatch(request, ZoneRep));
      return ok('Delivery zone deleted', { id: request.params.zoneId });
    },
  );

  r.get(
    '/v1/delivery/zones/:zoneId/options',
    { config, schema: { tags, summary: 'List the options of a zone (delivery:read)', params: ZoneParams, response: { 200: envelope(z.array(DeliveryOptionRecord)), ...errors } } },
    async (request) => {
      const { items, currency } = await delivery.listOptions(storeCtx(request), request.params.zoneId);
      return ok('Delivery options retrieved', items.map((o) => toOptionRecord(o, currency)));
    },
  );

  r.post(
    '/v1/delivery/zones/:zoneId/options',
    {
      config,
      schema: {
        tags,
        summary: 'Add a delivery option to a zone (delivery:write)',
        description: 'Name, fee (store currency, at most its decimals), optional free-over threshold, estimated days and active flag.',
        params: ZoneParams,
        body: OptionCreateBody,
        response: { 201: envelope(DeliveryOptionRecord), ...errors },
      },
    },
    async (request, reply) => {
      const { option, currency } = await delivery.createOption(storeCtx(request), request.params.zoneId, request.body);
      return reply.code(201).send(ok('Delivery option created', toOptionRecord(option, currency)));
    },
  );

  r.get(
    '/v1/delivery/zones/:zoneId/options/:optionId',
    { config, schema: { tags, summary: 'Get a delivery option (delivery:read)', params: OptionParams, response: { 200: envelope(DeliveryOptionRecord), ...errors } } },
    async (request) => {
      const { option, currency } = await delivery.getOption(storeCtx(request), request.params.zoneId, request.params.optionId);
      return ok(OptionRep.message, toOptionRecord(option, currency));
    },
  );

  r.patch(
    '/v1/delivery/zones/:zoneId/options/:optionId',
    {
      config: editConfig,
      schema: {
        tags,
        summary: 'Change a delivery option (delivery:write)',
        description: `Only sent fields change. ${IF_MATCH_NOTE}`,
        params: OptionParams,
        body: OptionPatchBody,
        response: { 200: envelope(DeliveryOptionRecord), ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request, reply) => {
      const { zoneId, optionId } = request.params;
      const { option, currency } = await delivery.updateOption(storeCtx(request), zoneId, optionId, request.body, ifMatch(request, OptionRep));
      return sendWithEtag(reply, OptionRep, option, currency).send(ok('Delivery option updated', toOptionRecord(option, currency)));
    },
  );

  r.delete(
    '/v1/delivery/zones/:zoneId/options/:optionId',
    {
      config: editConfig,
      schema: { tags, summary: 'Delete a delivery option (delivery:write)', description: IF_MATCH_NOTE, params: OptionParams, response: { 200: Done, ...errors, ...PRECONDITION_FAILED } },
    },
    async (request) => {
      await delivery.deleteOption(storeCtx(request), request.params.zoneId, request.params.optionId, ifMatch(request, OptionRep));
      return ok('Delivery option deleted', { id: request.params.optionId });
    },
  );

  r.get(
    '/v1/delivery/quote',
    {
      // A storefront read (docs/storefront.md): a publishable key may call it too.
      config: { ...config, storefront: true },
      schema: {
        tags,
        summary: 'Delivery options for an address, with their fee (delivery:read, or a publishable key)',
        description: 'The active options of the zone that serves countryId (and stateId), priced for subtotal (free-over thresholds applied), cheapest first. Orders apply the same rules to the option they are given.',
        querystring: QuoteQuery,
        response: { 200: envelope(DeliveryQuoteRecord), ...errors },
      },
    },
    async (request) => ok('Delivery quote computed', toQuoteRecord(await delivery.quote(storeCtx(request), request.query))),
  );
}
