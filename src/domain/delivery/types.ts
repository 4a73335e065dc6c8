/** A place a zone delivers to: a whole country, or one of its first-level subdivisions (states). */
export interface Region {
  /** ISO 3166-1 alpha-2, from GET /v1/countries */
  countryId: string;
  /** ISO 3166-2 (`US-CA`), from GET /v1/states/{countryId}; null for the whole country */
  stateId: string | null;
}

export interface DeliveryZone {
  id: string;
  name: string;
  regions: Region[];
  createdAt: Date;
  updatedAt: Date;
}

export interface DeliveryOption {
  id: string;
  zoneId: string;
  name: string;
  /** integer minor units of the store currency */
  feeMinor: number;
  /** the fee is waived when the order subtotal is at least this (minor units); null: never waived */
  freeOverMinor: number | null;
  estimatedDaysMin: number | null;
  estimatedDaysMax: number | null;
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface ZoneWithOptions extends DeliveryZone {
  options: DeliveryOption[];
}

/** An address as far as delivery cares: its country and, when known, its state. */
export interface DeliveryAddress {
  countryId: string;
  stateId?: string | null | undefined;
}

/** Published limits (docs/operations.md). */
export const DELIVERY_LIMITS = {
  zonesPerStore: 200,
  regionsPerZone: 1000,
  optionsPerZone: 50,
  maxFee: 1_000_000_000,
  maxDays: 365,
} as const;
