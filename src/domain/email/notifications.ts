import type { Tenant } from '../../context.ts';
import { currencyOf, fromMinor } from '../shared/money.ts';
import { newId } from '../shared/ids.ts';
import type { DomainEvent } from '../webhooks/types.ts';
import type { EventType } from '../webhooks/event-types.ts';
import type { RenderEmail } from './ports.ts';
import { NOTIFICATION_TOPICS, type EmailKind, type NewEmailMessage, type NotificationTopic } from './types.ts';

/** The events a store notification is sent for, and the kind of mail each becomes. */
const KIND_OF_EVENT: Partial<Record<EventType, EmailKind>> = {
  'order.created': 'order_created',
  'payment.succeeded': 'order_paid',
  'inventory.low_stock': 'low_stock',
  'app.connected': 'app_connected',
  'app.disconnected': 'app_disconnected',
};

/** What the subscription read tells about a store's notifications in one mode. */
export interface NotificationSettings {
  /** `notificationEmail` of the mode, or null: nothing is sent. */
  to: string | null;
  /** The topics a member turned off in that mode. */
  off: readonly string[];
  storeName: string;
}

function topicOf(kind: EmailKind): NotificationTopic | undefined {
  return (Object.keys(NOTIFICATION_TOPICS) as NotificationTopic[]).find((t) => (NOTIFICATION_TOPICS[t] as readonly EmailKind[]).includes(kind));
}

/** Whether an event of `type` becomes a notification mail for this store and mode. */
export function notifies(settings: NotificationSettings | null, type: EventType): boolean {
  if (!settings?.to) return false;
  const kind = KIND_OF_EVENT[type];
  if (!kind) return false;
  const topic = topicOf(kind);
  return topic !== undefined && !settings.off.includes(topic);
}

/**
 * Store notifications (docs/email.md, "Store notifications"): one mail per event the store's `notificationEmail` of
 * the mode wants, queued in the transaction of the change (the webhook publisher calls this with the events it
 * built). One order, one mail: no digest, so a merchant hears of each order when it comes.
 */
export function createNotifications(deps: { baseUrl: string; render: RenderEmail }) {
  const dashboard = (tenant: Tenant, path: string) =>
    `${deps.baseUrl}/dashboard${path}?${new URLSearchParams({ store: tenant.storeId, ...(tenant.mode === 'test' ? { mode: 'test' } : {}) })}`;

  return {
    notifies,
    message(event: DomainEvent, tenant: Tenant, now: Date, settings: NotificationSettings): NewEmailMessage | null {
      if (!notifies(settings, event.type)) return null;
      const base = { storeName: settings.storeName, mode: tenant.mode };
      let kind: EmailKind;
      let subjectOf: string;
      let params: Record<string, string | number | null>;
      switch (event.type) {
        case 'order.created': {
          const { order, currency } = event;
          kind = 'order_created';
          subjectOf = order.id;
          params = {
            ...base,
            orderNumber: order.number,
            itemCount: order.lines.reduce((n, l) => n + l.quantity, 0),
            total: `${fromMinor(order.totalMinor, currency).toFixed(currency.digits)} ${currency.code}`,
            customerName: order.customerName,
            link: dashboard(tenant, `/orders/${encodeURIComponent(order.id)}`),
          };
          break;
        }
        case 'payment.succeeded': {
          // Money recorded on an order through a provider: the merchant hears the order is paid (a flagged payment
          // is not recorded, so it is not "paid"; its webhook and the audit log say so).
          const { payment, orderNumber } = event;
          if (payment.orderId === null || payment.paymentId === null) return null;
          kind = 'order_paid';
          subjectOf = payment.id;
          const c = currencyOf(payment.currency);
          params = {
            ...base,
            orderNumber,
            total: `${fromMinor(payment.amountMinor, c).toFixed(c.digits)} ${payment.currency}`,
            provider: payment.provider,
            link: dashboard(tenant, `/orders/${encodeURIComponent(payment.orderId)}`),
          };
          break;
        }
        case 'inventory.low_stock': {
          const { sku, threshold, to } = event;
          kind = 'low_stock';
          subjectOf = `${sku.id}:${now.toISOString()}`;
          params = { ...base, skuCode: sku.sku, available: to, threshold, link: dashboard(tenant, `/products/${encodeURIComponent(sku.productId)}`) };
          break;
        }
        case 'app.connected':
        case 'app.disconnected': {
          const { app } = event;
          kind = event.type === 'app.connected' ? 'app_connected' : 'app_disconnected';
          subjectOf = `${app.clientId}:${now.toISOString()}`;
          params = {
            ...base,
            appName: app.clientName,
            approvedBy: app.approvedBy.map((a) => a.email).join(', '),
            scopes: app.scopes.join(' '),
            link: dashboard(tenant, '/connected-apps'),
          };
          break;
        }
        default:
          return null;
      }
      const id = newId('eml', now);
      return {
        id,
        storeId: tenant.storeId,
        mode: tenant.mode,
        kind,
        cause: `${kind}:${tenant.storeId}:${tenant.mode}:${subjectOf}`.slice(0, 200),
        to: settings.to!,
        subject: deps.render(kind, params).subject,
        params,
        createdAt: now,
      };
    },
  };
}

export type Notifications = ReturnType<typeof createNotifications>;
