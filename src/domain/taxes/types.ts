/** The tax classes every store has; a merchant adds others by giving them a rate in a region. */
export const BUILT_IN_TAX_CLASSES = ['standard', 'reduced', 'zero'] as const;
export const DEFAULT_TAX_CLASS = 'standard';

/** A place a store charges tax in, with its rates per tax class (basis points: 2000 = 20 %). */
export interface TaxRegion {
  id: string;
  name: string;
  /** ISO 3166-1 alpha-2, from GET /v1/countries */
  countryId: string;
  /** ISO 3166-2 (`US-CA`); null for the whole country */
  stateId: string | null;
  /** tax class → rate in basis points (0 to 10000); always has `standard` */
  rates: Record<string, number>;
  createdAt: Date;
  updatedAt: Date;
}

/** The region a tax line was charged in, as it was when the order was placed (a region may change or go later). */
export interface TaxLineRegion {
  id: string | null;
  name: string | null;
  countryId: string | null;
  stateId: string | null;
}

/** The tax of one order line, or of the delivery fee, as the order was placed with it. */
export interface TaxLine {
  kind: 'line' | 'shipping';
  /** the order line taxed; null for shipping */
  orderLineId: string | null;
  taxClass: string;
  /** basis points: 2000 = 20 % */
  rateBp: number;
  region: TaxLineRegion;
  /**
   * What the rate applied to, in minor units, after the line's share of the order discount: the net amount when prices
   * exclude tax, the gross amount (tax included) when they include it.
   */
  taxableMinor: number;
  /** the tax, in minor units, rounded half up on this line */
  amountMinor: number;
}

/** A store's tax settings in one mode: the store settings' `pricesIncludeTax` and `shippingTaxClass` (docs/taxes.md). */
export interface TaxSettings {
  pricesIncludeTax: boolean;
  shippingTaxClass: string;
}

/** Published limits (docs/taxes.md). */
export const TAX_LIMITS = {
  regionsPerStore: 500,
  classesPerRegion: 20,
  /** 100 % */
  maxRateBp: 10_000,
} as const;
