import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../api/client.ts';
import type { QueryOf, Schemas } from '../api/wire.ts';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { ListStates } from '../components/ListStates.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { formatNumber, formatTimestamp } from '../format.ts';
import { priceText, productsKey, READ, SORTS, STATUS_LABEL, STATUSES, TYPE_LABEL, TYPES, useCategories, WRITE } from '../products/catalog.ts';
import { keepTenant, tenantOf, useTenant } from '../tenant.tsx';

type Product = Schemas['Product'];
type ProductSort = NonNullable<QueryOf<'/v1/products'>['sort']>;
type ProductStatus = Schemas['Product']['status'];
type ProductType = Schemas['Product']['type'];

const PAGE = 20;

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

/**
 * The products list (its own chunk): search, filters (status, type, category) and sort, all kept in the URL, 20 at a
 * time with "Load more" following the API's keyset cursor (docs/catalog.md: every page costs the same).
 */
export default function Products() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const [params, setParams] = useSearchParams();
  const searchId = useId();
  const statusId = useId();
  const typeId = useId();
  const categoryId = useId();
  const sortId = useId();
  const allowed = state.permissions?.has(READ) ?? false;
  const canWrite = state.permissions?.has(WRITE) ?? false;

  const filters = {
    q: params.get('q')?.trim() || null,
    status: pick<ProductStatus>(params.get('status'), STATUSES),
    type: pick<ProductType>(params.get('type'), TYPES),
    categoryId: params.get('categoryId') || null,
    sort: pick<ProductSort>(
      params.get('sort'),
      SORTS.map((s) => s.value),
    ) ?? ('-createdAt' as ProductSort),
  };
  const filtered = filters.q !== null || filters.status !== null || filters.type !== null || filters.categoryId !== null;
  const [typed, setTyped] = useState(filters.q ?? '');
  useEffect(() => setTyped(filters.q ?? ''), [filters.q]);

  const categories = useCategories(tenant ?? { storeId: '', mode: 'live' }, tenant !== null && allowed);
  const query = useInfiniteQuery({
    queryKey: [...(tenant ? productsKey(tenant) : ['none']), 'list', filters],
    enabled: tenant !== null && allowed,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ limit: String(PAGE), sort: filters.sort });
      if (filters.q) q.set('q', filters.q);
      if (filters.status) q.set('status', filters.status);
      if (filters.type) q.set('type', filters.type);
      if (filters.categoryId) q.set('categoryId', filters.categoryId);
      if (pageParam) q.set('cursor', pageParam);
      return api<Product[]>(`/v1/products?${q}`, { tenant: tenant!, signal });
    },
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
  });
  if (!tenant || !state.store) return null;
  const zone = state.store.timezone;
  const search = keepTenant(params);
  const products = query.data?.pages.flatMap((p) => p.data) ?? [];

  const setParam = (name: string, value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const submitSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setParam('q', typed.trim() || null);
  };
  const clearFilters = () =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const name of ['q', 'status', 'type', 'categoryId']) next.delete(name);
      return next;
    });

  return (
    <>
      <title>{`Products · ${state.store.name} · Dashboard`}</title>
      <h1>Products</h1>
      <p className="muted">
        Everything this store sells in {tenant.mode === 'test' ? 'test' : 'live'} mode. Open a product to change it, its variant groups and SKUs.
      </p>
      {state.permissions === null ? (
        <Loading what="your permissions" />
      ) : !allowed ? (
        <NotAllowed permission={READ} />
      ) : (
        <>
          <div className="actions">
            {canWrite ? (
              <Link className="button button-primary" to={{ pathname: '/products/new', search }}>
                New product
              </Link>
            ) : null}
            <Link className="button" to={{ pathname: '/categories', search }}>
              Categories
            </Link>
          </div>
          <Section title="Find products">
            <search>
            <form className="product-search" onSubmit={submitSearch}>
              <div className="form-field">
                <label htmlFor={searchId}>Search</label>
                <input id={searchId} type="search" name="q" value={typed} maxLength={100} onChange={(e) => setTyped(e.target.value)} aria-describedby={`${searchId}-hint`} />
                <p id={`${searchId}-hint`} className="field-hint">
                  Words in the name or a SKU code; press Enter to search.
                </p>
              </div>
              <div className="actions">
                <button type="submit" className="button">
                  Search
                </button>
              </div>
            </form>
            </search>
            <div className="filter-row">
              <div className="form-field">
                <label htmlFor={statusId}>Status</label>
                <select id={statusId} value={filters.status ?? ''} onChange={(e) => setParam('status', e.target.value)}>
                  <option value="">Any status</option>
                  {STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {STATUS_LABEL[s]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="form-field">
                <label htmlFor={typeId}>Type</label>
                <select id={typeId} value={filters.type ?? ''} onChange={(e) => setParam('type', e.target.value)}>
                  <option value="">Any type</option>
                  {TYPES.map((t) => (
                    <option key={t} value={t}>
                      {TYPE_LABEL[t]}
                    </option>
                  ))}
                </select>
              </div>
              <div className="form-field">
                <label htmlFor={categoryId}>Category</label>
                <select id={categoryId} value={filters.categoryId ?? ''} onChange={(e) => setParam('categoryId', e.target.value)}>
                  <option value="">Any category</option>
                  {(categories.data ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.path}
                    </option>
                  ))}
                </select>
              </div>
              <div className="form-field">
                <label htmlFor={sortId}>Sort</label>
                <select id={sortId} value={filters.sort} onChange={(e) => setParam('sort', e.target.value === '-createdAt' ? null : e.target.value)}>
                  {SORTS.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {filtered ? (
              <div className="actions">
                <button type="button" className="button" onClick={clearFilters}>
                  Clear search and filters
                </button>
              </div>
            ) : null}
            {categories.isError ? <ErrorPanel error={categories.error} title="The categories could not be loaded." onRetry={() => categories.refetch()} /> : null}
          </Section>
          <Section title={filtered ? 'Matching products' : 'All products'}>
            <ListStates query={query} items={products} what="products" failed="The products could not be loaded." empty={filtered ? (
                <p className="empty">No products match this search and these filters. Change them, or clear them to see every product.</p>
              ) : canWrite ? (
                <p className="empty">
                  No products yet. Create your first with <Link to={{ pathname: '/products/new', search }}>New product</Link>.
                </p>
              ) : (
                <p className="empty">No products yet. Products a store owner or admin creates show here.</p>
              )}>
              
                <div className="table-wrap">
                  <table className="text-table product-table">
                    <caption className="visually-hidden">Products</caption>
                    <thead>
                      <tr>
                        <th scope="col">Name</th>
                        <th scope="col">Status</th>
                        <th scope="col">Type</th>
                        <th scope="col">Price</th>
                        <th scope="col">In stock</th>
                        <th scope="col">Changed ({zone})</th>
                      </tr>
                    </thead>
                    <tbody>
                      {products.map((p) => (
                        <tr key={p.id} data-testid="product-row">
                          <th scope="row">
                            <Link to={{ pathname: `/products/${encodeURIComponent(p.id)}`, search }}>{p.name}</Link>
                          </th>
                          <td data-label="Status">{STATUS_LABEL[p.status]}</td>
                          <td data-label="Type">{TYPE_LABEL[p.type]}</td>
                          <td data-label="Price" data-testid="product-price">
                            {priceText(p)}
                          </td>
                          <td data-label="In stock">
                            {formatNumber(p.totalStock)}
                            {p.type === 'VARIABLE' ? <span className="muted"> across {p.skuCount === 1 ? '1 SKU' : `${formatNumber(p.skuCount)} SKUs`}</span> : null}
                          </td>
                          <td data-label="Changed">{formatTimestamp(p.updatedAt, zone)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <LoadMore query={query} failed="More products could not be loaded." done={<p className="muted">{filtered ? 'That is every matching product.' : 'That is every product.'}</p>} />
              
            </ListStates>
          </Section>
        </>
      )}
    </>
  );
}
