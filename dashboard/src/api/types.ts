// Response shapes of the routes the dashboard reads. Each `Schemas[…]` alias is the generated client's own type
// (clients/js/src/schema.ts, from the OpenAPI document): a changed response shape fails `tsc -p dashboard`. The
// interfaces still written by hand below are the ones whose generated type differs from what their pages expect, or
// that have no schema of their own; they move to aliases (or to `DataOf<route>`, api/wire.ts) page by page.
import type { DataOf, Schemas } from './wire.ts';

export type Mode = 'live' | 'test';

export interface Envelope<T> {
  status: true;
  message: string;
  data: T;
  pagination?: { limit: number; nextCursor: string | null; hasMore: boolean };
}

export type ErrorEnvelope = Schemas['ErrorEnvelope'];

export type StoreSummary = Schemas['StoreSummary'];

export interface User {
  id: string;
  email: string;
  name: string;
  phone: string | null;
}

export type EffectivePermissions = Schemas['EffectivePermissions'];

export type Period = 'today' | '7d' | '30d';

export interface Figures {
  from: string;
  to: string;
  salesTotal: number; // gross: tax included
  salesTax: number; // the tax those sales hold (docs/taxes.md)
  salesNet: number; // salesTotal - salesTax
  orderCount: number;
  averageOrderValue: number;
  newCustomers: number;
}

export type SalesSummary = Schemas['SalesSummary'];

export interface StockTotals {
  skuCount: number;
  unitsInStock: number;
  valueInStock: number;
  inStock: number;
  lowStock: number;
  outOfStock: number;
}

export type InventoryDashboard = Schemas['InventoryDashboard'];

export type LowStockSku = Schemas['LowStockSku'];

export type LowStock = DataOf<'/v1/dashboard/overview/low-stock'>;

export type PromoAd = Schemas['PromoAd'];

export type ApiKey = Schemas['ApiKey'];

export type PublishableKey = Schemas['PublishableKey'];

export type AuditEntry = Schemas['AuditEntry'];

export type Role = 'owner' | 'admin' | 'staff';

export type Member = Schemas['Member'];

export type Invitation = Schemas['Invitation'];

export type OrderStatus = 'pending' | 'paid' | 'fulfilled' | 'delivered' | 'cancelled' | 'partially_refunded' | 'refunded';

export type OrderSummary = Schemas['OrderSummary'];

export type OrderAddress = Schemas['Address'];

export type OrderPaymentStatus = 'unpaid' | 'authorized' | 'partially_paid' | 'paid' | 'partially_refunded' | 'refunded';

export type Order = Schemas['Order'];

/** One line of an order's tax; the delivery fee's is the one whose lineId is null. */
export interface OrderTaxLine {
  lineId: string | null;
  taxClass: string;
  rate: number; // basis points: 2000 = 20 %
  regionId: string | null;
  countryId: string | null;
  stateId: string | null;
  taxable: number;
  amount: number;
}

export type TaxRegion = Schemas['TaxRegion'];

export type OrderTransitions = Schemas['OrderTransitions'];

// ---- Inventory, customers and reviews (src/wire/catalog.ts, customers.ts, reviews.ts) ----

export type StockState = 'in' | 'low' | 'out';

export interface StockLevel extends LowStockSku {
  stock: StockState;
}

// Hand-written still (the generated one can replace it: the locations' levels are LocationStockLevel now).
export interface StockLevels {
  lowStockThreshold: number;
  skus: StockLevel[];
}

export type InventoryAdjustment = Schemas['InventoryAdjustment'];

export type InventorySettings = DataOf<'/v1/inventory/settings'>;

export type CustomerAddress = Schemas['CustomerAddress'];

export type Customer = Schemas['Customer'];

export type Review = Schemas['Review'];

// ---- account: settings, connected apps, invitations (from src/wire/accounts.ts, src/wire/settings.ts,
// src/wire/connected-apps.ts) ----

export type Profile = Schemas['Profile'];

export interface BusinessAddress {
  line1: string | null;
  line2: string | null;
  city: string | null;
  postalCode: string | null;
  countryId: string | null;
  stateId: string | null;
}

export type BusinessProfile = Schemas['BusinessProfile'];

export type StoreSettings = Schemas['StoreSettings'];

/** The store notifications of one mode (`PATCH /v1/settings` takes any of them: only the topics sent change). */
export interface NotificationTopics {
  orders: boolean; // a mail for every new order
  lowStock: boolean; // a SKU's stock crossing the low-stock threshold
  apps: boolean; // an app connected or removed
}

