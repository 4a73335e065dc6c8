import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { WEBHOOK_DEFAULTS } from '../src/config.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { insertCustomer, variableProduct } from './helpers/catalog.ts';
import { createTestDatabase, databaseKinds, describeEachDatabase } from './helpers/databases.ts';
import { client, signup } from './helpers/merchants.ts';
import { allOrders, json, serveProcess, shopOverHttp } from './helpers/serve-process.ts';
import { eventually, type Receiver, startReceiver, verify } from './helpers/webhook-receiver.ts';

/** `serve` as a real process on the database, with loopback endpoints allowed and a 1 s delivery bound. */
const serve = (databaseUrl: string) =>
  serveProcess(databaseUrl, { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_TIMEOUT_SECONDS: '1', WEBHOOK_RETRY_SCHEDULE: '0.2,0.2,0.2,0.2,0.2' });

describeEachDatabase('webhooks survive kill -9', (kind) => {
  let receiver: Receiver;
  let drop: () => Promise<void>;
  const children: ChildProcess[] = [];
  before(async () => {
    receiver = await startReceiver();
    // A receiver that takes a moment, so deliveries are in flight when the process dies.
    receiver.respond = () => 200;
  });
  after(async () => {
    for (const c of children) c.kill('SIGKILL');
    await receiver?.close();
    await drop?.();
  });

  it('every committed order has its order.created delivered (at least once), none for refused ones, after a kill -9 mid-burst and a restart', { timeout: 120_000 }, async () => {
    const database = await createTestDatabase(kind);
    drop = database.drop;
    const databaseUrl = database.config.kind === 'sqlite' ? `sqlite:${database.config.file}` : database.config.url;
    const first = serve(databaseUrl);
    children.push(first.child);
    const base = await first.url;

    const { auth, skuId, customerId } = await shopOverHttp(base);
    const endpoint = await json(base, 'POST', '/v1/webhooks', auth, { url: receiver.url, eventTypes: ['order.created'] });
    assert.equal(endpoint.status, 201);
    const secret = endpoint.body.data.secret as string;

    // The burst: 8 clients placing orders, every fifth one refused (more than is in stock), killed after 60 answers.
    const acknowledged: string[] = [];
    let answered = 0;
    let n = 0;
    let killed = false;
    const unexpected: string[] = [];
    const client = async () => {
      while (!killed) {
        const i = n++;
        const quantity = i % 5 === 4 ? 10_000 : 1;
        let res: Awaited<ReturnType<typeof json>>;
        try {
          res = await json(base, 'POST', '/v1/orders', auth, { customerId, lines: [{ skuId, quantity }] });
        } catch {
          return; // the process died under this request
        }
        if (res.status === 201) acknowledged.push(res.body.data.id);
        else unexpected.push(`${res.status} ${JSON.stringify(res.body.error?.code)}`);
        answered += 1;
        if (answered >= 60 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, client));
    assert.ok(killed, 'the service was killed mid-burst');
    assert.ok(unexpected.every((u) => u.startsWith('409 "INSUFFICIENT_STOCK"')), unexpected.join(', '));
    await first.exited();

    const second = serve(databaseUrl);
    children.push(second.child);
    const base2 = await second.url;
    const orders = (await allOrders(base2, auth)).map((o) => o.id);
    for (const id of acknowledged) assert.ok(orders.includes(id), `acknowledged order ${id} was committed`);
    assert.ok(orders.length >= 40, `a burst of orders (${orders.length})`);


    // Every committed order's event reaches the receiver (at least once), and no other order's.
    const delivered = await eventually(
      () => {
        const ids = new Set(receiver.received.filter((r) => r.status === 200).map((r) => verify(secret, r).data.id as string));
        return ids.size >= orders.length && ids;
      },
      60_000,
      'every order delivered',
    );
    assert.deepEqual([...delivered].sort(), [...orders].sort());
    // Exactly one order.created event per committed order: each event id names one order.
    const byEvent = new Map<string, string>();
    for (const r of receiver.received) {
      const payload = verify(secret, r);
      const seen = byEvent.get(payload.id);
      assert.ok(seen === undefined || seen === payload.data.id);
      byEvent.set(payload.id, payload.data.id);
    }
    assert.equal(byEvent.size, orders.length, 'one event per order');
    second.child.kill('SIGTERM');
  });
});

const postgres = databaseKinds().includes('postgres');
describe('two instances on one PostgreSQL database', { skip: postgres ? false : 'set TEST_DATABASE_URL=postgres://… to run it' }, () => {
  let a: TestApp;
  let b: TestApp;
  let receiver: Receiver;
  const config = { webhooks: { ...WEBHOOK_DEFAULTS, allowLoopback: true, pollMs: 20 } };
  before(async () => {
    if (!postgres) return;
    a = await startTestApp('postgres', { config });
    b = await startTestApp('postgres', { config, database: a.database });
    receiver = await startReceiver();
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await receiver?.close();
  });

  it('share the deliveries: each event is sent once under normal operation', { timeout: 120_000 }, async () => {
    const call = client(a.app);
    const m = await signup(a.app);
    const { productId, skuIds } = await variableProduct(a.app, m, { skus: [{ price: 10, quantityInStock: 10_000, attributes: { Size: 'M' } }] });
    assert.equal((await call('PATCH', `/v1/products/${productId}`, { headers: m.auth, body: { status: 'active' } })).status, 200);
    const customerId = await insertCustomer(a, m.storeId);
    const endpoints = [];
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', '/v1/webhooks', { headers: m.auth, body: { url: `${receiver.url}?e=${i}`, eventTypes: ['order.created', 'sku.stock_changed'] } });
      endpoints.push(res.body.data as { id: string; secret: string });
    }
    // Events written before either worker runs, then both start: they compete for the same deliveries.
    const placed = await Promise.all(Array.from({ length: 40 }, () => call('POST', '/v1/orders', { headers: m.auth, body: { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] } })));
    for (const p of placed) assert.equal(p.status, 201);
    a.container.services.webhookDelivery.start();
    b.container.services.webhookDelivery.start();
    // And events written while both run.
    for (let i = 0; i < 20; i++) await client(b.app)('POST', '/v1/orders', { headers: m.auth, body: { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] } });
    const expected = 60 * 2 * 3;
    await eventually(() => receiver.received.length >= expected, 60_000, `${expected} deliveries`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(receiver.received.length, expected, 'nothing sent twice');
    const keys = receiver.received.map((r) => `${r.url} ${r.headers['webhook-id']}`);
    assert.equal(new Set(keys).size, expected, 'each event once to each endpoint');
    const holders = await a.container.db.kysely.selectFrom('webhook_attempts').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    assert.equal(Number(holders.n), expected, 'one attempt per delivery');
    for (const [i, e] of endpoints.entries()) for (const r of receiver.received.filter((x) => x.url === `/hook?e=${i}`)) verify(e.secret, r);
  });
});
