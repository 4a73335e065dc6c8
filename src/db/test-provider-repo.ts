import { type Kysely, type Selectable, sql } from 'kysely';
import type { Tenant } from '../context.ts';
import type { CaptureMethod } from '../domain/payments/payment-rules.ts';
import type { ProviderPaymentStatus } from '../domain/payments/provider-port.ts';
import type { TestProviderPayment, TestProviderRepo } from '../domain/payments/test-provider.ts';
import { fromDate, toDate } from './db.ts';
import type { Database, TestProviderPaymentTable } from './schema.ts';
import { inTenant, tenantColumns } from './tenant.ts';

function toPayment(r: Selectable<TestProviderPaymentTable>): TestProviderPayment {
  return {
    id: r.id,
    idempotencyKey: r.idempotency_key,
    amountMinor: Number(r.amount_minor),
    currency: r.currency,
    captureMethod: r.capture_method as CaptureMethod,
    status: r.status as ProviderPaymentStatus,
    cardLast4: r.card_last4,
    failureCode: r.failure_code,
    failureMessage: r.failure_message,
    succeedAt: r.succeed_at === null ? null : toDate(r.succeed_at),
    capturedMinor: Number(r.captured_minor),
    refundedMinor: Number(r.refunded_minor),
    returnUrl: r.return_url,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

/** The built-in test provider's own side (domain/payments/test-provider.ts): its payments, refunds and signing secrets. */
export function createTestProviderRepo(db: Kysely<Database>): TestProviderRepo {
  const find = async (tenant: Tenant, id: string) => {
    const row = await db.selectFrom('test_provider_payments').selectAll().where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
    return row && toPayment(row);
  };
  return {
    async insertPayment(tenant, p) {
      await db
        .insertInto('test_provider_payments')
        .values({
          id: p.id,
          ...tenantColumns(tenant),
          idempotency_key: p.idempotencyKey,
          amount_minor: p.amountMinor,
          currency: p.currency,
          capture_method: p.captureMethod,
          status: p.status,
          card_last4: p.cardLast4,
          failure_code: p.failureCode,
          failure_message: p.failureMessage,
          succeed_at: p.succeedAt === null ? null : fromDate(p.succeedAt),
          captured_minor: p.capturedMinor,
          refunded_minor: p.refundedMinor,
          return_url: p.returnUrl,
          created_at: fromDate(p.createdAt),
          updated_at: fromDate(p.updatedAt),
        })
        .onConflict((oc) => oc.columns(['store_id', 'mode', 'idempotency_key']).doNothing())
        .execute();
      const row = await db.selectFrom('test_provider_payments').selectAll().where(inTenant(tenant)).where('idempotency_key', '=', p.idempotencyKey).executeTakeFirstOrThrow();
      return toPayment(row);
    },

    findPayment: find,

    async findPaymentAcrossStores(id) {
      const row = await db.selectFrom('test_provider_payments').selectAll().where('id', '=', id).executeTakeFirst();
      return row && { tenant: { storeId: row.store_id, mode: row.mode as Tenant['mode'] }, payment: toPayment(row) };
    },

    async updatePayment(tenant, id, from, set, now) {
      const row = await db
        .updateTable('test_provider_payments')
        .set({
          ...(set.status !== undefined ? { status: set.status } : {}),
          ...(set.failureCode !== undefined ? { failure_code: set.failureCode } : {}),
          ...(set.failureMessage !== undefined ? { failure_message: set.failureMessage } : {}),
          ...(set.capturedMinor !== undefined ? { captured_minor: set.capturedMinor } : {}),
          ...(set.cardLast4 !== undefined ? { card_last4: set.cardLast4 } : {}),
          ...(set.succeedAt !== undefined ? { succeed_at: set.succeedAt === null ? null : fromDate(set.succeedAt) } : {}),
          updated_at: fromDate(now),
        })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .where('status', 'in', [...from])
        .returningAll()
        .executeTakeFirst();
      return row && toPayment(row);
    },

    async insertRefund(tenant, r, now) {
      const existing = await db.selectFrom('test_provider_refunds').select(['id', 'amount_minor']).where(inTenant(tenant)).where('idempotency_key', '=', r.idempotencyKey).executeTakeFirst();
      if (existing) return { id: existing.id, amountMinor: Number(existing.amount_minor) };
      const moved = await db
        .updateTable('test_provider_payments')
        .set({ refunded_minor: sql`refunded_minor + ${r.amountMinor}`, updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('id', '=', r.paymentId)
        .where(sql<boolean>`refunded_minor + ${r.amountMinor} <= captured_minor`)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) return undefined;
      await db
        .insertInto('test_provider_refunds')
        .values({ id: r.id, ...tenantColumns(tenant), idempotency_key: r.idempotencyKey, payment_id: r.paymentId, amount_minor: r.amountMinor, created_at: fromDate(now) })
        .execute();
      return { id: r.id, amountMinor: r.amountMinor };
    },

    async signingSecret(tenant, candidate, now) {
      await db
        .insertInto('test_provider_accounts')
        .values({ ...tenantColumns(tenant), signing_secret: candidate, created_at: fromDate(now) })
        .onConflict((oc) => oc.columns(['store_id', 'mode']).doNothing())
        .execute();
      const row = await db.selectFrom('test_provider_accounts').select('signing_secret').where(inTenant(tenant)).executeTakeFirstOrThrow();
      return row.signing_secret;
    },
  };
}
