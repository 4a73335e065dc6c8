import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { api, type Tenant } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import type { Schemas } from '../api/wire.ts';
import { Confirm } from '../components/Confirm.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { RevokeButton, useConfirmedRevoke } from '../components/Revoke.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { ShownOnce } from '../components/ShownOnce.tsx';
import { formatTimestamp } from '../format.ts';
import { useSubmission } from '../idempotency.ts';
import { tenantOf, useTenant } from '../tenant.tsx';
import { PublishableKeys } from './PublishableKeys.tsx';

type ApiKey = Schemas['ApiKey'];

const PERMISSION = 'settings:write';

/** The permission vocabulary's order (src/domain/permissions.ts), so the checkboxes keep a stable order. */
const ORDER = [
  'orders',
  'products',
  'customers',
  'inventory',
  'analytics',
  'promotions',
  'reviews',
  'delivery',
  'payments',
  'settings',
].flatMap((area) => [`${area}:read`, `${area}:write`]);

function sortPermissions(permissions: Iterable<string>): string[] {
  const rank = (p: string) => (ORDER.includes(p) ? ORDER.indexOf(p) : ORDER.length);
  return [...permissions].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * The API keys page (its own chunk): the active store and mode's keys; create one (its secret shown once); revoke. Below
 * them, the storefront (publishable) keys, which are not secrets.
 */
export default function ApiKeys() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const [created, setCreated] = useState<ApiKey | null>(null);
  if (!tenant || !state.store) return null;
  const allowed = state.permissions?.has(PERMISSION) ?? false;
  const zone = state.store.timezone;
  return (
    <>
      <title>{`API keys · ${state.store.name} · Dashboard`}</title>
      <h1>API keys</h1>
      <p className="muted">
        Keys let your own programs call the API for this store in {tenant.mode === 'test' ? 'test' : 'live'} mode. A key never does more than you may do
        yourself; restrict it to the permissions it needs.
      </p>
      {state.permissions === null ? (
        <Loading what="your permissions" />
      ) : !allowed ? (
        <NotAllowed permission={PERMISSION} />
      ) : (
        <>
          {created?.key ? <NewSecret key={created.id} apiKey={created} onDone={() => setCreated(null)} /> : null}
          <CreateKey tenant={tenant} own={state.permissions} onCreated={setCreated} />
          <KeyList tenant={tenant} timeZone={zone} />
          <PublishableKeys tenant={tenant} timeZone={zone} />
        </>
      )}
    </>
  );
}

function keysKey(tenant: Tenant) {
  return ['tenant', tenant.storeId, tenant.mode, 'api-keys'] as const;
}

function NewSecret({ apiKey, onDone }: { apiKey: ApiKey; onDone: () => void }) {
  return (
    <ShownOnce
      heading={<>Your new key “{apiKey.name}”</>}
      warning={
        <>
          <strong>Copy it now: it will not be shown again.</strong> Store it somewhere safe, such as your server’s secret store. If you lose it, revoke it
          and create another.
        </>
      }
      noun="key"
      secret={apiKey.key ?? ''}
      testId="new-key"
      secretTestId="new-key-secret"
      onDone={onDone}
    />
  );
}

