/** A return's life: asked for, received into a location, then refunded through the order's payments, or closed. */
export const RETURN_STATUSES = ['requested', 'received', 'refunded', 'closed'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** Why the customer sends units back (the merchant picks one; `note` says more). */
export const RETURN_REASONS = ['damaged', 'defective', 'wrong_item', 'not_as_described', 'no_longer_needed', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export interface ReturnLine {
  id: string;
  orderLineId: string;
  quantity: number;
  /** null until received: true restocked at the return's location, false written off */
  restock: boolean | null;
  /** set at the refund: what the units refunded (amount − discount share, + tax share when prices exclude tax) */
  refundMinor: number | null;
  /** set at the refund: the units' tax share */
  taxMinor: number | null;
}

export interface Return {
  id: string;
  orderId: string;
  status: ReturnStatus;
  reason: ReturnReason;
  note: string | null;
  /** where it was received (null until then) */
  locationId: string | null;
  lines: ReturnLine[];
  /** set at the refund (decision 0034): the refund, the tax in it, the delivery fee refunded with it */
  refundMinor: number | null;
  taxMinor: number | null;
  deliveryMinor: number | null;
  actorType: string;
  actorId: string;
  actorLabel: string;
  createdAt: Date;
  updatedAt: Date;
  receivedAt: Date | null;
  refundedAt: Date | null;
  closedAt: Date | null;
}
