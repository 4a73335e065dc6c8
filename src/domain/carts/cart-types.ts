import type { Address } from '../orders/order-types.ts';
import type { TaxLine } from '../taxes/types.ts';

/** How long a cart lives without a change (docs/checkout.md): every write moves its end this far ahead. */
export const CART_IDLE_DAYS = 14;
export const CART_IDLE_MS = CART_IDLE_DAYS * 24 * 3600 * 1000;

/** What one cart may hold (docs/decisions/0031-carts.md): a visitor cannot grow storage without bound. */
export const CART_LIMITS = { linesPerCart: 50, quantityPerLine: 999 } as const;

/** A shopper's cart as stored: what the shopper chose, not yet priced. */
export interface Cart {
  id: string;
  email: string | null;
  shippingAddress: Address | null;
  billingAddress: Address | null;
  deliveryOptionId: string | null;
  promotionCode: string | null;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  /** the order its checkout placed (docs/checkout.md); null before checkout and once that order's hold expired */
  orderId: string | null;
}

/** How long a cart with an email and lines may sit unchanged before it counts as an abandoned checkout. */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/**
 * An abandoned checkout (GET /v1/checkouts/abandoned): a cart with an email and lines left unchanged for an hour and
 * never checked out, or a storefront order cancelled because its hold ended unpaid.
 */
export interface AbandonedCheckout {
  kind: 'cart' | 'expired_order';
  cartId: string | null;
  orderId: string | null;
  orderNumber: string | null;
  email: string;
  /** units in the cart or the order */
  quantity: number;
  /** the order's total (minor units); null for a cart, whose price is read when it is opened */
  totalMinor: number | null;
  /** the cart's last change, or when the order was cancelled */
  at: Date;
}

/** A line as stored: the SKU, the quantity, and the price and SKU discount it was added (or last changed) at. */
export interface CartLineRow {
  id: string;
  skuId: string;
  quantity: number;
  unitPriceMinor: number;
  discountBp: number;
  createdAt: Date;
  updatedAt: Date;
}

export const CART_PROBLEM_CODES = ['INSUFFICIENT_STOCK', 'PRICE_CHANGED', 'PRODUCT_NOT_ACTIVE', 'SKU_NOT_FOUND', 'DELIVERY_OPTION_UNAVAILABLE', 'PROMOTION_NOT_APPLICABLE'] as const;
export type CartProblemCode = (typeof CART_PROBLEM_CODES)[number];

/** Something that stops the cart from being checked out, naming the line or field (`path`, as in error details). */
export interface CartProblem {
  code: CartProblemCode;
  path: string;
  message: string;
}

/** A line priced now: the SKU as it is now, with what it was added at. */
export interface PricedCartLine extends CartLineRow {
  productId: string | null;
  productName: string | null;
  skuCode: string | null;
  attributes: Record<string, string>;
  /** the SKU's price and discount now (the line's own when the SKU is gone) */
  currentUnitPriceMinor: number;
  currentDiscountBp: number;
  /** current price × quantity less the current SKU discount (0 for a SKU that is gone) */
  lineTotalMinor: number;
}

/** A cart priced by the order pricing code (src/domain/orders/order-service.ts `priceDeliveryAndTax`), with its problems. */
export interface PricedCart extends Cart {
  lines: PricedCartLine[];
  subtotalMinor: number;
  discountMinor: number;
  deliveryFeeMinor: number;
  deliveryOptionName: string | null;
  taxTotalMinor: number;
  taxLines: TaxLine[];
  pricesIncludeTax: boolean;
  totalMinor: number;
  problems: CartProblem[];
}
