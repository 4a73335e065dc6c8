// Response shapes of the routes this slice reads (from src/http/routes/**/schemas.ts).

export type Mode = 'live' | 'test';

export interface Envelope<T> {
  status: true;
  message: string;
  data: T;
  pagination?: { limit: number; nextCursor: string | null; hasMore: boolean };
}

export interface ErrorEnvelope {
  status: false;
  message: string;
  error: { code: string; details: { path?: string; rule?: string; in?: string }[] };
  requestId?: string;
}

export interface StoreSummary {
  id: string;
  name: string;
  role: 'owner' | 'admin' | 'staff';
  currency: string;
  timezone: string;
  createdAt: string;
}

export interface User {
  id: string;
  email: string;
  name: string;
  phone: string | null;
}

export interface EffectivePermissions {
  storeId: string;
  mode: Mode;
  role: string;
  credential: 'session' | 'api_key' | 'oauth';
  permissions: string[];
}

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

export interface SalesSummary {
  currency: string;
  timeZone: string;
  period: Figures;
  previous: Figures;
  series: { date: string; salesTotal: number; orderCount: number }[];
}

export interface StockTotals {
  skuCount: number;
  unitsInStock: number;
  valueInStock: number;
  inStock: number;
  lowStock: number;
  outOfStock: number;
}

export interface InventoryDashboard {
  currency: string;
  lowStockThreshold: number;
  totals: StockTotals;
  categories: (StockTotals & { categoryId: string | null; categoryName: string | null })[];
}

export interface LowStockSku {
  skuId: string;
  sku: string | null;
  quantityInStock: number;
  productId: string;
  productName: string;
  groupId: string | null;
  groupName: string | null;
  attributes: Record<string, string>;
}

export interface LowStock {
  lowStockThreshold: number;
  skus: LowStockSku[];
}

export interface PromoAd {
  id: string;
  title: string;
  body: string | null;
  linkUrl: string | null;
  placement: string | null;
  startsAt: string;
  endsAt: string | null;
  live: boolean;
}

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  mode: Mode;
  permissions: string[] | null; // null: everything its creator may do
  createdAt: string;
  lastUsedAt: string | null;
  key?: string; // the secret, only in the response that creates it
}

/** A storefront's key (docs/storefront.md): not a secret, shown whole whenever listed. */
export interface PublishableKey {
  id: string;
  name: string;
  mode: Mode;
  key: string; // pk_live_… or pk_test_…
  createdAt: string;
  lastUsedAt: string | null;
}

export interface AuditEntry {
  id: string;
  action: string;
  actor: { type: string; id: string; label: string; userId: string | null };
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown> | null;
  mode: Mode;
  requestId: string | null;
  createdAt: string;
}

export type Role = 'owner' | 'admin' | 'staff';

export interface Member {
  userId: string;
  email: string;
  name: string;
  role: Role;
  joinedAt: string;
  updatedAt: string;
}

export interface Invitation {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
  token?: string; // only in the response that creates it
  /** Only in the answers of a create or a resend: whether the invitation mail (with a link of its own) was queued. */
  emailed?: boolean;
}

export type OrderStatus = 'pending' | 'paid' | 'fulfilled' | 'delivered' | 'cancelled' | 'partially_refunded' | 'refunded';

export interface OrderSummary {
  id: string;
  number: string;
  customerId: string;
  customerName: string | null; // the customer's name as it is now
  status: OrderStatus;
  currency: string;
  subtotal: number;
  discount: number;
  deliveryFee: number;
  tax: number; // the order's tax (docs/taxes.md); 0 where none applied
  pricesIncludeTax: boolean; // true: total holds the tax; false: the tax was added to it
  taxRefunded: number; // the share of the tax the refunds returned
  total: number;
  paid: number;
  refunded: number;
  promotionCode: string | null;
  deliveryOptionName: string | null;
  shippingAddress: OrderAddress | null;
  billingAddress: OrderAddress | null;
  note: string | null;
  createdAt: string;
  updatedAt: string;
}

/** An order's shipping or billing address (src/wire/orders.ts `Address`). */
export interface OrderAddress {
  name?: string | null;
  line1: string;
  line2?: string | null;
  city: string;
  postalCode?: string | null;
  countryId: string;
  stateId?: string | null;
  phone?: string | null;
}

export type OrderPaymentStatus = 'unpaid' | 'authorized' | 'partially_paid' | 'paid' | 'partially_refunded' | 'refunded';

