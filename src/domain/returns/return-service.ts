import type { StoreContext } from '../../context.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { LocationService, LocationServiceRepos } from '../inventory/location-service.ts';
import type { OrderRepo } from '../orders/ports.ts';
import { orderNotFound } from '../orders/order-errors.ts';
import type { Order, OrderDetail, OrderStatus } from '../orders/order-types.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import type { PaymentRepo, ProviderPaymentRepo } from '../payments/ports.ts';
import type { SettingsRepo } from '../settings/ports.ts';
import { requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { newId } from '../shared/ids.ts';
import { type Currency, currencyOf } from '../shared/money.ts';
import { idCursor, pageOf } from '../shared/pagination.ts';
import { rehearse, type Transactional } from '../shared/transactional.ts';
import { invalid } from '../shared/validation.ts';
import { refundTaxShare } from '../taxes/tax-rules.ts';
import type { EventPublisher } from '../webhooks/publisher.ts';
import type { DomainEvent } from '../webhooks/types.ts';
import type { ReturnRepo } from './ports.ts';
import { type ReturnMoney, returnRefund } from './return-rules.ts';
import type { ReturnCloseInput, ReturnCreateInput, ReturnReceiveInput, ReturnRefundInput } from './return-schemas.ts';
import type { Return, ReturnLine } from './types.ts';

/** The repositories return-service.ts reads and writes (the composition root passes them; src/db implements them). */
export interface ReturnServiceRepos extends LocationServiceRepos {
  orders: Pick<OrderRepo, 'detail' | 'findOrder' | 'insertEvent' | 'lockOrder' | 'updateOrder'>;
  returns: ReturnRepo;
  payments: Pick<PaymentRepo, 'addPaid' | 'addRefunded' | 'insertPayment' | 'listPayments' | 'lockOrder' | 'methodTotals' | 'pendingPaidMinor'>;
  providerPayments: Pick<ProviderPaymentRepo, 'listForOrder'>;
  settings: Pick<SettingsRepo, 'find'>;
}

/** An order's returns page by id (creation order). */
export const returnCursor = idCursor({ prefix: 'ret', refusal: 'query' });

/** The order statuses a refund moves on (as the lifecycle's refund moves do, docs/orders.md). */
const REFUNDABLE_ORDER_STATUSES: readonly OrderStatus[] = ['paid', 'fulfilled', 'delivered', 'partially_refunded'];

function returnNotFound(id: string): AppError {
  return new AppError('RETURN_NOT_FOUND', `No return "${id}" on this order. List them with GET /v1/orders/{orderId}/returns.`);
}

/** "Blue mug (MUG-BL)": a line as a merchant recognises it. */
function lineName(line: { productName: string; skuCode: string | null }): string {
  return line.skuCode ? `${line.productName} (${line.skuCode})` : line.productName;
}

/** A return counts against what can come back unless it was closed before it was received (it never came). */
function counts(r: Return): boolean {
  return !(r.status === 'closed' && r.receivedAt === null);
}

/**
 * Returns (docs/fulfilment.md, "Returns"; decision 0034): units of an order asked back (`requested`), received into a
 * location where each line is restocked or written off (`received`), then refunded through the order's payments
 * (`refunded`) or closed without a refund (`closed`). Every move runs under the order row's lock and is a conditional
 * update on the return's status, so two requests at once cannot return the same unit twice, receive stock twice or
 * refund money twice.
 */
export function createReturnService(deps: {
  repos: Transactional<ReturnServiceRepos>;
  /** The order's refunds, split over the methods it was paid with, in the return's transaction. */
  payments: Pick<PaymentService, 'refundOrder'>;
  /** Restocked units go back on hand with a stock adjustment (reason `returned`), in the return's transaction. */
  locations: Pick<LocationService, 'adjustIn'>;
  events: Pick<EventPublisher, 'publish'>;
  /**
   * Sends an order's pending card refunds to the provider that took the money, after the refund commits (each with its
   * refund record's id as idempotency key, retried by the refund retry until confirmed: docs/payments.md).
   */
  refunds?: { sendPending(ctx: StoreContext, orderId: string): Promise<void> } | undefined;
}) {
  const { repos, payments, locations, events } = deps;

  async function requireOrder(repos: ReturnServiceRepos, ctx: StoreContext, orderId: string, lock: boolean): Promise<Order> {
    const order = lock ? await repos.orders.lockOrder(ctx.tenant, orderId) : await repos.orders.findOrder(ctx.tenant, orderId);
    if (!order) throw orderNotFound(orderId);
    return order;
  }

  async function requireReturn(repos: ReturnServiceRepos, ctx: StoreContext, orderId: string, id: string): Promise<Return> {
    const found = await repos.returns.findReturn(ctx.tenant, orderId, id);
    if (!found) throw returnNotFound(id);
    return found;
  }

  /**
   * Units of each order line that have left the store: those its shipments took, or all of them once the order was
   * marked fulfilled by the lifecycle move (orders shipped before shipments existed, or without one).
   */
  async function shippedUnits(repos: ReturnServiceRepos, ctx: StoreContext, order: OrderDetail): Promise<Map<string, number>> {
    if (await repos.returns.orderWasFulfilled(ctx.tenant, order.id)) return new Map(order.lines.map((l) => [l.id, l.quantity]));
    return repos.returns.shippedUnits(ctx.tenant, order.id);
  }

  /** The refund of a received return, in the caller's transaction (also rehearsed by `checkRefund`). */
  async function refundIn(repos: ReturnServiceRepos, ctx: StoreContext, orderId: string, id: string, input: ReturnRefundInput): Promise<{ ret: Return; money: ReturnMoney; pending: boolean }> {
    const { tenant } = ctx;
    const order = await requireOrder(repos, ctx, orderId, true);
    const ret = await requireReturn(repos, ctx, orderId, id);
    if (ret.status !== 'received') {
      throw new AppError(
        'RETURN_NOT_REFUNDABLE',
        ret.status === 'requested' ? `Return ${ret.id} has not been received yet: receive it first, then refund it.` : `Return ${ret.id} is ${ret.status}; its refund cannot be made again.`,
        { details: [{ path: 'status', rule: `a ${ret.status} return cannot be refunded` }] },
      );
    }
    const detail = await repos.orders.detail(tenant, order);
    const all = await repos.returns.returnsOfOrder(tenant, orderId);
    const refundedUnits = new Map<string, number>();
    for (const r of all.filter((x) => x.status === 'refunded')) for (const l of r.lines) refundedUnits.set(l.orderLineId, (refundedUnits.get(l.orderLineId) ?? 0) + l.quantity);
    const totals = await repos.payments.methodTotals(tenant, orderId);
    const refundableMinor = order.paidMinor - order.refundedMinor - totals.reduce((s, t) => s + t.pendingRefundMinor, 0);
    const money = returnRefund({
      order: { pricesIncludeTax: order.pricesIncludeTax, discountMinor: order.discountMinor, deliveryFeeMinor: order.deliveryFeeMinor, lines: detail.lines, taxLines: detail.taxLines },
      refundedUnits,
      deliveryRefunded: all.some((r) => r.status === 'refunded' && (r.deliveryMinor ?? 0) > 0),
      lines: ret.lines.map((l) => ({ lineId: l.orderLineId, quantity: l.quantity })),
      refundDelivery: input.refundDelivery ?? false,
      refundableMinor: Math.max(0, refundableMinor),
    });
    const moved = await repos.returns.moveReturn(tenant, ret.id, 'received', 'refunded', { refundMinor: money.amountMinor, taxMinor: money.taxMinor, deliveryMinor: money.deliveryMinor, refundedAt: ctx.now }, ctx.now);
    if (!moved) throw new AppError('RETURN_NOT_REFUNDABLE', `Return ${ret.id} was refunded or closed by another request just now.`, { details: [{ path: 'status', rule: 'no longer received' }] });
    await repos.returns.setLineRefunds(
      ret.id,
      ret.lines.map((l, i) => ({ id: l.id, refundMinor: money.lines[i]!.refundMinor, taxMinor: money.lines[i]!.taxMinor })),
    );
    let pending = false;
    const published: DomainEvent[] = [];
    const currency = currencyOf(order.currency);
    if (money.amountMinor > 0) {
      // Card money a provider took goes back through that provider: its refund stays pending until it confirms.
      const viaProvider = deps.refunds !== undefined && (await repos.providerPayments.listForOrder(tenant, orderId)).some((p) => p.status === 'succeeded' && p.paymentId !== null);
      const { refunds } = await payments.refundOrder(repos, ctx, { orderId, amountMinor: money.amountMinor, reference: ret.id, pendingMethods: viaProvider ? ['card'] : [] });
      pending = refunds.some((r) => r.status === 'pending');
      const note = `return ${ret.id}`;
      let to: OrderStatus | null = null;
      if (REFUNDABLE_ORDER_STATUSES.includes(order.status)) {
        to = money.amountMinor === refundableMinor ? 'refunded' : 'partially_refunded';
        await repos.orders.updateOrder(tenant, orderId, { status: to }, ctx.now);
      }
      await repos.orders.insertEvent(tenant, orderId, {
        id: newId('oev', ctx.now),
        fromStatus: order.status,
        toStatus: to ?? order.status,
        note,
        amountMinor: money.amountMinor,
        actorType: ctx.actor.type,
        actorId: ctx.actor.id,
        actorLabel: ctx.actor.label,
        createdAt: ctx.now,
      });
      const after = await repos.orders.detail(tenant, (await repos.orders.findOrder(tenant, orderId))!);
      if (to !== null && to !== order.status) published.push({ type: 'order.status_changed', order: after, currency, from: order.status, to });
      published.push({ type: 'order.refunded', order: after, currency, amountMinor: money.amountMinor, taxMinor: refundTaxShare(order, order.refundedMinor, money.amountMinor) });
      for (const refund of refunds.filter((r) => r.status === 'succeeded')) published.push({ type: 'refund.succeeded', refund, currency: order.currency });
    }
    await recordAudit(repos, ctx, {
      action: 'return.refund',
      targetType: 'order',
      targetId: orderId,
      details: { returnId: ret.id, amountMinor: money.amountMinor, computedMinor: money.computedMinor, taxMinor: money.taxMinor, deliveryMinor: money.deliveryMinor },
    });
    if (published.length > 0) await events.publish(repos, tenant, ctx.now, (): DomainEvent[] => published);
    return { ret: await requireReturn(repos, ctx, orderId, ret.id), money, pending };
  }

  /** After the refund committed: card refunds go to their provider (outside the transaction). */
  async function sendPending(ctx: StoreContext, orderId: string, pending: boolean): Promise<void> {
    if (pending && deps.refunds) await deps.refunds.sendPending(ctx, orderId);
  }

  async function receiveIn(repos: ReturnServiceRepos, ctx: StoreContext, orderId: string, id: string, input: ReturnReceiveInput): Promise<Return> {
    const { tenant } = ctx;
    const order = await requireOrder(repos, ctx, orderId, true);
    const ret = await requireReturn(repos, ctx, orderId, id);
    if (ret.status !== 'requested') {
      throw new AppError('RETURN_NOT_RECEIVABLE', `Return ${ret.id} is ${ret.status}: it was received already${ret.status === 'closed' ? ' or closed' : ''}, and its units were counted then.`, {
        details: [{ path: 'status', rule: `a ${ret.status} return cannot be received` }],
      });
    }
    const details: ErrorDetail[] = [];
    const location = await repos.stock.findLocation(tenant, input.locationId);
    if (!location) details.push({ path: 'locationId', rule: 'must be a stock location of this store (GET /v1/locations)' });
    const byLine = new Map<string, boolean>();
    input.lines.forEach((l, i) => {
      if (!ret.lines.some((r) => r.orderLineId === l.lineId)) details.push({ path: `lines[${i}].lineId`, rule: 'must be a line of this return' });
      else if (byLine.has(l.lineId)) details.push({ path: `lines[${i}].lineId`, rule: 'repeats an earlier line' });
      byLine.set(l.lineId, l.restock);
    });
    const missing = ret.lines.filter((l) => !byLine.has(l.orderLineId));
    if (missing.length > 0) details.push({ path: 'lines', rule: `must say for every line of the return whether it is restocked (missing: ${missing.map((l) => l.orderLineId).join(', ')})` });
    if (details.length > 0) throw invalid(details);
    const detail = await repos.orders.detail(tenant, order);
    if (!(await repos.returns.moveReturn(tenant, ret.id, 'requested', 'received', { locationId: input.locationId, receivedAt: ctx.now }, ctx.now))) {
      throw new AppError('RETURN_NOT_RECEIVABLE', `Return ${ret.id} was received or closed by another request just now.`, { details: [{ path: 'status', rule: 'no longer requested' }] });
    }
    await repos.returns.setRestock(
      ret.id,
      ret.lines.map((l) => ({ id: l.id, restock: byLine.get(l.orderLineId)! })),
    );
    // Restocked units go back on hand at the location, SKU by SKU in id order (the lock order of orders, decision 0030).
    const restocked = ret.lines
      .filter((l) => byLine.get(l.orderLineId))
      .map((l) => ({ line: l, orderLine: detail.lines.find((o) => o.id === l.orderLineId)! }))
      .sort((a, b) => (a.orderLine.skuId < b.orderLine.skuId ? -1 : 1));
    for (const { line, orderLine } of restocked) {
      if (!(await repos.catalog.findSku(tenant, orderLine.skuId))) {
        throw invalid([{ path: `lines[${input.lines.findIndex((l) => l.lineId === line.orderLineId)}].restock`, rule: `${lineName(orderLine)} is no longer sold (its SKU was deleted): write it off` }]);
      }
      await locations.adjustIn(repos, ctx, input.locationId, { skuId: orderLine.skuId, delta: line.quantity, reason: 'returned', note: `return ${ret.id} of order ${order.number}` });
    }
    // The order's goods: every unit back (over its received returns) is `returned`; some back of an order shipped in
    // full is `partially_returned`. An order still partly to ship stays `partially_fulfilled`, so its other units can
    // still be shipped (shipments ship only unfulfilled or partially fulfilled orders).
    const back = (await repos.returns.returnsOfOrder(tenant, orderId)).filter((r) => r.receivedAt !== null).reduce((n, r) => n + r.lines.reduce((m, l) => m + l.quantity, 0), 0);
    const units = detail.lines.reduce((n, l) => n + l.quantity, 0);
    const fulfilmentStatus = back >= units ? 'returned' : order.fulfilmentStatus === 'partially_fulfilled' || order.fulfilmentStatus === 'unfulfilled' ? null : 'partially_returned';
    if (fulfilmentStatus !== null && fulfilmentStatus !== order.fulfilmentStatus) await repos.orders.updateOrder(tenant, orderId, { fulfilmentStatus }, ctx.now);
    await recordAudit(repos, ctx, {
      action: 'return.receive',
      targetType: 'order',
      targetId: orderId,
      details: { returnId: ret.id, locationId: input.locationId, restocked: restocked.map((r) => r.line.orderLineId), writtenOff: ret.lines.filter((l) => !byLine.get(l.orderLineId)).map((l) => l.orderLineId) },
    });
    const received = await requireReturn(repos, ctx, orderId, ret.id);
    await events.publish(repos, tenant, ctx.now, (): DomainEvent[] => [{ type: 'return.received', ret: received, order: detail }]);
    return received;
  }

  /** A return as it is now, with its order's currency (no permission check: the door did it). */
  async function read(ctx: StoreContext, orderId: string, id: string): Promise<{ ret: Return; currency: Currency }> {
    const order = await requireOrder(repos, ctx, orderId, false);
    return { ret: await requireReturn(repos, ctx, orderId, id), currency: currencyOf(order.currency) };
  }

  return {
    async get(ctx: StoreContext, orderId: string, id: string): Promise<{ ret: Return; currency: Currency }> {
      requirePermission(ctx, 'orders:read');
      return read(ctx, orderId, id);
    },

    async list(ctx: StoreContext, orderId: string, page: { limit: number; cursor?: string | undefined }): Promise<{ items: Return[]; nextCursor: string | null; currency: Currency }> {
      requirePermission(ctx, 'orders:read');
      const order = await requireOrder(repos, ctx, orderId, false);
      const after = page.cursor === undefined ? undefined : returnCursor.decode(page.cursor);
      const rows = await repos.returns.listReturns(ctx.tenant, orderId, { limit: page.limit, after });
      return { ...pageOf(rows, page.limit, (last) => returnCursor.encode(last.id)), currency: currencyOf(order.currency) };
    },

    /**
     * Asks for units of an order back (`requested`). Each line at most the units that left the store less those in its
     * other returns (closed before receipt do not count): more is 409 RETURN_EXCEEDS_RETURNABLE naming the line. Under
     * the order row's lock, so two returns of the same last unit at once: exactly one is accepted.
     */
    async create(ctx: StoreContext, orderId: string, input: ReturnCreateInput): Promise<{ ret: Return; currency: Currency }> {
      requirePermission(ctx, 'orders:write');
      const { tenant } = ctx;
      return repos.transaction(async (repos) => {
        const order = await requireOrder(repos, ctx, orderId, true);
        const detail = await repos.orders.detail(tenant, order);
        const details: ErrorDetail[] = [];
        const seen = new Map<string, number>();
        input.lines.forEach((l, i) => {
          if (!detail.lines.some((o) => o.id === l.lineId)) details.push({ path: `lines[${i}].lineId`, rule: 'must be a line of this order (GET /v1/orders/{orderId}: lines[].id)' });
          else if (seen.has(l.lineId)) details.push({ path: `lines[${i}].lineId`, rule: `repeats lines[${seen.get(l.lineId)}]; return a larger quantity instead` });
          seen.set(l.lineId, i);
        });
        if (details.length > 0) throw invalid(details);
        const shipped = await shippedUnits(repos, ctx, detail);
        const why: string[] = [];
        const others = (await repos.returns.returnsOfOrder(tenant, orderId)).filter(counts);
        input.lines.forEach((l, i) => {
          const line = detail.lines.find((o) => o.id === l.lineId)!;
          const out = shipped.get(line.id) ?? 0;
          const returned = others.reduce((s, r) => s + r.lines.filter((x) => x.orderLineId === line.id).reduce((n, x) => n + x.quantity, 0), 0);
          const left = Math.max(0, out - returned);
          if (l.quantity > left) {
            why.push(
              out === 0
                ? `${lineName(line)} has not been shipped yet, so nothing of it can come back; ${l.quantity} asked.`
                : `${lineName(line)} has ${out} unit${out === 1 ? '' : 's'} shipped${returned > 0 ? `, ${returned} already in other returns` : ''}: at most ${left} can come back; ${l.quantity} asked.`,
            );
            details.push({ path: `lines[${i}].quantity`, rule: left > 0 ? `must be at most ${left}` : 'nothing of this line can be returned' });
          }
        });
        if (details.length > 0) {
          throw new AppError('RETURN_EXCEEDS_RETURNABLE', `Order ${order.number}: ${why.join(' ')}`, { details });
        }
        const ret: Return = {
          id: newId('ret', ctx.now),
          orderId,
          status: 'requested',
          reason: input.reason,
          note: input.note ?? null,
          locationId: null,
          lines: input.lines.map((l) => ({ id: newId('rln', ctx.now), orderLineId: l.lineId, quantity: l.quantity, restock: null, refundMinor: null, taxMinor: null }) satisfies ReturnLine),
          refundMinor: null,
          taxMinor: null,
          deliveryMinor: null,
          actorType: ctx.actor.type,
          actorId: ctx.actor.id,
          actorLabel: ctx.actor.label,
          createdAt: ctx.now,
          updatedAt: ctx.now,
          receivedAt: null,
          refundedAt: null,
          closedAt: null,
        };
        await repos.returns.insertReturn(tenant, ret);
        await recordAudit(repos, ctx, { action: 'return.create', targetType: 'order', targetId: orderId, details: { returnId: ret.id, reason: ret.reason, lines: ret.lines.map((l) => ({ lineId: l.orderLineId, quantity: l.quantity })) } });
        return { ret, currency: currencyOf(order.currency) };
      });
    },

    /**
     * Receives a requested return into a location (`received`): restocked lines go back on hand there (a stock
     * adjustment, reason `returned`, in the history with who), written-off lines do not. With `refund: true` the refund
     * follows in the same transaction. Receiving twice: the second is 409 RETURN_NOT_RECEIVABLE, stock counted once.
     */
    async receive(ctx: StoreContext, orderId: string, id: string, input: ReturnReceiveInput): Promise<{ ret: Return; currency: Currency }> {
      requirePermission(ctx, 'orders:write');
      const result = await repos.transaction(async (repos) => {
        const received = await receiveIn(repos, ctx, orderId, id, input);
        if (!input.refund) return { ret: received, pending: false };
        const refunded = await refundIn(repos, ctx, orderId, id, { refundDelivery: input.refundDelivery });
        return { ret: refunded.ret, pending: refunded.pending };
      });
      await sendPending(ctx, orderId, result.pending);
      return read(ctx, orderId, id);
    },

    /**
     * Refunds a received return once (`refunded`), through the order's payments (split over the methods it was paid
     * with; card refunds through their provider, idempotent and retried): the money of `returnRefund`
     * (return-rules.ts). A second refund is 409 RETURN_NOT_REFUNDABLE: money once.
     */
    async refund(ctx: StoreContext, orderId: string, id: string, input: ReturnRefundInput): Promise<{ ret: Return; currency: Currency }> {
      requirePermission(ctx, 'orders:write');
      const result = await repos.transaction((repos) => refundIn(repos, ctx, orderId, id, input));
      await sendPending(ctx, orderId, result.pending);
      return read(ctx, orderId, id);
    },

    /** Refuses as `refund` would, changing nothing (rehearsed and rolled back); answers the refund it would make. */
    async checkRefund(ctx: StoreContext, orderId: string, id: string, input: ReturnRefundInput): Promise<ReturnMoney> {
      requirePermission(ctx, 'orders:write');
      let money: ReturnMoney | undefined;
      await rehearse(repos, async (repos) => {
        money = (await refundIn(repos, ctx, orderId, id, input)).money;
      });
      return money!;
    },

    /** Closes a requested or received return without a refund (`closed`). Closed before receipt, its units no longer count as returned. */
    async close(ctx: StoreContext, orderId: string, id: string, input: ReturnCloseInput): Promise<{ ret: Return; currency: Currency }> {
      requirePermission(ctx, 'orders:write');
      return repos.transaction(async (repos) => {
        const order = await requireOrder(repos, ctx, orderId, true);
        const ret = await requireReturn(repos, ctx, orderId, id);
        if ((ret.status !== 'requested' && ret.status !== 'received') || !(await repos.returns.moveReturn(ctx.tenant, ret.id, ret.status, 'closed', { closedAt: ctx.now }, ctx.now))) {
          throw new AppError('RETURN_NOT_CLOSABLE', `Return ${ret.id} is ${ret.status}: it is finished and cannot be closed.`, { details: [{ path: 'status', rule: `a ${ret.status} return cannot be closed` }] });
        }
        await recordAudit(repos, ctx, { action: 'return.close', targetType: 'order', targetId: orderId, details: { returnId: ret.id, from: ret.status, note: input.note ?? null } });
        return { ret: await requireReturn(repos, ctx, orderId, ret.id), currency: currencyOf(order.currency) };
      });
    },
  };
}

export type ReturnService = ReturnType<typeof createReturnService>;
