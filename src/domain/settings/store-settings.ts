import type { Mode, Tenant } from '../../context.ts';
import type { SettingsRepo, SettingsRow } from './ports.ts';
import type { TaxSettings } from '../taxes/types.ts';
import { DEFAULT_PAYMENT_METHODS, isPaymentMethod, type PaymentMethod } from '../payments/payment-rules.ts';

/** The repositories store-settings.ts reads and writes (the composition root passes them; src/db implements them). */
export interface StoreSettingsRepos {
  settings: Pick<SettingsRepo, 'find' | 'insertIfAbsent' | 'takeOrderNumber'>;
}

/**
 * Store settings as the other areas use them, inside their own transactions: these functions take the `repos` of the
 * caller's transaction (never `repos`), so the order service can call them while its transaction is open.
 */

/** The order number prefix until the store chooses one: `ORD-` live, `TEST-` in the test mode (as on main). */
export const DEFAULT_ORDER_NUMBER_PREFIX = 'ORD-';
export const DEFAULT_TEST_ORDER_NUMBER_PREFIX = 'TEST-';
export const FIRST_ORDER_NUMBER = 1001;
/** Largest order number (the counter is a 32-bit integer column). */
export const MAX_ORDER_NUMBER = 2_000_000_000;

export interface StoreSettings {
  orderNumberPrefix: string;
  /** The number the next order gets (without the prefix). */
  nextOrderNumber: number;
  allowedOrigins: string[];
  notificationEmail: string | null;
  /** Store notification topics turned off in this mode. */
  notificationsOff: string[];
  paymentMethods: PaymentMethod[];
  /** The AI connector carries out destructive calls only when the client asks the merchant (docs/mcp.md, "Confirmation"). */
  mcpRequireClientConfirmation: boolean;
  /** true: SKU prices and delivery fees include tax (VAT style); false: tax is added on top (docs/taxes.md) */
  pricesIncludeTax: boolean;
  /** the tax class of delivery fees; `standard` by default */
  shippingTaxClass: string;
  /** null while the store and mode still run on the defaults (no row saved yet). */
  updatedAt: Date | null;
}

/** The settings row a store and mode start with (what `ensureSettings` inserts). */
export function defaultSettingsRow(mode: Mode, now: Date): SettingsRow {
  return {
    orderNumberPrefix: mode === 'test' ? DEFAULT_TEST_ORDER_NUMBER_PREFIX : DEFAULT_ORDER_NUMBER_PREFIX,
    nextOrderNumber: FIRST_ORDER_NUMBER,
    allowedOrigins: [],
    notificationEmail: null,
    notificationsOff: [],
    paymentMethods: [...DEFAULT_PAYMENT_METHODS],
    mcpRequireClientConfirmation: false,
    pricesIncludeTax: false,
    shippingTaxClass: 'standard',
    updatedAt: now,
  };
}

/** The settings of a store and mode; the defaults when none were saved. Never writes. */
export async function readSettings(repos: { settings: Pick<SettingsRepo, 'find'> }, tenant: Tenant): Promise<StoreSettings> {
  const row = await repos.settings.find(tenant);
  if (!row) return { ...defaultSettingsRow(tenant.mode, new Date(0)), paymentMethods: [...DEFAULT_PAYMENT_METHODS], updatedAt: null };
  return { ...row, paymentMethods: row.paymentMethods.filter(isPaymentMethod) };
}

/** The tax settings read (`TaxRepo.taxSettingsWithRegions`), or the defaults when none were saved (as `readSettings`). */
export function taxSettingsOrDefaults(settings: TaxSettings | undefined, mode: Mode): TaxSettings {
  if (settings) return settings;
  const { pricesIncludeTax, shippingTaxClass } = defaultSettingsRow(mode, new Date(0));
  return { pricesIncludeTax, shippingTaxClass };
}

/** Creates the settings row with defaults if it does not exist; safe when several transactions race to create it. */
export async function ensureSettings(repos: { settings: Pick<SettingsRepo, 'insertIfAbsent'> }, tenant: Tenant, now: Date): Promise<void> {
  await repos.settings.insertIfAbsent(tenant, defaultSettingsRow(tenant.mode, now));
}

/**
 * Takes the next order number of the store and mode, e.g. "ORD-1001", atomically, in the caller's transaction:
 * concurrent orders get distinct consecutive numbers. The settings row stays locked until the caller's transaction
 * ends (so orders of one store and mode are numbered one after another), and a rolled-back order gives its number
 * back, so numbers have no gaps.
 */
export async function nextOrderNumber(repos: { settings: Pick<SettingsRepo, 'insertIfAbsent' | 'takeOrderNumber'> }, tenant: Tenant, now: Date): Promise<string> {
  // The row exists once the store has settings: taken in one statement; made first only when it is missing.
  let taken = await repos.settings.takeOrderNumber(tenant);
  if (!taken) {
    await ensureSettings(repos, tenant, now);
    taken = await repos.settings.takeOrderNumber(tenant);
  }
  if (!taken) throw new Error(`store_settings row of ${tenant.storeId}/${tenant.mode} vanished while taking an order number`);
  return `${taken.prefix}${taken.number}`;
}
