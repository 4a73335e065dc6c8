import { type Kysely, type Selectable, sql } from 'kysely';
import type { Tenant } from '../context.ts';
import type { CaptureMethod } from '../domain/payments/payment-rules.ts';
import type { ProviderPaymentRepo } from '../domain/payments/ports.ts';
import type { ProviderName, ProviderPaymentStatus } from '../domain/payments/provider-port.ts';
import type { FlagResolution, ProviderPayment } from '../domain/payments/types.ts';
import { type Dialect, fromDate, rowLock, toDate } from './db.ts';
import type { Database, ProviderPaymentTable } from './schema.ts';
import { inTenant, tenantColumns } from './tenant.ts';

function toProviderPayment(r: Selectable<ProviderPaymentTable>): ProviderPayment {
  return {
    id: r.id,
    provider: r.provider as ProviderName,
    linkId: r.link_id,
    orderId: r.order_id,
    amountMinor: Number(r.amount_minor),
    currency: r.currency,
    captureMethod: r.capture_method as CaptureMethod,
    status: r.status as ProviderPaymentStatus,
    providerRef: r.provider_ref,
    actionUrl: r.action_url,
    failureCode: r.failure_code,
    failureMessage: r.failure_message,
    flag: r.flag,
    receivedMinor: r.received_minor === null ? null : Number(r.received_minor),
    paymentId: r.payment_id,
    completedAt: r.completed_at === null ? null : toDate(r.completed_at),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
    resolution: (r.resolution ?? null) as FlagResolution | null,
    resolvedAt: r.resolved_at == null ? null : toDate(r.resolved_at),
  };
}

/** A provider payment's row. */
function paymentRow(tenant: Tenant, p: ProviderPayment) {
  return {
    id: p.id,
    ...tenantColumns(tenant),
    provider: p.provider,
    link_id: p.linkId,
    order_id: p.orderId,
    amount_minor: p.amountMinor,
    currency: p.currency,
    capture_method: p.captureMethod,
    status: p.status,
    provider_ref: p.providerRef,
    action_url: p.actionUrl,
    failure_code: p.failureCode,
    failure_message: p.failureMessage,
    flag: p.flag,
    received_minor: p.receivedMinor,
    payment_id: p.paymentId,
    completed_at: p.completedAt === null ? null : fromDate(p.completedAt),
    created_at: fromDate(p.createdAt),
    updated_at: fromDate(p.updatedAt),
  };
}

/** Whether the link's newest attempt is the one to pay with now, for an attempt with `provider` (`currentAttempt`). */
const usable = (newest: ProviderPayment | undefined, provider: ProviderName): newest is ProviderPayment =>
  newest !== undefined && newest.provider === provider && newest.status !== 'failed' && newest.status !== 'canceled';

