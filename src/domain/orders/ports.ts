import type { Tenant } from '../../context.ts';
import type { SettingsRow } from '../settings/ports.ts';
import type { TaxLine } from '../taxes/types.ts';
import type { Address, Order, OrderAllocation, OrderDetail, OrderEvent, OrderLine, OrderQuery, OrderStatus, Shipment } from './order-types.ts';

/**
 * What the orders area needs of storage: the repositories it declares, which src/db implements and the composition
 * root (src/container.ts) hands to its services.
 */
export interface SkuForOrder {
  skuId: string;
  productId: string;
  productName: string;
  productStatus: string;
  skuCode: string | null;
  priceMinor: number;
  discountBp: number;
  quantityInStock: number;
  attributes: Record<string, string>;
  /** the SKU's tax class, else its product's (docs/taxes.md) */
  taxClass: string;
}

export interface OrderFigureRow {
  id: string;
  status: OrderStatus;
  createdAt: Date;
  paidMinor: number;
  refundedMinor: number;
  totalMinor: number;
  taxTotalMinor: number;
}

/** A change of an order's columns (`OrderRepo.updateOrder`): each field given is set, the others are left as they are. */
export type OrderChange = Partial<
  Pick<Order, 'status' | 'fulfilmentStatus' | 'paidMinor' | 'refundedMinor' | 'note' | 'shippingAddress' | 'billingAddress'> & {
    /** ends a storefront order's stock hold (paid or cancelled) */
    holdExpiresAt: null;
  }
>;

