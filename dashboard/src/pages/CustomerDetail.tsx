import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { api, apiWithEtag, type Tenant } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { PostalAddress } from '../components/Address.tsx';
import { Confirm } from '../components/Confirm.tsx';
import { changedFields, EditorConflict } from '../components/Conflict.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { allShownAtFields, Field, fieldErrors, TextField } from '../components/Field.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { type Loaded, useEtagSave } from '../editor.ts';
import { formatMoney, formatNumber, formatTimestamp } from '../format.ts';
import { useSubmission } from '../idempotency.ts';
import { STATUS_LABEL } from '../orders.ts';
import { tenantOf, useTenant, useTenantSearch } from '../tenant.tsx';
import { startOfDayIn, todayIn } from '../zoned.ts';

type Customer = Schemas['Customer'];
type OrderSummary = Schemas['OrderSummary'];

const READ = 'customers:read';
const WRITE = 'customers:write';

const customersKey = (t: Tenant) => ['tenant', t.storeId, t.mode, 'customers'] as const;
const customerKey = (t: Tenant, id: string) => [...customersKey(t), id] as const;

function readCustomer(tenant: Tenant, id: string, fresh: boolean, signal?: AbortSignal): Promise<Loaded<Customer>> {
  return apiWithEtag<Customer>(`/v1/customers/${encodeURIComponent(id)}`, { tenant, signal, fresh }).then((r) => ({ value: r.body.data, etag: r.etag }));
}

/** One customer (its own chunk): their figures and orders, their details (an editor with If-Match), addresses, ban and unban. */
export default function CustomerDetail() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const { customerId = '' } = useParams();
  const search = useTenantSearch();
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const allowed = state.permissions?.has(READ) ?? false;
  const query = useQuery({
    queryKey: tenant ? customerKey(tenant, customerId) : ['none'],
    enabled: tenant !== null && allowed,
    queryFn: ({ signal }) => readCustomer(tenant!, customerId, false, signal),
  });
  if (!tenant || !state.store) return null;
  const zone = state.store.timezone;
  const c = query.data?.value;
  const canWrite = state.permissions?.has(WRITE) ?? false;
  return (
    <>
      <title>{`${c ? c.name : 'Customer'} · ${state.store.name} · Dashboard`}</title>
      <p>
        <Link to={{ pathname: '/customers', search }}>← All customers</Link>
      </p>
      <h1>{c ? c.name : 'Customer'}</h1>
      {created && c ? (
        <p className="notice" role="status">
          Customer added.
        </p>
      ) : null}
      {state.permissions === null ? (
        <Loading what="your permissions" />
      ) : !allowed ? (
        <NotAllowed permission={READ} />
      ) : query.isPending ? (
        <Loading what="the customer" />
      ) : query.isError ? (
        <ErrorPanel error={query.error} title="The customer could not be loaded." onRetry={() => query.refetch()} />
      ) : c ? (
        <>
          <p className="muted" data-testid="customer-summary">
            {c.email}
            {c.phone ? ` · ${c.phone}` : ''} · customer since {formatTimestamp(c.createdAt, zone)}
            {state.permissions.has('reviews:read') ? (
              <>
                {' · '}
                <Link to={{ pathname: '/reviews', search: `${search ? `${search}&` : '?'}customerId=${encodeURIComponent(c.id)}` }}>Their reviews</Link>
              </>
            ) : null}
          </p>
          <BanStatus customer={c} timeZone={zone} />
          <Orders tenant={tenant} customer={c} timeZone={zone} canRead={state.permissions.has('orders:read')} />
          <Details tenant={tenant} loaded={query.data} canWrite={canWrite} />
          <Addresses customer={c} />
          {canWrite ? <Ban tenant={tenant} customer={c} timeZone={zone} /> : null}
        </>
      ) : null}
    </>
  );
}

