import { type ExpressionBuilder, type Kysely, type QueryCreator, type RawBuilder, type Selectable, type SqlBool, sql } from 'kysely';
import type { Tenant } from '../context.ts';
import type { Address, FulfilmentStatus, Order, OrderAllocation, OrderChannel, OrderDetail, OrderEvent, OrderLine, OrderQuery, OrderStatus, Shipment, ShipmentStatus } from '../domain/orders/order-types.ts';
import type { OrderChange, OrderFigureRow, OrderRepo, SkuForOrder } from '../domain/orders/ports.ts';
import type { OrderPaymentStatus } from '../domain/payments/payment-rules.ts';
import type { SettingsRow } from '../domain/settings/ports.ts';
import type { TaxLine } from '../domain/taxes/types.ts';
import { type Dialect, fromBool, fromDate, rowLock, toBool, toDate } from './db.ts';
import { holdable } from './held-writes.ts';
import { pageLimit } from './paging.ts';
import { pendingPaidOf } from './payment-repo.ts';
import type { Database, OrderEventTable, OrderLineTable, OrderTable, OrderTaxLineTable } from './schema.ts';
import { settingsValues } from './settings-repo.ts';
import { inTenant, tenantColumns } from './tenant.ts';

/** An order row with its customer's current name (`customerNameOf`). */
type OrderRow = Omit<Selectable<OrderTable>, 'hold_extended' | 'return_url'> & { customer_name: string | null };

/** A column of the order's customer as it is now: a correlated subquery on the same store and mode. */
function ofOrdersCustomer(eb: ExpressionBuilder<Database, 'orders'>, column: 'name' | 'email') {
  return eb
    .selectFrom('customers')
    .select(`customers.${column}`)
    .whereRef('customers.id', '=', 'orders.customer_id')
    .whereRef('customers.store_id', '=', 'orders.store_id')
    .whereRef('customers.mode', '=', 'orders.mode');
}

/**
 * The columns of an order read: every column of `orders` and the customer's name as it is now, from a correlated
 * subquery on the same store and mode (a subquery, not a join, so `FOR UPDATE` still locks the order row only).
 */
function orderColumns(eb: ExpressionBuilder<Database, 'orders'>) {
  return [
    'orders.id',
    'orders.store_id',
    'orders.mode',
    'orders.number',
    'orders.customer_id',
    'orders.status',
    'orders.fulfilment_status',
    'orders.currency',
    'orders.subtotal_minor',
    'orders.discount_minor',
    'orders.delivery_fee_minor',
    'orders.total_minor',
    'orders.tax_total_minor',
    'orders.prices_include_tax',
    'orders.paid_minor',
    'orders.refunded_minor',
    'orders.authorized_minor',
    'orders.promotion_id',
    'orders.promotion_code',
    'orders.delivery_option_id',
    'orders.delivery_option_name',
    'orders.shipping_address',
    'orders.billing_address',
    'orders.note',
    'orders.channel',
    'orders.hold_expires_at',
    'orders.created_at',
    'orders.updated_at',
    ofOrdersCustomer(eb, 'name').as('customer_name'),
  ] as const;
}

