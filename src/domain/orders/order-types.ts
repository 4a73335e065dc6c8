import type { OrderPaymentStatus } from '../payments/payment-rules.ts';
import type { TaxLine } from '../taxes/types.ts';
/** Where an order came from: placed through the API (`POST /v1/orders`, MCP), or a storefront cart's checkout. */
export const ORDER_CHANNELS = ['api', 'storefront'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/** How long a storefront checkout's pending order holds its stock (docs/checkout.md). */
export const CHECKOUT_HOLD_MS = 15 * 60_000;
/** A 3-D Secure challenge opening lengthens the hold, once, to this long after it opened (docs/checkout.md). */
export const CHECKOUT_HOLD_EXTENSION_MS = 10 * 60_000;

/** The order status page token's prefix (GET /orders/{token}): `ost_` and 256 random bits in base64url. */
export const ORDER_STATUS_TOKEN_PREFIX = 'ost_';

export const ORDER_STATUSES = ['pending', 'paid', 'fulfilled', 'delivered', 'cancelled', 'partially_refunded', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Where the order's goods are, beside where its money is (the payment status) and its one `status` (decision 0032):
 * set by its shipments (partially_fulfilled, fulfilled) and its returns (partially_returned, returned).
 */
export const FULFILMENT_STATUSES = ['unfulfilled', 'partially_fulfilled', 'fulfilled', 'partially_returned', 'returned'] as const;
export type FulfilmentStatus = (typeof FULFILMENT_STATUSES)[number];

export interface Address {
  line1: string;
  line2?: string | null;
  city: string;
  postalCode?: string | null;
  countryId: string;
  stateId?: string | null;
  name?: string | null;
  phone?: string | null;
}

export interface OrderLine {
  id: string;
  skuId: string;
  productId: string;
  productName: string;
  skuCode: string | null;
  attributes: Record<string, string>;
  unitPriceMinor: number;
  discountBp: number;
  quantity: number;
  lineTotalMinor: number;
}

/** Units of an order line allocated at a location and not yet shipped (docs/fulfilment.md, "Allocation"). */
export interface OrderAllocation {
  lineId: string;
  skuId: string;
  locationId: string;
  quantity: number;
}

/** A line as an order's detail shows it: where its units are allocated (locations with units still allocated). */
export interface OrderLineDetail extends OrderLine {
  allocations: Array<{ locationId: string; locationName: string | null; quantity: number }>;
  /** units of the line in its shipments (all of it for an order fulfilled before shipments existed) */
  shippedQuantity: number;
}

export const SHIPMENT_STATUSES = ['shipped', 'delivered'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** A parcel of an order leaving one location (docs/fulfilment.md, "Shipments"): shipped, then delivered. */
export interface Shipment {
  id: string;
  orderId: string;
  locationId: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  status: ShipmentStatus;
  lines: Array<{ lineId: string; skuId: string; quantity: number }>;
  shippedAt: Date;
  deliveredAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface OrderEvent {
  id: string;
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  note: string | null;
  amountMinor: number | null;
  actorType: string;
  actorId: string;
  actorLabel: string;
  createdAt: Date;
}

export interface Order {
  id: string;
  number: string;
  customerId: string;
  /** The customer's name as it is now (not stored on the order); null only if the customer record is gone. */
  customerName: string | null;
  status: OrderStatus;
  /** where the goods are (decision 0032): follows the order's shipments and returns */
  fulfilmentStatus: FulfilmentStatus;
  currency: string;
  subtotalMinor: number;
  discountMinor: number;
  deliveryFeeMinor: number;
  /** the tax the order was placed with (docs/taxes.md); 0 for orders placed before taxes, or where none applies */
  taxTotalMinor: number;
  /** true: the prices (and the delivery fee) included the tax, so the total holds it; false: the tax was added on top */
  pricesIncludeTax: boolean;
  /** exclusive: subtotal − discount + deliveryFee + tax; inclusive: subtotal − discount + deliveryFee */
  totalMinor: number;
  paidMinor: number;
  refundedMinor: number;
  /** authorized at a payment provider and not yet captured */
  authorizedMinor: number;
  promotionId: string | null;
  promotionCode: string | null;
  deliveryOptionId: string | null;
  deliveryOptionName: string | null;
  shippingAddress: Address | null;
  billingAddress: Address | null;
  note: string | null;
  /** `api` (POST /v1/orders, MCP) or `storefront` (a cart's checkout, docs/checkout.md) */
  channel: OrderChannel;
  /** until when an unpaid storefront order holds its stock; null once paid or cancelled, and for API orders */
  holdExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface OrderDetail extends Order {
  lines: OrderLineDetail[];
  /** the tax of each line and of the delivery fee, as placed (kept: a later rate change never rewrites an order) */
  taxLines: TaxLine[];
  history: OrderEvent[];
}

export const ORDER_SORTS = ['createdAt', '-createdAt'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export interface OrderQuery {
  limit: number;
  cursor?: string | undefined;
  status?: OrderStatus | undefined;
  fulfilmentStatus?: FulfilmentStatus | undefined;
  /** the payment status the order's money derives to (payment-rules.ts `orderPaymentStatus`) */
  paymentStatus?: OrderPaymentStatus | undefined;
  customerId?: string | undefined;
  channel?: OrderChannel | undefined;
  /** exactly this order number (prefix included) */
  number?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  sort: OrderSort;
}
