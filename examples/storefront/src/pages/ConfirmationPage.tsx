import { useEffect } from 'react';
import { Link } from 'react-router';
import { money } from '../api.ts';
import { useCart } from '../cart.tsx';
import { placedOrder } from '../checkout.ts';

/** Where the pay page sends the shopper back: the order placed, the mail on its way, the link to follow it. */
export function ConfirmationPage() {
  const { forget } = useCart();
  const order = placedOrder();
  const orderId = order?.orderId;
  // The cart became the order: the next visit starts a new one.
  useEffect(() => {
    if (orderId) forget();
  }, [orderId, forget]);
  if (!order) {
    return (
      <>
        <h1>Thank you</h1>
        <p>We could not find your order in this browser. Your confirmation mail has a link to follow it.</p>
        <p>
          <Link to="/">Continue shopping</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Thank you for your order</h1>
      <p>
        Order <strong>{order.number}</strong> · {money(order.total, order.currency)}
      </p>
      {order.email && (
        <p>
          The confirmation mail goes to <strong>{order.email}</strong> as soon as the payment is through.
        </p>
      )}
      {order.statusUrl && (
        <p>
          <a href={order.statusUrl}>Follow your order</a> (its payment and delivery as they progress)
        </p>
      )}
      <p>
        <Link to="/">Continue shopping</Link>
      </p>
    </>
  );
}
