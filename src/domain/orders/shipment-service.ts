import type { StoreContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { RenderEmail } from '../email/ports.ts';
import { requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { newId } from '../shared/ids.ts';
import { type Currency, storeCurrency } from '../shared/money.ts';
import type { Transactional } from '../shared/transactional.ts';
import { invalid } from '../shared/validation.ts';
import type { EventPublisher } from '../webhooks/publisher.ts';
import type { DomainEvent } from '../webhooks/types.ts';
import { orderNotFound } from './order-errors.ts';
import { coversTheRest } from './order-lifecycle.ts';
import { type OrderServiceRepos, shippingEvents } from './order-service.ts';
import type { Order, OrderDetail, OrderStatus, Shipment } from './order-types.ts';
import { fullyShippedStatus, linesToShip, shipFrom, shippedStatus } from './shipping.ts';

/** A shipment as `POST /v1/orders/{id}/shipments` (and the MCP `create_shipment`) take it. */
export interface ShipmentInput {
  lines: Array<{ lineId?: string | undefined; skuId?: string | undefined; quantity: number }>;
  locationId: string;
  carrier?: string | null | undefined;
  trackingNumber?: string | null | undefined;
  trackingUrl?: string | null | undefined;
}

/** The order statuses a shipment may leave from: paid (a refund of part of it included). */
const SHIPPABLE: readonly OrderStatus[] = ['paid', 'partially_refunded'];

function shipmentNotFound(id: string): AppError {
  return new AppError('SHIPMENT_NOT_FOUND', `No shipment "${id}" on this order. List them with GET /v1/orders/{orderId}/shipments.`);
}

function notShippable(order: Order): AppError {
  const why =
    order.status === 'pending'
      ? 'is not paid yet: record its payment first (when a payment provider holds its whole amount, shipping captures it)'
      : order.fulfilmentStatus !== 'unfulfilled' && order.fulfilmentStatus !== 'partially_fulfilled'
        ? 'has been shipped in full'
        : `is ${order.status}`;
  return new AppError('ORDER_NOT_SHIPPABLE', `Order ${order.number} ${why}; nothing of it can be shipped now.`);
}

/** An event's one-line "what the order is now" entry in its history. */
function historyEvent(ctx: StoreContext, from: OrderStatus, to: OrderStatus, note: string) {
  return { id: newId('oev', ctx.now), fromStatus: from, toStatus: to, note, amountMinor: null, actorType: ctx.actor.type, actorId: ctx.actor.id, actorLabel: ctx.actor.label, createdAt: ctx.now };
}

/**
 * Shipments of orders (docs/fulfilment.md, "Shipments"): units leaving one location with carrier and tracking, shipped
 * then delivered. Each runs under the order row's lock (two shipments of the same units at once: one succeeds for the
 * last units), moves stock as `shipFrom` says, and sets the order's fulfilment status; the shipment that ships the last
 * unit of a paid order moves it to `fulfilled`, and delivering the last open shipment of a fulfilled order moves it to
 * `delivered` (decision 0032).
 */
export function createShipmentService(deps: {
  repos: Transactional<OrderServiceRepos>;
  events: Pick<EventPublisher, 'publish'>;
  /** Captures what a provider holds for the order (payments:write), as the move to fulfilled does (docs/payments.md). */
  capture?: { captureAuthorized(ctx: StoreContext, orderId: string): Promise<void> } | undefined;
  /** The shipping mail's subject (the mail templates); absent: no mail is queued. */
  render?: RenderEmail | undefined;
  /** Wakes the mail sender after a commit that queued mail. */
  notifyMail?: (() => void) | undefined;
}) {
  const { repos, events } = deps;

  /**
   * The customer's shipping mail (docs/email.md, `order_shipped`): what left, carrier, tracking number and the tracking
   * link the merchant gave, through the mail outbox in the shipment's transaction; once per shipment (its cause).
   */
  async function queueShippingMail(repos: OrderServiceRepos, ctx: StoreContext, order: OrderDetail, shipment: Shipment): Promise<void> {
    const render = deps.render;
    if (!render) return;
    const customer = await repos.orders.customerForOrder(ctx.tenant, order.customerId);
    if (!customer) return;
    const store = await repos.stores.findStore(ctx.tenant.storeId);
    const items = shipment.lines
      .map((l) => {
        const line = order.lines.find((o) => o.id === l.lineId);
        return `${l.quantity} × ${line ? [line.productName, ...Object.values(line.attributes)].join(' · ') : 'an item'}`;
      })
      .join(', ');
    const params = {
      storeName: store?.name ?? 'The store',
      mode: ctx.tenant.mode,
      orderId: order.id,
      orderNumber: order.number,
      items: items.length > 500 ? `${items.slice(0, 497)}…` : items,
      carrier: shipment.carrier,
      trackingNumber: shipment.trackingNumber,
      trackingUrl: shipment.trackingUrl,
    };
    await repos.email.insertMessages([
      { id: newId('eml', ctx.now), storeId: ctx.tenant.storeId, mode: ctx.tenant.mode, kind: 'order_shipped', cause: `order_shipped:${shipment.id}`, to: customer.email, subject: render('order_shipped', params).subject, params, createdAt: ctx.now },
    ]);
    if (deps.notifyMail) repos.email.afterCommit(deps.notifyMail);
  }

  return {
    async list(ctx: StoreContext, orderId: string): Promise<Shipment[]> {
      requirePermission(ctx, 'orders:read');
      const order = await repos.orders.findOrder(ctx.tenant, orderId);
      if (!order) throw orderNotFound(orderId);
      return repos.orders.shipmentsOf(ctx.tenant, orderId);
    },

    /**
     * Ships lines of the order from one location. An order whose whole outstanding amount a provider only holds is
     * captured first (payments:write), through the same path as the move to fulfilled, once.
     */
    async create(ctx: StoreContext, orderId: string, input: ShipmentInput, options: { capture?: boolean } = {}): Promise<{ shipment: Shipment; order: OrderDetail; currency: Currency }> {
      requirePermission(ctx, 'orders:write');
      const { tenant } = ctx;
      const currency = await storeCurrency(repos, ctx);
      const before = await repos.orders.findOrder(tenant, orderId);
      if (!before) throw orderNotFound(orderId);
      if (before.status === 'pending' && coversTheRest(before) && deps.capture && options.capture !== false) await deps.capture.captureAuthorized(ctx, orderId);
      return repos.transaction(async (repos) => {
        const order = await repos.orders.lockOrder(tenant, orderId);
        if (!order) throw orderNotFound(orderId);
        const location = await repos.stock.findLocation(tenant, input.locationId);
        if (!location) throw invalid([{ path: 'locationId', rule: 'must be a location of this store (GET /v1/locations)' }]);
        if (!SHIPPABLE.includes(order.status) || (order.fulfilmentStatus !== 'unfulfilled' && order.fulfilmentStatus !== 'partially_fulfilled')) throw notShippable(order);
        const placed = await repos.orders.detail(tenant, order);
        const lines = linesToShip(placed, input.lines);
        const shipped = await shipFrom(repos, ctx, placed, location, lines, input);
        const shippedNow = shippedStatus(placed, new Map(lines.map((l) => [l.line.id, l.quantity])));
        // Every unit out: returns received while part of it was still to ship keep what they said (decision 0032).
        const fulfilmentStatus = shippedNow === 'fulfilled' ? await fullyShippedStatus(repos, tenant, orderId) : shippedNow;
        const moves = shippedNow === 'fulfilled' && order.status === 'paid';
        await repos.orders.updateOrder(tenant, orderId, { fulfilmentStatus, ...(moves ? { status: 'fulfilled' as const } : {}) }, ctx.now);
        if (moves) {
          await repos.orders.insertEvent(tenant, orderId, historyEvent(ctx, 'paid', 'fulfilled', `shipment ${shipped.shipment.id}`));
          await recordAudit(repos, ctx, { action: 'order.fulfilled', targetType: 'order', targetId: orderId, details: { from: 'paid', to: 'fulfilled', shipmentId: shipped.shipment.id } });
        }
        await recordAudit(repos, ctx, {
          action: 'shipment.create',
          targetType: 'order',
          targetId: orderId,
          details: { shipmentId: shipped.shipment.id, locationId: location.id, units: lines.reduce((n, l) => n + l.quantity, 0), fulfilmentStatus },
        });
        await queueShippingMail(repos, ctx, placed, shipped.shipment);
        const after = await repos.orders.detail(tenant, (await repos.orders.findOrder(tenant, orderId))!);
        await events.publish(repos, tenant, ctx.now, async (wants): Promise<DomainEvent[]> => [
          ...(await shippingEvents(repos, tenant, wants, after, [shipped], currency)),
          ...(moves ? [{ type: 'order.status_changed' as const, order: after, currency, from: 'paid' as const, to: 'fulfilled' as const }] : []),
        ]);
        return { shipment: shipped.shipment, order: after, currency };
      });
    },

    /** Marks a shipment delivered (once: 409 `SHIPMENT_ALREADY_DELIVERED` after). */
    async deliver(ctx: StoreContext, orderId: string, shipmentId: string): Promise<{ shipment: Shipment; order: OrderDetail; currency: Currency }> {
      requirePermission(ctx, 'orders:write');
      const { tenant } = ctx;
      const currency = await storeCurrency(repos, ctx);
      return repos.transaction(async (repos) => {
        const order = await repos.orders.lockOrder(tenant, orderId);
        if (!order) throw orderNotFound(orderId);
        const shipments = await repos.orders.shipmentsOf(tenant, orderId);
        const shipment = shipments.find((s) => s.id === shipmentId);
        if (!shipment) throw shipmentNotFound(shipmentId);
        if (!(await repos.orders.markDelivered(tenant, orderId, shipmentId, ctx.now))) {
          throw new AppError('SHIPMENT_ALREADY_DELIVERED', `Shipment ${shipmentId} was delivered already.`);
        }
        const delivered: Shipment = { ...shipment, status: 'delivered', deliveredAt: ctx.now, updatedAt: ctx.now };
        // Everything shipped (status fulfilled, whatever came back since in returns) and now all delivered.
        const moves = order.status === 'fulfilled' && shipments.every((s) => s.id === shipmentId || s.status === 'delivered');
        if (moves) {
          await repos.orders.updateOrder(tenant, orderId, { status: 'delivered' }, ctx.now);
          await repos.orders.insertEvent(tenant, orderId, historyEvent(ctx, 'fulfilled', 'delivered', `shipment ${shipmentId}`));
          await recordAudit(repos, ctx, { action: 'order.delivered', targetType: 'order', targetId: orderId, details: { from: 'fulfilled', to: 'delivered', shipmentId } });
        }
        await recordAudit(repos, ctx, { action: 'shipment.deliver', targetType: 'order', targetId: orderId, details: { shipmentId } });
        const after = await repos.orders.detail(tenant, (await repos.orders.findOrder(tenant, orderId))!);
        await events.publish(repos, tenant, ctx.now, (): DomainEvent[] => [
          { type: 'shipment.delivered', shipment: delivered, order: after },
          ...(moves ? [{ type: 'order.status_changed' as const, order: after, currency, from: 'fulfilled' as const, to: 'delivered' as const }] : []),
        ]);
        return { shipment: delivered, order: after, currency };
      });
    },
  };
}

export type ShipmentService = ReturnType<typeof createShipmentService>;
