import type { Tenant } from '../../context.ts';
import type { AbandonedCheckout, Cart, CartLineRow } from './cart-types.ts';

/**
 * What carts need of storage (src/db/cart-repo.ts implements it). Every method takes the tenant first; a cart's lines
 * carry no tenant of their own, so line methods filter on a cart of the tenant.
 */
export interface CartRepo {
  insertCart(tenant: Tenant, cart: Cart, tokenHash: string): Promise<void>;
  /** The cart with this id and token hash, unexpired at `now`; locked for update on PostgreSQL when `lock`. */
  findCart(tenant: Tenant, id: string, tokenHash: string, now: Date, lock?: boolean): Promise<Cart | undefined>;
  /**
   * `findCart` locked for update (PostgreSQL; SQLite runs one writer at a time) with its lines, oldest first, in one
   * read: the lines as a read after the lock would see them.
   */
  lockCartWithLines(tenant: Tenant, id: string, tokenHash: string, now: Date): Promise<{ cart: Cart; lines: CartLineRow[] } | undefined>;
  /** Writes the sent fields and the time of change and end. */
  updateCart(
    tenant: Tenant,
    id: string,
    set: Partial<Pick<Cart, 'email' | 'shippingAddress' | 'billingAddress' | 'deliveryOptionId' | 'promotionCode'>>,
    now: Date,
    expiresAt: Date,
  ): Promise<void>;
  /** Records the order the cart's checkout placed (null: the cart can be checked out again). */
  setOrder(tenant: Tenant, id: string, orderId: string | null, now: Date): Promise<void>;
  /** Frees the carts whose checkout placed this order (its hold expired: the shopper may check out again). */
  releaseOrder(tenant: Tenant, orderId: string): Promise<void>;
  /**
   * Abandoned checkouts of the store and mode, newest first by (at, id) before `after`, up to `limit`: carts with an
   * email and lines, not checked out, unchanged since `idleBefore` and not expired at `now`; and storefront orders the
   * hold expiry cancelled (the history entry of the actor `checkout-holds`).
   */
  abandoned(tenant: Tenant, options: { idleBefore: Date; now: Date; limit: number; after?: { at: Date; id: string } | undefined }): Promise<AbandonedCheckout[]>;
  /** Oldest first. */
  linesOf(tenant: Tenant, cartId: string): Promise<CartLineRow[]>;
  insertLine(tenant: Tenant, cartId: string, line: CartLineRow): Promise<void>;
  updateLine(tenant: Tenant, cartId: string, lineId: string, set: { quantity: number; unitPriceMinor: number; discountBp: number }, now: Date): Promise<boolean>;
  deleteLine(tenant: Tenant, cartId: string, lineId: string): Promise<boolean>;
}
