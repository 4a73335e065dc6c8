import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { BrowserRouter, Navigate, NavLink, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api, type Mode } from './api/client.ts';
import { ApiError } from './api/errors.ts';
import { dropToken, getToken, heldToken } from './api/session.ts';
import { call, type Schemas } from './api/wire.ts';
import { useFocusOnArrival } from './arrival-focus.ts';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { ErrorPanel, Loading } from './components/ErrorPanel.tsx';
import { NotFound } from './pages/NotFound.tsx';
import { StorePicker } from './pages/StorePicker.tsx';
import { keepTenant, remembered, rememberStore, TenantContext, type TenantState } from './tenant.tsx';

type EffectivePermissions = Schemas['EffectivePermissions'];
type StoreSummary = Schemas['StoreSummary'];

const Overview = lazy(() => import('./pages/Overview.tsx'));
const ApiKeys = lazy(() => import('./pages/ApiKeys.tsx'));
const AuditLog = lazy(() => import('./pages/AuditLog.tsx'));
const Team = lazy(() => import('./pages/Team.tsx'));
const Orders = lazy(() => import('./pages/Orders.tsx'));
const OrderDetail = lazy(() => import('./pages/OrderDetail.tsx'));
const PaymentLinkPage = lazy(() => import('./pages/PaymentLinkPage.tsx'));
const OrderNew = lazy(() => import('./pages/OrderNew.tsx'));
const AbandonedCheckouts = lazy(() => import('./pages/AbandonedCheckouts.tsx'));
const Inventory = lazy(() => import('./pages/Inventory.tsx'));
const Locations = lazy(() => import('./pages/Locations.tsx'));
const LocationDetail = lazy(() => import('./pages/LocationDetail.tsx'));
const Customers = lazy(() => import('./pages/Customers.tsx'));
const CustomerDetail = lazy(() => import('./pages/CustomerDetail.tsx'));
const Reviews = lazy(() => import('./pages/Reviews.tsx'));
const Settings = lazy(() => import('./pages/Settings.tsx'));
const Emails = lazy(() => import('./pages/Emails.tsx'));
const ConnectedApps = lazy(() => import('./pages/ConnectedApps.tsx'));
const AcceptInvitation = lazy(() => import('./pages/AcceptInvitation.tsx'));
const Products = lazy(() => import('./pages/Products.tsx'));
const ProductNew = lazy(() => import('./pages/ProductNew.tsx'));
const ProductDetail = lazy(() => import('./pages/ProductDetail.tsx'));
const Categories = lazy(() => import('./pages/Categories.tsx'));
const Promotions = lazy(() => import('./pages/Promotions.tsx'));
const PromotionEditor = lazy(() => import('./pages/PromotionEditor.tsx'));
const PromoAds = lazy(() => import('./pages/PromoAds.tsx'));
const PromoAdEditor = lazy(() => import('./pages/PromoAdEditor.tsx'));
const Delivery = lazy(() => import('./pages/Delivery.tsx'));
const Taxes = lazy(() => import('./pages/Taxes.tsx'));
const Payments = lazy(() => import('./pages/Payments.tsx'));
const Webhooks = lazy(() => import('./pages/Webhooks.tsx'));
const WebhookEndpoint = lazy(() => import('./pages/WebhookEndpoint.tsx'));

/**
 * The sections of the dashboard, in the navigation. Each shows only with its read permission, and `also` when it
 * needs a second one (the API checks again).
 */
const SECTIONS: { label: string; permission: string; also?: string; path: string }[] = [
  { label: 'Products', permission: 'products:read', path: '/products' },
  { label: 'Inventory', permission: 'inventory:read', path: '/inventory' },
  { label: 'Locations', permission: 'inventory:read', path: '/locations' },
  { label: 'Orders', permission: 'orders:read', path: '/orders' },
  { label: 'Abandoned checkouts', permission: 'orders:read', also: 'customers:read', path: '/abandoned-checkouts' },
  { label: 'Customers', permission: 'customers:read', path: '/customers' },
  { label: 'Reviews', permission: 'reviews:read', path: '/reviews' },
  { label: 'Promotions', permission: 'promotions:read', path: '/promotions' },
  { label: 'Promo ads', permission: 'promotions:read', path: '/promo-ads' },
  { label: 'Delivery', permission: 'delivery:read', path: '/delivery' },
  { label: 'Taxes', permission: 'settings:read', path: '/taxes' },
  { label: 'Payments', permission: 'payments:read', path: '/payments' },
  { label: 'Settings', permission: 'settings:read', path: '/settings' },
  { label: 'Emails', permission: 'settings:read', path: '/emails' },
  { label: 'Team', permission: 'settings:read', path: '/team' },
  { label: 'API keys', permission: 'settings:write', path: '/api-keys' },
  { label: 'Webhooks', permission: 'settings:read', path: '/webhooks' },
  { label: 'Connected apps', permission: 'settings:read', path: '/connected-apps' },
  { label: 'Audit log', permission: 'settings:read', path: '/audit-log' },
];

