import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { call, type DataOf } from '../api/wire.ts';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { Field, fieldErrors } from '../components/Field.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { formatTimestamp } from '../format.ts';
import { tenantOf, useTenant } from '../tenant.tsx';
import { addDays, startOfDayIn } from '../zoned.ts';

type AuditEntry = DataOf<'/v1/audit-logs'>[number];

const PERMISSION = 'settings:read';
const PAGE = 20;

/** The filters, as kept in the URL: `?action=&actorType=&userId=&from=&to=` (from and to are days in the store's zone). */
const FILTERS = ['action', 'actorType', 'userId', 'from', 'to'] as const;
type FilterName = (typeof FILTERS)[number];
const ACTOR_TYPES: { value: string; label: string }[] = [
  { value: 'user', label: 'A member, signed in' },
  { value: 'api_key', label: 'An API key' },
  { value: 'oauth_app', label: 'A connected app' },
  { value: 'ai_connector', label: 'The AI connector' },
  { value: 'system', label: 'The service' },
];

/** The audit log (its own chunk): who changed what in the active store and mode, newest first, 20 at a time. */
export default function AuditLog() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const allowed = state.permissions?.has(PERMISSION) ?? false;
  const [params, setParams] = useSearchParams();
  const zone = state.store?.timezone ?? 'UTC';
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name)?.trim() ?? ''])) as Record<FilterName, string>;
  const query = useInfiniteQuery({
    queryKey: ['tenant', tenant?.storeId, tenant?.mode, 'audit-log', filters],
    enabled: tenant !== null && allowed,
    initialPageParam: null as string | null,
    retry: (count, error) => !(error instanceof ApiError && error.status === 422) && count < 2,
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams({ limit: String(PAGE) });
      for (const name of ['action', 'actorType', 'userId'] as const) if (filters[name]) search.set(name, filters[name]);
      // Days in the store's time zone: from the start of `from` to the start of the day after `to`.
      const from = filters.from ? startOfDayIn(filters.from, zone) : null;
      const to = filters.to ? startOfDayIn(addDays(filters.to, 1), zone) : null;
      if (from) search.set('from', from);
      if (to) search.set('to', to);
      if (pageParam) search.set('cursor', pageParam);
      return api<AuditEntry[]>(`/v1/audit-logs?${search}`, { tenant: tenant!, signal });
    },
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
  });
  if (!tenant || !state.store) return null;
  const entries = query.data?.pages.flatMap((p) => p.data) ?? [];
  const filtered = FILTERS.some((name) => filters[name] !== '');
  const refused = fieldErrors(query.error, 'query');
  const apply = (values: Record<FilterName, string>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const name of FILTERS) {
        if (values[name].trim()) next.set(name, values[name].trim());
        else next.delete(name);
      }
      return next;
    });
  return (
    <>
      <title>{`Audit log · ${state.store.name} · Dashboard`}</title>
      <h1>Audit log</h1>
      <Section title={`Changes in ${tenant.mode === 'test' ? 'test' : 'live'} mode, newest first`}>
        {allowed ? <AuditFilters key={params.toString()} tenant={tenant} initial={filters} errors={refused} onApply={apply} /> : null}
        {state.permissions === null ? (
          <Loading what="your permissions" />
        ) : !allowed ? (
          <NotAllowed permission={PERMISSION} />
        ) : query.isPending ? (
          <Loading what="the audit log" />
        ) : query.isError && entries.length === 0 ? (
          refused.size > 0 ? null : <ErrorPanel error={query.error} title="The audit log could not be loaded." onRetry={() => query.refetch()} />
        ) : entries.length === 0 ? (
          filtered ? (
            <p className="empty">No entries match these filters. Widen the dates or clear a filter.</p>
          ) : (
            <p className="empty">Nothing recorded yet. Changes to keys, members, apps and store settings show here with who made them.</p>
          )
        ) : (
          <>
            <div className="table-wrap">
              <table className="text-table">
                <caption className="visually-hidden">Audit log entries</caption>
                <thead>
                  <tr>
                    <th scope="col">Time ({zone})</th>
                    <th scope="col">Who</th>
                    <th scope="col">Action</th>
                    <th scope="col">Target</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((e) => (
                    <tr key={e.id} data-testid="audit-entry">
                      <td data-label="Time">{formatTimestamp(e.createdAt, zone)}</td>
                      <td data-label="Who">
                        {e.actor.label}
                        <span className="muted"> ({e.actor.type.replaceAll('_', ' ')})</span>
                      </td>
                      <td data-label="Action">
                        <code>{e.action}</code>
                      </td>
                      <td data-label="Target">{e.targetType ? `${e.targetType.replaceAll('_', ' ')} ${e.targetId ?? ''}`.trim() : (e.targetId ?? '—')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <LoadMore query={query} failed="More entries could not be loaded." done={<p className="muted">That is the whole log.</p>} />
          </>
        )}
      </Section>
    </>
  );
}

/** The filter form: applied on submit (kept in the URL), cleared with one button; the API's refusals show at their fields. */
function AuditFilters({
  tenant,
  initial,
  errors,
  onApply,
}: {
  tenant: { storeId: string; mode: 'live' | 'test' };
  initial: Record<FilterName, string>;
  errors: Map<string, string>;
  onApply: (values: Record<FilterName, string>) => void;
}) {
  const [values, setValues] = useState(initial);
  const members = useQuery({
    queryKey: ['tenant', tenant.storeId, tenant.mode, 'members'],
    queryFn: ({ signal }) => call('get', '/v1/members', { tenant, signal }).then((r) => r.data),
  });
  const set = (name: FilterName) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onApply(values);
  };
  const empty = Object.fromEntries(FILTERS.map((name) => [name, ''])) as Record<FilterName, string>;
  return (
    <form className="filters" onSubmit={submit} noValidate aria-label="Filter the audit log" data-testid="audit-filters">
      <Field label="Action" error={errors.get('action')} hint="An action such as product.update, or product.* for every product change.">
        {(p) => <input {...p} type="text" name="action" value={values.action} onChange={set('action')} />}
      </Field>
      <Field label="Who" error={errors.get('userId')}>
        {(p) => (
          <select {...p} name="userId" value={values.userId} onChange={set('userId')}>
            <option value="">Anyone</option>
            {(members.data ?? []).map((m) => (
              <option key={m.userId} value={m.userId}>
                {m.name} ({m.email})
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Acting through" error={errors.get('actorType')}>
        {(p) => (
          <select {...p} name="actorType" value={values.actorType} onChange={set('actorType')}>
            <option value="">Any credential</option>
            {ACTOR_TYPES.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="From" error={errors.get('from')}>
        {(p) => <input {...p} type="date" name="from" value={values.from} onChange={set('from')} />}
      </Field>
      <Field label="To" error={errors.get('to')}>
        {(p) => <input {...p} type="date" name="to" value={values.to} onChange={set('to')} />}
      </Field>
      <div className="actions">
        <button type="submit" className="button button-primary">
          Apply filters
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            setValues(empty);
            onApply(empty);
          }}
        >
          Clear
        </button>
      </div>
    </form>
  );
}
