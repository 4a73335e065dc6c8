import type { Kysely, Selectable } from 'kysely';
import type { Tenant } from '../context.ts';
import type { ReturnRepo } from '../domain/returns/ports.ts';
import type { Return, ReturnLine, ReturnReason, ReturnStatus } from '../domain/returns/types.ts';
import { fromBool, fromDate, toBool, toDate } from './db.ts';
import { pageLimit } from './paging.ts';
import type { Database, ReturnLineTable, ReturnTable } from './schema.ts';
import { inTenant, tenantColumns } from './tenant.ts';

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

function toLine(r: Selectable<ReturnLineTable>): ReturnLine {
  return { id: r.id, orderLineId: r.order_line_id, quantity: Number(r.quantity), restock: r.restock === null ? null : toBool(r.restock), refundMinor: num(r.refund_minor), taxMinor: num(r.tax_minor) };
}

function toReturn(r: Selectable<ReturnTable>, lines: ReturnLine[]): Return {
  return {
    id: r.id,
    orderId: r.order_id,
    status: r.status as ReturnStatus,
    reason: r.reason as ReturnReason,
    note: r.note,
    locationId: r.location_id,
    lines,
    refundMinor: num(r.refund_minor),
    taxMinor: num(r.tax_minor),
    deliveryMinor: num(r.delivery_minor),
    actorType: r.actor_type,
    actorId: r.actor_id,
    actorLabel: r.actor_label,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
    receivedAt: r.received_at === null ? null : toDate(r.received_at),
    refundedAt: r.refunded_at === null ? null : toDate(r.refunded_at),
    closedAt: r.closed_at === null ? null : toDate(r.closed_at),
  };
}

/** Returns and their lines (docs/fulfilment.md, "Returns"). */
export function createReturnRepo(db: Kysely<Database>): ReturnRepo {
  /** The rows with their lines, in one more query. */
  async function withLines(rows: Selectable<ReturnTable>[]): Promise<Return[]> {
    if (rows.length === 0) return [];
    const lines = await db
      .selectFrom('return_lines')
      .selectAll()
      .where(
        'return_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('return_id')
      .orderBy('position')
      .execute();
    return rows.map((r) => toReturn(r, lines.filter((l) => l.return_id === r.id).map(toLine)));
  }

  return {
    async insertReturn(tenant: Tenant, r: Return) {
      await db
        .insertInto('returns')
        .values({
          id: r.id,
          ...tenantColumns(tenant),
          order_id: r.orderId,
          status: r.status,
          reason: r.reason,
          note: r.note,
          location_id: r.locationId,
          refund_minor: r.refundMinor,
          tax_minor: r.taxMinor,
          delivery_minor: r.deliveryMinor,
          actor_type: r.actorType,
          actor_id: r.actorId,
          actor_label: r.actorLabel,
          created_at: fromDate(r.createdAt),
          updated_at: fromDate(r.updatedAt),
          received_at: null,
          refunded_at: null,
          closed_at: null,
        })
        .execute();
      await db
        .insertInto('return_lines')
        .values(r.lines.map((l, position) => ({ id: l.id, return_id: r.id, order_line_id: l.orderLineId, quantity: l.quantity, position, restock: null, refund_minor: null, tax_minor: null })))
        .execute();
    },

    async findReturn(tenant, orderId, id) {
      const row = await db.selectFrom('returns').selectAll().where(inTenant(tenant)).where('order_id', '=', orderId).where('id', '=', id).executeTakeFirst();
      return row ? (await withLines([row]))[0] : undefined;
    },

    async listReturns(tenant, orderId, options) {
      let q = db.selectFrom('returns').selectAll().where(inTenant(tenant)).where('order_id', '=', orderId).orderBy('id').$call(pageLimit(options.limit));
      if (options.after) q = q.where('id', '>', options.after);
      return withLines(await q.execute());
    },

    async returnsOfOrder(tenant, orderId) {
      return withLines(await db.selectFrom('returns').selectAll().where(inTenant(tenant)).where('order_id', '=', orderId).orderBy('id').execute());
    },

    async moveReturn(tenant, id, from, to, fields, now) {
      const result = await db
        .updateTable('returns')
        .set({
          status: to,
          updated_at: fromDate(now),
          ...(fields.locationId !== undefined ? { location_id: fields.locationId } : {}),
          ...(fields.refundMinor !== undefined ? { refund_minor: fields.refundMinor } : {}),
          ...(fields.taxMinor !== undefined ? { tax_minor: fields.taxMinor } : {}),
          ...(fields.deliveryMinor !== undefined ? { delivery_minor: fields.deliveryMinor } : {}),
          ...(fields.receivedAt !== undefined ? { received_at: fromDate(fields.receivedAt) } : {}),
          ...(fields.refundedAt !== undefined ? { refunded_at: fromDate(fields.refundedAt) } : {}),
          ...(fields.closedAt !== undefined ? { closed_at: fromDate(fields.closedAt) } : {}),
        })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setRestock(returnId, lines) {
      for (const l of lines) await db.updateTable('return_lines').set({ restock: fromBool(l.restock) }).where('return_id', '=', returnId).where('id', '=', l.id).execute();
    },

    async setLineRefunds(returnId, lines) {
      for (const l of lines) await db.updateTable('return_lines').set({ refund_minor: l.refundMinor, tax_minor: l.taxMinor }).where('return_id', '=', returnId).where('id', '=', l.id).execute();
    },

    async orderWasFulfilled(tenant, orderId) {
      const row = await db
        .selectFrom('order_events')
        .innerJoin('orders', 'orders.id', 'order_events.order_id')
        .select('order_events.id')
        .where(inTenant(tenant, 'orders'))
        .where('orders.id', '=', orderId)
        .where('order_events.to_status', '=', 'fulfilled')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async shippedUnits(tenant, orderId) {
      const rows = await db
        .selectFrom('shipment_lines')
        .innerJoin('shipments', 'shipments.id', 'shipment_lines.shipment_id')
        .select(['shipment_lines.order_line_id', (eb) => eb.fn.sum<number | string>('shipment_lines.quantity').as('units')])
        .where(inTenant(tenant, 'shipments'))
        .where('shipments.order_id', '=', orderId)
        .groupBy('shipment_lines.order_line_id')
        .execute();
      return new Map(rows.map((r) => [r.order_line_id, Number(r.units)]));
    },
  };
}