export interface Order extends OrderSummary {
  /** derived from the money (docs/payments.md): apart from where the order is in its fulfilment */
  paymentStatus?: OrderPaymentStatus;
  /** money a provider holds for the order, not captured yet */
  authorized?: number;
  lines: {
    id: string;
    productName: string;
    sku: string | null;
    attributes: Record<string, string>;
    unitPrice: number;
    discount: number;
    quantity: number;
    lineTotal: number;
  }[];
  taxLines: OrderTaxLine[];
  history: { from: OrderStatus | null; to: OrderStatus; note: string | null; amount: number | null; actor: { type: string; id: string; label: string }; at: string }[];
}

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

/** GET /v1/tax-regions: a country or state with its rates per tax class (basis points). */
export interface TaxRegion {
  id: string;
  name: string;
  countryId: string;
  stateId: string | null;
  rates: Record<string, number>;
  createdAt: string;
  updatedAt: string;
}

export interface OrderTransitions {
  status: OrderStatus;
  refundable: number;
  moves: { to: OrderStatus; description: string; needsAmount: boolean }[];
}

// ---- Inventory, customers and reviews (src/wire/catalog.ts, customers.ts, reviews.ts) ----

export type StockState = 'in' | 'low' | 'out';

export interface StockLevel extends LowStockSku {
  stock: StockState;
}

export interface StockLevels {
  lowStockThreshold: number;
  skus: StockLevel[];
}

export interface InventoryAdjustment {
  id: string;
  skuId: string;
  delta: number;
  quantityAfter: number;
  reason: string;
  actor: { type: string; id: string; label: string };
  createdAt: string;
}

export interface InventorySettings {
  lowStockThreshold: number;
}

export interface CustomerAddress {
  label: string | null;
  name: string | null;
  line1: string;
  line2: string | null;
  city: string;
  postalCode: string | null;
  stateId: string | null;
  countryId: string;
  phone: string | null;
}

export interface Customer {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  addresses: CustomerAddress[];
  banned: boolean; // whether a ban counts now
  ban: { reason: string; bannedAt: string; expiresAt: string | null } | null; // the last ban set, active or expired
  orderCount: number;
  totalSpent: number; // paid minus refunded, in `currency`
  currency: string;
  createdAt: string;
  updatedAt: string;
}

export interface Review {
  id: string;
  productId: string;
  productName: string;
  customerId: string;
  customerName: string;
  rating: number;
  title: string | null;
  body: string | null;
  reply: string | null;
  repliedAt: string | null;
  hidden: boolean;
  createdAt: string;
  updatedAt: string;
}

// ---- account: settings, connected apps, invitations (from src/wire/accounts.ts, src/wire/settings.ts,
// src/wire/connected-apps.ts) ----

/** GET/PATCH /v1/merchants/profile: the signed-in merchant. */
export interface Profile extends User {
  createdAt: string;
  updatedAt: string;
  emailVerified: boolean; // proven by opening a link mailed to it
  pendingEmail: string | null; // a new email waiting for the link mailed to it; null when none waits
}

export interface BusinessAddress {
  line1: string | null;
  line2: string | null;
  city: string | null;
  postalCode: string | null;
  countryId: string | null;
  stateId: string | null;
}

/** GET/PATCH /v1/merchants/profile/business: the active store's business profile. */
export interface BusinessProfile {
  storeId: string;
  name: string;
  legalName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  address: BusinessAddress;
  currency: string;
  timezone: string;
  logoFileId: string | null;
  mode: Mode;
  createdAt: string;
  updatedAt: string;
}

/** GET/PATCH /v1/settings: store settings of the request's mode (lowStockThreshold, currency, timezone are store-wide). */
export interface StoreSettings {
  mode: Mode;
  orderNumberPrefix: string;
  nextOrderNumber: number;
  nextOrderNumberPreview: string;
  allowedOrigins: string[];
  notificationEmail: string | null; // where store notifications of this mode go; null: none are sent
  pendingNotificationEmail: string | null; // a new address waiting for the link mailed to it (notificationEmail stays in use)
  notifications: NotificationTopics; // which of them are sent to notificationEmail in this mode
  lowStockThreshold: number;
  currency: string;
  timezone: string;
  pricesIncludeTax: boolean; // SKU prices and delivery fees include tax (docs/taxes.md)
  shippingTaxClass: string; // the tax class of delivery fees
  updatedAt: string | null;
}

