/**
 * Placing the order and paying: POST /v1/carts/{id}/checkout holds the stock and answers the pending order with the
 * hosted pay page's URL; the shopper pays there and is sent back to `returnUrl` (/confirmation). What the confirmation
 * page shows is kept in this browser until then.
 */
import type { ShopClient } from './api.ts';

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

export async function startPayment(_api: ShopClient, _cart: { id: string; token: string }, _returnUrl: string): Promise<string> {
  throw new Error('Checkout is not available yet.');
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
