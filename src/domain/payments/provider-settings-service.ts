import type { Mode, StoreContext, Tenant } from '../../context.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { AuditRepo } from '../audit/ports.ts';
import { requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import type { Transactional } from '../shared/transactional.ts';
import { invalid } from '../shared/validation.ts';
import type { ProviderSettingsRepo } from './ports.ts';
import type { ProviderName } from './provider-port.ts';
import { openSecret, sealSecret } from './secret-box.ts';

export interface ProviderSettingsServiceRepos {
  audit: Pick<AuditRepo, 'insert'>;
  providerSettings: ProviderSettingsRepo;
}

/** A provider as `GET /v1/payments/providers` lists it for a store and mode. */
export interface ProviderView {
  provider: ProviderName;
  mode: Mode;
  /** whether it takes payments in this mode now */
  enabled: boolean;
  /** built into the service (the test provider): nothing to set up */
  builtIn: boolean;
  /** whether the pay page takes cards with it in this mode: Stripe once set up, else (test mode) the test provider */
  inUse: boolean;
  keyHint: string | null;
  accountId: string | null;
  /** Stripe's publishable key (public: the pay page hands it to Stripe.js) */
  publishableKey: string | null;
  updatedAt: Date | null;
}

/** Checks a secret key with the provider: its account id, or throws (the key is refused, or the provider unreachable). */
export type VerifyKey = (provider: ProviderName, secretKey: string) => Promise<{ accountId: string | null }>;

/** The key prefixes a mode accepts: a live key never works in test mode, a test key never in live mode. */
const KEY_PREFIXES: Record<Mode, readonly string[]> = { live: ['sk_live_', 'rk_live_'], test: ['sk_test_', 'rk_test_'] };
/** The publishable key of a mode: `pk_live_…` in live mode, `pk_test_…` in test mode (Stripe's own prefixes). */
const PUBLISHABLE_PREFIX: Record<Mode, string> = { live: 'pk_live_', test: 'pk_test_' };

function purpose(tenant: Tenant, provider: ProviderName, field: 'secretKey' | 'webhookSecret'): string {
  return `${tenant.storeId}:${tenant.mode}:${provider}:${field}`;
}

function hintOf(key: string): string {
  const prefix = key.slice(0, key.indexOf('_', 3) + 1);
  return `${prefix}…${key.slice(-4)}`;
}

/**
 * A store's payment providers per mode (docs/payments.md, "Providers"): the built-in test provider (on in test mode,
 * nothing to set up) and Stripe (a secret key and webhook signing secret per mode, checked with Stripe when saved,
 * sealed with PAYMENT_SECRETS_KEY, never shown again).
 */
export function createProviderSettingsService(deps: { repos: Transactional<ProviderSettingsServiceRepos>; secretsKey: Buffer | null; verify: VerifyKey }) {
  const { repos, secretsKey } = deps;

  return {
    async list(ctx: StoreContext): Promise<ProviderView[]> {
      requirePermission(ctx, 'payments:read');
      const stripe = await repos.providerSettings.find(ctx.tenant, 'stripe');
      const stripeReady = stripe !== undefined && stripe.publishableKey !== null;
      const test = ctx.tenant.mode === 'test';
      return [
        { provider: 'test', mode: ctx.tenant.mode, enabled: test, inUse: test && !stripeReady, builtIn: true, keyHint: null, accountId: null, publishableKey: null, updatedAt: null },
        {
          provider: 'stripe',
          mode: ctx.tenant.mode,
          enabled: stripeReady,
          inUse: stripeReady,
          builtIn: false,
          keyHint: stripe?.keyHint ?? null,
          accountId: stripe?.accountId ?? null,
          publishableKey: stripe?.publishableKey ?? null,
          updatedAt: stripe?.updatedAt ?? null,
        },
      ];
    },

    /**
     * Saves Stripe's secret key, webhook signing secret and publishable key for the store in the request's mode.
     * Refused, nothing written: the test provider (422 naming `provider`: nothing to set up); a key of the other mode or
     * not a secret key (422 naming `secretKey`); a signing secret that is not `whsec_…` (422 naming `webhookSecret`); a
     * publishable key of the other mode or not one (422 naming `publishableKey`); a key Stripe
     * refuses (422 naming `secretKey`); no PAYMENT_SECRETS_KEY on the service (409 PAYMENT_PROVIDER_UNAVAILABLE).
     */
    async save(ctx: StoreContext, provider: ProviderName, input: { secretKey: string; webhookSecret: string; publishableKey: string }): Promise<ProviderView> {
      requirePermission(ctx, 'payments:write');
      const { tenant } = ctx;
      if (provider === 'test') throw invalid([{ path: 'provider', rule: 'the test provider is built in and needs no settings (it is on in test mode)' }]);
      const details: ErrorDetail[] = [];
      const prefixes = KEY_PREFIXES[tenant.mode];
      if (!prefixes.some((p) => input.secretKey.startsWith(p))) {
        const other = KEY_PREFIXES[tenant.mode === 'live' ? 'test' : 'live'].some((p) => input.secretKey.startsWith(p));
        details.push({ path: 'secretKey', rule: other ? `is a ${tenant.mode === 'live' ? 'test' : 'live'}-mode key; ${tenant.mode} mode takes ${prefixes[0]}… only` : `must be a Stripe secret key (${prefixes.join('… or ')}…)` });
      }
      if (!input.webhookSecret.startsWith('whsec_')) details.push({ path: 'webhookSecret', rule: "must be the endpoint's signing secret from Stripe (whsec_…)" });
      const pk = PUBLISHABLE_PREFIX[tenant.mode];
      if (!input.publishableKey.startsWith(pk) || !/^pk_(live|test)_[A-Za-z0-9]+$/.test(input.publishableKey)) {
        const other = input.publishableKey.startsWith(PUBLISHABLE_PREFIX[tenant.mode === 'live' ? 'test' : 'live']);
        details.push({ path: 'publishableKey', rule: other ? `is a ${tenant.mode === 'live' ? 'test' : 'live'}-mode key; ${tenant.mode} mode takes ${pk}… only` : `must be a Stripe publishable key (${pk}…)` });
      }
      if (details.length > 0) throw invalid(details);
      if (!secretsKey) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', 'This service cannot keep provider keys: its operator has not set PAYMENT_SECRETS_KEY.');
      let accountId: string | null;
      try {
        ({ accountId } = await deps.verify(provider, input.secretKey));
      } catch (error) {
        if (error instanceof AppError && error.code === 'PAYMENT_PROVIDER_ERROR') throw error;
        throw invalid([{ path: 'secretKey', rule: 'was refused by Stripe: check it was copied whole, from the right account and mode' }]);
      }
      const now = ctx.now;
      const settings = {
        provider,
        secretKeySealed: sealSecret(secretsKey, input.secretKey, purpose(tenant, provider, 'secretKey')),
        webhookSecretSealed: sealSecret(secretsKey, input.webhookSecret, purpose(tenant, provider, 'webhookSecret')),
        keyHint: hintOf(input.secretKey),
        accountId,
        publishableKey: input.publishableKey,
        updatedAt: now,
      };
      await repos.transaction(async (repos) => {
        await repos.providerSettings.save(tenant, settings);
        await recordAudit(repos, ctx, { action: 'payment_provider.update', targetType: 'payment_provider', targetId: provider, details: { keyHint: settings.keyHint, accountId, publishableKey: input.publishableKey } });
      });
      return { provider, mode: tenant.mode, enabled: true, inUse: true, builtIn: false, keyHint: settings.keyHint, accountId, publishableKey: input.publishableKey, updatedAt: now };
    },

    /** The provider's secrets for a store and mode, opened, with its publishable key; null when none are saved (or they no longer open). */
    async secretsOf(tenant: Tenant, provider: ProviderName): Promise<{ secretKey: string; webhookSecret: string; publishableKey: string | null } | null> {
      if (!secretsKey) return null;
      const s = await repos.providerSettings.find(tenant, provider);
      if (!s) return null;
      const secretKey = openSecret(secretsKey, s.secretKeySealed, purpose(tenant, provider, 'secretKey'));
      const webhookSecret = openSecret(secretsKey, s.webhookSecretSealed, purpose(tenant, provider, 'webhookSecret'));
      return secretKey === null || webhookSecret === null ? null : { secretKey, webhookSecret, publishableKey: s.publishableKey };
    },
  };
}

export type ProviderSettingsService = ReturnType<typeof createProviderSettingsService>;
