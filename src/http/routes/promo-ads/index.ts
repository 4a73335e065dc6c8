import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PromoAdCreateBody, PromoAdPatchBody, PublishedQuery } from '../../../domain/promo-ads/promo-ad-schemas.ts';
import type { PromoAdService } from '../../../domain/promo-ads/promo-ad-service.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { storeCtx } from '../../plugins/auth.ts';
import { HONOURS_IF_MATCH, IF_MATCH_NOTE, ifMatch, PRECONDITION_FAILED, sendWithEtag } from '../../preconditions.ts';
import { okPage, pagedEnvelope } from '../../../wire/page.ts';
import { PromoAdListQuery, PromoAdRecord, promoAdRep, toPromoAdRecord } from '../../../wire/promo-ads.ts';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema };
const AdParams = z.object({ adId: z.string().max(64) });

/** Promo ads (banners and announcements): the merchant's list and edits, and the ads live now. */
export async function promoAdRoutes(app: FastifyInstance, deps: { promoAds: PromoAdService }): Promise<void> {
  const { promoAds } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'store' as const };
  const tags = ['Promo ads'];
  const One = envelope(PromoAdRecord);

  r.get(
    '/v1/promo-ads/published',
    {
      // A storefront read (docs/storefront.md): a publishable key may call it too.
      config: { ...config, storefront: true },
      schema: {
        tags,
        summary: 'The ads live now (promotions:read, or a publishable key)',
        description:
          'Published ads whose startsAt has passed and whose endsAt (if any) has not, latest start first, at most 100. With placement: the ads for that placement and those for any placement. ' +
          'Cache window: 30 minutes (max-age=1800, private) with X-Enable-Cache: true or X-Service-Client: dashboard, so an ad may show up to 30 minutes after it ends in a client that caches.',
        querystring: PublishedQuery,
        response: { 200: envelope(z.array(PromoAdRecord)), ...errors },
      },
    },
    async (request) => {
      const ctx = storeCtx(request);
      return ok('Published promo ads retrieved', (await promoAds.listPublished(ctx, request.query)).map((ad) => toPromoAdRecord(ad, ctx.now)));
    },
  );

  r.get(
    '/v1/promo-ads',
    {
      config,
      schema: {
        tags,
        summary: 'List promo ads, newest first (promotions:read)',
        description: 'Filters: status (draft|published), placement. Cursor pagination.',
        querystring: PromoAdListQuery,
        response: { 200: pagedEnvelope(z.array(PromoAdRecord)), ...errors },
      },
    },
    async (request) => {
      const ctx = storeCtx(request);
      const page = await promoAds.list(ctx, request.query);
      return okPage('Promo ads retrieved', page.items.map((ad) => toPromoAdRecord(ad, ctx.now)), request.query.limit, page.nextCursor);
    },
  );

  r.post(
    '/v1/promo-ads',
    {
      config,
      schema: {
        tags,
        summary: 'Create a promo ad (promotions:write)',
        description: 'status defaults to draft. linkUrl must be an absolute http(s) URL; endsAt must be after startsAt; imageFileId must be an image uploaded to this store.',
        body: PromoAdCreateBody,
        response: { 201: One, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = storeCtx(request);
      return reply.code(201).send(ok('Promo ad created', toPromoAdRecord(await promoAds.create(ctx, request.body), ctx.now)));
    },
  );

  r.get(
    '/v1/promo-ads/:adId',
    { config, schema: { tags, summary: 'Get a promo ad (promotions:read)', params: AdParams, response: { 200: One, ...errors } } },
    async (request) => {
      const ctx = storeCtx(request);
      return ok(promoAdRep(ctx.now).message, toPromoAdRecord(await promoAds.get(ctx, request.params.adId), ctx.now));
    },
  );

  r.patch(
    '/v1/promo-ads/:adId',
    {
      config: { ...config, ...HONOURS_IF_MATCH },
      schema: {
        tags,
        summary: 'Change a promo ad (promotions:write)',
        description: `Only the sent fields change; null clears an optional field. ${IF_MATCH_NOTE}`,
        params: AdParams,
        body: PromoAdPatchBody,
        response: { 200: One, ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request, reply) => {
      const ctx = storeCtx(request);
      const rep = promoAdRep(ctx.now);
      const ad = await promoAds.update(ctx, request.params.adId, request.body, ifMatch(request, rep));
      return sendWithEtag(reply, rep, ad).send(ok('Promo ad updated', toPromoAdRecord(ad, ctx.now)));
    },
  );

  r.delete(
    '/v1/promo-ads/:adId',
    {
      config: { ...config, ...HONOURS_IF_MATCH },
      schema: { tags, summary: 'Delete a promo ad (promotions:write)', description: IF_MATCH_NOTE, params: AdParams, response: { 200: envelope(z.object({ id: z.string() })), ...errors, ...PRECONDITION_FAILED } },
    },
    async (request) => {
      const ctx = storeCtx(request);
      await promoAds.remove(ctx, request.params.adId, ifMatch(request, promoAdRep(ctx.now)));
      return ok('Promo ad deleted', { id: request.params.adId });
    },
  );
}