function toOrder(r: OrderRow): Order {
  return {
    id: r.id,
    number: r.number,
    customerId: r.customer_id,
    customerName: r.customer_name,
    status: r.status as OrderStatus,
    fulfilmentStatus: r.fulfilment_status as FulfilmentStatus,
    currency: r.currency,
    subtotalMinor: Number(r.subtotal_minor),
    discountMinor: Number(r.discount_minor),
    deliveryFeeMinor: Number(r.delivery_fee_minor),
    taxTotalMinor: Number(r.tax_total_minor),
    pricesIncludeTax: toBool(r.prices_include_tax),
    totalMinor: Number(r.total_minor),
    paidMinor: Number(r.paid_minor),
    refundedMinor: Number(r.refunded_minor),
    authorizedMinor: Number(r.authorized_minor),
    promotionId: r.promotion_id,
    promotionCode: r.promotion_code,
    deliveryOptionId: r.delivery_option_id,
    deliveryOptionName: r.delivery_option_name,
    shippingAddress: r.shipping_address === null ? null : (JSON.parse(r.shipping_address) as Address),
    billingAddress: r.billing_address === null ? null : (JSON.parse(r.billing_address) as Address),
    note: r.note,
    channel: r.channel as OrderChannel,
    holdExpiresAt: r.hold_expires_at === null ? null : toDate(r.hold_expires_at),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

/**
 * The derived payment status as SQL, one condition per status: the same rules as `orderPaymentStatus`
 * (domain/payments/payment-rules.ts), so a filtered list agrees with the status each order shows.
 */
const PAYMENT_STATUS_IS: Record<OrderPaymentStatus, RawBuilder<SqlBool>> = {
  refunded: sql<SqlBool>`(orders.refunded_minor > 0 and orders.refunded_minor >= orders.paid_minor)`,
  partially_refunded: sql<SqlBool>`(orders.refunded_minor > 0 and orders.refunded_minor < orders.paid_minor)`,
  paid: sql<SqlBool>`(orders.refunded_minor <= 0 and orders.paid_minor > 0 and orders.paid_minor >= orders.total_minor)`,
  partially_paid: sql<SqlBool>`(orders.refunded_minor <= 0 and orders.paid_minor > 0 and orders.paid_minor < orders.total_minor)`,
  authorized: sql<SqlBool>`(orders.refunded_minor <= 0 and orders.paid_minor <= 0 and orders.authorized_minor > 0)`,
  unpaid: sql<SqlBool>`(orders.refunded_minor <= 0 and orders.paid_minor <= 0 and orders.authorized_minor <= 0)`,
};

/** The columns of each part of an order's detail (`detail`), as the key of each row's JSON object and its column. */
const LINE_KEYS = columnsOf('order_lines', ['id', 'order_id', 'sku_id', 'product_id', 'product_name', 'sku_code', 'attributes', 'unit_price_minor', 'discount_bp', 'quantity', 'line_total_minor', 'position']);
const EVENT_COLUMNS = ['id', 'order_id', 'from_status', 'to_status', 'note', 'amount_minor', 'actor_type', 'actor_id', 'actor_label', 'created_at'] as const;
const EVENT_KEYS = columnsOf('order_events', [...EVENT_COLUMNS]);
const TAX_LINE_KEYS = columnsOf('order_tax_lines', [
  'id',
  'order_id',
  'position',
  'kind',
  'order_line_id',
  'tax_class',
  'rate_bp',
  'region_id',
  'region_name',
  'country_id',
  'state_id',
  'taxable_minor',
  'amount_minor',
]);
const ALLOCATION_KEYS = [...columnsOf('order_allocations', ['order_line_id', 'location_id', 'quantity']), ...columnsOf('stock_locations', ['name'])];
const SHIPPED_KEYS = columnsOf('shipped', ['order_line_id', 'quantity']);

function columnsOf(table: string, columns: string[]): Array<[key: string, column: string]> {
  return columns.map((c) => [c, `${table}.${c}`]);
}

/**
 * A correlated subquery answering the rows of `from` that match `where` as one JSON array of objects (one key per
 * column, values as the engine stores them), in the order `orderBy` gives: `[]` when there are none. SQLite's
 * `json_group_array` takes the ORDER BY inside the aggregate (SQLite 3.44 and later), as PostgreSQL's `json_agg` does.
 * `from` and the keys are this file's constants, never input.
 */
function jsonRows(dialect: Dialect, from: string, keys: Array<[key: string, column: string]>, where: RawBuilder<unknown>, orderBy: RawBuilder<unknown>) {
  const pairs = sql.raw(keys.map(([key, column]) => `'${key}', ${column}`).join(', '));
  return dialect === 'postgres'
    ? sql<unknown>`(select coalesce(json_agg(json_build_object(${pairs}) order by ${orderBy}), '[]'::json) from ${sql.raw(from)} where ${where})`
    : sql<unknown>`(select json_group_array(json_object(${pairs}) order by ${orderBy}) from ${sql.raw(from)} where ${where})`;
}

/** The rows of a `jsonRows` column: SQLite answers the JSON's text, PostgreSQL's driver parses `json` itself. */
function parsedRows<T>(value: unknown): T[] {
  if (value === undefined || value === null) return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[];
}

/** Orders with their lines and history. Every method takes the tenant first and filters on it (`inTenant`). */
/** An order history entry's row. */
function eventValues(orderId: string, e: OrderEvent) {
  return {
    id: e.id,
    order_id: orderId,
    from_status: e.fromStatus,
    to_status: e.toStatus,
    note: e.note,
    amount_minor: e.amountMinor,
    actor_type: e.actorType,
    actor_id: e.actorId,
    actor_label: e.actorLabel,
    created_at: fromDate(e.createdAt),
  };
}

export function createOrderRepo(db: Kysely<Database>, dialect: Dialect): OrderRepo {
  const locked = rowLock(dialect);
  /** The order's id when it is the tenant's (a subquery): its lines and history carry no tenant of their own. */
  const ownedOrder = (tenant: Tenant, orderId: string) => db.selectFrom('orders').select('id').where(inTenant(tenant)).where('id', '=', orderId);
  const ownsOrder = async (tenant: Tenant, orderId: string) => (await ownedOrder(tenant, orderId).executeTakeFirst()) !== undefined;
  /** The sum of an order's pending payments (`PaymentRepo.pendingPaidMinor`), as a column of a read of the order. */
  /**
   * SQLite: the order, then its pending sum, two plain reads; one writer at a time (BEGIN IMMEDIATE), so nothing commits
   * between them. SQLite ran them faster than one statement with the sum as a correlated subquery (decision 0041).
   */
  const lockWithPendingPaid = async (tenant: Tenant, id: string): Promise<{ order: Order; pendingPaidMinor: number } | undefined> => {
    const row = await db.selectFrom('orders').select(orderColumns).where(inTenant(tenant, 'orders')).where('orders.id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return { order: toOrder(row), pendingPaidMinor: await pendingPaidOf(db, tenant, id) };
  };
  /**
   * Bound to a transaction only: where each order whose detail the transaction read sends its confirmation (the
   * store's name, the customer's email), read with the detail, by store, mode and customer. `confirmationTo` answers
   * from it instead of reading again: it is asked in the same transaction right after the paid order's detail
   * (the checkout's completion), and nothing writes a store's name or a customer's email in between.
   */
  const confirmations = db.isTransaction ? new Map<string, { storeName: string | null; email: string | undefined }>() : undefined;
  const confirmationKey = (tenant: Tenant, customerId: string) => `${tenant.storeId}\u0000${tenant.mode}\u0000${customerId}`;
  /**
   * The read of an order's detail parts (`detail`) as one row, from `from` (the database, or a statement's CTEs before
   * it): the history's rows from `history` (a table of `order_events`' columns named `order_events`).
   */
  const detailRead = (from: QueryCreator<Database>, tenant: Tenant, orderId: string, history = 'order_events') =>
    from
      .selectFrom('orders')
      .select([
        jsonRows(dialect, 'order_lines', LINE_KEYS, sql`order_lines.order_id = orders.id`, sql`order_lines.position`).as('lines'),
        jsonRows(dialect, history, EVENT_KEYS, sql`order_events.order_id = orders.id`, sql`order_events.id`).as('events'),
        jsonRows(dialect, 'order_tax_lines', TAX_LINE_KEYS, sql`order_tax_lines.order_id = orders.id`, sql`order_tax_lines.position`).as('tax_lines'),
        jsonRows(
          dialect,
          'order_allocations left join stock_locations on stock_locations.id = order_allocations.location_id',
          ALLOCATION_KEYS,
          sql`order_allocations.order_id = orders.id and order_allocations.quantity > 0`,
          sql`stock_locations.position, order_allocations.location_id`,
        ).as('allocations'),
        jsonRows(
          dialect,
          '(select shipment_lines.order_line_id, sum(shipment_lines.quantity) as quantity from shipment_lines inner join shipments on shipments.id = shipment_lines.shipment_id where shipments.order_id = orders.id group by shipment_lines.order_line_id) as shipped',
          SHIPPED_KEYS,
          sql`true`,
          sql`shipped.order_line_id`,
        ).as('shipped'),
      ])
      .$if(confirmations !== undefined, (q) =>
        q.select((eb) => [
          'orders.customer_id',
          eb.selectFrom('stores').select('stores.name').whereRef('stores.id', '=', 'orders.store_id').as('store_name'),
          ofOrdersCustomer(eb, 'email').as('customer_email'),
        ]),
      )
      .where(inTenant(tenant, 'orders'))
      .where('orders.id', '=', orderId);
  /** The order's detail from `detailRead`'s row (undefined: not the tenant's order, no parts), remembering its confirmation's address. */
  const detailOf = (tenant: Tenant, order: Order, row: Awaited<ReturnType<ReturnType<typeof detailRead>['executeTakeFirst']>>): OrderDetail => {
    if (confirmations && row?.customer_id) confirmations.set(confirmationKey(tenant, row.customer_id), { storeName: row.store_name ?? null, email: row.customer_email ?? undefined });
    // Another tenant's order has no parts, as each part's read filtered on the tenant's order did.
    const lines = parsedRows<Selectable<OrderLineTable>>(row?.lines);
    const events = parsedRows<Selectable<OrderEventTable>>(row?.events);
    const taxLines = parsedRows<Selectable<OrderTaxLineTable>>(row?.tax_lines);
    const allocations = parsedRows<{ order_line_id: string; location_id: string; quantity: number; name: string | null }>(row?.allocations);
    const shipped = parsedRows<{ order_line_id: string; quantity: number }>(row?.shipped);
    // An order fulfilled before shipments existed has none: all of each line left then (decision 0032).
    const shippedOf = (lineId: string, quantity: number) =>
      shipped.length === 0 && order.fulfilmentStatus !== 'unfulfilled' && order.fulfilmentStatus !== 'partially_fulfilled'
        ? quantity
        : Number(shipped.find((s) => s.order_line_id === lineId)?.quantity ?? 0);
    return {
      ...order,
      lines: lines.map((l) => ({
        id: l.id,
        skuId: l.sku_id,
        productId: l.product_id,
        productName: l.product_name,
        skuCode: l.sku_code,
        attributes: JSON.parse(l.attributes) as Record<string, string>,
        unitPriceMinor: Number(l.unit_price_minor),
        discountBp: Number(l.discount_bp),
        quantity: Number(l.quantity),
        lineTotalMinor: Number(l.line_total_minor),
        allocations: allocations
          .filter((a) => a.order_line_id === l.id)
          .map((a) => ({ locationId: a.location_id, locationName: a.name, quantity: Number(a.quantity) })),
        shippedQuantity: shippedOf(l.id, Number(l.quantity)),
      })),
      taxLines: taxLines.map(
        (t): TaxLine => ({
          kind: t.kind === 'shipping' ? 'shipping' : 'line',
          orderLineId: t.order_line_id,
          taxClass: t.tax_class,
          rateBp: Number(t.rate_bp),
          region: { id: t.region_id, name: t.region_name, countryId: t.country_id, stateId: t.state_id },
          taxableMinor: Number(t.taxable_minor),
          amountMinor: Number(t.amount_minor),
        }),
      ),
      history: events.map((e) => ({
        id: e.id,
        fromStatus: e.from_status as OrderStatus | null,
        toStatus: e.to_status as OrderStatus,
        note: e.note,
        amountMinor: e.amount_minor === null ? null : Number(e.amount_minor),
        actorType: e.actor_type,
        actorId: e.actor_id,
        actorLabel: e.actor_label,
        createdAt: toDate(e.created_at),
      })),
    };
  };
  /** The update of the order's columns that `set` gives, and `updated_at`. */
  const orderUpdate = (tenant: Tenant, id: string, set: OrderChange, now: Date) =>
    db
      .updateTable('orders')
      .set({
        ...(set.status !== undefined ? { status: set.status } : {}),
        ...(set.fulfilmentStatus !== undefined ? { fulfilment_status: set.fulfilmentStatus } : {}),
        ...(set.paidMinor !== undefined ? { paid_minor: set.paidMinor } : {}),
        ...(set.refundedMinor !== undefined ? { refunded_minor: set.refundedMinor } : {}),
        ...(set.note !== undefined ? { note: set.note } : {}),
        ...(set.shippingAddress !== undefined ? { shipping_address: set.shippingAddress === null ? null : JSON.stringify(set.shippingAddress) } : {}),
        ...(set.billingAddress !== undefined ? { billing_address: set.billingAddress === null ? null : JSON.stringify(set.billingAddress) } : {}),
        ...(set.holdExpiresAt !== undefined ? { hold_expires_at: null } : {}),
        updated_at: fromDate(now),
      })
      .where(inTenant(tenant))
      .where('id', '=', id);
  return {
    async confirmationTo(tenant: Tenant, customerId: string) {
      const known = confirmations?.get(confirmationKey(tenant, customerId));
      if (known) return known;
      // The store row is there (the tenant's); the customer joins it when it still exists.
      const row = await db
        .selectFrom('stores as s')
        .leftJoin('customers as c', (join) => join.onRef('c.store_id', '=', 's.id').on('c.mode', '=', tenant.mode).on('c.id', '=', customerId))
        .select(['s.name', 'c.email'])
        .where('s.id', '=', tenant.storeId)
        .executeTakeFirst();
      return { storeName: row?.name ?? null, email: row?.email ?? undefined };
    },

    async customerForOrder(tenant: Tenant, id: string) {
      const row = await db
        .selectFrom('customers')
        .select(['id', 'name', 'email', 'addresses', 'banned_at', 'ban_expires_at', 'ban_reason'])
        .where(inTenant(tenant))
        .where('id', '=', id)
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          name: row.name,
          email: row.email,
          addresses: JSON.parse(row.addresses) as Address[],
          bannedAt: row.banned_at === null ? null : toDate(row.banned_at),
          banExpiresAt: row.ban_expires_at === null ? null : toDate(row.ban_expires_at),
          banReason: row.ban_reason,
        }
      );
    },

    async skusForOrder(tenant: Tenant, skuIds: string[]): Promise<Map<string, SkuForOrder>> {
      if (skuIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('skus')
        .innerJoin('products', 'products.id', 'skus.product_id')
        .leftJoin('variant_groups', 'variant_groups.id', 'skus.group_id')
        .select([
          'skus.id',
          'skus.product_id',
          'skus.sku',
          'skus.price_minor',
          'skus.discount_bp',
          'skus.quantity_in_stock',
          'skus.attributes',
          'products.name',
          'products.status',
          'products.tax_class as product_tax_class',
          'skus.tax_class as sku_tax_class',
          'variant_groups.attribute_name',
          'variant_groups.attribute_value',
        ])
        .where(inTenant(tenant, 'skus'))
        .where('skus.id', 'in', skuIds)
        .execute();
      return new Map(
        rows.map((r) => [
          r.id,
          {
            skuId: r.id,
            productId: r.product_id,
            productName: r.name,
            productStatus: r.status,
            skuCode: r.sku,
            priceMinor: Number(r.price_minor),
            discountBp: Number(r.discount_bp),
            quantityInStock: Number(r.quantity_in_stock),
            taxClass: r.sku_tax_class ?? r.product_tax_class,
            attributes: {
              ...(r.attribute_name ? { [r.attribute_name]: r.attribute_value ?? '' } : {}),
              ...(JSON.parse(r.attributes) as Record<string, string>),
            },
          },
        ]),
      );
    },

    async insertOrder(
      tenant: Tenant,
      o: Order,
      lines: OrderLine[],
      taxLines: TaxLine[],
      returnUrl: string | null = null,
      also?: { allocations: readonly OrderAllocation[]; event: OrderEvent; numbering?: SettingsRow | undefined },
    ): Promise<string> {
      // The store's next order number: its settings row's counter moved on (the row made with the defaults, the first
      // number taken, when there is none), answering the number taken and locking the row (`takeOrderNumber`).
      const numbering = also?.numbering;
      const takeNumber = (d: QueryCreator<Database>, defaults: SettingsRow) =>
        d
          .insertInto('store_settings')
          .values({ ...settingsValues(tenant, defaults), next_order_number: defaults.nextOrderNumber + 1 })
          .onConflict((oc) => oc.columns(['store_id', 'mode']).doUpdateSet({ next_order_number: sql`store_settings.next_order_number + 1` }))
          .returning(sql<string>`order_number_prefix || cast(next_order_number - 1 as varchar(20))`.as('number'));
      const orderRow = {
          id: o.id,
          ...tenantColumns(tenant),
          number: o.number as string | RawBuilder<string>,
          customer_id: o.customerId,
          status: o.status,
          fulfilment_status: o.fulfilmentStatus,
          currency: o.currency,
          subtotal_minor: o.subtotalMinor,
          discount_minor: o.discountMinor,
          delivery_fee_minor: o.deliveryFeeMinor,
          total_minor: o.totalMinor,
          tax_total_minor: o.taxTotalMinor,
          prices_include_tax: fromBool(o.pricesIncludeTax),
          paid_minor: o.paidMinor,
          refunded_minor: o.refundedMinor,
          promotion_id: o.promotionId,
          promotion_code: o.promotionCode,
          delivery_option_id: o.deliveryOptionId,
          delivery_option_name: o.deliveryOptionName,
          shipping_address: o.shippingAddress === null ? null : JSON.stringify(o.shippingAddress),
          billing_address: o.billingAddress === null ? null : JSON.stringify(o.billingAddress),
          note: o.note,
          channel: o.channel,
          hold_expires_at: o.holdExpiresAt === null ? null : fromDate(o.holdExpiresAt),
          return_url: returnUrl,
          created_at: fromDate(o.createdAt),
          updated_at: fromDate(o.updatedAt),
        };
      const lineRows = lines.map((l, position) => ({
            id: l.id,
            order_id: o.id,
            sku_id: l.skuId,
            product_id: l.productId,
            product_name: l.productName,
            sku_code: l.skuCode,
            attributes: JSON.stringify(l.attributes),
            unit_price_minor: l.unitPriceMinor,
            discount_bp: l.discountBp,
            quantity: l.quantity,
            line_total_minor: l.lineTotalMinor,
            position,
          }));
      const taxRows = taxLines.map((t, position) => ({
            id: `${o.id}-t${position}`,
            order_id: o.id,
            position,
            kind: t.kind,
            order_line_id: t.orderLineId,
            tax_class: t.taxClass,
            rate_bp: t.rateBp,
            region_id: t.region.id,
            region_name: t.region.name,
            country_id: t.region.countryId,
            state_id: t.region.stateId,
            taxable_minor: t.taxableMinor,
            amount_minor: t.amountMinor,
          }));
      const at = fromDate(o.createdAt);
      const allocationRows = (also?.allocations ?? []).map((a) => ({ ...tenantColumns(tenant), order_id: o.id, order_line_id: a.lineId, sku_id: a.skuId, location_id: a.locationId, quantity: a.quantity, updated_at: at }));
      const eventRow = also && eventValues(o.id, also.event);
      if (dialect === 'postgres' && eventRow && lineRows.length > 0 && allocationRows.length > 0) {
        // One round trip: the order number taken, the order, its lines, allocations and tax lines in data-modifying
        // CTEs, its first history entry as the statement answering the number (foreign keys are checked at its end,
        // when all of them are there).
        const numbered = numbering ? db.with('n', (d) => takeNumber(d, numbering)) : db.with('n', (d) => d.selectNoFrom(sql<string>`${o.number}`.as('number')));
        const placed = numbered
          .with('o', (d) => d.insertInto('orders').values({ ...orderRow, number: sql<string>`(select "number" from "n")` }).returning('id'))
          .with('l', (d) => d.insertInto('order_lines').values(lineRows).returning('id'))
          .with('a', (d) => d.insertInto('order_allocations').values(allocationRows).returning('order_id'));
        const last = taxRows.length > 0 ? placed.with('t', (d) => d.insertInto('order_tax_lines').values(taxRows).returning('id')) : placed;
        const row = await last.insertInto('order_events').values(eventRow).returning(sql<string>`(select "number" from "n")`.as('number')).executeTakeFirstOrThrow();
        return row.number;
      }
      if (numbering) orderRow.number = (await takeNumber(db, numbering).executeTakeFirstOrThrow()).number;
      await db.insertInto('orders').values(orderRow).execute();
      await db.insertInto('order_lines').values(lineRows).execute();
      if (taxRows.length > 0) await db.insertInto('order_tax_lines').values(taxRows).execute();
      if (allocationRows.length > 0) await db.insertInto('order_allocations').values(allocationRows).execute();
      if (eventRow) await db.insertInto('order_events').values(eventRow).execute();
      return orderRow.number as string;
    },

    async insertEvent(tenant: Tenant, orderId: string, e: OrderEvent, held = false): Promise<void> {
      if (!held && !(await ownsOrder(tenant, orderId))) return;
      await db.insertInto('order_events').values(eventValues(orderId, e)).execute();
    },

    async findOrder(tenant: Tenant, id: string): Promise<Order | undefined> {
      const row = await db.selectFrom('orders').select(orderColumns).where(inTenant(tenant, 'orders')).where('orders.id', '=', id).executeTakeFirst();
      return row && toOrder(row);
    },

    /** The order, locked for update on PostgreSQL (moves on one order run one at a time). */
    async lockOrder(tenant: Tenant, id: string): Promise<Order | undefined> {
      let q = db.selectFrom('orders').select(orderColumns).where(inTenant(tenant, 'orders')).where('orders.id', '=', id);
      q = locked(q);
      const row = await q.executeTakeFirst();
      return row && toOrder(row);
    },

    async lockOrderForPayment(tenant: Tenant, id: string): Promise<{ order: Order; pendingPaidMinor: number | undefined } | undefined> {
      // PostgreSQL: the lock alone (the payment's statement checks what is outstanding, PaymentRepo.insertPaidPayment).
      if (dialect === 'postgres') {
        const row = await db.selectFrom('orders').select(orderColumns).where(inTenant(tenant, 'orders')).where('orders.id', '=', id).forUpdate().executeTakeFirst();
        return row && { order: toOrder(row), pendingPaidMinor: undefined };
      }
      return lockWithPendingPaid(tenant, id);
    },

    async detail(tenant: Tenant, order: Order): Promise<OrderDetail> {
      return detailOf(tenant, order, await detailRead(db, tenant, order.id).executeTakeFirst());
    },

    async updateOrder(tenant: Tenant, id: string, set: OrderChange, now: Date, event?: OrderEvent): Promise<void> {
      const update = orderUpdate(tenant, id, set, now);
      if (event && dialect === 'postgres') {
        // One round trip: the change as a data-modifying CTE, its history entry as the statement.
        await db
          .with('changed', () => update.returning('id'))
          .insertInto('order_events')
          .values(eventValues(id, event))
          .execute();
        return;
      }
      await update.execute();
      if (event) await db.insertInto('order_events').values(eventValues(id, event)).execute();
    },

    async updateOrderWithDetail(tenant: Tenant, order: Order, set: OrderChange, now: Date, event: OrderEvent): Promise<OrderDetail> {
      const given = Object.fromEntries(Object.entries(set).filter(([, value]) => value !== undefined)) as OrderChange;
      const after: Order = { ...order, ...given, updatedAt: now };
      if (dialect !== 'postgres') {
        // As `updateOrder` then `detail`: SQLite has no data-modifying CTEs.
        await orderUpdate(tenant, order.id, set, now).execute();
        await db.insertInto('order_events').values(eventValues(order.id, event)).execute();
        return detailOf(tenant, after, await detailRead(db, tenant, order.id).executeTakeFirst());
      }
      // One round trip. Every part of a statement reads the snapshot taken at its start, so the history read does not
      // see the entry its insert adds: the entry comes from the insert's RETURNING, joined to the history read and
      // sorted with it by id. The order row read is the one before the change, which changes none of the columns read.
      const row = await detailRead(
        db.with('changed', () => orderUpdate(tenant, order.id, set, now).returning('id')).with('added', (d) => d.insertInto('order_events').values(eventValues(order.id, event)).returning(EVENT_COLUMNS)),
        tenant,
        order.id,
        `(select ${EVENT_COLUMNS.join(', ')} from order_events union all select ${EVENT_COLUMNS.join(', ')} from added) as order_events`,
      ).executeTakeFirst();
      return detailOf(tenant, after, row);
    },

    async extendHold(tenant: Tenant, id: string, until: Date, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ hold_expires_at: fromDate(until), hold_extended: 1, updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('hold_expires_at', 'is not', null)
        .where('hold_extended', '=', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async expiredHoldsAcrossStores(now: Date, limit: number): Promise<Array<{ tenant: Tenant; orderId: string }>> {
      const rows = await db
        .selectFrom('orders')
        .select(['id', 'store_id', 'mode'])
        .where('hold_expires_at', '<=', fromDate(now))
        .where('status', '=', 'pending')
        .orderBy('hold_expires_at')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ tenant: { storeId: r.store_id, mode: r.mode as Tenant['mode'] }, orderId: r.id }));
    },

    async returnUrlOf(tenant: Tenant, id: string): Promise<string | null> {
      const row = await db.selectFrom('orders').select('return_url').where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      return row?.return_url ?? null;
    },

    async insertStatusToken(tenant: Tenant, orderId: string, tokenHash: string, now: Date): Promise<void> {
      await db.insertInto('order_status_tokens').values({ token_hash: tokenHash, ...tenantColumns(tenant), order_id: orderId, created_at: fromDate(now) }).modifyEnd(holdable).execute();
    },

    async shipmentsForStatusPage(tenant: Tenant, orderId: string) {
      const rows = await db
        .selectFrom('shipments')
        .select(['carrier', 'tracking_number', 'tracking_url', 'status', 'shipped_at', 'delivered_at'])
        .where(inTenant(tenant))
        .where('order_id', '=', orderId)
        .orderBy('shipped_at')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        carrier: r.carrier,
        trackingNumber: r.tracking_number,
        trackingUrl: r.tracking_url,
        status: r.status,
        shippedAt: toDate(r.shipped_at),
        deliveredAt: r.delivered_at === null ? null : toDate(r.delivered_at),
      }));
    },

    async findByStatusTokenAcrossStores(tokenHash: string): Promise<{ tenant: Tenant; order: Order } | undefined> {
      const token = await db.selectFrom('order_status_tokens').select(['store_id', 'mode', 'order_id']).where('token_hash', '=', tokenHash).executeTakeFirst();
      if (!token) return undefined;
      const tenant: Tenant = { storeId: token.store_id, mode: token.mode as Tenant['mode'] };
      const row = await db.selectFrom('orders').select(orderColumns).where(inTenant(tenant, 'orders')).where('orders.id', '=', token.order_id).executeTakeFirst();
      return row && { tenant, order: toOrder(row) };
    },

    async linesOf(tenant: Tenant, orderId: string): Promise<Array<{ skuId: string; quantity: number }>> {
      const rows = await db.selectFrom('order_lines').select(['sku_id', 'quantity']).where('order_id', 'in', ownedOrder(tenant, orderId)).execute();
      return rows.map((r) => ({ skuId: r.sku_id, quantity: Number(r.quantity) }));
    },

    async allocationsOf(tenant: Tenant, orderId: string): Promise<OrderAllocation[]> {
      const rows = await db
        .selectFrom('order_allocations')
        .select(['order_line_id', 'sku_id', 'location_id', 'quantity'])
        .where(inTenant(tenant))
        .where('order_id', '=', orderId)
        .orderBy('sku_id')
        .orderBy('location_id')
        .execute();
      return rows.map((r) => ({ lineId: r.order_line_id, skuId: r.sku_id, locationId: r.location_id, quantity: Number(r.quantity) }));
    },

    async clearAllocations(tenant: Tenant, orderId: string, now: Date): Promise<void> {
      await db.updateTable('order_allocations').set({ quantity: 0, updated_at: fromDate(now) }).where(inTenant(tenant)).where('order_id', '=', orderId).execute();
    },

    async reduceAllocation(tenant: Tenant, lineId: string, locationId: string, by: number, now: Date): Promise<void> {
      if (by === 0) return;
      await db
        .updateTable('order_allocations')
        .set({ quantity: sql`quantity - ${by}`, updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('order_line_id', '=', lineId)
        .where('location_id', '=', locationId)
        .execute();
    },

    async insertShipment(tenant: Tenant, s: Shipment): Promise<void> {
      await db
        .insertInto('shipments')
        .values({
          id: s.id,
          ...tenantColumns(tenant),
          order_id: s.orderId,
          location_id: s.locationId,
          carrier: s.carrier,
          tracking_number: s.trackingNumber,
          tracking_url: s.trackingUrl,
          status: s.status,
          shipped_at: fromDate(s.shippedAt),
          delivered_at: s.deliveredAt === null ? null : fromDate(s.deliveredAt),
          created_at: fromDate(s.createdAt),
          updated_at: fromDate(s.updatedAt),
        })
        .execute();
      await db
        .insertInto('shipment_lines')
        .values(s.lines.map((l) => ({ shipment_id: s.id, order_line_id: l.lineId, sku_id: l.skuId, quantity: l.quantity })))
        .execute();
    },

    async receivedReturnUnits(tenant: Tenant, orderId: string): Promise<number> {
      const row = await db
        .selectFrom('return_lines')
        .innerJoin('returns', 'returns.id', 'return_lines.return_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('return_lines.quantity'), eb.lit(0)).as('n'))
        .where(inTenant(tenant, 'returns'))
        .where('returns.order_id', '=', orderId)
        .where('returns.received_at', 'is not', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async shipmentsOf(tenant: Tenant, orderId: string): Promise<Shipment[]> {
      const rows = await db.selectFrom('shipments').selectAll().where(inTenant(tenant)).where('order_id', '=', orderId).orderBy('id').execute();
      if (rows.length === 0) return [];
      const lines = await db
        .selectFrom('shipment_lines')
        .select(['shipment_id', 'order_line_id', 'sku_id', 'quantity'])
        .where(
          'shipment_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      return rows.map((r) => ({
        id: r.id,
        orderId: r.order_id,
        locationId: r.location_id,
        carrier: r.carrier,
        trackingNumber: r.tracking_number,
        trackingUrl: r.tracking_url,
        status: r.status as ShipmentStatus,
        lines: lines.filter((l) => l.shipment_id === r.id).map((l) => ({ lineId: l.order_line_id, skuId: l.sku_id, quantity: Number(l.quantity) })),
        shippedAt: toDate(r.shipped_at),
        deliveredAt: r.delivered_at === null ? null : toDate(r.delivered_at),
        createdAt: toDate(r.created_at),
        updatedAt: toDate(r.updated_at),
      }));
    },

    async markDelivered(tenant: Tenant, orderId: string, shipmentId: string, now: Date): Promise<boolean> {
      const at = fromDate(now);
      const result = await db
        .updateTable('shipments')
        .set({ status: 'delivered', delivered_at: at, updated_at: at })
        .where(inTenant(tenant))
        .where('order_id', '=', orderId)
        .where('id', '=', shipmentId)
        .where('status', '=', 'shipped')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Newest (or oldest) first by id; `after` is the id of the previous page's last order. Up to `limit + 1` rows. */
    async listOrders(tenant: Tenant, query: OrderQuery, after?: string): Promise<Order[]> {
      const descending = query.sort === '-createdAt';
      let q = db.selectFrom('orders').select(orderColumns).where(inTenant(tenant, 'orders'));
      if (query.status) q = q.where('orders.status', '=', query.status);
      if (query.paymentStatus) q = q.where(PAYMENT_STATUS_IS[query.paymentStatus]);
      if (query.fulfilmentStatus) q = q.where('orders.fulfilment_status', '=', query.fulfilmentStatus);
      if (query.customerId) q = q.where('orders.customer_id', '=', query.customerId);
      if (query.channel) q = q.where('orders.channel', '=', query.channel);
      if (query.number !== undefined) q = q.where('orders.number', '=', query.number);
      if (query.from) q = q.where('orders.created_at', '>=', fromDate(query.from));
      if (query.to) q = q.where('orders.created_at', '<', fromDate(query.to));
      if (after) q = q.where('orders.id', descending ? '<' : '>', after);
      const rows = await q.orderBy('orders.id', descending ? 'desc' : 'asc').$call(pageLimit(query.limit)).execute();
      return rows.map(toOrder);
    },

    // ---- figures ------------------------------------------------------------------------------------------

    async orderFigures(tenant: Tenant, from: Date, to: Date): Promise<OrderFigureRow[]> {
      const rows = await db
        .selectFrom('orders')
        .select(['id', 'status', 'created_at', 'paid_minor', 'refunded_minor', 'total_minor', 'tax_total_minor'])
        .where(inTenant(tenant))
        .where('created_at', '>=', fromDate(from))
        .where('created_at', '<', fromDate(to))
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        status: r.status as OrderStatus,
        createdAt: toDate(r.created_at),
        paidMinor: Number(r.paid_minor),
        refundedMinor: Number(r.refunded_minor),
        totalMinor: Number(r.total_minor),
        taxTotalMinor: Number(r.tax_total_minor),
      }));
    },

    async customersCreated(tenant: Tenant, from: Date, to: Date): Promise<number> {
      const row = await db
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(inTenant(tenant))
        .where('created_at', '>=', fromDate(from))
        .where('created_at', '<', fromDate(to))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

