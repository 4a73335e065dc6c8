import { z } from 'zod';
import { currencyOf, fromMinor } from '../domain/shared/money.ts';
import { PaymentLinkListFilters } from '../domain/payments/payment-schemas.ts';
import type { PaymentLinkView } from '../domain/payments/payment-link-service.ts';
import type { ProviderView } from '../domain/payments/provider-settings-service.ts';
import { CAPTURE_METHODS, PAYMENT_KINDS, PAYMENT_LINK_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentMethod, RECORD_METHODS } from '../domain/payments/payment-rules.ts';
import { FLAG_RESOLUTIONS, type OrderMoney, type Payment, type ProviderPayment } from '../domain/payments/types.ts';
import { PROVIDER_PAYMENT_STATUSES, PROVIDERS } from '../domain/payments/provider-port.ts';
import { envelope, WireTimestamp, wireTimestamp, type Representation } from './envelope.ts';
import { PAGE, pageFields } from './page.ts';

/** GET /v1/payment-links: a page of the filtered list. */
export const PaymentLinkListQuery = z.object({
  ...pageFields({ ...PAGE, limitNotANumber: 'must be a number', cursorTooLong: 'must be at most 500 characters' }, 'query'),
  ...PaymentLinkListFilters,
});

export const PaymentOptionsRecord = z
  .object({
    enabledMethods: z.array(z.enum(PAYMENT_METHODS)).describe('the methods the store accepts in this mode'),
    availableMethods: z.array(z.enum(PAYMENT_METHODS)).describe('every method a store can enable'),
  })
  .meta({ id: 'PaymentOptions' });

export const PaymentRecord = z
  .object({
    id: z.string(),
    orderId: z.string(),
    kind: z.enum(PAYMENT_KINDS),
    method: z.enum(RECORD_METHODS).describe('manual: recorded by the merchant without a method'),
    amount: z.number().describe('in the order currency'),
    currency: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    reference: z.string().nullable(),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'Payment' });

export const OrderPaymentSummary = z
  .object({
    orderId: z.string(),
    orderNumber: z.string(),
    currency: z.string(),
    total: z.number(),
    paid: z.number().describe('succeeded payments'),
    refunded: z.number().describe('succeeded refunds'),
    pending: z.number().describe('payments not settled yet'),
    outstanding: z.number().describe('total less paid and pending'),
  })
  .meta({ id: 'OrderPaymentSummary' });

export const OrderPayments = z.object({ order: OrderPaymentSummary, payments: z.array(PaymentRecord) }).meta({ id: 'OrderPayments' });
export const PaymentResultRecord = z.object({ payment: PaymentRecord, order: OrderPaymentSummary }).meta({ id: 'PaymentResult' });

export const PaymentLinkRecord = z
  .object({
    id: z.string(),
    orderId: z.string().nullable(),
    amount: z.number(),
    currency: z.string(),
    description: z.string().nullable(),
    status: z.enum(PAYMENT_LINK_STATUSES).describe('as of this response: an active link past its expiry reads as expired'),
    url: z.string().describe('the page to send the customer to; it carries an unguessable token, so share it only with them'),
    captureMethod: z.enum(CAPTURE_METHODS).describe('automatic: captured at once; manual: authorized, captured later'),
    expiresAt: WireTimestamp.nullable(),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'PaymentLink' });

export function toPaymentOptions(enabled: PaymentMethod[]): z.input<typeof PaymentOptionsRecord> {
  return { enabledMethods: enabled, availableMethods: [...PAYMENT_METHODS] };
}

/** The GET representation of the payment options (from the enabled methods), for ETags and If-Match on writes. */
export const PaymentOptionsRep: Representation<PaymentMethod[]> = { schema: envelope(PaymentOptionsRecord), message: 'Payment options retrieved', toWire: toPaymentOptions };

export function toPaymentRecord(p: Payment, currency: string): z.input<typeof PaymentRecord> {
  return {
    id: p.id,
    orderId: p.orderId,
    kind: p.kind,
    method: p.method,
    amount: fromMinor(p.amountMinor, currencyOf(currency)),
    currency,
    status: p.status,
    reference: p.reference,
    createdAt: wireTimestamp(p.createdAt),
    updatedAt: wireTimestamp(p.updatedAt),
  };
}

export function toOrderSummary(o: OrderMoney, pendingMinor: number): z.input<typeof OrderPaymentSummary> {
  const c = currencyOf(o.currency);
  return {
    orderId: o.id,
    orderNumber: o.number,
    currency: o.currency,
    total: fromMinor(o.totalMinor, c),
    paid: fromMinor(o.paidMinor, c),
    refunded: fromMinor(o.refundedMinor, c),
    pending: fromMinor(pendingMinor, c),
    outstanding: fromMinor(Math.max(0, o.totalMinor - o.paidMinor - pendingMinor), c),
  };
}