/** Orders with their lines and history. Every method takes the tenant first and filters on it (`inTenant`). */
export interface OrderRepo {
  /**
   * Where an order's confirmation goes, in one read: the store's name and the customer's email (undefined when the
   * customer is gone; the store's name null when the store is).
   */
  confirmationTo(tenant: Tenant, customerId: string): Promise<{ storeName: string | null; email: string | undefined }>;
  customerForOrder(tenant: Tenant, id: string): Promise<{
    id: string;
    name: string;
    email: string;
    addresses: Address[];
    bannedAt: Date | null;
    banExpiresAt: Date | null;
    banReason: string | null;
  } | undefined>;
  skusForOrder(tenant: Tenant, skuIds: string[]): Promise<Map<string, SkuForOrder>>;
  /**
   * `returnUrl`: where the pay page sends the shopper of a storefront checkout back (docs/checkout.md). `also`: the
   * order's allocations and first history entry, written with it (on PostgreSQL all in one statement). `numbering`:
   * the order's number (`o.number` is not used) is the store's next one, taken with it as `nextOrderNumber` takes it
   * (the store and mode's settings row made with these defaults when it does not exist; the row stays locked until the
   * transaction ends); on PostgreSQL in the same statement. Answers the order's number.
   */
  insertOrder(
    tenant: Tenant,
    o: Order,
    lines: OrderLine[],
    taxLines: TaxLine[],
    returnUrl?: string | null,
    also?: { allocations: readonly OrderAllocation[]; event: OrderEvent; numbering?: SettingsRow | undefined },
  ): Promise<string>;
  /**
   * Adds to the order's history. The order is checked to be the tenant's first, unless `held`: the caller inserted or
   * locked it with this tenant in the same transaction (one statement fewer).
   */
  insertEvent(tenant: Tenant, orderId: string, e: OrderEvent, held?: boolean): Promise<void>;
  findOrder(tenant: Tenant, id: string): Promise<Order | undefined>;
  /** The order, locked for update on PostgreSQL (moves on one order run one at a time). */
  lockOrder(tenant: Tenant, id: string): Promise<Order | undefined>;
  /**
   * The order locked for recording a payment on it, with what is pending on it (the sum of its pending payments) where
   * the locking statement can read it: SQLite, one statement (its write transactions run one at a time). Undefined on
   * PostgreSQL, where a statement that waits for the lock reads with a snapshot taken before it waited, which sends the lock alone: there the
   * payment's own statement checks what is outstanding (`PaymentRepo.insertPaidPayment`'s `withinOutstanding`), and
   * `PaymentRepo.pendingPaidMinor` reads it when it is needed.
   */
  lockOrderForPayment(tenant: Tenant, id: string): Promise<{ order: Order; pendingPaidMinor: number | undefined } | undefined>;
  detail(tenant: Tenant, order: Order): Promise<OrderDetail>;
  /**
   * Changes the order. `event`: the history entry of the change, of an order the caller locked with this tenant in the
   * transaction, written with it (one statement on PostgreSQL, as `insertEvent(…, true)` after it on SQLite).
   */
  updateOrder(tenant: Tenant, id: string, set: OrderChange, now: Date, event?: OrderEvent): Promise<void>;
  /**
   * `updateOrder(tenant, order.id, set, now, event)` then `detail` of the order as the change leaves it (`order` with
   * `set` and `updatedAt: now`): the same detail, the history ending with `event` (by id, as `detail` orders it). On
   * PostgreSQL one statement: the change and the entry as data-modifying CTEs, the detail's parts read beside them
   * (the entry taken from its insert, which the statement's own reads do not see). Three statements on SQLite.
   */
  updateOrderWithDetail(tenant: Tenant, order: Order, set: OrderChange, now: Date, event: OrderEvent): Promise<OrderDetail>;
  /** Moves a pending storefront order's hold end to `until`, once (false: not held, not pending, or extended before). */
  extendHold(tenant: Tenant, id: string, until: Date, now: Date): Promise<boolean>;
  /** Pending orders whose stock hold ended at or before `now`, oldest end first, in every store (the cleanup). */
  expiredHoldsAcrossStores(now: Date, limit: number): Promise<Array<{ tenant: Tenant; orderId: string }>>;
  /** Where the pay page sends the shopper of a storefront order back (null: nowhere). */
  returnUrlOf(tenant: Tenant, id: string): Promise<string | null>;
  /** A token of the order status page (GET /orders/{token}), kept as its SHA-256. */
  insertStatusToken(tenant: Tenant, orderId: string, tokenHash: string, now: Date): Promise<void>;
  /** The order a status page token opens, in whichever store (the token is the only credential). */
  findByStatusTokenAcrossStores(tokenHash: string): Promise<{ tenant: Tenant; order: Order } | undefined>;
  /** The order's shipments, oldest first, as the order status page shows them (docs/checkout.md). */
  shipmentsForStatusPage(tenant: Tenant, orderId: string): Promise<Array<{ carrier: string | null; trackingNumber: string | null; trackingUrl: string | null; status: string; shippedAt: Date | null; deliveredAt: Date | null }>>;
  linesOf(tenant: Tenant, orderId: string): Promise<Array<{
    skuId: string;
    quantity: number;
  }>>;
  /** Every allocation row of the order (units still allocated; 0 once shipped or released), by SKU id then location. None: placed before allocation. */
  allocationsOf(tenant: Tenant, orderId: string): Promise<OrderAllocation[]>;
  /** Sets every allocation of the order to 0 (its units were released: a cancellation). */
  clearAllocations(tenant: Tenant, orderId: string, now: Date): Promise<void>;
  /** Lowers the units of a line still allocated at a location (shipped from there, or moved to where it shipped from). */
  reduceAllocation(tenant: Tenant, lineId: string, locationId: string, by: number, now: Date): Promise<void>;
  insertShipment(tenant: Tenant, shipment: Shipment): Promise<void>;
  /** The order's shipments, oldest first, with their lines. */
  shipmentsOf(tenant: Tenant, orderId: string): Promise<Shipment[]>;
  /** Units of the order that came back in received returns (restocked or written off), over all its returns. */
  receivedReturnUnits(tenant: Tenant, orderId: string): Promise<number>;
  /** Marks a shipped shipment of the order delivered; false when it is not (any more) `shipped`. */
  markDelivered(tenant: Tenant, orderId: string, shipmentId: string, now: Date): Promise<boolean>;
  /** Newest (or oldest) first by id; `after` is the id of the previous page's last order. Up to `limit + 1` rows. */
  listOrders(tenant: Tenant, query: OrderQuery, after?: string): Promise<Order[]>;
  orderFigures(tenant: Tenant, from: Date, to: Date): Promise<OrderFigureRow[]>;
  customersCreated(tenant: Tenant, from: Date, to: Date): Promise<number>;
}
