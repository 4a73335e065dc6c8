import { z } from 'zod';
import { PaymentLinkCreateBody, PaymentLinkListFilters, PaymentOptionsBody, PaymentRecordBody, PaymentSettleBody } from '../../domain/payments/payment-schemas.ts';
import { pagination } from '../../wire/page.ts';
import { OrderPayments, PaymentLinkRecord, PaymentOptionsRecord, PaymentResultRecord, toOrderSummary, toPaymentLinkRecord, toPaymentOptions, toPaymentRecord } from '../../wire/payments.ts';
import { Confirm } from '../confirm.ts';
import { CREATE, DESTROY, defineTool, Id, listOutput, PageInput, READ, UPDATE } from '../tool.ts';

const area = 'payments' as const;

/** Payment methods, payment records of orders and payment links: the same services as /v1/payments and /v1/payment-links. */
export const paymentTools = [
  defineTool({
    name: 'get_payment_options',
    area,
    title: 'Accepted payment methods',
    description: 'The payment methods the store accepts.',
    permission: 'payments:read',
    does: READ,
    input: z.strictObject({}),
    output: z.object({ paymentOptions: PaymentOptionsRecord }),
    async run(s, ctx) {
      const { enabled } = await s.payments.getOptions(ctx);
      return { summary: `Accepted: ${enabled.join(', ')}`, data: { paymentOptions: toPaymentOptions(enabled) } };
    },
  }),
  defineTool({
    name: 'set_payment_options',
    area,
    title: 'Set the accepted payment methods',
    description: 'Replaces the list of payment methods the store accepts (at least one).',
    permission: 'payments:write',
    does: UPDATE,
    input: PaymentOptionsBody,
    output: z.object({ paymentOptions: PaymentOptionsRecord }),
    async run(s, ctx, args) {
      const { enabled } = await s.payments.setOptions(ctx, args.enabledMethods);
      return { summary: `Accepted now: ${enabled.join(', ')}`, data: { paymentOptions: toPaymentOptions(enabled) } };
    },
  }),
  defineTool({
    name: 'list_order_payments',
    area,
    title: 'Payments of an order',
    description: 'The payment and refund records of one order, with what was paid, refunded, is pending and is outstanding.',
    permission: 'payments:read',
    does: READ,
    input: z.strictObject({ orderId: Id }),
    output: z.object({ payments: OrderPayments }),
    async run(s, ctx, args) {
      const { order, payments, pendingPaidMinor } = await s.payments.listForOrder(ctx, args.orderId);
      return { summary: `${payments.length} payment record(s)`, data: { payments: { order: toOrderSummary(order, pendingPaidMinor), payments: payments.map((p) => toPaymentRecord(p, order.currency)) } } };
    },
  }),
  defineTool({
    name: 'record_payment',
    area,
    title: 'Record a payment taken outside the service',
    description:
      'Records a payment received for an order outside the service (bank transfer, cash on delivery…): method (enabled, or manual), amount (at most what is outstanding), status succeeded (default) or pending, optional reference. Moves money on the books: needs confirm: true.',
    permission: 'payments:write',
    does: { effects: ['moves-money'], idempotent: false },
    confirm: (a) => `record a ${a.status ?? 'succeeded'} ${a.method} payment of ${a.amount} for order ${a.orderId}`,
    precheck: (s, ctx, { orderId, confirm: _confirm, ...input }) => s.payments.checkRecordForOrder(ctx, orderId, input),
    input: z.strictObject({ orderId: Id, ...PaymentRecordBody.shape, confirm: Confirm }),
    output: z.object({ result: PaymentResultRecord }),
    async run(s, ctx, { orderId, confirm: _confirm, ...input }) {
      const r = await s.payments.recordForOrder(ctx, orderId, input);
      return { summary: `Payment ${r.payment.id} recorded`, data: { result: { payment: toPaymentRecord(r.payment, r.currency.code), order: toOrderSummary(r.order, r.pendingPaidMinor) } } };
    },
  }),
  defineTool({
    name: 'settle_payment',
    area,
    title: 'Settle a pending payment',
    description: 'Marks a pending payment of an order as succeeded or failed. Moves money on the books: needs confirm: true.',
    permission: 'payments:write',
    does: { effects: ['moves-money'], idempotent: false },
    confirm: (a) => `mark payment ${a.paymentId} of order ${a.orderId} as ${a.status}`,
    precheck: (s, ctx, a) => s.payments.checkSettleForOrder(ctx, a.orderId, a.paymentId, a.status),
    input: z.strictObject({ orderId: Id, paymentId: Id, ...PaymentSettleBody.shape, confirm: Confirm }),
    output: z.object({ result: PaymentResultRecord }),
    async run(s, ctx, args) {
      const r = await s.payments.settleForOrder(ctx, args.orderId, args.paymentId, args.status);
      return { summary: `Payment ${r.payment.id} ${args.status}`, data: { result: { payment: toPaymentRecord(r.payment, r.currency.code), order: toOrderSummary(r.order, r.pendingPaidMinor) } } };
    },
  }),
  defineTool({
    name: 'list_payment_links',
    area,
    title: 'List payment links',
    description: 'Payment links, newest first, with their status now (active, paid, cancelled, expired). Filters: status, orderId. Paginated.',
    permission: 'payments:read',
    does: READ,
    input: z.strictObject({ ...PageInput, ...PaymentLinkListFilters }),
    output: listOutput(PaymentLinkRecord),
    async run(s, ctx, args) {
      const page = await s.paymentLinks.list(ctx, args);
      return { summary: `${page.items.length} payment link(s)`, data: { items: page.items.map(toPaymentLinkRecord), pagination: pagination(args.limit, page.nextCursor) } };
    },
  }),
  defineTool({
    name: 'create_payment_link',
    area,
    title: 'Create a payment link',
    description: 'Creates a link (url: the pay page) for an amount in the store currency, or an orderId (what is outstanding, or amount). Optional description, expiresAt (≤365 days).',
    permission: 'payments:write',
    // A link for an order shows its lines to whoever holds it: orders:read too.
    permissionsOf: (args) => (args.orderId === undefined ? ['payments:write'] : ['orders:read', 'payments:write']),
    does: CREATE,
    input: PaymentLinkCreateBody,
    output: z.object({ paymentLink: PaymentLinkRecord }),
    async run(s, ctx, args) {
      const link = await s.paymentLinks.create(ctx, args);
      return { summary: `Payment link ${link.id} created: ${link.url}`, data: { paymentLink: toPaymentLinkRecord(link) } };
    },
  }),
  defineTool({
    name: 'cancel_payment_link',
    area,
    title: 'Cancel a payment link',
    description: 'Cancels an active payment link; it can no longer be paid. Irreversible: needs confirm: true.',
    permission: 'payments:write',
    does: DESTROY,
    confirm: (a) => `cancel payment link ${a.linkId}; it could no longer be paid`,
    precheck: (s, ctx, a) => s.paymentLinks.checkCancel(ctx, a.linkId),
    input: z.strictObject({ linkId: Id, confirm: Confirm }),
    output: z.object({ paymentLink: PaymentLinkRecord }),
    async run(s, ctx, args) {
      const link = await s.paymentLinks.cancel(ctx, args.linkId);
      return { summary: `Payment link ${link.id} cancelled`, data: { paymentLink: toPaymentLinkRecord(link) } };
    },
  }),
];
