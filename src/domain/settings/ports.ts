import type { Tenant } from '../../context.ts';

/**
 * What the settings area needs of storage: the repositories it declares, which src/db implements and the composition
 * root (src/container.ts) hands to its services.
 */

/** A `store_settings` row as the domain sees it (one per store and mode). */
export interface SettingsRow {
  orderNumberPrefix: string;
  nextOrderNumber: number;
  allowedOrigins: string[];
  notificationEmail: string | null;
  /** Store notification topics turned off in this mode (domain/email/types.ts NOTIFICATION_TOPICS). */
  notificationsOff: string[];
  /** Enabled payment method names, as stored (the domain keeps only known ones). */
  paymentMethods: string[];
  /** The AI connector carries out destructive calls only when the client asks the merchant (docs/mcp.md). */
  mcpRequireClientConfirmation: boolean;
  /** true: SKU prices and delivery fees include tax (docs/taxes.md) */
  pricesIncludeTax: boolean;
  /** the tax class of delivery fees */
  shippingTaxClass: string;
  updatedAt: Date;
}

export interface SettingsPatch {
  orderNumberPrefix?: string;
  allowedOrigins?: string[];
  notificationEmail?: string | null;
  notificationsOff?: string[];
  paymentMethods?: string[];
  mcpRequireClientConfirmation?: boolean;
  pricesIncludeTax?: boolean;
  shippingTaxClass?: string;
}

/**
 * Store settings per store and mode. A row may not exist yet: `insertIfAbsent` creates it with defaults and is safe
 * when several transactions race to create it (`on conflict do nothing` on the primary key, on both engines).
 */
export interface SettingsRepo {
  /**
   * Locks the row of the store and mode until the transaction ends on PostgreSQL (SQLite runs one writer at a time),
   * so order numbering and settings writes wait for each other; false while the row does not exist.
   */
  lock(tenant: Tenant): Promise<boolean>;
  find(tenant: Tenant): Promise<SettingsRow | undefined>;
  /** Creates the row with `defaults` unless it exists; an existing row is left exactly as it is. */
  insertIfAbsent(tenant: Tenant, defaults: SettingsRow): Promise<void>;
  update(tenant: Tenant, patch: SettingsPatch, now: Date): Promise<void>;
  /**
   * Takes the next order number atomically: one `update … set next_order_number = next_order_number + 1 …
   * returning`, so concurrent callers get distinct consecutive numbers (the row lock serializes them on PostgreSQL;
   * SQLite has one writer). Undefined when the row does not exist.
   */
  takeOrderNumber(tenant: Tenant): Promise<{
    prefix: string;
    number: number;
  } | undefined>;
  /** Moves the counter forward to `next`; false (nothing changed) when it is already past it. */
  raiseNextOrderNumber(tenant: Tenant, next: number, now: Date): Promise<boolean>;
}
