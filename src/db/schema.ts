import type { ColumnType, Generated } from 'kysely';

/** Timestamps: written as ISO-8601 text; read back as text (SQLite) or Date (PostgreSQL). */
export type Timestamp = ColumnType<Date | string, string, string>;
/** Booleans: written as 0/1; read back as 0/1 (SQLite) or boolean (PostgreSQL). */
export type Bool = ColumnType<boolean | number, 0 | 1, 0 | 1>;

export interface CountryTable {
  id: string;
  name: string;
  alpha3: string;
  numeric_code: string;
  status: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StateTable {
  id: string;
  country_id: string;
  name: string;
  status: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SpecificationTable {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}


export interface UserTable {
  id: string;
  email: string;
  email_normalized: string;
  name: string;
  phone: string | null;
  password_hash: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  email_verified_at: Timestamp | null;
}

export interface SessionTable {
  id: string;
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  /** The browser session a dashboard token was issued from; the token ends with it. */
  parent_id: string | null;
}

export interface StoreTable {
  id: string;
  name: string;
  legal_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  address_line1: string | null;
  address_line2: string | null;
  city: string | null;
  postal_code: string | null;
  country_id: string | null;
  state_id: string | null;
  currency: string;
  timezone: string;
  logo_file_id: string | null;
  low_stock_threshold: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StoreMemberTable {
  store_id: string;
  user_id: string;
  role: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StoreInvitationTable {
  id: string;
  store_id: string;
  email: string;
  email_normalized: string;
  role: string;
  token_hash: string;
  invited_by: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** The hash of the token in the invitation's latest mail, or null while none was sent. */
  mail_token_hash: string | null;
}

export interface ApiKeyTable {
  id: string;
  store_id: string;
  mode: string;
  name: string;
  prefix: string;
  key_hash: string;
  /** JSON array of permissions, or null for "everything the creator may do". */
  permissions: string | null;
  created_by: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** Publishable keys (storefront keys): not secrets, so the key itself is kept (migration 0018). */
export interface PublishableKeyTable {
  id: string;
  store_id: string;
  mode: string;
  name: string;
  key: string;
  created_by: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export interface AuditLogTable {
  id: string;
  store_id: string;
  mode: string;
  actor_type: string;
  actor_id: string;
  actor_label: string;
  user_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  /** JSON object */
  details: string | null;
  request_id: string | null;
  created_at: Timestamp;
}

export interface ColorTable {
  id: string;
  name: string;
  hex: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CategoryTable {
  id: string;
  store_id: string;
  mode: string;
  parent_id: string | null;
  name: string;
  slug: string;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductTable {
  id: string;
  store_id: string;
  mode: string;
  type: string;
  name: string;
  /** lower-cased, accent-stripped name for search and sorting */
  name_folded: string;
  slug: string;
  description: string | null;
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** SQLite only (migration 0015): raised by triggers on every change to the product's tree. */
  revision?: Generated<number>;
  /** tax class of the product's SKUs (migration 0025) */
  tax_class: Generated<string>;
}

export interface ProductCategoryTable {
  product_id: string;
  category_id: string;
  position: number;
  /** the product's status, type, folded name and last change, kept in step by the catalog store (migration 0013) */
  status: string;
  type: string;
  name_folded: string;
  updated_at: Timestamp;
}

/**
 * One change to what a store's product reads are made of, written by triggers (migration 0027,
 * docs/decisions/0028-catalog-changes-per-store.md); PostgreSQL also keeps the writing transaction's id (`txid`).
 */
export interface CatalogChangeTable {
  id: Generated<number>;
  store_id: string;
  product_id: string | null;
  list: number;
  created_at: ColumnType<Date | string, string | undefined, string>;
}

/** A product's searchable texts, folded: its name (`source_id` the product's id) and each SKU code (the SKU's id). */
export interface CatalogSearchTable {
  id: Generated<number>;
  store_id: string;
  mode: string;
  product_id: string;
  source_id: string;
  text: string;
}

export interface ProductImageTable {
  product_id: string;
  file_id: string;
  position: number;
}

export interface ProductSpecificationTable {
  product_id: string;
  specification_id: string;
  value: string;
}

export interface VariantGroupTable {
  id: string;
  store_id: string;
  mode: string;
  product_id: string;
  attribute_name: string;
  attribute_value: string;
  image_file_id: string | null;
  color_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SkuTable {
  id: string;
  store_id: string;
  mode: string;
  product_id: string;
  /** null for the single SKU of a SIMPLE product */
  group_id: string | null;
  sku: string | null;
  /** integer minor units of the store currency */
  price_minor: number;
  /** discount in basis points: 1250 = 12.5 % */
  discount_bp: number;
  quantity_in_stock: number;
  /** JSON object of string → string */
  attributes: string;
  /** SHA-256 of the canonical attribute combination (group dimension + SKU attributes), unique per product */
  combination_key: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** tax class overriding the product's; null: the product's (migration 0025) */
  tax_class: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface InventoryAdjustmentTable {
  id: string;
  store_id: string;
  mode: string;
  sku_id: string;
  delta: number;
  quantity_after: number;
  reason: string;
  actor_type: string;
  actor_id: string;
  actor_label: string;
  created_at: Timestamp;
  /** 0028: the location the change happened at (null: written before locations, or a whole-SKU change) */
  location_id: string | null;
  /** 0028 */
  note: string | null;
}

// ---- stock locations and levels (0028) ----

export interface StockLocationTable {
  id: string;
  store_id: string;
  mode: string;
  name: string;
  /** JSON object or null */
  address: string | null;
  active: Bool;
  is_default: Bool;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StockLevelTable {
  store_id: string;
  mode: string;
  sku_id: string;
  location_id: string;
  on_hand: number;
  allocated: number;
  updated_at: Timestamp;
}

/** 0030: the units of an order line still allocated at a location (docs/fulfilment.md, "Allocation") */
export interface OrderAllocationTable {
  store_id: string;
  mode: string;
  order_id: string;
  order_line_id: string;
  sku_id: string;
  location_id: string;
  quantity: number;
  updated_at: Timestamp;
}

/** 0031: a parcel of an order leaving one location (docs/fulfilment.md, "Shipments") */
export interface ShipmentTable {
  id: string;
  store_id: string;
  mode: string;
  order_id: string;
  location_id: string;
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  /** shipped | delivered */
  status: string;
  shipped_at: Timestamp;
  delivered_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** 0031 */
export interface ShipmentLineTable {
  shipment_id: string;
  order_line_id: string;
  sku_id: string;
  quantity: number;
}

// ---- store operations (0007) ----

export interface StoreSettingsTable {
  store_id: string;
  mode: string;
  order_number_prefix: string;
  next_order_number: number;
  /** JSON array of origins */
  allowed_origins: string;
  notification_email: string | null;
  /** JSON array of enabled payment method names */
  payment_methods: string;
  updated_at: Timestamp;
  /** Store notification kinds turned off in this mode, space-separated. */
  notifications_off: ColumnType<string, string | undefined, string>;
  /** 0/1 (a boolean on PostgreSQL): the AI connector accepts destructive calls only when the client asks the merchant. */
  mcp_require_client_confirmation: ColumnType<boolean | number, boolean | number | undefined, boolean | number>;
  /** 0/1 (boolean on PostgreSQL): SKU prices and delivery fees include tax (migration 0025) */
  prices_include_tax: ColumnType<boolean | number, 0 | 1 | undefined, 0 | 1>;
  /** the tax class of delivery fees (migration 0025) */
  shipping_tax_class: Generated<string>;
}

export interface CustomerTable {
  id: string;
  store_id: string;
  mode: string;
  name: string;
  name_folded: string;
  email: string;
  email_normalized: string;
  phone: string | null;
  /** JSON array of addresses */
  addresses: string;
  banned_at: Timestamp | null;
  ban_reason: string | null;
  ban_expires_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DeliveryZoneTable {
  id: string;
  store_id: string;
  mode: string;
  name: string;
  /** JSON array of { countryId, stateId | null } */
  regions: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DeliveryOptionTable {
  id: string;
  store_id: string;
  mode: string;
  zone_id: string;
  name: string;
  fee_minor: number;
  free_over_minor: number | null;
  min_days: number | null;
  max_days: number | null;
  active: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PromotionTable {
  id: string;
  store_id: string;
  mode: string;
  code: string;
  code_normalized: string;
  /** percentage | fixed */
  kind: string;
  /** basis points (percentage) or minor units (fixed) */
  value: number;
  min_subtotal_minor: number;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  usage_limit: number | null;
  per_customer_limit: number | null;
  times_used: number;
  active: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PromoAdTable {
  id: string;
  store_id: string;
  mode: string;
  title: string;
  body: string | null;
  image_file_id: string | null;
  link_url: string | null;
  placement: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  /** draft | published */
  status: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderTable {
  id: string;
  store_id: string;
  mode: string;
  number: string;
  customer_id: string;
  status: string;
  currency: string;
  subtotal_minor: number;
  discount_minor: number;
  delivery_fee_minor: number;
  total_minor: number;
  paid_minor: number;
  refunded_minor: number;
  /** authorized at a provider and not yet captured (migration 0022) */
  authorized_minor: Generated<number>;
  /** unfulfilled | partially_fulfilled | fulfilled | partially_returned | returned (migration 0031) */
  fulfilment_status: Generated<string>;
  /** the tax the order was placed with (migration 0025; 0 for orders placed before) */
  tax_total_minor: Generated<number>;
  /** whether the order's prices included its tax (migration 0025) */
  prices_include_tax: ColumnType<boolean | number, 0 | 1 | undefined, 0 | 1>;
  promotion_id: string | null;
  promotion_code: string | null;
  delivery_option_id: string | null;
  delivery_option_name: string | null;
  /** JSON address */
  shipping_address: string | null;
  /** JSON address */
  billing_address: string | null;
  note: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** `api` | `storefront` (migration 0032) */
  channel: Generated<string>;
  /** until when an unpaid storefront order holds its stock; null once paid or cancelled, and for API orders (0032) */
  hold_expires_at: Timestamp | null;
  /** 1 once a 3-D Secure challenge lengthened the hold (0032) */
  hold_extended: Generated<number>;
  /** where the pay page sends the shopper back after paying (0032) */
  return_url: string | null;
}

/** The order status page's tokens (0032): GET /orders/{token} opens the order whose token has this SHA-256. */
export interface OrderStatusTokenTable {
  token_hash: string;
  store_id: string;
  mode: string;
  order_id: string;
  created_at: Timestamp;
}

// ---- carts (0029) ----

export interface CartTable {
  id: string;
  store_id: string;
  mode: string;
  /** SHA-256 (hex) of the cart token */
  token_hash: string;
  email: string | null;
  /** JSON address */
  shipping_address: string | null;
  /** JSON address */
  billing_address: string | null;
  delivery_option_id: string | null;
  promotion_code: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  expires_at: Timestamp;
  /** the order its checkout placed (migration 0032); cleared when that order's hold expired */
  order_id: string | null;
}

export interface CartLineTable {
  id: string;
  cart_id: string;
  sku_id: string;
  quantity: number;
  unit_price_minor: ColumnType<number | string, number, number>;
  discount_bp: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

// ---- taxes (0025) ----

export interface TaxRegionTable {
  id: string;
  store_id: string;
  mode: string;
  name: string;
  country_id: string;
  /** '' for the whole country */
  state_id: string;
  /** JSON object: tax class → rate in basis points */
  rates: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderTaxLineTable {
  id: string;
  order_id: string;
  position: number;
  /** line | shipping */
  kind: string;
  order_line_id: string | null;
  tax_class: string;
  rate_bp: number;
  region_id: string | null;
  region_name: string | null;
  country_id: string | null;
  state_id: string | null;
  taxable_minor: number;
  amount_minor: number;
}

export interface OrderLineTable {
  id: string;
  order_id: string;
  sku_id: string;
  product_id: string;
  product_name: string;
  sku_code: string | null;
  /** JSON: group dimension + SKU attributes */
  attributes: string;
  unit_price_minor: number;
  discount_bp: number;
  quantity: number;
  line_total_minor: number;
  position: number;
}

export interface OrderEventTable {
  id: string;
  order_id: string;
  from_status: string | null;
  to_status: string;
  note: string | null;
  amount_minor: number | null;
  actor_type: string;
  actor_id: string;
  actor_label: string;
  created_at: Timestamp;
}

export interface PromotionRedemptionTable {
  id: string;
  store_id: string;
  mode: string;
  promotion_id: string;
  order_id: string;
  customer_id: string;
  created_at: Timestamp;
}

export interface PaymentTable {
  id: string;
  store_id: string;
  mode: string;
  order_id: string;
  /** payment | refund */
  kind: string;
  method: string;
  amount_minor: number;
  /** pending | succeeded | failed */
  status: string;
  reference: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentLinkTable {
  id: string;
  store_id: string;
  mode: string;
  order_id: string | null;
  amount_minor: number;
  currency: string;
  description: string | null;
  expires_at: Timestamp | null;
  /** active | paid | expired | cancelled */
  status: string;
  token: string;
  /** automatic | manual (migration 0022) */
  capture_method: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProviderPaymentTable {
  id: string;
  store_id: string;
  mode: string;
  provider: string;
  link_id: string | null;
  order_id: string | null;
  amount_minor: number;
  currency: string;
  capture_method: string;
  status: string;
  provider_ref: string | null;
  action_url: string | null;
  failure_code: string | null;
  failure_message: string | null;
  flag: string | null;
  received_minor: number | null;
  payment_id: string | null;
  completed_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** how the merchant settled a flag: accepted | refunded | released (migration 0024) */
  resolution: ColumnType<string | null, string | null | undefined, string | null>;
  resolved_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

export interface ProviderEventTable {
  store_id: string;
  mode: string;
  provider: string;
  event_id: string;
  type: string;
  provider_payment_id: string | null;
  received_at: Timestamp;
}

export interface TestProviderPaymentTable {
  id: string;
  store_id: string;
  mode: string;
  idempotency_key: string;
  amount_minor: number;
  currency: string;
  capture_method: string;
  status: string;
  card_last4: string;
  failure_code: string | null;
  failure_message: string | null;
  succeed_at: Timestamp | null;
  captured_minor: number;
  refunded_minor: number;
  return_url: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentProviderSettingsTable {
  store_id: string;
  mode: string;
  provider: string;
  secret_key_sealed: string;
  webhook_secret_sealed: string;
  key_hint: string;
  account_id: string | null;
  updated_at: Timestamp;
  /** Stripe's publishable key of the mode (public: the pay page hands it to Stripe.js); null when saved before 0024 */
  publishable_key: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TestProviderRefundTable {
  id: string;
  store_id: string;
  mode: string;
  idempotency_key: string;
  payment_id: string;
  amount_minor: number;
  created_at: Timestamp;
}

export interface TestProviderAccountTable {
  store_id: string;
  mode: string;
  signing_secret: string;
  created_at: Timestamp;
}

export interface ReviewTable {
  id: string;
  store_id: string;
  mode: string;
  product_id: string;
  customer_id: string;
  rating: number;
  title: string | null;
  body: string | null;
  reply: string | null;
  replied_at: Timestamp | null;
  hidden: Bool;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface FileTable {
  id: string;
  store_id: string;
  mode: string;
  content_type: string;
  size: number;
  width: number;
  height: number;
  /** lower-case hex */
  sha256: string;
  original_name: string | null;
  created_at: Timestamp;
  /** actor id: usr_… or key_… */
  created_by: string;
}

export interface IdempotencyKeyTable {
  /** Whose key: store, mode and credential (see docs/idempotency.md). */
  scope: string;
  /** SHA-256 hex of the Idempotency-Key header; the key itself is not stored. */
  key_hash: string;
  /** Random id of the request that holds the key; only it may complete or release it. */
  claim_id: string;
  request_method: string;
  request_path: string;
  /** SHA-256 hex of method, path and body. */
  fingerprint: string;
  /** null while the first request is in flight. */
  response_status: number | null;
  /** The saved response (status, headers, body), encrypted with a key derived from the Idempotency-Key. */
  response_sealed: string | null;
  created_at: Timestamp;
  /** Until when an in-flight claim blocks others (a crashed request frees its key after this). */
  locked_until: Timestamp | null;
  /** After this the key may be used again. */
  expires_at: Timestamp;
}

export interface OAuthClientTable {
  client_id: string;
  client_name: string;
  /** JSON array of strings, exactly as registered */
  redirect_uris: string;
  created_at: Timestamp;
  /** When a merchant first approved the app; null while nobody has (such registrations are cleaned up). */
  first_approved_at: Timestamp | null;
  /** The `client_id` URL of an app described by a Client ID Metadata Document (its key is `cimd_…`); null for a registered app. */
  metadata_document_url: string | null;
}

/** The bundled reference data's fingerprint the database was last synced with (migration 0037). */
export interface ReferenceSyncTable {
  name: string;
  fingerprint: string;
  synced_at: Timestamp;
}

export interface JobLockTable {
  name: string;
  /** The instance running the job (host, process, random part). */
  holder: string;
  /** The lease ends here; another instance may take the job after it. */
  expires_at: Timestamp;
}

export interface OAuthAuthorizationRequestTable {
  id: string;
  client_id: string;
  redirect_uri: string;
  state: string;
  code_challenge: string;
  /** space-separated requested scopes */
  scope: string;
  resource: string;
  session_id: string | null;
  store_id: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  completed_at: Timestamp | null;
}

export interface OAuthGrantTable {
  id: string;
  client_id: string;
  user_id: string;
  store_id: string;
  mode: string;
  /** space-separated granted scopes */
  scope: string;
  resource: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
}

export interface OAuthCodeTable {
  hash: string;
  grant_id: string;
  redirect_uri: string;
  code_challenge: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
}

export interface OAuthAccessTokenTable {
  hash: string;
  grant_id: string;
  scope: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface OAuthRefreshTokenTable {
  hash: string;
  grant_id: string;
  parent_hash: string | null;
  generation: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  /** The token response the rotation that consumed this token gave, sealed (migration 0009, docs/oauth.md). */
  replay_sealed: string | null;
}

/** A key the service made for itself on first use, shared by every instance (migration 0016). */
export interface ServerSecretTable {
  name: string;
  /** base64url of the key's bytes. */
  value: string;
  created_at: Timestamp;
}

/** A merchant's acceptance already acted on, by its state's nonce, until the state expires (migration 0016). */
export interface McpConfirmationTable {
  nonce: string;
  expires_at: Timestamp;
}

/** A store's webhook subscription in one mode (migration 0019). */
export interface WebhookEndpointTable {
  id: string;
  store_id: string;
  mode: string;
  url: string;
  description: string;
  /** space-separated event type patterns (`order.created`, `order.*`, `*`) */
  event_types: string;
  enabled: Bool;
  disabled_reason: string | null;
  disabled_detail: string | null;
  disabled_at: Timestamp | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Timestamp | null;
  client_id: string | null;
  failing_since: Timestamp | null;
  last_success_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The outbox: an event and the exact body sent for it (migration 0019). */
export interface WebhookEventTable {
  seq: Generated<number | string>;
  id: string;
  store_id: string;
  mode: string;
  type: string;
  resource_key: string;
  payload: string;
  created_at: Timestamp;
}

/** One event to one endpoint (migration 0019). */
export interface WebhookDeliveryTable {
  id: string;
  endpoint_id: string;
  event_seq: number | string;
  store_id: string;
  mode: string;
  resource_key: string;
  status: string;
  /** `manual` after a redelivery was asked for, until its attempt */
  trigger: string;
  attempts: number;
  next_attempt_at: Timestamp;
  lease_until: Timestamp | null;
  lease_holder: string | null;
  first_attempt_at: Timestamp | null;
  last_attempt_at: Timestamp | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One attempt to deliver (migration 0019). */
export interface WebhookAttemptTable {
  id: string;
  delivery_id: string;
  attempted_at: Timestamp;
  trigger: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_snippet: string | null;
}

export interface Database {
  countries: CountryTable;
  states: StateTable;
  specifications: SpecificationTable;
  reference_syncs: ReferenceSyncTable;
  users: UserTable;
  job_locks: JobLockTable;
  server_secrets: ServerSecretTable;
  mcp_confirmations: McpConfirmationTable;
  sessions: SessionTable;
  stores: StoreTable;
  store_members: StoreMemberTable;
  store_invitations: StoreInvitationTable;
  api_keys: ApiKeyTable;
  publishable_keys: PublishableKeyTable;
  audit_logs: AuditLogTable;
  colors: ColorTable;
  categories: CategoryTable;
  products: ProductTable;
  product_categories: ProductCategoryTable;
  catalog_search: CatalogSearchTable;
  catalog_changes: CatalogChangeTable;
  product_images: ProductImageTable;
  product_specifications: ProductSpecificationTable;
  variant_groups: VariantGroupTable;
  skus: SkuTable;
  inventory_adjustments: InventoryAdjustmentTable;
  stock_locations: StockLocationTable;
  stock_levels: StockLevelTable;
  order_allocations: OrderAllocationTable;
  shipments: ShipmentTable;
  shipment_lines: ShipmentLineTable;
  store_settings: StoreSettingsTable;
  customers: CustomerTable;
  order_status_tokens: OrderStatusTokenTable;
  delivery_zones: DeliveryZoneTable;
  delivery_options: DeliveryOptionTable;
  promotions: PromotionTable;
  promo_ads: PromoAdTable;
  orders: OrderTable;
  carts: CartTable;
  cart_lines: CartLineTable;
  order_lines: OrderLineTable;
  order_tax_lines: OrderTaxLineTable;
  tax_regions: TaxRegionTable;
  order_events: OrderEventTable;
  promotion_redemptions: PromotionRedemptionTable;
  payments: PaymentTable;
  payment_links: PaymentLinkTable;
  provider_payments: ProviderPaymentTable;
  provider_events: ProviderEventTable;
  test_provider_payments: TestProviderPaymentTable;
  test_provider_refunds: TestProviderRefundTable;
  payment_provider_settings: PaymentProviderSettingsTable;
  test_provider_accounts: TestProviderAccountTable;
  reviews: ReviewTable;
  files: FileTable;
  idempotency_keys: IdempotencyKeyTable;
  oauth_clients: OAuthClientTable;
  oauth_authorization_requests: OAuthAuthorizationRequestTable;
  oauth_grants: OAuthGrantTable;
  oauth_codes: OAuthCodeTable;
  oauth_access_tokens: OAuthAccessTokenTable;
  oauth_refresh_tokens: OAuthRefreshTokenTable;
  webhook_endpoints: WebhookEndpointTable;
  webhook_events: WebhookEventTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
  email_messages: EmailMessageTable;
  password_resets: PasswordResetTable;
  email_links: EmailLinkTable;
  returns: ReturnTable;
  return_lines: ReturnLineTable;
}

export interface EmailMessageTable {
  id: string;
  store_id: string | null;
  mode: string | null;
  kind: string;
  cause: string;
  to_address: string;
  subject: string;
  /** JSON: what the message's template needs (never a secret). */
  params: string;
  status: string;
  attempts: number;
  next_attempt_at: Timestamp | null;
  lease_until: Timestamp | null;
  lease_holder: string | null;
  last_error: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: Timestamp | null;
}

export interface EmailLinkTable {
  id: string;
  purpose: string;
  user_id: string | null;
  store_id: string | null;
  mode: string | null;
  email: string;
  token_hash: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface PasswordResetTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

// ---- returns (0034) ----

export interface ReturnTable {
  id: string;
  store_id: string;
  mode: string;
  order_id: string;
  /** requested | received | refunded | closed */
  status: string;
  reason: string;
  note: string | null;
  /** the location it was received into (null until received) */
  location_id: string | null;
  /** set at the refund: what it refunded, the tax in it, the delivery fee refunded with it */
  refund_minor: number | null;
  tax_minor: number | null;
  delivery_minor: number | null;
  actor_type: string;
  actor_id: string;
  actor_label: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  received_at: Timestamp | null;
  refunded_at: Timestamp | null;
  closed_at: Timestamp | null;
}

export interface ReturnLineTable {
  id: string;
  return_id: string;
  order_line_id: string;
  quantity: number;
  position: number;
  /** null until received: 1 restocked, 0 written off (boolean on PostgreSQL) */
  restock: Bool | null;
  refund_minor: number | null;
  tax_minor: number | null;
}
