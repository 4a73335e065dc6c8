import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SettingsPatchBody } from '../../../domain/settings/settings-schemas.ts';
import type { SettingsService, SettingsView } from '../../../domain/settings/settings-service.ts';
import { envelope, ErrorEnvelopeSchema, ok, WireTimestamp, wireTimestamp } from '../../envelope.ts';
import { storeCtx } from '../../plugins/auth.ts';
import { HONOURS_IF_MATCH, IF_MATCH_NOTE, ifMatch, PRECONDITION_FAILED, type Representation, sendWithEtag } from '../../preconditions.ts';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
};

export const SettingsRecord = z
  .object({
    mode: z.enum(['live', 'test']).describe('the mode these settings belong to (the mode of this request)'),
    orderNumberPrefix: z.string(),
    nextOrderNumber: z.number().int().describe('the number the next order gets'),
    nextOrderNumberPreview: z.string().describe('what the next order number looks like, e.g. ORD-1001'),
    allowedOrigins: z.array(z.string()),
    notificationEmail: z.string().nullable(),
    lowStockThreshold: z.number().int().describe('store-wide; the same value as GET /v1/inventory/settings'),
    currency: z.string().describe('store-wide; from the business profile'),
    timezone: z.string().describe('store-wide; from the business profile'),
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
    lowStockThreshold: s.lowStockThreshold,
    currency: s.currency,
    timezone: s.timezone,
    updatedAt: s.updatedAt === null ? null : wireTimestamp(s.updatedAt),
  };
}

/** The GET representation of the settings of the request's store and mode, for ETags and If-Match on writes. */
export const SettingsRep: Representation<SettingsView> = { schema: envelope(SettingsRecord), message: 'Settings retrieved', toWire: toSettingsRecord };

/** Store settings per store and mode (docs/operations.md, "Settings"). */
export async function settingsRoutes(app: FastifyInstance, deps: { settings: SettingsService }): Promise<void> {
  const { settings } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'store' as const };
  const tags = ['Settings'];

  r.get(
    '/v1/settings',
    { config, schema: { tags, summary: 'Store settings of this mode (settings:read)', response: { 200: envelope(SettingsRecord), ...errors } } },
    async (request) => ok(SettingsRep.message, toSettingsRecord(await settings.get(storeCtx(request)))),
  );

  r.patch(
    '/v1/settings',
    {
      config: { ...config, ...HONOURS_IF_MATCH },
      schema: {
        tags,
        summary: 'Change store settings (settings:write)',
        description:
          'Only sent fields change. orderNumberPrefix, nextOrderNumber (forward only), allowedOrigins and notificationEmail are per mode; lowStockThreshold, currency and timezone are store-wide (the inventory settings and the business profile show the same values). ' +
          `${IF_MATCH_NOTE} The ETag covers every field shown, nextOrderNumber included: each order placed changes it.`,
        body: SettingsPatchBody,
        response: { 200: envelope(SettingsRecord), ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request, reply) => {
      const view = await settings.update(storeCtx(request), request.body, ifMatch(request, SettingsRep));
      return sendWithEtag(reply, SettingsRep, view).send(ok('Settings updated', toSettingsRecord(view)));
    },
  );
}
