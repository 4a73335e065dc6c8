import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, type Tenant } from '../api/client.ts';
import type { DataOf, QueryOf, Schemas } from '../api/wire.ts';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { SalesChart } from '../components/SalesChart.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { formatLocalDate, formatMoney, formatNumber, formatPercent, formatTimestamp } from '../format.ts';
import { readPastCache } from '../freshness.ts';
import { LOW_STOCK_LIMIT, lowStockKey, stockTotalsKey } from '../overview-keys.ts';
import { publishedAdsKey } from '../selling/promo-ads.ts';
import { tenantOf, useTenant, useTenantSearch } from '../tenant.tsx';

type Figures = Schemas['SalesSummary']['period'];
type InventoryDashboard = Schemas['InventoryDashboard'];
type LowStock = DataOf<'/v1/dashboard/overview/low-stock'>;
type LowStockSku = Schemas['LowStockSku'];
type Period = Exclude<NonNullable<QueryOf<'/v1/dashboard/overview/summary'>['period']>, 'range'>;
type PromoAd = Schemas['PromoAd'];
type SalesSummary = Schemas['SalesSummary'];

const PERIODS: { value: Period; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
];

/** The overview page (its own chunk): sales, low stock, inventory and the live promo ads of the active store and mode. */
export default function Overview() {
  const state = useTenant();
  const tenant = tenantOf(state);
  if (!tenant || !state.store) return null;
  const can = (permission: string) => state.permissions === null || state.permissions.has(permission);
  const zone = state.store.timezone;
  return (
    <>
      <title>{`Overview · ${state.store.name} · Dashboard`}</title>
      <h1>Overview</h1>
      <Sales tenant={tenant} allowed={can('analytics:read')} />
      <div className="columns">
        <LowStockList tenant={tenant} allowed={can('inventory:read')} />
        <Inventory tenant={tenant} allowed={can('inventory:read')} />
      </div>
      <PromoAds tenant={tenant} allowed={can('promotions:read')} timeZone={zone} />
    </>
  );
}



