import { type Kysely, type Selectable, sql } from 'kysely';
import type { Tenant } from '../context.ts';
import type { CaptureMethod, PaymentKind, PaymentLinkStatus, PaymentStatus, RecordMethod } from '../domain/payments/payment-rules.ts';
import type { CompletingProviderPayment, LinkFilter, PaymentRepo } from '../domain/payments/ports.ts';
import type { MethodTotals, OrderMoney, Payment, PaymentLink } from '../domain/payments/types.ts';
import { type Dialect, fromDate, rowLock, toDate } from './db.ts';
import { holdable } from './held-writes.ts';
import { pageLimit } from './paging.ts';
import type { Database, OrderTable, PaymentLinkTable, PaymentTable } from './schema.ts';
import { inTenant, tenantColumns } from './tenant.ts';

function toPayment(r: Selectable<PaymentTable>): Payment {
  return {
    id: r.id,
    orderId: r.order_id,
    kind: r.kind as PaymentKind,
    method: r.method as RecordMethod,
    amountMinor: Number(r.amount_minor),
    status: r.status as PaymentStatus,
    reference: r.reference,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

function toLink(r: Selectable<PaymentLinkTable>): PaymentLink {
  return {
    id: r.id,
    orderId: r.order_id,
    amountMinor: Number(r.amount_minor),
    currency: r.currency,
    description: r.description,
    expiresAt: r.expires_at === null ? null : toDate(r.expires_at),
    status: r.status as PaymentLinkStatus,
    token: r.token,
    captureMethod: r.capture_method as CaptureMethod,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

function paymentValues(tenant: Tenant, p: Payment) {
  return {
    id: p.id,
    ...tenantColumns(tenant),
    order_id: p.orderId,
    kind: p.kind,
    method: p.method,
    amount_minor: p.amountMinor,
    status: p.status,
    reference: p.reference,
    created_at: fromDate(p.createdAt),
    updated_at: fromDate(p.updatedAt),
  };
}

type OrderMoneyRow = Pick<Selectable<OrderTable>, 'id' | 'number' | 'status' | 'currency' | 'total_minor' | 'paid_minor' | 'refunded_minor'>;

function toOrderMoney(r: OrderMoneyRow): OrderMoney {
  return {
    id: r.id,
    number: r.number,
    status: r.status,
    currency: r.currency,
    totalMinor: Number(r.total_minor),
    paidMinor: Number(r.paid_minor),
    refundedMinor: Number(r.refunded_minor),
  };
}

const ORDER_MONEY = ['id', 'number', 'status', 'currency', 'total_minor', 'paid_minor', 'refunded_minor'] as const;

/** The sum of the order's pending payments (money on its way in), read on `db` (the pool or a transaction). */
export async function pendingPaidOf(db: Kysely<Database>, tenant: Tenant, orderId: string): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select(sql<number>`coalesce(sum(amount_minor), 0)`.as('n'))
    .where(inTenant(tenant))
    .where('order_id', '=', orderId)
    .where('kind', '=', 'payment')
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Payment records, payment links, and the money columns of orders (`paid_minor`, `refunded_minor`), which only the
 * payment functions change. Every method takes the tenant first and filters on it (`inTenant`).
 */
export function createPaymentRepo(db: Kysely<Database>, dialect: Dialect): PaymentRepo {
  const locked = rowLock(dialect);

  return {
    // ---- the money side of orders -------------------------------------------------------------------------

    async findOrder(tenant: Tenant, orderId: string): Promise<OrderMoney | undefined> {
      const row = await db.selectFrom('orders').select(ORDER_MONEY).where(inTenant(tenant)).where('id', '=', orderId).executeTakeFirst();
      return row && toOrderMoney(row);
    },

    /** The order's money, locked until the transaction ends (PostgreSQL `for update`; SQLite has one writer). */
    async lockOrder(tenant: Tenant, orderId: string): Promise<OrderMoney | undefined> {
      let q = db.selectFrom('orders').select(ORDER_MONEY).where(inTenant(tenant)).where('id', '=', orderId);
      q = locked(q);
      const row = await q.executeTakeFirst();
      return row && toOrderMoney(row);
    },

    /** Adds to `paid_minor` (succeeded payments) and returns the order's new money. */
    async addPaid(tenant: Tenant, orderId: string, amountMinor: number, now: Date): Promise<OrderMoney | undefined> {
      const row = await db
        .updateTable('orders')
        .set({ paid_minor: sql`paid_minor + ${amountMinor}`, updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('id', '=', orderId)
        .returning(ORDER_MONEY)
        .executeTakeFirst();
      return row && toOrderMoney(row);
    },

    /** Adds to `refunded_minor` unless it would pass `paid_minor` (undefined then: nothing changed). */
    async addRefunded(tenant: Tenant, orderId: string, amountMinor: number, now: Date): Promise<OrderMoney | undefined> {
      const row = await db
        .updateTable('orders')
        .set({ refunded_minor: sql`refunded_minor + ${amountMinor}`, updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('id', '=', orderId)
        .where(sql<boolean>`refunded_minor + ${amountMinor} <= paid_minor`)
        .returning(ORDER_MONEY)
        .executeTakeFirst();
      return row && toOrderMoney(row);
    },

    // ---- payment records ----------------------------------------------------------------------------------

    async insertPayment(tenant: Tenant, p: Payment): Promise<void> {
      await db.insertInto('payments').values(paymentValues(tenant, p)).execute();
    },

    async insertPaidPayment(tenant: Tenant, p: Payment, completing: CompletingProviderPayment, now: Date, withinOutstanding = false): Promise<{ order: OrderMoney | undefined; completed: boolean; exceedsOutstanding: boolean }> {
      const addPaid = db
        .updateTable('orders')
        .set({ paid_minor: sql`paid_minor + ${p.amountMinor}`, updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('id', '=', p.orderId);
      // What the order has outstanding as this statement reads it: its total less what is paid and what is pending
      // (`pendingPaidMinor`'s sum); its own update's where clause reads the row before the update.
      const pendingPaid = db
        .selectFrom('payments')
        .select(sql<number>`coalesce(sum(amount_minor), 0)`.as('n'))
        .where(inTenant(tenant))
        .where('order_id', '=', p.orderId)
        .where('kind', '=', 'payment')
        .where('status', '=', 'pending');
      const addPaidWithin = withinOutstanding ? addPaid.where(sql<boolean>`total_minor - paid_minor - (${pendingPaid}) >= ${p.amountMinor}`) : addPaid;
      const values = paymentValues(tenant, p);
      const at = fromDate(now);
      const completion = { status: completing.status, received_minor: completing.receivedMinor, flag: completing.flag, payment_id: p.id, completed_at: at, updated_at: at };
      if (dialect === 'postgres') {
        // One round trip: the order's paid amount, the record and the completion's mark as data-modifying CTEs; the
        // record and the mark only with the order's update (nothing at all when the amount is more than outstanding).
        // The statement answers the order's new money and whether the mark was won. Its snapshot is taken when it
        // starts: after the caller's lock of the order was granted, so it sees every payment committed under that lock.
        const row = await db
          .with('paid', () => addPaidWithin.returning(ORDER_MONEY))
          .with('recorded', (d) =>
            d
              .insertInto('payments')
              .columns(Object.keys(values) as Array<keyof typeof values>)
              .expression(d.selectFrom('paid').select((eb) => Object.entries(values).map(([column, value]) => eb.val(value).as(column))))
              .returning('id'),
          )
          .with('completed', (d) =>
            d
              .updateTable('provider_payments')
              .set(completion)
              .where(inTenant(tenant))
              .where('id', '=', completing.id)
              .where('completed_at', 'is', null)
              .where((eb) => eb.exists(eb.selectFrom('paid').select('paid.id')))
              .returning('id'),
          )
          .selectFrom('paid')
          .selectAll('paid')
          .select((eb) => eb.selectFrom('completed').select(sql<number>`count(*)`.as('n')).as('completed'))
          .executeTakeFirst();
        return { order: row && toOrderMoney(row), completed: Number(row?.completed ?? 0) > 0, exceedsOutstanding: withinOutstanding && !row };
      }
      const insert = db.insertInto('payments').values(values);
      const complete = db.updateTable('provider_payments').set(completion).where(inTenant(tenant)).where('id', '=', completing.id).where('completed_at', 'is', null);
      if (withinOutstanding) {
        const order = await addPaidWithin.returning(ORDER_MONEY).executeTakeFirst();
        if (!order) return { order: undefined, completed: false, exceedsOutstanding: true };
        await insert.execute();
        const completed = await complete.executeTakeFirst();
        return { order: toOrderMoney(order), completed: Number(completed.numUpdatedRows) > 0, exceedsOutstanding: false };
      }
      await insert.execute();
      const order = await addPaid.returning(ORDER_MONEY).executeTakeFirst();
      const completed = await complete.executeTakeFirst();
      return { order: order && toOrderMoney(order), completed: Number(completed.numUpdatedRows) > 0, exceedsOutstanding: false };
    },

    async findPayment(tenant: Tenant, id: string): Promise<Payment | undefined> {
      const row = await db.selectFrom('payments').selectAll().where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      return row && toPayment(row);
    },

    /** Oldest first. */
    async listPayments(tenant: Tenant, orderId: string): Promise<Payment[]> {
      const rows = await db.selectFrom('payments').selectAll().where(inTenant(tenant)).where('order_id', '=', orderId).orderBy('id').execute();
      return rows.map(toPayment);
    },

    async ordersWithPendingCardRefundsAcrossStores(before: Date, limit: number) {
      const rows = await db
        .selectFrom('payments')
        .select(['store_id', 'mode', 'order_id'])
        .select((eb) => eb.fn.min('created_at').as('first'))
        .where('status', '=', 'pending')
        .where('kind', '=', 'refund')
        .where('method', '=', 'card')
        .where('created_at', '<', fromDate(before))
        .groupBy(['store_id', 'mode', 'order_id'])
        .orderBy('first')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ tenant: { storeId: r.store_id, mode: r.mode as Tenant['mode'] }, orderId: r.order_id }));
    },

    async setReference(tenant: Tenant, id: string, reference: string, now: Date): Promise<void> {
      await db.updateTable('payments').set({ reference, updated_at: fromDate(now) }).where(inTenant(tenant)).where('id', '=', id).execute();
    },

    /** Settles a pending record; false (nothing changed) when it is no longer pending. */
    async settlePayment(tenant: Tenant, id: string, status: PaymentStatus, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('payments')
        .set({ status, updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Sum of pending payments of the order (money on its way in). */
    async pendingPaidMinor(tenant: Tenant, orderId: string): Promise<number> {
      return pendingPaidOf(db, tenant, orderId);
    },

    /** Per method of the order: succeeded payments, succeeded refunds and pending refunds. */
    async methodTotals(tenant: Tenant, orderId: string): Promise<MethodTotals[]> {
      const rows = await db
        .selectFrom('payments')
        .select([
          'method',
          sql<number>`coalesce(sum(case when kind = 'payment' and status = 'succeeded' then amount_minor else 0 end), 0)`.as('paid'),
          sql<number>`coalesce(sum(case when kind = 'refund' and status = 'succeeded' then amount_minor else 0 end), 0)`.as('refunded'),
          sql<number>`coalesce(sum(case when kind = 'refund' and status = 'pending' then amount_minor else 0 end), 0)`.as('pendingRefund'),
        ])
        .where(inTenant(tenant))
        .where('order_id', '=', orderId)
        .groupBy('method')
        .orderBy('method')
        .execute();
      return rows.map((r) => ({ method: r.method, paidMinor: Number(r.paid), refundedMinor: Number(r.refunded), pendingRefundMinor: Number(r.pendingRefund) }));
    },

    // ---- payment links ------------------------------------------------------------------------------------

    async insertLink(tenant: Tenant, l: PaymentLink): Promise<void> {
      await db
        .insertInto('payment_links')
        .values({
          id: l.id,
          ...tenantColumns(tenant),
          order_id: l.orderId,
          amount_minor: l.amountMinor,
          currency: l.currency,
          description: l.description,
          expires_at: l.expiresAt === null ? null : fromDate(l.expiresAt),
          status: l.status,
          token: l.token,
          capture_method: l.captureMethod,
          created_at: fromDate(l.createdAt),
          updated_at: fromDate(l.updatedAt),
        })
        .modifyEnd(holdable)
        .execute();
    },

    async findLink(tenant: Tenant, id: string): Promise<PaymentLink | undefined> {
      const row = await db.selectFrom('payment_links').selectAll().where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      return row && toLink(row);
    },

    /** Newest first; up to `limit + 1` links before the cursor id, filtered on the status they read as at `now`. */
    async listLinks(tenant: Tenant, filter: LinkFilter, page: { limit: number; before?: string | undefined }, now: Date): Promise<PaymentLink[]> {
      const at = fromDate(now);
      let q = db.selectFrom('payment_links').selectAll().where(inTenant(tenant));
      if (filter.orderId !== undefined) q = q.where('order_id', '=', filter.orderId);
      if (filter.status === 'active') q = q.where('status', '=', 'active').where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]));
      else if (filter.status === 'expired') {
        q = q.where((eb) => eb.or([eb('status', '=', 'expired'), eb.and([eb('status', '=', 'active'), eb('expires_at', 'is not', null), eb('expires_at', '<=', at)])]));
      } else if (filter.status !== undefined) q = q.where('status', '=', filter.status);
      if (page.before) q = q.where('id', '<', page.before);
      return (await q.orderBy('id', 'desc').$call(pageLimit(page.limit)).execute()).map(toLink);
    },

    /**
     * Moves a link that is active at `now` (stored active and not past its expiry) to `status`; false (nothing
     * changed) otherwise, so two concurrent cancels, or a cancel and a payment, cannot both succeed.
     */
    async closeActiveLink(tenant: Tenant, id: string, status: 'paid' | 'cancelled', now: Date): Promise<boolean> {
      const at = fromDate(now);
      const result = await db
        .updateTable('payment_links')
        .set({ status, updated_at: at })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .where('status', '=', 'active')
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async markLinkPaid(tenant: Tenant, id: string, now: Date): Promise<PaymentLink | undefined> {
      const row = await db
        .updateTable('payment_links')
        .set({ status: 'paid', updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .where('status', '=', 'active')
        .returningAll()
        .executeTakeFirst();
      return row && toLink(row);
    },

    async lockLink(tenant: Tenant, id: string): Promise<PaymentLink | undefined> {
      const row = await locked(db.selectFrom('payment_links').selectAll().where(inTenant(tenant)).where('id', '=', id)).executeTakeFirst();
      return row && toLink(row);
    },

    async findLinkByTokenAcrossStores(token: string): Promise<{ tenant: Tenant; link: PaymentLink; paymentMethods: string[] | null } | undefined> {
      const row = await db
        .selectFrom('payment_links')
        .leftJoin('store_settings', (join) => join.onRef('store_settings.store_id', '=', 'payment_links.store_id').onRef('store_settings.mode', '=', 'payment_links.mode'))
        .selectAll('payment_links')
        .select('store_settings.payment_methods')
        .where('payment_links.token', '=', token)
        .executeTakeFirst();
      if (!row) return undefined;
      const { payment_methods: methods, ...link } = row;
      return { tenant: { storeId: link.store_id, mode: link.mode as Tenant['mode'] }, link: toLink(link), paymentMethods: methods === null ? null : (JSON.parse(methods) as string[]) };
    },

    async addAuthorized(tenant: Tenant, orderId: string, deltaMinor: number, now: Date): Promise<void> {
      await db
        .updateTable('orders')
        .set({ authorized_minor: sql`authorized_minor + ${deltaMinor}`, updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('id', '=', orderId)
        .execute();
    },
  };
}

