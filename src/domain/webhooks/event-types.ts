import { type Permission, sortPermissions } from '../shared/permissions.ts';

/**
 * The catalog of webhook event types (docs/webhooks.md): what each one means, which permission reading it takes (a
 * subscription may only name events its creator could read), and which resource it is about (events of one resource
 * reach an endpoint in the order they happened).
 */
export const EVENT_CATALOG = {
  'order.created': { permission: 'orders:read', resource: 'order', description: 'An order was placed.' },
  'order.status_changed': { permission: 'orders:read', resource: 'order', description: 'An order moved in its lifecycle (change: from, to).' },
  'checkout.completed': {
    permission: 'orders:read',
    resource: 'order',
    description: "A storefront checkout was paid: its order moved to paid and its stock hold ended (data: the order, channel storefront; docs/checkout.md).",
  },
  'order.refunded': { permission: 'orders:read', resource: 'order', description: 'Money was refunded on an order (change: amount refunded now, its share of the order tax, refunded in all).' },
  'return.received': {
    permission: 'orders:read',
    resource: 'return',
    description: "A return was received into a location (data: the return, each line restocked or written off; change: the order's id and number).",
  },
  'shipment.created': {
    permission: 'orders:read',
    resource: 'shipment',
    description: "Units of an order left a location (data: the shipment with its lines, carrier and tracking; change: the order's id, number and fulfilmentStatus).",
  },
  'shipment.delivered': { permission: 'orders:read', resource: 'shipment', description: "A shipment was delivered (data: the shipment; change: the order's id, number and fulfilmentStatus)." },
  'product.created': { permission: 'products:read', resource: 'product', description: 'A product was created.' },
  'product.updated': { permission: 'products:read', resource: 'product', description: 'A product, its categories, variant groups or SKUs changed (not stock alone: sku.stock_changed).' },
  'product.deleted': { permission: 'products:read', resource: 'product', description: 'A product was deleted; data is the product as it was.' },
  'sku.stock_changed': { permission: 'inventory:read', resource: 'sku', description: "A SKU's stock changed (change: from, to, reason)." },
  'inventory.low_stock': { permission: 'inventory:read', resource: 'sku', description: "A SKU's stock fell to or below the store's low-stock threshold (once per crossing; change: threshold, from, to)." },
  'inventory_level.updated': {
    permission: 'inventory:read',
    resource: 'inventory_level',
    description: "A SKU's level at a location changed: an adjustment there, a transfer, an order allocating or releasing units, a SKU's quantityInStock set or adjusted without a location (data: the level; change: from, to, reason; allocatedFrom, allocatedTo for an order's change).",
  },
  'customer.created': { permission: 'customers:read', resource: 'customer', description: 'A customer was created.' },
  'customer.banned': { permission: 'customers:read', resource: 'customer', description: 'A customer was banned.' },
  'review.created': { permission: 'reviews:read', resource: 'review', description: 'A product review was created.' },
  'app.connected': { permission: 'settings:read', resource: 'app', description: 'A merchant approved a connected app in the store (data: the app as Connected apps lists it).' },
  'app.disconnected': { permission: 'settings:read', resource: 'app', description: 'A connected app was removed from the store (its tokens and webhook subscriptions are gone).' },
  'payment.succeeded': {
    permission: 'payments:read',
    resource: 'payment',
    description: "A card payment through a provider was taken (data: the provider payment; paymentId is the order's payment record, flag says why it was not recorded).",
  },
  'payment.failed': { permission: 'payments:read', resource: 'payment', description: 'An attempt to pay through a provider failed (data.failure says why); the link stays active and the shopper may try again.' },
  'payment_link.paid': { permission: 'payments:read', resource: 'payment_link', description: 'A payment link was paid on the pay page (captured, or authorized for a link with captureMethod manual).' },
  'refund.succeeded': { permission: 'payments:read', resource: 'refund', description: "Money went back to the customer (data: the refund's payment record, kind refund)." },
} as const satisfies Record<string, { permission: Permission; resource: string; description: string }>;

export type EventType = keyof typeof EVENT_CATALOG;
export const EVENT_TYPES = Object.keys(EVENT_CATALOG) as EventType[];

/**
 * The type of a test event (`POST /v1/webhooks/{id}/test`): sent to one endpoint on request, whatever it subscribes
 * to; never caused by a change and never subscribable, so it is not in the catalog.
 */
export const TEST_EVENT_TYPE = 'webhook.test';
/** What a delivery can carry: an event of the catalog, or a test event. */
export type DeliveredEventType = EventType | typeof TEST_EVENT_TYPE;
export const DELIVERED_EVENT_TYPES: readonly DeliveredEventType[] = [...EVENT_TYPES, TEST_EVENT_TYPE];

export function isEventType(value: string): value is EventType {
  return Object.hasOwn(EVENT_CATALOG, value);
}

/**
 * The event types a subscription pattern names: an exact type, `<area>.*` (every type of the area), or `*` (all).
 * Empty when the pattern names none.
 */
export function typesMatching(pattern: string): EventType[] {
  if (pattern === '*') return EVENT_TYPES;
  if (pattern.endsWith('.*')) {
    const area = pattern.slice(0, -1);
    return EVENT_TYPES.filter((t) => t.startsWith(area));
  }
  return isEventType(pattern) ? [pattern] : [];
}

/** Whether any of the patterns names the type. */
export function patternsMatch(patterns: readonly string[], type: EventType): boolean {
  return patterns.some((p) => p === '*' || p === type || (p.endsWith('.*') && type.startsWith(p.slice(0, -1))));
}

/** The read permissions the event types named by the patterns take, in vocabulary order (a subscriber needs each). */
export function readPermissionsOf(patterns: readonly string[]): Permission[] {
  return sortPermissions(patterns.flatMap((p) => typesMatching(p).map((t) => EVENT_CATALOG[t].permission)));
}
