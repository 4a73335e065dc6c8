/** A place that holds a store's stock (per store and mode): docs/fulfilment.md. */
export interface StockLocation {
  id: string;
  name: string;
  address: LocationAddress | null;
  /** An inactive location's stock is not for sale: it leaves every SKU's `quantityInStock`. */
  active: boolean;
  /** The store's default location: where setting a SKU's `quantityInStock` lands. Exactly one per store and mode. */
  isDefault: boolean;
  /** The order of preference: lower first, ties by id. */
  position: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface LocationAddress {
  line1: string;
  line2?: string | undefined;
  city: string;
  postalCode?: string | undefined;
  countryId: string;
  stateId?: string | undefined;
}

/** One SKU's stock at one location. Available is `onHand - allocated`, never below zero. */
export interface StockLevel {
  skuId: string;
  sku: string | null;
  productId: string;
  locationId: string;
  onHand: number;
  /** Promised to orders not yet shipped (raised when an order is placed, lowered when it ships or is cancelled). */
  allocated: number;
  updatedAt: Date;
}

/** Units of a SKU allocated (or released) at one location. */
/** A level a change of a SKU's stock figure moved (made the old way, without naming a location): where, and as it was before. */
export interface LevelChange {
  locationId: string;
  onHandBefore: number;
  allocatedBefore: number;
}

export interface LocationUnits {
  locationId: string;
  quantity: number;
}

/** Units allocated at a location, with the level's units on hand and allocated after the allocation. */
export interface AllocatedUnits extends LocationUnits {
  onHand: number;
  allocated: number;
}

/** Why a location's stock changed by hand. */
export const ADJUSTMENT_REASONS = ['received', 'damaged', 'count_correction', 'returned'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export const LOCATION_LIMITS = { perStore: 100 } as const;
