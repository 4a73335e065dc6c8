import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Container } from '../../../container.ts';
import { DeliveryFilters, RotateSecretInput, WebhookEndpointInput, WebhookEndpointPatch } from '../../../domain/webhooks/webhook-schemas.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { okPage, PAGE_SHORT_CURSOR, pagedEnvelope, pageFields } from '../../../wire/page.ts';
import {
  EventTypeRecord,
  eventTypeRecords,
  toWebhookDeliveryDetail,
  toWebhookDeliveryRecord,
  toWebhookEndpointRecord,
  WebhookDeliveryDetail,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
  WebhookEndpointRep,
  WebhookEndpointWithSecret,
} from '../../../wire/webhooks.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { storeCtx } from '../../plugins/auth.ts';
import { HONOURS_IF_MATCH, IF_MATCH_NOTE, ifMatch, PRECONDITION_FAILED, sendWithEtag } from '../../preconditions.ts';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema };
const tags = ['Webhooks'];
const IdParams = z.object({ id: z.string().max(64) });
const DeliveryParams = z.object({ id: z.string().max(64), deliveryId: z.string().max(64) });
const PageQuery = z.object(pageFields(PAGE_SHORT_CURSOR, 'query'));
const DeliveryQuery = PageQuery.extend(DeliveryFilters.shape);
const WHO =
  ' Members and API keys need settings:read to see the store’s endpoints and settings:write to change them; a connected app sees and changes only its own (removed with the app).';

