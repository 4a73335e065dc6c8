import type { Mode, StoreContext } from '../../context.ts';
import type { DataAccess } from '../../store/repos.ts';
import { requirePermission } from '../access.ts';
import type { StoreService } from '../accounts/store-service.ts';
import { recordAudit } from '../audit/audit-service.ts';
import { invalid } from '../catalog/catalog-support.ts';
import type { InventoryService } from '../catalog/inventory-service.ts';
import type { SettingsPatchInput } from './settings-schemas.ts';
import { ensureSettings, readSettings } from './store-settings.ts';

/** The settings of a store and mode as `GET /v1/settings` shows them. */
export interface SettingsView {
  mode: Mode;
  orderNumberPrefix: string;
  nextOrderNumber: number;
  allowedOrigins: string[];
  notificationEmail: string | null;
  /** Store-wide, from `stores.low_stock_threshold` (the inventory area owns it). */
  lowStockThreshold: number;
  /** Store-wide, from the business profile (the stores area owns them). */
  currency: string;
  timezone: string;
  /** Last change of the per-mode settings; null while they are the defaults. */
  updatedAt: Date | null;
}

/**
 * Store settings per store and mode (order numbering, storefront origins, notification email), shown together with
 * the store-wide values other areas own — the low-stock threshold (inventory) and currency and time zone (business
 * profile). Those are read and changed through their own services, so each value has one source of truth.
 */
export function createSettingsService(deps: { data: DataAccess; stores: StoreService; inventory: InventoryService }) {
  const { data, stores, inventory } = deps;

  async function view(ctx: StoreContext): Promise<SettingsView> {
    const [settings, business, lowStockThreshold] = await Promise.all([
      readSettings(data.repos, ctx.tenant),
      stores.getBusiness(ctx),
      // The inventory service's own reader needs inventory:read; a settings reader sees the value without it.
      data.repos.inventory.lowStockThreshold(ctx.tenant.storeId),
    ]);
    return {
      mode: ctx.tenant.mode,
      orderNumberPrefix: settings.orderNumberPrefix,
      nextOrderNumber: settings.nextOrderNumber,
      allowedOrigins: settings.allowedOrigins,
      notificationEmail: settings.notificationEmail,
      lowStockThreshold,
      currency: business.currency,
      timezone: business.timezone,
      updatedAt: settings.updatedAt,
    };
  }

  return {
    async get(ctx: StoreContext): Promise<SettingsView> {
      requirePermission(ctx, 'settings:read');
      return view(ctx);
    },

    /**
     * Changes the sent fields. Every rule is checked before anything is written: the per-mode fields here, currency
     * and time zone by the business profile (which refuses before it writes), and the threshold by its schema. Then
     * the business profile, the threshold and the per-mode settings are written in that order, each atomically
     * with its audit entry. The PATCH is idempotent, so if the database fails between those writes, sending it again
     * completes it.
     */
    async update(ctx: StoreContext, patch: SettingsPatchInput): Promise<SettingsView> {
      requirePermission(ctx, 'settings:write');
      const { tenant } = ctx;
      if (patch.nextOrderNumber !== undefined) {
        const current = await readSettings(data.repos, tenant);
        if (patch.nextOrderNumber < current.nextOrderNumber) {
          throw invalid([{ path: 'nextOrderNumber', rule: `must be at least ${current.nextOrderNumber}: order numbers already given are never reused` }]);
        }
      }
      const business: { currency?: string; timezone?: string } = {};
      if (patch.currency !== undefined) business.currency = patch.currency;
      if (patch.timezone !== undefined) business.timezone = patch.timezone;
      if (Object.keys(business).length > 0) await stores.updateBusiness(ctx, business);
      if (patch.lowStockThreshold !== undefined) await inventory.setThreshold(ctx, patch.lowStockThreshold);

      const own = {
        ...(patch.orderNumberPrefix !== undefined ? { orderNumberPrefix: patch.orderNumberPrefix } : {}),
        ...(patch.allowedOrigins !== undefined ? { allowedOrigins: patch.allowedOrigins } : {}),
        ...(patch.notificationEmail !== undefined ? { notificationEmail: patch.notificationEmail } : {}),
      };
      if (Object.keys(own).length > 0 || patch.nextOrderNumber !== undefined) {
        await data.transaction(async (repos) => {
          await ensureSettings(repos, tenant, ctx.now);
          await repos.settings.update(tenant.storeId, tenant.mode, own, ctx.now);
          if (patch.nextOrderNumber !== undefined && !(await repos.settings.raiseNextOrderNumber(tenant.storeId, tenant.mode, patch.nextOrderNumber, ctx.now))) {
            // Orders took numbers past it since the check above: nothing of this transaction is kept.
            const current = await readSettings(repos, tenant);
            throw invalid([{ path: 'nextOrderNumber', rule: `must be at least ${current.nextOrderNumber}: order numbers already given are never reused` }]);
          }
          const fields = [...Object.keys(own), ...(patch.nextOrderNumber !== undefined ? ['nextOrderNumber'] : [])];
          await recordAudit(repos, ctx, { action: 'settings.update', targetType: 'store_settings', targetId: tenant.storeId, details: { fields, ...own, ...(patch.nextOrderNumber !== undefined ? { nextOrderNumber: patch.nextOrderNumber } : {}) } });
        });
      }
      return view(ctx);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