export type Country = Schemas['Country'];

export type CountryState = Schemas['State'];

export type ConnectedApp = Schemas['ConnectedApp'];

export type AcceptedInvitation = DataOf<'/v1/invitations/accept', 'post'>;

// ---- Products (src/wire/catalog.ts, src/wire/files.ts, reference colors) ----------

export type ProductType = 'SIMPLE' | 'VARIABLE';
export type ProductStatus = 'draft' | 'active' | 'archived';
export type ProductSort = 'createdAt' | '-createdAt' | 'name' | '-name' | 'updatedAt' | '-updatedAt';

export type Product = Schemas['Product'];

export type Sku = Schemas['Sku'];

export type VariantGroup = Schemas['VariantGroup'];

export type ProductWithVariants = Schemas['ProductWithVariants'];

export type Category = Schemas['Category'];

export type Color = Schemas['Color'];

/** POST /v1/files. */
export interface UploadedFile {
  id: string;
  url: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
}

// ---- Selling: promotions, promo ads, delivery, payments (src/wire/{promotions,promo-ads,delivery,payments}.ts)

export type PromotionKind = 'percentage' | 'fixed';

export type Promotion = Schemas['Promotion'];

export type PromoAdStatus = 'draft' | 'published';

export type PromoAdRecord = DataOf<'/v1/promo-ads', 'post'>;

export interface UploadedFile {
  id: string;
  url: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
}

export type DeliveryRegion = Schemas['DeliveryRegion'];

export type DeliveryOption = Schemas['DeliveryOption'];

export type DeliveryZone = Schemas['DeliveryZone'];

export type DeliveryQuote = Schemas['DeliveryQuote'];

export type PaymentMethod = 'card' | 'bank_transfer' | 'cash_on_delivery' | 'paypal';

export type PaymentOptions = Schemas['PaymentOptions'];

export type PaymentLinkStatus = 'active' | 'paid' | 'expired' | 'cancelled';

export type PaymentLink = Schemas['PaymentLink'];

// ---- Payment providers and payments through them (src/wire/payments.ts) ----

export type PaymentProvider = Schemas['PaymentProvider'];

export type ProviderPaymentStatus = 'requires_payment_method' | 'requires_action' | 'processing' | 'authorized' | 'succeeded' | 'failed' | 'canceled';

export type ProviderPayment = Schemas['ProviderPayment'];

// ---- An order's payments (src/wire/payments.ts) ----

export type PaymentStatus = 'pending' | 'succeeded' | 'failed';

export interface PaymentRecord {
  id: string;
  orderId: string;
  kind: 'payment' | 'refund';
  method: PaymentMethod | 'manual';
  amount: number;
  currency: string;
  status: PaymentStatus;
  reference: string | null;
  createdAt: string;
  updatedAt: string;
}

export type OrderPaymentSummary = Schemas['OrderPaymentSummary'];

export interface OrderPayments {
  order: OrderPaymentSummary;
  payments: PaymentRecord[];
}

// Webhooks (src/wire/webhooks.ts; docs/webhooks.md).

/** One entry of `GET /v1/webhooks/event-types`. */
export interface WebhookEventType {
  type: string;
  description: string;
  permission: string; // what a subscriber must be able to read
  resource: string;
}

/** Why an endpoint is not enabled: turned off (merchant), it answered 410 Gone (gone), every delivery failed for about a day (failing). */
export type WebhookDisabledReason = 'merchant' | 'gone' | 'failing';

export type WebhookEndpoint = Schemas['WebhookEndpoint'];

export type WebhookEndpointWithSecret = Schemas['WebhookEndpointWithSecret'];

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export type WebhookDelivery = Schemas['WebhookDelivery'];

export type WebhookAttempt = Schemas['WebhookAttempt'];

export type WebhookDeliveryDetail = Schemas['WebhookDeliveryDetail'];

// ---- email (GET /v1/emails) ---------------------------------------------------------------------------------------

export type EmailKind = 'invitation' | 'password_reset' | 'order_created' | 'order_paid' | 'low_stock' | 'app_connected' | 'app_disconnected';

/** pending: not sent yet (or retried); sent: the SMTP server took it; failed: refused for good or every retry used; dropped: nothing to send any more. */
export type EmailStatus = 'pending' | 'sent' | 'failed' | 'dropped';

export type EmailMessage = Schemas['Email'];