/** Webhook endpoints, their delivery log, redelivery, and the event catalog (docs/webhooks.md). */
export async function webhookRoutes(app: FastifyInstance, deps: Pick<Container['services'], 'webhooks'>): Promise<void> {
  const { webhooks } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const store = { auth: 'store' as const };
  const editable = { ...store, ...HONOURS_IF_MATCH };

  r.get(
    '/v1/webhooks/event-types',
    {
      schema: {
        tags,
        summary: 'The event types an endpoint can subscribe to (no credential)',
        description: 'Each with the permission a subscriber needs, the resource its `data` is the REST record of, and an example body.',
        security: [],
        response: { 200: envelope(z.array(EventTypeRecord)) },
      },
    },
    async () => ok('Webhook event types retrieved', eventTypeRecords()),
  );

  r.post(
    '/v1/webhooks',
    {
      config: store,
      schema: {
        tags,
        summary: 'Subscribe an endpoint to events (settings:write; an app: its own)',
        description:
          'The URL must be https and resolve to public addresses only. Every event type named must be readable by the caller (order events need orders:read, …). The answer carries the signing secret once.' +
          WHO,
        body: WebhookEndpointInput,
        response: { 201: envelope(WebhookEndpointWithSecret), ...errors },
      },
    },
    async (request, reply) => {
      const { endpoint, secret } = await webhooks.create(storeCtx(request), request.body);
      return reply.code(201).send(ok('Webhook endpoint created', { ...toWebhookEndpointRecord(endpoint), secret }));
    },
  );

  r.get(
    '/v1/webhooks',
    { config: store, schema: { tags, summary: 'Webhook endpoints of the active store and mode (settings:read; an app: its own)', querystring: PageQuery, response: { 200: pagedEnvelope(z.array(WebhookEndpointRecord)), ...errors } } },
    async (request) => {
      const page = await webhooks.list(storeCtx(request), request.query);
      return okPage('Webhook endpoints retrieved', page.items.map(toWebhookEndpointRecord), request.query.limit, page.nextCursor);
    },
  );

  r.get(
    '/v1/webhooks/:id',
    { config: store, schema: { tags, summary: 'One webhook endpoint (settings:read; an app: its own)', params: IdParams, response: { 200: envelope(WebhookEndpointRecord), ...errors } } },
    async (request) => ok(WebhookEndpointRep.message, toWebhookEndpointRecord(await webhooks.get(storeCtx(request), request.params.id))),
  );

  r.patch(
    '/v1/webhooks/:id',
    {
      config: editable,
      schema: {
        tags,
        summary: 'Change an endpoint; enabled: true turns a disabled one on again (settings:write; an app: its own)',
        description: `Only sent fields change. Enabling an endpoint clears why it was disabled and sends what is pending at once. ${IF_MATCH_NOTE}${WHO}`,
        params: IdParams,
        body: WebhookEndpointPatch,
        response: { 200: envelope(WebhookEndpointRecord), ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request, reply) => {
      const endpoint = await webhooks.update(storeCtx(request), request.params.id, request.body, ifMatch(request, WebhookEndpointRep));
      return sendWithEtag(reply, WebhookEndpointRep, endpoint).send(ok('Webhook endpoint updated', toWebhookEndpointRecord(endpoint)));
    },
  );

  r.delete(
    '/v1/webhooks/:id',
    {
      config: editable,
      schema: {
        tags,
        summary: 'Delete an endpoint with its deliveries and log (settings:write; an app: its own)',
        description: IF_MATCH_NOTE,
        params: IdParams,
        response: { 200: envelope(z.object({ id: z.string() })), ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request) => {
      await webhooks.remove(storeCtx(request), request.params.id, ifMatch(request, WebhookEndpointRep));
      return ok('Webhook endpoint deleted', { id: request.params.id });
    },
  );

  r.post(
    '/v1/webhooks/:id/rotate-secret',
    {
      config: store,
      schema: {
        tags,
        summary: 'Replace the signing secret; the old one keeps signing beside it for a while (settings:write; an app: its own)',
        description: 'During the overlap (default 24 hours) every delivery carries two signatures, one per secret, so receivers can switch without losing a delivery. The answer carries the new secret once.',
        params: IdParams,
        body: RotateSecretInput.nullish(),
        response: { 200: envelope(WebhookEndpointWithSecret), ...errors },
      },
    },
    async (request) => {
      const { endpoint, secret } = await webhooks.rotateSecret(storeCtx(request), request.params.id, request.body ?? {});
      return ok('Webhook secret rotated', { ...toWebhookEndpointRecord(endpoint), secret });
    },
  );

  r.post(
    '/v1/webhooks/:id/test',
    {
      config: store,
      schema: {
        tags,
        summary: 'Send a test event to the endpoint now and answer how it went (settings:write; an app: its own)',
        description:
          'Sends one `webhook.test` event (data: the endpoint id and a message), signed like every delivery, whatever the endpoint subscribes to and whether or not it is enabled, and waits for the answer (at most the delivery timeout). The answer is the delivery as the log keeps it: succeeded on a 2xx, failed otherwise, with the attempt (status, duration, start of the answer). No retry, and nothing about the endpoint changes: its state, health and waiting deliveries stay as they are.' +
          WHO,
        params: IdParams,
        response: { 200: envelope(WebhookDeliveryDetail), ...errors },
      },
    },
    async (request) => ok('Webhook test event sent', toWebhookDeliveryDetail(await webhooks.sendTest(storeCtx(request), request.params.id))),
  );

  r.get(
    '/v1/webhooks/:id/deliveries',
    {
      config: store,
      schema: { tags, summary: 'The delivery log of an endpoint, newest first; filter by status, event type or event id (settings:read; an app: its own)', params: IdParams, querystring: DeliveryQuery, response: { 200: pagedEnvelope(z.array(WebhookDeliveryRecord)), ...errors } },
    },
    async (request) => {
      const page = await webhooks.deliveries(storeCtx(request), request.params.id, request.query);
      return okPage('Webhook deliveries retrieved', page.items.map(toWebhookDeliveryRecord), request.query.limit, page.nextCursor);
    },
  );

  r.get(
    '/v1/webhooks/:id/deliveries/:deliveryId',
    { config: store, schema: { tags, summary: 'One delivery with its body and every attempt (settings:read; an app: its own)', params: DeliveryParams, response: { 200: envelope(WebhookDeliveryDetail), ...errors } } },
    async (request) => ok('Webhook delivery retrieved', toWebhookDeliveryDetail(await webhooks.delivery(storeCtx(request), request.params.id, request.params.deliveryId))),
  );

  r.post(
    '/v1/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config: store,
      schema: { tags, summary: 'Send one delivery again now, whatever its status (settings:write; an app: its own)', params: DeliveryParams, response: { 202: envelope(WebhookDeliveryRecord), ...errors } },
    },
    async (request, reply) => {
      const delivery = await webhooks.redeliver(storeCtx(request), request.params.id, request.params.deliveryId);
      return reply.code(202).send(ok('Webhook delivery queued', toWebhookDeliveryRecord(delivery)));
    },
  );

  r.post(
    '/v1/webhooks/:id/redeliver-failed',
    {
      config: store,
      schema: { tags, summary: 'Send every failed delivery of an endpoint again (up to 1,000; settings:write; an app: its own)', params: IdParams, response: { 202: envelope(z.object({ redelivered: z.number().int() })), ...errors } },
    },
    async (request, reply) => reply.code(202).send(ok('Failed webhook deliveries queued', await webhooks.redeliverFailed(storeCtx(request), request.params.id))),
  );
}
