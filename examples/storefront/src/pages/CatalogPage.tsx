import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { describeError, money, ok, type Product, type ShopClient } from '../api.ts';
import { ProductImage } from '../ProductImage.tsx';

const PAGE = 12;

/** The catalog: active products, newest first, or those whose name or SKU code matches the search (`?q=`). */
export function CatalogPage({ api }: { api: ShopClient }) {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() || undefined;
  const [products, setProducts] = useState<Product[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    let current = true;
    setProducts(null);
    setError(null);
    ok(api.GET('/v2/products', { params: { query: { limit: PAGE, q, sort: '-createdAt' } } }))
      .then((page) => {
        if (!current) return;
        setProducts(page.data);
        setNext(page.pagination.nextCursor);
      })
      .catch((e: unknown) => current && setError(describeError(e).message));
    return () => {
      current = false;
    };
  }, [api, q]);

  async function more() {
    if (!next) return;
    setLoadingMore(true);
    try {
      const page = await ok(api.GET('/v2/products', { params: { query: { limit: PAGE, q, sort: '-createdAt', cursor: next } } }));
      setProducts((shown) => [...(shown ?? []), ...page.data]);
      setNext(page.pagination.nextCursor);
    } catch (e) {
      setError(describeError(e).message);
    } finally {
      setLoadingMore(false);
    }
  }

  return (
    <>
      <h1>{q ? `Results for “${q}”` : 'All products'}</h1>
      {error && <p role="alert">{error}</p>}
      <p role="status" className="visually-hidden">
        {products === null ? 'Loading products' : `${products.length} ${products.length === 1 ? 'product' : 'products'} shown`}
      </p>
      {products?.length === 0 && <p>{q ? 'Nothing matches your search. Try another word.' : 'There is nothing for sale yet.'}</p>}
      {products && products.length > 0 && (
        <ul className="products">
          {products.map((product) => (
            <li key={product.id} className="card">
              <ProductImage api={api} fileId={product.imageFileIds[0] ?? product.variantGroups.find((g) => g.image)?.image} alt="" className="thumb" />
              <h2>
                <Link to={`/products/${product.id}`}>{product.name}</Link>
              </h2>
              <p className="price">{priceOf(product)}</p>
              {product.totalStock === 0 && <p className="muted">Sold out</p>}
            </li>
          ))}
        </ul>
      )}
      {next && (
        <button type="button" onClick={more} disabled={loadingMore}>
          {loadingMore ? 'Loading…' : 'Show more products'}
        </button>
      )}
    </>
  );
}

function priceOf(product: Product): string {
  if (product.type === 'SIMPLE' && product.price !== null) return money(product.price * (100 - (product.discount ?? 0)) / 100, product.currency);
  if (!product.priceRange) return '';
  const { min, max } = product.priceRange;
  return min === max ? money(min, product.currency) : `From ${money(min, product.currency)}`;
}
