import type { NotificationSettings } from '../email/notifications.ts';
import type { Tenant } from '../../context.ts';
import type { DeliveredEventType, EventType, TEST_EVENT_TYPE } from './event-types.ts';
import type { SendResult } from './delivery-rules.ts';
import type { DeliveryStatus, SigningEndpoint, WebhookAttempt, WebhookDelivery, WebhookEndpoint } from './types.ts';

/** An enabled endpoint as the publisher sees it: what it subscribes to, and for an app's, what the app may read. */
export interface Subscriber {
  id: string;
  eventTypes: string[];
  clientId: string | null;
  /** For an app's endpoint: its active grants in the tenant (scope string, role of the approving member). */
  appGrants: Array<{ scope: string; role: string }>;
}

/** An event as the outbox keeps it. */
export interface NewEvent {
  id: string;
  type: EventType;
  resourceKey: string;
  /** The exact JSON body every endpoint receives. */
  payload: string;
  createdAt: Date;
}

/** A delivery a worker holds the lease of: what to send, where, and how to sign it. */
export interface ClaimedDelivery {
  id: string;
  attempts: number;
  trigger: 'scheduled' | 'manual';
  firstAttemptAt: Date | null;
  endpoint: SigningEndpoint;
  event: { id: string; type: EventType; payload: string; createdAt: Date };
}

/** What an attempt came to, as the worker writes it. */
export interface AttemptOutcome {
  attempt: WebhookAttempt;
  /** `pending` with the time of the next attempt, `succeeded`, or `failed` (given up). */
  status: DeliveryStatus;
  nextAttemptAt: Date | null;
  /** Set when the endpoint must be disabled (410 Gone, or failing past the retry schedule). */
  disable?: { reason: 'gone' | 'failing'; detail: string } | undefined;
}

export interface EndpointPatch {
  url?: string;
  description?: string;
  eventTypes?: string[];
  enabled?: boolean;
  disabledReason?: 'merchant' | 'gone' | 'failing' | null;
  disabledDetail?: string | null;
  disabledAt?: Date | null;
  secret?: string;
  previousSecret?: string | null;
  previousSecretExpiresAt?: Date | null;
  failingSince?: Date | null;
}

/** Webhook subscriptions, the event outbox and the delivery log (src/db/webhook-repo.ts). */
export interface WebhookRepo {
  // The publisher, in the transaction of the change.
  /**
   * The enabled endpoints of the tenant and, read in the same statement, the store's low-stock threshold (for
   * `inventory.low_stock`) and its notification settings in the mode (to whom store notifications go, which are off,
   * the store's name): who wants to hear of a change.
   */
  subscribers(tenant: Tenant): Promise<{ subscribers: Subscriber[]; lowStockThreshold: number | null; notifications: NotificationSettings | null }>;
  /** Writes the events and one pending delivery per event and endpoint, due at once (two statements in all). */
  insertEvents(tenant: Tenant, events: Array<{ event: NewEvent; deliveries: Array<{ id: string; endpointId: string }> }>): Promise<void>;
  /**
   * A test event and its one delivery, already tried (`POST /v1/webhooks/{id}/test`): the event, the delivery settled
   * (succeeded or failed, never pending: no retry) and its attempt. The endpoint's health is not touched.
   */
  insertTestDelivery(
    tenant: Tenant,
    test: {
      event: { id: string; type: typeof TEST_EVENT_TYPE; resourceKey: string; payload: string; createdAt: Date };
      delivery: { id: string; endpointId: string; status: 'succeeded' | 'failed' };
      attempt: WebhookAttempt;
    },
  ): Promise<void>;
  /** Runs `fn` once the transaction this repository is bound to has committed (at once on the pool). */
  afterCommit(fn: () => void): void;

  // Endpoints.
  insertEndpoint(endpoint: SigningEndpoint): Promise<void>;
  /** A page of endpoints by id; `clientId` limits to one app's (undefined: all of the tenant's). */
  listEndpoints(tenant: Tenant, options: { clientId?: string | undefined; limit: number; after?: string | undefined }): Promise<WebhookEndpoint[]>;
  findEndpoint(tenant: Tenant, id: string): Promise<SigningEndpoint | undefined>;
  /** How many endpoints the owner has in the tenant: an app's (its client id) or the store's own (null). */
  countEndpoints(tenant: Tenant, clientId: string | null): Promise<number>;
  /** Locks the endpoint's row for the transaction (PostgreSQL) and returns it. */
  lockEndpoint(tenant: Tenant, id: string): Promise<SigningEndpoint | undefined>;
  updateEndpoint(tenant: Tenant, id: string, patch: EndpointPatch, now: Date): Promise<void>;
  deleteEndpoint(tenant: Tenant, id: string): Promise<boolean>;
  /** Removes every endpoint of an app in the tenant (the app was removed); returns how many. */
  deleteEndpointsOfApp(tenant: Tenant, clientId: string): Promise<number>;
  /** Pending deliveries of the endpoint become due now (it was enabled again). */
  resumeDeliveries(tenant: Tenant, endpointId: string, now: Date): Promise<void>;

  // The delivery log.
  listDeliveries(
    tenant: Tenant,
    endpointId: string,
    options: { status?: DeliveryStatus | undefined; eventType?: DeliveredEventType | undefined; eventId?: string | undefined; limit: number; after?: string | undefined },
  ): Promise<WebhookDelivery[]>;
  findDelivery(tenant: Tenant, endpointId: string, deliveryId: string): Promise<(WebhookDelivery & { payload: string }) | undefined>;
  listAttempts(tenant: Tenant, deliveryId: string): Promise<WebhookAttempt[]>;
  /** Makes a delivery pending and due now, marked manual; false when there is none (or it is being sent). */
  redeliver(tenant: Tenant, endpointId: string, deliveryId: string, now: Date): Promise<boolean>;
  /** Every failed delivery of the endpoint (at most `limit`) becomes pending and due now; returns how many. */
  redeliverFailed(tenant: Tenant, endpointId: string, now: Date, limit: number, eventTypes: readonly string[]): Promise<number>;

  // The delivery worker, across stores.
  /**
   * Takes the lease of due deliveries (at most `limit`): pending, due, of an enabled endpoint, not leased, and each the
   * earliest pending delivery of its endpoint and resource. Several instances share the work (FOR UPDATE SKIP LOCKED
   * on PostgreSQL; SQLite writes one at a time).
   */
  claimDueAcrossStores(now: Date, holder: string, leaseMs: number, limit: number, skipEndpoints: readonly string[]): Promise<ClaimedDelivery[]>;
  /**
   * Writes an attempt and its outcome, if `holder` still holds the lease, and updates the endpoint's health: all of it
   * or nothing, without a caller's transaction (one statement on PostgreSQL).
   */
  recordAttemptAcrossStores(delivery: ClaimedDelivery, holder: string, outcome: AttemptOutcome, now: Date): Promise<void>;
  /** Gives back leases not used (the deliveries stay due). */
  releaseAcrossStores(ids: readonly string[], holder: string): Promise<void>;
}

/** Sends deliveries over HTTP within the bounds, to public addresses only (src/outbound/webhook-transport.ts). */
export interface WebhookTransport {
  /** Why the URL may not receive webhooks (scheme, or an address it resolves to), or null when it may. */
  check(url: string): Promise<string | null>;
  /** POSTs the body; the address is checked again (after resolution) before connecting. */
  send(url: string, headers: Record<string, string>, body: string): Promise<SendResult>;
}
