import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { api, type Tenant } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { AppName } from '../components/AppName.tsx';
import { Confirm } from '../components/Confirm.tsx';
import { EditorConflict } from '../components/Conflict.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { NotAllowed, Permission, Section } from '../components/Section.tsx';
import { useEtagEditor } from '../editor.ts';
import { formatNumber, formatTimestamp } from '../format.ts';
import { useSubmission } from '../idempotency.ts';
import { tenantOf, useTenant, useTenantSearch } from '../tenant.tsx';
import {
  EndpointForm,
  EndpointState,
  EventList,
  endpointKey,
  endpointPath,
  endpointsKey,
  NewSecret,
  previousSecretSigns,
  READ,
  useEventTypes,
  useInvalidateWebhooks,
  useSetEnabled,
  WRITE,
} from '../webhooks/webhooks.tsx';

type WebhookAttempt = Schemas['WebhookAttempt'];
type WebhookDelivery = Schemas['WebhookDelivery'];
type WebhookDeliveryDetail = Schemas['WebhookDeliveryDetail'];
type WebhookDeliveryStatus = Schemas['WebhookDelivery']['status'];
type Endpoint = Schemas['WebhookEndpoint'];
type WebhookEndpointWithSecret = Schemas['WebhookEndpointWithSecret'];

const PAGE = 20;
/** While a delivery shown is pending, the log is read again this often, so its outcome shows without a reload. */
const POLL_MS = 2000;

const TRIGGER_LABEL: Record<WebhookAttempt['trigger'], string> = { scheduled: 'Scheduled', manual: 'Redelivered', test: 'Test event' };
const STATUS_LABEL: Record<WebhookDeliveryStatus, string> = { pending: 'Pending', succeeded: 'Delivered', failed: 'Failed' };
const STATUS_FILTER: { value: '' | WebhookDeliveryStatus; label: string }[] = [
  { value: '', label: 'All deliveries' },
  { value: 'pending', label: 'Pending' },
  { value: 'succeeded', label: 'Delivered' },
  { value: 'failed', label: 'Failed' },
];
const OVERLAPS: { seconds: number; label: string }[] = [
  { seconds: 86_400, label: '24 hours (recommended)' },
  { seconds: 3600, label: '1 hour' },
  { seconds: 604_800, label: '7 days' },
  { seconds: 0, label: 'No time: the old secret stops at once' },
];

function StatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return <span className={status === 'succeeded' ? 'badge badge-in' : status === 'failed' ? 'badge badge-out' : 'badge badge-low'}>{STATUS_LABEL[status]}</span>;
}

/** What the last attempt came to: the endpoint's status code, or why there was no answer. */
function lastResult(d: Pick<WebhookDelivery, 'attempts' | 'lastStatusCode' | 'lastError'>): string {
  if (d.lastStatusCode !== null) return `HTTP ${d.lastStatusCode}`;
  if (d.lastError) return d.lastError;
  return d.attempts === 0 ? 'Not tried yet' : '—';
}

function deliveriesKey(tenant: Tenant, endpointId: string) {
  return [...endpointKey(tenant, endpointId), 'deliveries'] as const;
}

/**
 * One webhook endpoint (its own chunk): its state and settings; with settings:write edit, disable or enable again,
 * rotate the signing secret (the new one shown once) and delete after a confirmation; and its delivery log (status
 * filter `?status=`, Load more, "Redeliver all failed") with one delivery's payload and attempts (`?delivery=`) and
 * "Redeliver".
 */
