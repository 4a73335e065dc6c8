/**
 * Placing the order and paying: POST /v1/carts/{id}/checkout holds the stock and answers the pending order with the
 * hosted pay page's URL; the shopper pays there and is sent back to `returnUrl` (/confirmation). What the confirmation
 * page shows is kept in this browser until then.
 */
import { ok, type ShopClient } from './api.ts';

const PLACED = 'storefront-placed-order';

export interface PlacedOrder {
  orderId: string;
  number: string;
  email: string | null;
  total: number;
  currency: string;
  /** The order status page (no sign-in), also in the confirmation mail */
  statusUrl: string | null;
}

/**
 * Checks the cart out and answers where to send the shopper: the pay page (`payUrl`), or straight to `returnUrl` when
 * nothing is left to pay. Checking the same cart out again (the shopper came back from the pay page without paying)
 * answers the same order and pay page. A cart with problems is refused (409 CART_NOT_READY naming each).
 */
export async function startPayment(api: ShopClient, cart: { id: string; token: string }, email: string | null, returnUrl: string): Promise<string> {
  const { data } = await ok(api.POST('/v1/carts/{cartId}/checkout', { params: { path: { cartId: cart.id }, header: { 'x-cart-token': cart.token } }, body: { returnUrl } }));
  keepPlacedOrder({ orderId: data.order.id, number: data.order.number, email, total: data.order.total, currency: data.order.currency, statusUrl: data.statusUrl });
  return data.payUrl ?? returnUrl;
}

export function placedOrder(): PlacedOrder | null {
  try {
    return JSON.parse(sessionStorage.getItem(PLACED) ?? 'null') as PlacedOrder | null;
  } catch {
    return null;
  }
}

export function keepPlacedOrder(order: PlacedOrder): void {
  sessionStorage.setItem(PLACED, JSON.stringify(order));
}
