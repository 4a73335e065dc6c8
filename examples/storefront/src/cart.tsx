/**
 * The shopper's cart: its id and token kept in this browser (localStorage, as docs/checkout.md advises), the cart as the
 * server last priced it, and the calls that change it. Every answer is the whole cart, so each call replaces it.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { paths } from '@commerce-service/client';
import { type Cart, CommerceApiError, ok, type ShopClient } from './api.ts';

const KEPT = 'storefront-cart';

interface Kept {
  id: string;
  token: string;
}

function readKept(): Kept | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEPT) ?? 'null') as Kept | null;
    return kept?.id && kept.token ? kept : null;
  } catch {
    return null;
  }
}

/** What `PATCH /v1/carts/{cartId}` sets: email, addresses, delivery option, promotion code (null clears one). */
export type CartChange = NonNullable<paths['/v1/carts/{cartId}']['patch']['requestBody']>['content']['application/json'];

interface CartState {
  cart: Cart | null;
  /** Units in the cart, for the header */
  count: number;
  loading: boolean;
  add(skuId: string, quantity: number): Promise<Cart>;
  setQuantity(lineId: string, quantity: number): Promise<Cart>;
  remove(lineId: string): Promise<Cart>;
  change(fields: CartChange): Promise<Cart>;
  reload(): Promise<Cart | null>;
  /** The id and token, for the checkout call */
  kept(): Kept | null;
  /** Forget the cart (after its order is placed): the next add starts a new one */
  forget(): void;
}

const CartContext = createContext<CartState | null>(null);

export function useCart(): CartState {
  const state = useContext(CartContext);
  if (!state) throw new Error('useCart outside CartProvider');
  return state;
}

export function CartProvider({ api, children }: { api: ShopClient; children: ReactNode }) {
  const [cart, setCart] = useState<Cart | null>(null);
  const [loading, setLoading] = useState(true);

  const forget = useCallback(() => {
    localStorage.removeItem(KEPT);
    setCart(null);
  }, []);

  /** Runs a call on the kept cart; a cart that is gone (expired, 404) is forgotten. */
  const onCart = useCallback(
    async (call: (kept: Kept) => Promise<{ data: Cart }>): Promise<Cart> => {
      const kept = readKept();
      if (!kept) throw new Error('no cart');
      try {
        const { data } = await call(kept);
        setCart(data);
        return data;
      } catch (error) {
        if (error instanceof CommerceApiError && error.code === 'CART_NOT_FOUND') forget();
        throw error;
      }
    },
    [forget],
  );

  const reload = useCallback(async (): Promise<Cart | null> => {
    const kept = readKept();
    if (!kept) {
      setCart(null);
      return null;
    }
    try {
      return await onCart((k) => ok(api.GET('/v1/carts/{cartId}', { params: { path: { cartId: k.id }, header: { 'x-cart-token': k.token } } })));
    } catch (error) {
      if (error instanceof CommerceApiError && error.code === 'CART_NOT_FOUND') return null;
      throw error;
    }
  }, [api, onCart]);

  useEffect(() => {
    reload()
      .catch(() => {})
      .finally(() => setLoading(false));
  }, [reload]);

  const add = useCallback(
    async (skuId: string, quantity: number): Promise<Cart> => {
      if (!readKept()) {
        const { data } = await ok(api.POST('/v1/carts'));
        localStorage.setItem(KEPT, JSON.stringify({ id: data.cart.id, token: data.token }));
      }
      return onCart((k) => ok(api.POST('/v1/carts/{cartId}/lines', { params: { path: { cartId: k.id }, header: { 'x-cart-token': k.token } }, body: { skuId, quantity } })));
    },
    [api, onCart],
  );

  const setQuantity = useCallback(
    (lineId: string, quantity: number) =>
      onCart((k) => ok(api.PATCH('/v1/carts/{cartId}/lines/{lineId}', { params: { path: { cartId: k.id, lineId }, header: { 'x-cart-token': k.token } }, body: { quantity } }))),
    [api, onCart],
  );

  const remove = useCallback(
    (lineId: string) => onCart((k) => ok(api.DELETE('/v1/carts/{cartId}/lines/{lineId}', { params: { path: { cartId: k.id, lineId }, header: { 'x-cart-token': k.token } } }))),
    [api, onCart],
  );

  const change = useCallback(
    (fields: CartChange) => onCart((k) => ok(api.PATCH('/v1/carts/{cartId}', { params: { path: { cartId: k.id }, header: { 'x-cart-token': k.token } }, body: fields }))),
    [api, onCart],
  );

  const value = useMemo<CartState>(
    () => ({
      cart,
      count: cart?.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0,
      loading,
      add,
      setQuantity,
      remove,
      change,
      reload,
      kept: readKept,
      forget,
    }),
    [cart, loading, add, setQuantity, remove, change, reload, forget],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
