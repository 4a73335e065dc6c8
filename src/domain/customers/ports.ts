import type { Tenant } from '../../context.ts';
import type { Customer, CustomerAddress, CustomerStats } from './customer-types.ts';

/**
 * What the customers area needs of storage: the repositories it declares, which src/db implements and the composition
 * root (src/container.ts) hands to its services.
 */

export interface CustomerListOptions {
  limit: number;
  /** id of the last customer of the previous page (newest first) */
  before?: string | undefined;
  /** folded text to find in the name or email */
  text?: string | undefined;
  /** digits to find in the phone */
  digits?: string | undefined;
  banned?: boolean | undefined;
  now: Date;
}

export interface CustomerChanges {
  name?: string;
  nameFolded?: string;
  email?: string;
  emailNormalized?: string;
  phone?: string | null;
  addresses?: CustomerAddress[];
}

/** Customers of a store and mode, and their order figures. Every method takes the tenant first and filters on it (`inTenant`). */
export interface CustomerRepo {
  insertCustomer(tenant: Tenant, c: Customer, folded: {
    name: string;
    email: string;
  }): Promise<void>;
  /**
   * One customer of the store and mode, with its ban fields (`bannedAt`, `banReason`, `banExpiresAt`); undefined
   * for an unknown id or another store's. The order service reads customers through this and checks `isBanned`.
   */
  findCustomer(tenant: Tenant, id: string): Promise<Customer | undefined>;
  /** `findCustomer`, locking the row until the transaction ends on PostgreSQL (SQLite runs one writer at a time). */
  lockCustomer(tenant: Tenant, id: string): Promise<Customer | undefined>;
  emailTaken(tenant: Tenant, emailNormalized: string, exceptId?: string): Promise<boolean>;
  /** The customer with this normalized email in the store and mode (the guest checkout's rule, docs/checkout.md). */
  findByEmail(tenant: Tenant, emailNormalized: string): Promise<Customer | undefined>;
  /**
   * The customer with this normalized email in the store and mode, inserted as `c` when there is none: made when the
   * answer's id is `c.id`. Two checkouts with one email at once make one customer, without failing the transaction
   * (on PostgreSQL the second waits for the first to end; the found row stays locked until the transaction ends).
   */
  findOrInsertByEmail(tenant: Tenant, c: Customer, folded: { name: string; email: string }): Promise<Customer>;
  /** Newest first; up to `limit + 1` rows, so the caller can tell whether there are more. */
  listCustomers(tenant: Tenant, options: CustomerListOptions): Promise<Customer[]>;
  updateCustomer(tenant: Tenant, id: string, set: CustomerChanges, now: Date): Promise<void>;
  /** Sets the ban fields, or clears them with `null`. */
  setBan(tenant: Tenant, id: string, ban: {
    bannedAt: Date;
    reason: string;
    expiresAt: Date | null;
  } | null, now: Date): Promise<void>;
  /** Order count and total spent (paid minus refunded) per customer, over their orders in this store and mode. */
  statsFor(tenant: Tenant, customerIds: string[]): Promise<Map<string, CustomerStats>>;
}