function CreateKey({ tenant, own, onCreated }: { tenant: Tenant; own: ReadonlySet<string> | null; onCreated: (key: ApiKey) => void }) {
  const queryClient = useQueryClient();
  const nameId = useId();
  const nameErrorId = useId();
  const permErrorId = useId();
  const hintId = useId();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // One Idempotency-Key per submission of these values; changing the form starts a new submission.
  const submission = useSubmission();
  const permissions = sortPermissions(own ?? []);

  const create = useMutation({
    mutationFn: (input: { name: string; permissions: string[]; key: string }) =>
      api<ApiKey>('/v1/api-keys', {
        tenant,
        method: 'POST',
        headers: { 'Idempotency-Key': input.key },
        body: input.permissions.length > 0 ? { name: input.name, permissions: input.permissions } : { name: input.name },
      }).then((r) => r.data),
    onSuccess: (key) => {
      submission.forget();
      setName('');
      setChosen(new Set());
      onCreated(key);
    },
    onSettled: () => {
      submission.settled();
      void queryClient.invalidateQueries({ queryKey: keysKey(tenant) });
      void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
    },
  });

  const edited = () => {
    submission.forget();
    if (create.isError) create.reset();
  };

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const key = submission.begin();
    if (key !== null) create.mutate({ name, permissions: sortPermissions(chosen), key });
  };

  const error = create.error instanceof ApiError ? create.error : null;
  const fieldErrors = error?.status === 400 || error?.status === 422 ? error.details.filter((d) => d.in === undefined || d.in === 'body') : [];
  const nameError = fieldErrors.find((d) => d.path === 'name')?.rule ?? null;
  const permError = fieldErrors.find((d) => d.path?.startsWith('permissions'))?.rule ?? null;
  const shownNextToFields = fieldErrors.length > 0 && fieldErrors.every((d) => d.path === 'name' || d.path?.startsWith('permissions'));
  // A refused permission (403 naming the ones the member lacks) also belongs next to the checkboxes.
  const deniedPermissions = error?.status === 403 ? error.details.map((d) => d.rule).filter((r): r is string => Boolean(r)) : [];

  return (
    <Section title="Create a key">
      <form onSubmit={submit} noValidate>
        <div className="form-field">
          <label htmlFor={nameId}>Name</label>
          <input
            id={nameId}
            name="name"
            type="text"
            required
            maxLength={200}
            autoComplete="off"
            value={name}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? nameErrorId : undefined}
            onChange={(e) => {
              setName(e.target.value);
              edited();
            }}
          />
          {nameError ? (
            <p id={nameErrorId} className="field-error">
              Name {nameError}.
            </p>
          ) : null}
        </div>
        <fieldset className="permission-set" aria-describedby={permError ? `${hintId} ${permErrorId}` : hintId}>
          <legend>Permissions</legend>
          <p id={hintId} className="muted">
            Leave all unticked for a key with all of your permissions (it follows your role). A write permission includes its read permission. Only your own
            permissions are offered.
          </p>
          <ul className="checkboxes">
            {permissions.map((p) => (
              <li key={p}>
                <label>
                  <input
                    type="checkbox"
                    name="permissions"
                    value={p}
                    checked={chosen.has(p)}
                    onChange={(e) => {
                      const next = new Set(chosen);
                      if (e.target.checked) next.add(p);
                      else next.delete(p);
                      setChosen(next);
                      edited();
                    }}
                  />{' '}
                  <code>{p}</code>
                </label>
              </li>
            ))}
          </ul>
          {permError ? (
            <p id={permErrorId} className="field-error">
              Permissions: {permError}.
            </p>
          ) : null}
        </fieldset>
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create key'}
          </button>
        </div>
      </form>
      {create.isError && !shownNextToFields ? (
        <ErrorPanel error={create.error} title={deniedPermissions.length > 0 ? 'You may not give the key these permissions.' : 'The key could not be created.'} />
      ) : null}
    </Section>
  );
}

function KeyList({ tenant, timeZone }: { tenant: Tenant; timeZone: string }) {
  const query = useQuery({
    queryKey: keysKey(tenant),
    queryFn: ({ signal }) => api<ApiKey[]>('/v1/api-keys', { tenant, signal }).then((r) => r.data),
  });
  const { confirming, revoke, ask, cancel } = useConfirmedRevoke(tenant, keysKey(tenant), (key: ApiKey) =>
    api<{ id: string }>(`/v1/api-keys/${encodeURIComponent(key.id)}`, { tenant, method: 'DELETE' }),
  );

  return (
    <Section title={`Keys in ${tenant.mode === 'test' ? 'test' : 'live'} mode`}>
      {query.isPending ? (
        <Loading what="API keys" />
      ) : query.isError ? (
        <ErrorPanel error={query.error} title="API keys could not be loaded." onRetry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="empty">No API keys in this mode yet. Create one above to call the API from your own programs.</p>
      ) : (
        <div className="table-wrap">
          <table className="text-table">
            <caption className="visually-hidden">API keys</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key starts with</th>
                <th scope="col">Mode</th>
                <th scope="col">Permissions</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.map((k) => (
                <tr key={k.id} data-testid="api-key-row">
                  <th scope="row">{k.name}</th>
                  <td data-label="Key starts with">
                    <code>{k.prefix}…</code>
                  </td>
                  <td data-label="Mode">{k.mode === 'test' ? 'Test' : 'Live'}</td>
                  <td data-label="Permissions">{k.permissions === null ? 'All of the creator’s' : k.permissions.length === 0 ? 'None' : sortPermissions(k.permissions).join(', ')}</td>
                  <td data-label="Created">{formatTimestamp(k.createdAt, timeZone)}</td>
                  <td data-label="Last used">{k.lastUsedAt ? formatTimestamp(k.lastUsedAt, timeZone) : 'Never'}</td>
                  <td>
                    <RevokeButton label={`Revoke ${k.name}`} onClick={() => ask(k)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {confirming ? (
        <ConfirmRevoke
          key={confirming.id}
          apiKey={confirming}
          busy={revoke.isPending}
          error={revoke.error}
          onConfirm={() => revoke.mutate(confirming)}
          onCancel={cancel}
        />
      ) : null}
    </Section>
  );
}

function ConfirmRevoke({
  apiKey,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  apiKey: ApiKey;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Confirm
      title={
        <>
          Revoke the key “{apiKey.name}” (<code>{apiKey.prefix}…</code>)?
        </>
      }
      confirmLabel={`Revoke “${apiKey.name}”`}
      busyLabel="Revoking…"
      busy={busy}
      error={error}
      errorTitle="The key could not be revoked."
      onConfirm={onConfirm}
      onCancel={onCancel}
      testId="confirm-revoke"
    >
      <p>Every program using it stops working at once. This cannot be undone.</p>
    </Confirm>
  );
}
