export const PRODUCT_TYPES = ['SIMPLE', 'VARIABLE'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export interface Sku {
  id: string;
  productId: string;
  /** null for the single SKU of a SIMPLE product */
  groupId: string | null;
  sku: string | null;
  /** integer minor units of the store currency */
  priceMinor: number;
  /** basis points: 1250 = 12.5 % */
  discountBp: number;
  quantityInStock: number;
  attributes: Record<string, string>;
  /** its own tax class, overriding the product's; null: the product's (docs/taxes.md) */
  taxClass: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface VariantGroup {
  id: string;
  productId: string;
  attributeName: string;
  attributeValue: string;
  imageFileId: string | null;
  colorId: string | null;
  createdAt: Date;
  updatedAt: Date;
  skus: Sku[];
}

export interface Product {
  id: string;
  type: ProductType;
  name: string;
  slug: string;
  description: string | null;
  status: ProductStatus;
  categoryIds: string[];
  imageFileIds: string[];
  /** specification id → value */
  specifications: Record<string, string>;
  /** the tax class of its SKUs unless a SKU has its own (docs/taxes.md); `standard` by default */
  taxClass: string;
  createdAt: Date;
  updatedAt: Date;
  /**
   * Raised by the database on every change to the product or anything of its tree (categories, images,
   * specifications, variant groups, SKUs), as read with the product; absent where the database does not keep it
   * (PostgreSQL) and on products built in memory. Two reads with the same revision saw the same tree
   * (docs/decisions/0013-product-representation-memo.md).
   */
  revision?: number;
  /**
   * PostgreSQL: the snapshot (`pg_current_snapshot()`) the product was read under. The catalog change log tells what
   * committed after it, so a copy made then is the product now while no row of it was logged since (decision 0028).
   */
  snapshot?: string;
}

/**
 * What identifies one state of a product: its id and, where the database keeps it, its revision (`Product.revision`);
 * with its status, which says who may see it (a shopper sees active products only).
 */
export interface ProductHead {
  id: string;
  status: ProductStatus;
  revision?: number;
  /** PostgreSQL: the snapshot of the statement that read the product, or found it unchanged (`Product.snapshot`). */
  snapshot?: string;
  /**
   * PostgreSQL: the caller said it holds a copy made under an earlier snapshot, and the catalog change log has no row
   * of the product, or of its whole store, committed since: the copy is the product as of `snapshot`.
   */
  unchanged?: boolean;
}

/**
 * A product the caller holds the representation of already, at this revision (a `HeldCheck` said so): read without
 * its fields and its tree.
 */
export interface HeldProduct {
  held: ProductHead;
}

/** Totals over a product's SKUs, for list views. */
export interface SkuSummary {
  skuCount: number;
  totalStock: number;
  minPriceMinor: number | null;
  maxPriceMinor: number | null;
}

/** A product as the v1 routes show it: its own fields, the single SKU of a SIMPLE product, and SKU totals. */
export interface ProductView extends Product {
  simpleSku: Sku | null;
  summary: SkuSummary;
}

/** A product as the v2 routes show it: with its variant groups and their SKUs. */
export interface ProductTree extends ProductView {
  variantGroups: VariantGroup[];
}

export interface Category {
  id: string;
  parentId: string | null;
  name: string;
  slug: string;
  position: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface InventoryAdjustment {
  id: string;
  skuId: string;
  delta: number;
  quantityAfter: number;
  reason: string;
  actorType: string;
  actorId: string;
  actorLabel: string;
  createdAt: Date;
  /** The location the change happened at (null: before locations, or spread by the SKU-wide rule of docs/fulfilment.md). */
  locationId?: string | null | undefined;
  /** The merchant's words with a location adjustment or transfer. */
  note?: string | null | undefined;
}

/** The stock figures of the inventory dashboard, over every SKU or one category's. */
export interface InventoryTotals {
  skuCount: number;
  unitsInStock: number;
  valueInStockMinor: number;
  inStock: number;
  lowStock: number;
  outOfStock: number;
}

export interface CategoryBreakdown extends InventoryTotals {
  categoryId: string | null;
  categoryName: string | null;
}

/** A SKU with its product and variant group, as the stock lists show it. */
export interface LowStockRow {
  skuId: string;
  sku: string | null;
  quantityInStock: number;
  productId: string;
  productName: string;
  groupId: string | null;
  groupName: string | null;
  attributes: Record<string, string>;
}

/** Where a SKU's stock stands against the low-stock threshold: above it, 1..threshold, or none. */
export type StockState = 'in' | 'low' | 'out';

export interface StockLevelRow extends LowStockRow {
  stock: StockState;
}

/**
 * Where a SKU's units are (docs/checkout.md, "Inventory"): on hand at its locations; held by unpaid storefront
 * checkouts whose hold has not ended; allocated to other orders (paid, or placed through the API) and not shipped yet;
 * available to sell (on hand − held − allocated, the SKU's `quantityInStock`).
 */
export interface StockBreakdown {
  onHand: number;
  held: number;
  allocated: number;
}

/** A stock level with its breakdown. */
export type StockLevelView = StockLevelRow & StockBreakdown;

export const PRODUCT_SORTS = ['createdAt', '-createdAt', 'name', '-name', 'updatedAt', '-updatedAt'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export interface ProductQuery {
  limit: number;
  cursor?: string | undefined;
  status?: ProductStatus | undefined;
  type?: ProductType | undefined;
  categoryId?: string | undefined;
  q?: string | undefined;
  sort: ProductSort;
}

/** Published limits (docs/catalog.md). */
export const CATALOG_LIMITS = {
  skusPerProduct: 4096,
  skusPerRequest: 2048,
  groupsPerProduct: 1024,
  attributesPerSku: 20,
  attributeKeyLength: 50,
  attributeValueLength: 100,
  categoriesPerProduct: 50,
  imagesPerProduct: 50,
  specificationValueLength: 500,
  maxPrice: 1_000_000_000,
  maxQuantity: 2_147_483_647,
  categoryDepth: 5,
} as const;
