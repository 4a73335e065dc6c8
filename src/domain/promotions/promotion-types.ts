export const PROMOTION_KINDS = ['percentage', 'fixed'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export interface Promotion {
  id: string;
  code: string;
  kind: PromotionKind;
  /** basis points for percentage, minor units for fixed */
  value: number;
  minSubtotalMinor: number;
  startsAt: Date;
  endsAt: Date | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  timesUsed: number;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}
