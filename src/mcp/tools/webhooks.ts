import { z } from 'zod';
import { type Permission, sortPermissions } from '../../domain/shared/permissions.ts';
import { EVENT_TYPES, readPermissionsOf } from '../../domain/webhooks/event-types.ts';
import { DeliveryFilters, RotateSecretInput, WebhookEndpointInput, WebhookEndpointPatch } from '../../domain/webhooks/webhook-schemas.ts';
import { DEFAULT_OVERLAP_SECONDS } from '../../domain/webhooks/webhook-service.ts';
import { pagination } from '../../wire/page.ts';
import { toWebhookDeliveryRecord, toWebhookEndpointRecord, WebhookDeliveryRecord, WebhookEndpointRecord, WebhookEndpointWithSecret } from '../../wire/webhooks.ts';
import { Confirm } from '../confirm.ts';
import { CREATE, DESTROY, DeletedOutput, defineTool, Id, listOutput, PageInput, READ, UPDATE } from '../tool.ts';

const area = 'store' as const;

/**
 * What subscribing to these patterns takes, as the service checks it: settings:write, and reading every event type
 * named (order events need orders:read, …). Unknown patterns need nothing more: the service refuses them first.
 */
const subscribing = (args: { eventTypes?: readonly string[] | undefined }): readonly Permission[] =>
  sortPermissions(['settings:write', ...readPermissionsOf(args.eventTypes ?? [])]);

/** `24 hours`, `90 minutes`, `45 seconds`: an overlap in the largest whole unit, for the preview. */
function duration(seconds: number): string {
  const [n, unit] = seconds % 3600 === 0 ? [seconds / 3600, 'hour'] : seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}



