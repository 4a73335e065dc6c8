import type { StoreContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { StoreRepo } from '../accounts/ports.ts';
import type { AuditRepo } from '../audit/ports.ts';
import { requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { newId } from '../shared/ids.ts';
import { anyIdCursor, pageOf } from '../shared/pagination.ts';
import type { Precondition } from '../shared/preconditions.ts';
import type { Transactional } from '../shared/transactional.ts';
import { invalid } from '../shared/validation.ts';
import { attemptOf, succeeded } from './delivery-rules.ts';
import { type DeliveredEventType, EVENT_CATALOG, isEventType, readPermissionsOf, TEST_EVENT_TYPE, typesMatching } from './event-types.ts';
import type { EndpointPatch, WebhookRepo, WebhookTransport } from './ports.ts';
import { eventEnvelope } from './publisher.ts';
import { newSigningSecret, sendSigned } from './signing.ts';
import type { DeliveryStatus, SigningEndpoint, WebhookAttempt, WebhookDelivery, WebhookEndpoint } from './types.ts';
import type { RotateSecretInput, WebhookEndpointInput, WebhookEndpointPatch } from './webhook-schemas.ts';

/** The repositories webhook-service.ts reads and writes. */
export interface WebhookServiceRepos {
  webhooks: Pick<
    WebhookRepo,
    'countEndpoints' | 'deleteEndpoint' | 'findDelivery' | 'findEndpoint' | 'insertEndpoint' | 'listAttempts' | 'listDeliveries' | 'insertTestDelivery' | 'listEndpoints' | 'lockEndpoint' | 'redeliver' | 'redeliverFailed' | 'resumeDeliveries' | 'updateEndpoint'
  >;
  audit: Pick<AuditRepo, 'insert'>;
  stores: Pick<StoreRepo, 'lockStore'>;
}

/** Endpoints per store and mode. */
export const MAX_ENDPOINTS = 20;
/** Failed deliveries made pending again by one "redeliver failed" request. */
export const MAX_REDELIVER_FAILED = 1000;
export const DEFAULT_OVERLAP_SECONDS = 24 * 3600;

function endpointNotFound(id: string): AppError {
  return new AppError('WEBHOOK_NOT_FOUND', `No webhook endpoint "${id}" in this store and mode. List them with GET /v1/webhooks.`);
}

function deliveryNotFound(id: string): AppError {
  return new AppError('WEBHOOK_DELIVERY_NOT_FOUND', `No delivery "${id}" to this endpoint. List them with GET /v1/webhooks/{id}/deliveries.`);
}

/** The public form of an endpoint: everything but its secrets. */
function withoutSecrets(e: SigningEndpoint): WebhookEndpoint {
  const { secret: _secret, previousSecret: _previous, ...endpoint } = e;
  return endpoint;
}

/**
 * Webhook endpoints of the active store and mode (docs/webhooks.md). Members and API keys manage the store's endpoints
 * with settings:write and see them with settings:read; a connected app manages only the endpoints it made (no settings
 * permission needed), which are removed with the app. Either way an endpoint may only subscribe to events its creator
 * may read (order events need orders:read, …): a subscription is a standing read, bounded like every credential.
 */
export function createWebhookService(deps: {
  repos: Transactional<WebhookServiceRepos>;
  transport: Pick<WebhookTransport, 'check' | 'send'>;
  /** Writes the envelope's time as the wire does (the publisher's `formatTime`). */
  formatTime: (d: Date) => string;
}) {
  const { repos, transport } = deps;

  /** Whose endpoints the caller manages: an app its own (its client id), anyone else the store's (undefined). */
  function owner(ctx: StoreContext, write: boolean): string | undefined {
    if (ctx.app) return ctx.app.clientId;
    requirePermission(ctx, write ? 'settings:write' : 'settings:read');
    return undefined;
  }

  async function find(ctx: StoreContext, id: string, clientId: string | undefined, lock = false, r: WebhookServiceRepos = repos): Promise<SigningEndpoint> {
    const endpoint = lock ? await r.webhooks.lockEndpoint(ctx.tenant, id) : await r.webhooks.findEndpoint(ctx.tenant, id);
    if (!endpoint || (clientId !== undefined && endpoint.clientId !== clientId)) throw endpointNotFound(id);
    return endpoint;
  }

  /** Known patterns, each naming at least one type, all readable by the caller; deduplicated, in the given order. */
  function checkEventTypes(ctx: StoreContext, patterns: readonly string[]): string[] {
    const problems = patterns.flatMap((p, i) =>
      typesMatching(p).length === 0 ? [{ path: `eventTypes[${i}]`, rule: 'must be an event type from GET /v1/webhooks/event-types, `<area>.*` (such as order.*) or `*`' }] : [],
    );
    if (problems.length > 0) throw invalid(problems);
    requireReadingOf(ctx, patterns);
    return [...new Set(patterns)];
  }

  /**
   * Directing data somewhere is reading it (docs/security.md, "Directing data"): whoever points an endpoint's events at
   * a URL, holds its signing secret or reads a delivery's body must be able to read every event that flows there.
   */
  function requireReadingOf(ctx: StoreContext, patterns: readonly string[]): void {
    for (const permission of readPermissionsOf(patterns)) requirePermission(ctx, permission);
  }

  /** A delivery's body is the record of its resource: reading it takes that resource's read permission. */
  function requireReadingDelivered(ctx: StoreContext, type: DeliveredEventType): void {
    if (isEventType(type)) requirePermission(ctx, EVENT_CATALOG[type].permission);
  }

  async function checkUrl(url: string): Promise<string> {
    const problem = await transport.check(url);
    if (problem !== null) throw invalid([{ path: 'url', rule: problem }]);
    return new URL(url).href;
  }

  return {
    async list(ctx: StoreContext, page: { limit: number; cursor?: string | undefined }): Promise<{ items: WebhookEndpoint[]; nextCursor: string | null }> {
      const clientId = owner(ctx, false);
      const after = page.cursor === undefined ? undefined : anyIdCursor.decode(page.cursor);
      const rows = await repos.webhooks.listEndpoints(ctx.tenant, { clientId, limit: page.limit, after });
      return pageOf(rows, page.limit, (last) => anyIdCursor.encode(last.id));
    },

    async get(ctx: StoreContext, id: string): Promise<WebhookEndpoint> {
      return withoutSecrets(await find(ctx, id, owner(ctx, false)));
    },

    /** Creates an endpoint; its signing secret is in the answer, once. */
    async create(ctx: StoreContext, input: WebhookEndpointInput): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      const clientId = owner(ctx, true);
      const eventTypes = checkEventTypes(ctx, input.eventTypes);
      const url = await checkUrl(input.url);
      const enabled = input.enabled ?? true;
      const endpoint: SigningEndpoint = {
        id: newId('whe', ctx.now),
        storeId: ctx.tenant.storeId,
        mode: ctx.tenant.mode,
        url,
        description: input.description ?? '',
        eventTypes,
        enabled,
        disabledReason: enabled ? null : 'merchant',
        disabledDetail: null,
        disabledAt: enabled ? null : ctx.now,
        clientId: clientId ?? null,
        previousSecretExpiresAt: null,
        failingSince: null,
        lastSuccessAt: null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
        secret: newSigningSecret(),
        previousSecret: null,
      };
      await repos.transaction(async (repos) => {
        // The store's row is locked so two creations at once cannot both pass the count. The store's own endpoints and
        // each app's count separately: an app cannot use up the merchant's.
        await repos.stores.lockStore(ctx.tenant.storeId);
        const existing = await repos.webhooks.countEndpoints(ctx.tenant, clientId ?? null);
        if (existing >= MAX_ENDPOINTS) {
          throw new AppError(
            'WEBHOOK_LIMIT_REACHED',
            `${clientId ? 'This app has' : 'This store has'} ${MAX_ENDPOINTS} webhook endpoints in ${ctx.tenant.mode} mode, the most it may have. Delete one you no longer use, or subscribe an existing one to more events.`,
          );
        }
        await repos.webhooks.insertEndpoint(endpoint);
        await recordAudit(repos, ctx, { action: 'webhook.create', targetType: 'webhook_endpoint', targetId: endpoint.id, details: { url, eventTypes, enabled } });
      });
      return { endpoint: withoutSecrets(endpoint), secret: endpoint.secret };
    },

    /** Changes the sent fields. `enabled: true` also clears why it was disabled and makes its pending deliveries due. */
    async update(ctx: StoreContext, id: string, patch: WebhookEndpointPatch, precondition?: Precondition<WebhookEndpoint>): Promise<WebhookEndpoint> {
      const clientId = owner(ctx, true);
      const eventTypes = patch.eventTypes === undefined ? undefined : checkEventTypes(ctx, patch.eventTypes);
      // A new URL receives what the endpoint subscribes to: refused (403) before the URL is even resolved.
      if (patch.url !== undefined && eventTypes === undefined) requireReadingOf(ctx, (await find(ctx, id, clientId)).eventTypes);
      const url = patch.url === undefined ? undefined : await checkUrl(patch.url);
      return repos.transaction(async (repos) => {
        const current = await find(ctx, id, clientId, true, repos);
        // Again on the locked row: its subscription may have grown since.
        if (url !== undefined && eventTypes === undefined) requireReadingOf(ctx, current.eventTypes);
        precondition?.(withoutSecrets(current));
        const change: EndpointPatch = {
          ...(url !== undefined ? { url } : {}),
          ...(eventTypes !== undefined ? { eventTypes } : {}),
          ...(patch.description !== undefined ? { description: patch.description } : {}),
        };
        if (patch.enabled === true && !current.enabled) {
          Object.assign(change, { enabled: true, disabledReason: null, disabledDetail: null, disabledAt: null, failingSince: null });
          await repos.webhooks.resumeDeliveries(ctx.tenant, id, ctx.now);
        } else if (patch.enabled === false && current.enabled) {
          Object.assign(change, { enabled: false, disabledReason: 'merchant', disabledDetail: null, disabledAt: ctx.now });
        }
        await repos.webhooks.updateEndpoint(ctx.tenant, id, change, ctx.now);
        await recordAudit(repos, ctx, { action: 'webhook.update', targetType: 'webhook_endpoint', targetId: id, details: { fields: Object.keys(patch) } });
        return withoutSecrets((await repos.webhooks.findEndpoint(ctx.tenant, id))!);
      });
    },

    /** Deletes the endpoint with its deliveries and their log. */
    async remove(ctx: StoreContext, id: string, precondition?: Precondition<WebhookEndpoint>): Promise<void> {
      const clientId = owner(ctx, true);
      await repos.transaction(async (repos) => {
        const endpoint = await find(ctx, id, clientId, true, repos);
        precondition?.(withoutSecrets(endpoint));
        await repos.webhooks.deleteEndpoint(ctx.tenant, id);
        await recordAudit(repos, ctx, { action: 'webhook.delete', targetType: 'webhook_endpoint', targetId: id, details: { url: endpoint.url } });
      });
    },

    /** Refuses as `remove` would, changing nothing. */
    async checkRemove(ctx: StoreContext, id: string): Promise<void> {
      await find(ctx, id, owner(ctx, true));
    },

    /** A new signing secret (in the answer, once); the old one keeps signing beside it for `overlapSeconds`. */
    async rotateSecret(ctx: StoreContext, id: string, input: RotateSecretInput): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
      const clientId = owner(ctx, true);
      const overlap = input.overlapSeconds ?? DEFAULT_OVERLAP_SECONDS;
      const secret = newSigningSecret();
      const endpoint = await repos.transaction(async (repos) => {
        const current = await find(ctx, id, clientId, true, repos);
        // The secret verifies (and so reads) every event the endpoint receives.
        requireReadingOf(ctx, current.eventTypes);
        const previousSecretExpiresAt = overlap > 0 ? new Date(ctx.now.getTime() + overlap * 1000) : null;
        await repos.webhooks.updateEndpoint(ctx.tenant, id, { secret, previousSecret: overlap > 0 ? current.secret : null, previousSecretExpiresAt }, ctx.now);
        await recordAudit(repos, ctx, { action: 'webhook.rotate_secret', targetType: 'webhook_endpoint', targetId: id, details: { overlapSeconds: overlap } });
        return (await repos.webhooks.findEndpoint(ctx.tenant, id))!;
      });
      return { endpoint: withoutSecrets(endpoint), secret };
    },

    /** Refuses as `rotateSecret` would, changing nothing. */
    async checkRotateSecret(ctx: StoreContext, id: string): Promise<void> {
      requireReadingOf(ctx, (await find(ctx, id, owner(ctx, true))).eventTypes);
    },

    /** The endpoint's deliveries, newest first. */
    async deliveries(
      ctx: StoreContext,
      id: string,
      query: { status?: DeliveryStatus | undefined; eventType?: DeliveredEventType | undefined; eventId?: string | undefined; limit: number; cursor?: string | undefined },
    ): Promise<{ items: WebhookDelivery[]; nextCursor: string | null }> {
      await find(ctx, id, owner(ctx, false));
      const after = query.cursor === undefined ? undefined : anyIdCursor.decode(query.cursor);
      const rows = await repos.webhooks.listDeliveries(ctx.tenant, id, { status: query.status, eventType: query.eventType, eventId: query.eventId, limit: query.limit, after });
      return pageOf(rows, query.limit, (last) => anyIdCursor.encode(last.id));
    },

    /** One delivery with the body it sends and every attempt. */
    async delivery(ctx: StoreContext, id: string, deliveryId: string): Promise<{ delivery: WebhookDelivery; payload: string; attempts: WebhookAttempt[] }> {
      await find(ctx, id, owner(ctx, false));
      const found = await repos.webhooks.findDelivery(ctx.tenant, id, deliveryId);
      if (!found) throw deliveryNotFound(deliveryId);
      requireReadingDelivered(ctx, found.eventType);
      const { payload, ...delivery } = found;
      return { delivery, payload, attempts: await repos.webhooks.listAttempts(ctx.tenant, deliveryId) };
    },

    /** Sends one delivery again now (whatever its status), outside its retry schedule. */
    async redeliver(ctx: StoreContext, id: string, deliveryId: string): Promise<WebhookDelivery> {
      const clientId = owner(ctx, true);
      return repos.transaction(async (repos) => {
        await find(ctx, id, clientId, true, repos);
        const found = await repos.webhooks.findDelivery(ctx.tenant, id, deliveryId);
        if (!found) throw deliveryNotFound(deliveryId);
        // Sending it again sends its body to the endpoint's URL now.
        requireReadingDelivered(ctx, found.eventType);
        if (!(await repos.webhooks.redeliver(ctx.tenant, id, deliveryId, ctx.now))) {
          throw new AppError('WEBHOOK_DELIVERY_IN_PROGRESS', `Delivery ${deliveryId} is being sent right now; ask again once its attempt is in the log.`);
        }
        await recordAudit(repos, ctx, { action: 'webhook.redeliver', targetType: 'webhook_endpoint', targetId: id, details: { deliveryId } });
        const { payload: _payload, ...delivery } = (await repos.webhooks.findDelivery(ctx.tenant, id, deliveryId))!;
        return delivery;
      });
    },

    /** Sends every failed delivery of the endpoint again (up to 1,000 per request); answers how many. */
    async redeliverFailed(ctx: StoreContext, id: string): Promise<{ redelivered: number }> {
      const clientId = owner(ctx, true);
      return repos.transaction(async (repos) => {
        const endpoint = await find(ctx, id, clientId, true, repos);
        requireReadingOf(ctx, endpoint.eventTypes);
        // Failed deliveries of types the endpoint no longer subscribes to go again only if the caller may read them.
        const readable = [...typesMatching('*').filter((type) => ctx.permissions.has(EVENT_CATALOG[type].permission)), TEST_EVENT_TYPE];
        const redelivered = await repos.webhooks.redeliverFailed(ctx.tenant, id, ctx.now, MAX_REDELIVER_FAILED, readable);
        await recordAudit(repos, ctx, { action: 'webhook.redeliver_failed', targetType: 'webhook_endpoint', targetId: id, details: { redelivered } });
        return { redelivered };
      });
    },

    /**
     * Sends a test event (`webhook.test`) to the endpoint now, once, signed like every delivery, and records it in the
     * delivery log as succeeded or failed (no retry). Works on a disabled endpoint too (to check it before enabling it
     * again) and changes nothing about the endpoint: its state, health and waiting deliveries stay as they are.
     */
    async sendTest(ctx: StoreContext, id: string): Promise<{ delivery: WebhookDelivery; payload: string; attempts: WebhookAttempt[] }> {
      const clientId = owner(ctx, true);
      const endpoint = await find(ctx, id, clientId);
      const at = ctx.now;
      const eventId = newId('evt', at);
      const data = { endpointId: endpoint.id, message: 'A test event, sent on request. It stands for no change in the store.' };
      const payload = JSON.stringify(eventEnvelope({ id: eventId, type: TEST_EVENT_TYPE, createdAt: deps.formatTime(at), tenant: ctx.tenant, data }));
      const result = await sendSigned(transport, endpoint, eventId, payload, at);
      const attempt = attemptOf(result, { id: newId('wha', at), attemptedAt: at, trigger: 'test' });
      const status = succeeded(result) ? 'succeeded' : 'failed';
      const deliveryId = newId('whd', at);
      return repos.transaction(async (repos) => {
        // Deleted while the test was on its way: nothing to record it against.
        await find(ctx, id, clientId, true, repos);
        await repos.webhooks.insertTestDelivery(ctx.tenant, {
          event: { id: eventId, type: TEST_EVENT_TYPE, resourceKey: `webhook_endpoint:${endpoint.id}`, payload, createdAt: at },
          delivery: { id: deliveryId, endpointId: endpoint.id, status },
          attempt,
        });
        await recordAudit(repos, ctx, { action: 'webhook.test', targetType: 'webhook_endpoint', targetId: id, details: { status, statusCode: attempt.statusCode } });
        const delivery: WebhookDelivery = {
          id: deliveryId,
          endpointId: endpoint.id,
          eventId,
          eventType: TEST_EVENT_TYPE,
          status,
          attempts: 1,
          nextAttemptAt: null,
          lastAttemptAt: at,
          lastStatusCode: attempt.statusCode,
          lastError: attempt.error,
          createdAt: at,
        };
        return { delivery, payload, attempts: [attempt] };
      });
    },
  };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