/** The store notifications of one mode (`PATCH /v1/settings` takes any of them: only the topics sent change). */
export interface NotificationTopics {
  orders: boolean; // a mail for every new order
  lowStock: boolean; // a SKU's stock crossing the low-stock threshold
  apps: boolean; // an app connected or removed
}

/** GET /v1/countries and /v1/states/{countryId} (public reference data). */
export interface Country {
  id: string;
  name: string;
  status: boolean;
}

export interface CountryState {
  id: string;
  name: string;
  status: boolean;
}

/** GET /v1/connected-apps: one entry per app, store and mode. */
export interface ConnectedApp {
  clientId: string;
  clientName: string;
  verified: false;
  /** The app's client_id URL when a Client ID Metadata Document describes it; null for a registered app. */
  clientIdMetadataDocument: string | null;
  redirectHosts: string[];
  store: { id: string; name: string };
  mode: Mode;
  scopes: string[];
  approvedBy: { userId: string; email: string }[];
  approvedAt: string;
  lastUsedAt: string | null;
}

/** POST /v1/invitations/accept. */
export interface AcceptedInvitation {
  storeId: string;
  role: Role;
}

// ---- Products (src/wire/catalog.ts, src/wire/files.ts, reference colors) ----------

export type ProductType = 'SIMPLE' | 'VARIABLE';
export type ProductStatus = 'draft' | 'active' | 'archived';
export type ProductSort = 'createdAt' | '-createdAt' | 'name' | '-name' | 'updatedAt' | '-updatedAt';

/** GET /v1/products/{id}, and each row of GET /v1/products. */
export interface Product {
  id: string;
  type: ProductType;
  name: string;
  slug: string;
  description: string | null;
  status: ProductStatus;
  categoryIds: string[];
  imageFileIds: string[];
  specifications: Record<string, string>;
  taxClass: string; // standard, reduced, zero or the merchant's own (docs/taxes.md)
  currency: string;
  skuId: string | null; // SIMPLE: its single SKU
  price: number | null; // SIMPLE only
  discount: number | null;
  quantityInStock: number | null;
  sku: string | null;
  skuCount: number;
  totalStock: number;
  priceRange: { min: number; max: number } | null;
  createdAt: string;
  updatedAt: string;
}

/** GET /v2/products/{productId}/variant-groups/{groupId}/skus/{skuId}. */
export interface Sku {
  id: string;
  price: number;
  discount: number; // percentage 0-100
  quantityInStock: number;
  sku: string | null;
  attributes: Record<string, string>;
  taxClass: string | null; // its own tax class; null: the product's
  createdAt: string;
  updatedAt: string;
}

/** GET /v2/products/{productId}/variant-groups/{groupId}. */
export interface VariantGroup {
  id: string;
  attributeName: string;
  attributeValue: string;
  image: string | null; // file id
  colorId: string | null;
  skus: Sku[];
  createdAt: string;
  updatedAt: string;
}

/** GET /v2/products/{id}. */
export interface ProductWithVariants extends Product {
  variantGroups: VariantGroup[];
}

