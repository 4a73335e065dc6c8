import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { describeError, money, ok, type Product, type ShopClient, type Sku, unitPrice } from '../api.ts';
import { useCart } from '../cart.tsx';
import { ProductImage } from '../ProductImage.tsx';

/**
 * A product. A VARIABLE product is chosen in the interface's two levels: first a variant group (its attributeName and
 * attributeValue, e.g. Color: Red), then one of that group's SKUs (its attributes, e.g. Size: M), each with its own
 * price and stock. A SIMPLE product has one SKU.
 */
export function ProductPage({ api }: { api: ShopClient }) {
  const { productId = '' } = useParams();
  const { add } = useCart();
  const [product, setProduct] = useState<Product | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [skuId, setSkuId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    let current = true;
    ok(api.GET('/v2/products/{productId}', { params: { path: { productId } } }))
      .then(({ data }) => {
        if (!current) return;
        setProduct(data);
        const group = data.variantGroups.find((g) => g.skus.some((s) => s.quantityInStock > 0)) ?? data.variantGroups[0];
        setGroupId(group?.id ?? null);
        setSkuId(data.type === 'SIMPLE' ? data.skuId : null);
      })
      .catch((e: unknown) => current && setMissing(describeError(e).message));
    return () => {
      current = false;
    };
  }, [api, productId]);

  if (missing) {
    return (
      <>
        <h1>Product not found</h1>
        <p>{missing}</p>
        <p>
          <Link to="/">Back to the shop</Link>
        </p>
      </>
    );
  }
  if (!product) return <p role="status">Loading…</p>;

  const group = product.variantGroups.find((g) => g.id === groupId) ?? null;
  const sku: Pick<Sku, 'id' | 'price' | 'discount' | 'quantityInStock'> | null =
    product.type === 'SIMPLE'
      ? product.skuId
        ? { id: product.skuId, price: product.price ?? 0, discount: product.discount ?? 0, quantityInStock: product.quantityInStock ?? 0 }
        : null
      : (group?.skus.find((s) => s.id === skuId) ?? null);
  const groupName = product.variantGroups[0]?.attributeName ?? 'Option';

  async function addToCart(event: React.FormEvent) {
    event.preventDefault();
    setStatus('');
    setError(null);
    if (!sku) {
      setError(`Choose an option first.`);
      return;
    }
    const n = Number(quantity);
    if (!Number.isInteger(n) || n < 1) {
      setError('Quantity must be a whole number, 1 or more.');
      return;
    }
    setAdding(true);
    try {
      await add(sku.id, n);
      setStatus(`Added ${n} to your cart.`);
    } catch (e) {
      const { message, fields } = describeError(e);
      setError(fields.quantity ? `${message} (${fields.quantity})` : message);
    } finally {
      setAdding(false);
    }
  }

  return (
    <article className="product">
      <h1>{product.name}</h1>
      <ProductImage api={api} fileId={group?.image ?? product.imageFileIds[0]} alt={group ? `${product.name}, ${group.attributeValue}` : product.name} className="hero" />
      {product.description && <p>{product.description}</p>}
      <form onSubmit={addToCart} noValidate>
        {product.type === 'VARIABLE' && (
          <>
            <fieldset>
              <legend>{groupName}</legend>
              <div className="choices">
                {product.variantGroups.map((g) => (
                  <label key={g.id} className="choice">
                    <input
                      type="radio"
                      name="group"
                      value={g.id}
                      checked={g.id === groupId}
                      onChange={() => {
                        setGroupId(g.id);
                        setSkuId(null);
                        setStatus('');
                      }}
                    />
                    {g.attributeValue}
                  </label>
                ))}
              </div>
            </fieldset>
            {group && (
              <fieldset>
                <legend>{skuLegend(group.skus)}</legend>
                <div className="choices">
                  {group.skus.map((s) => (
                    <label key={s.id} className="choice">
                      <input type="radio" name="sku" value={s.id} checked={s.id === skuId} disabled={s.quantityInStock === 0} onChange={() => setSkuId(s.id)} />
                      {skuLabel(s)} · {money(unitPrice(s), product.currency)}
                      {s.quantityInStock === 0 ? ' · sold out' : ''}
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
          </>
        )}
        {sku && (
          <p className="price">
            {money(unitPrice(sku), product.currency)}
            {sku.discount > 0 && <span className="muted"> (was {money(sku.price, product.currency)})</span>}
            <span className="muted"> · {sku.quantityInStock > 0 ? `${sku.quantityInStock} in stock` : 'sold out'}</span>
          </p>
        )}
        <div className="field narrow">
          <label htmlFor="quantity">Quantity</label>
          <input id="quantity" type="number" inputMode="numeric" min={1} max={999} value={quantity} onChange={(e) => setQuantity(e.target.value)} />
        </div>
        <button type="submit" className="primary" disabled={adding || (sku !== null && sku.quantityInStock === 0)}>
          Add to cart
        </button>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <p role="status">
          {status}
          {status && (
            <>
              {' '}
              <Link to="/cart">View your cart</Link>
            </>
          )}
        </p>
      </form>
    </article>
  );
}

/** The second level's name: the SKUs' attribute names (e.g. Size), or "Option". */
function skuLegend(skus: Sku[]): string {
  const names = [...new Set(skus.flatMap((s) => Object.keys(s.attributes)))];
  return names.length > 0 ? names.join(' and ') : 'Option';
}

function skuLabel(sku: Sku): string {
  const values = Object.values(sku.attributes);
  return values.length > 0 ? values.join(' / ') : (sku.sku ?? 'Standard');
}
