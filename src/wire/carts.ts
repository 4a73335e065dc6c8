import { z } from 'zod';
import { type AbandonedCheckout, CART_PROBLEM_CODES, type PricedCart } from '../domain/carts/cart-types.ts';
import { type Currency, fromMinor } from '../domain/shared/money.ts';
import { WireTimestamp, wireTimestamp } from './envelope.ts';
import { AddressRecord, OrderRecord, toOrderRecord } from './orders.ts';
import type { CheckoutResult } from '../domain/carts/checkout-service.ts';
import { TaxLineRecord, toTaxLineRecord } from './taxes.ts';

/** A cart as a shopper sees it (docs/checkout.md): every amount computed by the server, in the store currency. */
export const CartRecord = z
  .object({
    id: z.string(),
    currency: z.string(),
    email: z.string().nullable(),
    shippingAddress: AddressRecord.nullable(),
    billingAddress: AddressRecord.nullable().describe('null: the shipping address'),
    deliveryOptionId: z.string().nullable(),
    deliveryOptionName: z.string().nullable().describe('null when no option is chosen or the chosen one cannot be used now (see problems)'),
    promotionCode: z.string().nullable(),
    lines: z.array(
      z.object({
        id: z.string(),
        skuId: z.string(),
        productId: z.string().nullable().describe('null: the SKU is no longer sold (see problems)'),
        productName: z.string().nullable(),
        sku: z.string().nullable(),
        attributes: z.record(z.string(), z.string()),
        quantity: z.number().int(),
        unitPrice: z.number().describe("the SKU's price now"),
        discount: z.number().describe("the SKU's discount percentage now"),
        addedAtUnitPrice: z.number().describe('the price when the line was added or last changed; differs from unitPrice when the price changed since (see problems)'),
        addedAtDiscount: z.number(),
        lineTotal: z.number().describe('unitPrice × quantity less the discount, rounded half up to the minor unit'),
      }),
    ),
    subtotal: z.number().describe('sum of the lines'),
    discount: z.number().describe('the promotion code’s discount'),
    deliveryFee: z.number(),
    tax: z.number().describe('the sum of taxLines'),
    taxLines: z.array(TaxLineRecord).describe('the tax of each line (lineId: the cart line) and of the delivery fee'),
    pricesIncludeTax: z.boolean(),
    total: z.number().describe('as an order: subtotal - discount + deliveryFee, plus tax when prices exclude it'),
    problems: z
      .array(
        z.object({
          code: z.enum(CART_PROBLEM_CODES),
          path: z.string().describe('the line (lines[i], lines[i].quantity, lines[i].skuId) or field (deliveryOptionId, promotionCode)'),
          message: z.string(),
        }),
      )
      .describe('what stops a checkout now; empty when none'),
    expiresAt: WireTimestamp.describe('the cart ends then unless changed before (each change moves it 14 days ahead)'),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'Cart' });

export function toCartRecord(cart: PricedCart, c: Currency): z.input<typeof CartRecord> {
  const m = (minor: number) => fromMinor(minor, c);
  return {
    id: cart.id,
    currency: c.code,
    email: cart.email,
    shippingAddress: cart.shippingAddress,
    billingAddress: cart.billingAddress,
    deliveryOptionId: cart.deliveryOptionId,
    deliveryOptionName: cart.deliveryOptionName,
    promotionCode: cart.promotionCode,
    lines: cart.lines.map((l) => ({
      id: l.id,
      skuId: l.skuId,
      productId: l.productId,
      productName: l.productName,
      sku: l.skuCode,
      attributes: l.attributes,
      quantity: l.quantity,
      unitPrice: m(l.currentUnitPriceMinor),
      discount: l.currentDiscountBp / 100,
      addedAtUnitPrice: m(l.unitPriceMinor),
      addedAtDiscount: l.discountBp / 100,
      lineTotal: m(l.lineTotalMinor),
    })),
    subtotal: m(cart.subtotalMinor),
    discount: m(cart.discountMinor),
    deliveryFee: m(cart.deliveryFeeMinor),
    tax: m(cart.taxTotalMinor),
    taxLines: cart.taxLines.map((l) => toTaxLineRecord(l, c)),
    pricesIncludeTax: cart.pricesIncludeTax,
    total: m(cart.totalMinor),
    problems: cart.problems,
    expiresAt: wireTimestamp(cart.expiresAt),
    createdAt: wireTimestamp(cart.createdAt),
    updatedAt: wireTimestamp(cart.updatedAt),
  };
}

