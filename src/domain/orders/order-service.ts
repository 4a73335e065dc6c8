import type { StoreContext, Tenant } from '../../context.ts';
import { AppError, type ErrorDetail } from '../../errors.ts';
import type { StoreRepo } from '../accounts/ports.ts';
import type { AuditRepo } from '../audit/ports.ts';
import { type InventoryService, type StockChange, stockEvents } from '../catalog/inventory-service.ts';
import type { CatalogRepo, InventoryRepo } from '../catalog/ports.ts';
import type { Sku } from '../catalog/types.ts';
import { isBanned } from '../customers/customer-rules.ts';
import type { DeliveryRepo } from '../delivery/ports.ts';
import type { EmailRepo } from '../email/ports.ts';
import type { StockRepo } from '../inventory/ports.ts';
import type { LocationUnits } from '../inventory/types.ts';
import type { PaymentService } from '../payments/payment-service.ts';
import type { PaymentRepo, ProviderPaymentRepo } from '../payments/ports.ts';
import type { PromotionRepo } from '../promotions/ports.ts';
import type { PromotionService } from '../promotions/promotion-service.ts';
import type { ReferenceService } from '../reference/reference-service.ts';
import type { SettingsRepo } from '../settings/ports.ts';
import { defaultSettingsRow, taxSettingsOrDefaults } from '../settings/store-settings.ts';
import { requirePermission } from '../shared/access.ts';
import { recordAudit } from '../shared/audit-trail.ts';
import { newId } from '../shared/ids.ts';
import { type Currency, currencyOf, storeCurrency, toMinor } from '../shared/money.ts';
import { idCursor, pageOf } from '../shared/pagination.ts';
import type { PersonalDataReads } from '../shared/personal-data.ts';
import type { Precondition } from '../shared/preconditions.ts';
import { rehearse, type Transactional } from '../shared/transactional.ts';
import { invalid } from '../shared/validation.ts';
import type { TaxCalculator, TaxRepo } from '../taxes/ports.ts';
import { orderTotal, refundTaxShare, type TaxResult } from '../taxes/tax-rules.ts';
import type { WebhookRepo } from '../webhooks/ports.ts';
import type { EventPublisher, Wants } from '../webhooks/publisher.ts';
import type { DomainEvent } from '../webhooks/types.ts';
import { orderNotFound } from './order-errors.ts';
import { coversTheRest, type Move, movesFrom, SHIP_AUTHORIZED } from './order-lifecycle.ts';
import { type Address, CHECKOUT_HOLD_EXTENSION_MS, type Order, type OrderAllocation, type OrderChannel, type OrderDetail, type OrderEvent, type OrderLine, type OrderLineDetail, type OrderQuery, type OrderStatus, type Shipment } from './order-types.ts';
import type { OrderRepo, SkuForOrder } from './ports.ts';
import { fullyShippedStatus, type LevelMove, orderLevelEvents, type Shipped, shipFrom } from './shipping.ts';

/** The repositories order-service.ts reads and writes (the composition root passes them; src/db implements them). */

/** Fulfilment statuses of an order with units still to ship. */
const UNSHIPPED: ReadonlySet<string> = new Set(['unfulfilled', 'partially_fulfilled']);
export interface OrderServiceRepos {
  audit: Pick<AuditRepo, 'insert'>;
  catalog: Pick<CatalogRepo, 'adjustStock' | 'allocateStock' | 'findSku' | 'releaseStock'>;
  delivery: Pick<DeliveryRepo, 'allZones' | 'optionWithZones'>;
  inventory: Pick<InventoryRepo, 'lowStockThreshold'>;
  orders: Pick<
    OrderRepo,
    | 'allocationsOf'
    | 'clearAllocations'
    | 'confirmationTo'
    | 'customerForOrder'
    | 'detail'
    | 'extendHold'
    | 'findOrder'
    | 'insertEvent'
    | 'insertOrder'
    | 'insertShipment'
    | 'linesOf'
    | 'listOrders'
    | 'lockOrder'
    | 'markDelivered'
    | 'reduceAllocation'
    | 'shipmentsOf'
    | 'receivedReturnUnits'
    | 'skusForOrder'
    | 'updateOrder'
    | 'updateOrderWithDetail'
  >;
  payments: Pick<PaymentRepo, 'addPaid' | 'addRefunded' | 'insertPayment' | 'listPayments' | 'lockOrder' | 'methodTotals' | 'pendingPaidMinor'>;
  providerPayments: Pick<ProviderPaymentRepo, 'listForOrder'>;
  promotions: Pick<PromotionRepo, 'claimPromotion' | 'findPromotionByCode' | 'insertRedemption' | 'redemptionsBy'>;
  settings: Pick<SettingsRepo, 'find' | 'insertIfAbsent' | 'takeOrderNumber'>;
  stock: Pick<StockRepo, 'findLevel' | 'findLocation' | 'shipUnits'>;
  stores: Pick<StoreRepo, 'findStore'>;
  taxes: Pick<TaxRepo, 'regionsOfCountry' | 'taxSettingsWithRegions'>;
  webhooks: Pick<WebhookRepo, 'subscribers' | 'insertEvents' | 'afterCommit'>;
  email: Pick<EmailRepo, 'insertMessages' | 'afterCommit'>;
}

/** Quotes a delivery option for an address inside the order transaction; refuses one that does not serve it. */
export interface DeliveryQuoter {
  quote(
    repos: Pick<OrderServiceRepos, 'delivery'>,
    ctx: StoreContext,
    input: { deliveryOptionId: string; address: { countryId: string; stateId?: string | null | undefined }; subtotalMinor: number },
  ): Promise<{ optionId: string; name: string; feeMinor: number }>;
}

export interface OrderInput {
  customerId: string;
  lines: Array<{ skuId: string; quantity: number }>;
  deliveryOptionId?: string | undefined;
  promotionCode?: string | undefined;
  note?: string | undefined;
  shippingAddress?: Address | undefined;
  billingAddress?: Address | undefined;
}

