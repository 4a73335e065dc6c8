import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Tenant } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { call, type DataOf } from '../api/wire.ts';
import { Loading } from '../components/ErrorPanel.tsx';
import { ListStates } from '../components/ListStates.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { formatNumber, formatTimestamp } from '../format.ts';
import { tenantOf, useTenant, useTenantSearch } from '../tenant.tsx';

type EmailMessage = DataOf<'/v1/emails'>[number];
type EmailKind = EmailMessage['kind'];
type EmailStatus = EmailMessage['status'];

const PERMISSION = 'settings:read';
const PAGE = 20;
/** While a message shown is waiting to be sent, the list is read again this often, so its outcome shows without a reload. */
const POLL_MS = 3000;

const KIND_LABEL: Record<EmailKind, string> = {
  invitation: 'Invitation to the store',
  password_reset: 'Password reset',
  order_created: 'New order',
  order_paid: 'Order paid',
  low_stock: 'Low stock',
  app_connected: 'App connected',
  app_disconnected: 'App removed',
  // Kinds the API has that the hand-written types had missed (found when the page moved to the generated types).
  notification_address: 'Confirm the notification address',
  email_change: 'Confirm a new sign-in email',
  email_change_notice: 'Sign-in email changed',
  email_verification: 'Confirm an email address',
  order_confirmation: 'Order confirmation to the shopper',
  order_shipped: 'Shipping notice to the customer',
};

const STATUS_LABEL: Record<EmailStatus, string> = { pending: 'Waiting to be sent', sent: 'Sent', failed: 'Failed', dropped: 'Not sent' };
const STATUSES: EmailStatus[] = ['pending', 'sent', 'failed', 'dropped'];
const STATUS_FILTER: { value: '' | EmailStatus; label: string }[] = [
  { value: '', label: 'All mail' },
  { value: 'pending', label: 'Waiting to be sent' },
  { value: 'sent', label: 'Sent' },
  { value: 'failed', label: 'Failed' },
  { value: 'dropped', label: 'Not sent' },
];
const KINDS: EmailKind[] = ['invitation', 'order_created', 'order_paid', 'low_stock', 'app_connected', 'app_disconnected'];

/** The query key of the mail list (the Team page invalidates it after sending an invitation again). */
function emailsKey(tenant: Tenant) {
  return ['tenant', tenant.storeId, tenant.mode, 'emails'] as const;
}

function StatusBadge({ status }: { status: EmailStatus }) {
  const tone = status === 'sent' ? 'badge badge-in' : status === 'failed' ? 'badge badge-out' : status === 'pending' ? 'badge badge-low' : 'badge badge-none';
  return <span className={tone}>{STATUS_LABEL[status]}</span>;
}

/**
 * The store's recent mail (its own chunk; settings:read): invitations, whichever the mode, and the store notifications
 * of the active mode, newest first, with how their sending went. Filters `?status=&kind=` in the URL; Load more.
 */
