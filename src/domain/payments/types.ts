import type { PaymentKind, PaymentLinkStatus, PaymentStatus, RecordMethod } from './payment-rules.ts';

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
