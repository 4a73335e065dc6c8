import type { StoreContext, Tenant } from '../../context.ts';
import type { TaxableOrder, TaxResult } from './tax-rules.ts';
import type { TaxRegion, TaxSettings } from './types.ts';

/**
 * What the taxes area needs of storage: the repository it declares, which src/db implements and the composition root
 * (src/container.ts) hands to its services.
 */
export interface TaxRepo {
  /**
   * Serializes region writes of one store and mode until the transaction ends (PostgreSQL: an advisory lock; SQLite
   * has a single writer), so two writes cannot claim the same place at once.
   */
  lockRegions(tenant: Tenant): Promise<void>;
  /** By id; up to `limit + 1` regions after the cursor id. */
  listRegions(tenant: Tenant, options: { limit: number; after?: string | undefined }): Promise<TaxRegion[]>;
  /** Every region of the store and mode (at most TAX_LIMITS.regionsPerStore). */
  allRegions(tenant: Tenant): Promise<TaxRegion[]>;
  /** The regions of one country (the country's own and its states'), to choose the one serving an address there. */
  regionsOfCountry(tenant: Tenant, countryId: string): Promise<TaxRegion[]>;
  /**
   * What pricing reads for tax, in one read: the store's tax settings in the mode (undefined while it has no settings
   * row: the defaults apply) and the regions of the country (`regionsOfCountry`; none for a null country).
   */
  taxSettingsWithRegions(tenant: Tenant, countryId: string | null): Promise<{ settings: TaxSettings | undefined; regions: TaxRegion[] }>;
  countRegions(tenant: Tenant): Promise<number>;
  findRegion(tenant: Tenant, id: string): Promise<TaxRegion | undefined>;
  insertRegion(tenant: Tenant, r: TaxRegion): Promise<void>;
  updateRegion(tenant: Tenant, id: string, patch: Partial<Pick<TaxRegion, 'name' | 'countryId' | 'stateId' | 'rates'>>, now: Date): Promise<void>;
  deleteRegion(tenant: Tenant, id: string): Promise<boolean>;
}

/**
 * The tax calculation port: the order service asks it for the tax of an order while placing it, in the order's
 * transaction (`repos` are the transaction's; an adapter that reads nothing of ours ignores them). The built-in table
 * calculator (`tableTaxCalculator`, tax-service.ts) is the default; an external service (Stripe Tax, Avalara, TaxJar)
 * plugs in behind the same port: docs/taxes.md, "Another tax calculator".
 *
 * Guarantees the order relies on: integer minor units; one line per order line when tax applies (and one for a
 * non-zero delivery fee); `taxTotalMinor` is the sum of the lines' `amountMinor`; with prices including tax no line's
 * tax exceeds its taxable amount. A calculator that fails throws; the order is then not placed.
 */
export interface TaxCalculator {
  calculate(repos: { taxes: Pick<TaxRepo, 'regionsOfCountry'> }, ctx: StoreContext, order: TaxableOrder): Promise<TaxResult>;
}
