import { z } from 'zod';
import { DELIVERED_EVENT_TYPES, EVENT_CATALOG, EVENT_TYPES } from '../domain/webhooks/event-types.ts';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '../domain/webhooks/types.ts';
import { envelope, type Representation, WireTimestamp, wireTimestamp } from './envelope.ts';
import { WEBHOOK_EXAMPLES } from './webhook-examples.ts';

const at = (d: Date | null) => (d === null ? null : wireTimestamp(d));

export const WebhookEndpointRecord = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    eventTypes: z.array(z.string()).describe('event types and patterns (`order.*`, `*`) it receives'),
    enabled: z.boolean(),
    disabledReason: z
      .enum(['merchant', 'gone', 'failing'])
      .nullable()
      .describe('why it is not enabled: turned off (merchant), the endpoint answered 410 Gone (gone), or every delivery failed for about a day (failing)'),
    disabledDetail: z.string().nullable().describe('what happened, for people'),
    disabledAt: WireTimestamp.nullable(),
    appClientId: z.string().nullable().describe('the connected app that owns it (removed with the app), or null for the store’s own'),
    previousSecretExpiresAt: WireTimestamp.nullable().describe('until when the previous secret still signs beside the current one, after a rotation'),
    lastSuccessAt: WireTimestamp.nullable().describe('the latest successful delivery (kept to the minute)'),
    failingSince: WireTimestamp.nullable().describe('first failed attempt since the last success, or null'),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'WebhookEndpoint' });

/** An endpoint as `GET /v1/webhooks/{id}` answers it: what its If-Match writes compare against. */
export const WebhookEndpointRep: Representation<WebhookEndpoint> = {
  schema: envelope(WebhookEndpointRecord),
  message: 'Webhook endpoint retrieved',
  toWire: (e) => toWebhookEndpointRecord(e),
};

export const WebhookEndpointWithSecret = WebhookEndpointRecord.extend({
  secret: z.string().describe('the signing secret (whsec_…): shown this once; verify deliveries with it (Standard Webhooks)'),
}).meta({ id: 'WebhookEndpointWithSecret' });

export function toWebhookEndpointRecord(e: WebhookEndpoint): z.input<typeof WebhookEndpointRecord> {
  return {
    id: e.id,
    url: e.url,
    description: e.description,
    eventTypes: e.eventTypes,
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    disabledDetail: e.disabledDetail,
    disabledAt: at(e.disabledAt),
    appClientId: e.clientId,
    previousSecretExpiresAt: at(e.previousSecretExpiresAt),
    lastSuccessAt: at(e.lastSuccessAt),
    failingSince: at(e.failingSince),
    createdAt: wireTimestamp(e.createdAt),
    updatedAt: wireTimestamp(e.updatedAt),
  };
}

export const WebhookDeliveryRecord = z
  .object({
    id: z.string(),
    eventId: z.string().describe('the event’s id, sent as webhook-id on every attempt: deduplicate on it'),
    eventType: z.enum(DELIVERED_EVENT_TYPES).describe('an event type of the catalog, or webhook.test for a test event sent on request'),
    status: z.enum(['pending', 'succeeded', 'failed']).describe('pending: waiting for its next attempt; failed: gave up (redeliver it by hand)'),
    attempts: z.number().int(),
    nextAttemptAt: WireTimestamp.nullable(),
    lastAttemptAt: WireTimestamp.nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: WireTimestamp,
  })
  .meta({ id: 'WebhookDelivery' });

export function toWebhookDeliveryRecord(d: WebhookDelivery): z.input<typeof WebhookDeliveryRecord> {
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    nextAttemptAt: at(d.nextAttemptAt),
    lastAttemptAt: at(d.lastAttemptAt),
    lastStatusCode: d.lastStatusCode,
    lastError: d.lastError,
    createdAt: wireTimestamp(d.createdAt),
  };
}

export const WebhookAttemptRecord = z
  .object({
    id: z.string(),
    attemptedAt: WireTimestamp,
    trigger: z.enum(['scheduled', 'manual', 'test']).describe('scheduled: the first try or a retry; manual: redelivered on request; test: a test event sent on request'),
    statusCode: z.number().int().nullable().describe('the endpoint’s HTTP status, or null when it did not answer'),
    durationMs: z.number().int(),
    error: z.string().nullable(),
    responseSnippet: z.string().nullable().describe('the first 1,000 characters of the answer'),
  })
  .meta({ id: 'WebhookAttempt' });

export function toWebhookAttemptRecord(a: WebhookAttempt): z.input<typeof WebhookAttemptRecord> {
  return {
    id: a.id,
    attemptedAt: wireTimestamp(a.attemptedAt),
    trigger: a.trigger,
    statusCode: a.statusCode,
    durationMs: a.durationMs,
    error: a.error,
    responseSnippet: a.responseSnippet,
  };
}

export const WebhookDeliveryDetail = WebhookDeliveryRecord.extend({
  payload: z.record(z.string(), z.unknown()).describe('the JSON body this delivery sends'),
  attemptLog: z.array(WebhookAttemptRecord),
}).meta({ id: 'WebhookDeliveryDetail' });

export function toWebhookDeliveryDetail(d: { delivery: WebhookDelivery; payload: string; attempts: WebhookAttempt[] }): z.input<typeof WebhookDeliveryDetail> {
  return { ...toWebhookDeliveryRecord(d.delivery), payload: JSON.parse(d.payload) as Record<string, unknown>, attemptLog: d.attempts.map(toWebhookAttemptRecord) };
}

export const EventTypeRecord = z
  .object({
    type: z.enum(EVENT_TYPES),
    description: z.string(),
    permission: z.string().describe('what a subscriber must be able to read'),
    resource: z.string().describe('what `data` is the REST record of; events of one resource arrive in order'),
    example: z.record(z.string(), z.unknown()).describe('a body of this type as an endpoint receives it (ids and times are examples)'),
  })
  .meta({ id: 'WebhookEventType' });

export function eventTypeRecords(): Array<z.input<typeof EventTypeRecord>> {
  return EVENT_TYPES.map((type) => ({ type, ...EVENT_CATALOG[type], example: WEBHOOK_EXAMPLES[type]! }));
}
