import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PromotionBody, PromotionPatchBody } from '../../../domain/promotions/promotion-schemas.ts';
import type { PromotionService } from '../../../domain/promotions/promotion-service.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { okPage, pagedEnvelope } from '../../../wire/page.ts';
import { PromotionListQuery, PromotionRecord, PromotionRep, promotionInput, toPromotionRecord } from '../../../wire/promotions.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { storeCtx } from '../../plugins/auth.ts';
import { HONOURS_IF_MATCH, IF_MATCH_NOTE, ifMatch, PRECONDITION_FAILED, sendWithEtag } from '../../preconditions.ts';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema };
const PromotionParams = z.object({ promotionId: z.string().max(64) });

/** Promotions (discount codes): list, create, read, change and delete. */
export async function promotionRoutes(app: FastifyInstance, deps: { promotions: PromotionService }): Promise<void> {
  const { promotions } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'store' as const };
  const editConfig = { ...config, ...HONOURS_IF_MATCH };
  const tags = ['Promotions'];

  r.get(
    '/v1/promotions',
    { config, schema: { tags, summary: 'List discount codes (promotions:read)', querystring: PromotionListQuery, response: { 200: pagedEnvelope(z.array(PromotionRecord)), ...errors } } },
    async (request) => {
      const page = await promotions.list(storeCtx(request), request.query);
      return okPage('Promotions retrieved', page.items.map((p) => toPromotionRecord(p, page.currency)), request.query.limit, page.nextCursor);
    },
  );

  r.post(
    '/v1/promotions',
    { config, schema: { tags, summary: 'Create a discount code (promotions:write)', body: PromotionBody, response: { 201: envelope(PromotionRecord), ...errors } } },
    async (request, reply) => {
      const { promotion, currency } = await promotions.create(storeCtx(request), promotionInput(request.body));
      return reply.code(201).send(ok('Promotion created', toPromotionRecord(promotion, currency)));
    },
  );

  r.get(
    '/v1/promotions/:promotionId',
    { config, schema: { tags, summary: 'Get a discount code (promotions:read)', params: PromotionParams, response: { 200: envelope(PromotionRecord), ...errors } } },
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
        tags,
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
        tags,
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
}
