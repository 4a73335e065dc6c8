import type { ColumnType } from 'kysely';

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
}

export interface SessionTable {
  id: string;
  token_hash: string;
  user_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
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
}

export interface ProductCategoryTable {
  product_id: string;
  category_id: string;
  position: number;
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
}

export interface Database {
  countries: CountryTable;
  states: StateTable;
  specifications: SpecificationTable;
  users: UserTable;
  sessions: SessionTable;
  stores: StoreTable;
  store_members: StoreMemberTable;
  store_invitations: StoreInvitationTable;
  api_keys: ApiKeyTable;
  audit_logs: AuditLogTable;
  colors: ColorTable;
  categories: CategoryTable;
  products: ProductTable;
  product_categories: ProductCategoryTable;
  product_images: ProductImageTable;
  product_specifications: ProductSpecificationTable;
  variant_groups: VariantGroupTable;
  skus: SkuTable;
  inventory_adjustments: InventoryAdjustmentTable;
}
