import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TaxRegionCreateBody, TaxRegionPatchBody } from '../../../domain/taxes/tax-schemas.ts';
import type { TaxService } from '../../../domain/taxes/tax-service.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { okPage, PAGE, pagedEnvelope, pageFields } from '../../../wire/page.ts';
import { TaxRegionRecord, TaxRegionRep, toTaxRegionRecord } from '../../../wire/taxes.ts';
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
const Done = envelope(z.object({ id: z.string() }));
const Params = z.object({ id: z.string().max(64, 'must be at most 64 characters') });
const PageQuery = z.object(pageFields({ ...PAGE, cursorTooLong: 'must be at most 500 characters' }, 'query'));

/** Tax regions and their rates per tax class (docs/taxes.md). */
export async function taxRoutes(app: FastifyInstance, deps: { taxes: TaxService }): Promise<void> {
  const { taxes } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'store' as const };
  const editConfig = { ...config, ...HONOURS_IF_MATCH };
  const tags = ['Taxes'];

  r.get(
    '/v1/tax-regions',
    {
      config,
      schema: {
        tags,
        summary: 'List tax regions with their rates (settings:read)',
        description: 'By id, cursor pagination. An order is taxed by the region of its state, else of its whole country; with neither, no tax.',
        querystring: PageQuery,
        response: { 200: pagedEnvelope(z.array(TaxRegionRecord)), ...errors },
      },
    },
    async (request) => {
      const page = await taxes.listRegions(storeCtx(request), request.query);
      return okPage('Tax regions retrieved', page.items.map(toTaxRegionRecord), request.query.limit, page.nextCursor);
    },
  );

  r.post(
    '/v1/tax-regions',
    {
      config,
      schema: {
        tags,
        summary: 'Create a tax region (settings:write)',
        description:
          'A country, optionally one of its states, and its rates per tax class in basis points (standard required). A place has one region (409 TAX_REGION_TAKEN). Orders placed afterwards are taxed with it; orders already placed keep their tax.',
        body: TaxRegionCreateBody,
        response: { 201: envelope(TaxRegionRecord), ...errors },
      },
    },
    async (request, reply) => {
      const region = await taxes.createRegion(storeCtx(request), request.body);
      return reply.code(201).send(ok('Tax region created', toTaxRegionRecord(region)));
    },
  );

  r.get(
    '/v1/tax-regions/:id',
    { config, schema: { tags, summary: 'Get a tax region (settings:read)', params: Params, response: { 200: envelope(TaxRegionRecord), ...errors } } },
    async (request) => ok(TaxRegionRep.message, toTaxRegionRecord(await taxes.getRegion(storeCtx(request), request.params.id))),
  );

  r.patch(
    '/v1/tax-regions/:id',
    {
      config: editConfig,
      schema: {
        tags,
        summary: 'Change a tax region (settings:write)',
        description: `Any of name, countryId, stateId, rates (rates replaces the whole table). Orders already placed keep their tax. ${IF_MATCH_NOTE}`,
        params: Params,
        body: TaxRegionPatchBody,
        response: { 200: envelope(TaxRegionRecord), ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request, reply) => {
      const region = await taxes.updateRegion(storeCtx(request), request.params.id, request.body, ifMatch(request, TaxRegionRep));
      return sendWithEtag(reply, TaxRegionRep, region).send(ok('Tax region updated', toTaxRegionRecord(region)));
    },
  );

  r.delete(
    '/v1/tax-regions/:id',
    {
      config: editConfig,
      schema: { tags, summary: 'Delete a tax region (settings:write)', description: `Orders already placed keep their tax. ${IF_MATCH_NOTE}`, params: Params, response: { 200: Done, ...errors, ...PRECONDITION_FAILED } },
    },
    async (request) => {
      await taxes.deleteRegion(storeCtx(request), request.params.id, ifMatch(request, TaxRegionRep));
      return ok('Tax region deleted', { id: request.params.id });
    },
  );
}
