import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, type Tenant } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { Field, FormRefusal, TextField } from '../components/Field.tsx';
import { Section } from '../components/Section.tsx';
import { editorFieldErrors } from '../editor.ts';
import { formatTimestamp } from '../format.ts';

type PaymentProvider = Schemas['PaymentProvider'];

const FIELDS = ['secretKey', 'webhookSecret', 'publishableKey'] as const;
type Keys = Record<(typeof FIELDS)[number], string>;
const EMPTY: Keys = { secretKey: '', webhookSecret: '', publishableKey: '' };

export const providersKey = (t: Tenant) => ['tenant', t.storeId, t.mode, 'payments', 'providers'] as const;

/**
 * Card payments (docs/payments.md, "Providers and their keys"): which provider takes the pay page's cards in this mode
 * (`GET /v1/payments/providers`), the built-in test provider explained, and Stripe's keys for this mode
 * (`PUT /v1/payments/providers/stripe`, payments:write). Secrets are typed, sent once and never shown again: the page
 * shows the key's hint and the account Stripe named.
 */
export function CardProviders({ tenant, canWrite, zone }: { tenant: Tenant; canWrite: boolean; zone: string }) {
  const providers = useQuery({
    queryKey: providersKey(tenant),
    queryFn: ({ signal }) => api<PaymentProvider[]>('/v1/payments/providers', { tenant, signal }).then((r) => r.data),
  });
  const test = tenant.mode === 'test';
  return (
    <Section title="Card payments">
      {providers.isPending ? (
        <Loading what="the payment providers" />
      ) : providers.isError ? (
        <ErrorPanel error={providers.error} title="The payment providers could not be loaded." onRetry={() => providers.refetch()} />
      ) : (
        <>
          <p data-testid="provider-in-use">
            {(() => {
              const inUse = providers.data.find((p) => p.inUse);
              if (!inUse) return `In live mode the pay page takes no cards until you connect Stripe below. Customers can still pay you by the other methods.`;
              return inUse.provider === 'stripe' ? `The pay page takes cards with Stripe in ${test ? 'test' : 'live'} mode.` : 'The pay page takes cards with the built-in test provider: no real money moves.';
            })()}
          </p>
          {test ? (
            <div className="notice" data-testid="test-provider-help">
              <p>
                <strong>The test provider</strong> is built in and on in test mode only. It needs no account: open a payment link in test mode and pay with
                a test card.
              </p>
              <ul>
                <li>
                  <code>4242 4242 4242 4242</code> succeeds
                </li>
                <li>
                  <code>4000 0000 0000 0002</code> is declined
                </li>
                <li>
                  <code>4000 0027 6000 3184</code> asks for a 3-D Secure check
                </li>
                <li>
                  <code>4000 0000 0000 0077</code> succeeds a few seconds later
                </li>
              </ul>
              <p>Once you connect Stripe in test mode, the pay page uses Stripe (with Stripe’s own test cards) instead.</p>
            </div>
          ) : null}
          <StripeSettings tenant={tenant} canWrite={canWrite} zone={zone} stripe={providers.data.find((p) => p.provider === 'stripe') ?? null} />
        </>
      )}
    </Section>
  );
}

function StripeSettings({ tenant, canWrite, zone, stripe }: { tenant: Tenant; canWrite: boolean; zone: string; stripe: PaymentProvider | null }) {
  const queryClient = useQueryClient();
  const [keys, setKeys] = useState<Keys>(EMPTY);
  const [saved, setSaved] = useState(false);
  const mode = tenant.mode;
  const save = useMutation({
    mutationFn: (body: Keys) => api<PaymentProvider>('/v1/payments/providers/stripe', { tenant, method: 'PUT', body }).then((r) => r.data),
    onSuccess: () => {
      // The secrets leave the page: typed once, never shown again.
      setKeys(EMPTY);
      setSaved(true);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: providersKey(tenant) });
      void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
    },
  });
  const set = (field: keyof Keys, value: string) => {
    setKeys({ ...keys, [field]: value });
    setSaved(false);
    if (save.isError) save.reset();
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    save.mutate({ secretKey: keys.secretKey.trim(), webhookSecret: keys.webhookSecret.trim(), publishableKey: keys.publishableKey.trim() });
  };
  const errors = editorFieldErrors(save.error);
  const endpoint = `${window.location.origin}/v1/payment-providers/stripe/events/${tenant.storeId}/${mode}`;
  const prefix = mode === 'live' ? 'live' : 'test';
  return (
    <div data-testid="stripe-settings">
      <h3>Stripe</h3>
      {stripe?.keyHint ? (
        <p data-testid="stripe-connected">
          Connected{stripe.accountId ? ` to account ${stripe.accountId}` : ''} with the secret key <code>{stripe.keyHint}</code>
          {stripe.publishableKey ? (
            <>
              {' '}
              and the publishable key <code>{stripe.publishableKey}</code>
            </>
          ) : (
            <> but no publishable key: save the keys again to take cards</>
          )}
          {stripe.updatedAt ? `, saved ${formatTimestamp(stripe.updatedAt, zone)}` : ''}. The secrets are kept encrypted and are never shown again.
        </p>
      ) : (
        <p>Not connected in {prefix} mode.</p>
      )}
      {saved ? (
        <p className="notice" role="status">
          Stripe’s keys for {prefix} mode are saved. Stripe checked the secret key.
        </p>
      ) : null}
      {canWrite ? (
        <form onSubmit={submit} noValidate aria-label={`Stripe keys (${prefix})`}>
          <p className="muted">
            From Stripe’s dashboard, in {prefix} mode. At Stripe, add a webhook endpoint at <code data-testid="stripe-endpoint">{endpoint}</code> and
            paste its signing secret here. {stripe?.keyHint ? 'Saving replaces the keys saved before.' : ''}
          </p>
          <Field label="Secret key" error={errors.get('secretKey')} hint={`sk_${prefix}_… (or a restricted rk_${prefix}_… key). Kept encrypted, never shown again.`}>
            {(p) => <input {...p} type="password" name="secretKey" autoComplete="off" spellCheck={false} value={keys.secretKey} onChange={(e) => set('secretKey', e.target.value)} />}
          </Field>
          <Field label="Publishable key" error={errors.get('publishableKey')} hint={`pk_${prefix}_…: the pay page gives it to Stripe’s card form.`}>
            {(p) => <input {...p} type="text" name="publishableKey" autoComplete="off" spellCheck={false} value={keys.publishableKey} onChange={(e) => set('publishableKey', e.target.value)} />}
          </Field>
          <TextField label="Webhook signing secret" error={errors.get('webhookSecret')} hint="whsec_…, from the webhook endpoint above. Kept encrypted, never shown again." type="password" name="webhookSecret" autoComplete="off" spellCheck={false} value={keys.webhookSecret} onChange={(v) => set('webhookSecret', v)} />
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={save.isPending}>
              {save.isPending ? 'Checking with Stripe…' : `Save Stripe keys for ${prefix} mode`}
            </button>
          </div>
          <FormRefusal error={save.error} shown={FIELDS} title="Stripe’s keys could not be saved." />
        </form>
      ) : null}
    </div>
  );
}