/** Our records of payments at providers (`provider_payments`) and the provider events received (`provider_events`). */
export function createProviderPaymentRepo(db: Kysely<Database>, dialect: Dialect): ProviderPaymentRepo {
  const locked = rowLock(dialect);
  const newestOf = async (executor: Kysely<Database>, tenant: Tenant, linkId: string) => {
    const row = await executor.selectFrom('provider_payments').selectAll().where(inTenant(tenant)).where('link_id', '=', linkId).orderBy('id', 'desc').limit(1).executeTakeFirst();
    return row && toProviderPayment(row);
  };
  return {
    async insert(tenant, p) {
      await db.insertInto('provider_payments').values(paymentRow(tenant, p)).execute();
    },

    async find(tenant, id) {
      const row = await db.selectFrom('provider_payments').selectAll().where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      return row && toProviderPayment(row);
    },

    async lock(tenant, id) {
      const row = await locked(db.selectFrom('provider_payments').selectAll().where(inTenant(tenant)).where('id', '=', id)).executeTakeFirst();
      return row && toProviderPayment(row);
    },

    async findByRef(tenant, provider, ref) {
      const row = await db.selectFrom('provider_payments').selectAll().where(inTenant(tenant)).where('provider', '=', provider).where('provider_ref', '=', ref).executeTakeFirst();
      return row && toProviderPayment(row);
    },

    async latestForLink(tenant, linkId) {
      const row = await db.selectFrom('provider_payments').selectAll().where(inTenant(tenant)).where('link_id', '=', linkId).orderBy('id', 'desc').limit(1).executeTakeFirst();
      return row && toProviderPayment(row);
    },

    async latestForLinkLocked(tenant, linkId) {
      // SQLite: the write transaction (BEGIN IMMEDIATE, one writer at a time) is the lock already; reading the link's
      // row would lock nothing more. PostgreSQL: the link's row first, then the attempt in its own statement, whose
      // snapshot is taken once the lock is held (a statement that waits for a lock reads with the snapshot taken before
      // it waited, which would miss the attempt the transaction it waited for inserted).
      if (dialect === 'postgres') await db.selectFrom('payment_links').select('id').where(inTenant(tenant)).where('id', '=', linkId).forUpdate().execute();
      const row = await db.selectFrom('provider_payments').selectAll().where(inTenant(tenant)).where('link_id', '=', linkId).orderBy('id', 'desc').limit(1).executeTakeFirst();
      return row && toProviderPayment(row);
    },

    async currentAttempt(tenant, fresh) {
      const linkId = fresh.linkId!;
      if (dialect === 'sqlite') {
        // One statement: inserted unless the newest is usable, which a statement cannot miss (SQLite runs one at a time).
        const row = paymentRow(tenant, fresh);
        const columns = Object.keys(row) as Array<keyof typeof row>;
        const inserted = await db
          .insertInto('provider_payments')
          .columns(columns)
          .expression(
            db
              .selectNoFrom(columns.map((c) => sql.val(row[c]).as(c)))
              .where((eb) =>
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom(
                        eb.selectFrom('provider_payments').select(['provider', 'status']).where(inTenant(tenant)).where('link_id', '=', linkId).orderBy('id', 'desc').limit(1).as('newest'),
                      )
                      .select(sql.lit(1).as('one'))
                      .where('newest.provider', '=', fresh.provider)
                      .where('newest.status', 'not in', ['failed', 'canceled']),
                  ),
                ),
              ),
          )
          .returningAll()
          .executeTakeFirst();
        if (inserted) return toProviderPayment(inserted);
        const newest = await newestOf(db, tenant, linkId);
        if (!usable(newest, fresh.provider)) throw new Error(`The newest attempt of link ${linkId} was not usable and none was inserted.`);
        return newest;
      }
      // PostgreSQL: the link's row locked first, the newest read in a statement of its own after it (latestForLinkLocked).
      const choose = async (trx: Kysely<Database>) => {
        await trx.selectFrom('payment_links').select('id').where(inTenant(tenant)).where('id', '=', linkId).forUpdate().execute();
        const newest = await newestOf(trx, tenant, linkId);
        if (usable(newest, fresh.provider)) return newest;
        await trx.insertInto('provider_payments').values(paymentRow(tenant, fresh)).execute();
        return fresh;
      };
      return db.isTransaction ? choose(db) : db.transaction().execute(choose);
    },

    async listForOrder(tenant, orderId) {
      const rows = await db.selectFrom('provider_payments').selectAll().where(inTenant(tenant)).where('order_id', '=', orderId).orderBy('id').execute();
      return rows.map(toProviderPayment);
    },

    async update(tenant, id, set, now) {
      await db
        .updateTable('provider_payments')
        .set({
          ...(set.status !== undefined ? { status: set.status } : {}),
          ...(set.providerRef !== undefined ? { provider_ref: set.providerRef } : {}),
          ...(set.actionUrl !== undefined ? { action_url: set.actionUrl } : {}),
          ...(set.failureCode !== undefined ? { failure_code: set.failureCode } : {}),
          ...(set.failureMessage !== undefined ? { failure_message: set.failureMessage } : {}),
          ...(set.flag !== undefined ? { flag: set.flag } : {}),
          ...(set.receivedMinor !== undefined ? { received_minor: set.receivedMinor } : {}),
          updated_at: fromDate(now),
        })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .execute();
    },

    async complete(tenant, id, set, now) {
      const at = fromDate(now);
      const result = await db
        .updateTable('provider_payments')
        .set({ status: set.status, received_minor: set.receivedMinor, flag: set.flag, payment_id: set.paymentId, completed_at: at, updated_at: at })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .where('completed_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async resolve(tenant, id, set, now) {
      const at = fromDate(now);
      const result = await db
        .updateTable('provider_payments')
        .set({ resolution: set.resolution, resolved_at: at, updated_at: at, ...(set.paymentId !== undefined ? { payment_id: set.paymentId } : {}), ...(set.status !== undefined ? { status: set.status } : {}), ...(set.receivedMinor !== undefined ? { received_minor: set.receivedMinor } : {}) })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .where('resolution', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insertEvent(tenant, e, now) {
      const result = await db
        .insertInto('provider_events')
        .values({ ...tenantColumns(tenant), provider: e.provider, event_id: e.eventId, type: e.type, provider_payment_id: e.providerPaymentId, received_at: fromDate(now) })
        .onConflict((oc) => oc.columns(['store_id', 'mode', 'provider', 'event_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async hasEvent(tenant, provider, eventId) {
      const row = await db.selectFrom('provider_events').select('event_id').where(inTenant(tenant)).where('provider', '=', provider).where('event_id', '=', eventId).executeTakeFirst();
      return row !== undefined;
    },
  };
}