export default function WebhookEndpoint() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const { endpointId = '' } = useParams();
  const search = useTenantSearch();
  const own = state.permissions;
  const canRead = own?.has(READ) ?? false;
  const canWrite = own?.has(WRITE) ?? false;
  const query = useQuery({
    queryKey: tenant ? endpointKey(tenant, endpointId) : ['none'],
    enabled: tenant !== null && canRead,
    queryFn: ({ signal }) => api<Endpoint>(endpointPath(endpointId), { tenant: tenant!, signal }).then((r) => r.data),
  });
  if (!tenant || !state.store) return null;
  const endpoint = query.data;
  return (
    <>
      <title>{`Webhook endpoint · ${state.store.name} · Dashboard`}</title>
      <p>
        <Link to={{ pathname: '/webhooks', search }}>← All webhooks</Link>
      </p>
      <h1>Webhook endpoint</h1>
      {own === null ? (
        <Loading what="your permissions" />
      ) : !canRead ? (
        <NotAllowed permission={READ} />
      ) : query.isPending ? (
        <Loading what="the endpoint" />
      ) : query.isError || !endpoint ? (
        <ErrorPanel error={query.error} title="The endpoint could not be loaded." onRetry={() => query.refetch()} />
      ) : (
        <>
          <EndpointPanel key={endpoint.id} tenant={tenant} endpoint={endpoint} own={own} canWrite={canWrite} timeZone={state.store.timezone} />
          <DeliveryLog key={`log-${endpoint.id}`} tenant={tenant} endpoint={endpoint} canWrite={canWrite} timeZone={state.store.timezone} />
        </>
      )}
    </>
  );
}

type Acting = 'edit' | 'rotate' | 'delete' | null;

function EndpointPanel({ tenant, endpoint, own, canWrite, timeZone }: { tenant: Tenant; endpoint: Endpoint; own: ReadonlySet<string>; canWrite: boolean; timeZone: string }) {
  const [acting, setActing] = useState<Acting>(null);
  const [announce, setAnnounce] = useState('');
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const toggle = useSetEnabled(tenant, (e) => setAnnounce(e.enabled ? 'The endpoint is enabled again.' : 'The endpoint is disabled: nothing is sent to it.'));
  const start = (next: Acting) => {
    setAnnounce('');
    toggle.reset();
    setActing(next);
  };
  const enableButton = canWrite ? (
    <div className="actions">
      <button type="button" className="button" disabled={toggle.isPending} onClick={() => { setAnnounce(''); toggle.mutate({ id: endpoint.id, enabled: !endpoint.enabled }); }}>
        {endpoint.enabled ? 'Disable' : 'Enable again'}
      </button>
    </div>
  ) : null;
  return (
    <>
      {secret ? <NewSecret key={secret.secret} endpoint={secret} rotated timeZone={timeZone} onDone={() => setSecret(null)} /> : null}
      <Section title="Endpoint">
        <p className="webhook-endpoint-url">
          <code data-testid="webhook-url">{endpoint.url}</code>
        </p>
        <EndpointState endpoint={endpoint} timeZone={timeZone} action={enableButton} />
        <p role="status" className="muted">
          {announce}
        </p>
        {toggle.isError ? <ErrorPanel error={toggle.error} title={endpoint.enabled ? 'The endpoint could not be disabled.' : 'The endpoint could not be enabled.'} /> : null}
        <dl className="details webhook-facts" data-testid="webhook-details">
          <dt>Description</dt>
          <dd>{endpoint.description || <span className="muted inline">None</span>}</dd>
          <dt>Events</dt>
          <dd>
            <EventList patterns={endpoint.eventTypes} />
          </dd>
          <dt>Last delivered</dt>
          <dd>{endpoint.lastSuccessAt ? formatTimestamp(endpoint.lastSuccessAt, timeZone) : 'Never'}</dd>
          <dt>Signing secret</dt>
          <dd>
            {previousSecretSigns(endpoint) && endpoint.previousSecretExpiresAt
              ? `Rotated: the previous secret also signs until ${formatTimestamp(endpoint.previousSecretExpiresAt, timeZone)}.`
              : 'Shown once when made; rotate it for a new one.'}
          </dd>
          <dt>Made by</dt>
          <dd>
            {endpoint.appClientId ? (
              <>
                <AppName clientId={endpoint.appClientId} start /> (removed with the app)
              </>
            ) : (
              'This store'
            )}
          </dd>
          <dt>Added</dt>
          <dd>{formatTimestamp(endpoint.createdAt, timeZone)}</dd>
        </dl>
        {canWrite ? (
          acting === 'edit' ? (
            <EditPanel>
              <EndpointEditor
                tenant={tenant}
                own={own}
                endpointId={endpoint.id}
                onSaved={() => {
                  setActing(null);
                  setAnnounce('Saved.');
                  requestAnimationFrame(() => editRef.current?.focus());
                }}
                onCancel={() => {
                  setActing(null);
                  requestAnimationFrame(() => editRef.current?.focus());
                }}
              />
            </EditPanel>
          ) : (
            <div className="actions">
              <button ref={editRef} type="button" className="button" onClick={() => start('edit')}>
                Edit
              </button>
              <SendTest tenant={tenant} endpoint={endpoint} onSent={setAnnounce} />
              <button type="button" className="button" onClick={() => start('rotate')}>
                Rotate secret…
              </button>
              <button type="button" className="button button-danger" onClick={() => start('delete')}>
                Delete endpoint…
              </button>
            </div>
          )
        ) : (
          <p className="notice">
            Changing the endpoint needs the <Permission code={WRITE} /> in this store.
          </p>
        )}
        {acting === 'rotate' ? (
          <RotateSecret
            tenant={tenant}
            endpoint={endpoint}
            onRotated={(s) => {
              setActing(null);
              setSecret(s);
            }}
            onCancel={() => setActing(null)}
          />
        ) : null}
        {acting === 'delete' ? <DeleteEndpoint tenant={tenant} endpoint={endpoint} onCancel={() => setActing(null)} /> : null}
      </Section>
    </>
  );
}

