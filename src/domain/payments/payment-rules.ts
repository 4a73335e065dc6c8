/**
 * The payment vocabulary (documented in docs/operations.md, "Payments"). Pure data and rules: no storage.
 */

/** The payment methods a store can enable. A fixed vocabulary: new methods are added here, never invented by stores. */
export const PAYMENT_METHODS = ['card', 'bank_transfer', 'cash_on_delivery', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * What a new store (or a store that never saved its payment options) accepts. The same defaults the order store on
 * main wrote when it created the settings row first, so the result does not depend on which area writes first.
 */
export const DEFAULT_PAYMENT_METHODS: readonly PaymentMethod[] = ['card', 'bank_transfer', 'cash_on_delivery'];

export function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}

/**
 * Methods a payment record may carry: the store's methods, plus `manual` — money the merchant says was received
 * without saying how (the order lifecycle's "mark as paid"). `manual` is not a checkout method, so it is never enabled
 * or refused as disabled.
 */
export const RECORD_METHODS = [...PAYMENT_METHODS, 'manual'] as const;
export type RecordMethod = (typeof RECORD_METHODS)[number];

export function isRecordMethod(value: string): value is RecordMethod {
  return (RECORD_METHODS as readonly string[]).includes(value);
}

/** A payment record moves money into an order; a refund moves it back to the customer. */
export const PAYMENT_KINDS = ['payment', 'refund'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The lifecycle of a payment record, as data: a pending record settles once, as succeeded or failed; succeeded and
 * failed are final (a succeeded payment is undone by a refund record, never by changing it).
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  pending: ['succeeded', 'failed'],
  succeeded: [],
  failed: [],
};

export const PAYMENT_LINK_STATUSES = ['active', 'paid', 'expired', 'cancelled'] as const;
export type PaymentLinkStatus = (typeof PAYMENT_LINK_STATUSES)[number];

/**
 * The status a payment link reads as at `now`: an active link whose expiry has passed is `expired`. Expiry is
 * computed on read (nothing rewrites the row when time passes), so every read at the same instant agrees.
 */
export function effectiveLinkStatus(link: { status: PaymentLinkStatus; expiresAt: Date | null }, now: Date): PaymentLinkStatus {
  if (link.status === 'active' && link.expiresAt !== null && link.expiresAt.getTime() <= now.getTime()) return 'expired';
  return link.status;
}

/**
 * An order's payment status, apart from where it is in its fulfilment (`orders.status`). Derived, never stored: it
 * is a function of the order's total and of what was authorized, paid and refunded (`orderPaymentStatus`), so it can
 * never disagree with the money it describes.
 */
export const ORDER_PAYMENT_STATUSES = ['unpaid', 'authorized', 'partially_paid', 'paid', 'partially_refunded', 'refunded'] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

/**
 * The payment status of an order's money (integer minor units): refunds first (`refunded` once everything paid went
 * back), then what was paid (`paid` when it covers the total), then money authorized at a provider and not captured.
 */
export function orderPaymentStatus(o: { totalMinor: number; paidMinor: number; refundedMinor: number; authorizedMinor: number }): OrderPaymentStatus {
  if (o.refundedMinor > 0) return o.refundedMinor >= o.paidMinor ? 'refunded' : 'partially_refunded';
  if (o.paidMinor > 0) return o.paidMinor >= o.totalMinor ? 'paid' : 'partially_paid';
  if (o.authorizedMinor > 0) return 'authorized';
  return 'unpaid';
}

/** How a provider payment is captured: at once (the default), or authorized now and captured later. */
export const CAPTURE_METHODS = ['automatic', 'manual'] as const;
export type CaptureMethod = (typeof CAPTURE_METHODS)[number];

/** Largest amount of one payment, payment link or refund, in major units of any currency. */
export const MAX_PAYMENT_AMOUNT = 1_000_000_000;

/** How far ahead a payment link may expire. */
export const MAX_LINK_LIFETIME_DAYS = 365;
