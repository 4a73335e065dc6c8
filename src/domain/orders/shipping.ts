import type { StoreContext } from '../../context.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { StockChange } from '../catalog/inventory-service.ts';
import type { StockRepo } from '../inventory/ports.ts';
import type { LocationUnits, StockLocation } from '../inventory/types.ts';
import { newId } from '../shared/ids.ts';
import type { Wants } from '../webhooks/publisher.ts';
import type { DomainEvent } from '../webhooks/types.ts';
import type { FulfilmentStatus, OrderDetail, OrderLineDetail, Shipment } from './order-types.ts';
import type { OrderRepo } from './ports.ts';

/**
 * Shipping an order's units (docs/fulfilment.md, "Shipments"), in the caller's transaction under the order row's lock:
 * the core both the shipments routes and the lifecycle's move to `fulfilled` use.
 */

/** A level an order changed: its SKU at a location, with the units on hand and allocated before the change. */
export interface LevelMove {
  skuId: string;
  locationId: string;
  onHandBefore: number;
  allocatedBefore: number;
}

/**
 * `inventory_level.updated` for the levels an order changed (allocation, release, shipment), read as they are now, in
 * the caller's transaction; nothing read when no one subscribed.
 */
export async function orderLevelEvents(repos: { stock: Pick<StockRepo, 'findLevel'> }, tenant: StoreContext['tenant'], wants: Wants, moves: readonly LevelMove[], reason: string): Promise<DomainEvent[]> {
  if (moves.length === 0 || !wants('inventory_level.updated')) return [];
  const events: DomainEvent[] = [];
  for (const m of moves) {
    const level = await repos.stock.findLevel(tenant, m.skuId, m.locationId);
    if (level) events.push({ type: 'inventory_level.updated', level, from: m.onHandBefore, to: level.onHand, reason, allocatedFrom: m.allocatedBefore });
  }
  return events;
}

export interface ShippingRepos {
  orders: Pick<OrderRepo, 'allocationsOf' | 'insertShipment' | 'reduceAllocation'>;
  stock: Pick<StockRepo, 'findLevel' | 'shipUnits'>;
}

/** The order's lines as a shipment names them: the line, how many units, and the request path of the line (for refusals). */
export interface LineToShip {
  line: OrderLineDetail;
  quantity: number;
  path: string;
}

export interface Tracking {
  carrier?: string | null | undefined;
  trackingNumber?: string | null | undefined;
  trackingUrl?: string | null | undefined;
}

/** What one shipment did: the shipment, the SKUs' stock figures and the levels it moved (for their webhook events). */
export interface Shipped {
  shipment: Shipment;
  stock: StockChange[];
  levels: LevelMove[];
}

/** "Blue mug (MUG-BL)": a line as a merchant recognises it. */
export function lineName(line: { productName: string; skuCode: string | null }): string {
  return line.skuCode ? `${line.productName} (${line.skuCode})` : line.productName;
}

/**
 * Ships lines of an order from one location as one shipment, SKU by SKU in id order (the lock order of decision 0030).
 * Units allocated to the order at that location ship from their allocation; more than that come off what the location
 * has available, and as many of the order's allocations elsewhere are given up, so the units move and nothing is sold
 * twice. An order placed before allocation (no allocation rows) took its units off on hand when placed: its shipment
 * moves no stock. Refused (409 `INSUFFICIENT_STOCK` naming the line) when the location does not hold the units.
 */
export async function shipFrom(repos: ShippingRepos, ctx: StoreContext, order: OrderDetail, location: StockLocation, lines: readonly LineToShip[], tracking: Tracking): Promise<Shipped> {
  const { tenant } = ctx;
  const allocations = await repos.orders.allocationsOf(tenant, order.id);
  const stock: StockChange[] = [];
  const levels: LevelMove[] = [];
  const reason = `order ${order.number} shipped`;
  for (const { line, quantity, path } of [...lines].sort((a, b) => (a.line.skuId < b.line.skuId ? -1 : a.line.skuId > b.line.skuId ? 1 : 0))) {
    if (allocations.length === 0) continue;
    const own = allocations.filter((a) => a.lineId === line.id && a.quantity > 0);
    const allocatedHere = Math.min(quantity, own.find((a) => a.locationId === location.id)?.quantity ?? 0);
    let rest = quantity - allocatedHere;
    const releasedElsewhere: LocationUnits[] = [];
    for (const a of own) {
      if (rest === 0) break;
      if (a.locationId === location.id) continue;
      const take = Math.min(rest, a.quantity);
      releasedElsewhere.push({ locationId: a.locationId, quantity: take });
      rest -= take;
    }
    const touched = [location.id, ...releasedElsewhere.map((u) => u.locationId)];
    const before = await Promise.all(touched.map((at) => repos.stock.findLevel(tenant, line.skuId, at)));
    const result = await repos.stock.shipUnits(tenant, { skuId: line.skuId, locationId: location.id, quantity, allocatedHere, releasedElsewhere }, ctx.now);
    if (result === false) {
      const level = before[0];
      const spare = level ? level.onHand - level.allocated : 0;
      throw new AppError(
        'INSUFFICIENT_STOCK',
        `"${location.name}" does not hold ${quantity} units of ${lineName(line)} for this order: ${allocatedHere} are allocated to it there and ${spare} more are available there. Ship from where the units are allocated (lines[].allocations), or transfer stock there first.`,
        { details: [{ path: `${path}.quantity`, rule: `must be at most ${allocatedHere + spare} from this location` }] },
      );
    }
    await repos.orders.reduceAllocation(tenant, line.id, location.id, allocatedHere, ctx.now);
    for (const u of releasedElsewhere) await repos.orders.reduceAllocation(tenant, line.id, u.locationId, u.quantity, ctx.now);
    if (result === null) continue;
    if (result.from !== result.to) stock.push({ skuId: line.skuId, from: result.from, to: result.to, reason });
    touched.forEach((at, i) => {
      const level = before[i];
      if (level) levels.push({ skuId: line.skuId, locationId: at, onHandBefore: level.onHand, allocatedBefore: level.allocated });
    });
  }
  const shipment: Shipment = {
    id: newId('shp', ctx.now),
    orderId: order.id,
    locationId: location.id,
    carrier: tracking.carrier ?? null,
    trackingNumber: tracking.trackingNumber ?? null,
    trackingUrl: tracking.trackingUrl ?? null,
    status: 'shipped',
    lines: lines.map((l) => ({ lineId: l.line.id, skuId: l.line.skuId, quantity: l.quantity })),
    shippedAt: ctx.now,
    deliveredAt: null,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  };
  await repos.orders.insertShipment(tenant, shipment);
  return { shipment, stock, levels };
}

