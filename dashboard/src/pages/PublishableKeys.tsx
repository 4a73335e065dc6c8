import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Tenant } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { call, type Schemas } from '../api/wire.ts';
import { Confirm } from '../components/Confirm.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { RevokeButton, useConfirmedRevoke } from '../components/Revoke.tsx';
import { Section } from '../components/Section.tsx';
import { formatTimestamp } from '../format.ts';
import { useSubmission } from '../idempotency.ts';
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
  const queryClient = useQueryClient();
  const nameId = useId();
  const nameErrorId = useId();
  const hintId = useId();
  const [name, setName] = useState('');
  const submission = useSubmission();
  const formRef = useRef<HTMLFormElement>(null);
  const create = useMutation({
    mutationFn: (input: { name: string; key: string }) =>
      call('post', '/v1/publishable-keys', { tenant, headers: { 'Idempotency-Key': input.key }, body: { name: input.name } }).then((r) => r.data),
    onSuccess: () => {
      submission.forget();
      setName('');
      // Back to the name field (the new key shows in the list below), not to the page's body.
      formRef.current?.querySelector('input')?.focus();
    },
    onSettled: () => {
      submission.settled();
      void queryClient.invalidateQueries({ queryKey: keysKey(tenant) });
      void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
    },
  });
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const key = submission.begin();
    if (key !== null) create.mutate({ name, key });
  };
  const error = create.error instanceof ApiError ? create.error : null;
  const nameError = error?.status === 422 ? (error.details.find((d) => d.path === 'name')?.rule ?? null) : null;
  return (
    <>
      <form ref={formRef} onSubmit={submit} noValidate>
        <div className="form-field">
          <label htmlFor={nameId}>Which storefront</label>
          <p id={hintId} className="muted">
            A name to tell the key from others, such as the shop’s address.
          </p>
          <input
            id={nameId}
            name="storefront-key-name"
            type="text"
            required
            maxLength={200}
            autoComplete="off"
            value={name}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${hintId} ${nameErrorId}` : hintId}
            onChange={(e) => {
              setName(e.target.value);
              submission.forget();
              if (create.isError) create.reset();
            }}
          />
          {nameError ? (
            <p id={nameErrorId} className="field-error">
              Name {nameError}.
            </p>
          ) : null}
        </div>
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
  const { confirming, revoke, ask, cancel } = useConfirmedRevoke(tenant, keysKey(tenant), (key: PublishableKey) =>
    call('delete', '/v1/publishable-keys/{id}', { tenant, params: { id: key.id } }),
  );
  if (query.isPending) return <Loading what="storefront keys" />;
  if (query.isError) return <ErrorPanel error={query.error} title="Storefront keys could not be loaded." onRetry={() => query.refetch()} />;
  return (
    <>
      {query.data.length === 0 ? (
        <p className="empty">No storefront keys in this mode yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="text-table">
            <caption className="visually-hidden">Storefront keys</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((k) => (
                <tr key={k.id} data-testid="publishable-key-row">
                  <th scope="row">{k.name}</th>
                  <td data-label="Key">
                    <code>{k.key}</code>
                  </td>
                  <td data-label="Created">{formatTimestamp(k.createdAt, timeZone)}</td>
                  <td data-label="Last used">{k.lastUsedAt ? formatTimestamp(k.lastUsedAt, timeZone) : 'Never'}</td>
                  <td>
                    <RevokeButton label={`Revoke storefront key ${k.name}`} onClick={() => ask(k)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {confirming ? (
        <Confirm
          key={confirming.id}
          title={<>Revoke the storefront key “{confirming.name}”?</>}
          confirmLabel={`Revoke “${confirming.name}”`}
          busyLabel="Revoking…"
          busy={revoke.isPending}
          error={revoke.error}
          errorTitle="The storefront key could not be revoked."
          onConfirm={() => revoke.mutate(confirming)}
          onCancel={cancel}
          testId="confirm-revoke-publishable"
        >
          <p>Storefront pages using it stop reading the catalog at once. Create the new key and put it in your pages first.</p>
        </Confirm>
      ) : null}
    </>
  );
}
