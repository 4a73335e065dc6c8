import { type Kysely, type Selectable, sql } from 'kysely';
import type { Tenant } from '../context.ts';
import type { AbandonedCheckout, Cart, CartLineRow } from '../domain/carts/cart-types.ts';
import type { CartRepo } from '../domain/carts/ports.ts';
import type { Address } from '../domain/orders/order-types.ts';
import { type Dialect, fromDate, rowLock, toDate } from './db.ts';
import { holdable } from './held-writes.ts';
import type { CartLineTable, CartTable, Database } from './schema.ts';
import { inTenant, tenantColumns } from './tenant.ts';

const address = (value: string | null): Address | null => (value === null ? null : (JSON.parse(value) as Address));
const addressText = (value: Address | null): string | null => (value === null ? null : JSON.stringify(value));

function toCart(r: Selectable<CartTable>): Cart {
  return {
    id: r.id,
    email: r.email,
    shippingAddress: address(r.shipping_address),
    billingAddress: address(r.billing_address),
    deliveryOptionId: r.delivery_option_id,
    promotionCode: r.promotion_code,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
    expiresAt: toDate(r.expires_at),
    orderId: r.order_id,
  };
}

function toLine(r: Selectable<CartLineTable>): CartLineRow {
  return {
    id: r.id,
    skuId: r.sku_id,
    quantity: Number(r.quantity),
    unitPriceMinor: Number(r.unit_price_minor),
    discountBp: Number(r.discount_bp),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

/** A line of `lockCartWithLines`'s join (its columns prefixed `line_`; present when `line_id` is). */
function lineOfJoin(r: {
  line_id: string | null;
  line_sku_id: string | null;
  line_quantity: Selectable<CartLineTable>['quantity'] | null;
  line_unit_price_minor: Selectable<CartLineTable>['unit_price_minor'] | null;
  line_discount_bp: Selectable<CartLineTable>['discount_bp'] | null;
  line_created_at: Selectable<CartLineTable>['created_at'] | null;
  line_updated_at: Selectable<CartLineTable>['updated_at'] | null;
}): CartLineRow {
  return toLine({
    id: r.line_id!,
    cart_id: '',
    sku_id: r.line_sku_id!,
    quantity: r.line_quantity!,
    unit_price_minor: r.line_unit_price_minor!,
    discount_bp: r.line_discount_bp!,
    created_at: r.line_created_at!,
    updated_at: r.line_updated_at!,
  });
}

/** Carts and their lines (docs/checkout.md). Every method takes the tenant first; lines are reached through a cart of the tenant. */
export function createCartRepo(db: Kysely<Database>, dialect: Dialect): CartRepo {
  const locked = rowLock(dialect);
  /** The cart's id when it is the tenant's (a subquery): lines carry no tenant of their own. */
  const ownedCart = (tenant: Tenant, cartId: string) => db.selectFrom('carts').select('id').where(inTenant(tenant)).where('id', '=', cartId);
  const linesOf = async (tenant: Tenant, cartId: string): Promise<CartLineRow[]> => {
    const rows = await db.selectFrom('cart_lines').selectAll().where('cart_id', 'in', ownedCart(tenant, cartId)).orderBy('created_at').orderBy('id').execute();
    return rows.map(toLine);
  };
  const findCart: CartRepo['findCart'] = async (tenant, id, tokenHash, now, lock = false) => {
    let q = db
      .selectFrom('carts')
      .selectAll()
      .where(inTenant(tenant))
      .where('id', '=', id)
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', fromDate(now));
    if (lock) q = locked(q);
    const row = await q.executeTakeFirst();
    return row && toCart(row);
  };
  return {
    async insertCart(tenant, cart, tokenHash) {
      await db
        .insertInto('carts')
        .values({
          id: cart.id,
          ...tenantColumns(tenant),
          token_hash: tokenHash,
          email: cart.email,
          shipping_address: addressText(cart.shippingAddress),
          billing_address: addressText(cart.billingAddress),
          delivery_option_id: cart.deliveryOptionId,
          promotion_code: cart.promotionCode,
          created_at: fromDate(cart.createdAt),
          updated_at: fromDate(cart.updatedAt),
          expires_at: fromDate(cart.expiresAt),
        })
        .execute();
    },

    findCart,

    async lockCartWithLines(tenant, id, tokenHash, now) {
      const q = db
        .selectFrom('carts')
        .leftJoin('cart_lines', 'cart_lines.cart_id', 'carts.id')
        .selectAll('carts')
        .select([
          'cart_lines.id as line_id',
          'cart_lines.sku_id as line_sku_id',
          'cart_lines.quantity as line_quantity',
          'cart_lines.unit_price_minor as line_unit_price_minor',
          'cart_lines.discount_bp as line_discount_bp',
          'cart_lines.created_at as line_created_at',
          'cart_lines.updated_at as line_updated_at',
        ])
        .where(inTenant(tenant, 'carts'))
        .where('carts.id', '=', id)
        .where('carts.token_hash', '=', tokenHash)
        .where('carts.expires_at', '>', fromDate(now))
        .orderBy('cart_lines.created_at')
        .orderBy('cart_lines.id');
      if (dialect !== 'postgres') {
        // SQLite: the write transaction already excludes every other writer; nothing to lock or to tell apart. Two
        // plain reads, which SQLite runs faster than the join with its sort (decision 0041).
        const cart = await findCart(tenant, id, tokenHash, now);
        return cart && { cart, lines: await linesOf(tenant, id) };
      }
      // PostgreSQL: the lock is on the cart row only. A statement reads the lines as of its start, and a cart write
      // that committed while this one waited for the lock (every line write updates the cart under its lock) changed
      // the cart row it locked: its version then differs from the one the statement's snapshot sees, and the lines
      // are read again after the lock, as a separate read would have seen them.
      const rows = await q
        .select(sql<string>`carts.xmin::text`.as('locked_version'))
        .select(sql<string>`(select c.xmin::text from carts as c where c.id = carts.id)`.as('seen_version'))
        .forUpdate('carts')
        .execute();
      const first = rows[0];
      if (!first) return undefined;
      const cart = toCart(first);
      if (first.locked_version !== first.seen_version) return { cart, lines: await linesOf(tenant, id) };
      return { cart, lines: rows.filter((r) => r.line_id !== null).map(lineOfJoin) };
    },

    async abandoned(tenant, { idleBefore, now, limit, after }) {
      const before = <T extends string>(atColumn: T, idColumn: string) =>
        after ? sql<boolean>`(${sql.ref(atColumn)} < ${fromDate(after.at)} or (${sql.ref(atColumn)} = ${fromDate(after.at)} and ${sql.ref(idColumn)} < ${after.id}))` : sql<boolean>`1 = 1`;
      const carts = await db
        .selectFrom('carts')
        .innerJoin('cart_lines', 'cart_lines.cart_id', 'carts.id')
        .select((eb) => ['carts.id', 'carts.email', 'carts.updated_at', eb.fn.sum<number>('cart_lines.quantity').as('quantity')])
        .where(inTenant(tenant, 'carts'))
        .where('carts.email', 'is not', null)
        .where('carts.order_id', 'is', null)
        .where('carts.updated_at', '<', fromDate(idleBefore))
        .where('carts.expires_at', '>', fromDate(now))
        .where(before('carts.updated_at', 'carts.id'))
        .groupBy(['carts.id', 'carts.email', 'carts.updated_at'])
        .orderBy('carts.updated_at', 'desc')
        .orderBy('carts.id', 'desc')
        .limit(limit)
        .execute();
      const orders = await db
        .selectFrom('orders')
        .innerJoin('order_events', 'order_events.order_id', 'orders.id')
        .innerJoin('customers', (j) => j.onRef('customers.id', '=', 'orders.customer_id').onRef('customers.store_id', '=', 'orders.store_id').onRef('customers.mode', '=', 'orders.mode'))
        .select((eb) => [
          'orders.id',
          'orders.number',
          'orders.total_minor',
          'customers.email',
          'order_events.created_at',
          eb.selectFrom('order_lines').select((l) => l.fn.sum<number>('order_lines.quantity').as('q')).whereRef('order_lines.order_id', '=', 'orders.id').as('quantity'),
        ])
        .where(inTenant(tenant, 'orders'))
        .where('orders.channel', '=', 'storefront')
        .where('orders.status', '=', 'cancelled')
        .where('order_events.actor_id', '=', 'checkout-holds')
        .where('order_events.to_status', '=', 'cancelled')
        .where(before('order_events.created_at', 'orders.id'))
        .orderBy('order_events.created_at', 'desc')
        .orderBy('orders.id', 'desc')
        .limit(limit)
        .execute();
      const rows: AbandonedCheckout[] = [
        ...carts.map((c) => ({ kind: 'cart' as const, cartId: c.id, orderId: null, orderNumber: null, email: c.email!, quantity: Number(c.quantity), totalMinor: null, at: toDate(c.updated_at) })),
        ...orders.map((o) => ({ kind: 'expired_order' as const, cartId: null, orderId: o.id, orderNumber: o.number, email: o.email, quantity: Number(o.quantity ?? 0), totalMinor: Number(o.total_minor), at: toDate(o.created_at) })),
      ];
      const idOf = (r: AbandonedCheckout) => r.cartId ?? r.orderId!;
      rows.sort((a, b) => b.at.getTime() - a.at.getTime() || (idOf(a) < idOf(b) ? 1 : -1));
      return rows.slice(0, limit);
    },

    async setOrder(tenant, id, orderId, now) {
      await db.updateTable('carts').set({ order_id: orderId, updated_at: fromDate(now) }).where(inTenant(tenant)).where('id', '=', id).modifyEnd(holdable).execute();
    },

    async releaseOrder(tenant, orderId) {
      await db.updateTable('carts').set({ order_id: null }).where(inTenant(tenant)).where('order_id', '=', orderId).execute();
    },

    async updateCart(tenant, id, set, now, expiresAt) {
      await db
        .updateTable('carts')
        .set({
          ...(set.email !== undefined ? { email: set.email } : {}),
          ...(set.shippingAddress !== undefined ? { shipping_address: addressText(set.shippingAddress) } : {}),
          ...(set.billingAddress !== undefined ? { billing_address: addressText(set.billingAddress) } : {}),
          ...(set.deliveryOptionId !== undefined ? { delivery_option_id: set.deliveryOptionId } : {}),
          ...(set.promotionCode !== undefined ? { promotion_code: set.promotionCode } : {}),
          updated_at: fromDate(now),
          expires_at: fromDate(expiresAt),
        })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .execute();
    },

    linesOf,

    async insertLine(tenant, cartId, line) {
      const owned = await ownedCart(tenant, cartId).executeTakeFirst();
      if (!owned) throw new Error(`cart ${cartId} is not the tenant's`);
      await db
        .insertInto('cart_lines')
        .values({
          id: line.id,
          cart_id: cartId,
          sku_id: line.skuId,
          quantity: line.quantity,
          unit_price_minor: line.unitPriceMinor,
          discount_bp: line.discountBp,
          created_at: fromDate(line.createdAt),
          updated_at: fromDate(line.updatedAt),
        })
        .execute();
    },

    async updateLine(tenant, cartId, lineId, set, now) {
      const result = await db
        .updateTable('cart_lines')
        .set({ quantity: set.quantity, unit_price_minor: set.unitPriceMinor, discount_bp: set.discountBp, updated_at: fromDate(now) })
        .where('cart_id', 'in', ownedCart(tenant, cartId))
        .where('id', '=', lineId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async deleteLine(tenant, cartId, lineId) {
      const result = await db.deleteFrom('cart_lines').where('cart_id', 'in', ownedCart(tenant, cartId)).where('id', '=', lineId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
