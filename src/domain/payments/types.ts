import type { ProviderName, ProviderPaymentStatus } from './provider-port.ts';
import type { CaptureMethod, PaymentKind, PaymentLinkStatus, PaymentStatus, RecordMethod } from './payment-rules.ts';

/** One movement of money for an order: a payment in, or a refund out. Amounts in minor units of the order currency. */
export interface Payment {
  id: string;
  orderId: string;
  kind: PaymentKind;
  method: RecordMethod;
  amountMinor: number;
  status: PaymentStatus;
  /** the provider's or the merchant's own reference (card charge id, bank transfer reference…) */
  reference: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The money side of an order, as payments see it (the orders area owns the rest). */
export interface OrderMoney {
  id: string;
  number: string;
  status: string;
  currency: string;
  totalMinor: number;
  /** sum of succeeded payments */
  paidMinor: number;
  /** sum of succeeded refunds (never above paidMinor) */
  refundedMinor: number;
}

/** A payment link as stored; `status` is the stored one (see `effectiveLinkStatus` for what it reads as). */
export interface PaymentLink {
  id: string;
  orderId: string | null;
  amountMinor: number;
  currency: string;
  description: string | null;
  expiresAt: Date | null;
  status: PaymentLinkStatus;
  token: string;
  /** how a card payment of the link is captured: at once (default), or authorized now and captured by the merchant */
  captureMethod: CaptureMethod;
  createdAt: Date;
  updatedAt: Date;
}

/** Per method: succeeded payments, succeeded refunds and pending refunds (minor units). */
export interface MethodTotals {
  method: string;
  paidMinor: number;
  refundedMinor: number;
  pendingRefundMinor: number;
}

/**
 * Our record of one payment at a provider: an attempt to pay a link (or an order, for a checkout). Completion (the
 * money recorded on the order, the link closed, the order moved) happens once, marked by `completedAt`.
 */
export interface ProviderPayment {
  id: string;
  provider: ProviderName;
  linkId: string | null;
  orderId: string | null;
  /** what is owed, in minor units of `currency` */
  amountMinor: number;
  currency: string;
  captureMethod: CaptureMethod;
  status: ProviderPaymentStatus;
  /** the provider's id of the payment, once created there */
  providerRef: string | null;
  actionUrl: string | null;
  failureCode: string | null;
  failureMessage: string | null;
  /** a mismatch found at completion (amount, currency, a link no longer active): recorded, never silently accepted */
  flag: string | null;
  /** what the provider says it captured */
  receivedMinor: number | null;
  /** the order's payment record written at completion */
  paymentId: string | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  /** how the merchant settled the flag (`resolveFlagged`): recorded on the order, refunded or released at the provider */
  resolution?: FlagResolution | null;
  resolvedAt?: Date | null;
}

export const FLAG_RESOLUTIONS = ['accepted', 'refunded', 'released'] as const;
export type FlagResolution = (typeof FLAG_RESOLUTIONS)[number];