/** How an order is placed besides its input: `place` uses the defaults (channel `api`, nothing held). */
export interface PlaceOptions {
  channel?: OrderChannel | undefined;
  /** an unpaid storefront order holds its stock until then (docs/checkout.md) */
  holdExpiresAt?: Date | null | undefined;
  /** a checkout's order: where the pay page sends the shopper back after paying */
  returnUrl?: string | null | undefined;
  /** the customer as the caller read or made it in this transaction (a checkout's): not read again */
  customer?: PlacingCustomer | undefined;
  /**
   * The lines, delivery and tax as the caller priced them in this transaction with the same rules (a cart's pricing,
   * `priceDeliveryAndTax`, for these lines, addresses and delivery option): used as they are when the promotion's
   * discount counted now is the one they were priced with, instead of pricing again.
   */
  priced?: PricedInput | undefined;
}

/** The customer an order is placed for, as `OrderRepo.customerForOrder` reads it. */
export type PlacingCustomer = NonNullable<Awaited<ReturnType<OrderServiceRepos['orders']['customerForOrder']>>>;

/** What a caller priced before placing (`PlaceOptions.priced`). */
export interface PricedInput {
  /** the SKUs of the lines, read in this transaction */
  skus: ReadonlyMap<string, SkuForOrder>;
  /** the id each input line had when priced (its tax lines name it), in the order of `OrderInput.lines` */
  lineIds: readonly string[];
  discountMinor: number;
  deliveryAndTax: DeliveryAndTax;
}

/** What `priceDeliveryAndTax` answers. */
export interface DeliveryAndTax {
  option: { optionId: string; name: string } | null;
  deliveryFeeMinor: number;
  tax: TaxResult;
  taxSettings: { pricesIncludeTax: boolean; shippingTaxClass: string };
  totalMinor: number;
}

export interface TransitionInput {
  to: OrderStatus;
  note?: string | undefined;
  /** decimal in the order currency, for partial refunds */
  amount?: number | undefined;
}

function event(ctx: StoreContext, from: OrderStatus | null, to: OrderStatus, note: string | null, amountMinor: number | null): OrderEvent {
  return { id: newId('oev', ctx.now), fromStatus: from, toStatus: to, note, amountMinor, actorType: ctx.actor.type, actorId: ctx.actor.id, actorLabel: ctx.actor.label, createdAt: ctx.now };
}

/** Line total: price × quantity less the SKU's discount, rounded half up to the minor unit. */
export function lineTotal(unitPriceMinor: number, discountBp: number, quantity: number): number {
  const gross = unitPriceMinor * quantity;
  return gross - Math.round((gross * discountBp) / 10_000);
}

/**
 * The part of an order's price after its lines and discount, shared by placing an order and pricing a cart
 * (src/domain/carts): the delivery fee of the option for the shipping address (quoted on the subtotal after the
 * discount; a refusal is the quoter's 422 naming `deliveryOptionId`), the tax of the lines and the fee by the tax
 * calculator (docs/taxes.md: it follows the shipping address, else the billing address, with the store's tax settings
 * as they are now), and the total (`orderTotal`). Integer minor units throughout.
 */
export async function priceDeliveryAndTax(
  repos: Pick<OrderServiceRepos, 'delivery' | 'taxes'>,
  ctx: StoreContext,
  deps: { delivery: DeliveryQuoter; taxes: TaxCalculator },
  input: {
    lines: ReadonlyArray<{ id: string; lineTotalMinor: number; taxClass: string }>;
    subtotalMinor: number;
    discountMinor: number;
    deliveryOptionId?: string | null | undefined;
    shippingAddress: Address | null;
    billingAddress: Address | null;
  },
): Promise<DeliveryAndTax> {
  const { subtotalMinor, discountMinor, shippingAddress, billingAddress } = input;
  let deliveryFeeMinor = 0;
  let option: { optionId: string; name: string } | null = null;
  if (input.deliveryOptionId) {
    if (!shippingAddress) throw invalid([{ path: 'shippingAddress', rule: 'is required with a delivery option (the customer has no address on file)' }]);
    const quote = await deps.delivery.quote(repos, ctx, { deliveryOptionId: input.deliveryOptionId, address: shippingAddress, subtotalMinor: subtotalMinor - discountMinor });
    deliveryFeeMinor = quote.feeMinor;
    option = quote;
  }
  // Tax follows the shipping address (else the billing address), with the store's settings as they are now;
  // the result is kept on the order, so a later change of rates or settings never rewrites it.
  const address = shippingAddress ?? billingAddress;
  const read = await repos.taxes.taxSettingsWithRegions(ctx.tenant, address?.countryId ?? null);
  const taxSettings = taxSettingsOrDefaults(read.settings, ctx.tenant.mode);
  // The calculator's read of the country's regions answers the ones read with the settings.
  const regionsRead = (tenant: Tenant, countryId: string) =>
    tenant.storeId === ctx.tenant.storeId && tenant.mode === ctx.tenant.mode && countryId === address?.countryId ? Promise.resolve(read.regions) : repos.taxes.regionsOfCountry(tenant, countryId);
  const tax = await deps.taxes.calculate({ taxes: { regionsOfCountry: regionsRead } }, ctx, {
    address,
    pricesIncludeTax: taxSettings.pricesIncludeTax,
    lines: input.lines.map((l) => ({ orderLineId: l.id, amountMinor: l.lineTotalMinor, taxClass: l.taxClass })),
    discountMinor,
    shipping: option ? { amountMinor: deliveryFeeMinor, taxClass: taxSettings.shippingTaxClass } : null,
  });
  const totalMinor = orderTotal({ subtotalMinor, discountMinor, deliveryFeeMinor, taxTotalMinor: tax.taxTotalMinor, pricesIncludeTax: taxSettings.pricesIncludeTax });
  return { option, deliveryFeeMinor, tax, taxSettings, totalMinor };
}

