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
  salesTotal: number;
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
}

export type OrderStatus = 'pending' | 'paid' | 'fulfilled' | 'delivered' | 'cancelled' | 'partially_refunded' | 'refunded';

export interface OrderSummary {
  id: string;
  number: string;
  customerId: string;
  status: OrderStatus;
  currency: string;
  subtotal: number;
  discount: number;
  deliveryFee: number;
  total: number;
  paid: number;
  refunded: number;
  promotionCode: string | null;
  deliveryOptionName: string | null;
  note: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Order extends OrderSummary {
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
  history: { from: OrderStatus | null; to: OrderStatus; note: string | null; amount: number | null; actor: { type: string; id: string; label: string }; at: string }[];
}

export interface OrderTransitions {
  status: OrderStatus;
  refundable: number;
  moves: { to: OrderStatus; description: string; needsAmount: boolean }[];
}

// ---- Selling: promotions, promo ads, delivery, payments (src/http/routes/{orders,promo-ads,delivery,payments}/schemas.ts)

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
