import { type ReactNode, useEffect, useRef } from 'react';
import { BrowserRouter, Link, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ShopClient, StorefrontConfig } from './api.ts';
import { CartProvider, useCart } from './cart.tsx';
import { CartPage } from './pages/CartPage.tsx';
import { CatalogPage } from './pages/CatalogPage.tsx';
import { CheckoutPage } from './pages/CheckoutPage.tsx';
import { ConfirmationPage } from './pages/ConfirmationPage.tsx';
import { ProductPage } from './pages/ProductPage.tsx';

export function App({ config, api }: { config: StorefrontConfig; api: ShopClient }) {
  return (
    <BrowserRouter>
      <CartProvider api={api}>
        <Layout storeName={config.storeName ?? 'Shop'}>
          <Routes>
            <Route path="/" element={<CatalogPage api={api} />} />
            <Route path="/products/:productId" element={<ProductPage api={api} />} />
            <Route path="/cart" element={<CartPage />} />
            <Route path="/checkout" element={<CheckoutPage api={api} config={config} />} />
            <Route path="/confirmation" element={<ConfirmationPage />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Layout>
      </CartProvider>
    </BrowserRouter>
  );
}

function Layout({ storeName, children }: { storeName: string; children: ReactNode }) {
  const { count } = useCart();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  // A new page moves the focus to its main region, so a keyboard or screen reader user starts there (not in the old
  // page's header link), as a full page load would.
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: it runs when the page (the path) changes, by design
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
  }, [location.pathname]);
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="site">
        <Link to="/" className="brand">
          {storeName}
        </Link>
        <search className="search">
        <form
          className="search-form"
          onSubmit={(event) => {
            event.preventDefault();
            const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
            navigate(q ? `/?q=${encodeURIComponent(q)}` : '/');
          }}
        >
          <label htmlFor="search-q" className="visually-hidden">
            Search products
          </label>
          <input id="search-q" name="q" type="search" defaultValue={location.pathname === '/' ? (params.get('q') ?? '') : ''} key={params.get('q') ?? ''} placeholder="Search" />
          <button type="submit">Search</button>
        </form>
        </search>
        <Link to="/cart" className="cart-link">
          Cart <span className="badge">{count}</span>
          <span className="visually-hidden"> {count === 1 ? 'item' : 'items'}</span>
        </Link>
      </header>
      <main id="main" ref={main} tabIndex={-1}>
        {children}
      </main>
      <footer className="site">
        <p>Prices include the store's discounts. Tax and delivery are shown in the cart.</p>
      </footer>
    </>
  );
}

function NotFound() {
  return (
    <>
      <h1>Page not found</h1>
      <p>
        <Link to="/">Back to the shop</Link>
      </p>
    </>
  );
}
