import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import pg from 'pg';
import type { Tenant } from '../src/context.ts';
import { holdable } from '../src/db/held-writes.ts';
import type { AuditEntry } from '../src/domain/shared/audit-trail.ts';
import { isUniqueConflict } from '../src/domain/shared/conflicts.ts';
import { hashSecret } from '../src/domain/shared/secrets.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, signup } from './helpers/merchants.ts';

/**
 * Held writes (src/db/held-writes.ts): on PostgreSQL a transaction's connection holds the writes whose results nobody
 * reads (the cart marked with its order, the pay link, the status page token, the audit entries) until its next
 * statement or COMMIT and sends them as one statement. What a transaction reads and how it fails must not change; on
 * SQLite nothing is held.
 */
describeEachDatabase('held writes', (kind) => {
  let t: TestApp;
  let tenant: Tenant;
  let cartId: string;
  let cartToken: string;

  const db = () => t.container.db.kysely;
  /** The statements `work` sends to PostgreSQL while it runs, in order (none on SQLite). */
  const sentDuring = async (work: () => Promise<unknown>): Promise<string[]> => {
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
      const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
      if (typeof text === 'string') sent.push(text);
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    try {
      await work();
    } finally {
      pg.Client.prototype.query = query;
    }
    return sent;
  };
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

  it('a held write that breaks a unique index fails the transaction with the conflict mapped as at its call; nothing of the work is written', async () => {
    const now = new Date();
    const taken = { ...entry('aud_held_twice', now), action: 'test.held.taken' };
    await t.container.repos.transaction((repos) => repos.audit.insert(taken));
    let workEnded = false;
    await assert.rejects(
      t.container.repos.transaction(async (repos) => {
        await repos.carts.setOrder(tenant, cartId, 'ord_conflict', now);
        // The audit entries are written at the end of the work on both engines; this id is taken.
        await repos.audit.insert(taken);
        workEnded = true;
      }),
      (error: unknown) => {
        assert.ok(isUniqueConflict(error, 'other'), String(error));
        return true;
      },
    );
    assert.equal(workEnded, true);
    const cart = await db().selectFrom('carts').select('order_id').where('id', '=', cartId).executeTakeFirstOrThrow();
    assert.equal(cart.order_id, null, 'the cart is not marked');
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
    const steps: string[][] = [];
    await db()
      .transaction()
      .execute(async (trx) => {
        const mark = (orderId: string) => trx.updateTable('carts').set({ order_id: orderId }).where('id', '=', cartId).modifyEnd(holdable).execute();
        const audit = (id: string) =>
          trx.insertInto('audit_logs').values({ id, store_id: tenant.storeId, mode: tenant.mode, actor_type: 'system', actor_id: 'x', actor_label: 'x', action: 'test.held', created_at: now.toISOString() }).modifyEnd(holdable).execute();
        steps.push(
          await sentDuring(async () => {
            await mark('ord_first');
            await audit('aud_join_1');
            await audit('aud_join_2');
          }),
        );
        steps.push(await sentDuring(() => mark('ord_second')));
        steps.push(await sentDuring(() => audit('aud_join_3')));
        let cart: { order_id: string | null } | undefined;
        steps.push(
          await sentDuring(async () => {
            cart = await trx.selectFrom('carts').select('order_id').where('id', '=', cartId).executeTakeFirstOrThrow();
          }),
        );
        assert.equal(cart?.order_id, 'ord_second');
        const entries = await trx.selectFrom('audit_logs').select('id').where('id', 'like', 'aud_join_%').orderBy('id').execute();
        assert.deepEqual(entries.map((e) => e.id), ['aud_join_1', 'aud_join_2', 'aud_join_3']);
        throw new Error('roll back');
      })
      .catch((error: Error) => assert.equal(error.message, 'roll back'));
    assert.deepEqual(steps[0], [], 'an update and two inserts into another table: all held');
    assert.equal(steps[1]!.length, 1, 'a second update of carts: the held ones were sent first, in one statement');
    assert.match(steps[1]![0]!, /^with "held_0" as \(update "carts" .*\), "held_1" as \(insert into "audit_logs" .*\) insert into "audit_logs" /);
    assert.deepEqual(steps[2], [], 'an insert into audit_logs joins the held update of carts');
    assert.equal(steps[3]!.length, 2, 'the read sends the held writes first, then itself');
    assert.match(steps[3]![0]!, /^with "held_0" as \(update "carts" .*\) insert into "audit_logs" /);
    assert.match(steps[3]![1]!, /^select "order_id" from "carts"/);
  });

  it('sends a holdable write outside a transaction at once', async () => {
    const now = new Date();
    const sent = await sentDuring(() => db().updateTable('carts').set({ order_id: 'ord_at_once', updated_at: now.toISOString() }).where('id', '=', cartId).modifyEnd(holdable).execute());
    if (kind === 'postgres') assert.deepEqual(sent.map((text) => text.split(' ')[0]), ['update'], 'the write alone, sent at the call');
    const cart = await db().selectFrom('carts').select('order_id').where('id', '=', cartId).executeTakeFirstOrThrow();
    assert.equal(cart.order_id, 'ord_at_once');
    await db().updateTable('carts').set({ order_id: null }).where('id', '=', cartId).execute();
  });

  it('drops the held writes on rollback: nothing of them is sent or written', async () => {
    const now = new Date();
    const sent = await sentDuring(() =>
      t.container.repos
        .transaction(async (repos) => {
          await repos.carts.setOrder(tenant, cartId, 'ord_rolled_back', now);
          await repos.audit.insert(entry('aud_held_rolled_back', now));
          throw new Error('roll back');
        })
        .catch((error: Error) => assert.equal(error.message, 'roll back')),
    );
    if (kind === 'postgres') assert.deepEqual(sent, ['begin', 'rollback'], 'the held writes were never sent');
    const cart = await db().selectFrom('carts').select('order_id').where('id', '=', cartId).executeTakeFirstOrThrow();
    assert.equal(cart.order_id, null, 'the cart is not marked');
    assert.equal((await db().selectFrom('audit_logs').select('id').where('id', '=', 'aud_held_rolled_back').execute()).length, 0, 'no audit entry');
  });

  it('holds a queued mail too, and reading the webhook subscribers after it does not send it early; both commit', async () => {
    const now = new Date();
    const cause = `held-mail:${now.getTime()}`;
    const sent = await sentDuring(() =>
      t.container.repos.transaction(async (repos) => {
        await repos.webhooks.subscribers(tenant);
        await repos.email.insertMessages([{ id: `eml_held_${now.getTime()}`, storeId: tenant.storeId, mode: tenant.mode, kind: 'order_confirmation', cause, to: 'shopper@example.com', subject: 'Thanks', params: {}, createdAt: now }]);
        await repos.webhooks.subscribers(tenant);
        await repos.audit.insert(entry(`aud_held_mail_${now.getTime()}`, now));
      }),
    );
    const rows = await db().selectFrom('email_messages').select('to_address').where('cause', '=', cause).execute();
    assert.deepEqual(rows.map((r) => r.to_address), ['shopper@example.com'], 'the mail is queued');
    if (kind === 'postgres') {
      const writes = sent.filter((text) => /email_messages|audit_logs/.test(text));
      assert.equal(writes.length, 1, `the mail and the audit entry in one statement:\n${writes.join('\n---\n')}`);
      assert.match(writes[0]!, /^with "held_0" as \(insert into "email_messages"/);
    }
  });
});