/** GET /v1/categories/{id}. */
export interface Category {
  id: string;
  parentId: string | null;
  name: string;
  slug: string;
  position: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /v1/colors (public). */
export interface Color {
  id: string;
  name: string;
  hex: string;
}

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

export interface Promotion {
  id: string;
  code: string;
  kind: PromotionKind;
  value: number; // a percentage, or an amount in the store currency
  minSubtotal: number;
  startsAt: string;
  endsAt: string | null;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  timesUsed: number;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export type PromoAdStatus = 'draft' | 'published';

/** The whole promo ad record (the overview's `PromoAd` reads only what it shows). */
export interface PromoAdRecord {
  id: string;
  title: string;
  body: string | null;
  imageFileId: string | null;
  linkUrl: string | null;
  placement: string | null; // null: any placement
  startsAt: string;
  endsAt: string | null;
  status: PromoAdStatus;
  live: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface UploadedFile {
  id: string;
  url: string;
  contentType: string;
  size: number;
  width: number;
  height: number;
}

export interface DeliveryRegion {
  countryId: string;
  stateId: string | null; // null: the whole country
}

export interface DeliveryOption {
  id: string;
  zoneId: string;
  name: string;
  currency: string;
  fee: number;
  freeOver: number | null;
  estimatedDaysMin: number | null;
  estimatedDaysMax: number | null;
  active: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryZone {
  id: string;
  name: string;
  regions: DeliveryRegion[];
  options: DeliveryOption[];
  createdAt: string;
  updatedAt: string;
}

export interface DeliveryQuote {
  countryId: string;
  stateId: string | null;
  subtotal: number;
  currency: string;
  zone: { id: string; name: string } | null;
  options: {
    optionId: string;
    name: string;
    fee: number;
    regularFee: number;
    free: boolean;
    freeOver: number | null;
    estimatedDaysMin: number | null;
    estimatedDaysMax: number | null;
  }[];
}

export type PaymentMethod = 'card' | 'bank_transfer' | 'cash_on_delivery' | 'paypal';

export interface PaymentOptions {
  enabledMethods: PaymentMethod[];
  availableMethods: PaymentMethod[];
}

export type PaymentLinkStatus = 'active' | 'paid' | 'expired' | 'cancelled';

export interface PaymentLink {
  id: string;
  orderId: string | null;
  amount: number;
  currency: string;
  description: string | null;
  status: PaymentLinkStatus;
  url: string;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

// ---- Payment providers and payments through them (src/wire/payments.ts) ----

export interface PaymentProvider {
  provider: 'test' | 'stripe';
  mode: Mode;
  enabled: boolean;
  builtIn: boolean;
  inUse: boolean;
  keyHint: string | null;
  accountId: string | null;
  publishableKey: string | null;
  updatedAt: string | null;
}

export type ProviderPaymentStatus = 'requires_payment_method' | 'requires_action' | 'processing' | 'authorized' | 'succeeded' | 'failed' | 'canceled';

export interface ProviderPayment {
  id: string;
  provider: 'test' | 'stripe';
  linkId: string | null;
  orderId: string | null;
  amount: number;
  currency: string;
  captureMethod: 'automatic' | 'manual';
  status: ProviderPaymentStatus;
  providerReference: string | null;
  failure: { code: string; message: string } | null;
  flag: string | null;
  received: number | null;
  paymentId: string | null;
  completedAt: string | null;
  resolution: 'accepted' | 'refunded' | 'released' | null;
  resolvedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

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

export interface OrderPaymentSummary {
  orderId: string;
  orderNumber: string;
  currency: string;
  total: number;
  paid: number;
  refunded: number;
  pending: number;
  outstanding: number;
}

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

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string;
  eventTypes: string[]; // event types and patterns (`order.*`, `*`)
  enabled: boolean;
  disabledReason: WebhookDisabledReason | null;
  disabledDetail: string | null;
  disabledAt: string | null;
  appClientId: string | null; // the connected app that made it, or null for the store's own
  previousSecretExpiresAt: string | null;
  lastSuccessAt: string | null;
  failingSince: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The answer of a create or a secret rotation: the signing secret, shown this once. */
export interface WebhookEndpointWithSecret extends WebhookEndpoint {
  secret: string;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDelivery {
  id: string;
  eventId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: string;
}

export interface WebhookAttempt {
  id: string;
  attemptedAt: string;
  trigger: 'scheduled' | 'manual' | 'test';
  statusCode: number | null; // null: no answer
  durationMs: number;
  error: string | null;
  responseSnippet: string | null;
}

export interface WebhookDeliveryDetail extends WebhookDelivery {
  payload: Record<string, unknown>;
  attemptLog: WebhookAttempt[];
}

// ---- email (GET /v1/emails) ---------------------------------------------------------------------------------------

export type EmailKind = 'invitation' | 'password_reset' | 'order_created' | 'order_paid' | 'low_stock' | 'app_connected' | 'app_disconnected';

/** pending: not sent yet (or retried); sent: the SMTP server took it; failed: refused for good or every retry used; dropped: nothing to send any more. */
export type EmailStatus = 'pending' | 'sent' | 'failed' | 'dropped';

/** One message of the store's recent mail (`GET /v1/emails`, newest first, kept 30 days). */
export interface EmailMessage {
  id: string;
  kind: EmailKind;
  to: string;
  subject: string;
  status: EmailStatus;
  attempts: number;
  nextAttemptAt: string | null; // when it is tried (again), while pending
  lastError: string | null; // the server's last refusal, the connection error, or why it was dropped
  mode: Mode | null; // null for mail of the whole store (invitations)
  createdAt: string;
  sentAt: string | null;
}