/** Store operations: webhook endpoints and their deliveries (the same service as /v1/webhooks, docs/webhooks.md). */
export const webhookTools = [
  defineTool({
    name: 'list_webhooks',
    area,
    title: 'List webhook endpoints',
    description: 'The webhook endpoints of this store and mode: URL, event types, enabled or why not, last success. Through a connected app, only those it made. Paginated.',
    permission: 'settings:read',
    does: READ,
    input: z.strictObject({ ...PageInput }),
    output: listOutput(WebhookEndpointRecord),
    async run(s, ctx, args) {
      const page = await s.webhooks.list(ctx, args);
      return { summary: `${page.items.length} webhook endpoint(s)`, data: { items: page.items.map(toWebhookEndpointRecord), pagination: pagination(args.limit, page.nextCursor) } };
    },
  }),
  defineTool({
    name: 'create_webhook',
    area,
    title: 'Create a webhook endpoint',
    description: `Subscribes an https URL to events, each readable by the caller (order events need orders:read, …). Types: ${EVENT_TYPES.join(', ')}; or <area>.*, or *. The answer has the signing secret, shown this once.`,
    permission: 'settings:write',
    permissionsOf: subscribing,
    does: CREATE,
    input: WebhookEndpointInput,
    output: z.object({ webhook: WebhookEndpointWithSecret }),
    async run(s, ctx, args) {
      const { endpoint, secret } = await s.webhooks.create(ctx, args);
      return { summary: `Webhook endpoint ${endpoint.id} created for ${endpoint.url}; its signing secret is shown this once`, data: { webhook: { ...toWebhookEndpointRecord(endpoint), secret } } };
    },
  }),
  defineTool({
    name: 'update_webhook',
    area,
    title: 'Change a webhook endpoint',
    description: 'Changes only the fields sent (url, eventTypes, description); enabled: false pauses it, enabled: true turns it on again (after failures or 410 Gone too) and sends what is pending.',
    permission: 'settings:write',
    permissionsOf: subscribing,
    does: UPDATE,
    input: z.strictObject({ webhookId: Id, ...WebhookEndpointPatch.shape }),
    output: z.object({ webhook: WebhookEndpointRecord }),
    async run(s, ctx, { webhookId, ...patch }) {
      const endpoint = await s.webhooks.update(ctx, webhookId, patch);
      return { summary: `Webhook endpoint ${endpoint.id} updated`, data: { webhook: toWebhookEndpointRecord(endpoint) } };
    },
  }),
  defineTool({
    name: 'delete_webhook',
    area,
    title: 'Delete a webhook endpoint',
    description: 'Deletes a webhook endpoint with its deliveries and their log (to pause it, update_webhook enabled: false). Needs confirm: true.',
    permission: 'settings:write',
    does: DESTROY,
    confirm: (a) => `delete webhook endpoint ${a.webhookId} with its deliveries; it receives no more events`,
    precheck: (s, ctx, a) => s.webhooks.checkRemove(ctx, a.webhookId),
    input: z.strictObject({ webhookId: Id, confirm: Confirm }),
    output: DeletedOutput,
    async run(s, ctx, args) {
      await s.webhooks.remove(ctx, args.webhookId);
      return { summary: `Webhook endpoint ${args.webhookId} deleted`, data: { id: args.webhookId, deleted: true as const } };
    },
  }),
  defineTool({
    name: 'rotate_webhook_secret',
    area,
    title: 'Rotate a webhook signing secret',
    description: 'A new signing secret, shown this once; the old one keeps signing beside it for overlapSeconds, then stops. Needs confirm: true.',
    permission: 'settings:write',
    // The old secret ends (at once, or after the overlap): a credential revoked. Each call makes another secret.
    does: { effects: ['revokes-access'], idempotent: false },
    confirm: (a) => {
      const overlap = a.overlapSeconds ?? DEFAULT_OVERLAP_SECONDS;
      const old = overlap === 0 ? 'the old one stops signing at once' : `the old one keeps signing beside it for ${duration(overlap)}, then stops`;
      return `replace the signing secret of webhook endpoint ${a.webhookId}; ${old}, so its receiver must verify with the new one`;
    },
    precheck: (s, ctx, a) => s.webhooks.checkRotateSecret(ctx, a.webhookId),
    input: z.strictObject({ webhookId: Id, ...RotateSecretInput.shape, confirm: Confirm }),
    output: z.object({ webhook: WebhookEndpointWithSecret }),
    async run(s, ctx, { webhookId, confirm: _confirm, ...input }) {
      const { endpoint, secret } = await s.webhooks.rotateSecret(ctx, webhookId, input);
      return { summary: `Signing secret of webhook endpoint ${endpoint.id} rotated; the new one is shown this once`, data: { webhook: { ...toWebhookEndpointRecord(endpoint), secret } } };
    },
  }),
  defineTool({
    name: 'list_webhook_deliveries',
    area,
    title: 'Webhook delivery log',
    description: 'An endpoint’s deliveries, newest first: event, status, attempts, last HTTP status and error; filter by status, event type or event id. Paginated.',
    permission: 'settings:read',
    does: READ,
    input: z.strictObject({ webhookId: Id, ...PageInput, ...DeliveryFilters.shape }),
    output: listOutput(WebhookDeliveryRecord),
    async run(s, ctx, { webhookId, ...query }) {
      const page = await s.webhooks.deliveries(ctx, webhookId, query);
      return { summary: `${page.items.length} deliver${page.items.length === 1 ? 'y' : 'ies'}`, data: { items: page.items.map(toWebhookDeliveryRecord), pagination: pagination(query.limit, page.nextCursor) } };
    },
  }),
  defineTool({
    name: 'redeliver_webhook',
    area,
    title: 'Send webhook deliveries again',
    description: 'Sends one delivery again now, whatever its status; without deliveryId, every failed delivery of the endpoint (up to 1,000).',
    permission: 'settings:write',
    // Makes deliveries due again; each call sends them once more.
    does: { effects: ['changes'], idempotent: false },
    input: z.strictObject({ webhookId: Id, deliveryId: Id.optional() }),
    output: z.object({ redelivered: z.number().int(), delivery: WebhookDeliveryRecord.optional() }),
    async run(s, ctx, { webhookId, deliveryId }) {
      if (deliveryId === undefined) {
        const { redelivered } = await s.webhooks.redeliverFailed(ctx, webhookId);
        return { summary: `${redelivered} failed deliver${redelivered === 1 ? 'y' : 'ies'} queued again`, data: { redelivered } };
      }
      const delivery = await s.webhooks.redeliver(ctx, webhookId, deliveryId);
      return { summary: `Delivery ${delivery.id} queued again`, data: { redelivered: 1, delivery: toWebhookDeliveryRecord(delivery) } };
    },
  }),
];
