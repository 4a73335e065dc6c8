import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CartLineBody, CartLinePatchBody, CartPatchBody, CheckoutBody } from '../../../domain/carts/cart-schemas.ts';
import type { CartService } from '../../../domain/carts/cart-service.ts';
import type { CheckoutService } from '../../../domain/carts/checkout-service.ts';
import { AbandonedCheckoutRecord, CartRecord, CheckoutRecord, NewCartRecord, toAbandonedCheckoutRecord, toCartRecord, toCheckoutRecord } from '../../../wire/carts.ts';
import { okPage, PAGE, pagedEnvelope, pageFields } from '../../../wire/page.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { storeCtx } from '../../plugins/auth.ts';

const errors = { 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 404: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema };
const Id = z.string().max(64, 'must be at most 64 characters');
const CartParams = z.object({ cartId: Id });
const LineParams = CartParams.extend({ lineId: Id });
/**
 * Optional in the schema on purpose: a missing token is the same 404 as a wrong one (CART_NOT_FOUND), so nobody learns
 * whether a cart exists without its token.
 */
const CartTokenHeader = z.object({
  'x-cart-token': z.string().optional().describe('the token POST /v1/carts answered (missing or wrong: 404 CART_NOT_FOUND)'),
});
const CartEnvelope = envelope(CartRecord);

/** A cart holds a shopper's email and addresses: no cache keeps it. */
function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/**
 * Carts (docs/checkout.md): a storefront's publishable key creates one and gets its token; every later call sends the
 * token in X-Cart-Token. Storefront routes (CORS for the store's origins, preflights, `publishable-key` and `public`
 * rate limits, with `cart-create` or `cart-writes` per address on the writes); no Idempotency-Key (a publishable key is
 * every visitor's, so a saved answer could hand one visitor another's cart token; PATCH a line to set its quantity).
 */
