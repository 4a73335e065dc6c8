import type { Tenant } from '../../context.ts';
import type { LocationUnits, StockLevel, StockLocation } from './types.ts';

/**
 * What stock locations and levels need of storage (src/db/stock-repo.ts implements it). Every method takes the tenant
 * first and filters on it. Every write of a level runs under the SKU row's lock (`lockSkuStock`), and keeps
 * `skus.quantity_in_stock` equal to the sum available over the active locations.
 */
export interface StockRepo {
  /** The store's default location in this mode, created ("Default location", first in order) when it has none. */
  ensureDefaultLocation(tenant: Tenant, now: Date): Promise<StockLocation>;
  /** Serializes location writes of one store and mode (PostgreSQL: an advisory lock; SQLite has a single writer). */
  lockLocations(tenant: Tenant): Promise<void>;
  listLocations(tenant: Tenant, options: { limit: number; after?: { position: number; id: string } | undefined }): Promise<StockLocation[]>;
  countLocations(tenant: Tenant): Promise<number>;
  maxPosition(tenant: Tenant): Promise<number>;
  findLocation(tenant: Tenant, id: string): Promise<StockLocation | undefined>;
  insertLocation(tenant: Tenant, l: StockLocation): Promise<void>;
  updateLocation(tenant: Tenant, id: string, patch: Partial<Pick<StockLocation, 'name' | 'address' | 'active' | 'isDefault' | 'position'>>, now: Date): Promise<void>;
  /** Moves the default flag to `id` (the old default keeps its stock and stays active). */
  setDefaultLocation(tenant: Tenant, id: string, now: Date): Promise<void>;
  deleteLocation(tenant: Tenant, id: string): Promise<boolean>;
  /** Units on hand and allocated at a location, over all its SKUs, and its shipments not delivered yet. */
  locationHoldings(tenant: Tenant, locationId: string): Promise<{ onHand: number; allocated: number; openShipments: number }>;
  /**
   * Recomputes `quantity_in_stock` of every SKU with a level at the location from its levels (after the location's
   * active flag changed), locking those SKUs in id order. Returns the SKUs whose figure moved, with before and after.
   */
  resumSkusAt(tenant: Tenant, locationId: string, now: Date): Promise<Array<{ skuId: string; from: number; to: number }>>;
  /** Locks the SKU row (PostgreSQL: for update) and returns its stock figure, or undefined when no such SKU. */
  lockSkuStock(tenant: Tenant, skuId: string): Promise<{ quantityInStock: number; productId: string; sku: string | null } | undefined>;
  findLevel(tenant: Tenant, skuId: string, locationId: string): Promise<StockLevel | undefined>;
  /** Adds `delta` to on hand at the location (creating the level), under the caller's SKU lock; false when it would go below allocated. */
  changeOnHand(tenant: Tenant, skuId: string, locationId: string, delta: number, now: Date): Promise<boolean>;
  /** Adds `delta` to the SKU's `quantity_in_stock` (the caller's figure already checked). */
  changeSkuStock(tenant: Tenant, skuId: string, delta: number, now: Date): Promise<void>;
  /**
   * Ships `quantity` units of a SKU from a location (docs/fulfilment.md, "Shipments"), taking the SKU row's lock first:
   * `allocatedHere` of them were allocated there to the order (on hand and allocated go down by those); the order's
   * allocations `releasedElsewhere` are given up (allocated goes down there) and the rest of the units come off what the
   * location has available. Keeps `quantity_in_stock` the sum. Answers the SKU's figure before and after, null for a SKU
   * that is gone, or false, writing nothing, when the location does not hold the units.
   */
  shipUnits(
    tenant: Tenant,
    input: { skuId: string; locationId: string; quantity: number; allocatedHere: number; releasedElsewhere: readonly LocationUnits[] },
    now: Date,
  ): Promise<{ from: number; to: number } | null | false>;
  /** Levels of one SKU over every location, in the order of preference. */
  levelsOfSku(tenant: Tenant, skuId: string): Promise<StockLevel[]>;
  /** Levels at one location, by SKU id, up to `limit + 1`. */
  levelsAt(tenant: Tenant, locationId: string, options: { limit: number; after?: string | undefined }): Promise<StockLevel[]>;
}
