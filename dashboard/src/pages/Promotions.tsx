import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../api/client.ts';
import type { Schemas } from '../api/wire.ts';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { formatMoney, formatNumber, formatTimestamp } from '../format.ts';
import { discountText, PROMOTIONS_READ, PROMOTIONS_WRITE, promotionState, promotionsKey } from '../selling/promotions.ts';
import { tenantOf, useTenant, useTenantSearch } from '../tenant.tsx';

type Promotion = Schemas['Promotion'];

const PAGE = 20;

/** The discount codes (its own chunk): 20 at a time with Load more; with promotions:write, a link to create one. */
export default function Promotions() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const search = useTenantSearch();
  const allowed = state.permissions?.has(PROMOTIONS_READ) ?? false;
  const canWrite = state.permissions?.has(PROMOTIONS_WRITE) ?? false;
  const query = useInfiniteQuery({
    queryKey: [...promotionsKey(tenant?.storeId ?? '', tenant?.mode ?? 'live'), 'list'],
    enabled: tenant !== null && allowed,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ limit: String(PAGE) });
      if (pageParam) q.set('cursor', pageParam);
      return api<Promotion[]>(`/v1/promotions?${q}`, { tenant: tenant!, signal });
    },
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
  });
  if (!tenant || !state.store) return null;
  const { currency, timezone: zone } = state.store;
  const promotions = query.data?.pages.flatMap((p) => p.data) ?? [];
  const newLink = canWrite ? (
    <Link className="button button-primary" to={{ pathname: '/promotions/new', search }}>
      New promotion
    </Link>
  ) : null;
  return (
    <>
      <title>{`Promotions · ${state.store.name} · Dashboard`}</title>
      <h1>Promotions</h1>
      <p className="muted">Discount codes customers enter at checkout: a percentage or an amount off, from a minimum order, for a time, a number of uses.</p>
      <Section title={`Discount codes in ${tenant.mode === 'test' ? 'test' : 'live'} mode`} actions={allowed ? newLink : null}>
        {state.permissions === null ? (
          <Loading what="your permissions" />
        ) : !allowed ? (
          <NotAllowed permission={PROMOTIONS_READ} />
        ) : query.isPending ? (
          <Loading what="promotions" />
        ) : query.isError && promotions.length === 0 ? (
          <ErrorPanel error={query.error} title="The promotions could not be loaded." onRetry={() => query.refetch()} />
        ) : promotions.length === 0 ? (
          <p className="empty">
            {canWrite
              ? 'No discount codes yet. Create one with “New promotion”, then share its code with your customers.'
              : 'No discount codes yet. A store owner or admin can create them.'}
          </p>
        ) : (
          <>
            <div className="table-wrap">
              <table className="text-table selling-table">
                <caption className="visually-hidden">Discount codes</caption>
                <thead>
                  <tr>
                    <th scope="col">Code</th>
                    <th scope="col">Discount</th>
                    <th scope="col">Minimum order</th>
                    <th scope="col">Valid ({zone})</th>
                    <th scope="col">Used</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {promotions.map((p) => (
                    <tr key={p.id} data-testid="promotion-row">
                      <th scope="row">
                        <Link to={{ pathname: `/promotions/${encodeURIComponent(p.id)}`, search }}>
                          <code>{p.code}</code>
                        </Link>
                      </th>
                      <td data-label="Discount">{discountText(p, currency)}</td>
                      <td data-label="Minimum order">{p.minSubtotal > 0 ? formatMoney(p.minSubtotal, currency) : 'None'}</td>
                      <td data-label="Valid">
                        from {formatTimestamp(p.startsAt, zone)}
                        {p.endsAt ? ` until ${formatTimestamp(p.endsAt, zone)}` : ', no end'}
                      </td>
                      <td data-label="Used">
                        {formatNumber(p.timesUsed)}
                        {p.usageLimit !== null ? ` of ${formatNumber(p.usageLimit)}` : ''}
                        {p.perCustomerLimit !== null ? ` (${formatNumber(p.perCustomerLimit)} per customer)` : ''}
                      </td>
                      <td data-label="Status">{promotionState(p).label}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <LoadMore query={query} failed="More promotions could not be loaded." />
          </>
        )}
      </Section>
    </>
  );
}
