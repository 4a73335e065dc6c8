import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api, type Tenant } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import type { Schemas } from '../api/wire.ts';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { TextField } from '../components/Field.tsx';
import { KeyTable, useCreateKey } from '../components/Keys.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { ShownOnce } from '../components/ShownOnce.tsx';
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
  const permErrorId = useId();
  const hintId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const permissions = sortPermissions(own ?? []);
  const { create, name, setName, edited, submit } = useCreateKey({
    tenant,
    listKey: keysKey(tenant),
    send: (name, key) => {
      const picked = sortPermissions(chosen);
      return api<ApiKey>('/v1/api-keys', { tenant, method: 'POST', headers: { 'Idempotency-Key': key }, body: picked.length > 0 ? { name, permissions: picked } : { name } }).then((r) => r.data);
    },
    onCreated: (key) => {
      setChosen(new Set());
      onCreated(key);
    },
  });

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
        <TextField label="Name" error={nameError} name="name" required maxLength={200} autoComplete="off" value={name} onChange={setName} />
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
  return (
    <Section title={`Keys in ${tenant.mode === 'test' ? 'test' : 'live'} mode`}>
      {query.isPending ? (
        <Loading what="API keys" />
      ) : query.isError ? (
        <ErrorPanel error={query.error} title="API keys could not be loaded." onRetry={() => query.refetch()} />
      ) : (
          <KeyTable tenant={tenant} listKey={keysKey(tenant)} keys={query.data} caption="API keys" rowTestId="api-key-row"
            empty="No API keys in this mode yet. Create one above to call the API from your own programs."
            columns={[
              { label: 'Key starts with', cell: (k: ApiKey) => <code>{k.prefix}…</code> },
              { label: 'Mode', cell: (k: ApiKey) => (k.mode === 'test' ? 'Test' : 'Live') },
              { label: 'Permissions', cell: (k: ApiKey) => (k.permissions === null ? 'All of the creator’s' : k.permissions.length === 0 ? 'None' : sortPermissions(k.permissions).join(', ')) },
            ]}
            timeZone={timeZone}
            revokeLabel={(k) => `Revoke ${k.name}`}
            revoke={(k) => api<{ id: string }>(`/v1/api-keys/${encodeURIComponent(k.id)}`, { tenant, method: 'DELETE' })}
            confirm={{
              title: (k) => (
                <>
                  Revoke the key “{k.name}” (<code>{k.prefix}…</code>)?
                </>
              ),
              errorTitle: 'The key could not be revoked.',
              testId: 'confirm-revoke',
              body: <p>Every program using it stops working at once. This cannot be undone.</p>,
            }}
          />
      )}
    </Section>
  );
}