export function toPaymentLinkRecord(l: PaymentLinkView): z.input<typeof PaymentLinkRecord> {
  return {
    id: l.id,
    orderId: l.orderId,
    amount: fromMinor(l.amountMinor, currencyOf(l.currency)),
    currency: l.currency,
    description: l.description,
    status: l.status,
    url: l.url,
    captureMethod: l.captureMethod,
    expiresAt: l.expiresAt === null ? null : wireTimestamp(l.expiresAt),
    createdAt: wireTimestamp(l.createdAt),
    updatedAt: wireTimestamp(l.updatedAt),
  };
}

/** A payment at a provider: an attempt to pay a link or an order (docs/payments.md). */
export const ProviderPaymentRecord = z
  .object({
    id: z.string(),
    provider: z.enum(PROVIDERS),
    linkId: z.string().nullable(),
    orderId: z.string().nullable(),
    amount: z.number().describe('what is owed, in the currency'),
    currency: z.string(),
    captureMethod: z.enum(CAPTURE_METHODS),
    status: z.enum(PROVIDER_PAYMENT_STATUSES),
    providerReference: z.string().nullable().describe("the provider's id of the payment"),
    failure: z.object({ code: z.string(), message: z.string() }).nullable().describe('why the attempt failed'),
    flag: z.string().nullable().describe('a mismatch found at completion (amount, currency, a link no longer active): the money was not recorded on the order; settle it by hand'),
    received: z.number().nullable().describe('what the provider captured'),
    paymentId: z.string().nullable().describe("the order's payment record written at completion (GET /v1/orders/{orderId}/payments)"),
    completedAt: WireTimestamp.nullable(),
    resolution: z.enum(FLAG_RESOLUTIONS).nullable().describe('how the merchant settled the flag (POST /v1/provider-payments/{providerPaymentId}/resolve): accepted on the order, refunded or released at the provider'),
    resolvedAt: WireTimestamp.nullable(),
    createdAt: WireTimestamp,
    updatedAt: WireTimestamp,
  })
  .meta({ id: 'ProviderPayment' });

export function toProviderPaymentRecord(p: ProviderPayment): z.input<typeof ProviderPaymentRecord> {
  const c = currencyOf(p.currency);
  return {
    id: p.id,
    provider: p.provider,
    linkId: p.linkId,
    orderId: p.orderId,
    amount: fromMinor(p.amountMinor, c),
    currency: p.currency,
    captureMethod: p.captureMethod,
    status: p.status,
    providerReference: p.providerRef,
    failure: p.failureCode === null ? null : { code: p.failureCode, message: p.failureMessage ?? p.failureCode },
    flag: p.flag,
    received: p.receivedMinor === null ? null : fromMinor(p.receivedMinor, c),
    paymentId: p.paymentId,
    completedAt: p.completedAt === null ? null : wireTimestamp(p.completedAt),
    resolution: p.resolution ?? null,
    resolvedAt: p.resolvedAt ? wireTimestamp(p.resolvedAt) : null,
    createdAt: wireTimestamp(p.createdAt),
    updatedAt: wireTimestamp(p.updatedAt),
  };
}

/** A payment provider of the store in one mode (GET /v1/payments/providers). Never a secret. */
export const PaymentProviderRecord = z
  .object({
    provider: z.enum(PROVIDERS),
    mode: z.enum(['live', 'test']),
    enabled: z.boolean().describe('takes payments in this mode now'),
    builtIn: z.boolean().describe('the built-in test provider: nothing to set up, test mode only'),
    inUse: z.boolean().describe("the provider the pay page takes cards with in this mode (Stripe once set up; else, in test mode, the test provider)"),
    keyHint: z.string().nullable().describe('the saved secret key, recognisable (sk_test_…abcd), never whole'),
    accountId: z.string().nullable().describe("the provider's account the key belongs to"),
    publishableKey: z.string().nullable().describe("the saved publishable key (public: the pay page hands it to Stripe.js)"),
    updatedAt: WireTimestamp.nullable(),
  })
  .meta({ id: 'PaymentProvider' });

export function toPaymentProviderRecord(p: ProviderView): z.input<typeof PaymentProviderRecord> {
  return { ...p, updatedAt: p.updatedAt === null ? null : wireTimestamp(p.updatedAt) };
}
