import type { Return } from '../returns/types.ts';
import type { StockLevel } from '../inventory/types.ts';
import type { Mode } from '../../context.ts';
import type { ProductView, Sku } from '../catalog/types.ts';
import type { CustomerView } from '../customers/customer-types.ts';
import type { ConnectedApp } from '../oauth/types.ts';
import type { OrderDetail, OrderStatus, Shipment } from '../orders/order-types.ts';
import type { Review } from '../reviews/review-types.ts';
import type { PaymentLinkView } from '../payments/payment-link-service.ts';
import type { Payment, ProviderPayment } from '../payments/types.ts';
import type { Currency } from '../shared/money.ts';
import type { DeliveredEventType } from './event-types.ts';

/** Why an endpoint is not enabled: its owner turned it off, it answered 410 Gone, or every delivery failed. */
export type DisabledReason = 'merchant' | 'gone' | 'failing';

/** A webhook subscription of one store and mode. */
export interface WebhookEndpoint {
  id: string;
  storeId: string;
  mode: Mode;
  url: string;
  description: string;
  eventTypes: string[];
  enabled: boolean;
  disabledReason: DisabledReason | null;
  disabledDetail: string | null;
  disabledAt: Date | null;
  /** The OAuth app that owns it (an app manages only its own); null for the store's. */
  clientId: string | null;
  /** When the previous secret stops signing (a rotation's overlap), or null. */
  previousSecretExpiresAt: Date | null;
  failingSince: Date | null;
  lastSuccessAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The endpoint with what signs its deliveries (never leaves the service but once, when made). */
export interface SigningEndpoint extends WebhookEndpoint {
  secret: string;
  previousSecret: string | null;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** One event to one endpoint. */
export interface WebhookDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: DeliveredEventType;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
}

export interface WebhookAttempt {
  id: string;
  attemptedAt: Date;
  /** `scheduled` (first try or a retry), `manual` (redelivered on request) or `test` (a test event sent on request). */
  trigger: 'scheduled' | 'manual' | 'test';
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseSnippet: string | null;
}

/**
 * What happened, as the areas tell it, in the transaction of the change (domain/webhooks/publisher.ts). The payload's
 * `data` is the REST record of the resource at that moment (the composition root hands the publisher the wire
 * mappers: `RenderEvent`).
 */
export type DomainEvent =
  | { type: 'order.created'; order: OrderDetail; currency: Currency }
  | { type: 'checkout.completed'; order: OrderDetail; currency: Currency }
  | { type: 'order.status_changed'; order: OrderDetail; currency: Currency; from: OrderStatus; to: OrderStatus }
  | { type: 'order.refunded'; order: OrderDetail; currency: Currency; amountMinor: number; /** the refund's share of the order's tax (docs/taxes.md) */ taxMinor?: number }
  | { type: 'product.created' | 'product.updated' | 'product.deleted'; product: ProductView; currency: Currency }
  | { type: 'sku.stock_changed'; sku: Sku; currency: Currency; from: number; to: number; reason: string }
  | { type: 'inventory.low_stock'; sku: Sku; currency: Currency; threshold: number; from: number; to: number }
  | { type: 'shipment.created' | 'shipment.delivered'; shipment: Shipment; order: OrderDetail }
  | { type: 'inventory_level.updated'; level: StockLevel; from: number; to: number; reason: string; /** an order's change (allocation, release, shipment): units allocated before */ allocatedFrom?: number }
  | { type: 'customer.created' | 'customer.banned'; customer: CustomerView; currency: Currency }
  | { type: 'review.created'; review: Review }
  | { type: 'app.connected' | 'app.disconnected'; app: ConnectedApp }
  | { type: 'payment.succeeded' | 'payment.failed'; payment: ProviderPayment; orderNumber: string | null }
  | { type: 'payment_link.paid'; link: PaymentLinkView }
  | { type: 'refund.succeeded'; refund: Payment; currency: string }
  | { type: 'return.received'; ret: Return; order: OrderDetail };

/** An event as the wire shows it: the resource it is about (for ordering), its `data` and `change`. */
export interface RenderedEvent {
  resource: { type: string; id: string };
  data: Record<string, unknown>;
  change?: Record<string, unknown>;
}

/** Turns an event into its wire form (src/wire/webhooks.ts implements it with the REST records' mappers). */
export type RenderEvent = (event: DomainEvent, now: Date) => RenderedEvent;