/**
 * The address rules of orders (and carts): the country from the reference data, the state one of that country's.
 * Answers the broken rules naming `path`; checked before any transaction opens (the reference service may read).
 */
export async function checkOrderAddress(reference: Pick<ReferenceService, 'listCountries' | 'listStates'>, ctx: StoreContext, address: Address | null | undefined, path: string): Promise<ErrorDetail[]> {
  if (!address) return [];
  const countries = await reference.listCountries(ctx);
  if (!countries.some((c) => c.id === address.countryId)) return [{ path: `${path}.countryId`, rule: 'must be a country id from GET /v1/countries' }];
  if (address.stateId) {
    const states = await reference.listStates(ctx, address.countryId);
    if (!states.some((s) => s.id === address.stateId)) return [{ path: `${path}.stateId`, rule: 'must be a state of the country, from GET /v1/states/{countryId}' }];
  }
  return [];
}

/**
 * Releases what an order still has allocated, at the locations that hold it, SKU by SKU in id order (the lock order of
 * decision 0030), in the caller's transaction; then the order's allocations are 0. An order placed before allocation
 * (no allocation rows) took its units off on hand: they go back to the store's default location, as they did before.
 * Answers the SKUs' stock changes and the levels changed (for their webhook events).
 */
export async function releaseOrderStock(
  repos: Pick<OrderServiceRepos, 'catalog' | 'orders' | 'stock'>,
  ctx: StoreContext,
  order: Pick<Order, 'id'>,
  reason: string,
): Promise<{ stock: StockChange[]; levels: LevelMove[] }> {
  const { tenant } = ctx;
  const stock: StockChange[] = [];
  const levels: LevelMove[] = [];
  const allocations = await repos.orders.allocationsOf(tenant, order.id);
  if (allocations.length === 0) {
    for (const line of (await repos.orders.linesOf(tenant, order.id)).sort((a, b) => (a.skuId < b.skuId ? -1 : 1))) {
      // A SKU deleted since the order was placed has nowhere to go back to.
      const sku = await repos.catalog.adjustStock(tenant, line.skuId, line.quantity, ctx.now);
      if (sku !== null) stock.push({ skuId: line.skuId, from: sku.quantityInStock - line.quantity, to: sku.quantityInStock, reason, sku });
    }
    return { stock, levels };
  }
  const bySku = new Map<string, LocationUnits[]>();
  for (const a of allocations) {
    if (a.quantity === 0) continue;
    const units = bySku.get(a.skuId) ?? [];
    const same = units.find((u) => u.locationId === a.locationId);
    if (same) same.quantity += a.quantity;
    else units.push({ locationId: a.locationId, quantity: a.quantity });
    bySku.set(a.skuId, units);
  }
  for (const skuId of [...bySku.keys()].sort()) {
    const units = bySku.get(skuId)!;
    const before = await Promise.all(units.map((u) => repos.stock.findLevel(tenant, skuId, u.locationId)));
    const released = await repos.catalog.releaseStock(tenant, skuId, units, ctx.now);
    if (released === null) continue;
    stock.push({ skuId, from: released.from, to: released.sku.quantityInStock, reason, sku: released.sku });
    units.forEach((u, i) => {
      const level = before[i];
      if (level) levels.push({ skuId, locationId: u.locationId, onHandBefore: level.onHand, allocatedBefore: level.allocated });
    });
  }
  await repos.orders.clearAllocations(tenant, order.id, ctx.now);
  return { stock, levels };
}

/**
 * Ships everything of the order not shipped yet, from the locations its units are allocated at: one shipment per
 * location, without carrier (the lifecycle's move to `fulfilled`, decision 0032). An order placed before allocation has
 * no allocations: nothing to ship, its units left the shelves' count when it was placed.
 */
async function shipTheRest(repos: OrderServiceRepos, ctx: StoreContext, order: Order): Promise<Shipped[]> {
  const placed = await repos.orders.detail(ctx.tenant, order);
  const allocations = (await repos.orders.allocationsOf(ctx.tenant, order.id)).filter((a) => a.quantity > 0);
  const shipped: Shipped[] = [];
  for (const locationId of [...new Set(allocations.map((a) => a.locationId))].sort()) {
    const location = await repos.stock.findLocation(ctx.tenant, locationId);
    if (!location) continue;
    const lines = allocations
      .filter((a) => a.locationId === locationId)
      .map((a) => ({ line: placed.lines.find((l) => l.id === a.lineId)!, quantity: a.quantity, path: 'to' }))
      .filter((l) => l.line !== undefined);
    shipped.push(await shipFrom(repos, ctx, placed, location, lines, {}));
  }
  return shipped;
}

/** Marks every open shipment of the order delivered (the lifecycle's move to `delivered`); answers them as they are now. */
async function deliverAll(repos: OrderServiceRepos, ctx: StoreContext, orderId: string): Promise<Shipment[]> {
  const open = (await repos.orders.shipmentsOf(ctx.tenant, orderId)).filter((s) => s.status === 'shipped');
  for (const s of open) await repos.orders.markDelivered(ctx.tenant, orderId, s.id, ctx.now);
  return open.map((s) => ({ ...s, status: 'delivered' as const, deliveredAt: ctx.now, updatedAt: ctx.now }));
}

/** `shipment.created` for each shipment, then the stock and levels they moved, in the caller's transaction. */
export async function shippingEvents(
  repos: Pick<OrderServiceRepos, 'catalog' | 'inventory' | 'stock'>,
  tenant: StoreContext['tenant'],
  wants: Wants,
  order: OrderDetail,
  shipped: readonly Shipped[],
  currency: Currency,
): Promise<DomainEvent[]> {
  const events: DomainEvent[] = shipped.map((s) => ({ type: 'shipment.created' as const, shipment: s.shipment, order }));
  for (const s of shipped) {
    events.push(...(await stockEvents(repos, tenant, wants, s.stock, currency)));
    events.push(...(await orderLevelEvents(repos, tenant, wants, s.levels, `order ${order.number} shipped`)));
  }
  return events;
}

