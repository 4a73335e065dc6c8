import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../api/wire.ts';
import { Loading } from '../components/ErrorPanel.tsx';
import { ListSearch } from '../components/ListSearch.tsx';
import { ListStates } from '../components/ListStates.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { formatMoney, formatNumber, formatTimestamp } from '../format.ts';
import { keepTenant, tenantOf, useTenant } from '../tenant.tsx';
import { NewCustomer } from './CustomerNew.tsx';

const READ = 'customers:read';
const WRITE = 'customers:write';
const PAGE = 20;

type BannedFilter = 'true' | 'false';

/** The customers list (its own chunk): newest first, search (name, email, phone) and a banned filter kept in the URL. */
export default function Customers() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const [params, setParams] = useSearchParams();
  const bannedId = useId();
  const q = params.get('q')?.trim() ?? '';
  const wanted = params.get('banned');
  const banned = wanted === 'true' || wanted === 'false' ? (wanted as BannedFilter) : null;
  const [text, setText] = useState(q);
  const allowed = state.permissions?.has(READ) ?? false;
  const query = useInfiniteQuery({
    queryKey: ['tenant', tenant?.storeId, tenant?.mode, 'customers', { q, banned }],
    enabled: tenant !== null && allowed,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      call('get', '/v1/customers', { tenant: tenant!, signal, query: { limit: PAGE, q: q || undefined, banned: banned ?? undefined, cursor: pageParam ?? undefined } }),
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
  });
  if (!tenant || !state.store) return null;
  const zone = state.store.timezone;
  const link = keepTenant(params);
  const customers = query.data?.pages.flatMap((p) => p.data) ?? [];
  const filtered = q !== '' || banned !== null;
  const setFilter = (name: 'q' | 'banned', value: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  return (
    <>
      <title>{`Customers · ${state.store.name} · Dashboard`}</title>
      <h1>Customers</h1>
      {state.permissions?.has(WRITE) ? <NewCustomer tenant={tenant} search={link} /> : null}
      <Section title={`Customers in ${tenant.mode === 'test' ? 'test' : 'live'} mode, newest first`}>
        {state.permissions === null ? (
          <Loading what="your permissions" />
        ) : !allowed ? (
          <NotAllowed permission={READ} />
        ) : (
          <>
            <ListSearch value={text} placeholder="Name, email or phone" onChange={setText} onSearch={(q) => setFilter('q', q)}>
                <div className="field">
                  <label htmlFor={bannedId}>Show</label>
                  <select id={bannedId} value={banned ?? ''} onChange={(e) => setFilter('banned', e.target.value)}>
                    <option value="">Everyone</option>
                    <option value="true">Banned now</option>
                    <option value="false">Not banned</option>
                  </select>
                </div>
              </ListSearch>
            <ListStates query={query} items={customers} what="customers" failed="The customers could not be loaded." empty={<p className="empty">
                {filtered
                  ? 'No customer matches. Try part of a name, an email or the digits of a phone number, or show everyone.'
                  : 'No customers yet. Customers who order from your storefront, or whom your other systems add, show here with their orders.'}
              </p>}>
              
                <div className="table-wrap">
                  <table className="text-table">
                    <caption className="visually-hidden">Customers</caption>
                    <thead>
                      <tr>
                        <th scope="col">Name</th>
                        <th scope="col">Email</th>
                        <th scope="col">Orders</th>
                        <th scope="col">Spent</th>
                        <th scope="col">Status</th>
                        <th scope="col">Customer since</th>
                      </tr>
                    </thead>
                    <tbody>
                      {customers.map((c) => (
                        <tr key={c.id} data-testid="customer-row">
                          <th scope="row">
                            <Link to={{ pathname: `/customers/${encodeURIComponent(c.id)}`, search: link }}>{c.name}</Link>
                          </th>
                          <td data-label="Email">{c.email}</td>
                          <td data-label="Orders">{formatNumber(c.orderCount)}</td>
                          <td data-label="Spent">{formatMoney(c.totalSpent, c.currency)}</td>
                          <td data-label="Status">{c.banned ? <span className="badge badge-out">Banned</span> : 'Active'}</td>
                          <td data-label="Customer since">{formatTimestamp(c.createdAt, zone)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <LoadMore query={query} failed="More customers could not be loaded." done={<p className="muted">That is every customer{filtered ? ' that matches' : ''}.</p>} />
              
            </ListStates>
          </>
        )}
      </Section>
    </>
  );
}