export async function cartRoutes(app: FastifyInstance, deps: { carts: CartService; checkout: CheckoutService }): Promise<void> {
  const { carts, checkout } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'store' as const, storefront: true, shopperOnly: true, idempotency: false as const, storefrontHeaders: ['X-Cart-Token', 'Content-Type'] };
  const tags = ['Carts'];
  const needs = 'a publishable key only (X-PublishableKey)';

  r.post(
    '/v1/carts',
    {
      config,
      schema: {
        tags,
        summary: `Create a cart (${needs})`,
        description: 'Answers the empty cart and its token (256 random bits, shown only now). Send the token as X-Cart-Token on every call on the cart. A cart ends 14 days after its last change.',
        response: { 201: envelope(NewCartRecord), ...errors },
      },
    },
    async (request, reply) => {
      const { cart, token, currency } = await carts.create(storeCtx(request));
      noStore(reply);
      return reply.code(201).send(ok('Cart created', { token, cart: toCartRecord(cart, currency) }));
    },
  );

  r.get(
    '/v1/carts/:cartId',
    {
      config,
      schema: {
        tags,
        summary: `Get a cart, priced now, with its problems (${needs} and X-Cart-Token)`,
        description: 'Every amount is computed by the server as the order would be (lines, promotion, delivery, tax). `problems` names each line or field that stops a checkout.',
        params: CartParams,
        headers: CartTokenHeader,
        response: { 200: CartEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const { cart, currency } = await carts.get(storeCtx(request), request.params.cartId, request.headers['x-cart-token']);
      noStore(reply);
      return ok('Cart retrieved', toCartRecord(cart, currency));
    },
  );

  r.patch(
    '/v1/carts/:cartId',
    {
      config,
      schema: {
        tags,
        summary: `Set the cart's email, addresses, delivery option or promotion code (${needs} and X-Cart-Token)`,
        description:
          'Only the sent fields change; null clears one. Addresses follow the order rules. A delivery option must serve the shipping address (422 naming deliveryOptionId) and a promotion code must apply now (422 PROMOTION_NOT_APPLICABLE): nothing is written then.',
        params: CartParams,
        headers: CartTokenHeader,
        body: CartPatchBody,
        response: { 200: CartEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const { cart, currency } = await carts.update(storeCtx(request), request.params.cartId, request.headers['x-cart-token'], request.body);
      noStore(reply);
      return ok('Cart updated', toCartRecord(cart, currency));
    },
  );

  r.post(
    '/v1/carts/:cartId/lines',
    {
      config,
      schema: {
        tags,
        summary: `Add a SKU to the cart (${needs} and X-Cart-Token)`,
        description:
          'The same SKU again adds to its line. At most 50 lines and 999 of a SKU; the SKU must be of an active product and in stock for the line’s quantity (409 INSUFFICIENT_STOCK).',
        params: CartParams,
        headers: CartTokenHeader,
        body: CartLineBody,
        response: { 201: CartEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const { cart, currency } = await carts.addLine(storeCtx(request), request.params.cartId, request.headers['x-cart-token'], request.body);
      noStore(reply);
      return reply.code(201).send(ok('Line added', toCartRecord(cart, currency)));
    },
  );

  r.patch(
    '/v1/carts/:cartId/lines/:lineId',
    {
      config,
      schema: {
        tags,
        summary: `Set a line's quantity (${needs} and X-Cart-Token)`,
        description: 'The line takes the SKU’s price now: this is how a shopper accepts a changed price (PRICE_CHANGED).',
        params: LineParams,
        headers: CartTokenHeader,
        body: CartLinePatchBody,
        response: { 200: CartEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const { cart, currency } = await carts.updateLine(storeCtx(request), request.params.cartId, request.headers['x-cart-token'], request.params.lineId, request.body);
      noStore(reply);
      return ok('Line updated', toCartRecord(cart, currency));
    },
  );

  r.delete(
    '/v1/carts/:cartId/lines/:lineId',
    {
      config,
      schema: {
        tags,
        summary: `Remove a line (${needs} and X-Cart-Token)`,
        params: LineParams,
        headers: CartTokenHeader,
        response: { 200: CartEnvelope, ...errors },
      },
    },
    async (request, reply) => {
      const { cart, currency } = await carts.removeLine(storeCtx(request), request.params.cartId, request.headers['x-cart-token'], request.params.lineId);
      noStore(reply);
      return ok('Line removed', toCartRecord(cart, currency));
    },
  );

  r.post(
    '/v1/carts/:cartId/checkout',
    {
      config,
      schema: {
        tags,
        summary: `Check the cart out: the pending order holding its stock, and how to pay it (${needs} and X-Cart-Token)`,
        description:
          'In one transaction: the cart priced (409 CART_NOT_READY naming each problem), what is missing refused (422 naming email, shippingAddress, deliveryOptionId where delivery zones exist, lines), the customer found or made by the email (a banned one: 409 CUSTOMER_BANNED), the pending order placed with channel storefront and its stock held for 15 minutes, and a pay link for it. Answers payUrl (the hosted pay page), statusUrl (the order status page), the order, and for Stripe what its Payment Element needs. Checking the same cart out again answers the same order (200; 201 when placed now). The body is optional.',
        params: CartParams,
        headers: CartTokenHeader,
        body: CheckoutBody.nullish(),
        response: { 200: envelope(CheckoutRecord), 201: envelope(CheckoutRecord), ...errors, 429: ErrorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const result = await checkout.checkout(storeCtx(request), request.params.cartId, request.headers['x-cart-token'], request.body ?? {});
      noStore(reply);
      return reply.code(result.placed ? 201 : 200).send(ok(result.placed ? 'Checked out' : 'Already checked out', toCheckoutRecord(result)));
    },
  );

  r.get(
    '/v1/checkouts/abandoned',
    {
      config: { auth: 'store' as const },
      schema: {
        tags: ['Orders'],
        summary: 'Abandoned checkouts (orders:read and customers:read)',
        description:
          'Newest first: carts with an email and lines, unchanged for an hour and not checked out (kind cart), and storefront orders cancelled because their stock hold ended unpaid (kind expired_order). Each names the shopper’s email. Cursor pagination.',
        querystring: z.object(pageFields(PAGE, 'query')),
        response: { 200: pagedEnvelope(z.array(AbandonedCheckoutRecord)), 400: ErrorEnvelopeSchema, 401: ErrorEnvelopeSchema, 403: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema },
      },
    },
    async (request) => {
      const page = await checkout.abandoned(storeCtx(request), request.query);
      return okPage('Abandoned checkouts retrieved', page.items.map((a) => toAbandonedCheckoutRecord(a, page.currency)), request.query.limit, page.nextCursor);
    },
  );
}