export default function Emails() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const allowed = state.permissions?.has(PERMISSION) ?? false;
  const [params, setParams] = useSearchParams();
  const search = useTenantSearch();
  const statusId = useId();
  const kindId = useId();
  const wantedStatus = params.get('status');
  const status = STATUSES.find((s) => s === wantedStatus) ?? null;
  const wantedKind = params.get('kind');
  const kind = KINDS.find((k) => k === wantedKind) ?? null;
  const query = useInfiniteQuery({
    queryKey: [...(tenant ? emailsKey(tenant) : ['tenant', null, null, 'emails']), { status, kind }],
    enabled: tenant !== null && allowed,
    initialPageParam: null as string | null,
    retry: (count, error) => !(error instanceof ApiError && (error.status === 403 || error.status === 422)) && count < 2,
    queryFn: ({ pageParam, signal }) =>
      call('get', '/v1/emails', { tenant: tenant!, signal, query: { limit: PAGE, status: status ?? undefined, kind: kind ?? undefined, cursor: pageParam ?? undefined } }),
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
    refetchInterval: (q) => (q.state.data?.pages.some((p) => p.data.some((m) => m.status === 'pending')) ? POLL_MS : false),
  });
  if (!tenant || !state.store) return null;
  const zone = state.store.timezone;
  const messages = query.data?.pages.flatMap((p) => p.data) ?? [];
  const setParam = (name: 'status' | 'kind', value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const filtered = status !== null || kind !== null;
  return (
    <>
      <title>{`Emails · ${state.store.name} · Dashboard`}</title>
      <h1>Emails</h1>
      <p className="muted">
        The mail this store sent in the last 30 days, newest first: invitations to the team (from either mode) and the store notifications of{' '}
        {tenant.mode} mode, which go to the notification email set in <Link to={{ pathname: '/settings', search }}>Settings</Link>.
      </p>
      <Section
        title={`Mail in ${tenant.mode} mode`}
        actions={
          allowed ? (
            <div className="actions">
              <button type="button" className="button" onClick={() => void query.refetch()} disabled={query.isFetching}>
                {query.isFetching && !query.isFetchingNextPage && !query.isPending ? 'Refreshing…' : 'Refresh'}
              </button>
            </div>
          ) : null
        }
      >
        {state.permissions === null ? (
          <Loading what="your permissions" />
        ) : !allowed ? (
          <NotAllowed permission={PERMISSION} />
        ) : (
          <>
            <div className="filters email-filters" data-testid="email-filters">
              <div className="field">
                <label htmlFor={statusId}>Status</label>
                <select id={statusId} value={status ?? ''} onChange={(e) => setParam('status', e.target.value || null)}>
                  {STATUS_FILTER.map((f) => (
                    <option key={f.value} value={f.value}>
                      {f.label}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor={kindId}>Kind</label>
                <select id={kindId} value={kind ?? ''} onChange={(e) => setParam('kind', e.target.value || null)}>
                  <option value="">Every kind</option>
                  {KINDS.map((k) => (
                    <option key={k} value={k}>
                      {KIND_LABEL[k]}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <ListStates query={query} items={messages} what="the mail" failed="The mail could not be loaded." empty={<p className="empty" data-testid="emails-empty">
                {filtered
                  ? 'No mail matches these filters. Choose “All mail” and “Every kind” to see the rest.'
                  : `No mail yet. Invitations show here once you invite someone on the Team page, and store notifications once a notification email is set for ${tenant.mode} mode in Settings.`}
              </p>}>
              
                <div className="table-wrap">
                  <table className="text-table email-table">
                    <caption className="visually-hidden">Mail of this store, newest first</caption>
                    <thead>
                      <tr>
                        <th scope="col">Kind</th>
                        <th scope="col">To</th>
                        <th scope="col">Subject</th>
                        <th scope="col">Status</th>
                        <th scope="col">Created ({zone})</th>
                        <th scope="col">Sent</th>
                      </tr>
                    </thead>
                    <tbody>
                      {messages.map((m) => (
                        <EmailRow key={m.id} message={m} timeZone={zone} />
                      ))}
                    </tbody>
                  </table>
                </div>
                <LoadMore query={query} failed="More mail could not be loaded." done={<p className="muted">That is all the mail{filtered ? ' matching these filters' : ''} of the last 30 days.</p>} />
              
            </ListStates>
          </>
        )}
      </Section>
    </>
  );
}

function EmailRow({ message: m, timeZone }: { message: EmailMessage; timeZone: string }) {
  return (
    <tr data-testid="email-row">
      <th scope="row">{KIND_LABEL[m.kind] ?? m.kind}</th>
      <td data-label="To">{m.to}</td>
      <td data-label="Subject">{m.subject}</td>
      <td data-label="Status" data-testid="email-status">
        <StatusBadge status={m.status} />
        {m.status === 'pending' ? (
          <span className="muted status-detail">
            {m.attempts === 0 ? 'not tried yet' : `${formatNumber(m.attempts)} ${m.attempts === 1 ? 'attempt' : 'attempts'} so far`}
            {m.nextAttemptAt ? `; next try ${formatTimestamp(m.nextAttemptAt, timeZone)}` : ''}
          </span>
        ) : null}
        {m.status === 'sent' && m.attempts > 1 ? <span className="muted status-detail">after {formatNumber(m.attempts)} attempts</span> : null}
        {(m.status === 'failed' || m.status === 'dropped') && m.lastError ? (
          <span className="status-detail email-error">
            {m.status === 'failed' ? `${formatNumber(m.attempts)} ${m.attempts === 1 ? 'attempt' : 'attempts'}. ` : ''}
            {m.lastError}
          </span>
        ) : null}
      </td>
      <td data-label="Created">{formatTimestamp(m.createdAt, timeZone)}</td>
      <td data-label="Sent">{m.sentAt ? formatTimestamp(m.sentAt, timeZone) : '—'}</td>
    </tr>
  );
}
