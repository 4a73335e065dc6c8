import type { Kysely, Selectable } from 'kysely';
import type { ProviderSettingsRepo } from '../domain/payments/ports.ts';
import type { ProviderName } from '../domain/payments/provider-port.ts';
import { fromDate, toDate } from './db.ts';
import type { Database, PaymentProviderSettingsTable } from './schema.ts';
import { inTenant, tenantColumns } from './tenant.ts';

function toSettings(r: Selectable<PaymentProviderSettingsTable>) {
  return {
    provider: r.provider as ProviderName,
    secretKeySealed: r.secret_key_sealed,
    webhookSecretSealed: r.webhook_secret_sealed,
    keyHint: r.key_hint,
    accountId: r.account_id,
    publishableKey: r.publishable_key ?? null,
    updatedAt: toDate(r.updated_at),
  };
}

/** A store's payment provider settings per mode (`payment_provider_settings`); the secrets arrive sealed. */
export function createProviderSettingsRepo(db: Kysely<Database>): ProviderSettingsRepo {
  return {
    async find(tenant, provider) {
      const row = await db.selectFrom('payment_provider_settings').selectAll().where(inTenant(tenant)).where('provider', '=', provider).executeTakeFirst();
      return row && toSettings(row);
    },
    async list(tenant) {
      return (await db.selectFrom('payment_provider_settings').selectAll().where(inTenant(tenant)).orderBy('provider').execute()).map(toSettings);
    },
    async save(tenant, s) {
      const values = { secret_key_sealed: s.secretKeySealed, webhook_secret_sealed: s.webhookSecretSealed, key_hint: s.keyHint, account_id: s.accountId, publishable_key: s.publishableKey, updated_at: fromDate(s.updatedAt) };
      await db
        .insertInto('payment_provider_settings')
        .values({ ...tenantColumns(tenant), provider: s.provider, ...values })
        .onConflict((oc) => oc.columns(['store_id', 'mode', 'provider']).doUpdateSet(values))
        .execute();
    },
  };
}
