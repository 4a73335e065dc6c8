export interface Review {
  id: string;
  productId: string;
  /** the reviewed product's current name */
  productName: string;
  customerId: string;
  /** the reviewing customer's current name */
  customerName: string;
  /** 1 to 5 */
  rating: number;
  title: string | null;
  body: string | null;
  /** the merchant's public reply */
  reply: string | null;
  repliedAt: Date | null;
  /** hidden reviews are kept but left out of the storefront and the rating summary */
  hidden: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface ReviewQuery {
  limit: number;
  cursor?: string | undefined;
  productId?: string | undefined;
  customerId?: string | undefined;
  rating?: number | undefined;
  hidden?: boolean | undefined;
}

/** Over the visible (not hidden) reviews of one product. */
export interface RatingSummary {
  productId: string;
  count: number;
  /** mean rating rounded to 2 decimals; null without reviews */
  average: number | null;
  /** count per star, 1 to 5 */
  distribution: Record<1 | 2 | 3 | 4 | 5, number>;
}

export const REVIEW_LIMITS = {
  titleLength: 200,
  bodyLength: 5000,
  replyLength: 5000,
} as const;