/** Units of each line not shipped yet. */
export function unshippedOf(order: Pick<OrderDetail, 'lines'>): Map<string, number> {
  return new Map(order.lines.map((l) => [l.id, l.quantity - l.shippedQuantity]));
}

/** The fulfilment status shipments give an order: every unit shipped, some, or none (returns come after). */
export function shippedStatus(order: Pick<OrderDetail, 'lines'>, alsoShipped: ReadonlyMap<string, number> = new Map()): FulfilmentStatus {
  const shipped = order.lines.reduce((n, l) => n + l.shippedQuantity + (alsoShipped.get(l.id) ?? 0), 0);
  const ordered = order.lines.reduce((n, l) => n + l.quantity, 0);
  return shipped === 0 ? 'unfulfilled' : shipped >= ordered ? 'fulfilled' : 'partially_fulfilled';
}

/**
 * The fulfilment status of an order whose last units have just shipped: `fulfilled`, or `partially_returned` when units
 * came back in returns received while part of it was still to ship (those units are not the ones just shipped, so never
 * all of them).
 */
export async function fullyShippedStatus(repos: { orders: Pick<OrderRepo, 'receivedReturnUnits'> }, tenant: StoreContext['tenant'], orderId: string): Promise<FulfilmentStatus> {
  return (await repos.orders.receivedReturnUnits(tenant, orderId)) > 0 ? 'partially_returned' : 'fulfilled';
}

/**
 * Matches a shipment's lines to the order's (by `lineId`, or by `skuId`: each order has one line per SKU), each line at
 * most once, never more than is not shipped yet. Throws 422 naming an unknown or repeated line, 409
 * `SHIPMENT_EXCEEDS_UNSHIPPED` naming a line asked for more than is left to ship.
 */
export function linesToShip(order: OrderDetail, lines: ReadonlyArray<{ lineId?: string | undefined; skuId?: string | undefined; quantity: number }>): LineToShip[] {
  const unshipped = unshippedOf(order);
  const problems: ErrorDetail[] = [];
  const seen = new Set<string>();
  const out: LineToShip[] = [];
  lines.forEach((l, i) => {
    const path = `lines[${i}]`;
    const line = l.lineId !== undefined ? order.lines.find((o) => o.id === l.lineId) : order.lines.find((o) => o.skuId === l.skuId);
    if (!line) {
      problems.push(l.lineId !== undefined ? { path: `${path}.lineId`, rule: 'must be a line of this order' } : { path: `${path}.skuId`, rule: 'must be the SKU of a line of this order' });
      return;
    }
    if (seen.has(line.id)) {
      problems.push({ path: `${path}.${l.lineId !== undefined ? 'lineId' : 'skuId'}`, rule: 'names a line already in this shipment' });
      return;
    }
    seen.add(line.id);
    out.push({ line, quantity: l.quantity, path });
  });
  if (problems.length > 0) throw new AppError('VALIDATION_FAILED', `The request is not valid: ${problems.map((p) => `${p.path} ${p.rule}`).join('; ')}.`, { details: problems });
  const over = out.filter((l) => l.quantity > (unshipped.get(l.line.id) ?? 0));
  if (over.length > 0) {
    const first = over[0]!;
    const left = unshipped.get(first.line.id) ?? 0;
    throw new AppError(
      'SHIPMENT_EXCEEDS_UNSHIPPED',
      `${lineName(first.line)} has ${left} unit${left === 1 ? '' : 's'} left to ship (${first.line.quantity} ordered, ${first.line.shippedQuantity} shipped); ${first.quantity} asked.`,
      { details: over.map((l) => ({ path: `${l.path}.quantity`, rule: `must be at most ${unshipped.get(l.line.id) ?? 0} (not shipped yet)` })) },
    );
  }
  return out;
}
