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
