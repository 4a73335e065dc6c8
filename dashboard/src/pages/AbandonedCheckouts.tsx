import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { call } from '../api/wire.ts';
import { Loading } from '../components/ErrorPanel.tsx';
import { ListStates } from '../components/ListStates.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { formatMoney, formatNumber, formatTimestamp } from '../format.ts';
import { keepTenant, tenantOf, useTenant } from '../tenant.tsx';

/** Each row names the shopper's email: the API asks for both (docs/checkout.md). */
const ABANDONED_PERMISSIONS = ['orders:read', 'customers:read'] as const;
const PAGE = 20;

const units = (n: number) => `${formatNumber(n)} item${n === 1 ? '' : 's'}`;

/**
 * Abandoned checkouts (its own chunk, issue 37): carts a shopper left an hour with an email and lines, and storefront
 * orders cancelled because their stock hold ended unpaid, newest first, 20 at a time (`GET /v1/checkouts/abandoned`).
 */
export default function AbandonedCheckouts() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const [params] = useSearchParams();
  const missing = ABANDONED_PERMISSIONS.find((p) => !(state.permissions?.has(p) ?? false));
  const query = useInfiniteQuery({
    queryKey: ['tenant', tenant?.storeId, tenant?.mode, 'abandoned-checkouts'],
    enabled: tenant !== null && state.permissions !== null && missing === undefined,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => call('get', '/v1/checkouts/abandoned', { tenant: tenant!, signal, query: { limit: PAGE, cursor: pageParam ?? undefined } }),
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
  });
  if (!tenant || !state.store) return null;
  const zone = state.store.timezone;
  const currency = state.store.currency;
  const link = keepTenant(params);
  const items = query.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <>
      <title>{`Abandoned checkouts · ${state.store.name} · Dashboard`}</title>
      <h1>Abandoned checkouts</h1>
      <Section title={`Checkouts left unfinished in ${tenant.mode === 'test' ? 'test' : 'live'} mode, newest first`}>
        {state.permissions === null ? (
          <Loading what="your permissions" />
        ) : missing !== undefined ? (
          <NotAllowed permission={missing} />
        ) : (
          <ListStates
            query={query}
            items={items}
            what="abandoned checkouts"
            failed="The abandoned checkouts could not be loaded."
            empty={
              <p className="empty">
                No abandoned checkouts. A shopper's cart shows here when it has been left an hour with their email and something in it, and so
                does a checkout that was not paid before its stock hold ended.
              </p>
            }
          >
            <div className="table-wrap">
              <table className="text-table">
                <caption className="visually-hidden">Abandoned checkouts</caption>
                <thead>
                  <tr>
                    <th scope="col">Shopper</th>
                    <th scope="col">What happened</th>
                    <th scope="col">When ({zone})</th>
                    <th scope="col">In it</th>
                    <th scope="col">Total</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((a) => (
                    <tr key={a.orderId ?? a.cartId ?? `${a.email}-${a.at}`} data-testid="abandoned-row">
                      <th scope="row">{a.email}</th>
                      <td data-label="What happened">
                        {a.kind === 'cart' ? (
                          'Left in the cart, never checked out'
                        ) : (
                          <>
                            Checked out, not paid in time: order{' '}
                            {a.orderId ? <Link to={{ pathname: `/orders/${encodeURIComponent(a.orderId)}`, search: link }}>{a.orderNumber ?? a.orderId}</Link> : a.orderNumber}{' '}
                            was cancelled
                          </>
                        )}
                      </td>
                      <td data-label="When">{formatTimestamp(a.at, zone)}</td>
                      <td data-label="In it">{units(a.quantity)}</td>
                      <td data-label="Total">{a.total === null ? <span className="muted">—</span> : formatMoney(a.total, currency)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <LoadMore query={query} label="Show more" failed="More abandoned checkouts could not be loaded." done={<p className="muted">That is every abandoned checkout.</p>} />
          </ListStates>
        )}
      </Section>
    </>
  );
}
