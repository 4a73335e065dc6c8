import type { Tenant } from '../../context.ts';
import type { AllocatedUnits, LevelChange, LocationUnits } from '../inventory/types.ts';
import type { Category, CategoryBreakdown, HeldProduct, InventoryAdjustment, InventoryTotals, LowStockRow, Product, ProductHead, ProductQuery, ProductStatus, ProductType, Sku, SkuSummary, StockBreakdown, StockLevelRow, StockState, VariantGroup } from './types.ts';

/** A SKU as a change of its stock figure left it, with the levels that change moved (their `inventory_level.updated`). */
export type SkuAfterStockChange = Sku & { levelChanges?: LevelChange[] };

/**
 * What the catalog area needs of storage: the repositories it declares, which src/db implements and the composition
 * root (src/container.ts) hands to its services.
 */

/** A SKU to insert (`insertSkus`): the entity `Sku` before it has timestamps. */
export type NewSku = Omit<Sku, 'createdAt' | 'updatedAt'> & {
  /** The attribute values in a canonical order, unique within the product (`skus_combination_uq`). */
  combinationKey: string;
};

/** What `skuTrees` reads of one product. */
export interface SkuTree {
  simpleSku: Sku | null;
  variantGroups: VariantGroup[];
}

/** A product with its SKUs, as the tree reads return it. */
export type ProductWithSkus = Product & SkuTree;

/**
 * A store context kept for a credential (src/http/principal-memo.ts), checked by the read it is for instead of by a
 * round trip of its own (PostgreSQL; docs/decisions/0044-one-statement-for-a-kept-credential.md): the read's statement
 * also asks whether the catalog change log holds a whole-store row of `storeId` committed since the snapshot `since`,
 * and the read fills in `outcome` with the answer and the statement's own snapshot. Left without an outcome when no
 * statement carried it (SQLite, or a read refused before reading): the context is then checked the usual way.
 */
export interface CredentialCheck {
  storeId: string;
  since: string;
  outcome?: { changed: boolean; snapshot: string };
}

