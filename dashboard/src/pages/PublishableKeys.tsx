import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link } from 'react-router';
import type { Tenant } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { call, type Schemas } from '../api/wire.ts';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { TextField } from '../components/Field.tsx';
import { KeyTable, useCreateKey } from '../components/Keys.tsx';
import { Section } from '../components/Section.tsx';
import { useTenantSearch } from '../tenant.tsx';

type PublishableKey = Schemas['PublishableKey'];

function keysKey(tenant: Tenant) {
  return ['tenant', tenant.storeId, tenant.mode, 'publishable-keys'] as const;
}

/**
 * Storefront keys (docs/storefront.md): publishable keys of the active store and mode. Not secrets, so each is shown
 * whole in the list; created with a name, revoked with a confirmation.
 */
export function PublishableKeys({ tenant, timeZone }: { tenant: Tenant; timeZone: string }) {
  const search = useTenantSearch();
  const mode = tenant.mode === 'test' ? 'test' : 'live';
  return (
    <Section title={`Storefront keys in ${mode} mode`}>
      <p className="muted">
        A publishable key goes into your storefront’s pages, sent as <code>X-PublishableKey</code>. It is not a secret: it reads only what a shopper may see
        (active products, categories, published promo ads, delivery quotes), and browsers may read its answers only on the storefront origins of your{' '}
        <Link to={{ pathname: '/settings', search }}>settings</Link> in {mode} mode. Never put an API key in a page.
      </p>
      <CreatePublishableKey tenant={tenant} />
      <PublishableKeyList tenant={tenant} timeZone={timeZone} />
    </Section>
  );
}

function CreatePublishableKey({ tenant }: { tenant: Tenant }) {
  const formRef = useRef<HTMLFormElement>(null);
  const { create, name, setName, submit } = useCreateKey({
    tenant,
    listKey: keysKey(tenant),
    send: (name, key) => call('post', '/v1/publishable-keys', { tenant, headers: { 'Idempotency-Key': key }, body: { name } }).then((r) => r.data),
    onCreated: () => {
      // Back to the name field (the new key shows in the list below), not to the page's body.
      formRef.current?.querySelector('input')?.focus();
    },
  });
  const error = create.error instanceof ApiError ? create.error : null;
  const nameError = error?.status === 422 ? (error.details.find((d) => d.path === 'name')?.rule ?? null) : null;
  return (
    <>
      <form ref={formRef} onSubmit={submit} noValidate>
        <TextField label="Which storefront" hint="A name to tell the key from others, such as the shop’s address." hintAbove errorName="Name" error={nameError}
          name="storefront-key-name" required maxLength={200} autoComplete="off" value={name} onChange={setName} />
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create storefront key'}
          </button>
        </div>
      </form>
      {create.isError && nameError === null ? <ErrorPanel error={create.error} title="The storefront key could not be created." /> : null}
    </>
  );
}

function PublishableKeyList({ tenant, timeZone }: { tenant: Tenant; timeZone: string }) {
  const query = useQuery({
    queryKey: keysKey(tenant),
    queryFn: ({ signal }) => call('get', '/v1/publishable-keys', { tenant, signal }).then((r) => r.data),
  });
  if (query.isPending) return <Loading what="storefront keys" />;
  if (query.isError) return <ErrorPanel error={query.error} title="Storefront keys could not be loaded." onRetry={() => query.refetch()} />;
  return (
    <KeyTable tenant={tenant} listKey={keysKey(tenant)} keys={query.data} empty="No storefront keys in this mode yet." caption="Storefront keys" rowTestId="publishable-key-row"
        columns={[{ label: 'Key', cell: (k: PublishableKey) => <code>{k.key}</code> }]}
        timeZone={timeZone}
        revokeLabel={(k) => `Revoke storefront key ${k.name}`}
        revoke={(k) => call('delete', '/v1/publishable-keys/{id}', { tenant, params: { id: k.id } })}
        confirm={{
          title: (k) => <>Revoke the storefront key “{k.name}”?</>,
          errorTitle: 'The storefront key could not be revoked.',
          testId: 'confirm-revoke-publishable',
          body: <p>Storefront pages using it stop reading the catalog at once. Create the new key and put it in your pages first.</p>,
        }}
      />
  );
}
