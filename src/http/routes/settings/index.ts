import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SettingsPatchBody } from '../../../domain/settings/settings-schemas.ts';
import type { SettingsService } from '../../../domain/settings/settings-service.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { SettingsRecord, SettingsRep, toSettingsRecord } from '../../../wire/settings.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { storeCtx } from '../../plugins/auth.ts';
import { HONOURS_IF_MATCH, IF_MATCH_NOTE, ifMatch, PRECONDITION_FAILED, sendWithEtag } from '../../preconditions.ts';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
};

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