export function App() {
  return (
    <BrowserRouter basename="/dashboard">
      <Shell />
    </BrowserRouter>
  );
}

/**
 * Where a switch of store or mode lands: the same section, without what belongs to the store and mode left behind — a
 * detail page's id (`/orders/ord_…` → `/orders`) and the filters naming one of their records (`?customerId=`) — so
 * the new store's page shows instead of a refusal about the old store's record. A new-record form stays.
 */
export function switchedPath(pathname: string): string {
  const [section, rest] = pathname.replace(/^\/+/, '').split('/');
  if (!section || section === 'invitations') return pathname;
  return rest === undefined || rest === '' || rest === 'new' ? pathname : `/${section}`;
}

/** Filters that name one record of a store and mode (a customer, a product, a category, a member, a SKU): dropped on a switch. */
const RECORD_FILTERS = ['customerId', 'productId', 'categoryId', 'userId', 'sku', 'cursor'] as const;

function Shell() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  useFocusOnArrival(location.pathname);
  // On a narrow screen the store and mode switches and the sections fold behind one Menu button (styles.css); a
  // choice made there, or Escape, folds them again.
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const where = `${location.pathname}${location.search}`;
  const [menuAt, setMenuAt] = useState(where);
  if (menuAt !== where) {
    setMenuAt(where);
    setMenuOpen(false);
  }
  useEffect(() => {
    if (!menuOpen) return;
    const close = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', close);
    return () => document.removeEventListener('keydown', close);
  }, [menuOpen]);
  const stores = useQuery({ queryKey: ['user', 'stores'], queryFn: ({ signal }) => api<StoreSummary[]>('/v1/stores', { signal }).then((r) => r.data) });
  const profile = useQuery({ queryKey: ['user', 'profile'], queryFn: ({ signal }) => call('get', '/v1/merchants/profile', { signal }).then((r) => r.data) });

  const list = stores.data ?? [];
  const wantedStore = params.get('store') ?? remembered.storeId;
  const store = list.find((s) => s.id === wantedStore) ?? (list.length === 1 ? (list[0] ?? null) : null);
  const modeParam = params.get('mode');
  const mode: Mode = modeParam === 'test' || modeParam === 'live' ? modeParam : remembered.mode;
  remembered.mode = mode;
  useEffect(() => {
    if (store) rememberStore(store.id);
  }, [store]);

  const permissions = useQuery({
    queryKey: ['tenant', store?.id, mode, 'permissions'],
    enabled: store !== null,
    queryFn: ({ signal }) => api<EffectivePermissions>('/v1/users/me/permissions', { tenant: { storeId: store!.id, mode }, signal }).then((r) => r.data),
  });

  const setParam = useCallback(
    (name: string, value: string | null) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value === null) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );

  const tenant: TenantState = useMemo(
    () => ({
      stores: list,
      store,
      mode,
      permissions: permissions.data ? new Set(permissions.data.permissions) : null,
      chooseStore: (id: string) => {
        rememberStore(id);
        setParam('store', id);
      },
    }),
    [list, store, mode, permissions.data, setParam],
  );

  /**
   * The header's store and mode switches: the new store or mode in the same section (`switchedPath`); a list keeps
   * its filters except those naming a record of the store and mode left (`RECORD_FILTERS`).
   */
  const switchTenant = (next: { store?: string; mode?: Mode }) => {
    const pathname = switchedPath(location.pathname);
    const search = pathname === location.pathname ? new URLSearchParams(params) : new URLSearchParams();
    for (const name of RECORD_FILTERS) search.delete(name);
    const storeId = next.store ?? store?.id;
    if (storeId) search.set('store', storeId);
    const nextMode = next.mode ?? mode;
    if (nextMode === 'test') search.set('mode', 'test');
    else search.delete('mode');
    if (storeId) rememberStore(storeId);
    remembered.mode = nextMode;
    navigate({ pathname, search: search.size > 0 ? `?${search}` : '' });
  };

  return (
    <TenantContext value={tenant}>
      <div className="app" data-menu={menuOpen ? 'open' : 'closed'}>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <header className="app-header">
          {mode === 'test' ? (
            <div className="test-banner" role="status" data-testid="test-mode-banner">
              <strong>Test mode.</strong> You are looking at this store’s test data: nothing here is real, and live customers do not see it.
            </div>
          ) : null}
          <div className="header-bar">
            <p className="brand">
              <span className="brand-product">Dashboard</span>
              <span className="brand-store" data-testid="store-name">
                {store ? store.name : stores.isPending ? 'Loading store…' : 'No store chosen'}
              </span>
            </p>
            <button
              ref={menuButton}
              type="button"
              className="button menu-button"
              aria-expanded={menuOpen}
              aria-controls="app-menu-controls app-menu-sections"
              onClick={() => setMenuOpen(!menuOpen)}
            >
              {menuOpen ? 'Close menu' : 'Menu'}
            </button>
            <div className="header-controls" id="app-menu-controls">
              {list.length > 1 ? (
                <label className="field">
                  <span>Store</span>
                  <select value={store?.id ?? ''} onChange={(e) => switchTenant({ store: e.target.value })}>
                    {store ? null : (
                      <option value="" disabled>
                        Choose a store
                      </option>
                    )}
                    {list.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
              <label className="field">
                <span>Mode</span>
                <select
                  value={mode}
                  onChange={(e) => switchTenant({ mode: e.target.value === 'test' ? 'test' : 'live' })}
                >
                  <option value="live">Live</option>
                  <option value="test">Test</option>
                </select>
              </label>
              <span className="user-email" data-testid="user-email">
                {profile.data?.email ?? ''}
              </span>
              <SignOutButton />
            </div>
          </div>
        </header>
        <div className="layout">
          <nav className="app-nav" aria-label="Sections" id="app-menu-sections">
            <ul>
              <li>
                <NavLink to={{ pathname: '/', search: keepTenant(params) }} end>
                  Overview
                </NavLink>
              </li>
              {list.length > 1 ? (
                <li>
                  <NavLink to={{ pathname: '/stores', search: keepTenant(params) }}>Stores</NavLink>
                </li>
              ) : null}
              {tenant.permissions
                ? SECTIONS.filter((s) => tenant.permissions?.has(s.permission) && (s.also === undefined || tenant.permissions.has(s.also))).map((s) => (
                    <li key={s.label}>
                      <NavLink to={{ pathname: s.path, search: keepTenant(params) }}>{s.label}</NavLink>
                    </li>
                  ))
                : null}
            </ul>
          </nav>
          <main id="main" tabIndex={-1}>
            {stores.isError ? (
              <ErrorPanel error={stores.error} title="Your stores could not be loaded." onRetry={() => stores.refetch()} />
            ) : stores.isPending ? (
              <Loading what="your stores" />
            ) : (
              <ErrorBoundary resetKey={location.pathname + location.search}>
              <Routes>
                <Route index element={store ? <Suspense fallback={<Loading what="the overview" />}><Overview /></Suspense> : <ChooseFirst />} />
                <Route path="stores" element={<StorePicker />} />
                <Route path="api-keys" element={store ? <Suspense fallback={<Loading what="API keys" />}><ApiKeys /></Suspense> : <ChooseFirst />} />
                <Route path="team" element={store ? <Suspense fallback={<Loading what="the team" />}><Team /></Suspense> : <ChooseFirst />} />
                <Route path="orders" element={store ? <Suspense fallback={<Loading what="orders" />}><Orders /></Suspense> : <ChooseFirst />} />
                <Route path="orders/new" element={store ? <Suspense fallback={<Loading what="the form" />}><OrderNew /></Suspense> : <ChooseFirst />} />
                <Route path="orders/:orderId" element={store ? <Suspense fallback={<Loading what="the order" />}><OrderDetail /></Suspense> : <ChooseFirst />} />
                <Route path="abandoned-checkouts" element={store ? <Suspense fallback={<Loading what="abandoned checkouts" />}><AbandonedCheckouts /></Suspense> : <ChooseFirst />} />
                <Route path="inventory" element={store ? <Suspense fallback={<Loading what="inventory" />}><Inventory /></Suspense> : <ChooseFirst />} />
                <Route path="locations" element={store ? <Suspense fallback={<Loading what="locations" />}><Locations /></Suspense> : <ChooseFirst />} />
                <Route path="locations/:locationId" element={store ? <Suspense fallback={<Loading what="the location" />}><LocationDetail /></Suspense> : <ChooseFirst />} />
                <Route path="customers" element={store ? <Suspense fallback={<Loading what="customers" />}><Customers /></Suspense> : <ChooseFirst />} />
                <Route path="customers/:customerId" element={store ? <Suspense fallback={<Loading what="the customer" />}><CustomerDetail /></Suspense> : <ChooseFirst />} />
                <Route path="reviews" element={store ? <Suspense fallback={<Loading what="reviews" />}><Reviews /></Suspense> : <ChooseFirst />} />
                <Route path="products" element={store ? <Suspense fallback={<Loading what="products" />}><Products /></Suspense> : <ChooseFirst />} />
                <Route path="products/new" element={store ? <Suspense fallback={<Loading what="the form" />}><ProductNew /></Suspense> : <ChooseFirst />} />
                <Route path="products/:productId" element={store ? <Suspense fallback={<Loading what="the product" />}><ProductDetail /></Suspense> : <ChooseFirst />} />
                <Route path="categories" element={store ? <Suspense fallback={<Loading what="categories" />}><Categories /></Suspense> : <ChooseFirst />} />
                <Route path="promotions" element={store ? <Suspense fallback={<Loading what="promotions" />}><Promotions /></Suspense> : <ChooseFirst />} />
                <Route path="promotions/new" element={store ? <Suspense fallback={<Loading what="the form" />}><PromotionEditor /></Suspense> : <ChooseFirst />} />
                <Route path="promotions/:promotionId" element={store ? <Suspense fallback={<Loading what="the promotion" />}><PromotionEditor /></Suspense> : <ChooseFirst />} />
                <Route path="promo-ads" element={store ? <Suspense fallback={<Loading what="promo ads" />}><PromoAds /></Suspense> : <ChooseFirst />} />
                <Route path="promo-ads/new" element={store ? <Suspense fallback={<Loading what="the form" />}><PromoAdEditor /></Suspense> : <ChooseFirst />} />
                <Route path="promo-ads/:adId" element={store ? <Suspense fallback={<Loading what="the promo ad" />}><PromoAdEditor /></Suspense> : <ChooseFirst />} />
                <Route path="delivery" element={store ? <Suspense fallback={<Loading what="delivery" />}><Delivery /></Suspense> : <ChooseFirst />} />
                <Route path="taxes" element={store ? <Suspense fallback={<Loading what="taxes" />}><Taxes /></Suspense> : <ChooseFirst />} />
                <Route path="payments" element={store ? <Suspense fallback={<Loading what="payments" />}><Payments /></Suspense> : <ChooseFirst />} />
                <Route path="payments/links/:linkId" element={store ? <Suspense fallback={<Loading what="the payment link" />}><PaymentLinkPage /></Suspense> : <ChooseFirst />} />
                <Route path="webhooks" element={store ? <Suspense fallback={<Loading what="webhooks" />}><Webhooks /></Suspense> : <ChooseFirst />} />
                <Route path="webhooks/:endpointId" element={store ? <Suspense fallback={<Loading what="the webhook endpoint" />}><WebhookEndpoint /></Suspense> : <ChooseFirst />} />
                <Route path="audit-log" element={store ? <Suspense fallback={<Loading what="the audit log" />}><AuditLog /></Suspense> : <ChooseFirst />} />
                <Route path="settings" element={store ? <Suspense fallback={<Loading what="settings" />}><Settings /></Suspense> : <ChooseFirst />} />
                <Route path="emails" element={store ? <Suspense fallback={<Loading what="emails" />}><Emails /></Suspense> : <ChooseFirst />} />
                {/* User-level pages: every store of the merchant, or none yet; no store needs choosing. */}
                <Route path="connected-apps" element={<Suspense fallback={<Loading what="connected apps" />}><ConnectedApps /></Suspense>} />
                <Route path="invitations/accept" element={<Suspense fallback={<Loading what="the invitation" />}><AcceptInvitation /></Suspense>} />
                <Route path="*" element={<NotFound />} />
              </Routes>
              </ErrorBoundary>
            )}
            {profile.isError ? <ErrorPanel error={profile.error} title="Your profile could not be loaded." onRetry={() => profile.refetch()} /> : null}
          </main>
        </div>
      </div>
    </TenantContext>
  );
}

function ChooseFirst() {
  const location = useLocation();
  return <Navigate to={{ pathname: '/stores', search: location.search }} replace />;
}

function SignOutButton() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const signOut = async () => {
    setBusy(true);
    setError(null);
    try {
      const token = heldToken() ?? (await getToken());
      const response = await fetch('/v1/auth/logout', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}`, 'X-Service-Client': 'dashboard' },
      });
      // 401: the session had already ended, which is what signing out wants.
      if (!response.ok && response.status !== 401) throw await ApiError.fromResponse(response);
    } catch (e) {
      if (!(e instanceof ApiError)) {
        setError(e instanceof TypeError ? ApiError.network(e) : e);
      } else {
        setError(e);
      }
      setBusy(false);
      return;
    }
    dropToken();
    queryClient.clear();
    window.location.assign('/login');
  };

  return (
    <>
      <button type="button" className="button" onClick={signOut} disabled={busy}>
        Sign out
      </button>
      {error ? (
        <div className="header-error">
          <ErrorPanel error={error} title="Signing out failed." onRetry={signOut} />
        </div>
      ) : null}
    </>
  );
}
