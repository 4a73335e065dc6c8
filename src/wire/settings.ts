import { z } from 'zod';
import type { SettingsView } from '../domain/settings/settings-service.ts';
import { envelope, type Representation, WireTimestamp, wireTimestamp } from './envelope.ts';

export const SettingsRecord = z
  .object({
    mode: z.enum(['live', 'test']).describe('the mode these settings belong to (the mode of this request)'),
    orderNumberPrefix: z.string(),
    nextOrderNumber: z.number().int().describe('the number the next order gets'),
    nextOrderNumberPreview: z.string().describe('what the next order number looks like, e.g. ORD-1001'),
    allowedOrigins: z.array(z.string()),
    notificationEmail: z.string().nullable().describe('where store notifications go in this mode; null for none'),
    pendingNotificationEmail: z
      .string()
      .nullable()
      .describe('a new notification address waiting to be confirmed from the link mailed to it (48 hours); notificationEmail stays in use until then; null when none waits'),
    notifications: z
      .object({ orders: z.boolean(), lowStock: z.boolean(), apps: z.boolean() })
      .describe('which store notifications are sent to notificationEmail in this mode: a new order, a SKU crossing the low-stock threshold, an app connected or removed'),
    mcpRequireClientConfirmation: z
      .boolean()
      .describe("true: the AI connector's destructive calls in this mode need the merchant's confirmation in the AI client itself"),
    lowStockThreshold: z.number().int().describe('store-wide; the same value as GET /v1/inventory/settings'),
    currency: z.string().describe('store-wide; from the business profile'),
    timezone: z.string().describe('store-wide; from the business profile'),
    pricesIncludeTax: z.boolean().describe('true: SKU prices and delivery fees include tax (VAT style); false: tax is added on top'),
    shippingTaxClass: z.string().describe('the tax class of delivery fees'),
    updatedAt: WireTimestamp.nullable().describe('last change of the per-mode settings; null while they are the defaults'),
  })
  .meta({ id: 'StoreSettings' });

export function toSettingsRecord(s: SettingsView): z.input<typeof SettingsRecord> {
  return {
    mode: s.mode,
    orderNumberPrefix: s.orderNumberPrefix,
    nextOrderNumber: s.nextOrderNumber,
    nextOrderNumberPreview: `${s.orderNumberPrefix}${s.nextOrderNumber}`,
    allowedOrigins: s.allowedOrigins,
    notificationEmail: s.notificationEmail,
    pendingNotificationEmail: s.pendingNotificationEmail,
    notifications: s.notifications,
    mcpRequireClientConfirmation: s.mcpRequireClientConfirmation,
    lowStockThreshold: s.lowStockThreshold,
    currency: s.currency,
    timezone: s.timezone,
    pricesIncludeTax: s.pricesIncludeTax,
    shippingTaxClass: s.shippingTaxClass,
    updatedAt: s.updatedAt === null ? null : wireTimestamp(s.updatedAt),
  };
}

/** The GET representation of the settings of the request's store and mode, for ETags and If-Match on writes. */
export const SettingsRep: Representation<SettingsView> = { schema: envelope(SettingsRecord), message: 'Settings retrieved', toWire: toSettingsRecord };
