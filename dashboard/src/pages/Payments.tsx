import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, type Tenant } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { Confirm } from '../components/Confirm.tsx';
import { EditorConflict } from '../components/Conflict.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { Field, TextField } from '../components/Field.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { SaveActions } from '../components/SaveActions.tsx';
import { NotAllowed, Permission, Section } from '../components/Section.tsx';
import { loadTagged, useEtagEditor } from '../editor.ts';
import { formatMoney, formatTimestamp } from '../format.ts';
import { useSubmission } from '../idempotency.ts';
import { errorUnder, formErrors, numberOrNull, shownAtFields } from '../selling/forms.ts';
import { keepTenant, tenantOf, useTenant } from '../tenant.tsx';
import { fromZonedInput, zoneLabel } from '../zoned.ts';
import { CardProviders } from './CardPayments.tsx';

type PaymentLink = Schemas['PaymentLink'];
type PaymentLinkStatus = Schemas['PaymentLink']['status'];
type PaymentMethod = Schemas['PaymentOptions']['enabledMethods'][number];
type PaymentOptions = Schemas['PaymentOptions'];

const READ = 'payments:read';
const WRITE = 'payments:write';
const PAGE = 20;

const METHOD: Record<PaymentMethod, { label: string; hint: string }> = {
  card: { label: 'Card', hint: 'credit or debit card, through a payment provider' },
  bank_transfer: { label: 'Bank transfer', hint: 'the customer transfers the money to your account' },
  cash_on_delivery: { label: 'Cash on delivery', hint: 'paid in cash to the courier' },
  paypal: { label: 'PayPal', hint: 'paid with PayPal' },
};
const methodLabel = (m: string) => METHOD[m as PaymentMethod]?.label ?? m;

const LINK_STATUS: Record<PaymentLinkStatus, string> = { active: 'Active', paid: 'Paid', expired: 'Expired', cancelled: 'Cancelled' };
const LINK_STATUSES = Object.keys(LINK_STATUS) as PaymentLinkStatus[];

const paymentsKey = (t: Tenant) => ['tenant', t.storeId, t.mode, 'payments'] as const;

/** Payments (its own chunk): the methods the store accepts (an editor) and its payment links (create, copy, cancel). */
export default function Payments() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const allowed = state.permissions?.has(READ) ?? false;
  const canWrite = state.permissions?.has(WRITE) ?? false;
  if (!tenant || !state.store) return null;
  return (
    <>
      <title>{`Payments · ${state.store.name} · Dashboard`}</title>
      <h1>Payments</h1>
      <p className="muted">
        How customers may pay in {tenant.mode === 'test' ? 'test' : 'live'} mode, and links you send a customer to collect an amount or what an order still owes.
      </p>
      {state.permissions === null ? (
        <Loading what="your permissions" />
      ) : !allowed ? (
        <NotAllowed permission={READ} />
      ) : (
        <>
          <MethodsEditor tenant={tenant} canWrite={canWrite} />
          <CardProviders tenant={tenant} canWrite={canWrite} zone={state.store.timezone} />
          <PaymentLinks tenant={tenant} currency={state.store.currency} zone={state.store.timezone} canWrite={canWrite} canReadOrders={state.permissions.has('orders:read')} />
        </>
      )}
    </>
  );
}

// ---- methods ------------------------------------------------------------------------------------------------

