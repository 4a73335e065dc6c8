import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentLinkService } from '../../../domain/payments/payment-link-service.ts';
import { PaymentProviderBody, PaymentLinkCreateBody, PaymentOptionsBody, PaymentRecordBody, PaymentSettleBody } from '../../../domain/payments/payment-schemas.ts';
import type { PaymentService } from '../../../domain/payments/payment-service.ts';
import type { ProviderPaymentService } from '../../../domain/payments/provider-payment-service.ts';
import type { ProviderSettingsService } from '../../../domain/payments/provider-settings-service.ts';
import { PROVIDERS } from '../../../domain/payments/provider-port.ts';
import { envelope, ok } from '../../../wire/envelope.ts';
import { ErrorEnvelopeSchema } from '../../envelope.ts';
import { storeCtx } from '../../plugins/auth.ts';
import { HONOURS_IF_MATCH, IF_MATCH_NOTE, ifMatch, PRECONDITION_FAILED, sendWithEtag } from '../../preconditions.ts';
import { okPage, pagedEnvelope } from '../../../wire/page.ts';
import { OrderPayments, PaymentLinkListQuery, PaymentLinkRecord, PaymentOptionsRecord, PaymentOptionsRep, PaymentProviderRecord, PaymentResultRecord, ProviderPaymentRecord, toOrderSummary, toPaymentProviderRecord, toProviderPaymentRecord, toPaymentLinkRecord, toPaymentOptions, toPaymentRecord } from '../../../wire/payments.ts';

const errors = {
  400: ErrorEnvelopeSchema,
  401: ErrorEnvelopeSchema,
  403: ErrorEnvelopeSchema,
  404: ErrorEnvelopeSchema,
  409: ErrorEnvelopeSchema,
  422: ErrorEnvelopeSchema,
};
const OrderParams = z.object({ orderId: z.string().max(64, 'must be at most 64 characters') });
const PaymentParams = OrderParams.extend({ paymentId: z.string().max(64, 'must be at most 64 characters') });
const LinkParams = z.object({ linkId: z.string().max(64, 'must be at most 64 characters') });

