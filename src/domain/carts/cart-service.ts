import type { StoreContext } from '../../context.ts';
import { AppError, type ErrorDetail, isAppError } from '../../errors.ts';
import type { StoreRepo } from '../accounts/ports.ts';
import type { DeliveryRepo } from '../delivery/ports.ts';
import type { OrderRepo, SkuForOrder } from '../orders/ports.ts';
import { checkOrderAddress, type DeliveryAndTax, type DeliveryQuoter, lineTotal, priceDeliveryAndTax } from '../orders/order-service.ts';
import type { PromotionRepo } from '../promotions/ports.ts';
import { promotionDiscount, promotionRefusal } from '../promotions/promotion-service.ts';
import type { ReferenceService } from '../reference/reference-service.ts';
import type { SettingsRepo } from '../settings/ports.ts';
import { credentialName, isShopper } from '../shared/access.ts';
import { newId } from '../shared/ids.ts';
import { type Currency, storeCurrency } from '../shared/money.ts';
import { hashSecret, newSecret } from '../shared/secrets.ts';
import type { Transactional } from '../shared/transactional.ts';
import { invalid } from '../shared/validation.ts';
import type { TaxCalculator, TaxRepo } from '../taxes/ports.ts';
import type { CartPatch } from './cart-schemas.ts';
import { type Cart, CART_IDLE_MS, CART_LIMITS, type CartLineRow, type CartProblem, type PricedCart, type PricedCartLine } from './cart-types.ts';
import type { CartRepo } from './ports.ts';

/** The repositories cart-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface CartServiceRepos {
  carts: CartRepo;
  delivery: Pick<DeliveryRepo, 'allZones' | 'optionWithZones'>;
  orders: Pick<OrderRepo, 'skusForOrder'>;
  promotions: Pick<PromotionRepo, 'findPromotionByCode'>;
  settings: Pick<SettingsRepo, 'find'>;
  stores: Pick<StoreRepo, 'findStore'>;
  taxes: Pick<TaxRepo, 'regionsOfCountry' | 'taxSettingsWithRegions'>;
}

/** The cart token's prefix: `cart_` and 256 random bits in base64url. */
export const CART_TOKEN_PREFIX = 'cart_';

/**
 * A missing or wrong token is the same 404 as an unknown or expired cart, in any store: nobody can tell a cart that
 * exists from one that does not without its token (docs/decisions/0031-carts.md).
 */
function cartNotFound(id: string): AppError {
  return new AppError('CART_NOT_FOUND', `No cart "${id}" opens with this token (it may have expired). Send the token POST /v1/carts answered in X-Cart-Token, or create a new cart.`);
}

function lineNotFound(id: string): AppError {
  return new AppError('CART_LINE_NOT_FOUND', `The cart has no line "${id}". GET the cart for its lines.`);
}

/** Carts are the shopper's: only a publishable key reaches them (a secret credential has no cart token to keep). */
export function requireShopper(ctx: StoreContext): void {
  if (isShopper(ctx)) return;
  throw new AppError(
    'CREDENTIAL_NOT_ALLOWED',
    `Carts belong to shoppers: call them from the storefront with the store's publishable key (X-PublishableKey), not ${credentialName(ctx)}. Orders from a server go through POST /v1/orders.`,
  );
}

/**
 * Carts (docs/checkout.md): a storefront creates one with its publishable key and gets its token; every later call
 * sends the token. Totals are computed by the order pricing code (line totals, promotion discount, delivery quote,
 * tax calculator, `orderTotal`), so a cart shows what its order would cost; `problems` lists what changed since the
 * shopper chose it and would stop a checkout. A write refuses what would be a problem of the thing it writes.
 */
