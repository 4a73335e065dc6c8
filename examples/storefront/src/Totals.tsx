import { type Cart, money } from './api.ts';

/** The cart's figures as the server computed them (the order will have the same). */
export function Totals({ cart }: { cart: Cart }) {
  const m = (amount: number) => money(amount, cart.currency);
  return (
    <dl className="totals">
      <dt>Subtotal</dt>
      <dd>{m(cart.subtotal)}</dd>
      {cart.discount > 0 && (
        <>
          <dt>Discount{cart.promotionCode ? ` (${cart.promotionCode})` : ''}</dt>
          <dd>−{m(cart.discount)}</dd>
        </>
      )}
      {cart.deliveryOptionName && (
        <>
          <dt>Delivery ({cart.deliveryOptionName})</dt>
          <dd>{cart.deliveryFee === 0 ? 'Free' : m(cart.deliveryFee)}</dd>
        </>
      )}
      {cart.tax > 0 && (
        <>
          <dt>{cart.pricesIncludeTax ? 'Tax included' : 'Tax'}</dt>
          <dd>{m(cart.tax)}</dd>
        </>
      )}
      <dt className="total">Total</dt>
      <dd className="total">{m(cart.total)}</dd>
    </dl>
  );
}

/** What stops the checkout, each naming its line or field (docs/checkout.md, "Problems"). */
export function Problems({ cart }: { cart: Cart }) {
  if (cart.problems.length === 0) return null;
  return (
    <div role="alert" className="problems">
      <h2>Please check your cart</h2>
      <ul>
        {cart.problems.map((problem) => (
          <li key={`${problem.code}:${problem.path}`}>{describeProblem(cart, problem)}</li>
        ))}
      </ul>
    </div>
  );
}

function describeProblem(cart: Cart, problem: Cart['problems'][number]): string {
  const line = /^lines\[(\d+)\]/.exec(problem.path);
  const name = line ? (cart.lines[Number(line[1])]?.productName ?? 'An item') : null;
  return name ? `${name}: ${problem.message}` : problem.message;
}