/** Products, categories, variant groups and SKUs. Every method takes the tenant first and filters on it (`inTenant`). */
export interface CatalogRepo {
  insertProduct(tenant: Tenant, p: Product, nameFolded: string): Promise<void>;
  updateProduct(tenant: Tenant, id: string, set: {
    name?: string;
    nameFolded?: string;
    slug?: string;
    description?: string | null;
    status?: ProductStatus;
    taxClass?: string;
  }, now: Date): Promise<void>;
  /** Marks a product changed (a group or SKU of it changed). */
  touchProduct(tenant: Tenant, id: string, now: Date): Promise<void>;
  deleteProduct(tenant: Tenant, id: string): Promise<boolean>;
  /**
   * The product's type, taking a write lock on its row on PostgreSQL so concurrent writes to one product (its
   * groups, SKUs, preconditions) run one after another. SQLite transactions are serialised already.
   */
  lockProduct(tenant: Tenant, id: string): Promise<{
    id: string;
    type: ProductType;
  } | undefined>;
  findProduct(tenant: Tenant, id: string): Promise<Product | undefined>;
  /**
   * The tree reads (GET /v2/products/{id}): the store's currency (its code) and the product with its SKUs, or
   * `{ held: head }` when `skip` says the caller holds it at that currency (its relations and SKUs then not read).
   * PostgreSQL reads it all in one statement, its tree only unless `since` names the product and the catalog change log
   * has nothing of it since that snapshot (`ProductHead.unchanged`), and answers `credential` in the same statement;
   * SQLite reads the currency, the product, then (unless held by revision) its relations and SKUs.
   */
  findTreeUnlessHeld(
    tenant: Tenant,
    id: string,
    skip: (head: ProductHead, currency: string) => boolean,
    since?: Readonly<Record<string, string>>,
    credential?: CredentialCheck,
  ): Promise<{ currency: string; product: ProductWithSkus | HeldProduct | undefined }>;
  slugTaken(tenant: Tenant, slug: string, exceptId?: string): Promise<boolean>;
  /** Slugs of this store starting with `base`, to pick a free `base-2`, `base-3`… */
  slugsLike(tenant: Tenant, base: string): Promise<Set<string>>;
  /** Sets a product's categories, each row carrying the product's filters and sort keys as they are now. */
  replaceCategories(tenant: Tenant, productId: string, categoryIds: string[]): Promise<void>;
  replaceImages(tenant: Tenant, productId: string, fileIds: string[]): Promise<void>;
  replaceSpecifications(tenant: Tenant, productId: string, values: Record<string, string>): Promise<void>;
  /**
   * One page of products (up to `limit + 1` rows, so the caller can tell whether more follow), ordered by the sort
   * key and then id; `after` is the sort value and id of the last row of the previous page (keyset pagination, so
   * a page costs the same however deep it is). `query.q` is folded already (foldForSearch).
   *
   * Every filter × sort reads its page from one index range (docs/catalog.md, "The product list at 100,000
   * products"): without a category from `products` (migrations 0003, 0012); with one from `product_categories`, whose
   * rows carry the product's status, type and sort keys (migration 0013), joined to `products` by id. A search first
   * asks the trigram index for the matching products under the same filters; up to SEARCH_CANDIDATES of them, the page
   * is those few sorted; more, and the page walks the sort order as without a search, which then finds its rows
   * within 21 × catalog / SEARCH_CANDIDATES rows.
   */
  listProducts(tenant: Tenant, query: ProductQuery, after?: {
    value: string;
    id: string;
  }): Promise<Product[]>;
  /**
   * As `listProducts`, for the tree reads (GET /v2/products): the store's currency and the page's products with their
   * SKUs, those `skip` says the caller holds as `{ held: head }`. PostgreSQL reads the page with its trees (but those of
   * the products `since` names that did not change since) and the currency in one statement (a search asks its index
   * first); SQLite as `findTreeUnlessHeld` does.
   */
  listTreesUnlessHeld(
    tenant: Tenant,
    query: ProductQuery,
    after: { value: string; id: string } | undefined,
    skip: (head: ProductHead, currency: string) => boolean,
    since?: Readonly<Record<string, string>>,
    credential?: CredentialCheck,
  ): Promise<{ currency: string; rows: Array<ProductWithSkus | HeldProduct> }>;
  /** The sort value of a product row for a keyset cursor. */
  sortValue(tenant: Tenant, id: string, field: 'name' | 'updatedAt'): Promise<string | undefined>;
  skuSummaries(tenant: Tenant, productIds: string[]): Promise<Map<string, SkuSummary>>;
  simpleSkus(tenant: Tenant, productIds: string[]): Promise<Map<string, Sku>>;
  /**
   * Each product's SKUs in two reads: its single SKU of a SIMPLE product (or none) and its variant groups, oldest
   * first, with theirs.
   */
  skuTrees(tenant: Tenant, productIds: string[]): Promise<Map<string, SkuTree>>;
  insertGroup(tenant: Tenant, g: Omit<VariantGroup, 'skus'>): Promise<void>;
  findGroup(tenant: Tenant, productId: string, groupId: string): Promise<VariantGroup | undefined>;
  groupHeader(tenant: Tenant, productId: string, groupId: string): Promise<Omit<VariantGroup, 'skus'> | undefined>;
  countGroups(tenant: Tenant, productId: string): Promise<number>;
  updateGroup(tenant: Tenant, groupId: string, set: {
    attributeName?: string;
    attributeValue?: string;
    imageFileId?: string | null;
    colorId?: string | null;
  }, now: Date): Promise<void>;
  deleteGroup(tenant: Tenant, groupId: string): Promise<void>;
  insertSkus(tenant: Tenant, rows: NewSku[], now: Date): Promise<void>;
  findSku(tenant: Tenant, skuId: string): Promise<Sku | undefined>;
  /** Changes the SKU's given fields; returns it as it is now (undefined when it is not the tenant's). */
  updateSku(tenant: Tenant, skuId: string, set: {
    sku?: string | null;
    priceMinor?: number;
    discountBp?: number;
    quantityInStock?: number;
    attributes?: Record<string, string>;
    combinationKey?: string;
    taxClass?: string | null;
  }, now: Date): Promise<SkuAfterStockChange | undefined>;
  setCombinationKeys(tenant: Tenant, keys: Array<{
    id: string;
    combinationKey: string;
  }>): Promise<void>;
  deleteSku(tenant: Tenant, skuId: string): Promise<void>;
  countSkus(tenant: Tenant, productId: string, groupId?: string): Promise<number>;
  /** Which of these merchant SKU codes are already used in the store (optionally by a SKU other than `exceptId`). */
  skuCodesTaken(tenant: Tenant, codes: string[], exceptId?: string): Promise<Set<string>>;
  /** Which of these combination keys a product already has (optionally ignoring some SKUs). */
  combinationsTaken(tenant: Tenant, productId: string, keys: string[], exceptIds?: string[]): Promise<Set<string>>;
  /**
   * Changes stock by `delta` in one statement that cannot take it below zero, whatever runs concurrently.
   * Returns the new quantity, or null when the SKU does not exist or has too little stock.
   */
  adjustStock(tenant: Tenant, skuId: string, delta: number, now: Date): Promise<SkuAfterStockChange | null>;
  /**
   * Allocates the units of an order's SKUs (docs/fulfilment.md, "Allocation"): for each SKU in the order given (callers
   * pass them by SKU id, the lock order), the same conditional update as `adjustStock(-quantity)` (never below zero:
   * the guard against overselling); then `allocated` raised at the active locations in the order of preference, for
   * all of them in one read and one update. `short`: the first SKU that does not exist or has too little stock (the
   * caller refuses and its transaction rolls back what was taken before it).
   */
  allocateStock(
    tenant: Tenant,
    wants: ReadonlyArray<{ skuId: string; quantity: number }>,
    now: Date,
  ): Promise<{ allocated: Array<{ sku: Sku; allocations: Array<AllocatedUnits & { locationName: string }> }>; short?: undefined } | { short: string; allocated?: undefined }>;
  /**
   * Releases units allocated at their locations (a cancelled order), under the SKU row's lock: `allocated` goes down
   * there and the units at active locations come back into `quantityInStock`. Null when the SKU is gone.
   */
  releaseStock(tenant: Tenant, skuId: string, units: readonly LocationUnits[], now: Date): Promise<{ sku: Sku; from: number } | null>;
  /** The SKU, locked for update on PostgreSQL. */
  lockSku(tenant: Tenant, skuId: string): Promise<Sku | undefined>;
  /** Whether the store (either mode) holds any amount in its currency: SKUs, promotions or orders. */
  storeHasAmounts(storeId: string): Promise<boolean>;
  insertCategory(tenant: Tenant, c: Category): Promise<void>;
  /** The category, its row locked until the transaction ends on PostgreSQL (SQLite runs one writer at a time). */
  lockCategory(tenant: Tenant, id: string): Promise<Category | undefined>;
  findCategory(tenant: Tenant, id: string): Promise<Category | undefined>;
  listCategories(tenant: Tenant): Promise<Category[]>;
  categoriesExisting(tenant: Tenant, ids: string[]): Promise<Set<string>>;
  categorySlugTaken(tenant: Tenant, slug: string, exceptId?: string): Promise<boolean>;
  updateCategory(tenant: Tenant, id: string, set: {
    parentId?: string | null;
    name?: string;
    slug?: string;
    position?: number;
  }, now: Date): Promise<void>;
  categoryUsage(tenant: Tenant, id: string): Promise<{
    children: number;
    products: number;
  }>;
  deleteCategory(tenant: Tenant, id: string): Promise<void>;
}

