import { z } from 'zod';
import { DELIVERED_EVENT_TYPES } from './event-types.ts';

/** Webhook endpoint input, shared by the REST routes and the MCP tools. */
const url = z.string().trim().min(1, 'must not be empty').max(2048, 'must be at most 2048 characters').describe('https URL that receives the events (http only to loopback, in development)');
const eventTypes = z
  .array(z.string().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters'), 'must be a list of event types')
  .min(1, 'must name at least one event type')
  .max(20, 'must name at most 20 event types')
  .describe('event types (GET /v1/webhooks/event-types), `<area>.*` or `*`');
const description = z.string().trim().max(500, 'must be at most 500 characters').describe('what the endpoint is for, for people');

export const WebhookEndpointInput = z.strictObject({
  url,
  eventTypes,
  description: description.optional(),
  enabled: z.boolean('must be true or false').optional().describe('default true'),
});
export type WebhookEndpointInput = z.infer<typeof WebhookEndpointInput>;

export const WebhookEndpointPatch = z.strictObject({
  url: url.optional(),
  eventTypes: eventTypes.optional(),
  description: description.optional(),
  enabled: z.boolean('must be true or false').optional().describe('true enables the endpoint again (after 410 Gone or failures too); false pauses it'),
});
export type WebhookEndpointPatch = z.infer<typeof WebhookEndpointPatch>;

export const MAX_OVERLAP_SECONDS = 7 * 24 * 3600;
export const RotateSecretInput = z.strictObject({
  overlapSeconds: z
    .number('must be a number of seconds')
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(MAX_OVERLAP_SECONDS, 'must be at most 604800 (7 days)')
    .optional()
    .describe('how long the old secret keeps signing beside the new one; default 86400 (24 hours)'),
});
export type RotateSecretInput = z.infer<typeof RotateSecretInput>;

/** The delivery log's filters, combined (`GET /v1/webhooks/{id}/deliveries`, the MCP tool list_webhook_deliveries). */
export const DeliveryFilters = z.object({
  status: z.enum(['pending', 'succeeded', 'failed'], 'must be pending, succeeded or failed').optional(),
  eventType: z.enum(DELIVERED_EVENT_TYPES, 'must be an event type (GET /v1/webhooks/event-types) or webhook.test').optional().describe('only deliveries of this event type'),
  eventId: z.string().min(1, 'must not be empty').max(64, 'must be at most 64 characters').optional().describe('only the delivery of this event (the webhook-id a receiver got)'),
});
