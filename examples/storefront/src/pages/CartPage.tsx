import { useState } from 'react';
import { Link } from 'react-router';
import { type CartLine, describeError, money } from '../api.ts';
import { useCart } from '../cart.tsx';
import { Problems, Totals } from '../Totals.tsx';

export function CartPage() {
  const { cart, loading, setQuantity, remove } = useCart();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  if (loading) return <p role="status">Loading your cart…</p>;
  if (!cart || cart.lines.length === 0) {
    return (
      <>
        <h1>Your cart</h1>
        <p>Your cart is empty.</p>
        <p>
          <Link to="/">Continue shopping</Link>
        </p>
      </>
    );
  }

  async function run(what: () => Promise<unknown>, done: string) {
    setError(null);
    setStatus('');
    try {
      await what();
      setStatus(done);
    } catch (e) {
      setError(describeError(e).message);
    }
  }

  return (
    <>
      <h1>Your cart</h1>
      <Problems cart={cart} />
      <ul className="lines">
        {cart.lines.map((line) => (
          <Line key={line.id} line={line} currency={cart.currency} onQuantity={(n) => run(() => setQuantity(line.id, n), `${line.productName ?? 'Item'}: quantity ${n}.`)} onRemove={() => run(() => remove(line.id), `${line.productName ?? 'Item'} removed.`)} />
        ))}
      </ul>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <p role="status">{status}</p>
      <Totals cart={cart} />
      <p className="actions">
        <Link to="/" className="button">
          Continue shopping
        </Link>
        <Link to="/checkout" className="button primary">
          Check out
        </Link>
      </p>
    </>
  );
}

function Line({ line, currency, onQuantity, onRemove }: { line: CartLine; currency: string; onQuantity(n: number): void; onRemove(): void }) {
  const [quantity, setQuantityText] = useState(String(line.quantity));
  const name = line.productName ?? 'No longer sold';
  const options = Object.entries(line.attributes)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
  const id = `qty-${line.id}`;
  return (
    <li className="line">
      <div>
        <p className="name">{line.productId ? <Link to={`/products/${line.productId}`}>{name}</Link> : name}</p>
        {options && <p className="muted">{options}</p>}
        <p className="muted">{money(line.unitPrice, currency)} each{line.discount > 0 ? `, ${line.discount}% off` : ''}</p>
      </div>
      <form
        className="line-edit"
        onSubmit={(event) => {
          event.preventDefault();
          const n = Number(quantity);
          if (Number.isInteger(n) && n >= 1) onQuantity(n);
        }}
      >
        <label htmlFor={id}>
          Quantity<span className="visually-hidden"> of {name}</span>
        </label>
        <input id={id} type="number" inputMode="numeric" min={1} max={999} value={quantity} onChange={(e) => setQuantityText(e.target.value)} />
        <button type="submit">
          Update<span className="visually-hidden"> {name}</span>
        </button>
        <button type="button" onClick={onRemove}>
          Remove<span className="visually-hidden"> {name}</span>
        </button>
      </form>
      <p className="line-total">{money(line.lineTotal, currency)}</p>
    </li>
  );
}
