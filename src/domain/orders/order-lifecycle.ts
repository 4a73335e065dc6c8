import type { OrderStatus } from './order-types.ts';

/**
 * The order lifecycle as data: from each state, the moves allowed and what each move does. The API answers "what may
 * happen next" from this table (GET /v1/orders/{id}/transitions) and refuses anything else with 409.
 */
export interface Move {
  to: OrderStatus;
  /** Records a payment of what is still outstanding, so paid reaches the total. */
  capturesPayment?: boolean;
  /** Puts the order's units back in stock. */
  returnsStock?: boolean;
  /** Refunds: `full` refunds what is left of the payment; `amount` needs an amount, less than what is left. */
  refund?: 'full' | 'amount' | 'all-paid';
  description: string;
}

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly Move[]>> = {
  pending: [
    { to: 'paid', capturesPayment: true, description: 'Record the payment of what is still outstanding of the total.' },
    {
      to: 'cancelled',
      returnsStock: true,
      refund: 'all-paid',
      description: 'Cancel the unpaid order; its units go back in stock, and any payment recorded against it is refunded.',
    },
  ],
  paid: [
    { to: 'fulfilled', description: 'The order has been packed and shipped.' },
    { to: 'cancelled', returnsStock: true, refund: 'all-paid', description: 'Cancel the paid order: the payment is refunded in full and its units go back in stock.' },
    { to: 'refunded', refund: 'full', description: 'Refund everything that was paid (stock is not returned).' },
    { to: 'partially_refunded', refund: 'amount', description: 'Refund part of the payment; `amount` is required and less than what is left.' },
  ],
  fulfilled: [
    { to: 'delivered', description: 'The customer received the order.' },
    { to: 'refunded', refund: 'full', description: 'Refund everything that was paid.' },
    { to: 'partially_refunded', refund: 'amount', description: 'Refund part of the payment.' },
  ],
  delivered: [
    { to: 'refunded', refund: 'full', description: 'Refund everything that was paid.' },
    { to: 'partially_refunded', refund: 'amount', description: 'Refund part of the payment.' },
  ],
  partially_refunded: [
    { to: 'refunded', refund: 'full', description: 'Refund what is left of the payment.' },
    { to: 'partially_refunded', refund: 'amount', description: 'Refund another part of the payment.' },
  ],
  refunded: [],
  cancelled: [],
};

/**
 * A pending order whose whole outstanding amount a provider holds (`captureMethod: manual`) may also be shipped: the
 * money is captured at the provider first (payments:write), which makes it paid, then it is fulfilled. Listed among
 * the moves of such an order only (GET /v1/orders/{id}/transitions).
 */
export const SHIP_AUTHORIZED: Move = {
  to: 'fulfilled',
  capturesPayment: true,
  description: 'Ship it: the payment the provider holds is captured first (payments:write), then the order is fulfilled.',
};

/** Whether a provider holds all that is still owed on the order, so capturing it makes the order paid. */
export function coversTheRest(order: { authorizedMinor: number; totalMinor: number; paidMinor: number }): boolean {
  return order.authorizedMinor > 0 && order.authorizedMinor >= order.totalMinor - order.paidMinor;
}

export function movesFrom(status: OrderStatus): readonly Move[] {
  return ORDER_TRANSITIONS[status];
}

/** Orders that count as sales (paid at some point and not cancelled). */
export const SALE_STATUSES: readonly OrderStatus[] = ['paid', 'fulfilled', 'delivered', 'partially_refunded', 'refunded'];