function MethodsEditor({ tenant, canWrite }: { tenant: Tenant; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<string | null>(null);
  const editor = useEtagEditor<PaymentOptions>({
    labels: { enabledMethods: 'Methods accepted' },
    show: (_, value) => (Array.isArray(value) ? value.map(methodLabel).join(', ') : String(value)),
    tenant,
    path: '/v1/payments/options',
    method: 'PUT',
    queryKey: [...paymentsKey(tenant), 'options'],
    enabled: true,
    onSaved: (o) => {
      setSaved(`Saved: customers may pay by ${o.enabledMethods.map(methodLabel).join(', ')}.`);
      void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
    },
  });
  const base = editor.base;
  return (
    <Section title="Payment methods">
      {editor.query.isError && !base ? (
        <ErrorPanel error={editor.query.error} title="The payment methods could not be loaded." onRetry={() => editor.query.refetch()} />
      ) : !base ? (
        <Loading what="the payment methods" />
      ) : (
        <>
          {saved ? (
            <p className="notice" role="status">
              {saved}
            </p>
          ) : null}
          {editor.conflict ? (
            <EditorConflict
              what="the payment methods"
              conflict={editor.conflict}
              busy={editor.saving}
              onReload={editor.reload}
              onOverwrite={editor.overwrite}
            />
          ) : null}
          <MethodsForm
            key={editor.version}
            base={base.value}
            canWrite={canWrite}
            saving={editor.saving}
            error={editor.error}
            onEdited={() => {
              setSaved(null);
              editor.resetError();
            }}
            onSave={(enabledMethods) => editor.save({ enabledMethods }, { enabledMethods })}
          />
        </>
      )}
    </Section>
  );
}

function MethodsForm({
  base,
  canWrite,
  saving,
  error,
  onEdited,
  onSave,
}: {
  base: PaymentOptions;
  canWrite: boolean;
  saving: boolean;
  error: unknown;
  onEdited: () => void;
  onSave: (methods: PaymentMethod[]) => void;
}) {
  const errorId = useId();
  const [chosen, setChosen] = useState<ReadonlySet<PaymentMethod>>(() => new Set(base.enabledMethods));
  const [nothing, setNothing] = useState(false);
  const rule = errorUnder(formErrors(error), 'enabledMethods');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const methods = base.availableMethods.filter((m) => chosen.has(m)); // the vocabulary's order, as the API keeps it
    if (methods.join() === base.enabledMethods.join()) {
      setNothing(true);
      return;
    }
    onSave(methods);
  };
  return (
    <form onSubmit={submit} noValidate>
      {canWrite ? null : (
        <p className="notice">
          Your role in this store lacks the <Permission code={WRITE} />, so you can see the methods but not change them.
        </p>
      )}
      <fieldset className="permission-set" disabled={!canWrite} aria-describedby={rule ? errorId : undefined}>
        <legend>Methods accepted</legend>
        <ul className="method-list">
          {base.availableMethods.map((m) => (
            <li key={m}>
              <label className="check">
                <input
                  type="checkbox"
                  name="enabledMethods"
                  value={m}
                  checked={chosen.has(m)}
                  onChange={(e) => {
                    const next = new Set(chosen);
                    if (e.target.checked) next.add(m);
                    else next.delete(m);
                    setChosen(next);
                    setNothing(false);
                    onEdited();
                  }}
                />
                <span>
                  {METHOD[m]?.label ?? m} <span className="muted">{METHOD[m]?.hint}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {rule ? (
          <p id={errorId} className="field-error">
            Methods accepted {rule}.
          </p>
        ) : null}
      </fieldset>
      <SaveActions canWrite={canWrite} saving={saving} label="Save methods" nothing={nothing} />
      {error && !shownAtFields(error, (p) => p === 'enabledMethods' || p.startsWith('enabledMethods[')) ? <ErrorPanel error={error} title="The payment methods could not be saved." /> : null}
    </form>
  );
}

// ---- payment links ------------------------------------------------------------------------------------------

function PaymentLinks({ tenant, currency, zone, canWrite, canReadOrders }: { tenant: Tenant; currency: string; zone: string; canWrite: boolean; canReadOrders: boolean }) {
  const [params, setParams] = useSearchParams();
  const filterId = useId();
  const wanted = params.get('linkStatus');
  const status = wanted && (LINK_STATUSES as string[]).includes(wanted) ? (wanted as PaymentLinkStatus) : null;
  const [created, setCreated] = useState<PaymentLink | null>(null);
  const [confirming, setConfirming] = useState<PaymentLink | null>(null);
  const query = useInfiniteQuery({
    queryKey: [...paymentsKey(tenant), 'links', { status }],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ limit: String(PAGE) });
      if (status) q.set('status', status);
      if (pageParam) q.set('cursor', pageParam);
      return api<PaymentLink[]>(`/v1/payment-links?${q}`, { tenant, signal });
    },
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
  });
  const links = query.data?.pages.flatMap((p) => p.data) ?? [];
  const search = keepTenant(params);
  const chooseStatus = (value: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set('linkStatus', value);
      else next.delete('linkStatus');
      return next;
    });
  return (
    <>
      {canWrite ? <NewLink tenant={tenant} currency={currency} zone={zone} onCreated={setCreated} /> : null}
      {created ? <CreatedLink link={created} onDone={() => setCreated(null)} /> : null}
      <Section
        title="Payment links, newest first"
        actions={
          <div className="field">
            <label htmlFor={filterId}>Status</label>
            <select id={filterId} value={status ?? ''} onChange={(e) => chooseStatus(e.target.value)}>
              <option value="">All</option>
              {LINK_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {LINK_STATUS[s]}
                </option>
              ))}
            </select>
          </div>
        }
      >
        {query.isPending ? (
          <Loading what="payment links" />
        ) : query.isError && links.length === 0 ? (
          <ErrorPanel error={query.error} title="The payment links could not be loaded." onRetry={() => query.refetch()} />
        ) : links.length === 0 ? (
          <p className="empty">
            {status
              ? `No ${LINK_STATUS[status].toLowerCase()} payment links. Choose “All” to see every link.`
              : canWrite
                ? 'No payment links yet. Create one above to ask a customer for an amount, or for what an order still owes.'
                : 'No payment links yet. A store owner or admin can create them.'}
          </p>
        ) : (
          <>
            <div className="table-wrap">
              <table className="text-table selling-table">
                <caption className="visually-hidden">Payment links</caption>
                <thead>
                  <tr>
                    <th scope="col">Description</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Order</th>
                    <th scope="col">Status</th>
                    <th scope="col">Expires ({zone})</th>
                    <th scope="col">Created</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {links.map((l) => {
                    const name = l.description ?? 'Payment link';
                    return (
                      <tr key={l.id} data-testid="payment-link-row">
                        <th scope="row">
                          <Link to={{ pathname: `/payments/links/${encodeURIComponent(l.id)}`, search }}>{name}</Link>
                        </th>
                        <td data-label="Amount">{formatMoney(l.amount, l.currency)}</td>
                        <td data-label="Order">
                          {l.orderId === null ? (
                            'None'
                          ) : canReadOrders ? (
                            <Link to={{ pathname: `/orders/${encodeURIComponent(l.orderId)}`, search }}>{l.orderId}</Link>
                          ) : (
                            <code>{l.orderId}</code>
                          )}
                        </td>
                        <td data-label="Status">{LINK_STATUS[l.status]}</td>
                        <td data-label="Expires">{l.expiresAt ? formatTimestamp(l.expiresAt, zone) : 'Never'}</td>
                        <td data-label="Created">{formatTimestamp(l.createdAt, zone)}</td>
                        <td>
                          <div className="member-actions">
                            {l.status === 'active' ? <CopyButton text={l.url} label={`Copy link for ${name}`} /> : null}
                            {canWrite && l.status === 'active' ? (
                              <button type="button" className="button" aria-label={`Cancel link for ${name}`} onClick={() => setConfirming(l)}>
                                Cancel link
                              </button>
                            ) : null}
                          </div>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <LoadMore query={query} failed="More payment links could not be loaded." />
          </>
        )}
        {confirming ? <ConfirmCancel key={confirming.id} tenant={tenant} link={confirming} onClose={() => setConfirming(null)} /> : null}
      </Section>
    </>
  );
}

export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <>
      <button
        type="button"
        className="button"
        aria-label={label}
        onClick={async () => {
          try {
            await navigator.clipboard.writeText(text);
            setCopy('copied');
          } catch {
            setCopy('failed');
          }
        }}
      >
        Copy link
      </button>
      <span role="status" className="muted">
        {copy === 'copied' ? 'Copied.' : copy === 'failed' ? 'Copying failed: select the link and copy it by hand.' : ''}
      </span>
    </>
  );
}