function Sales({ tenant, allowed }: { tenant: Tenant; allowed: boolean }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period: Period = PERIODS.some((p) => p.value === raw) ? (raw as Period) : '7d';
  const selectId = useId();
  const summary = useQuery({
    queryKey: ['tenant', tenant.storeId, tenant.mode, 'summary', period],
    enabled: allowed,
    queryFn: ({ signal }) => api<SalesSummary>(`/v1/dashboard/overview/summary?period=${period}`, { tenant, signal }).then((r) => r.data),
  });
  const picker = (
    <div className="field">
      <label htmlFor={selectId}>Period</label>
      <select
        id={selectId}
        value={period}
        onChange={(e) =>
          setParams((prev) => {
            const next = new URLSearchParams(prev);
            next.set('period', e.target.value);
            return next;
          })
        }
      >
        {PERIODS.map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <Section title="Sales" actions={allowed ? picker : null}>
      {!allowed ? (
        <NotAllowed permission="analytics:read" />
      ) : summary.isPending ? (
        <Loading what="sales" />
      ) : summary.isError ? (
        <ErrorPanel error={summary.error} title="Sales could not be loaded." onRetry={() => summary.refetch()} />
      ) : (
        <SalesBody data={summary.data} />
      )}
    </Section>
  );
}

function SalesBody({ data }: { data: SalesSummary }) {
  const { period, previous, currency } = data;
  const range = period.from === period.to ? formatLocalDate(period.from) : `${formatLocalDate(period.from)} – ${formatLocalDate(period.to)}`;
  const figures: { label: string; value: string; key: keyof Figures }[] = [
    { label: 'Sales', value: formatMoney(period.salesTotal, currency), key: 'salesTotal' },
    { label: 'Orders', value: formatNumber(period.orderCount), key: 'orderCount' },
    { label: 'Average order value', value: formatMoney(period.averageOrderValue, currency), key: 'averageOrderValue' },
    { label: 'New customers', value: formatNumber(period.newCustomers), key: 'newCustomers' },
  ];
  return (
    <>
      <p className="muted">
        {range} ({data.timeZone}), compared with {formatLocalDate(previous.from)} – {formatLocalDate(previous.to)}.
      </p>
      <dl className="figures" data-testid="summary">
        {figures.map((f) => (
          <div key={f.key} className="figure">
            <dt>{f.label}</dt>
            <dd>
              <span className="figure-value">{f.value}</span>
              <Change now={period[f.key] as number} before={previous[f.key] as number} />
            </dd>
          </div>
        ))}
      </dl>
      {period.salesTax > 0 ? (
        <p className="muted" data-testid="summary-tax">
          Sales include {formatMoney(period.salesTax, currency)} of tax: {formatMoney(period.salesNet, currency)} net of tax.
        </p>
      ) : null}
      {period.orderCount === 0 ? <p className="empty">No paid orders in this period yet. Orders placed and paid on your storefront or by your other systems show here.</p> : null}
      <SalesChart series={data.series} currency={currency} caption={`Daily sales, ${range}`} />
    </>
  );
}

function Change({ now, before }: { now: number; before: number }) {
  if (before === 0) return <span className="change">{now === 0 ? 'no change from the previous period' : 'none in the previous period'}</span>;
  const ratio = (now - before) / before;
  return <span className={`change ${ratio > 0 ? 'up' : ratio < 0 ? 'down' : ''}`}>{formatPercent(ratio)} from the previous period</span>;
}

/** A low-stock SKU as a merchant names it: product, then group, code and options. */
function skuLabelOf(s: LowStockSku): string {
  const rest = [s.groupName, s.sku, ...Object.entries(s.attributes).map(([k, v]) => `${k}: ${v}`)].filter(Boolean).join(', ');
  return rest ? `${s.productName} (${rest})` : s.productName;
}

function LowStockList({ tenant, allowed }: { tenant: Tenant; allowed: boolean }) {
  const search = useTenantSearch();
  const query = useQuery({
    queryKey: lowStockKey(tenant),
    enabled: allowed,
    queryFn: ({ signal, queryKey }) => api<LowStock>(`/v1/dashboard/overview/low-stock?limit=${LOW_STOCK_LIMIT}`, { tenant, signal, fresh: readPastCache(queryKey) }),
  });
  return (
    <Section title="Low stock">
      {!allowed ? (
        <NotAllowed permission="inventory:read" />
      ) : query.isPending ? (
        <Loading what="low-stock SKUs" />
      ) : query.isError ? (
        <ErrorPanel error={query.error} title="Low-stock SKUs could not be loaded." onRetry={() => query.refetch()} />
      ) : query.data.data.skus.length === 0 ? (
        <p className="empty">
          Nothing to restock: every SKU has more than {formatNumber(query.data.data.lowStockThreshold)} units. SKUs at or below that threshold will show here.
        </p>
      ) : (
        <>
          <p className="muted">SKUs with {formatNumber(query.data.data.lowStockThreshold)} units or fewer, out of stock first.</p>
          <ul className="rows">
            {query.data.data.skus.map((s) => (
              <li key={s.skuId} className="row">
                <span>
                  <Link className="row-title" to={{ pathname: '/inventory', search: `${search ? `${search}&` : '?'}sku=${encodeURIComponent(s.skuId)}` }} aria-label={`Restock ${skuLabelOf(s)}`}>
                    {s.productName}
                  </Link>
                  <span className="muted">
                    {[s.groupName, s.sku, ...Object.entries(s.attributes).map(([k, v]) => `${k}: ${v}`)].filter(Boolean).join(' · ')}
                  </span>
                </span>
                <span className={s.quantityInStock === 0 ? 'badge badge-out' : 'badge badge-low'}>
                  {s.quantityInStock === 0 ? 'Out of stock' : `${formatNumber(s.quantityInStock)} left`}
                </span>
              </li>
            ))}
          </ul>
          {query.data.pagination?.hasMore ? <p className="muted">More SKUs are low than the {LOW_STOCK_LIMIT} shown here.</p> : null}
        </>
      )}
    </Section>
  );
}

function Inventory({ tenant, allowed }: { tenant: Tenant; allowed: boolean }) {
  const search = useTenantSearch();
  const query = useQuery({
    queryKey: stockTotalsKey(tenant),
    enabled: allowed,
    queryFn: ({ signal, queryKey }) => api<InventoryDashboard>('/v1/dashboard/inventory', { tenant, signal, fresh: readPastCache(queryKey) }).then((r) => r.data),
  });
  return (
    <Section title="Inventory">
      {!allowed ? (
        <NotAllowed permission="inventory:read" />
      ) : query.isPending ? (
        <Loading what="inventory" />
      ) : query.isError ? (
        <ErrorPanel error={query.error} title="Inventory could not be loaded." onRetry={() => query.refetch()} />
      ) : query.data.totals.skuCount === 0 ? (
        <p className="empty">
          No products in stock yet. <Link to={{ pathname: '/products/new', search }}>Add a product</Link>; its stock shows here.
        </p>
      ) : (
        <>
          <dl className="stats">
            <div>
              <dt>Units in stock</dt>
              <dd>{formatNumber(query.data.totals.unitsInStock)}</dd>
            </div>
            <div>
              <dt>Value in stock</dt>
              <dd>{formatMoney(query.data.totals.valueInStock, query.data.currency)}</dd>
            </div>
            <div>
              <dt>SKUs in stock</dt>
              <dd>{formatNumber(query.data.totals.inStock + query.data.totals.lowStock)}</dd>
            </div>
            <div>
              <dt>Low (≤ {formatNumber(query.data.lowStockThreshold)})</dt>
              <dd>{formatNumber(query.data.totals.lowStock)}</dd>
            </div>
            <div>
              <dt>Out of stock</dt>
              <dd>{formatNumber(query.data.totals.outOfStock)}</dd>
            </div>
          </dl>
          {query.data.categories.length > 0 ? (
            <div className="table-wrap">
              <table>
                <caption>By category</caption>
                <thead>
                  <tr>
                    <th scope="col">Category</th>
                    <th scope="col">Units</th>
                    <th scope="col">Low</th>
                    <th scope="col">Out</th>
                  </tr>
                </thead>
                <tbody>
                  {query.data.categories.map((c) => (
                    <tr key={c.categoryId ?? 'none'}>
                      <th scope="row">{c.categoryName ?? 'No category'}</th>
                      <td>{formatNumber(c.unitsInStock)}</td>
                      <td>{formatNumber(c.lowStock)}</td>
                      <td>{formatNumber(c.outOfStock)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      )}
    </Section>
  );
}

function PromoAds({ tenant, allowed, timeZone }: { tenant: Tenant; allowed: boolean; timeZone: string }) {
  const search = useTenantSearch();
  const query = useQuery({
    queryKey: publishedAdsKey(tenant.storeId, tenant.mode),
    enabled: allowed,
    queryFn: ({ signal, queryKey }) => api<PromoAd[]>('/v1/promo-ads/published', { tenant, signal, fresh: readPastCache(queryKey) }).then((r) => r.data),
  });
  return (
    <Section title="Promo ads live now">
      {!allowed ? (
        <NotAllowed permission="promotions:read" />
      ) : query.isPending ? (
        <Loading what="promo ads" />
      ) : query.isError ? (
        <ErrorPanel error={query.error} title="Promo ads could not be loaded." onRetry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="empty">
          No promo ad is live. <Link to={{ pathname: '/promo-ads/new', search }}>Create one</Link> and publish it; it shows here from its start time.
        </p>
      ) : (
        <ul className="rows">
          {query.data.map((ad) => (
            <li key={ad.id} className="row">
              <span>
                <span className="row-title">{ad.title}</span>
                {ad.body ? <span className="muted">{ad.body}</span> : null}
                <span className="muted">
                  {ad.placement ? `${ad.placement} · ` : 'Any placement · '}
                  from {formatTimestamp(ad.startsAt, timeZone)}
                  {ad.endsAt ? ` until ${formatTimestamp(ad.endsAt, timeZone)}` : ', no end date'}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