/** POST /v1/carts: the cart and its token, shown this once. */
export const NewCartRecord = z
  .object({ token: z.string().describe('send it as X-Cart-Token on every call on the cart; shown only now (only its hash is kept)'), cart: CartRecord })
  .meta({ id: 'NewCart' });

/** GET /v1/checkouts/abandoned: one abandoned checkout. */
export const AbandonedCheckoutRecord = z
  .object({
    kind: z.enum(['cart', 'expired_order']).describe('cart: left with an email and lines, unchanged for an hour, not checked out; expired_order: checked out, then cancelled when its hold ended unpaid'),
    cartId: z.string().nullable(),
    orderId: z.string().nullable(),
    orderNumber: z.string().nullable(),
    email: z.string(),
    quantity: z.number().int().describe('units in the cart or the order'),
    total: z.number().nullable().describe("the order's total; null for a cart"),
    at: WireTimestamp.describe("the cart's last change, or when the order was cancelled"),
  })
  .meta({ id: 'AbandonedCheckout' });

export function toAbandonedCheckoutRecord(a: AbandonedCheckout, c: Currency): z.input<typeof AbandonedCheckoutRecord> {
  return { kind: a.kind, cartId: a.cartId, orderId: a.orderId, orderNumber: a.orderNumber, email: a.email, quantity: a.quantity, total: a.totalMinor === null ? null : fromMinor(a.totalMinor, c), at: wireTimestamp(a.at) };
}

/** POST /v1/carts/{cartId}/checkout: the order placed from the cart, and how to pay it (docs/checkout.md). */
export const CheckoutRecord = z
  .object({
    order: OrderRecord.pick({
      id: true,
      number: true,
      status: true,
      channel: true,
      currency: true,
      subtotal: true,
      discount: true,
      deliveryFee: true,
      tax: true,
      pricesIncludeTax: true,
      total: true,
      paid: true,
      paymentStatus: true,
      promotionCode: true,
      deliveryOptionName: true,
      holdExpiresAt: true,
      lines: true,
      createdAt: true,
    }),
    payUrl: z.string().nullable().describe('the hosted pay page for what is outstanding on the order; null once nothing is'),
    statusUrl: z.string().describe('the order status page (no sign-in; the link is the credential): lines, totals, payment and shipments as they progress'),
    returnUrl: z.string().nullable().describe('where the pay page sends the shopper back after paying: the returnUrl sent, or null'),
    paymentElement: z
      .object({
        provider: z.string(),
        publishableKey: z.string().describe("the provider's public key for the store and mode"),
        clientSecret: z.string().describe("the payment's client secret for the provider's own card element (Stripe's Payment Element)"),
        returnUrl: z.string().describe('where the provider sends the shopper after a 3-D Secure challenge: the pay page, which then records the outcome'),
      })
      .nullable()
      .describe("when the store takes cards through Stripe: what a page embedding Stripe's Payment Element needs; null otherwise (use payUrl)"),
    placed: z.boolean().describe('false when the cart was checked out before: the same order is answered again'),
  })
  .meta({ id: 'Checkout' });

export function toCheckoutRecord(r: CheckoutResult): z.input<typeof CheckoutRecord> {
  const o = toOrderRecord(r.order, r.currency);
  return {
    order: {
      id: o.id,
      number: o.number,
      status: o.status,
      channel: o.channel,
      currency: o.currency,
      subtotal: o.subtotal,
      discount: o.discount,
      deliveryFee: o.deliveryFee,
      tax: o.tax,
      pricesIncludeTax: o.pricesIncludeTax,
      total: o.total,
      paid: o.paid,
      paymentStatus: o.paymentStatus,
      promotionCode: o.promotionCode,
      deliveryOptionName: o.deliveryOptionName,
      holdExpiresAt: o.holdExpiresAt,
      lines: o.lines,
      createdAt: o.createdAt,
    },
    payUrl: r.payUrl,
    statusUrl: r.statusUrl,
    returnUrl: r.returnUrl,
    paymentElement: r.paymentElement,
    placed: r.placed,
  };
}
