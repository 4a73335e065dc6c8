import { randomBytes } from 'node:crypto';
import type { TestApp } from './app.ts';

type Table = 'customers' | 'reviews' | 'promo_ads' | 'audit_logs';

/** Rows of a table for a store (both modes): to assert that nothing was written. */
export async function countRows(t: TestApp, table: Table, storeId: string): Promise<number> {
  const row = await t.container.db.kysely
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('store_id', '=', storeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The rows of the tables that a write of these areas may touch, for "nothing was written" assertions. */
export async function snapshot(t: TestApp, storeId: string): Promise<Record<Table, number>> {
  return {
    customers: await countRows(t, 'customers', storeId),
    reviews: await countRows(t, 'reviews', storeId),
    promo_ads: await countRows(t, 'promo_ads', storeId),
    audit_logs: await countRows(t, 'audit_logs', storeId),
  };
}

/** Audit actions of a store, oldest first. */
export async function auditActions(t: TestApp, storeId: string, targetId?: string): Promise<string[]> {
  let q = t.container.db.kysely.selectFrom('audit_logs').select(['action', 'id']).where('store_id', '=', storeId);
  if (targetId) q = q.where('target_id', '=', targetId);
  return (await q.orderBy('id').execute()).map((r) => r.action);
}

/**
 * Inserts an order row directly (orders are built on another branch): enough columns for the customer figures.
 * Amounts are minor units.
 */
export async function insertOrder(
  t: TestApp,
  o: { storeId: string; customerId: string; mode?: 'live' | 'test'; paidMinor: number; refundedMinor?: number; totalMinor?: number },
): Promise<string> {
  const id = `ord_${Date.now().toString(36).toUpperCase().padStart(10, '0')}${randomBytes(8).toString('hex').toUpperCase()}`.slice(0, 30);
  const now = new Date().toISOString();
  await t.container.db.kysely
    .insertInto('orders')
    .values({
      id,
      store_id: o.storeId,
      mode: o.mode ?? 'live',
      number: `T-${randomBytes(6).toString('hex')}`,
      customer_id: o.customerId,
      status: 'paid',
      currency: 'USD',
      subtotal_minor: o.totalMinor ?? o.paidMinor,
      discount_minor: 0,
      delivery_fee_minor: 0,
      total_minor: o.totalMinor ?? o.paidMinor,
      paid_minor: o.paidMinor,
      refunded_minor: o.refundedMinor ?? 0,
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
  return id;
}

/** Sets a customer's ban fields directly, e.g. a ban that has already expired (the API only takes future expiries). */
export async function setBanDirectly(t: TestApp, customerId: string, ban: { bannedAt: Date; reason: string; expiresAt: Date | null }): Promise<void> {
  await t.container.db.kysely
    .updateTable('customers')
    .set({ banned_at: ban.bannedAt.toISOString(), ban_reason: ban.reason, ban_expires_at: ban.expiresAt ? ban.expiresAt.toISOString() : null })
    .where('id', '=', customerId)
    .execute();
}