export function createCartService(deps: {
  repos: Transactional<CartServiceRepos>;
  reference: Pick<ReferenceService, 'listCountries' | 'listStates'>;
  delivery: DeliveryQuoter;
  taxes: TaxCalculator;
}) {
  const { repos, reference } = deps;

  async function openCart(repos: CartServiceRepos, ctx: StoreContext, id: string, token: string | undefined, lock = false): Promise<Cart> {
    if (token === undefined || token.length === 0 || token.length > 100) throw cartNotFound(id);
    const cart = await repos.carts.findCart(ctx.tenant, id, hashSecret(token), ctx.now, lock);
    if (!cart) throw cartNotFound(id);
    return cart;
  }

  /** `openCart` locked for update, with its lines read in the same statement (the checkout's). */
  async function openCartWithLines(repos: CartServiceRepos, ctx: StoreContext, id: string, token: string | undefined): Promise<{ cart: Cart; lines: CartLineRow[] }> {
    if (token === undefined || token.length === 0 || token.length > 100) throw cartNotFound(id);
    const found = await repos.carts.lockCartWithLines(ctx.tenant, id, hashSecret(token), ctx.now);
    if (!found) throw cartNotFound(id);
    return found;
  }

  /** The cart priced now, with its problems. Reads only (in the caller's transaction when given its repos). */
  async function priceCart(repos: CartServiceRepos, ctx: StoreContext, cart: Cart, currency: Currency): Promise<PricedCart> {
    return (await priceCartFully(repos, ctx, cart, currency)).cart;
  }

  /**
   * The cart priced, with what the pricing read and found on the way (the SKUs, the delivery and tax): a checkout
   * hands them to the order it places (`PlaceOptions.priced`) rather than price the same lines twice.
   */
  async function priceCartFully(
    repos: CartServiceRepos,
    ctx: StoreContext,
    cart: Cart,
    currency: Currency,
    /** the cart's lines when the caller read them with it in this transaction (`openWithLinesIn`) */
    cartLines?: readonly CartLineRow[],
  ): Promise<{ cart: PricedCart; skus: Map<string, SkuForOrder>; deliveryAndTax: DeliveryAndTax }> {
    const { tenant } = ctx;
    const rows = cartLines ?? (await repos.carts.linesOf(tenant, cart.id));
    const skus = await repos.orders.skusForOrder(tenant, rows.map((l) => l.skuId));
    const problems: CartProblem[] = [];
    const lines: PricedCartLine[] = rows.map((row, i) => {
      const sku = skus.get(row.skuId);
      const path = `lines[${i}]`;
      if (!sku) {
        problems.push({ code: 'SKU_NOT_FOUND', path: `${path}.skuId`, message: `SKU ${row.skuId} is no longer sold by this store; remove the line.` });
        return { ...row, productId: null, productName: null, skuCode: null, attributes: {}, currentUnitPriceMinor: row.unitPriceMinor, currentDiscountBp: row.discountBp, lineTotalMinor: 0 };
      }
      if (sku.productStatus !== 'active') {
        problems.push({ code: 'PRODUCT_NOT_ACTIVE', path: `${path}.skuId`, message: `${sku.productName} is no longer sold (the product is ${sku.productStatus}); remove the line.` });
      }
      if (sku.priceMinor !== row.unitPriceMinor || sku.discountBp !== row.discountBp) {
        problems.push({
          code: 'PRICE_CHANGED',
          path: path,
          message: `The price of ${sku.productName} changed since it was added (unit price ${row.unitPriceMinor / 10 ** currency.digits} less ${row.discountBp / 100}%, now ${sku.priceMinor / 10 ** currency.digits} less ${sku.discountBp / 100}%); the totals use the new price. PATCH the line to accept it.`,
        });
      }
      if (row.quantity > sku.quantityInStock) {
        problems.push({ code: 'INSUFFICIENT_STOCK', path: `${path}.quantity`, message: `Only ${sku.quantityInStock} of ${sku.productName} left; ${row.quantity} in the cart.` });
      }
      return {
        ...row,
        productId: sku.productId,
        productName: sku.productName,
        skuCode: sku.skuCode,
        attributes: sku.attributes,
        currentUnitPriceMinor: sku.priceMinor,
        currentDiscountBp: sku.discountBp,
        lineTotalMinor: lineTotal(sku.priceMinor, sku.discountBp, row.quantity),
      };
    });
    const subtotalMinor = lines.reduce((sum, l) => sum + l.lineTotalMinor, 0);

    let discountMinor = 0;
    if (cart.promotionCode !== null) {
      // The rules an order checks before counting a use (promotion-service.ts); the per-customer limit needs the
      // customer, known at checkout.
      const promotion = await repos.promotions.findPromotionByCode(tenant, cart.promotionCode);
      const reason =
        promotion === undefined
          ? `no promotion has the code "${cart.promotionCode}"`
          : (promotionRefusal(promotion, ctx.now, subtotalMinor, currency) ??
            (promotion.usageLimit !== null && promotion.timesUsed >= promotion.usageLimit ? 'it has been used as often as allowed' : null));
      if (reason !== null) problems.push({ code: 'PROMOTION_NOT_APPLICABLE', path: 'promotionCode', message: `The promotion code cannot be used: ${reason}.` });
      else discountMinor = promotionDiscount(promotion!, subtotalMinor);
    }

    const taxed = lines.filter((l) => l.productId !== null).map((l) => ({ id: l.id, lineTotalMinor: l.lineTotalMinor, taxClass: skus.get(l.skuId)!.taxClass }));
    const base = { lines: taxed, subtotalMinor, discountMinor, shippingAddress: cart.shippingAddress, billingAddress: cart.billingAddress ?? cart.shippingAddress };
    let priced: DeliveryAndTax;
    try {
      if (cart.deliveryOptionId !== null && cart.shippingAddress === null) {
        throw invalid([{ path: 'shippingAddress', rule: 'is needed to deliver: set the shipping address the option delivers to' }]);
      }
      priced = await priceDeliveryAndTax(repos, ctx, deps, { ...base, deliveryOptionId: cart.deliveryOptionId });
    } catch (error) {
      // The delivery option no longer serves the address (or was switched off, deleted, or the address removed): a
      // problem to show, and the rest priced without it.
      if (!isAppError(error) || error.code !== 'VALIDATION_FAILED') throw error;
      for (const d of error.details) {
        problems.push({ code: 'DELIVERY_OPTION_UNAVAILABLE', path: 'deliveryOptionId', message: `The delivery option cannot be used: ${d.path} ${d.rule}.` });
      }
      priced = await priceDeliveryAndTax(repos, ctx, deps, { ...base, deliveryOptionId: null });
    }
    const pricedCart: PricedCart = {
      ...cart,
      lines,
      subtotalMinor,
      discountMinor,
      deliveryFeeMinor: priced.deliveryFeeMinor,
      deliveryOptionName: priced.option?.name ?? null,
      taxTotalMinor: priced.tax.taxTotalMinor,
      taxLines: priced.tax.lines,
      pricesIncludeTax: priced.taxSettings.pricesIncludeTax,
      totalMinor: priced.totalMinor,
      problems,
    };
    return { cart: pricedCart, skus, deliveryAndTax: priced };
  }

  /** The SKU for a line being written: of this store, of an active product, and in stock for `quantity`. */
  async function skuForLine(repos: CartServiceRepos, ctx: StoreContext, skuId: string, quantity: number, path: string) {
    const sku = (await repos.orders.skusForOrder(ctx.tenant, [skuId])).get(skuId);
    if (!sku) throw invalid([{ path: `${path}skuId`, rule: 'must be a SKU of this store (GET /v2/products)' }]);
    if (sku.productStatus !== 'active') throw invalid([{ path: `${path}skuId`, rule: `belongs to a product that is ${sku.productStatus}, not active` }]);
    if (quantity > sku.quantityInStock) {
      throw new AppError('INSUFFICIENT_STOCK', `Not enough stock for SKU ${skuId}${sku.skuCode ? ` (${sku.skuCode})` : ''}: ${quantity} wanted, ${sku.quantityInStock} left.`, {
        details: [{ path: 'quantity', rule: `must be at most ${sku.quantityInStock} (in stock)` }],
      });
    }
    return sku;
  }

  /** A write on an open cart: the cart locked, its end moved ahead, the result priced in the same transaction. */
  async function write(
    ctx: StoreContext,
    id: string,
    token: string | undefined,
    work: (repos: CartServiceRepos, cart: Cart) => Promise<void>,
    refuse?: (priced: PricedCart) => void,
  ): Promise<{ cart: PricedCart; currency: Currency }> {
    requireShopper(ctx);
    const currency = await storeCurrency(repos, ctx);
    return repos.transaction(async (repos) => {
      const cart = await openCart(repos, ctx, id, token, true);
      if (cart.orderId !== null) {
        // Its order was placed from it as it is: a change now would not reach that order (docs/checkout.md).
        throw new AppError('CART_CHECKED_OUT', `Cart ${id} was checked out (order ${cart.orderId}); it cannot change while that order holds its stock. Pay the order, or start a new cart.`, {
          details: [{ path: 'cartId', rule: 'must not be checked out' }],
        });
      }
      await work(repos, cart);
      await repos.carts.updateCart(ctx.tenant, id, {}, ctx.now, new Date(ctx.now.getTime() + CART_IDLE_MS));
      const priced = await priceCart(repos, ctx, await openCart(repos, ctx, id, token), currency);
      // Throwing here rolls the write back: nothing is written.
      refuse?.(priced);
      return { cart: priced, currency };
    });
  }

  return {
    /** The cart its token opens, in the caller's transaction (locked for update when `lock`); else 404 CART_NOT_FOUND. */
    openIn: openCart,
    /** The cart its token opens locked for update with its lines, in the caller's transaction; else 404 CART_NOT_FOUND. */
    openWithLinesIn: openCartWithLines,
    /** The cart priced now with its problems, in the caller's transaction (the checkout's). */
    priceIn: priceCartFully,

    /** A new empty cart and its token (shown once; only its hash is kept). */
    async create(ctx: StoreContext): Promise<{ cart: PricedCart; token: string; currency: Currency }> {
      requireShopper(ctx);
      const currency = await storeCurrency(repos, ctx);
      const token = newSecret(CART_TOKEN_PREFIX);
      const cart: Cart = {
        id: newId('crt', ctx.now),
        email: null,
        shippingAddress: null,
        billingAddress: null,
        deliveryOptionId: null,
        promotionCode: null,
        createdAt: ctx.now,
        updatedAt: ctx.now,
        expiresAt: new Date(ctx.now.getTime() + CART_IDLE_MS),
        orderId: null,
      };
      await repos.carts.insertCart(ctx.tenant, cart, hashSecret(token));
      return { cart: await priceCart(repos, ctx, cart, currency), token, currency };
    },

    /** The cart priced now, with its problems. Reading does not move the cart's end. */
    async get(ctx: StoreContext, id: string, token: string | undefined): Promise<{ cart: PricedCart; currency: Currency }> {
      requireShopper(ctx);
      const currency = await storeCurrency(repos, ctx);
      const cart = await openCart(repos, ctx, id, token);
      return { cart: await priceCart(repos, ctx, cart, currency), currency };
    },

    /**
     * Adds a SKU. The same SKU again adds to its line (one line per SKU, as an order has), within the quantity limit
     * and the stock; a new line within the cart's line limit.
     */
    async addLine(ctx: StoreContext, id: string, token: string | undefined, input: { skuId: string; quantity: number }): Promise<{ cart: PricedCart; currency: Currency; lineId: string }> {
      let lineId = '';
      const result = await write(ctx, id, token, async (repos, cart) => {
        const lines = await repos.carts.linesOf(ctx.tenant, cart.id);
        const existing = lines.find((l) => l.skuId === input.skuId);
        const quantity = (existing?.quantity ?? 0) + input.quantity;
        if (quantity > CART_LIMITS.quantityPerLine) {
          throw invalid([{ path: 'quantity', rule: `must bring the line to at most ${CART_LIMITS.quantityPerLine} (the cart has ${existing?.quantity ?? 0} of this SKU)` }]);
        }
        if (!existing && lines.length >= CART_LIMITS.linesPerCart) {
          throw invalid([{ path: 'skuId', rule: `cannot be added: a cart holds at most ${CART_LIMITS.linesPerCart} lines` }]);
        }
        const sku = await skuForLine(repos, ctx, input.skuId, quantity, '');
        if (existing) {
          lineId = existing.id;
          await repos.carts.updateLine(ctx.tenant, cart.id, existing.id, { quantity, unitPriceMinor: sku.priceMinor, discountBp: sku.discountBp }, ctx.now);
        } else {
          const line: CartLineRow = { id: newId('cln', ctx.now), skuId: sku.skuId, quantity, unitPriceMinor: sku.priceMinor, discountBp: sku.discountBp, createdAt: ctx.now, updatedAt: ctx.now };
          lineId = line.id;
          await repos.carts.insertLine(ctx.tenant, cart.id, line);
        }
      });
      return { ...result, lineId };
    },

    /** Sets a line's quantity; the line takes the SKU's price now (accepting a changed price). */
    async updateLine(ctx: StoreContext, id: string, token: string | undefined, lineId: string, input: { quantity: number }): Promise<{ cart: PricedCart; currency: Currency }> {
      return write(ctx, id, token, async (repos, cart) => {
        const line = (await repos.carts.linesOf(ctx.tenant, cart.id)).find((l) => l.id === lineId);
        if (!line) throw lineNotFound(lineId);
        const sku = await skuForLine(repos, ctx, line.skuId, input.quantity, 'line.');
        await repos.carts.updateLine(ctx.tenant, cart.id, lineId, { quantity: input.quantity, unitPriceMinor: sku.priceMinor, discountBp: sku.discountBp }, ctx.now);
      });
    },

    async removeLine(ctx: StoreContext, id: string, token: string | undefined, lineId: string): Promise<{ cart: PricedCart; currency: Currency }> {
      return write(ctx, id, token, async (repos, cart) => {
        if (!(await repos.carts.deleteLine(ctx.tenant, cart.id, lineId))) throw lineNotFound(lineId);
      });
    },

    /**
     * Sets the sent fields (null clears one). The addresses follow the order rules (countries and states from the
     * reference data); a delivery option must serve the shipping address and a promotion code must apply now, else the
     * change is refused and nothing is written. What stops applying later shows in `problems`.
     */
    async update(ctx: StoreContext, id: string, token: string | undefined, patch: CartPatch): Promise<{ cart: PricedCart; currency: Currency }> {
      requireShopper(ctx);
      const details: ErrorDetail[] = [
        ...(await checkOrderAddress(reference, ctx, patch.shippingAddress, 'shippingAddress')),
        ...(await checkOrderAddress(reference, ctx, patch.billingAddress, 'billingAddress')),
      ];
      if (details.length > 0) throw invalid(details);
      const set: Parameters<CartRepo['updateCart']>[2] = {};
      if (patch.email !== undefined) set.email = patch.email === null ? null : patch.email.toLowerCase();
      if (patch.shippingAddress !== undefined) set.shippingAddress = patch.shippingAddress;
      if (patch.billingAddress !== undefined) set.billingAddress = patch.billingAddress;
      if (patch.deliveryOptionId !== undefined) set.deliveryOptionId = patch.deliveryOptionId;
      if (patch.promotionCode !== undefined) set.promotionCode = patch.promotionCode;
      return write(
        ctx,
        id,
        token,
        async (repos, cart) => repos.carts.updateCart(ctx.tenant, cart.id, set, ctx.now, cart.expiresAt),
        (priced) => {
          const promotion = priced.problems.find((p) => p.code === 'PROMOTION_NOT_APPLICABLE');
          if (patch.promotionCode != null && promotion) {
            throw new AppError('PROMOTION_NOT_APPLICABLE', promotion.message, { details: [{ path: 'promotionCode', rule: promotion.message.replace(/^The promotion code cannot be used: |\.$/g, '') }] });
          }
          const delivery = priced.problems.find((p) => p.code === 'DELIVERY_OPTION_UNAVAILABLE');
          if (patch.deliveryOptionId != null && delivery) throw invalid([{ path: 'deliveryOptionId', rule: delivery.message.replace(/^The delivery option cannot be used: |\.$/g, '') }]);
        },
      );
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
