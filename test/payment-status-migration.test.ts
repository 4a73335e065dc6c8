import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/db.ts';
import { migrateToLatest, migrateUpTo } from '../src/db/migrations/index.ts';
import { createOrderRepo } from '../src/db/order-repo.ts';
import { createPaymentRepo } from '../src/db/payment-repo.ts';
import { orderPaymentStatus } from '../src/domain/payments/payment-rules.ts';
import { createTestDatabase, describeEachDatabase } from './helpers/databases.ts';

describeEachDatabase('upgrading a database with orders (migration 0022)', (kind) => {
  it('keeps what every existing order records, derives its payment status from it, and keeps links capturing at once', async () => {
    const database = await createTestDatabase(kind);
    const db = openDatabase(database.config, { timeoutMs: 5000 });
    try {
      await migrateUpTo(db, '0020-email');
      const k = db.kysely;
      const at = new Date(Date.UTC(2026, 5, 1)).toISOString();
      await sql`insert into stores (id, name, currency, timezone, created_at, updated_at) values ('sto_1', 'Old', 'USD', 'UTC', ${at}, ${at})`.execute(k);
      await sql`insert into customers (id, store_id, mode, name, name_folded, email, email_normalized, phone, addresses, banned_at, ban_reason, ban_expires_at, created_at, updated_at)
        values ('cus_1', 'sto_1', 'live', 'Ada', 'ada', 'ada@example.com', 'ada@example.com', null, '[]', null, null, null, ${at}, ${at})`.execute(k);
      // [id, status, total, paid, refunded, expected payment status]
      const orders: Array<[string, string, number, number, number, string]> = [
        ['ord_1', 'pending', 1000, 0, 0, 'unpaid'],
        ['ord_2', 'pending', 1000, 400, 0, 'partially_paid'],
        ['ord_3', 'paid', 1000, 1000, 0, 'paid'],
        ['ord_4', 'delivered', 1000, 1000, 0, 'paid'],
        ['ord_5', 'partially_refunded', 1000, 1000, 250, 'partially_refunded'],
        ['ord_6', 'refunded', 1000, 1000, 1000, 'refunded'],
        ['ord_7', 'cancelled', 1000, 400, 400, 'refunded'],
        ['ord_8', 'cancelled', 1000, 0, 0, 'unpaid'],
      ];
      for (const [i, [id, status, total, paid, refunded]] of orders.entries()) {
        await sql`insert into orders (id, store_id, mode, number, customer_id, status, currency, subtotal_minor, discount_minor, delivery_fee_minor, total_minor, paid_minor, refunded_minor,
            promotion_id, promotion_code, delivery_option_id, delivery_option_name, shipping_address, billing_address, note, created_at, updated_at)
          values (${id}, 'sto_1', 'live', ${`ORD-${1001 + i}`}, 'cus_1', ${status}, 'USD', ${total}, 0, 0, ${total}, ${paid}, ${refunded}, null, null, null, null, null, null, null, ${at}, ${at})`.execute(k);
      }
      await sql`insert into payment_links (id, store_id, mode, order_id, amount_minor, currency, description, expires_at, status, token, created_at, updated_at)
        values ('plink_1', 'sto_1', 'live', 'ord_1', 1000, 'USD', 'Order ORD-1001', null, 'active', ${'t'.repeat(43)}, ${at}, ${at})`.execute(k);

      await migrateToLatest(db);
      const dialect = kind === 'postgres' ? 'postgres' : 'sqlite';
      const repo = createOrderRepo(k, dialect);
      const tenant = { storeId: 'sto_1', mode: 'live' as const };
      for (const [id, status, total, paid, refunded, expected] of orders) {
        const o = (await repo.findOrder(tenant, id))!;
        assert.deepEqual([o.status, o.totalMinor, o.paidMinor, o.refundedMinor, o.authorizedMinor], [status, total, paid, refunded, 0], id);
        assert.equal(orderPaymentStatus(o), expected, id);
      }
      const link = await createPaymentRepo(k, dialect).findLink(tenant, 'plink_1');
      assert.deepEqual([link!.status, link!.amountMinor, link!.captureMethod], ['active', 1000, 'automatic']);
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
