import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import pg from 'pg';
import type { Tenant } from '../src/context.ts';
import { createHeldWrites } from '../src/db/held-writes.ts';
import type { AuditEntry } from '../src/domain/shared/audit-trail.ts';
import { hashSecret } from '../src/domain/shared/secrets.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, signup } from './helpers/merchants.ts';

/**
 * Held writes (src/db/held-writes.ts): on PostgreSQL a transaction holds the writes whose results nobody reads (the cart
 * marked with its order, the pay link, the status page token, the audit entries) until just before COMMIT and sends
 * them as one statement. What a transaction reads and how it fails must not change; on SQLite nothing is held.
 */
describeEachDatabase('held writes', (kind) => {
  let t: TestApp;
  let tenant: Tenant;
  let cartId: string;
  let cartToken: string;

  const db = () => t.container.db.kysely;
  const entry = (id: string, now: Date): AuditEntry => ({
    id,
    storeId: tenant.storeId,
    mode: tenant.mode,
    actorType: 'system',
    actorId: 'held-writes-test',
    actorLabel: 'held writes test',
    userId: null,
    action: 'test.held',
    targetType: 'cart',
    targetId: cartId,
    details: null,
    requestId: null,
    createdAt: now,
  });

  before(async () => {
    t = await startTestApp(kind);
    const call = client(t.app);
    const m = await signup(t.app);
    tenant = { storeId: m.storeId, mode: 'live' };
    const key = (await call('POST', '/v1/publishable-keys', { headers: m.auth, body: { name: 'Shop' } })).body.data.key;
    const cart = await call('POST', '/v1/carts', { headers: { 'x-publishablekey': key } });
    assert.equal(cart.status, 201, cart.raw);
    cartId = cart.body.data.cart.id;
    cartToken = cart.body.data.token;
  });
  after(() => t?.close());

  it('a held write that fails fails the transaction: the caller gets the database error and nothing of it is written', async () => {
    const now = new Date();
    const orderId = 'ord_missing';
    let workEnded = false;
    await assert.rejects(
      t.container.repos.transaction(async (repos) => {
        await repos.carts.setOrder(tenant, cartId, orderId, now);
        await repos.audit.insert(entry('aud_held_fails', now));
        // order_status_tokens.order_id references orders: no such order (PostgreSQL: at the end of the transaction's work).
        await repos.orders.insertStatusToken(tenant, orderId, 'f'.repeat(64), now);
        workEnded = true;
      }),
      (error: { code?: string }) => {
        assert.equal(error.code, kind === 'postgres' ? '23503' : 'SQLITE_CONSTRAINT_FOREIGNKEY', String(error));
        return true;
      },
    );
    assert.equal(workEnded, kind === 'postgres', 'PostgreSQL sends the held writes when the work is done; SQLite at each call');
    const cart = await db().selectFrom('carts').select('order_id').where('id', '=', cartId).executeTakeFirstOrThrow();
    assert.equal(cart.order_id, null, 'the cart is not marked');
    assert.equal((await db().selectFrom('audit_logs').select('id').where('id', '=', 'aud_held_fails').execute()).length, 0, 'no audit entry');
    assert.equal((await db().selectFrom('order_status_tokens').select('token_hash').where('order_id', '=', orderId).execute()).length, 0, 'no token');
  });

  it('a read in the transaction after a held write sees it, and the writes are committed with the transaction', async () => {
    const now = new Date();
    const seen = await t.container.repos.transaction(async (repos) => {
      await repos.carts.setOrder(tenant, cartId, 'ord_seen', now);
      await repos.audit.insert(entry('aud_held_seen', now));
      const inside = await repos.carts.findCart(tenant, cartId, hashSecret(cartToken), now);
      const audit = await repos.audit.list(tenant, { limit: 10, filters: { action: 'test.held' } });
      return { orderId: inside?.orderId, audit: audit.map((a) => a.id) };
    });
    assert.equal(seen.orderId, 'ord_seen', 'the read of the cart saw the held write');
    assert.deepEqual(seen.audit, ['aud_held_seen'], "the log's read sees the held entry");
    const cart = await db().selectFrom('carts').select('order_id').where('id', '=', cartId).executeTakeFirstOrThrow();
    assert.equal(cart.order_id, 'ord_seen');
    await db().updateTable('carts').set({ order_id: null }).where('id', '=', cartId).execute();
  });

  it('joins only inserts into one table: another write of a table with a held write sends the held ones first', { skip: kind !== 'postgres' && 'SQLite holds nothing' }, async () => {
    const now = new Date();
    await db()
      .transaction()
      .execute(async (trx) => {
        const held = createHeldWrites(trx);
        const mark = (orderId: string) => trx.updateTable('carts').set({ order_id: orderId }).where('id', '=', cartId).compile();
        const audit = (id: string) => trx.insertInto('audit_logs').values({ id, store_id: tenant.storeId, mode: tenant.mode, actor_type: 'system', actor_id: 'x', actor_label: 'x', action: 'test.held', created_at: now.toISOString() }).compile();
        await held.hold(mark('ord_first'));
        await held.hold(audit('aud_join_1'));
        await held.hold(audit('aud_join_2'));
        assert.equal(held.size, 3, 'an update and two inserts into another table share a statement');
        await held.hold(mark('ord_second'));
        assert.equal(held.size, 1, 'a second update of carts: the held ones were sent first');
        await held.hold(audit('aud_join_3'));
        assert.equal(held.size, 2);
        await held.flush();
        assert.equal(held.size, 0);
        const cart = await trx.selectFrom('carts').select('order_id').where('id', '=', cartId).executeTakeFirstOrThrow();
        assert.equal(cart.order_id, 'ord_second');
        const entries = await trx.selectFrom('audit_logs').select('id').where('id', 'like', 'aud_join_%').orderBy('id').execute();
        assert.deepEqual(entries.map((e) => e.id), ['aud_join_1', 'aud_join_2', 'aud_join_3']);
        throw new Error('roll back');
      })
      .catch((error: Error) => assert.equal(error.message, 'roll back'));
  });
  it('holds a queued mail too, and reading the webhook subscribers after it does not send it early; both commit', async () => {
    const now = new Date();
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
      const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
      if (typeof text === 'string') sent.push(text);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    const cause = `held-mail:${now.getTime()}`;
    try {
      await t.container.repos.transaction(async (repos) => {
        await repos.webhooks.subscribers(tenant);
        await repos.email.insertMessages([{ id: `eml_held_${now.getTime()}`, storeId: tenant.storeId, mode: tenant.mode, kind: 'order_confirmation', cause, to: 'shopper@example.com', subject: 'Thanks', params: {}, createdAt: now }]);
        await repos.webhooks.subscribers(tenant);
        await repos.audit.insert(entry(`aud_held_mail_${now.getTime()}`, now));
      });
    } finally {
      pg.Client.prototype.query = query;
    }
    const rows = await db().selectFrom('email_messages').select('to_address').where('cause', '=', cause).execute();
    assert.deepEqual(rows.map((r) => r.to_address), ['shopper@example.com'], 'the mail is queued');
    if (kind === 'postgres') {
      const writes = sent.filter((text) => /email_messages|audit_logs/.test(text));
      assert.equal(writes.length, 1, `the mail and the audit entry in one statement:\n${writes.join('\n---\n')}`);
      assert.match(writes[0]!, /^with "held_0" as \(insert into "email_messages"/);
    }
  });
});