function BanStatus({ customer: c, timeZone }: { customer: Customer; timeZone: string }) {
  if (!c.ban) return null;
  return c.banned ? (
    <p className="notice notice-danger" data-testid="ban-status">
      <strong>Banned</strong> since {formatTimestamp(c.ban.bannedAt, timeZone)}: {c.ban.reason}.{' '}
      {c.ban.expiresAt ? `The ban ends ${formatTimestamp(c.ban.expiresAt, timeZone)}.` : 'The ban lasts until it is lifted.'} They cannot place orders or be given
      reviews.
    </p>
  ) : (
    <p className="notice" data-testid="ban-status">
      An earlier ban ({c.ban.reason}) ended {c.ban.expiresAt ? formatTimestamp(c.ban.expiresAt, timeZone) : ''}.
    </p>
  );
}

function Orders({ tenant, customer, timeZone, canRead }: { tenant: Tenant; customer: Customer; timeZone: string; canRead: boolean }) {
  const search = useTenantSearch();
  const query = useInfiniteQuery({
    queryKey: ['tenant', tenant.storeId, tenant.mode, 'orders', { customerId: customer.id }],
    enabled: canRead,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ customerId: customer.id, limit: '10' });
      if (pageParam) q.set('cursor', pageParam);
      return api<OrderSummary[]>(`/v1/orders?${q}`, { tenant, signal });
    },
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
  });
  const orders = query.data?.pages.flatMap((p) => p.data) ?? [];
  // The orders list filtered to them (its other filters, dates and status, are there); the store and mode go along.
  const theirs = new URLSearchParams(search);
  theirs.set('customerId', customer.id);
  return (
    <Section
      title="Orders and spending"
      actions={
        canRead && orders.length > 0 ? (
          <Link to={{ pathname: '/orders', search: `?${theirs}` }} data-testid="customer-all-orders">
            All their orders
          </Link>
        ) : null
      }
    >
      <dl className="stats" data-testid="customer-figures">
        <div>
          <dt>Orders</dt>
          <dd>{formatNumber(customer.orderCount)}</dd>
        </div>
        <div>
          <dt>Spent (paid less refunds)</dt>
          <dd>{formatMoney(customer.totalSpent, customer.currency)}</dd>
        </div>
      </dl>
      {!canRead ? (
        <NotAllowed permission="orders:read" />
      ) : query.isPending ? (
        <Loading what="their orders" />
      ) : query.isError && orders.length === 0 ? (
        <ErrorPanel error={query.error} title="Their orders could not be loaded." onRetry={() => query.refetch()} />
      ) : orders.length === 0 ? (
        <p className="empty">No orders yet. Orders placed for this customer, on your storefront or by your other systems, show here.</p>
      ) : (
        <>
          <div className="table-wrap">
            <table className="text-table">
              <caption className="visually-hidden">Orders of {customer.name}, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Number</th>
                  <th scope="col">Placed ({timeZone})</th>
                  <th scope="col">Status</th>
                  <th scope="col">Total</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((o) => (
                  <tr key={o.id} data-testid="customer-order-row">
                    <th scope="row">
                      <Link to={{ pathname: `/orders/${encodeURIComponent(o.id)}`, search }}>{o.number}</Link>
                    </th>
                    <td data-label="Placed">{formatTimestamp(o.createdAt, timeZone)}</td>
                    <td data-label="Status">{STATUS_LABEL[o.status]}</td>
                    <td data-label="Total">{formatMoney(o.total, o.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore query={query} failed="More orders could not be loaded." label="Load more orders" />
        </>
      )}
    </Section>
  );
}

// ---- details: an editor -------------------------------------------------------------------------------------------

interface DetailChanges {
  name?: string;
  email?: string;
  phone?: string | null;
}

const DETAIL_LABELS = { name: 'Name', email: 'Email', phone: 'Phone' } as const;

function Details({ tenant, loaded, canWrite }: { tenant: Tenant; loaded: Loaded<Customer>; canWrite: boolean }) {
  const [editing, setEditing] = useState(false);
  const c = loaded.value;
  return (
    <Section
      title="Details"
      actions={
        canWrite && !editing ? (
          <button type="button" className="button" onClick={() => setEditing(true)}>
            Edit details
          </button>
        ) : null
      }
    >
      {editing ? (
        <DetailsEditor tenant={tenant} initial={loaded} onDone={() => setEditing(false)} />
      ) : (
        <dl className="details" data-testid="customer-details">
          <dt>Name</dt>
          <dd>{c.name}</dd>
          <dt>Email</dt>
          <dd>{c.email}</dd>
          <dt>Phone</dt>
          <dd>{c.phone ?? '—'}</dd>
        </dl>
      )}
    </Section>
  );
}

function DetailsEditor({ tenant, initial, onDone }: { tenant: Tenant; initial: Loaded<Customer>; onDone: () => void }) {
  const queryClient = useQueryClient();
  const id = initial.value.id;
  const [values, setValues] = useState({ name: initial.value.name, email: initial.value.email, phone: initial.value.phone ?? '' });
  const [base, setBase] = useState(initial);
  // Opening the editor takes the keyboard to its first field.
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    nameRef.current?.focus();
  }, []);
  const editor = useEtagSave<Customer, DetailChanges>({
    read: () => readCustomer(tenant, id, true),
    write: (changes, headers) => api(`/v1/customers/${encodeURIComponent(id)}`, { tenant, method: 'PATCH', body: changes, headers }),
    changed: (loaded, current, changes) => changedFields(loaded, current, DETAIL_LABELS, changes),
    onTheirs: (theirs) => {
      setBase(theirs);
      queryClient.setQueryData(customerKey(tenant, id), theirs);
      setValues({ name: theirs.value.name, email: theirs.value.email, phone: theirs.value.phone ?? '' });
    },
    onSaved: (current) => {
      setBase(current);
      queryClient.setQueryData(customerKey(tenant, id), current);
      void queryClient.invalidateQueries({ queryKey: customersKey(tenant) });
      void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'reviews'] });
      onDone();
    },
  });
  // Only what the merchant changed is sent, so saving over someone else's version keeps their other fields.
  const changes = (): DetailChanges => {
    const b = base.value;
    const out: DetailChanges = {};
    if (values.name !== b.name) out.name = values.name;
    if (values.email !== b.email) out.email = values.email;
    const phone = values.phone.trim() === '' ? null : values.phone;
    if (phone !== b.phone) out.phone = phone;
    return out;
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const c = changes();
    if (Object.keys(c).length === 0) onDone();
    else void editor.save(c, base);
  };
  const edit = (field: keyof typeof values, value: string) => {
    setValues({ ...values, [field]: value });
    editor.clearError();
  };
  const errors = fieldErrors(editor.error);
  const conflict = editor.conflict;
  return (
    <>
      <form onSubmit={submit} noValidate data-testid="customer-editor">
        <TextField label="Name" error={errors.get('name')} ref={nameRef} name="name" type="text" autoComplete="off" maxLength={200} value={values.name} onChange={(v) => edit('name', v)} />
        <TextField label="Email" error={errors.get('email')} hint="Unique among this store’s customers." name="email" type="email" autoComplete="off" value={values.email} onChange={(v) => edit('email', v)} />
        <TextField label="Phone" error={errors.get('phone')} hint="Optional, e.g. +1 555 0100. Leave empty to remove it." name="phone" type="tel" autoComplete="off" value={values.phone} onChange={(v) => edit('phone', v)} />
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={editor.busy}>
            {editor.busy ? 'Saving…' : 'Save details'}
          </button>
          <button type="button" className="button" onClick={onDone}>
            Cancel
          </button>
        </div>
      </form>
      {conflict ? (
        <EditorConflict
          what="this customer"
          conflict={conflict}
          busy={editor.busy}
          onReload={editor.loadTheirs}
          onOverwrite={editor.saveMine}
        />
      ) : null}
      {editor.error && !conflict && !allShownAtFields(editor.error, ['name', 'email', 'phone']) ? (
        <ErrorPanel error={editor.error} title="The customer could not be saved." />
      ) : null}
    </>
  );
}