function CreatedLink({ link, onDone }: { link: PaymentLink; onDone: () => void }) {
  const headingId = useId();
  // The new link takes the keyboard (its form has just been emptied), like every shown-once panel.
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <section ref={ref} tabIndex={-1} className="panel secret-panel" aria-labelledby={headingId} data-testid="new-payment-link">
      <h2 id={headingId}>
        Link for {formatMoney(link.amount, link.currency)}
        {link.description ? `: ${link.description}` : ''}
      </h2>
      <p>Send this to your customer, and only to them: anyone with it can pay.</p>
      <p className="secret">
        <code data-testid="new-payment-link-url">{link.url}</code>
      </p>
      <div className="actions">
        <CopyButton text={link.url} label="Copy link" />
        <button type="button" className="button" onClick={onDone}>
          Done
        </button>
      </div>
    </section>
  );
}

interface LinkDraft {
  amount: string;
  orderId: string;
  description: string;
  expiresAt: string;
}

function NewLink({ tenant, currency, zone, onCreated }: { tenant: Tenant; currency: string; zone: string; onCreated: (l: PaymentLink) => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<LinkDraft>({ amount: '', orderId: '', description: '', expiresAt: '' });
  const submission = useSubmission();
  const create = useMutation({
    mutationFn: (input: { body: Record<string, unknown>; key: string }) =>
      api<PaymentLink>('/v1/payment-links', { tenant, method: 'POST', headers: { 'Idempotency-Key': input.key }, body: input.body }).then((r) => r.data),
    onSuccess: (link) => {
      submission.forget();
      setDraft({ amount: '', orderId: '', description: '', expiresAt: '' });
      onCreated(link);
    },
    onSettled: () => {
      submission.settled();
      void queryClient.invalidateQueries({ queryKey: [...paymentsKey(tenant), 'links'] });
      void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
    },
  });
  const set = <K extends keyof LinkDraft>(key: K, value: LinkDraft[K]) => {
    setDraft({ ...draft, [key]: value });
    submission.forget();
    if (create.isError) create.reset();
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body: Record<string, unknown> = {};
    const amount = numberOrNull(draft.amount);
    if (amount !== null) body.amount = amount;
    if (draft.orderId.trim()) body.orderId = draft.orderId.trim();
    if (draft.description.trim()) body.description = draft.description.trim();
    const expiresAt = fromZonedInput(draft.expiresAt, zone);
    if (expiresAt !== null) body.expiresAt = expiresAt;
    const key = submission.begin(JSON.stringify(body));
    if (key !== null) create.mutate({ body, key });
  };
  const errors = formErrors(create.error);
  return (
    <Section title="Create a payment link">
      <form onSubmit={submit} noValidate>
        <TextField label={`Amount (${currency})`} error={errors.get('amount')} hint="What the customer pays. With an order, leave it empty for all that the order still owes (or ask for part of it)." type="number" name="amount" inputMode="decimal" min="0" step="any" value={draft.amount} onChange={(v) => set('amount', v)} />
        <TextField label="Order id" error={errors.get('orderId')} hint="Optional: the order it pays for (ord_…, from the order’s page). Its payment is recorded on the order." type="text" name="orderId" autoComplete="off" spellCheck={false} maxLength={64} value={draft.orderId} onChange={(v) => set('orderId', v)} />
        <TextField label="Description" error={errors.get('description')} hint="Shown to the customer. Optional; an order link says “Order <number>”." type="text" name="description" maxLength={500} value={draft.description} onChange={(v) => set('description', v)} />
        <Field label="Expires" error={errors.get('expiresAt')} hint={`In the store’s time zone (${zoneLabel(zone)}); at most 365 days ahead. Empty: never.`}>
          {(p) => <input {...p} type="datetime-local" name="expiresAt" value={draft.expiresAt} onChange={(e) => set('expiresAt', e.target.value)} />}
        </Field>
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create link'}
          </button>
        </div>
      </form>
      {create.isError && !shownAtFields(create.error, (p) => ['amount', 'orderId', 'description', 'expiresAt'].includes(p)) ? (
        <ErrorPanel error={create.error} title="The payment link could not be created." />
      ) : null}
    </Section>
  );
}

/**
 * Cancelling a link, confirmed naming it. The confirmation reads the link again (`GET /v1/payment-links/{id}`, past
 * the cache): a link paid or expired since the list was loaded cannot be cancelled, and says so instead.
 */
function ConfirmCancel({ tenant, link, onClose }: { tenant: Tenant; link: PaymentLink; onClose: () => void }) {
  const queryClient = useQueryClient();
  const submission = useSubmission();
  const invalidate = () => {
    void queryClient.invalidateQueries({ queryKey: [...paymentsKey(tenant), 'links'] });
    void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, tenant.mode, 'audit-log'] });
  };
  const current = useQuery({
    queryKey: [...paymentsKey(tenant), 'link', link.id],
    gcTime: 0,
    queryFn: ({ signal }) => loadTagged<PaymentLink>(`/v1/payment-links/${encodeURIComponent(link.id)}`, tenant, { signal, fresh: true }).then((l) => l.value),
  });
  const cancel = useMutation({
    mutationFn: (key: string) =>
      api<PaymentLink>(`/v1/payment-links/${encodeURIComponent(link.id)}/cancel`, { tenant, method: 'POST', headers: { 'Idempotency-Key': key } }).then((r) => r.data),
    onSuccess: () => {
      submission.forget();
      onClose();
    },
    onSettled: () => {
      submission.settled();
      invalidate();
    },
  });
  const name = link.description ?? 'Payment link';
  const now = current.data;
  if (now && now.status !== 'active') {
    return (
      <div className="notice" role="status" data-testid="confirm-cancel-link">
        <p>
          The link for {name} is {LINK_STATUS[now.status].toLowerCase()} now, so it cannot be cancelled.
        </p>
        <button
          type="button"
          className="button"
          onClick={() => {
            invalidate();
            onClose();
          }}
        >
          Close
        </button>
      </div>
    );
  }
  return (
    <Confirm
      title={
        <>
          Cancel the payment link for {name} ({formatMoney(link.amount, link.currency)})?
        </>
      }
      confirmLabel={`Cancel the link for ${name}`}
      busyLabel="Cancelling…"
      busy={cancel.isPending || current.isPending}
      error={cancel.error ?? current.error}
      errorTitle="The payment link could not be cancelled."
      onConfirm={() => {
        const key = submission.begin();
        if (key !== null) cancel.mutate(key);
      }}
      onCancel={onClose}
      testId="confirm-cancel-link"
    >
      <p>The customer can no longer pay with it. This cannot be undone; you can create another link.</p>
    </Confirm>
  );
}
