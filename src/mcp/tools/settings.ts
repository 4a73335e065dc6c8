import { z } from 'zod';
import { SettingsPatchBody } from '../../domain/settings/settings-schemas.ts';
import { SettingsRecord, toSettingsRecord } from '../../wire/settings.ts';
import { defineTool, READ, UPDATE } from '../tool.ts';

const area = 'store' as const;

/** Store operations: the store settings of this mode (the same service as /v1/settings). */
export const settingsTools = [
  defineTool({
    name: 'get_store_settings',
    area,
    title: 'Store settings',
    description: 'The store settings of this mode: order number prefix and next number, allowed origins, notification email and which notifications it gets, low-stock threshold, currency and time zone.',
    permission: 'settings:read',
    does: READ,
    input: z.strictObject({}),
    output: z.object({ settings: SettingsRecord }),
    async run(s, ctx) {
      return { summary: 'Store settings', data: { settings: toSettingsRecord(await s.settings.get(ctx)) } };
    },
  }),
  defineTool({
    name: 'update_store_settings',
    area,
    title: 'Change store settings',
    description: 'Changes only the fields sent (orderNumberPrefix, nextOrderNumber forward only, allowedOrigins, notificationEmail, notifications, lowStockThreshold, currency, timezone).',
    permission: 'settings:write',
    does: UPDATE,
    // The connector can raise the bar for its own destructive calls, never lower it (docs/mcp.md, "Confirmation").
    input: SettingsPatchBody.extend({
      mcpRequireClientConfirmation: z
        .literal(true, { error: 'can only be turned on through the AI connector; the merchant, signed in, turns it off (PATCH /v1/settings)' })
        .optional()
        .describe('true: destructive tools then need the merchant to confirm in the AI client itself; only the merchant, signed in, turns it off'),
    }),
    output: z.object({ settings: SettingsRecord }),
    async run(s, ctx, args) {
      return { summary: 'Store settings updated', data: { settings: toSettingsRecord(await s.settings.update(ctx, args)) } };
    },
  }),
];
