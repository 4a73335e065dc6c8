import { z } from 'zod';
import { currencyOf, fromMinor } from '../domain/shared/money.ts';
import { PaymentLinkListFilters } from '../domain/payments/payment-schemas.ts';
import type { PaymentLinkView } from '../domain/payments/payment-link-service.ts';
import { PAYMENT_KINDS, PAYMENT_LINK_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, type PaymentMethod, RECORD_METHODS } from '../domain/payments/payment-rules.ts';
import type { OrderMoney, Payment } from '../domain/payments/types.ts';
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
    method: z.string().describe(`one of ${RECORD_METHODS.join(', ')} (manual: recorded by the merchant without a method)`),
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
    expiresAt: l.expiresAt === null ? null : wireTimestamp(l.expiresAt),
    createdAt: wireTimestamp(l.createdAt),
    updatedAt: wireTimestamp(l.updatedAt),
  };
}
