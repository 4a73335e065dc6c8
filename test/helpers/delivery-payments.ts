import { randomBytes } from 'node:crypto';
import type { StoreContext } from '../../src/context.ts';
import { PERMISSIONS } from '../../src/domain/shared/permissions.ts';
import type { TestApp } from './app.ts';

type OperationsTable = 'delivery_zones' | 'delivery_options' | 'payments' | 'payment_links' | 'store_settings' | 'audit_logs' | 'orders';

/** Counts rows of a table for a store (optionally one mode): to assert nothing was written. */
export async function countOf(t: TestApp, table: OperationsTable, storeId: string, mode?: 'live' | 'test'): Promise<number> {
  let q = (t.container.db.kysely as any).selectFrom(table).select((eb: any) => eb.fn.countAll().as('n')).where('store_id', '=', storeId);
  if (mode) q = q.where('mode', '=', mode);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The newest audit entries of a store, newest first. */
export async function auditActions(t: TestApp, storeId: string, limit = 5): Promise<string[]> {
  const rows = await t.container.db.kysely.selectFrom('audit_logs').select('action').where('store_id', '=', storeId).orderBy('id', 'desc').limit(limit).execute();
  return rows.map((r) => r.action);
}

/**
 * Inserts a customer and an order row directly (the orders area is built elsewhere): just enough for payments.
 * Amounts in minor units.
 */
export async function insertOrder(
  t: TestApp,
  storeId: string,
  options: { mode?: 'live' | 'test'; totalMinor?: number; paidMinor?: number; refundedMinor?: number; currency?: string; status?: string; number?: string } = {},
): Promise<{ id: string; number: string }> {
  const db = t.container.db.kysely;
  const mode = options.mode ?? 'live';
  const now = new Date().toISOString();
  const suffix = randomBytes(8).toString('hex').toUpperCase();
  const customerId = `cus_${suffix.padEnd(26, '0')}`;
  const id = `ord_${suffix.padEnd(26, '1')}`;
  const number = options.number ?? `T-${suffix}`;
  await db
    .insertInto('customers')
    .values({
      id: customerId,
      store_id: storeId,
      mode,
      name: 'Ada Customer',
      name_folded: 'ada customer',
      email: `ada.${suffix}@example.com`,
      email_normalized: `ada.${suffix.toLowerCase()}@example.com`,
      phone: null,
      addresses: '[]',
      banned_at: null,
      ban_reason: null,
      ban_expires_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const total = options.totalMinor ?? 10_000;
  await db
    .insertInto('orders')
    .values({
      id,
      store_id: storeId,
      mode,
      number,
      customer_id: customerId,
      status: options.status ?? 'pending',
      currency: options.currency ?? 'USD',
      subtotal_minor: total,
      discount_minor: 0,
      delivery_fee_minor: 0,
      total_minor: total,
      paid_minor: options.paidMinor ?? 0,
      refunded_minor: options.refundedMinor ?? 0,
      promotion_id: null,
      promotion_code: null,
      delivery_option_id: null,
      delivery_option_name: null,
      shipping_address: null,
      billing_address: null,
      note: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, number };
}

/** The money columns of an order, in minor units. */
export async function orderMoney(t: TestApp, orderId: string): Promise<{ paid: number; refunded: number }> {
  const row = await t.container.db.kysely.selectFrom('orders').select(['paid_minor', 'refunded_minor']).where('id', '=', orderId).executeTakeFirstOrThrow();
  return { paid: Number(row.paid_minor), refunded: Number(row.refunded_minor) };
}

/** A context acting in a store with every permission, for calling store-level functions directly (as the order service will). */
export function storeContext(m: { storeId: string; userId: string; email: string }, mode: 'live' | 'test' = 'live', now = new Date()): StoreContext {
  return {
    requestId: `test-${randomBytes(4).toString('hex')}`,
    now,
    actor: { type: 'user', id: m.userId, label: m.email, userId: m.userId },
    credential: 'session',
    tenant: { storeId: m.storeId, mode },
    role: 'owner',
    permissions: new Set(PERMISSIONS),
  };
}
