import type { Tenant } from '../../context.ts';
import type { DeliveryOption, DeliveryZone, Region } from './types.ts';

/**
 * What the delivery area needs of storage: the repositories it declares, which src/db implements and the composition
 * root (src/container.ts) hands to its services.
 */

export type OptionPatch = Partial<Pick<DeliveryOption, 'name' | 'feeMinor' | 'freeOverMinor' | 'estimatedDaysMin' | 'estimatedDaysMax' | 'active'>>;

/** Delivery zones and their options. Every method takes the tenant first and filters on it (`inTenant`). */
export interface DeliveryRepo {
  /**
   * In one read: the option (undefined when it is not the tenant's) and all the tenant's zones in id order (as
   * `allZones`), for quoting the option for an address.
   */
  optionWithZones(tenant: Tenant, optionId: string): Promise<{ option: DeliveryOption | undefined; zones: DeliveryZone[] }>;
  /**
   * Serializes zone and option writes of one store and mode until the transaction ends, so two zones cannot claim
   * the same region at once, a zone's option limit holds, and an If-Match check sees the state it writes over. PostgreSQL: a transaction-scoped advisory lock; SQLite has a single writer already.
   */
  lockZones(tenant: Tenant): Promise<void>;
  /** Oldest first; up to `limit + 1` zones after the cursor id. */
  listZones(tenant: Tenant, options: {
    limit: number;
    after?: string | undefined;
  }): Promise<DeliveryZone[]>;
  /** Every zone of the store and mode (at most DELIVERY_LIMITS.zonesPerStore), to decide which one serves an address. */
  allZones(tenant: Tenant): Promise<DeliveryZone[]>;
  countZones(tenant: Tenant): Promise<number>;
  findZone(tenant: Tenant, id: string): Promise<DeliveryZone | undefined>;
  insertZone(tenant: Tenant, z: DeliveryZone): Promise<void>;
  updateZone(tenant: Tenant, id: string, patch: {
    name?: string;
    regions?: Region[];
  }, now: Date): Promise<void>;
  /** Deletes the zone; its options go with it (foreign key cascade). */
  deleteZone(tenant: Tenant, id: string): Promise<boolean>;
  /** Options of the given zones, by zone then creation. */
  optionsOfZones(tenant: Tenant, zoneIds: readonly string[]): Promise<DeliveryOption[]>;
  countOptions(tenant: Tenant, zoneId: string): Promise<number>;
  findOption(tenant: Tenant, id: string): Promise<DeliveryOption | undefined>;
  insertOption(tenant: Tenant, o: DeliveryOption): Promise<void>;
  updateOption(tenant: Tenant, id: string, patch: OptionPatch, now: Date): Promise<void>;
  deleteOption(tenant: Tenant, id: string): Promise<boolean>;
}