const EDITED_LABELS = { url: 'Endpoint URL', description: 'Description', eventTypes: 'Events' } as const;

/**
 * The endpoint's editor (docs/dashboard.md, "Editors"): the version it loads when it opens, with its ETag, is its base;
 * a save sends only the changed fields with `If-Match`, and a 412 shows what someone else changed (URL, description,
 * events), with their version or the merchant's to keep. A change it does not show (a delivery moving "last
 * delivered") re-sends the same changes once, unasked.
 */
function EndpointEditor({ tenant, own, endpointId, onSaved, onCancel }: { tenant: Tenant; own: ReadonlySet<string>; endpointId: string; onSaved: () => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWebhooks(tenant);
  const editor = useEtagEditor<Endpoint>({
    tenant,
    path: endpointPath(endpointId),
    queryKey: [...endpointKey(tenant, endpointId), 'editor'],
    enabled: true,
    labels: EDITED_LABELS,
    show: (field, value) => (field === 'eventTypes' && Array.isArray(value) ? value.join(', ') : value === '' ? '(none)' : String(value)),
    onSaved: (saved) => {
      queryClient.setQueryData(endpointKey(tenant, saved.id), saved);
      invalidate();
      onSaved();
    },
    onStale: invalidate,
  });
  const base = editor.base;
  if (!base) {
    return editor.query.isError ? (
      <ErrorPanel error={editor.query.error} title="The endpoint could not be loaded." onRetry={() => editor.query.refetch()} />
    ) : (
      <Loading what="the endpoint" />
    );
  }
  return (
    <>
      {editor.conflict ? (
        <EditorConflict what="this endpoint" conflict={editor.conflict} busy={editor.saving} onReload={editor.reload} onOverwrite={editor.overwrite} />
      ) : null}
      <EndpointForm
        key={editor.version}
        tenant={tenant}
        own={own}
        endpoint={base.value}
        editing={{
          save: (patch) => editor.save(patch, patch as Partial<Endpoint>),
          saving: editor.saving,
          error: editor.error,
          resetError: editor.resetError,
        }}
        onCancel={onCancel}
      />
    </>
  );
}

/** What a test send came to, in a sentence for the status line. */
function testOutcome(d: WebhookDelivery & { attemptLog: WebhookAttempt[] }): string {
  const attempt = d.attemptLog[0];
  const took = attempt ? ` in ${formatNumber(attempt.durationMs)} ms` : '';
  if (d.status === 'succeeded') return `Test event delivered: the endpoint answered HTTP ${d.lastStatusCode}${took}.`;
  const why = d.lastStatusCode !== null ? `the endpoint answered HTTP ${d.lastStatusCode}` : (d.lastError ?? 'no answer');
  return `Test event not delivered: ${why}${took}. It is not retried; see it in the log below.`;
}

/**
 * "Send test event" (`POST /v1/webhooks/{id}/test`): one signed `webhook.test` event now, enabled or not; the outcome is
 * announced, and the log shows the delivery. A double click sends one (one `Idempotency-Key` per click).
 */
function SendTest({ tenant, endpoint, onSent }: { tenant: Tenant; endpoint: Endpoint; onSent: (sentence: string) => void }) {
  const invalidate = useInvalidateWebhooks(tenant);
  const submission = useSubmission();
  const send = useMutation({
    mutationFn: (key: string) =>
      api<WebhookDeliveryDetail>(`${endpointPath(endpoint.id)}/test`, { tenant, method: 'POST', headers: { 'Idempotency-Key': key } }).then((r) => r.data),
    onMutate: () => onSent('Sending a test event…'),
    onSuccess: (delivery) => onSent(testOutcome(delivery)),
    onError: (error) => onSent(`The test event could not be sent: ${error instanceof Error ? error.message : 'the service did not answer'}`),
    onSettled: () => {
      submission.settled();
      submission.forget();
      invalidate();
    },
  });
  return (
    <button
      type="button"
      className="button"
      disabled={send.isPending}
      onClick={() => {
        const key = submission.begin('test');
        if (key !== null) send.mutate(key);
      }}
    >
      {send.isPending ? 'Sending…' : 'Send test event'}
    </button>
  );
}

/** The inline editor, focused when it opens (the Edit button it replaces had the focus). */
function EditPanel({ children }: { children: ReactNode }) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <section ref={ref} className="inline-editor" aria-labelledby={headingId} tabIndex={-1}>
      <h3 id={headingId} className="inline-editor-title">
        Edit the endpoint
      </h3>
      {children}
    </section>
  );
}

