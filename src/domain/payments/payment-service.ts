import type { StoreContext, Tenant } from '../../context.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { AuditRepo } from '../audit/ports.ts';
import { orderNotFound } from '../orders/order-errors.ts';
import type { SettingsRepo } from '../settings/ports.ts';
import type { SettingsService } from '../settings/settings-service.ts';
import { requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { newId } from '../shared/ids.ts';
import { type Currency, currencyOf, fromMinor, toMinor } from '../shared/money.ts';
import type { Precondition } from '../shared/preconditions.ts';
import { rehearse, type Transactional } from '../shared/transactional.ts';
import { invalid } from '../shared/validation.ts';
import { DEFAULT_PAYMENT_METHODS, isPaymentMethod, isRecordMethod, MAX_PAYMENT_AMOUNT, PAYMENT_METHODS, PAYMENT_TRANSITIONS, type PaymentKind, type PaymentMethod, type PaymentStatus, RECORD_METHODS, type RecordMethod } from './payment-rules.ts';
import type { CompletingProviderPayment, PaymentRepo } from './ports.ts';
import type { OrderMoney, Payment } from './types.ts';

/** The repositories payment-service.ts reads and writes (the composition root passes them; src/db implements them). */
/** A payment as recorded through the API: the amount a decimal in the order currency. */
type RecordInput = { method: RecordMethod; amount: number; status?: PaymentStatus | undefined; reference?: string | null | undefined };

export interface PaymentServiceRepos {
  audit: Pick<AuditRepo, 'insert'>;
  payments: Pick<PaymentRepo, 'addPaid' | 'addRefunded' | 'findOrder' | 'findPayment' | 'insertPayment' | 'listPayments' | 'lockOrder' | 'methodTotals' | 'pendingPaidMinor' | 'settlePayment'>;
  settings: Pick<SettingsRepo, 'find' | 'insertIfAbsent' | 'lock' | 'update'>;
}

function paymentNotFound(id: string): AppError {
  return new AppError('PAYMENT_NOT_FOUND', `No payment "${id}" on this order. List them with GET /v1/orders/{orderId}/payments.`);
}

function money(minor: number, currency: string): string {
  const c = currencyOf(currency);
  return `${fromMinor(minor, c).toFixed(c.digits)} ${c.code}`;
}

/** What is still to pay on an order: the total less succeeded payments and payments on their way (pending). */
export function outstandingMinor(order: OrderMoney, pendingPaidMinor = 0): number {
  return Math.max(0, order.totalMinor - order.paidMinor - pendingPaidMinor);
}

export interface RecordPaymentInput {
  orderId: string;
  kind: PaymentKind;
  /**
   * one of RECORD_METHODS: a payment needs a method the store has enabled (or `manual`), a refund a method the order
   * was paid with (or use `refundOrder`, which picks them)
   */
  method: string;
  /** integer minor units of the order currency, > 0 */
  amountMinor: number;
  /** default `succeeded`; `pending` reserves the amount until settled with `settlePayment` */
  status?: PaymentStatus | undefined;
  reference?: string | null | undefined;
  /** money a payment provider already took: recorded even if the store has since stopped accepting the method */
  viaProvider?: boolean | undefined;
  /**
   * The order's money as the caller locked it in this transaction (`PaymentRepo.lockOrder`) and what is pending on it
   * (`pendingPaidMinor`), read since nothing changed them: not read again. The pending sum may be a read to make when
   * it is needed: with `completing` on PostgreSQL, the payment's own statement checks what is outstanding
   * (`PaymentRepo.insertPaidPayment`'s `withinOutstanding`) and the sum is read only to word a refusal.
   */
  held?: { order: OrderMoney; pendingPaidMinor: number | (() => Promise<number>) } | undefined;
  /**
   * A succeeded payment that completes this provider payment: the record, the order's paid amount and the provider
   * payment's completion mark written together (`PaymentRepo.insertPaidPayment`, when the repositories passed have
   * it); the result's `completed` says whether the mark was won, and is absent when the mark was not written.
   */
  completing?: CompletingProviderPayment | undefined;
}

export interface PaymentResult {
  payment: Payment;
  /** the order's money after the record (paid and refunded include only succeeded records) */
  order: OrderMoney;
  /** with `completing`: whether the provider payment's completion mark was won (false: completed already) */
  completed?: boolean;
}

/**
 * The payment methods the store accepts in this mode, from its settings row (`DEFAULT_PAYMENT_METHODS` until it saves
 * its own; names the vocabulary no longer knows are left out).
 */
export async function enabledPaymentMethods(repos: { settings: Pick<SettingsRepo, 'find'> }, tenant: Tenant): Promise<PaymentMethod[]> {
  const row = await repos.settings.find(tenant);
  return paymentMethodsOf(row ? row.paymentMethods : null);
}

/** The payment methods enabled by the settings' stored list (null: no settings row yet, the defaults). */
export function paymentMethodsOf(stored: readonly string[] | null): PaymentMethod[] {
  return stored ? stored.filter(isPaymentMethod) : [...DEFAULT_PAYMENT_METHODS];
}

/**
 * Records a payment or a refund for an order, in the caller's transaction (pass the transaction's `repos`). The only
 * writer of `orders.paid_minor` and `orders.refunded_minor`: a succeeded payment adds to paid, a succeeded refund to
 * refunded; pending records reserve their amount; failed ones are kept for the history and move nothing. Records an
 * audit entry (`payment.record` / `refund.record`). Checks no permission: the calling door does (orders:write for
 * the order service, payments:write for the payments routes).
 *
 * Refusals (nothing written): the order is not the tenant's → 404 ORDER_NOT_FOUND; amount not a whole number > 0 →
 * 422 naming `amount`; unknown method, a payment method the store has not enabled, or a refund method the order was
 * not paid with → 422 naming `method`; a payment above what is outstanding → 409 PAYMENT_EXCEEDS_OUTSTANDING; a refund
 * above what was paid with that method and not yet refunded → 409 REFUND_EXCEEDS_PAYMENT.
 */
export async function recordPayment(repos: { audit: Pick<AuditRepo, 'insert'>; payments: Pick<PaymentRepo, 'addPaid' | 'addRefunded' | 'insertPayment' | 'lockOrder' | 'methodTotals' | 'pendingPaidMinor'> & Partial<Pick<PaymentRepo, 'insertPaidPayment'>>; settings: Pick<SettingsRepo, 'find'> }, ctx: StoreContext, input: RecordPaymentInput): Promise<PaymentResult> {
  const { tenant } = ctx;
  const status = input.status ?? 'succeeded';
  const held = input.held?.order.id === input.orderId ? input.held : undefined;
  const order = held ? held.order : await repos.payments.lockOrder(tenant, input.orderId);
  if (!order) throw orderNotFound(input.orderId);
  const pendingPaid = held?.pendingPaidMinor ?? (() => repos.payments.pendingPaidMinor(tenant, order.id));
  /** Whether the record completes a provider payment in one write with it (`insertPaidPayment`). */
  const insertPaidPayment = input.completing && input.kind === 'payment' && status === 'succeeded' ? repos.payments.insertPaidPayment : undefined;
  /** Whether that write checks what is outstanding itself, the pending sum not read yet (see `held`). */
  const writeChecksOutstanding = insertPaidPayment !== undefined && typeof pendingPaid === 'function';
  const details: ErrorDetail[] = [];
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) details.push({ path: 'amount', rule: 'must be greater than 0' });
  if (!isRecordMethod(input.method)) details.push({ path: 'method', rule: `must be one of ${RECORD_METHODS.join(', ')}` });
  if (details.length > 0) throw invalid(details);
  const method = input.method as RecordMethod;
  const amount = input.amountMinor;

  if (input.kind === 'payment') {
    if (method !== 'manual' && !input.viaProvider) {
      const enabled = await enabledPaymentMethods(repos, ctx.tenant);
      if (!enabled.includes(method)) {
        throw invalid([{ path: 'method', rule: `must be a payment method the store accepts (${enabled.join(', ') || 'none'}); see GET /v1/payments/options` }]);
      }
    }
    if (status !== 'failed' && !writeChecksOutstanding) {
      const pending = typeof pendingPaid === 'number' ? pendingPaid : await pendingPaid();
      if (amount > outstandingMinor(order, pending)) throw exceedsOutstanding(order, amount, pending);
    }
  } else {
    const all = await repos.payments.methodTotals(tenant, order.id);
    const totals = all.find((t) => t.method === method);
    if (!totals || totals.paidMinor === 0) {
      const paidWith = all.filter((t) => t.paidMinor > 0).map((t) => t.method);
      throw invalid([{ path: 'method', rule: paidWith.length > 0 ? `must be a method the order was paid with (${paidWith.join(', ')})` : 'the order has no succeeded payment to refund' }]);
    }
    if (status !== 'failed') {
      const pendingRefunds = all.reduce((sum, t) => sum + t.pendingRefundMinor, 0);
      const available = Math.min(totals.paidMinor - totals.refundedMinor - totals.pendingRefundMinor, order.paidMinor - order.refundedMinor - pendingRefunds);
      if (amount > available) {
        throw new AppError(
          'REFUND_EXCEEDS_PAYMENT',
          `Order ${order.number} has ${money(Math.max(0, available), order.currency)} paid by ${method} that is not refunded (or being refunded); a refund of ${money(amount, order.currency)} is more than that.`,
          { details: [{ path: 'amount', rule: available > 0 ? `must be at most ${fromMinor(available, currencyOf(order.currency))}` : `nothing paid by ${method} is left to refund` }] },
        );
      }
    }
  }

  const payment: Payment = {
    id: newId('pay', ctx.now),
    orderId: order.id,
    kind: input.kind,
    method,
    amountMinor: amount,
    status,
    reference: input.reference ?? null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  let after = order;
  let completed: boolean | undefined;
  if (insertPaidPayment && input.completing) {
    const written = await insertPaidPayment(tenant, payment, input.completing, ctx.now, writeChecksOutstanding);
    // Nothing written: the same refusal as the check above, worded with the pending sum read now.
    if (written.exceedsOutstanding) throw exceedsOutstanding(order, amount, typeof pendingPaid === 'number' ? pendingPaid : await pendingPaid());
    after = written.order ?? order;
    completed = written.completed;
  } else {
    await repos.payments.insertPayment(tenant, payment);
    if (status === 'succeeded') after = (await applySucceeded(repos, ctx, payment, order)) ?? order;
  }
  await recordAudit(repos, ctx, {
    action: input.kind === 'payment' ? 'payment.record' : 'refund.record',
    targetType: 'order',
    targetId: order.id,
    details: { paymentId: payment.id, method, amountMinor: amount, currency: order.currency, status, reference: payment.reference },
  });
  return { payment, order: after, ...(completed !== undefined ? { completed } : {}) };
}

/** A payment of `amount` is more than the order has outstanding, `pending` on its way besides: 409 PAYMENT_EXCEEDS_OUTSTANDING. */
function exceedsOutstanding(order: OrderMoney, amount: number, pending: number): AppError {
  const open = outstandingMinor(order, pending);
  return new AppError(
    'PAYMENT_EXCEEDS_OUTSTANDING',
    `Order ${order.number} has ${money(open, order.currency)} outstanding${pending > 0 ? ` (besides ${money(pending, order.currency)} pending)` : ''}; a payment of ${money(amount, order.currency)} is more than that.`,
    { details: [{ path: 'amount', rule: open > 0 ? `must be at most ${fromMinor(open, currencyOf(order.currency))}` : 'the order has nothing outstanding' }] },
  );
}

async function applySucceeded(repos: { payments: Pick<PaymentRepo, 'addPaid' | 'addRefunded'> }, ctx: StoreContext, payment: Payment, order: OrderMoney): Promise<OrderMoney | undefined> {
  const { tenant } = ctx;
  if (payment.kind === 'payment') return repos.payments.addPaid(tenant, order.id, payment.amountMinor, ctx.now);
  const after = await repos.payments.addRefunded(tenant, order.id, payment.amountMinor, ctx.now);
  if (!after) {
    throw new AppError('REFUND_EXCEEDS_PAYMENT', `A refund of ${money(payment.amountMinor, order.currency)} would take order ${order.number}'s refunds above what was paid.`, {
      details: [{ path: 'amount', rule: `must be at most ${fromMinor(order.paidMinor - order.refundedMinor, currencyOf(order.currency))}` }],
    });
  }
  return after;
}

/**
 * Settles a pending payment or refund as `succeeded` (its amount now counts as paid or refunded) or `failed`, in the
 * caller's transaction; records an audit entry (`payment.settle`). A record that is not pending → 409
 * PAYMENT_NOT_PENDING; an order or payment of another tenant → 404. No permission check (the door does it).
 */
export async function settlePayment(repos: { audit: Pick<AuditRepo, 'insert'>; payments: Pick<PaymentRepo, 'addPaid' | 'addRefunded' | 'findPayment' | 'lockOrder' | 'settlePayment'> }, ctx: StoreContext, input: { orderId: string; paymentId: string; status: 'succeeded' | 'failed' }): Promise<PaymentResult> {
  const { tenant } = ctx;
  const order = await repos.payments.lockOrder(tenant, input.orderId);
  if (!order) throw orderNotFound(input.orderId);
  const payment = await repos.payments.findPayment(tenant, input.paymentId);
  if (!payment || payment.orderId !== order.id) throw paymentNotFound(input.paymentId);
  const notPending = () =>
    new AppError('PAYMENT_NOT_PENDING', `Payment ${payment.id} is ${payment.status}; only a pending payment can be settled. Record a refund to give money back.`, {
      details: [{ path: 'status', rule: `a ${payment.status} payment cannot change` }],
    });
  if (!PAYMENT_TRANSITIONS[payment.status].includes(input.status)) throw notPending();
  if (!(await repos.payments.settlePayment(tenant, payment.id, input.status, ctx.now))) throw notPending();
  const settled: Payment = { ...payment, status: input.status, updatedAt: ctx.now };
  let after = order;
  if (input.status === 'succeeded') after = (await applySucceeded(repos, ctx, settled, order)) ?? order;
  await recordAudit(repos, ctx, {
    action: 'payment.settle',
    targetType: 'order',
    targetId: order.id,
    details: { paymentId: payment.id, kind: payment.kind, status: input.status, amountMinor: payment.amountMinor },
  });
  return { payment: settled, order: after };
}

/**
 * Refunds `amountMinor` of an order without choosing the method, in the caller's transaction: the amount is split
 * across the methods the order was paid with, most recently used first, each up to what is left of it (what was paid
 * with it less refunds done or pending), one succeeded `refund` record per method (each through `recordPayment`, so
 * each is audited). For the order lifecycle's refunds, which do not name a method. More than is left of the payments
 * → 409 REFUND_EXCEEDS_PAYMENT naming `amount`, nothing written; not a whole number > 0 → 422 naming `amount`.
 * `pendingMethods`: refunds of these methods are recorded `pending` (reserved, not yet refunded), for a provider to
 * send and confirm after the transaction (card refunds through a payment provider).
 */
export async function refundOrder(repos: { audit: Pick<AuditRepo, 'insert'>; payments: Pick<PaymentRepo, 'addPaid' | 'addRefunded' | 'insertPayment' | 'listPayments' | 'lockOrder' | 'methodTotals' | 'pendingPaidMinor'>; settings: Pick<SettingsRepo, 'find'> }, ctx: StoreContext, input: { orderId: string; amountMinor: number; reference?: string | null | undefined; pendingMethods?: readonly string[] | undefined }): Promise<{ refunds: Payment[]; order: OrderMoney }> {
  const { tenant } = ctx;
  const order = await repos.payments.lockOrder(tenant, input.orderId);
  if (!order) throw orderNotFound(input.orderId);
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw invalid([{ path: 'amount', rule: 'must be greater than 0' }]);
  const totals = await repos.payments.methodTotals(tenant, order.id);
  const pendingRefunds = totals.reduce((sum, t) => sum + t.pendingRefundMinor, 0);
  const left = order.paidMinor - order.refundedMinor - pendingRefunds;
  if (input.amountMinor > left) {
    throw new AppError('REFUND_EXCEEDS_PAYMENT', `Order ${order.number} has ${money(Math.max(0, left), order.currency)} of its payments left to refund; a refund of ${money(input.amountMinor, order.currency)} is more than that.`, {
      details: [{ path: 'amount', rule: left > 0 ? `must be at most ${fromMinor(left, currencyOf(order.currency))}` : 'nothing is left to refund' }],
    });
  }
  const recent = await repos.payments.listPayments(tenant, order.id);
  const methods = [...new Set(recent.filter((p) => p.kind === 'payment' && p.status === 'succeeded').reverse().map((p) => p.method))];
  const refunds: Payment[] = [];
  let after = order;
  let rest = input.amountMinor;
  for (const method of methods) {
    const t = totals.find((x) => x.method === method);
    const share = Math.min(rest, t ? t.paidMinor - t.refundedMinor - t.pendingRefundMinor : 0);
    if (share <= 0) continue;
    // A refund a provider must send (card) stays pending until the provider confirms it (provider-payment-service.ts).
    const status = input.pendingMethods?.includes(method) ? 'pending' : 'succeeded';
    const result = await recordPayment(repos, ctx, { orderId: order.id, kind: 'refund', method, amountMinor: share, reference: input.reference, status });
    refunds.push(result.payment);
    after = result.order;
    rest -= share;
    if (rest === 0) break;
  }
  // paid_minor was changed outside recordPayment (no payment records cover all of it): refund the rest as `manual`.
  if (rest > 0) {
    const payment: Payment = { id: newId('pay', ctx.now), orderId: order.id, kind: 'refund', method: 'manual', amountMinor: rest, status: 'succeeded', reference: input.reference ?? null, createdAt: ctx.now, updatedAt: ctx.now };
    await repos.payments.insertPayment(tenant, payment);
    after = (await applySucceeded(repos, ctx, payment, after)) ?? after;
    await recordAudit(repos, ctx, { action: 'refund.record', targetType: 'order', targetId: order.id, details: { paymentId: payment.id, method: 'manual', amountMinor: rest, currency: order.currency, status: 'succeeded', reference: payment.reference } });
    refunds.push(payment);
  }
  return { refunds, order: after };
}

/** The store's payment options (which methods it accepts) and the payment records of its orders. */
export function createPaymentService(deps: {
  repos: Transactional<PaymentServiceRepos>;
  /** Creates the settings row (with its defaults) before the payment options are first saved, in the same transaction. */
  settings: Pick<SettingsService, 'ensureSettings'>;
}) {
  const { repos, settings } = deps;

  async function requireOrder(ctx: StoreContext, orderId: string): Promise<OrderMoney> {
    const order = await repos.payments.findOrder(ctx.tenant, orderId);
    if (!order) throw orderNotFound(orderId);
    return order;
  }

  /** `recordForOrder` in the caller's transaction. */
  async function recordIn(repos: PaymentServiceRepos, ctx: StoreContext, orderId: string, input: RecordInput): Promise<PaymentResult & { currency: Currency; pendingPaidMinor: number }> {
    const order = await repos.payments.findOrder(ctx.tenant, orderId);
    if (!order) throw orderNotFound(orderId);
    const currency = currencyOf(order.currency);
    const amountMinor = toMinor(input.amount, currency);
    if (amountMinor === null) throw invalid([{ path: 'amount', rule: `must have at most ${currency.digits} decimal places (${currency.code})` }]);
    if (input.amount > MAX_PAYMENT_AMOUNT) throw invalid([{ path: 'amount', rule: `must be at most ${MAX_PAYMENT_AMOUNT}` }]);
    const result = await recordPayment(repos, ctx, { orderId, kind: 'payment', method: input.method, amountMinor, status: input.status, reference: input.reference });
    return { ...result, currency, pendingPaidMinor: await repos.payments.pendingPaidMinor(ctx.tenant, orderId) };
  }

  return {
    /** Joins the caller's transaction (pass its repos): see `recordPayment` above. The order service's payments. */
    recordPayment,
    /** Joins the caller's transaction (pass its repos): see `refundOrder` above. The order lifecycle's refunds. */
    refundOrder,

    /** The methods the store accepts in this mode, in vocabulary order. */
    async getOptions(ctx: StoreContext): Promise<{ enabled: PaymentMethod[] }> {
      requirePermission(ctx, 'payments:read');
      return { enabled: await enabledPaymentMethods(repos, ctx.tenant) };
    },

    /**
     * Replaces the enabled methods (at least one, each from the vocabulary once; checked by the schema).
     * `precondition` (If-Match) is checked against the methods enabled now, with the settings row locked.
     */
    async setOptions(ctx: StoreContext, enabled: PaymentMethod[], precondition?: Precondition<PaymentMethod[]>): Promise<{ enabled: PaymentMethod[] }> {
      requirePermission(ctx, 'payments:write');
      const ordered = PAYMENT_METHODS.filter((m) => enabled.includes(m));
      await repos.transaction(async (repos) => {
        await settings.ensureSettings(repos, ctx.tenant, ctx.now);
        await repos.settings.lock(ctx.tenant);
        const before = await enabledPaymentMethods(repos, ctx.tenant);
        precondition?.(before);
        await repos.settings.update(ctx.tenant, { paymentMethods: ordered }, ctx.now);
        await recordAudit(repos, ctx, { action: 'payment_options.update', targetType: 'store_settings', targetId: ctx.tenant.storeId, details: { before, after: ordered } });
      });
      return { enabled: ordered };
    },

    async listForOrder(ctx: StoreContext, orderId: string): Promise<{ order: OrderMoney; payments: Payment[]; pendingPaidMinor: number }> {
      requirePermission(ctx, 'payments:read');
      const order = await requireOrder(ctx, orderId);
      const [payments, pendingPaidMinor] = await Promise.all([
        repos.payments.listPayments(ctx.tenant, orderId),
        repos.payments.pendingPaidMinor(ctx.tenant, orderId),
      ]);
      return { order, payments, pendingPaidMinor };
    },

    /**
     * Records a payment received for an order (a bank transfer arrived, cash collected on delivery), `amount` a
     * decimal in the order currency. Refunds go through the orders area (orders:write), which calls `recordPayment`.
     */
    async recordForOrder(
      ctx: StoreContext,
      orderId: string,
      input: RecordInput,
    ): Promise<PaymentResult & { currency: Currency; pendingPaidMinor: number }> {
      requirePermission(ctx, 'payments:write');
      return repos.transaction((repos) => recordIn(repos, ctx, orderId, input));
    },

    /** Refuses as `recordForOrder` would, changing nothing (rehearsed and rolled back). */
    async checkRecordForOrder(ctx: StoreContext, orderId: string, input: RecordInput): Promise<void> {
      requirePermission(ctx, 'payments:write');
      await rehearse(repos, (repos) => recordIn(repos, ctx, orderId, input));
    },

    async settleForOrder(ctx: StoreContext, orderId: string, paymentId: string, status: 'succeeded' | 'failed'): Promise<PaymentResult & { currency: Currency; pendingPaidMinor: number }> {
      requirePermission(ctx, 'payments:write');
      return repos.transaction(async (repos) => {
        const result = await settlePayment(repos, ctx, { orderId, paymentId, status });
        return { ...result, currency: currencyOf(result.order.currency), pendingPaidMinor: await repos.payments.pendingPaidMinor(ctx.tenant, orderId) };
      });
    },

    /** Refuses as `settleForOrder` would, changing nothing (rehearsed and rolled back). */
    async checkSettleForOrder(ctx: StoreContext, orderId: string, paymentId: string, status: 'succeeded' | 'failed'): Promise<void> {
      requirePermission(ctx, 'payments:write');
      await rehearse(repos, (repos) => settlePayment(repos, ctx, { orderId, paymentId, status }));
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
