import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import type { AuditEntry } from '../api/types.ts';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { formatTimestamp } from '../format.ts';
import { tenantOf, useTenant } from '../tenant.tsx';

const PERMISSION = 'settings:read';
const PAGE = 20;

/** The audit log (its own chunk): who changed what in the active store and mode, newest first, 20 at a time. */
export default function AuditLog() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const allowed = state.permissions?.has(PERMISSION) ?? false;
  const query = useInfiniteQuery({
    queryKey: ['tenant', tenant?.storeId, tenant?.mode, 'audit-log'],
    enabled: tenant !== null && allowed,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api<AuditEntry[]>(`/v1/audit-logs?limit=${PAGE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, { tenant: tenant!, signal }),
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
  });
  if (!tenant || !state.store) return null;
  const zone = state.store.timezone;
  const entries = query.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <>
      <title>{`Audit log · ${state.store.name} · Dashboard`}</title>
      <h1>Audit log</h1>
      <Section title={`Changes in ${tenant.mode === 'test' ? 'test' : 'live'} mode, newest first`}>
        {state.permissions === null ? (
          <Loading what="your permissions" />
        ) : !allowed ? (
          <NotAllowed permission={PERMISSION} />
        ) : query.isPending ? (
          <Loading what="the audit log" />
        ) : query.isError && entries.length === 0 ? (
          <ErrorPanel error={query.error} title="The audit log could not be loaded." onRetry={() => query.refetch()} />
        ) : entries.length === 0 ? (
          <p className="empty">Nothing recorded yet. Changes to keys, members, apps and store settings show here with who made them.</p>
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
