/** A postal address of a customer, as stored and returned. Country and state ids come from the reference data. */
export interface CustomerAddress {
  /** the customer's own name for it, e.g. "Home" */
  label: string | null;
  /** recipient, when not the customer */
  name: string | null;
  line1: string;
  line2: string | null;
  city: string;
  postalCode: string | null;
  /** ISO 3166-2 code from GET /v1/states/{countryId}, e.g. US-CA */
  stateId: string | null;
  /** ISO 3166-1 alpha-2 code from GET /v1/countries, e.g. US */
  countryId: string;
  phone: string | null;
}

/** The last ban set on a customer. It counts while `expiresAt` is null or later than now (see `isBanned`). */
export interface CustomerBan {
  bannedAt: Date;
  reason: string;
  expiresAt: Date | null;
}

export interface Customer {
  id: string;
  name: string;
  email: string;
  /** `+` and digits only (normalised on write), or null */
  phone: string | null;
  addresses: CustomerAddress[];
  bannedAt: Date | null;
  banReason: string | null;
  banExpiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Order figures of a customer in the active store and mode, read from the orders table. */
export interface CustomerStats {
  orderCount: number;
  /** sum of paid_minor - refunded_minor over the customer's orders, in minor units */
  totalSpentMinor: number;
}

export interface CustomerView extends Customer {
  stats: CustomerStats;
}

export interface CustomerQuery {
  limit: number;
  cursor?: string | undefined;
  /** text to find in the name, email or phone */
  q?: string | undefined;
  /** only customers whose ban counts now (true) or does not (false) */
  banned?: boolean | undefined;
}

/** Published limits (docs/operations.md). */
export const CUSTOMER_LIMITS = {
  nameLength: 200,
  emailLength: 320,
  phoneLength: 40,
  phoneDigitsMin: 5,
  phoneDigitsMax: 15,
  addresses: 10,
  addressLabelLength: 50,
  addressLineLength: 200,
  cityLength: 120,
  postalCodeLength: 20,
  banReasonLength: 500,
} as const;
