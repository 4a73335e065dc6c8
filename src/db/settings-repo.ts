import { type Kysely, sql } from 'kysely';
import type { Tenant } from '../context.ts';
import { type Dialect, fromBool, fromDate, rowLock, toBool, toDate } from './db.ts';
import type { Database } from './schema.ts';
import { inTenant, tenantColumns } from './tenant.ts';
import type { SettingsRepo, SettingsRow, SettingsPatch } from '../domain/settings/ports.ts';

/** The `store_settings` row of a settings row, to insert. */
export function settingsValues(tenant: Tenant, row: SettingsRow) {
  return {
    ...tenantColumns(tenant),
    order_number_prefix: row.orderNumberPrefix,
    next_order_number: row.nextOrderNumber,
    allowed_origins: JSON.stringify(row.allowedOrigins),
    notification_email: row.notificationEmail,
    notifications_off: row.notificationsOff.join(' '),
    payment_methods: JSON.stringify(row.paymentMethods),
    mcp_require_client_confirmation: fromBool(row.mcpRequireClientConfirmation),
    prices_include_tax: fromBool(row.pricesIncludeTax),
    shipping_tax_class: row.shippingTaxClass,
    updated_at: fromDate(row.updatedAt),
  };
}

/**
 * Store settings per store and mode. A row may not exist yet: `insertIfAbsent` creates it with defaults and is safe
 * when several transactions race to create it (`on conflict do nothing` on the primary key, on both engines).
 */
export function createSettingsRepo(db: Kysely<Database>, dialect: Dialect): SettingsRepo {
  const locked = rowLock(dialect);
  return {
    /**
     * Locks the row of the store and mode until the transaction ends on PostgreSQL (SQLite runs one writer at a time),
     * so order numbering and settings writes wait for each other; false while the row does not exist.
     */
    async lock(tenant: Tenant): Promise<boolean> {
      let q = db.selectFrom('store_settings').select('store_id').where(inTenant(tenant));
      q = locked(q);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async find(tenant: Tenant): Promise<SettingsRow | undefined> {
      const row = await db.selectFrom('store_settings').selectAll().where(inTenant(tenant)).executeTakeFirst();
      if (!row) return undefined;
      return {
        orderNumberPrefix: row.order_number_prefix,
        nextOrderNumber: Number(row.next_order_number),
        allowedOrigins: JSON.parse(row.allowed_origins) as string[],
        notificationEmail: row.notification_email,
        notificationsOff: row.notifications_off.split(' ').filter(Boolean),
        paymentMethods: JSON.parse(row.payment_methods) as string[],
        mcpRequireClientConfirmation: toBool(row.mcp_require_client_confirmation),
        pricesIncludeTax: toBool(row.prices_include_tax),
        shippingTaxClass: row.shipping_tax_class,
        updatedAt: toDate(row.updated_at),
      };
    },

    /** Creates the row with `defaults` unless it exists; an existing row is left exactly as it is. */
    async insertIfAbsent(tenant: Tenant, defaults: SettingsRow): Promise<void> {
      await db
        .insertInto('store_settings')
        .values(settingsValues(tenant, defaults))
        .onConflict((oc) => oc.columns(['store_id', 'mode']).doNothing())
        .execute();
    },

    async update(tenant: Tenant, patch: SettingsPatch, now: Date): Promise<void> {
      const set: Record<string, unknown> = { updated_at: fromDate(now) };
      if (patch.orderNumberPrefix !== undefined) set.order_number_prefix = patch.orderNumberPrefix;
      if (patch.allowedOrigins !== undefined) set.allowed_origins = JSON.stringify(patch.allowedOrigins);
      if (patch.notificationEmail !== undefined) set.notification_email = patch.notificationEmail;
      if (patch.notificationsOff !== undefined) set.notifications_off = patch.notificationsOff.join(' ');
      if (patch.paymentMethods !== undefined) set.payment_methods = JSON.stringify(patch.paymentMethods);
      if (patch.mcpRequireClientConfirmation !== undefined) set.mcp_require_client_confirmation = fromBool(patch.mcpRequireClientConfirmation);
      if (patch.pricesIncludeTax !== undefined) set.prices_include_tax = fromBool(patch.pricesIncludeTax);
      if (patch.shippingTaxClass !== undefined) set.shipping_tax_class = patch.shippingTaxClass;
      await db.updateTable('store_settings').set(set).where(inTenant(tenant)).execute();
    },

    /**
     * Takes the next order number atomically: one `update … set next_order_number = next_order_number + 1 …
     * returning`, so concurrent callers get distinct consecutive numbers (the row lock serializes them on PostgreSQL;
     * SQLite has one writer). Undefined when the row does not exist.
     */
    async takeOrderNumber(tenant: Tenant): Promise<{ prefix: string; number: number } | undefined> {
      const row = await db
        .updateTable('store_settings')
        .set({ next_order_number: sql`next_order_number + 1` })
        .where(inTenant(tenant))
        .returning(['order_number_prefix', 'next_order_number'])
        .executeTakeFirst();
      return row && { prefix: row.order_number_prefix, number: Number(row.next_order_number) - 1 };
    },

    /** Moves the counter forward to `next`; false (nothing changed) when it is already past it. */
    async raiseNextOrderNumber(tenant: Tenant, next: number, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('store_settings')
        .set({ next_order_number: next, updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('next_order_number', '<=', next)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}

