import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../api/client.ts';
import type { OrderStatus, OrderSummary } from '../api/types.ts';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { formatMoney, formatTimestamp } from '../format.ts';
import { STATUS_LABEL, STATUSES } from '../orders.ts';
import { keepTenant, tenantOf, useTenant } from '../tenant.tsx';
import { OrderExports } from './OrderExports.tsx';

const PERMISSION = 'orders:read';
const PAGE = 20;

/** The orders list (its own chunk): newest first, 20 at a time, filtered by status (kept in the URL as ?status=). */
export default function Orders() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const [params, setParams] = useSearchParams();
  const filterId = useId();
  const wanted = params.get('status');
  const status = wanted && (STATUSES as string[]).includes(wanted) ? (wanted as OrderStatus) : null;
  const allowed = state.permissions?.has(PERMISSION) ?? false;
  const query = useInfiniteQuery({
    queryKey: ['tenant', tenant?.storeId, tenant?.mode, 'orders', { status }],
    enabled: tenant !== null && allowed,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ limit: String(PAGE) });
      if (status) q.set('status', status);
      if (pageParam) q.set('cursor', pageParam);
      return api<OrderSummary[]>(`/v1/orders?${q}`, { tenant: tenant!, signal });
    },
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
  });
  if (!tenant || !state.store) return null;
  const zone = state.store.timezone;
  const search = keepTenant(params);
  const orders = query.data?.pages.flatMap((p) => p.data) ?? [];
  const chooseStatus = (value: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set('status', value);
      else next.delete('status');
      return next;
    });
  return (
    <>
      <title>{`Orders · ${state.store.name} · Dashboard`}</title>
      <h1>Orders</h1>
      <Section
        title={`${status ? `${STATUS_LABEL[status]} orders` : 'Orders'} in ${tenant.mode === 'test' ? 'test' : 'live'} mode, newest first`}
        actions={
          allowed ? (
            <div className="field">
              <label htmlFor={filterId}>Status</label>
              <select id={filterId} value={status ?? ''} onChange={(e) => chooseStatus(e.target.value)}>
                <option value="">All</option>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABEL[s]}
                  </option>
                ))}
              </select>
            </div>
          ) : null
        }
      >
        {state.permissions === null ? (
          <Loading what="your permissions" />
        ) : !allowed ? (
          <NotAllowed permission={PERMISSION} />
        ) : query.isPending ? (
          <Loading what="orders" />
        ) : query.isError && orders.length === 0 ? (
          <ErrorPanel error={query.error} title="The orders could not be loaded." onRetry={() => query.refetch()} />
        ) : orders.length === 0 ? (
          <p className="empty">{status ? `No ${STATUS_LABEL[status].toLowerCase()} orders.` : 'No orders yet. Orders placed through the API or your storefront show here.'}</p>
        ) : (
          <>
            <div className="table-wrap">
              <table className="text-table">
                <caption className="visually-hidden">Orders</caption>
                <thead>
                  <tr>
                    <th scope="col">Number</th>
                    <th scope="col">Placed ({zone})</th>
                    <th scope="col">Customer</th>
                    <th scope="col">Status</th>
                    <th scope="col">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {orders.map((o) => (
                    <tr key={o.id} data-testid="order-row">
                      <th scope="row">
                        <Link to={{ pathname: `/orders/${encodeURIComponent(o.id)}`, search }}>{o.number}</Link>
                      </th>
                      <td data-label="Placed">{formatTimestamp(o.createdAt, zone)}</td>
                      <td data-label="Customer">{o.customerName ?? <code>{o.customerId}</code>}</td>
                      <td data-label="Status">{STATUS_LABEL[o.status]}</td>
                      <td data-label="Total">{formatMoney(o.total, o.currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <LoadMore query={query} failed="More orders could not be loaded." done={<p className="muted">That is every order{status ? ' with this status' : ''}.</p>} />
          </>
        )}
      </Section>
      {allowed && state.permissions?.has('analytics:read') ? <OrderExports tenant={tenant} timeZone={zone} status={status} /> : null}
    </>
  );
}