function RotateSecret({ tenant, endpoint, onRotated, onCancel }: { tenant: Tenant; endpoint: Endpoint; onRotated: (e: WebhookEndpointWithSecret) => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWebhooks(tenant);
  const overlapId = useId();
  const [overlap, setOverlap] = useState(OVERLAPS[0]!.seconds);
  // One Idempotency-Key per rotation asked for: a double click rotates once.
  const submission = useSubmission();
  const rotate = useMutation({
    mutationFn: (input: { overlapSeconds: number; key: string }) =>
      api<WebhookEndpointWithSecret>(`${endpointPath(endpoint.id)}/rotate-secret`, {
        tenant,
        method: 'POST',
        headers: { 'Idempotency-Key': input.key },
        body: { overlapSeconds: input.overlapSeconds },
      }).then((r) => r.data),
    onSuccess: (rotated) => {
      submission.forget();
      const { secret: _secret, ...withoutSecret } = rotated;
      queryClient.setQueryData(endpointKey(tenant, endpoint.id), withoutSecret);
      onRotated(rotated);
    },
    onSettled: () => {
      submission.settled();
      invalidate();
    },
  });
  return (
    <Confirm
      testId="confirm-rotate-secret"
      title={<>Rotate the signing secret of {endpoint.url}?</>}
      confirmLabel="Rotate secret"
      busyLabel="Rotating…"
      busy={rotate.isPending}
      error={rotate.error}
      errorTitle="The secret could not be rotated."
      onConfirm={() => {
        const key = submission.begin(String(overlap));
        if (key !== null) rotate.mutate({ overlapSeconds: overlap, key });
      }}
      onCancel={() => {
        rotate.reset();
        onCancel();
      }}
    >
      <p>A new secret is made and shown once. Deliveries carry a signature made with each secret while both sign, so your server can switch without missing one.</p>
      <div className="form-field">
        <label htmlFor={overlapId}>Keep the old secret signing for</label>
        <select
          id={overlapId}
          value={overlap}
          onChange={(e) => {
            setOverlap(Number(e.target.value));
            submission.forget();
          }}
        >
          {OVERLAPS.map((o) => (
            <option key={o.seconds} value={o.seconds}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </Confirm>
  );
}

function DeleteEndpoint({ tenant, endpoint, onCancel }: { tenant: Tenant; endpoint: Endpoint; onCancel: () => void }) {
  const navigate = useNavigate();
  const search = useTenantSearch();
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWebhooks(tenant);
  const remove = useMutation({
    mutationFn: () => api<{ id: string }>(endpointPath(endpoint.id), { tenant, method: 'DELETE' }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: endpointKey(tenant, endpoint.id) });
      // Gone from the list at once: the list page does not show it while its refetch is on the way.
      queryClient.setQueryData<Endpoint[]>(endpointsKey(tenant), (list) => list?.filter((e) => e.id !== endpoint.id));
      invalidate();
      navigate({ pathname: '/webhooks', search }, { state: { notice: `The endpoint ${endpoint.url} was deleted with its delivery log.` } });
    },
  });
  return (
    <Confirm
      testId="confirm-delete-webhook"
      title={<>Delete the endpoint {endpoint.url}?</>}
      confirmLabel="Delete endpoint"
      busyLabel="Deleting…"
      busy={remove.isPending}
      error={remove.error}
      errorTitle="The endpoint could not be deleted."
      onConfirm={() => remove.mutate()}
      onCancel={() => {
        remove.reset();
        onCancel();
      }}
    >
      <p>Events stop going to it at once, and its deliveries and their log go with it. This cannot be undone.</p>
    </Confirm>
  );
}

// ---- the delivery log -----------------------------------------------------------------------------------------------

function DeliveryLog({ tenant, endpoint, canWrite, timeZone }: { tenant: Tenant; endpoint: Endpoint; canWrite: boolean; timeZone: string }) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateWebhooks(tenant);
  const [params, setParams] = useSearchParams();
  const filterId = useId();
  const typeFilterId = useId();
  const eventSearchId = useId();
  const catalog = useEventTypes();
  const wanted = params.get('status');
  const status = wanted === 'pending' || wanted === 'succeeded' || wanted === 'failed' ? wanted : null;
  const eventType = params.get('type') || null;
  const eventId = params.get('event') || null;
  const [eventText, setEventText] = useState(eventId ?? '');
  const picked = params.get('delivery');
  const [announce, setAnnounce] = useState('');
  const query = useInfiniteQuery({
    queryKey: [...deliveriesKey(tenant, endpoint.id), { status, eventType, eventId }],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ limit: String(PAGE) });
      if (status) search.set('status', status);
      if (eventType) search.set('eventType', eventType);
      if (eventId) search.set('eventId', eventId);
      if (pageParam) search.set('cursor', pageParam);
      return api<WebhookDelivery[]>(`${endpointPath(endpoint.id)}/deliveries?${search}`, { tenant, signal });
    },
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
    refetchInterval: (q) => (q.state.data?.pages.some((p) => p.data.some((d) => d.status === 'pending')) ? POLL_MS : false),
  });
  const deliveries = query.data?.pages.flatMap((p) => p.data) ?? [];
  // An attempt may change the endpoint (its last success, failing, disabled after a 410): read it again when one lands.
  const outcomes = deliveries.map((d) => `${d.id}:${d.status}:${d.attempts}`).join(',');
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (seen.current !== null && seen.current !== outcomes) void queryClient.invalidateQueries({ queryKey: endpointKey(tenant, endpoint.id), exact: true });
    seen.current = outcomes;
  }, [outcomes, queryClient, tenant, endpoint.id]);

  const setParam = (name: 'status' | 'type' | 'event' | 'delivery', value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  // One request at a time per button: a double click sends once.
  const submission = useSubmission();
  const redeliverFailed = useMutation({
    mutationFn: (key: string) =>
      api<{ redelivered: number }>(`${endpointPath(endpoint.id)}/redeliver-failed`, { tenant, method: 'POST', headers: { 'Idempotency-Key': key } }).then((r) => r.data),
    onSuccess: ({ redelivered }) => {
      submission.forget();
      setAnnounce(
        redelivered === 0
          ? 'No failed deliveries to send again.'
          : `${formatNumber(redelivered)} failed ${redelivered === 1 ? 'delivery is' : 'deliveries are'} queued to be sent again${endpoint.enabled ? '' : ' once the endpoint is enabled'}.`,
      );
    },
    onSettled: () => {
      submission.settled();
      invalidate();
    },
  });

  return (
    <Section
      title="Deliveries"
      actions={
        <div className="actions">
          <button type="button" className="button" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {query.isFetching && !query.isFetchingNextPage ? 'Refreshing…' : 'Refresh'}
          </button>
          {canWrite ? (
            <button
              type="button"
              className="button"
              disabled={redeliverFailed.isPending}
              onClick={() => {
                setAnnounce('');
                const key = submission.begin('redeliver-failed');
                if (key !== null) redeliverFailed.mutate(key);
              }}
            >
              {redeliverFailed.isPending ? 'Queueing…' : 'Redeliver all failed'}
            </button>
          ) : null}
        </div>
      }
    >
      <p className="muted">Each event sent to this endpoint, newest first, with its attempts. Deduplicate on the event id: a delivery may arrive more than once.</p>
      <p role="status" className="muted">
        {announce}
      </p>
      {redeliverFailed.isError ? <ErrorPanel error={redeliverFailed.error} title="The failed deliveries could not be queued." /> : null}
      <div className="filters">
        <div className="field">
          <label htmlFor={filterId}>Show</label>
          <select id={filterId} value={status ?? ''} onChange={(e) => setParam('status', e.target.value || null)}>
            {STATUS_FILTER.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={typeFilterId}>Event type</label>
          <select id={typeFilterId} value={eventType ?? ''} onChange={(e) => setParam('type', e.target.value || null)}>
            <option value="">All event types</option>
            {(catalog.data ?? []).map((t) => (
              <option key={t.type} value={t.type}>
                {t.type}
              </option>
            ))}
            <option value="webhook.test">webhook.test (test events)</option>
            {eventType && eventType !== 'webhook.test' && catalog.data && !catalog.data.some((t) => t.type === eventType) ? <option value={eventType}>{eventType}</option> : null}
          </select>
        </div>
        <form
          className="field"
          onSubmit={(e) => {
            e.preventDefault();
            setParam('event', eventText.trim() || null);
          }}
        >
          <label htmlFor={eventSearchId}>Event id</label>
          <input
            id={eventSearchId}
            type="search"
            name="event"
            value={eventText}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            placeholder="evt_… (the webhook-id header)"
            onChange={(e) => {
              setEventText(e.target.value);
              if (e.target.value === '' && eventId) setParam('event', null);
            }}
          />
          <button type="submit" className="button">
            Find
          </button>
        </form>
      </div>
      {picked ? (
        <DeliveryPanel
          key={picked}
          tenant={tenant}
          endpoint={endpoint}
          deliveryId={picked}
          canWrite={canWrite}
          timeZone={timeZone}
          onClose={() => setParam('delivery', null)}
        />
      ) : null}
      {query.isPending ? (
        <Loading what="deliveries" />
      ) : query.isError && deliveries.length === 0 ? (
        <ErrorPanel error={query.error} title="Deliveries could not be loaded." onRetry={() => query.refetch()} />
      ) : deliveries.length === 0 ? (
        <p className="empty" data-testid="deliveries-empty">
          {eventType || eventId
            ? 'No delivery matches these filters. Choose “All event types” or clear the event id to see the others.'
            : status
              ? `No ${STATUS_LABEL[status].toLowerCase()} deliveries. Choose “All deliveries” to see the others.`
              : 'Nothing sent to this endpoint yet. Events it subscribes to show here as they happen.'}
        </p>
      ) : (
        <>
          <div className="table-wrap">
            <table className="text-table delivery-table">
              <caption className="visually-hidden">Deliveries to {endpoint.url}</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Last attempt</th>
                  <th scope="col">Result</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {deliveries.map((d) => (
                  <DeliveryRow
                    key={d.id}
                    tenant={tenant}
                    endpoint={endpoint}
                    delivery={d}
                    picked={picked === d.id}
                    canWrite={canWrite}
                    timeZone={timeZone}
                    onPick={() => setParam('delivery', d.id)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore query={query} failed="More deliveries could not be loaded." done={<p className="muted">That is every delivery{status ? ' with this status' : ''}.</p>} />
        </>
      )}
    </Section>
  );
}

/** `POST …/deliveries/{id}/redeliver`: sends one delivery again now, whatever its status (202). */
function useRedeliver(tenant: Tenant, endpoint: Endpoint, delivery: Pick<WebhookDelivery, 'id'>, onQueued: () => void) {
  const invalidate = useInvalidateWebhooks(tenant);
  const submission = useSubmission();
  const mutation = useMutation({
    mutationFn: (key: string) =>
      api<WebhookDelivery>(`${endpointPath(endpoint.id)}/deliveries/${encodeURIComponent(delivery.id)}/redeliver`, {
        tenant,
        method: 'POST',
        headers: { 'Idempotency-Key': key },
      }).then((r) => r.data),
    onSuccess: () => {
      submission.forget();
      onQueued();
    },
    onSettled: () => {
      submission.settled();
      invalidate();
    },
  });
  return {
    mutation,
    redeliver: () => {
      const key = submission.begin(delivery.id);
      if (key !== null) mutation.mutate(key);
    },
  };
}

function eventLabel(d: Pick<WebhookDelivery, 'eventType' | 'createdAt'>, timeZone: string): string {
  return `${d.eventType} of ${formatTimestamp(d.createdAt, timeZone)}`;
}

function DeliveryRow({
  tenant,
  endpoint,
  delivery: d,
  picked,
  canWrite,
  timeZone,
  onPick,
}: {
  tenant: Tenant;
  endpoint: Endpoint;
  delivery: WebhookDelivery;
  picked: boolean;
  canWrite: boolean;
  timeZone: string;
  onPick: () => void;
}) {
  const [queued, setQueued] = useState(false);
  const { mutation, redeliver } = useRedeliver(tenant, endpoint, d, () => setQueued(true));
  const label = eventLabel(d, timeZone);
  return (
    <tr data-testid="delivery-row" aria-current={picked ? 'true' : undefined}>
      <th scope="row">
        <code>{d.eventType}</code>
        <span className="muted">{formatTimestamp(d.createdAt, timeZone)}</span>
      </th>
      <td data-label="Status">
        <StatusBadge status={d.status} />
        {d.status === 'pending' && d.nextAttemptAt ? <span className="muted">next try {formatTimestamp(d.nextAttemptAt, timeZone)}</span> : null}
      </td>
      <td data-label="Attempts">{formatNumber(d.attempts)}</td>
      <td data-label="Last attempt">{d.lastAttemptAt ? formatTimestamp(d.lastAttemptAt, timeZone) : '—'}</td>
      <td data-label="Result">{lastResult(d)}</td>
      <td>
        <div className="member-actions">
          <button type="button" className="button" aria-label={`Details of ${label}`} onClick={onPick}>
            Details
          </button>
          {canWrite ? (
            <button
              type="button"
              className="button"
              aria-label={`Redeliver ${label}`}
              disabled={mutation.isPending}
              onClick={() => {
                setQueued(false);
                redeliver();
              }}
            >
              {mutation.isPending ? 'Queueing…' : 'Redeliver'}
            </button>
          ) : null}
        </div>
        <span role="status" className="muted">
          {queued ? (endpoint.enabled ? 'Queued: it is sent again now.' : 'Queued: it is sent once the endpoint is enabled.') : ''}
        </span>
        {mutation.isError ? <ErrorPanel error={mutation.error} title="The delivery could not be queued." /> : null}
      </td>
    </tr>
  );
}

function DeliveryPanel({
  tenant,
  endpoint,
  deliveryId,
  canWrite,
  timeZone,
  onClose,
}: {
  tenant: Tenant;
  endpoint: Endpoint;
  deliveryId: string;
  canWrite: boolean;
  timeZone: string;
  onClose: () => void;
}) {
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  const [queued, setQueued] = useState(false);
  const query = useQuery({
    queryKey: [...deliveriesKey(tenant, endpoint.id), 'one', deliveryId],
    queryFn: ({ signal }) => api<WebhookDeliveryDetail>(`${endpointPath(endpoint.id)}/deliveries/${encodeURIComponent(deliveryId)}`, { tenant, signal }).then((r) => r.data),
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? POLL_MS : false),
  });
  const { mutation, redeliver } = useRedeliver(tenant, endpoint, { id: deliveryId }, () => setQueued(true));
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const d = query.data;
  return (
    <section ref={ref} className="panel delivery-panel" aria-labelledby={headingId} tabIndex={-1} data-testid="delivery-panel">
      <div className="panel-head">
        <h3 id={headingId}>
          {d ? (
            <>
              Delivery of <code>{d.eventType}</code>
            </>
          ) : (
            'Delivery'
          )}
        </h3>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
      {query.isPending ? (
        <Loading what="the delivery" />
      ) : query.isError ? (
        <ErrorPanel error={query.error} title="The delivery could not be loaded." onRetry={() => query.refetch()} />
      ) : (
        <>
          <dl className="details" data-testid="delivery-summary">
            <dt>Status</dt>
            <dd>
              <StatusBadge status={query.data.status} />
              {query.data.status === 'pending' && query.data.nextAttemptAt ? <span className="muted inline"> next try {formatTimestamp(query.data.nextAttemptAt, timeZone)}</span> : null}
            </dd>
            <dt>Event id</dt>
            <dd>
              <code>{query.data.eventId}</code> <span className="muted inline">(sent as webhook-id)</span>
            </dd>
            <dt>Attempts</dt>
            <dd>{formatNumber(query.data.attempts)}</dd>
            <dt>Last result</dt>
            <dd>{lastResult(query.data)}</dd>
            <dt>Created</dt>
            <dd>{formatTimestamp(query.data.createdAt, timeZone)}</dd>
          </dl>
          {canWrite ? (
            <div className="actions">
              <button
                type="button"
                className="button"
                disabled={mutation.isPending}
                onClick={() => {
                  setQueued(false);
                  redeliver();
                }}
              >
                {mutation.isPending ? 'Queueing…' : 'Redeliver'}
              </button>
            </div>
          ) : null}
          <p role="status" className="muted">
            {queued ? (endpoint.enabled ? 'Queued: it is sent again now.' : 'Queued: it is sent once the endpoint is enabled.') : ''}
          </p>
          {mutation.isError ? <ErrorPanel error={mutation.error} title="The delivery could not be queued." /> : null}
          <h4>Attempts</h4>
          {query.data.attemptLog.length === 0 ? (
            <p className="empty">No attempt yet.</p>
          ) : (
            <div className="table-wrap">
              <table className="text-table delivery-table" data-testid="attempt-log">
                <caption className="visually-hidden">Attempts, oldest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Why</th>
                    <th scope="col">Answer</th>
                    <th scope="col">Took</th>
                    <th scope="col">Response</th>
                  </tr>
                </thead>
                <tbody>
                  {query.data.attemptLog.map((a) => (
                    <tr key={a.id} data-testid="attempt-row">
                      <th scope="row">{formatTimestamp(a.attemptedAt, timeZone)}</th>
                      <td data-label="Why">{TRIGGER_LABEL[a.trigger]}</td>
                      <td data-label="Answer">{a.statusCode !== null ? `HTTP ${a.statusCode}` : (a.error ?? 'No answer')}</td>
                      <td data-label="Took">{formatNumber(a.durationMs)} ms</td>
                      <td data-label="Response">{a.responseSnippet ? <code className="response-snippet">{a.responseSnippet}</code> : <span className="muted inline">{a.statusCode !== null && a.error ? a.error : 'none'}</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h4>Payload</h4>
          <p className="muted">The JSON body every attempt sends.</p>
          <pre className="payload" data-testid="delivery-payload">
            <code>{JSON.stringify(query.data.payload, null, 2)}</code>
          </pre>
        </>
      )}
    </section>
  );
}