/** The order list's cursor: the id of a page's last order. */
export const orderCursor = idCursor({ prefix: 'ord', refusal: 'query' });

/**
 * Orders: the server prices them (SKU prices and discounts, promotion, delivery fee), takes stock atomically, and moves
 * them through the lifecycle table in `order-lifecycle.ts`, keeping every move in the order's history.
 */
export function createOrderService(deps: {
  repos: Transactional<OrderServiceRepos>;
  /** Where reads of orders (personal data: names, addresses) are noted for the audit log. */
  reads: PersonalDataReads;
  reference: ReferenceService;
  delivery: DeliveryQuoter;
  /** The tax of an order, asked while placing it (docs/taxes.md): the built-in table calculator, or another behind the port. */
  taxes: TaxCalculator;
  /** Payments and refunds of an order's moves, in the order's transaction. */
  payments: Pick<PaymentService, 'recordPayment' | 'refundOrder'>;
  /** The order's discount code, checked and counted in the order's transaction. */
  promotions: Pick<PromotionService, 'applyPromotion'>;
  /** The webhook events of the stock an order takes or gives back, in the order's transaction. */
  inventory: Pick<InventoryService, 'stockEvents'>;
  /** The webhook outbox: order events are published in the transaction of the change. */
  events: Pick<EventPublisher, 'publish'>;
  /**
   * A storefront order just paid, in the payment's transaction (docs/checkout.md): the checkout's completion (the
   * shopper's confirmation mail, `checkout.completed`). Absent: nothing more.
   */
  storefrontPaid?: ((repos: OrderServiceRepos, ctx: StoreContext, order: OrderDetail) => Promise<void>) | undefined;
  /**
   * Sends an order's pending card refunds to the payment provider that took the money, after the move commits
   * (provider-payment-service.ts); absent: refunds are recorded as succeeded at once, as for money taken by hand.
   */
  refunds?:
    | {
        sendPending(ctx: StoreContext, orderId: string): Promise<void>;
        releaseAuthorizations(ctx: StoreContext, orderId: string): Promise<void>;
        /** Captures what providers authorized for the order (payments:write), recording it and moving the order as a capture does. */
        captureAuthorized(ctx: StoreContext, orderId: string): Promise<void>;
        /** Refuses as `captureAuthorized` would (payments:write, nothing to capture), calling no provider. */
        checkCapture(ctx: StoreContext, orderId: string): Promise<void>;
      }
    | undefined;
}) {
  const { repos, reference, delivery, payments, promotions, inventory, events } = deps;

  /** Country from the reference data, state of that country (checked before any transaction opens). */
  const checkAddress = (ctx: StoreContext, address: Address | null | undefined, path: string) => checkOrderAddress(reference, ctx, address, path);

  async function detail(repos: OrderServiceRepos, ctx: StoreContext, id: string): Promise<OrderDetail> {
    const order = await repos.orders.findOrder(ctx.tenant, id);
    if (!order) throw orderNotFound(id);
    return repos.orders.detail(ctx.tenant, order);
  }

  /** One move of the lifecycle table, in the caller's transaction (`transition`, and `checkTransition`'s rehearsal). */
  async function makeMove(repos: OrderServiceRepos, ctx: StoreContext, id: string, input: TransitionInput, currency: Currency): Promise<{ order: OrderDetail; currency: Currency; pendingRefunds: boolean; releases: boolean }> {
    const { tenant } = ctx;
    const order = await repos.orders.lockOrder(tenant, id);
    if (!order) throw orderNotFound(id);
    const move = movesFrom(order.status).find((m) => m.to === input.to);
    if (!move) {
      const allowed = movesFrom(order.status).map((m) => m.to);
      throw new AppError(
        'ORDER_TRANSITION_NOT_ALLOWED',
        `Order ${order.number} is ${order.status}; it cannot move to ${input.to}. ${allowed.length ? `Allowed now: ${[...new Set(allowed)].join(', ')}.` : 'No move is allowed from this state.'}`,
        { details: [{ path: 'to', rule: `not allowed from ${order.status}` }] },
      );
    }
    if (input.to === 'cancelled' && order.fulfilmentStatus !== 'unfulfilled') {
      throw new AppError('ORDER_TRANSITION_NOT_ALLOWED', `Order ${order.number} has shipped units (${order.fulfilmentStatus}); it cannot be cancelled. Refund it, and take the units back with a return.`, {
        details: [{ path: 'to', rule: `not allowed once units have shipped` }],
      });
    }
    if (input.amount !== undefined && move.refund !== 'amount') throw invalid([{ path: 'amount', rule: `is only for partial refunds (to: partially_refunded)` }]);
    const refundable = order.paidMinor - order.refundedMinor;
    let amountMinor: number | null = null;
    let to = move.to;
    if (move.capturesPayment) {
      // Payments already recorded against the order (GET /v1/orders/{id}/payments) count; the rest is recorded now.
      const outstanding = order.totalMinor - order.paidMinor;
      amountMinor = outstanding;
      if (outstanding > 0) await payments.recordPayment(repos, ctx, { orderId: id, kind: 'payment', method: 'manual', amountMinor: outstanding });
    }
    if (move.refund === 'full' || move.refund === 'all-paid') {
      amountMinor = refundable;
    } else if (move.refund === 'amount') {
      if (input.amount === undefined) throw invalid([{ path: 'amount', rule: 'is required for a partial refund' }]);
      const minor = toMinor(input.amount, currency);
      if (minor === null || !(minor > 0)) {
        throw invalid([{ path: 'amount', rule: `must be more than 0 with at most ${currency.digits} decimal places` }]);
      }
      if (minor > refundable) {
        throw new AppError('REFUND_EXCEEDS_PAYMENT', `A refund of ${input.amount} would exceed what is left of the payment (${refundable / 10 ** currency.digits}).`, {
          details: [{ path: 'amount', rule: `must be at most ${refundable / 10 ** currency.digits}` }],
        });
      }
      amountMinor = minor;
      if (minor === refundable) to = 'refunded';
    }
    // Refunds go through the payments area, which splits them over the methods the order was paid with.
    // Card money a provider took goes back through that provider: its refunds stay pending until it confirms.
    const viaProvider = deps.refunds !== undefined && (await repos.providerPayments.listForOrder(tenant, id)).some((p) => p.status === 'succeeded' && p.paymentId !== null);
    const refunds =
      move.refund && amountMinor !== null && amountMinor > 0 ? (await payments.refundOrder(repos, ctx, { orderId: id, amountMinor, pendingMethods: viaProvider ? ['card'] : [] })).refunds : [];
    const released = move.returnsStock ? await releaseOrderStock(repos, ctx, order, `order ${order.number} ${to}`) : { stock: [], levels: [] };
    // The move to fulfilled ships what is not shipped yet, from where it is allocated (decision 0032); the move to
    // delivered delivers the open shipments. Either way all of the order is fulfilled.
    const shipped = to === 'fulfilled' ? await shipTheRest(repos, ctx, order) : [];
    const delivered = to === 'delivered' ? await deliverAll(repos, ctx, id) : [];
    // Any move out of pending ends a storefront order's stock hold (docs/checkout.md): paid, the stock stays the
    // order's; cancelled, it was released above.
    await repos.orders.updateOrder(
      tenant,
      id,
      // All of it shipped now; what came back in returns stays said (partially_returned, returned).
      {
        status: to,
        ...((to === 'fulfilled' || to === 'delivered') && UNSHIPPED.has(order.fulfilmentStatus) ? { fulfilmentStatus: await fullyShippedStatus(repos, tenant, id) } : {}),
        ...(order.holdExpiresAt !== null ? { holdExpiresAt: null } : {}),
      },
      ctx.now,
    );
    await repos.orders.insertEvent(ctx.tenant, id, event(ctx, order.status, to, input.note ?? null, amountMinor), true);
    await recordAudit(repos, ctx, { action: `order.${to}`, targetType: 'order', targetId: id, details: { from: order.status, to, ...(amountMinor !== null ? { amountMinor } : {}) } });
    const moved = await detail(repos, ctx, id);
    const refunded = move.refund !== undefined && amountMinor !== null && amountMinor > 0 ? amountMinor : null;
    // Stock coming back never crosses the low-stock threshold downwards: stockEvents gives sku.stock_changed only.
    await events.publish(repos, tenant, ctx.now, async (wants): Promise<DomainEvent[]> => [
      { type: 'order.status_changed', order: moved, currency, from: order.status, to },
      ...(refunded !== null ? [{ type: 'order.refunded' as const, order: moved, currency, amountMinor: refunded, taxMinor: refundTaxShare(order, order.refundedMinor, refunded) }] : []),
      ...refunds.filter((r) => r.status === 'succeeded').map((refund) => ({ type: 'refund.succeeded' as const, refund, currency: order.currency })),
      ...(await inventory.stockEvents(repos, tenant, wants, released.stock, currency)),
      ...(await orderLevelEvents(repos, tenant, wants, released.levels, `order ${order.number} ${to}`)),
      ...(await shippingEvents(repos, tenant, wants, moved, shipped, currency)),
      ...delivered.map((shipment) => ({ type: 'shipment.delivered' as const, shipment, order: moved })),
    ]);
    if (to === 'paid' && order.channel === 'storefront') await deps.storefrontPaid?.(repos, ctx, moved);
    // A cancelled order's money held at a provider (authorized, not captured) is released after the commit.
    return { order: moved, currency, pendingRefunds: refunds.some((r) => r.status === 'pending'), releases: to === 'cancelled' && order.authorizedMinor > 0 };
  }

  /**
   * The order placed in the caller's transaction: the customer (not banned), the SKUs, the stock allocated in SKU-id
   * order, the promotion counted, delivery and tax priced, the history, audit entry and `order.created`. `place` and
   * the storefront's checkout call it.
   */
  async function placeIn(repos: OrderServiceRepos, ctx: StoreContext, input: OrderInput, currency: Currency, options: PlaceOptions = {}): Promise<{ order: OrderDetail; currency: Currency }> {
    const { tenant } = ctx;
    const customer = options.customer?.id === input.customerId ? options.customer : await repos.orders.customerForOrder(tenant, input.customerId);
    if (!customer) throw invalid([{ path: 'customerId', rule: 'must be a customer of this store (GET /v1/customers)' }]);
    if (isBanned(customer, ctx.now)) {
      throw new AppError('CUSTOMER_BANNED', `Customer ${customer.id} is banned${customer.banReason ? ` (${customer.banReason})` : ''} and cannot place orders. Unban them first.`, {
        details: [{ path: 'customerId', rule: 'must not be banned' }],
      });
    }
    const skus = options.priced?.skus ?? (await repos.orders.skusForOrder(tenant, input.lines.map((l) => l.skuId)));
    const details: ErrorDetail[] = [];
    const lines: OrderLine[] = [];
    input.lines.forEach((line, i) => {
      const sku = skus.get(line.skuId);
      if (!sku) {
        details.push({ path: `lines[${i}].skuId`, rule: 'must be a SKU of this store' });
        return;
      }
      if (sku.productStatus !== 'active') details.push({ path: `lines[${i}].skuId`, rule: `belongs to a product that is ${sku.productStatus}, not active` });
      lines.push({
        id: newId('oln', ctx.now),
        skuId: sku.skuId,
        productId: sku.productId,
        productName: sku.productName,
        skuCode: sku.skuCode,
        attributes: sku.attributes,
        unitPriceMinor: sku.priceMinor,
        discountBp: sku.discountBp,
        quantity: line.quantity,
        lineTotalMinor: lineTotal(sku.priceMinor, sku.discountBp, line.quantity),
      });
    });
    if (details.length > 0) throw invalid(details);

    // Allocate stock in a fixed order (by SKU id) so concurrent orders never wait on each other in a cycle.
    const taken: Array<{ skuId: string; from: number; to: number; sku: Sku }> = [];
    const allocations: OrderAllocation[] = [];
    const levelMoves: LevelMove[] = [];
    /** the line's allocations as the order's detail shows them */
    const allocatedAt = new Map<string, OrderLineDetail['allocations']>();
    const bySkuId = [...lines].sort((a, b) => (a.skuId < b.skuId ? -1 : 1));
    const allocated = await repos.catalog.allocateStock(
      tenant,
      bySkuId.map((l) => ({ skuId: l.skuId, quantity: l.quantity })),
      ctx.now,
    );
    if (allocated.short !== undefined) {
      const line = bySkuId.find((l) => l.skuId === allocated.short)!;
      const sku = await repos.catalog.findSku(tenant, line.skuId);
      const available = sku?.quantityInStock ?? 0;
      const i = input.lines.findIndex((l) => l.skuId === line.skuId);
      throw new AppError(
        'INSUFFICIENT_STOCK',
        `Not enough stock for SKU ${line.skuId}${line.skuCode ? ` (${line.skuCode})` : ''}: ${line.quantity} ordered, ${available} left.`,
        { details: [{ path: `lines[${i}].quantity`, rule: `must be at most ${available} (in stock)` }] },
      );
    }
    bySkuId.forEach((line, i) => {
      const { sku: left, allocations: units } = allocated.allocated[i]!;
      taken.push({ skuId: line.skuId, from: left.quantityInStock + line.quantity, to: left.quantityInStock, sku: left });
      for (const a of units) {
        allocations.push({ lineId: line.id, skuId: line.skuId, locationId: a.locationId, quantity: a.quantity });
        levelMoves.push({ skuId: line.skuId, locationId: a.locationId, onHandBefore: a.onHand, allocatedBefore: a.allocated - a.quantity });
      }
      allocatedAt.set(line.id, units.map((a) => ({ locationId: a.locationId, locationName: a.locationName, quantity: a.quantity })));
    });

    const subtotalMinor = lines.reduce((sum, l) => sum + l.lineTotalMinor, 0);
    const orderId = newId('ord', ctx.now);
    let discountMinor = 0;
    let promotion: { id: string; code: string } | null = null;
    if (input.promotionCode) {
      const applied = await promotions.applyPromotion(repos, ctx, { code: input.promotionCode, customerId: customer.id, subtotalMinor, orderId, currency });
      discountMinor = applied.discountMinor;
      promotion = { id: applied.promotion.id, code: applied.promotion.code };
    }
    const shippingAddress = input.shippingAddress ?? customer.addresses[0] ?? null;
    const billingAddress = input.billingAddress ?? shippingAddress;
    // Priced by the caller with the same rules and the same discount: as it is, its tax lines naming the order's lines.
    const before = options.priced?.discountMinor === discountMinor ? options.priced : undefined;
    const lineIdOf = new Map(before?.lineIds.map((id, i) => [id, lines[i]!.id]));
    const priced: DeliveryAndTax = before
      ? {
          ...before.deliveryAndTax,
          tax: { ...before.deliveryAndTax.tax, lines: before.deliveryAndTax.tax.lines.map((t) => ({ ...t, orderLineId: t.orderLineId === null ? null : (lineIdOf.get(t.orderLineId) ?? t.orderLineId) })) },
        }
      : await priceDeliveryAndTax(repos, ctx, { delivery, taxes: deps.taxes }, {
          lines: lines.map((l) => ({ id: l.id, lineTotalMinor: l.lineTotalMinor, taxClass: skus.get(l.skuId)!.taxClass })),
          subtotalMinor,
          discountMinor,
          deliveryOptionId: input.deliveryOptionId,
          shippingAddress,
          billingAddress,
        });
    const { option, deliveryFeeMinor, tax, taxSettings } = priced;
    const order: Order = {
      id: orderId,
      // The store's next number, taken with the insert below (on PostgreSQL in its statement).
      number: '',
      customerId: customer.id,
      customerName: customer.name,
      status: 'pending',
      fulfilmentStatus: 'unfulfilled',
      currency: currency.code,
      subtotalMinor,
      discountMinor,
      deliveryFeeMinor,
      taxTotalMinor: tax.taxTotalMinor,
      pricesIncludeTax: taxSettings.pricesIncludeTax,
      totalMinor: priced.totalMinor,
      paidMinor: 0,
      refundedMinor: 0,
      authorizedMinor: 0,
      promotionId: promotion?.id ?? null,
      promotionCode: promotion?.code ?? null,
      deliveryOptionId: option?.optionId ?? null,
      deliveryOptionName: option?.name ?? null,
      shippingAddress,
      billingAddress,
      note: input.note ?? null,
      channel: options.channel ?? 'api',
      holdExpiresAt: options.holdExpiresAt ?? null,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    };
    const created = event(ctx, null, 'pending', input.note ?? null, null);
    order.number = await repos.orders.insertOrder(tenant, order, lines, tax.lines, options.returnUrl ?? null, { allocations, event: created, numbering: defaultSettingsRow(tenant.mode, ctx.now) });
    if (promotion) await repos.promotions.insertRedemption(tenant, { id: newId('red', ctx.now), promotionId: promotion.id, orderId, customerId: customer.id }, ctx.now);
    await recordAudit(repos, ctx, { action: 'order.create', targetType: 'order', targetId: orderId, details: { number: order.number, totalMinor: order.totalMinor, taxTotalMinor: order.taxTotalMinor, lines: lines.length } });
    // The detail as just written (what reading it back would answer): nothing shipped yet, one history entry.
    const placed: OrderDetail = {
      ...order,
      lines: lines.map((l) => ({ ...l, allocations: allocatedAt.get(l.id) ?? [], shippedQuantity: 0 })),
      taxLines: tax.lines,
      history: [created],
    };
    const stock = taken.map((c) => ({ ...c, reason: `order ${order.number}` }));
    await events.publish(repos, tenant, ctx.now, async (wants): Promise<DomainEvent[]> => [
      { type: 'order.created', order: placed, currency },
      ...(await inventory.stockEvents(repos, tenant, wants, stock, currency)),
      ...(await orderLevelEvents(repos, tenant, wants, levelMoves, `order ${order.number}`)),
    ]);
    return { order: placed, currency };

  }

  return {
    async get(ctx: StoreContext, id: string): Promise<{ order: OrderDetail; currency: Currency }> {
      requirePermission(ctx, 'orders:read');
      const order = await detail(repos, ctx, id);
      deps.reads.note(ctx, 'orders', 1);
      return { order, currency: await storeCurrency(repos, ctx) };
    },

    async list(ctx: StoreContext, query: OrderQuery): Promise<{ items: Order[]; nextCursor: string | null; currency: Currency }> {
      requirePermission(ctx, 'orders:read');
      const after = query.cursor === undefined ? undefined : orderCursor.decode(query.cursor);
      const rows = await repos.orders.listOrders(ctx.tenant, query, after);
      const page = pageOf(rows, query.limit, (last) => orderCursor.encode(last.id));
      deps.reads.note(ctx, 'orders', page.items.length);
      return { ...page, currency: await storeCurrency(repos, ctx) };
    },

    /** Places an order: prices, promotion, delivery and stock in one transaction, all or nothing (channel `api`). */
    async place(ctx: StoreContext, input: OrderInput): Promise<{ order: OrderDetail; currency: Currency }> {
      requirePermission(ctx, 'orders:write');
      const currency = await storeCurrency(repos, ctx);
      const details: ErrorDetail[] = [];
      const seen = new Map<string, number>();
      input.lines.forEach((line, i) => {
        if (seen.has(line.skuId)) details.push({ path: `lines[${i}].skuId`, rule: `repeats lines[${seen.get(line.skuId)}]; order a larger quantity instead` });
        seen.set(line.skuId, i);
      });
      details.push(...(await checkAddress(ctx, input.shippingAddress, 'shippingAddress')), ...(await checkAddress(ctx, input.billingAddress, 'billingAddress')));
      if (details.length > 0) throw invalid(details);

      return repos.transaction((repos) => placeIn(repos, ctx, input, currency));
    },

    /**
     * Places an order in the caller's transaction, checking no permission: a storefront's checkout (docs/checkout.md)
     * places its cart's order this way, with channel `storefront` and the stock held until `holdExpiresAt`. The lines
     * and addresses must have passed `place`'s checks before (a cart's writes check them).
     */
    placeIn,

    /**
     * After a payment provider's money was recorded on the order (in the caller's transaction: the completion of a
     * provider payment, docs/payments.md): a pending order whose succeeded payments now cover its total moves to
     * `paid`, with its history entry, audit entry and `order.status_changed` event. Anything else is left as it is.
     */
    async settlePaidOrder(repos: OrderServiceRepos, ctx: StoreContext, orderId: string, note: string, held?: Order): Promise<void> {
      // `held`: the order as the caller locked it in this transaction and changed it since (not read again).
      const order = held?.id === orderId ? held : await repos.orders.lockOrder(ctx.tenant, orderId);
      if (order?.status !== 'pending' || order.paidMinor < order.totalMinor) return;
      const currency = currencyOf(order.currency);
      // Paid ends a storefront order's stock hold in the same transaction: the held stock is the order's from now on.
      // The order as the update leaves it (locked since), its lines, history and the rest read with the update.
      const moved = await repos.orders.updateOrderWithDetail(ctx.tenant, order, { status: 'paid', ...(order.holdExpiresAt !== null ? { holdExpiresAt: null } : {}) }, ctx.now, event(ctx, 'pending', 'paid', note, order.paidMinor));
      await recordAudit(repos, ctx, { action: 'order.paid', targetType: 'order', targetId: orderId, details: { from: 'pending', to: 'paid', amountMinor: order.paidMinor } });
      await events.publish(repos, ctx.tenant, ctx.now, (): DomainEvent[] => [{ type: 'order.status_changed', order: moved, currency, from: 'pending', to: 'paid' }]);
      if (moved.channel === 'storefront') await deps.storefrontPaid?.(repos, ctx, moved);
    },

    /**
     * A 3-D Secure challenge opened for the order (docs/checkout.md): a storefront order's stock hold is lengthened,
     * once, to `CHECKOUT_HOLD_EXTENSION_MS` after now when that is later than its end. In the caller's transaction.
     */
    async extendHold(repos: OrderServiceRepos, ctx: StoreContext, orderId: string): Promise<void> {
      const order = await repos.orders.findOrder(ctx.tenant, orderId);
      const until = new Date(ctx.now.getTime() + CHECKOUT_HOLD_EXTENSION_MS);
      if (order?.status !== 'pending' || order.holdExpiresAt === null || order.holdExpiresAt.getTime() >= until.getTime()) return;
      await repos.orders.extendHold(ctx.tenant, orderId, until, ctx.now);
    },

    /**
     * Cancels a pending storefront order whose stock hold ended (the cleanup, docs/checkout.md), in the caller's
     * transaction: under the order's row lock, so a payment completing at the same moment either came first (the order
     * is paid: nothing happens here) or comes after (the order is cancelled: the payment is flagged, never lost). The
     * stock comes back through the lifecycle's cancel, with a history entry saying why. Null when there was nothing to do.
     */
    async cancelExpiredHold(repos: OrderServiceRepos, ctx: StoreContext, orderId: string): Promise<{ order: OrderDetail; releases: boolean } | null> {
      const order = await repos.orders.lockOrder(ctx.tenant, orderId);
      if (order?.status !== 'pending' || order.holdExpiresAt === null || order.holdExpiresAt.getTime() > ctx.now.getTime()) return null;
      const note = `Not paid before the checkout's stock hold ended (${order.holdExpiresAt.toISOString()}): cancelled and the stock released.`;
      const moved = await makeMove(repos, ctx, orderId, { to: 'cancelled', note }, currencyOf(order.currency));
      return { order: moved.order, releases: moved.releases };
    },

    /** The moves allowed from the order's current state. */
    async transitions(ctx: StoreContext, id: string): Promise<{ status: OrderStatus; moves: readonly Move[]; refundableMinor: number; currency: Currency }> {
      requirePermission(ctx, 'orders:read');
      const order = await repos.orders.findOrder(ctx.tenant, id);
      if (!order) throw orderNotFound(id);
      const moves = order.status === 'pending' && coversTheRest(order) ? [...movesFrom(order.status), SHIP_AUTHORIZED] : movesFrom(order.status);
      return { status: order.status, moves, refundableMinor: order.paidMinor - order.refundedMinor, currency: await storeCurrency(repos, ctx) };
    },

    /** Makes one move of the lifecycle table; anything else is 409 naming the current state. */
    /**
     * `captureWhenShipping` (default true): shipping an order whose payment a provider holds captures it first. The
     * AI connector passes false: there a capture is a money move the merchant confirms (update_order_status to paid).
     */
    async transition(ctx: StoreContext, id: string, input: TransitionInput, options: { captureWhenShipping?: boolean } = {}): Promise<{ order: OrderDetail; currency: Currency }> {
      requirePermission(ctx, 'orders:write');
      const currency = await storeCurrency(repos, ctx);
      if ((input.to === 'paid' || (input.to === 'fulfilled' && options.captureWhenShipping !== false)) && deps.refunds) {
        // Money a provider holds for the order is taken there, not recorded as a manual payment beside the hold: the
        // move to paid of an authorized order captures it first (payments:write), and the capture moves the order.
        // Shipping it (fulfilled) captures the same way first, then ships the paid order: capture when shipped.
        const order = await repos.orders.findOrder(ctx.tenant, id);
        if (order && order.status === 'pending' && order.authorizedMinor > 0 && (input.to === 'paid' || coversTheRest(order))) {
          await deps.refunds.captureAuthorized(ctx, id);
          const after = await repos.orders.findOrder(ctx.tenant, id);
          if (after?.status === 'paid' && input.to === 'paid') return { order: await detail(repos, ctx, id), currency };
        }
      }
      const moved = await repos.transaction((repos) => makeMove(repos, ctx, id, input, currency));
      if ((!moved.pendingRefunds && !moved.releases) || !deps.refunds) return { order: moved.order, currency };
      // After the commit: the provider is called outside the transaction, then the refund settled in one of its own.
      if (moved.pendingRefunds) await deps.refunds.sendPending(ctx, id);
      if (moved.releases) await deps.refunds.releaseAuthorizations(ctx, id);
      return { order: await detail(repos, ctx, id), currency };
    },

    /** Refuses as `transition` would, changing nothing (the move is rehearsed and rolled back). */
    async checkTransition(ctx: StoreContext, id: string, input: TransitionInput, options: { captureWhenShipping?: boolean } = {}): Promise<void> {
      requirePermission(ctx, 'orders:write');
      const currency = await storeCurrency(repos, ctx);
      if ((input.to === 'paid' || (input.to === 'fulfilled' && options.captureWhenShipping !== false)) && deps.refunds) {
        const order = await repos.orders.findOrder(ctx.tenant, id);
        // The move captures at the provider then (see `transition`): refused as the capture would be, and shipping as
        // the paid order's move would be.
        if (order && order.status === 'pending' && order.authorizedMinor > 0 && (input.to === 'paid' || coversTheRest(order))) return deps.refunds.checkCapture(ctx, id);
      }
      await rehearse(repos, (repos) => makeMove(repos, ctx, id, input, currency));
    },

    /**
     * Changes the note and addresses; nothing else of a placed order changes outside the lifecycle. `precondition`
     * (If-Match) is checked against the order as GET shows it, with the order row locked.
     */
    async update(
      ctx: StoreContext,
      id: string,
      patch: { note?: string | null; shippingAddress?: Address | null; billingAddress?: Address | null },
      precondition?: Precondition<OrderDetail, Currency>,
    ): Promise<{ order: OrderDetail; currency: Currency }> {
      requirePermission(ctx, 'orders:write');
      const { tenant } = ctx;
      const currency = await storeCurrency(repos, ctx);
      const problems = [...(await checkAddress(ctx, patch.shippingAddress, 'shippingAddress')), ...(await checkAddress(ctx, patch.billingAddress, 'billingAddress'))];
      if (problems.length > 0) throw invalid(problems);
      return repos.transaction(async (repos) => {
        const order = await repos.orders.lockOrder(tenant, id);
        if (!order) throw orderNotFound(id);
        if (precondition) precondition(await repos.orders.detail(ctx.tenant, order), currency);
        await repos.orders.updateOrder(tenant, id, patch, ctx.now);
        await recordAudit(repos, ctx, { action: 'order.update', targetType: 'order', targetId: id, details: { fields: Object.keys(patch) } });
        return { order: await detail(repos, ctx, id), currency };
      });
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
