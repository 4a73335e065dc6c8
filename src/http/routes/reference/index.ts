import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ReferenceService } from '../../../domain/reference/reference-service.ts';
import { foldForSearch } from '../../../domain/shared/text.ts';
import { ok } from '../../../wire/envelope.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import type { FrontCache } from '../../front-cache.ts';
import { createRepresentationMemo, type Representation, sendRepresentation } from '../../representation-memo.ts';
import { ColorListResponse, CountryListResponse, CountryResponse, SpecificationListResponse, StateListResponse, toColorRecord, toCountryRecord, toSpecificationRecord, toStateRecord } from '../../../wire/reference.ts';
import { CountryListQuery, CountryParams } from './schemas.ts';

/**
 * Public data, the same for everyone and read without a credential (a credential sent along is not read): any web page
 * may read it, a storefront included (docs/storefront.md), as any page may read the OAuth discovery documents. No
 * cookie is involved, so nothing of a visitor's is shared. Set first, so refusals (404, 422, 429) carry it too; the
 * front cache keeps it with the answer.
 */
function anyOrigin(_request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  reply.header('access-control-allow-origin', '*');
  done();
}

/**
 * Public reference data (no credential): countries, their states, product specifications. The data changes only
 * when it is re-synced, so responses are kept serialized per reference revision, and offered to the front cache,
 * which answers the same URL again before routing for as long as that revision is the one in memory.
 */
export async function referenceRoutes(app: FastifyInstance, deps: { reference: ReferenceService; front: FrontCache }): Promise<void> {
  const { reference, front } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const memo = createRepresentationMemo(512);
  const tags = ['Reference data'];
  const onSend = front.capture;

  function send(reply: FastifyReply, revision: number, representation: Representation): FastifyReply {
    front.offer(reply, () => reference.isCurrent(revision));
    return sendRepresentation(reply, representation);
  }

  r.get(
    '/v1/countries',
    {
      onRequest: anyOrigin,
      onSend,
      schema: {
        tags,
        summary: 'List countries',
        description: 'All ISO 3166-1 countries by name. `states` is null here; GET /v1/states/{countryId} lists them.',
        querystring: CountryListQuery,
        response: { 200: CountryListResponse, 422: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const name = request.query.name;
      const revision = await reference.revision();
      const representation = await memo.get(`${revision}|countries|${foldForSearch((name ?? '').trim())}`, CountryListResponse, async () => {
        const countries = await reference.listCountries(request.ctx, { name });
        return ok('Countries retrieved', countries.map((c) => toCountryRecord(c)));
      });
      return send(reply, revision, representation);
    },
  );

  r.get(
    '/v1/countries/:countryId',
    {
      onRequest: anyOrigin,
      onSend,
      schema: {
        tags,
        summary: 'Get a country with its states',
        params: CountryParams,
        response: { 200: CountryResponse, 404: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { country, states } = await reference.getCountry(request.ctx, request.params.countryId);
      const revision = await reference.revision();
      return send(
        reply,
        revision,
        await memo.get(`${revision}|country|${country.id}`, CountryResponse, async () => ok('Country retrieved', toCountryRecord(country, states))),
      );
    },
  );

  r.get(
    '/v1/states/:countryId',
    {
      onRequest: anyOrigin,
      onSend,
      schema: {
        tags,
        summary: "List a country's states",
        description: 'The first-level subdivisions (ISO 3166-2) of the country, by name. An unknown country is 404.',
        params: CountryParams,
        response: { 200: StateListResponse, 404: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const states = await reference.listStates(request.ctx, request.params.countryId);
      const revision = await reference.revision();
      return send(
        reply,
        revision,
        await memo.get(`${revision}|states|${request.params.countryId.toUpperCase()}`, StateListResponse, async () =>
          ok('States retrieved', states.map(toStateRecord)),
        ),
      );
    },
  );

  r.get(
    '/v1/colors',
    {
      onRequest: anyOrigin,
      onSend,
      schema: {
        tags,
        summary: 'List the system color palette',
        description: 'The colors a variant group may reference with colorId.',
        response: { 200: ColorListResponse },
      },
    },
    async (request, reply) => {
      const revision = await reference.revision();
      return send(
        reply,
        revision,
        await memo.get(`${revision}|colors`, ColorListResponse, async () =>
          ok('Colors retrieved', (await reference.listColors(request.ctx)).map(toColorRecord)),
        ),
      );
    },
  );

  r.get(
    '/v1/specifications',
    {
      onRequest: anyOrigin,
      onSend,
      schema: {
        tags,
        summary: 'List product specifications',
        description: 'The specifications a product can carry values for (material, weight, dimensions, warranty, …).',
        response: { 200: SpecificationListResponse },
      },
    },
    async (request, reply) => {
      const revision = await reference.revision();
      return send(
        reply,
        revision,
        await memo.get(`${revision}|specifications`, SpecificationListResponse, async () =>
          ok('Specifications retrieved', (await reference.listSpecifications(request.ctx)).map(toSpecificationRecord)),
        ),
      );
    },
  );
}
