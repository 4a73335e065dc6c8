import assert from 'node:assert/strict';
import { it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/db.ts';
import { migrateToLatest, migrateUpTo } from '../src/db/migrations/index.ts';
import { createOrderRepo } from '../src/db/order-repo.ts';
import { createTestDatabase, describeEachDatabase } from './helpers/databases.ts';

describeEachDatabase('upgrading a database with orders (migration 0031: the fulfilment status)', (kind) => {
  it("gives every existing order the fulfilment status of its history, keeping its status and every history entry", async () => {
    const database = await createTestDatabase(kind);
    const db = openDatabase(database.config, { timeoutMs: 5000 });
    try {
      await migrateUpTo(db, '0030-order-allocations');
      const k = db.kysely;
      const at = new Date(Date.UTC(2026, 5, 1)).toISOString();
      await sql`insert into stores (id, name, currency, timezone, created_at, updated_at) values ('sto_1', 'Old', 'USD', 'UTC', ${at}, ${at})`.execute(k);
      await sql`insert into customers (id, store_id, mode, name, name_folded, email, email_normalized, phone, addresses, banned_at, ban_reason, ban_expires_at, created_at, updated_at)
        values ('cus_1', 'sto_1', 'live', 'Ada', 'ada', 'ada@example.com', 'ada@example.com', null, '[]', null, null, null, ${at}, ${at})`.execute(k);
      // [id, status now, the moves of its history, expected fulfilment status]
      const orders: Array<[string, string, string[], string]> = [
        ['ord_1', 'pending', ['pending'], 'unfulfilled'],
        ['ord_2', 'paid', ['pending', 'paid'], 'unfulfilled'],
        ['ord_3', 'fulfilled', ['pending', 'paid', 'fulfilled'], 'fulfilled'],
        ['ord_4', 'delivered', ['pending', 'paid', 'fulfilled', 'delivered'], 'fulfilled'],
        ['ord_5', 'partially_refunded', ['pending', 'paid', 'fulfilled', 'delivered', 'partially_refunded'], 'fulfilled'],
        ['ord_6', 'partially_refunded', ['pending', 'paid', 'partially_refunded'], 'unfulfilled'],
        ['ord_7', 'refunded', ['pending', 'paid', 'fulfilled', 'refunded'], 'fulfilled'],
        ['ord_8', 'refunded', ['pending', 'paid', 'refunded'], 'unfulfilled'],
        ['ord_9', 'cancelled', ['pending', 'paid', 'cancelled'], 'unfulfilled'],
      ];
      for (const [i, [id, status, moves]] of orders.entries()) {
        await sql`insert into orders (id, store_id, mode, number, customer_id, status, currency, subtotal_minor, discount_minor, delivery_fee_minor, total_minor, paid_minor, refunded_minor,
            promotion_id, promotion_code, delivery_option_id, delivery_option_name, shipping_address, billing_address, note, created_at, updated_at)
          values (${id}, 'sto_1', 'live', ${`ORD-${1001 + i}`}, 'cus_1', ${status}, 'USD', 1000, 0, 0, 1000, 0, 0, null, null, null, null, null, null, null, ${at}, ${at})`.execute(k);
        for (const [j, to] of moves.entries()) {
          await sql`insert into order_events (id, order_id, from_status, to_status, note, amount_minor, actor_type, actor_id, actor_label, created_at)
            values (${`oev_${id}_${j}`}, ${id}, ${j === 0 ? null : moves[j - 1]}, ${to}, null, null, 'user', 'usr_1', 'ada@example.com', ${at})`.execute(k);
        }
      }

      await migrateToLatest(db);
      const repo = createOrderRepo(k, kind === 'postgres' ? 'postgres' : 'sqlite');
      const tenant = { storeId: 'sto_1', mode: 'live' as const };
      for (const [id, status, moves, expected] of orders) {
        const o = (await repo.findOrder(tenant, id))!;
        assert.deepEqual([o.status, o.fulfilmentStatus], [status, expected], id);
        const detail = await repo.detail(tenant, o);
        assert.deepEqual(
          detail.history.map((e) => e.toStatus),
          moves,
          `${id}: its history as it was`,
        );
      }
      const listed = await repo.listOrders(tenant, { limit: 20, sort: 'createdAt', fulfilmentStatus: 'fulfilled' });
      assert.deepEqual(
        listed.map((o) => o.id),
        ['ord_3', 'ord_4', 'ord_5', 'ord_7'],
      );
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
