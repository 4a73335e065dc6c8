import { useInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api } from '../api/client.ts';
import type { DataOf, Schemas } from '../api/wire.ts';
import { Loading } from '../components/ErrorPanel.tsx';
import { ListStates } from '../components/ListStates.tsx';
import { LoadMore } from '../components/LoadMore.tsx';
import { NotAllowed, Section } from '../components/Section.tsx';
import { formatTimestamp } from '../format.ts';
import { adState, promoAdsKey } from '../selling/promo-ads.ts';
import { PROMOTIONS_READ, PROMOTIONS_WRITE } from '../selling/promotions.ts';
import { keepTenant, tenantOf, useTenant } from '../tenant.tsx';

type PromoAdRecord = DataOf<'/v1/promo-ads', 'post'>;
type PromoAdStatus = Schemas['PromoAd']['status'];

const PAGE = 20;
const STATUSES: { value: PromoAdStatus; label: string }[] = [
  { value: 'draft', label: 'Drafts' },
  { value: 'published', label: 'Published' },
];

/** The promo ads (its own chunk): newest first, filtered by status and placement (kept in the URL), 20 at a time. */
export default function PromoAds() {
  const state = useTenant();
  const tenant = tenantOf(state);
  const [params, setParams] = useSearchParams();
  const statusId = useId();
  const placementId = useId();
  const wanted = params.get('status');
  const status = wanted === 'draft' || wanted === 'published' ? wanted : null;
  const placement = params.get('placement')?.trim() || null;
  const [placementText, setPlacementText] = useState(placement ?? '');
  const allowed = state.permissions?.has(PROMOTIONS_READ) ?? false;
  const canWrite = state.permissions?.has(PROMOTIONS_WRITE) ?? false;
  const query = useInfiniteQuery({
    queryKey: [...promoAdsKey(tenant?.storeId ?? '', tenant?.mode ?? 'live'), 'list', { status, placement }],
    enabled: tenant !== null && allowed,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const q = new URLSearchParams({ limit: String(PAGE) });
      if (status) q.set('status', status);
      if (placement) q.set('placement', placement);
      if (pageParam) q.set('cursor', pageParam);
      return api<PromoAdRecord[]>(`/v1/promo-ads?${q}`, { tenant: tenant!, signal });
    },
    getNextPageParam: (last) => last.pagination?.nextCursor ?? null,
  });
  if (!tenant || !state.store) return null;
  const zone = state.store.timezone;
  const search = keepTenant(params);
  const ads = query.data?.pages.flatMap((p) => p.data) ?? [];
  const setFilter = (name: string, value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });
  const filterPlacement = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setFilter('placement', placementText.trim() || null);
  };
  const filtered = status !== null || placement !== null;
  return (
    <>
      <title>{`Promo ads · ${state.store.name} · Dashboard`}</title>
      <h1>Promo ads</h1>
      <p className="muted">Banners and announcements your storefront shows. An ad is live while it is published and between its start and end.</p>
      <Section
        title={`Promo ads in ${tenant.mode === 'test' ? 'test' : 'live'} mode, newest first`}
        actions={
          allowed && canWrite ? (
            <Link className="button button-primary" to={{ pathname: '/promo-ads/new', search }}>
              New promo ad
            </Link>
          ) : null
        }
      >
        {state.permissions === null ? (
          <Loading what="your permissions" />
        ) : !allowed ? (
          <NotAllowed permission={PROMOTIONS_READ} />
        ) : (
          <>
            <div className="filters">
              <div className="field">
                <label htmlFor={statusId}>Status</label>
                <select id={statusId} value={status ?? ''} onChange={(e) => setFilter('status', e.target.value || null)}>
                  <option value="">All</option>
                  {STATUSES.map((s) => (
                    <option key={s.value} value={s.value}>
                      {s.label}
                    </option>
                  ))}
                </select>
              </div>
              <form className="field" onSubmit={filterPlacement}>
                <label htmlFor={placementId}>Placement</label>
                <input id={placementId} type="search" name="placement" placeholder="e.g. home-hero" value={placementText} onChange={(e) => setPlacementText(e.target.value)} />
                <button type="submit" className="button">
                  Filter
                </button>
              </form>
            </div>
            <ListStates query={query} items={ads} what="promo ads" failed="The promo ads could not be loaded." empty={<p className="empty">
                {filtered
                  ? 'No promo ads match these filters. Choose “All” or clear the placement to see every ad.'
                  : canWrite
                    ? 'No promo ads yet. Create one with “New promo ad”: a title, an optional image and link, and when it shows.'
                    : 'No promo ads yet. A store owner or admin can create them.'}
              </p>}>
              
                <div className="table-wrap">
                  <table className="text-table selling-table">
                    <caption className="visually-hidden">Promo ads</caption>
                    <thead>
                      <tr>
                        <th scope="col">Title</th>
                        <th scope="col">Placement</th>
                        <th scope="col">Shows ({zone})</th>
                        <th scope="col">Status</th>
                      </tr>
                    </thead>
                    <tbody>
                      {ads.map((ad) => (
                        <tr key={ad.id} data-testid="promo-ad-row">
                          <th scope="row">
                            <Link to={{ pathname: `/promo-ads/${encodeURIComponent(ad.id)}`, search }}>{ad.title}</Link>
                          </th>
                          <td data-label="Placement">{ad.placement ? <code>{ad.placement}</code> : 'Anywhere'}</td>
                          <td data-label="Shows">
                            from {formatTimestamp(ad.startsAt, zone)}
                            {ad.endsAt ? ` until ${formatTimestamp(ad.endsAt, zone)}` : ', no end'}
                          </td>
                          <td data-label="Status">{adState(ad)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <LoadMore query={query} failed="More promo ads could not be loaded." />
              
            </ListStates>
          </>
        )}
      </Section>
    </>
  );
}