export interface StockLevelQuery {
  limit: number;
  /** folded text (foldForSearch) to find in the product name or, lower-cased, in the SKU code */
  q?: string | undefined;
  stock?: StockState | undefined;
  /** the folded product name and SKU id of the last row of the previous page */
  after?: { name: string; id: string } | undefined;
}

/** Stock history and the inventory figures of the dashboard, per store and mode. */
export interface InventoryRepo {
  insertAdjustment(tenant: Tenant, a: InventoryAdjustment): Promise<void>;
  /** Newest first; up to `limit + 1` rows. */
  listAdjustments(tenant: Tenant, skuId: string, options: {
    limit: number;
    before?: string;
  }): Promise<InventoryAdjustment[]>;
  totals(tenant: Tenant, threshold: number): Promise<InventoryTotals>;
  /** Totals per category (a product in two categories counts in both) plus one row (null) for uncategorised SKUs. */
  byCategory(tenant: Tenant, threshold: number): Promise<CategoryBreakdown[]>;
  /** SKUs at or below the threshold, fewest first, then by id; `after` continues from the last row of a page. */
  lowStock(tenant: Tenant, threshold: number, options: {
    limit: number;
    after?: {
      quantity: number;
      id: string;
    };
  }): Promise<LowStockRow[]>;
  /**
   * Every SKU with its stock and its product's and group's names, by product name (folded) and then SKU id, up to
   * `limit + 1` rows (keyset pagination on that pair, `sortName` being the row's folded name). `threshold` decides
   * `stock` and the `stock` filter.
   */
  stockLevels(tenant: Tenant, threshold: number, query: StockLevelQuery): Promise<Array<StockLevelRow & {
    sortName: string;
  }>>;
  /** One SKU's stock level, or undefined when the store and mode have no such SKU. */
  stockLevel(tenant: Tenant, threshold: number, skuId: string): Promise<StockLevelRow | undefined>;
  lowStockThreshold(storeId: string): Promise<number>;
  setLowStockThreshold(storeId: string, threshold: number): Promise<void>;
  /**
   * Per SKU: units on hand at its locations, units allocated to pending storefront orders whose hold ends after `now`
   * (`held`), and the rest allocated (`allocated`). SKUs with no level are absent.
   */
  stockBreakdown(tenant: Tenant, skuIds: string[], now: Date): Promise<Map<string, StockBreakdown>>;
}