/** Payment options, payment records of orders, and payment links (docs/operations.md, "Payments"). */
export async function paymentRoutes(app: FastifyInstance, deps: { payments: PaymentService; paymentLinks: PaymentLinkService; providerPayments: ProviderPaymentService; paymentProviders: ProviderSettingsService }): Promise<void> {
  const { payments, paymentLinks, providerPayments, paymentProviders } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { auth: 'store' as const };
  const tags = ['Payments'];

  // ---- payment options --------------------------------------------------------------------------------------

  r.get(
    '/v1/payments/options',
    { config, schema: { tags, summary: 'The payment methods the store accepts (payments:read)', response: { 200: envelope(PaymentOptionsRecord), ...errors } } },
    async (request) => ok(PaymentOptionsRep.message, toPaymentOptions((await payments.getOptions(storeCtx(request))).enabled)),
  );

  r.put(
    '/v1/payments/options',
    {
      config: { ...config, ...HONOURS_IF_MATCH },
      schema: {
        tags,
        summary: 'Choose the payment methods the store accepts (payments:write)',
        description: `Replaces the list; at least one method, each once. Per store and mode. ${IF_MATCH_NOTE}`,
        body: PaymentOptionsBody,
        response: { 200: envelope(PaymentOptionsRecord), ...errors, ...PRECONDITION_FAILED },
      },
    },
    async (request, reply) => {
      const { enabled } = await payments.setOptions(storeCtx(request), request.body.enabledMethods, ifMatch(request, PaymentOptionsRep));
      return sendWithEtag(reply, PaymentOptionsRep, enabled).send(ok('Payment options updated', toPaymentOptions(enabled)));
    },
  );

  // ---- payment records of an order --------------------------------------------------------------------------

  r.get(
    '/v1/orders/:orderId/payments',
    {
      config,
      schema: { tags, summary: 'Payments and refunds of an order, oldest first, with its totals (payments:read)', params: OrderParams, response: { 200: envelope(OrderPayments), ...errors } },
    },
    async (request) => {
      const { order, payments: records, pendingPaidMinor } = await payments.listForOrder(storeCtx(request), request.params.orderId);
      return ok('Payments retrieved', { order: toOrderSummary(order, pendingPaidMinor), payments: records.map((p) => toPaymentRecord(p, order.currency)) });
    },
  );

  r.post(
    '/v1/orders/:orderId/payments',
    {
      config,
      schema: {
        tags,
        summary: 'Record a payment received for an order (payments:write)',
        description:
          'For payments taken outside the service (bank transfer, cash on delivery). The method must be enabled; the amount at most what is outstanding. A pending payment reserves its amount until settled with PATCH. Refunds go through the order.',
        params: OrderParams,
        body: PaymentRecordBody,
        response: { 201: envelope(PaymentResultRecord), ...errors },
      },
    },
    async (request, reply) => {
      const result = await payments.recordForOrder(storeCtx(request), request.params.orderId, request.body);
      return reply.code(201).send(ok('Payment recorded', { payment: toPaymentRecord(result.payment, result.currency.code), order: toOrderSummary(result.order, result.pendingPaidMinor) }));
    },
  );

  r.patch(
    '/v1/orders/:orderId/payments/:paymentId',
    {
      config,
      schema: {
        tags,
        summary: 'Settle a pending payment as succeeded or failed (payments:write)',
        description: 'Only a pending payment can change (409 PAYMENT_NOT_PENDING otherwise).',
        params: PaymentParams,
        body: PaymentSettleBody,
        response: { 200: envelope(PaymentResultRecord), ...errors },
      },
    },
    async (request) => {
      const result = await payments.settleForOrder(storeCtx(request), request.params.orderId, request.params.paymentId, request.body.status);
      return ok('Payment settled', { payment: toPaymentRecord(result.payment, result.currency.code), order: toOrderSummary(result.order, result.pendingPaidMinor) });
    },
  );

  // ---- payment links ----------------------------------------------------------------------------------------

  r.get(
    '/v1/payment-links',
    {
      config,
      schema: {
        tags,
        summary: 'List payment links, newest first (payments:read)',
        description: 'Filters: status (as the links read now: an active link past its expiry is expired), orderId. Cursor pagination.',
        querystring: PaymentLinkListQuery,
        response: { 200: pagedEnvelope(z.array(PaymentLinkRecord)), ...errors },
      },
    },
    async (request) => {
      const page = await paymentLinks.list(storeCtx(request), request.query);
      return okPage('Payment links retrieved', page.items.map(toPaymentLinkRecord), request.query.limit, page.nextCursor);
    },
  );

  r.post(
    '/v1/payment-links',
    {
      config,
      schema: {
        tags,
        summary: 'Create a payment link (payments:write)',
        description:
          'An amount in the store currency, or an orderId (the link asks for what is outstanding, or for amount if sent, at most that). Optional description and expiresAt (in the future, at most 365 days ahead).',
        body: PaymentLinkCreateBody,
        response: { 201: envelope(PaymentLinkRecord), ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(ok('Payment link created', toPaymentLinkRecord(await paymentLinks.create(storeCtx(request), request.body)))),
  );

  r.get(
    '/v1/payment-links/:linkId',
    { config, schema: { tags, summary: 'Get a payment link (payments:read)', params: LinkParams, response: { 200: envelope(PaymentLinkRecord), ...errors } } },
    async (request) => ok('Payment link retrieved', toPaymentLinkRecord(await paymentLinks.get(storeCtx(request), request.params.linkId))),
  );

  r.post(
    '/v1/payment-links/:linkId/cancel',
    {
      config,
      schema: { tags, summary: 'Cancel an active payment link (payments:write)', description: 'A paid, expired or cancelled link is refused with 409 PAYMENT_LINK_NOT_ACTIVE.', params: LinkParams, response: { 200: envelope(PaymentLinkRecord), ...errors } },
    },
    async (request) => ok('Payment link cancelled', toPaymentLinkRecord(await paymentLinks.cancel(storeCtx(request), request.params.linkId))),
  );

  // ---- payments through providers (docs/payments.md) ---------------------------------------------------------

  r.get(
    '/v1/payments/providers',
    {
      config,
      schema: { tags, summary: "The store's payment providers in this mode (payments:read)", description: 'The built-in test provider (on in test mode only) and Stripe (on once its keys are saved for the mode). No secret is ever returned.', response: { 200: envelope(z.array(PaymentProviderRecord)), ...errors } },
    },
    async (request) => ok('Payment providers retrieved', (await paymentProviders.list(storeCtx(request))).map(toPaymentProviderRecord)),
  );

  r.put(
    '/v1/payments/providers/:provider',
    {
      config,
      schema: {
        tags,
        summary: "Save a payment provider's keys for this mode (payments:write)",
        description:
          'Stripe only (the test provider needs nothing). The secret key must be of the request\'s mode (sk_live_ in live mode, sk_test_ in test mode) and is checked with Stripe before it is saved; both secrets are kept encrypted and never shown again. 422 names the field; 409 PAYMENT_PROVIDER_UNAVAILABLE when the service has no PAYMENT_SECRETS_KEY.',
        params: z.object({ provider: z.enum(PROVIDERS, { error: `must be one of ${PROVIDERS.join(', ')}` }) }),
        body: PaymentProviderBody,
        response: { 200: envelope(PaymentProviderRecord), 502: ErrorEnvelopeSchema, ...errors },
      },
    },
    async (request) => ok('Payment provider saved', toPaymentProviderRecord(await paymentProviders.save(storeCtx(request), request.params.provider, request.body))),
  );

  r.get(
    '/v1/orders/:orderId/provider-payments',
    {
      config,
      schema: { tags, summary: "The order's payments at providers, oldest first (payments:read)", description: 'Each attempt to pay the order (or a link for it) at a payment provider, with its status, failure and any flag raised at completion.', params: OrderParams, response: { 200: envelope(z.array(ProviderPaymentRecord)), ...errors } },
    },
    async (request) => ok('Provider payments retrieved', (await providerPayments.listForOrder(storeCtx(request), request.params.orderId)).map(toProviderPaymentRecord)),
  );

  r.post(
    '/v1/orders/:orderId/capture',
    {
      config,
      schema: {
        tags,
        summary: 'Capture what a provider authorized for the order (payments:write)',
        description: 'For payments authorized with `captureMethod: manual`: each is captured in full at its provider (with an idempotency key, so a retry never captures twice), recorded on the order, and a pending order whose payments now cover its total moves to paid. Nothing authorized: 409 PAYMENT_NOT_CAPTURABLE.',
        params: OrderParams,
        response: { 200: envelope(z.array(ProviderPaymentRecord)), 502: ErrorEnvelopeSchema, ...errors },
      },
    },
    async (request) => ok('Payment captured', (await providerPayments.capture(storeCtx(request), request.params.orderId)).captured.map(toProviderPaymentRecord)),
  );

  r.post(
    '/v1/provider-payments/:providerPaymentId/resolve',
    {
      config,
      schema: {
        tags,
        summary: 'Settle a flagged provider payment: accept it on its order, or refund it (payments:write)',
        description:
          'For a payment kept with a `flag` (the provider reported another amount or currency, or the link was closed while the shopper paid). `accept` records the money on the order after all (an authorization is captured first; 409 PAYMENT_EXCEEDS_OUTSTANDING naming `amount` when the order cannot take it), or only acknowledges the flag when there is no order. `refund` gives the whole captured amount back at the provider (or releases an authorization), with its own idempotency key. Once: 409 PAYMENT_NOT_FLAGGED when there is no flag or it was settled.',
        params: z.object({ providerPaymentId: z.string().max(64, 'must be at most 64 characters') }),
        body: z.strictObject({ action: z.enum(['accept', 'refund'], { error: 'must be accept or refund' }).describe('accept: record it on the order; refund: give it back at the provider') }),
        response: { 200: envelope(ProviderPaymentRecord), 502: ErrorEnvelopeSchema, ...errors },
      },
    },
    async (request) => ok('Provider payment settled', toProviderPaymentRecord(await providerPayments.resolveFlagged(storeCtx(request), request.params.providerPaymentId, request.body.action))),
  );

  // Inbound provider events: the raw body (its signature is over the exact bytes), no credential (the signature is it).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post(
      '/v1/payment-providers/:provider/events/:storeId/:mode',
      {
        schema: {
          tags,
          summary: "Receive a payment provider's event (signed by the provider; no credential)",
          description:
            "The URL to give the provider for a store and mode. The body is verified against the store's signing secret for the provider and mode (400 PAYMENT_EVENT_SIGNATURE_INVALID otherwise), recorded once by the provider's event id (a duplicate is acknowledged), and the payment it names is brought up to date from the provider. An event about a payment this service did not create is acknowledged and ignored.",
          params: z.object({
            provider: z.enum(PROVIDERS, { error: `must be one of ${PROVIDERS.join(', ')}` }),
            storeId: z.string().max(64, 'must be at most 64 characters'),
            mode: z.enum(['live', 'test'], { error: 'must be live or test' }),
          }),
          response: { 200: envelope(z.object({ outcome: z.enum(['processed', 'duplicate', 'ignored']) })), 400: ErrorEnvelopeSchema, 409: ErrorEnvelopeSchema, 422: ErrorEnvelopeSchema },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { provider, storeId, mode } = request.params;
        return ok('Event received', await providerPayments.receiveEvent(request.ctx, provider, { storeId, mode }, body, request.headers));
      },
    );
  });
}
