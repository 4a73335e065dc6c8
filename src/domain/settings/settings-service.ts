import type { Mode, StoreContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { StoreRepo } from '../accounts/ports.ts';
import type { AuditRepo } from '../audit/ports.ts';
import type { InventoryRepo } from '../catalog/ports.ts';
import type { SettingsPatch, SettingsRepo } from './ports.ts';
import type { Transactional } from '../shared/transactional.ts';
import { requirePermission, requireSession } from '../shared/access.ts';
import type { StoreService } from '../accounts/store-service.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { invalid } from '../shared/validation.ts';
import type { InventoryService } from '../catalog/inventory-service.ts';
import type { Precondition } from '../shared/preconditions.ts';
import type { SettingsPatchInput } from './settings-schemas.ts';
import { ensureSettings, nextOrderNumber, readSettings } from './store-settings.ts';
import { type MailFeature, NOTIFICATION_TOPIC_NAMES, NOTIFICATION_TOPIC_READS, type NotificationTopic } from '../email/types.ts';
import type { EmailRepo, RenderEmail } from '../email/ports.ts';
import { mailLink } from '../email/email-link-service.ts';

/** The repositories settings-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface SettingsServiceRepos {
  audit: Pick<AuditRepo, 'insert'>;
  inventory: Pick<InventoryRepo, 'lowStockThreshold' | 'setLowStockThreshold'>;
  settings: Pick<SettingsRepo, 'find' | 'insertIfAbsent' | 'lock' | 'raiseNextOrderNumber' | 'update'>;
  stores: Pick<StoreRepo, 'findStore' | 'lockStore' | 'updateStore'>;
  email: Pick<EmailRepo, 'insertMessages' | 'afterCommit' | 'insertLink' | 'endOpenLinks' | 'findOpenLink'>;
}

/** The settings of a store and mode as `GET /v1/settings` shows them. */
export interface SettingsView {
  mode: Mode;
  orderNumberPrefix: string;
  nextOrderNumber: number;
  allowedOrigins: string[];
  notificationEmail: string | null;
  /** A new notification address waiting for the link mailed to it; `notificationEmail` stays in use until then. */
  pendingNotificationEmail: string | null;
  /** Which store notifications go to `notificationEmail` in this mode (docs/email.md). */
  notifications: Record<NotificationTopic, boolean>;
  /** The AI connector carries out destructive calls only once the merchant confirmed in the client (docs/mcp.md). */
  mcpRequireClientConfirmation: boolean;
  /** Store-wide, from `stores.low_stock_threshold` (the inventory area owns it). */
  lowStockThreshold: number;
  /** Store-wide, from the business profile (the stores area owns them). */
  currency: string;
  timezone: string;
  /** true: SKU prices and delivery fees include tax (docs/taxes.md) */
  pricesIncludeTax: boolean;
  /** the tax class of delivery fees */
  shippingTaxClass: string;
  /** Last change of the per-mode settings; null while they are the defaults. */
  updatedAt: Date | null;
}

/**
 * Store settings per store and mode (order numbering, storefront origins, notification email), shown together with
 * the store-wide values other areas own — the low-stock threshold (inventory) and currency and time zone (business
 * profile). Those are checked and written by their own areas' functions, so each value has one source of truth.
 */
export function createSettingsService(deps: {
  repos: Transactional<SettingsServiceRepos>;
  /** The business profile (currency, time zone) and the low-stock threshold, written by the areas that own them. */
  stores: Pick<StoreService, 'checkBusinessChange' | 'writeBusiness'>;
  inventory: Pick<InventoryService, 'writeLowStockThreshold'>;
  /** The mail that confirms a new notification address (MAIL_FEATURES notifications). */
  mail?: { features: ReadonlySet<MailFeature>; render: RenderEmail; notify: () => void } | undefined;
}) {
  const { repos, stores, inventory } = deps;
  const mail = deps.mail?.features.has('notifications') ? deps.mail : undefined;

  /** The view through `repos`: the pool's for a read, a transaction's to see (and check) what that transaction sees. */
  async function view(repos: SettingsServiceRepos, ctx: StoreContext): Promise<SettingsView> {
    const [settings, business, lowStockThreshold, pending] = await Promise.all([
      readSettings(repos, ctx.tenant),
      repos.stores.findStore(ctx.tenant.storeId),
      // The inventory service's own reader needs inventory:read; a settings reader sees the value without it.
      repos.inventory.lowStockThreshold(ctx.tenant.storeId),
      repos.email.findOpenLink({ purpose: 'notification_email', storeId: ctx.tenant.storeId, mode: ctx.tenant.mode }, ctx.now),
    ]);
    if (!business) throw new AppError('STORE_NOT_FOUND', 'This store no longer exists.');
    return {
      mode: ctx.tenant.mode,
      orderNumberPrefix: settings.orderNumberPrefix,
      nextOrderNumber: settings.nextOrderNumber,
      allowedOrigins: settings.allowedOrigins,
      notificationEmail: settings.notificationEmail,
      pendingNotificationEmail: pending?.email ?? null,
      notifications: Object.fromEntries(NOTIFICATION_TOPIC_NAMES.map((t) => [t, !settings.notificationsOff.includes(t)])) as Record<NotificationTopic, boolean>,
      mcpRequireClientConfirmation: settings.mcpRequireClientConfirmation,
      lowStockThreshold,
      currency: business.currency,
      timezone: business.timezone,
      pricesIncludeTax: settings.pricesIncludeTax,
      shippingTaxClass: settings.shippingTaxClass,
      updatedAt: settings.updatedAt,
    };
  }

  return {
    async get(ctx: StoreContext): Promise<SettingsView> {
      requirePermission(ctx, 'settings:read');
      return view(repos, ctx);
    },

    /**
     * Whether the AI connector may take the model's `confirm: true` for a destructive call in the caller's store and
     * mode (`mcpRequireClientConfirmation` off). Asked by the connector for every caller, whatever they may read: it is
     * a rule about the caller, not data shown to them.
     */
    async connectorRequiresClientConfirmation(ctx: StoreContext): Promise<boolean> {
      return (await readSettings(repos, ctx.tenant)).mcpRequireClientConfirmation;
    },

    /**
     * Changes the sent fields. Every rule is checked before anything is written: the per-mode fields here, currency
     * and time zone by the business profile's rules, and the threshold by its schema. Then the business profile, the
     * threshold and the per-mode settings are written in that order, each with its audit entry, in one transaction
     * that holds the store row (and the settings row, when there is one): all or nothing. `precondition` (If-Match)
     * is checked in that transaction against the whole view, before anything is written.
     */
    async update(ctx: StoreContext, patch: SettingsPatchInput, precondition?: Precondition<SettingsView>): Promise<SettingsView> {
      requirePermission(ctx, 'settings:write');
      const { tenant } = ctx;
      // Directing data is reading it (docs/security.md): turning a topic on needs what its mail shows; a new address
      // needs what every topic that will be on shows, and is used only once the link mailed to it is opened.
      const currentSettings = await readSettings(repos, tenant);
      const topicsOn = new Set(NOTIFICATION_TOPIC_NAMES.filter((t) => !currentSettings.notificationsOff.includes(t)));
      for (const [topic, on] of Object.entries(patch.notifications ?? {}) as Array<[NotificationTopic, boolean | undefined]>) {
        if (on === true && !topicsOn.has(topic)) for (const p of NOTIFICATION_TOPIC_READS[topic]) requirePermission(ctx, p);
        if (on === true) topicsOn.add(topic);
        if (on === false) topicsOn.delete(topic);
      }
      const newAddress =
        typeof patch.notificationEmail === 'string' && patch.notificationEmail.toLowerCase() !== (currentSettings.notificationEmail ?? '').toLowerCase()
          ? patch.notificationEmail
          : undefined;
      if (newAddress !== undefined) {
        for (const topic of topicsOn) for (const p of NOTIFICATION_TOPIC_READS[topic]) requirePermission(ctx, p);
        if (!mail) {
          throw new AppError('NOTIFICATIONS_UNAVAILABLE', 'This service sends no store notifications (MAIL_FEATURES), so a new notification address cannot be confirmed by mail. Ask its operator.', {
            details: [{ path: 'notificationEmail', rule: 'cannot be confirmed: store notifications are off on this service' }],
          });
        }
      }
      // Lowering the bar for the AI connector takes the merchant in person: an API key or an app (whose assistant could
      // then confirm for the merchant) may turn the setting on, not off. The connector's own tool can only turn it on.
      if (patch.mcpRequireClientConfirmation === false && currentSettings.mcpRequireClientConfirmation) requireSession(ctx, 'Turning mcpRequireClientConfirmation off');
      if (patch.nextOrderNumber !== undefined) {
        const current = await readSettings(repos, tenant);
        if (patch.nextOrderNumber < current.nextOrderNumber) {
          throw invalid([{ path: 'nextOrderNumber', rule: `must be at least ${current.nextOrderNumber}: order numbers already given are never reused` }]);
        }
      }
      const business: { currency?: string; timezone?: string } = {};
      if (patch.currency !== undefined) business.currency = patch.currency;
      if (patch.timezone !== undefined) business.timezone = patch.timezone;
      // Reads outside the transaction (SQLite has one connection): the business profile's rules.
      if (Object.keys(business).length > 0) await stores.checkBusinessChange(ctx, business);

      const own: SettingsPatch = {
        ...(patch.orderNumberPrefix !== undefined ? { orderNumberPrefix: patch.orderNumberPrefix } : {}),
        ...(patch.allowedOrigins !== undefined ? { allowedOrigins: patch.allowedOrigins } : {}),
        ...(patch.pricesIncludeTax !== undefined ? { pricesIncludeTax: patch.pricesIncludeTax } : {}),
        ...(patch.shippingTaxClass !== undefined ? { shippingTaxClass: patch.shippingTaxClass } : {}),
        // Clearing the address, or the same address in another case, takes effect now; a new one waits for its link.
        ...(patch.notificationEmail !== undefined && newAddress === undefined ? { notificationEmail: patch.notificationEmail } : {}),
        ...(patch.mcpRequireClientConfirmation !== undefined ? { mcpRequireClientConfirmation: patch.mcpRequireClientConfirmation } : {}),
      };
      await repos.transaction(async (repos) => {
        if (!(await repos.stores.lockStore(tenant.storeId))) throw new AppError('STORE_NOT_FOUND', 'This store no longer exists.');
        await repos.settings.lock(tenant);
        if (precondition) precondition(await view(repos, ctx));
        if (patch.notifications !== undefined) {
          // Only the topics sent change; the others keep their state (read under the store's lock, so two changes of
          // different topics at once both hold).
          const current = (await readSettings(repos, tenant)).notificationsOff;
          const off = new Set(current);
          for (const [topic, on] of Object.entries(patch.notifications)) {
            if (on === undefined) continue;
            if (on) off.delete(topic);
            else off.add(topic);
          }
          own.notificationsOff = NOTIFICATION_TOPIC_NAMES.filter((t) => off.has(t));
        }
        if (patch.notificationEmail === null) await repos.email.endOpenLinks({ purpose: 'notification_email', storeId: tenant.storeId, mode: tenant.mode }, ctx.now);
        if (newAddress !== undefined && mail) {
          const store = await repos.stores.findStore(tenant.storeId);
          await mailLink(repos, mail, {
            purpose: 'notification_email',
            to: newAddress,
            storeId: tenant.storeId,
            mode: tenant.mode,
            params: { storeName: store?.name ?? '', mode: tenant.mode, requestedBy: ctx.actor.label },
            now: ctx.now,
          });
          await recordAudit(repos, ctx, { action: 'settings.notification_email_request', targetType: 'store_settings', targetId: tenant.storeId, details: { notificationEmail: newAddress } });
        }
        if (Object.keys(business).length > 0) await stores.writeBusiness(repos, ctx, business);
        if (patch.lowStockThreshold !== undefined) await inventory.writeLowStockThreshold(repos, ctx, patch.lowStockThreshold);
        // Store-wide fields only: the per-mode row is neither created nor touched.
        if (Object.keys(own).length === 0 && patch.nextOrderNumber === undefined) return;
        await ensureSettings(repos, tenant, ctx.now);
        await repos.settings.update(tenant, own, ctx.now);
        if (patch.nextOrderNumber !== undefined && !(await repos.settings.raiseNextOrderNumber(tenant, patch.nextOrderNumber, ctx.now))) {
          // Orders took numbers past it since the check above: nothing of this transaction is kept.
          const current = await readSettings(repos, tenant);
          throw invalid([{ path: 'nextOrderNumber', rule: `must be at least ${current.nextOrderNumber}: order numbers already given are never reused` }]);
        }
        const fields = [...Object.keys(own), ...(patch.nextOrderNumber !== undefined ? ['nextOrderNumber'] : [])];
        await recordAudit(repos, ctx, { action: 'settings.update', targetType: 'store_settings', targetId: tenant.storeId, details: { fields, ...own, ...(patch.nextOrderNumber !== undefined ? { nextOrderNumber: patch.nextOrderNumber } : {}) } });
      });
      return view(repos, ctx);
    },

    /** Joins the caller's transaction (pass its repos): takes the next order number of the tenant (orders call it). */
    nextOrderNumber,
    /** Joins the caller's transaction (pass its repos): creates the tenant's settings row with its defaults if absent. */
    ensureSettings,
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
