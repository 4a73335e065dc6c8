import { z } from 'zod';
import { AddressBody } from '../orders/order-schemas.ts';
import { CART_LIMITS } from './cart-types.ts';

/** Input shapes of carts (docs/checkout.md). */

const Id = z.string().min(1).max(64);
const Quantity = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(CART_LIMITS.quantityPerLine, `must be at most ${CART_LIMITS.quantityPerLine}`);

export const CartLineBody = z.strictObject({ skuId: Id, quantity: Quantity });
export const CartLinePatchBody = z.strictObject({ quantity: Quantity });

export const CartPatchBody = z.strictObject({
  email: z.email({ error: 'must be an email address' }).max(320, 'must be at most 320 characters').nullable().optional(),
  shippingAddress: AddressBody.nullable().optional(),
  billingAddress: AddressBody.nullable().optional().describe('null or left out at checkout: the shipping address'),
  deliveryOptionId: Id.nullable().optional().describe('an option serving the shipping address, from GET /v1/delivery/quote'),
  promotionCode: z.string().trim().min(1, 'must not be empty').max(50, 'must be at most 50 characters').nullable().optional(),
});

export type CartPatch = z.infer<typeof CartPatchBody>;

/** POST /v1/carts/{cartId}/checkout: an empty body, or where the pay page sends the shopper back after paying. */
export const CheckoutBody = z.strictObject({
  returnUrl: z
    .url({ error: 'must be an absolute URL' })
    .max(2048, 'must be at most 2048 characters')
    .optional()
    .describe("where the pay page sends the shopper back after paying; its origin must be one of the store's allowedOrigins in the key's mode"),
});
