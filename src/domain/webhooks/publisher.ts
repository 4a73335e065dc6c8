import type { Tenant } from '../../context.ts';
import { parseStoredScope, restPermissionsOf, CONNECTOR_SCOPE } from '../oauth/scopes.ts';
import { newId } from '../shared/ids.ts';
import { effectivePermissions, isRole, type Permission } from '../shared/permissions.ts';
import { type DeliveredEventType, EVENT_CATALOG, type EventType, patternsMatch } from './event-types.ts';
import type { Subscriber, WebhookRepo } from './ports.ts';
import type { DomainEvent, RenderEvent } from './types.ts';
import type { EmailRepo } from '../email/ports.ts';
import type { NewEmailMessage } from '../email/types.ts';
import type { Notifications } from '../email/notifications.ts';

/** What `publish` needs of the caller's transaction. */
export interface PublisherRepos {
  webhooks: Pick<WebhookRepo, 'subscribers' | 'insertEvents' | 'afterCommit'>;
  email: Pick<EmailRepo, 'insertMessages' | 'afterCommit'>;
}

/**
 * Which event types anyone subscribes to (so a change loads only what will be sent), and what the subscription read
 * told along the way: the store's low-stock threshold, for `inventory.low_stock`.
 */
export type Wants = ((type: EventType) => boolean) & { lowStockThreshold: number | null };

/** Builds the events of a change. */
export type BuildEvents = (wants: Wants) => DomainEvent[] | Promise<DomainEvent[]>;

/** Bodies above this are sent without their record (`data` is `{ id }`, `dataOmitted: true`): fetch it by id. */
export const MAX_PAYLOAD_BYTES = 256 * 1024;

/**
 * What an app's endpoint may receive: what its active grants in the store allow (their scopes, `mcp:store` as the
 * whole role), within the role of the member who approved each. A member's or key's endpoint was bounded by its
 * creator's permissions when made (webhook-service.ts).
 */
export function appReadable(subscriber: Pick<Subscriber, 'appGrants'>): Set<Permission> {
  const readable = new Set<Permission>();
  for (const grant of subscriber.appGrants) {
    if (!isRole(grant.role)) continue;
    const scopes = parseStoredScope(grant.scope);
    const restriction = scopes.includes(CONNECTOR_SCOPE) ? null : [...restPermissionsOf(scopes)];
    for (const p of effectivePermissions(grant.role, restriction)) readable.add(p);
  }
  return readable;
}

/** The body every endpoint receives (docs/webhooks.md, "The event"): the envelope around the record. */
export function eventEnvelope(e: { id: string; type: DeliveredEventType; createdAt: string; tenant: Tenant; data: unknown; change?: unknown }) {
  return { id: e.id, type: e.type, createdAt: e.createdAt, storeId: e.tenant.storeId, mode: e.tenant.mode, data: e.data, ...(e.change ? { change: e.change } : {}) };
}

/**
 * The outbox's writer. Areas call `publish` inside the transaction of the change, so an event exists exactly when its
 * change was committed (a rolled-back change leaves none; a committed one is delivered even if the process dies right
 * after commit). An event no enabled endpoint subscribes to is not written. `render` turns an event into its REST
 * record (src/wire/webhooks.ts), `formatTime` writes the envelope's time as the wire does; `notify` is told after the
 * commit, so the delivery worker starts at once.
 */
export function createEventPublisher(deps: {
  render: RenderEvent;
  formatTime: (d: Date) => string;
  notify?: () => void;
  /** Store notifications by mail (MAIL_FEATURES notifications), queued from the same events; absent: none. */
  notifications?: Notifications | undefined;
  /** Wakes the mail sender after a commit that queued mail. */
  notifyMail?: () => void;
}) {
  return {
    async publish(repos: PublisherRepos, tenant: Tenant, now: Date, build: BuildEvents): Promise<void> {
      const { subscribers, lowStockThreshold, notifications: settings } = await repos.webhooks.subscribers(tenant);
      const mail = deps.notifications && settings ? { notifications: deps.notifications, settings } : undefined;
      if (subscribers.length === 0 && !mail) return;
      const readable = new Map(subscribers.filter((s) => s.clientId !== null).map((s) => [s.id, appReadable(s)]));
      const receivers = (type: EventType) =>
        subscribers.filter((s) => patternsMatch(s.eventTypes, type) && (s.clientId === null || readable.get(s.id)!.has(EVENT_CATALOG[type].permission)));
      const mailed = (type: EventType) => mail?.notifications.notifies(mail.settings, type) === true;
      const wants: Wants = Object.assign((type: EventType) => receivers(type).length > 0 || mailed(type), { lowStockThreshold });
      const events = await build(wants);
      const rows: Parameters<WebhookRepo['insertEvents']>[1] = [];
      const messages: NewEmailMessage[] = [];
      for (const event of events) {
        if (mail) {
          const message = mail.notifications.message(event, tenant, now, mail.settings);
          if (message) messages.push(message);
        }
        const to = receivers(event.type);
        if (to.length === 0) continue;
        const id = newId('evt', now);
        const rendered = deps.render(event, now);
        const envelope = eventEnvelope({ id, type: event.type, createdAt: deps.formatTime(now), tenant, data: rendered.data, change: rendered.change });
        let payload = JSON.stringify(envelope);
        if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) payload = JSON.stringify({ ...envelope, data: { id: rendered.resource.id }, dataOmitted: true });
        rows.push({
          event: { id, type: event.type, resourceKey: `${rendered.resource.type}:${rendered.resource.id}`, payload, createdAt: now },
          deliveries: to.map((s) => ({ id: newId('whd', now), endpointId: s.id })),
        });
      }
      await repos.webhooks.insertEvents(tenant, rows);
      if (rows.length > 0 && deps.notify) repos.webhooks.afterCommit(deps.notify);
      if (messages.length > 0) {
        await repos.email.insertMessages(messages);
        if (deps.notifyMail) repos.email.afterCommit(deps.notifyMail);
      }
    },
  };
}

export type EventPublisher = ReturnType<typeof createEventPublisher>;
