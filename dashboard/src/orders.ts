import type { Schemas } from './api/wire.ts';

type OrderStatus = Schemas['OrderSummary']['status'];

/** The order statuses, in lifecycle order, with the words the dashboard shows for them. */
export const STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  fulfilled: 'Fulfilled',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

export const STATUSES = Object.keys(STATUS_LABEL) as OrderStatus[];

type OrderChannel = Schemas['OrderSummary']['channel'];

/** Where an order came from (`channel`), in a merchant's words: a shopper's checkout, or placed here or by an app. */
export const CHANNEL_LABEL: Record<OrderChannel, string> = {
  storefront: 'Storefront',
  api: 'Dashboard or API',
};

export const CHANNELS = Object.keys(CHANNEL_LABEL) as OrderChannel[];

type FulfilmentStatus = Schemas['OrderSummary']['fulfilmentStatus'];

/** Where an order's goods are (`fulfilmentStatus`), in a merchant's words. */
export const FULFILMENT_LABEL: Record<FulfilmentStatus, string> = {
  unfulfilled: 'Not shipped',
  partially_fulfilled: 'Partly shipped',
  fulfilled: 'Shipped',
  partially_returned: 'Partly returned',
  returned: 'Returned',
};

/** Each line of an order by its id, as the order's pages name it: the product, then its SKU code when it has one. */
export function lineNames(order: { lines: ReadonlyArray<{ id: string; productName: string; sku?: string | null }> }): Map<string, string> {
  return new Map(order.lines.map((l) => [l.id, l.productName + (l.sku ? ` · ${l.sku}` : '')]));
}