function Addresses({ customer: c }: { customer: Customer }) {
  return (
    <Section title="Addresses">
      {c.addresses.length === 0 ? (
        <p className="empty">No addresses saved for this customer yet.</p>
      ) : (
        <ul className="addresses">
          {c.addresses.map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: addresses have no id; the list is replaced whole
            <li key={i}>
              {a.label ? <strong>{a.label}</strong> : null}
              <PostalAddress address={a} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

// ---- ban and unban ------------------------------------------------------------------------------------------------

function Ban({ tenant, customer: c, timeZone }: { tenant: Tenant; customer: Customer; timeZone: string }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  // One Idempotency-Key per submission of the same values (a double click bans once, with one audit entry).
  const submission = useSubmission();
  const act = useMutation({
    mutationFn: (input: { path: 'ban' | 'unban'; body?: Record<string, unknown>; key: string }) =>
      api<Customer>(`/v1/customers/${encodeURIComponent(c.id)}/${input.path}`, { tenant, method: 'POST', headers: { 'Idempotency-Key': input.key }, body: input.body }),
    onSuccess: () => {
      submission.forget();
      setConfirming(false);
      setReason('');
      setUntil('');
    },
    onSettled: () => {
      submission.settled();
      void queryClient.invalidateQueries({ queryKey: customersKey(tenant) });
      void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
    },
  });
  const send = (path: 'ban' | 'unban', body?: Record<string, unknown>) => {
    const key = submission.begin(`${path} ${JSON.stringify(body ?? {})}`);
    if (key !== null) act.mutate({ path, body, key });
  };
  const edited = () => {
    submission.forget();
    if (act.isError) act.reset();
  };
  const errors = fieldErrors(act.error);
  const confirmBan = () => {
    const body: Record<string, unknown> = { reason };
    if (until) body.expiresAt = startOfDayIn(until, timeZone) ?? until;
    send('ban', body);
  };
  return (
    <Section title="Ban">
      {c.banned ? (
        <>
          <p>Lifting the ban lets {c.name} place orders and be given reviews again.</p>
          <div className="actions">
            <button type="button" className="button" onClick={() => send('unban')} disabled={act.isPending}>
              {act.isPending ? 'Lifting…' : `Lift the ban on ${c.name}`}
            </button>
          </div>
          {act.isError ? <ErrorPanel error={act.error} title="The ban could not be lifted." /> : null}
        </>
      ) : confirming ? (
        <Confirm
          testId="confirm-ban"
          title={
            <>
              Ban {c.name} ({c.email})?
            </>
          }
          confirmLabel={`Ban ${c.name}`}
          busyLabel="Banning…"
          busy={act.isPending}
          error={act.isError && !allShownAtFields(act.error, ['reason', 'expiresAt']) ? act.error : null}
          errorTitle="The customer could not be banned."
          onConfirm={confirmBan}
          onCancel={() => {
            act.reset();
            setConfirming(false);
          }}
        >
          <p>While banned they cannot place orders or be given reviews. Their orders and reviews so far stay as they are.</p>
          <TextField label="Reason" error={errors.get('reason')} hint="Shown to your team, not to the customer." name="reason" type="text" autoComplete="off" value={reason} onChange={(v) => { setReason(v); edited(); }} />
          <Field label="Lift the ban on (optional)" error={errors.get('expiresAt')} hint={`At the start of that day in ${timeZone}. Leave empty to ban until you lift it.`}>
            {(p) => (
              <input
                {...p}
                name="until"
                type="date"
                min={todayIn(timeZone)}
                value={until}
                onChange={(e) => {
                  setUntil(e.target.value);
                  edited();
                }}
              />
            )}
          </Field>
        </Confirm>
      ) : (
        <>
          <p>A banned customer cannot place orders or be given reviews.</p>
          <div className="actions">
            <button
              type="button"
              className="button button-danger"
              onClick={() => {
                act.reset();
                setConfirming(true);
              }}
            >
              Ban {c.name}…
            </button>
          </div>
        </>
      )}
    </Section>
  );
}
