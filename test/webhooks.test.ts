import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WEBHOOK_DEFAULTS } from '../src/config.ts';
import { attemptError, MAX_RETRY_AFTER_SECONDS, parseRetryAfter, retryAt } from '../src/domain/webhooks/delivery-rules.ts';
import { connectAttemptTimeoutMs } from '../src/outbound/checked-destination.ts';
import { createWebhookTransport } from '../src/outbound/webhook-transport.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { insertCustomer, variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, joinStore, type Merchant, signup } from './helpers/merchants.ts';
import { connect } from './helpers/oauth.ts';
import { eventually, insertEndpoint, type Receiver, startReceiver, verify } from './helpers/webhook-receiver.ts';

/** Short retries so a test sees a delivery fail, wait and succeed; loopback receivers allowed (tests only). */
const CONFIG = { webhooks: { ...WEBHOOK_DEFAULTS, allowLoopback: true, retryScheduleSeconds: [0.15, 0.15, 0.15], pollMs: 50, timeoutMs: 2000 } };

describeEachDatabase('webhooks', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let receiver: Receiver;
  before(async () => {
    t = await startTestApp(kind, { config: CONFIG });
    t.container.services.webhookDelivery.start();
    call = client(t.app);
    receiver = await startReceiver();
  });
  after(async () => {
    await t?.close();
    await receiver?.close();
  });

  /** A merchant with an active product (two SKUs, 8 and 3 in stock) and a customer. */
  async function shop() {
    const m = await signup(t.app);
    const { productId, skuIds } = await variableProduct(t.app, m, {
      skus: [
        { price: 10, quantityInStock: 8, attributes: { Size: 'S' } },
        { price: 20, quantityInStock: 3, attributes: { Size: 'M' } },
      ],
    });
    assert.equal((await call('PATCH', `/v1/products/${productId}`, { headers: m.auth, body: { status: 'active' } })).status, 200);
    return { m, productId, skuIds: skuIds as [string, string], customerId: await insertCustomer(t, m.storeId) };
  }

  async function subscribe(m: Merchant | { auth: Record<string, string> }, body: Record<string, unknown>) {
    const res = await call('POST', '/v1/webhooks', { headers: m.auth, body: { url: receiver.url, eventTypes: ['*'], ...body } });
    assert.equal(res.status, 201, res.raw);
    return res.body.data as { id: string; secret: string; [k: string]: unknown };
  }

  const place = (m: Merchant, s: { customerId: string; skuIds: string[] }, quantity = 1) =>
    call('POST', '/v1/orders', { headers: m.auth, body: { customerId: s.customerId, lines: [{ skuId: s.skuIds[0], quantity }] } });

  /** What the receiver got for an endpoint's store, verified, in arrival order. */
  function arrivals(storeId: string, secret: string, path?: string) {
    return receiver.received
      .filter((r) => r.body.includes(`"storeId":"${storeId}"`) && (path === undefined || r.url === path))
      .map((r) => ({ status: r.status, id: String(r.headers['webhook-id']), payload: verify(secret, r) }));
  }

  async function deliveries(m: Merchant, endpointId: string, query = '') {
    const res = await call('GET', `/v1/webhooks/${endpointId}/deliveries${query}`, { headers: m.auth });
    assert.equal(res.status, 200, res.raw);
    return res.body.data as Array<{ id: string; status: string; attempts: number; eventType: string; eventId: string; lastStatusCode: number | null }>;
  }

  describe('delivery', () => {
    it('signs each delivery by Standard Webhooks: verified by the standardwebhooks package with the secret shown once', async () => {
      const s = await shop();
      const endpoint = await subscribe(s.m, { eventTypes: ['order.created'] });
      assert.match(endpoint.secret, /^whsec_[A-Za-z0-9+/]+=*$/);
      const get = await call('GET', `/v1/webhooks/${endpoint.id}`, { headers: s.m.auth });
      assert.equal(get.body.data.secret, undefined, 'the secret is never shown again');
      const order = await place(s.m, s);
      assert.equal(order.status, 201);
      const [got] = await eventually(() => arrivals(s.m.storeId, endpoint.secret).length === 1 && arrivals(s.m.storeId, endpoint.secret), 10_000, 'a delivery');
      assert.equal(got!.payload.type, 'order.created');
      assert.equal(got!.payload.data.id, order.body.data.id);
      assert.equal(got!.id, got!.payload.id, 'webhook-id is the event id');
      assert.throws(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, receiver.received.at(-1)!), 'another secret does not verify');
      const [delivery] = await eventually(async () => (await deliveries(s.m, endpoint.id)).filter((d) => d.status === 'succeeded'));
      assert.equal(delivery!.attempts, 1);
      const detail = await call('GET', `/v1/webhooks/${endpoint.id}/deliveries/${delivery!.id}`, { headers: s.m.auth });
      assert.equal(detail.status, 200);
      assert.equal(detail.body.data.payload.id, got!.id);
      assert.equal(detail.body.data.attemptLog.length, 1);
      assert.equal(detail.body.data.attemptLog[0].statusCode, 200);
      assert.equal(detail.body.data.attemptLog[0].responseSnippet, 'ok');
      const health = (await call('GET', `/v1/webhooks/${endpoint.id}`, { headers: s.m.auth })).body.data;
      assert.ok(health.lastSuccessAt);
      assert.equal(health.failingSince, null);
    });

    it('retries a failed delivery with backoff until the receiver recovers; the same webhook-id every time', async () => {
      const s = await shop();
      const endpoint = await subscribe(s.m, { eventTypes: ['customer.created'] });
      let failures = 0;
      receiver.respond = (_n, body) => (body.includes(s.m.storeId) && failures++ < 2 ? 503 : 200);
      try {
        assert.equal((await call('POST', '/v1/customers', { headers: s.m.auth, body: { name: 'Retry Me', email: 'retry@example.com' } })).status, 201);
        const got = await eventually(() => {
          const a = arrivals(s.m.storeId, endpoint.secret);
          return a.some((x) => x.status === 200) && a;
        });
        assert.deepEqual(got.map((g) => g.status), [503, 503, 200]);
        assert.equal(new Set(got.map((g) => g.id)).size, 1);
        const [delivery] = await eventually(async () => (await deliveries(s.m, endpoint.id)).filter((d) => d.status === 'succeeded'));
        assert.equal(delivery!.attempts, 3);
        const log = (await call('GET', `/v1/webhooks/${endpoint.id}/deliveries/${delivery!.id}`, { headers: s.m.auth })).body.data.attemptLog;
        assert.deepEqual(log.map((a: { statusCode: number }) => a.statusCode), [503, 503, 200]);
        assert.equal(log[0].error, 'HTTP 503');
      } finally {
        receiver.respond = () => 200;
      }
    });

    it('delivers the events of one resource in order, the later ones waiting while an earlier one is retried', async () => {
      const s = await shop();
      const endpoint = await subscribe(s.m, { eventTypes: ['order.*'] });
      let first = true;
      receiver.respond = (_n, body) => {
        if (body.includes(s.m.storeId) && body.includes('"order.created"') && first) {
          first = false;
          return 500;
        }
        return 200;
      };
      try {
        const order = (await place(s.m, s)).body.data;
        for (const to of ['paid', 'fulfilled', 'delivered']) assert.equal((await call('POST', `/v1/orders/${order.id}/transitions`, { headers: s.m.auth, body: { to } })).status, 200);
        const ok = await eventually(() => {
          const a = arrivals(s.m.storeId, endpoint.secret).filter((x) => x.status === 200);
          return a.length === 4 && a;
        });
        assert.deepEqual(
          ok.map((x) => [x.payload.type, x.payload.change?.to ?? null]),
          [['order.created', null], ['order.status_changed', 'paid'], ['order.status_changed', 'fulfilled'], ['order.status_changed', 'delivered']],
        );
        const all = arrivals(s.m.storeId, endpoint.secret);
        assert.equal(all[0]!.status, 500, 'the first attempt failed');
        assert.equal(all[1]!.payload.type, 'order.created', 'and the next request was its retry, not a later event');
      } finally {
        receiver.respond = () => 200;
      }
    });

    it('410 Gone disables the endpoint with its reason; enabling it again sends what waited', async () => {
      const s = await shop();
      const endpoint = await subscribe(s.m, { eventTypes: ['order.created'] });
      receiver.respond = (_n, body) => (body.includes(s.m.storeId) ? 410 : 200);
      try {
        await place(s.m, s);
        const disabled = await eventually(async () => {
          const e = (await call('GET', `/v1/webhooks/${endpoint.id}`, { headers: s.m.auth })).body.data;
          return !e.enabled && e;
        });
        assert.equal(disabled.disabledReason, 'gone');
        assert.match(disabled.disabledDetail, /410 Gone/);
        const [gone] = await deliveries(s.m, endpoint.id);
        assert.equal(gone!.status, 'failed');
        assert.equal(gone!.lastStatusCode, 410);
        await place(s.m, s);
        await new Promise((resolve) => setTimeout(resolve, 400));
        assert.equal(arrivals(s.m.storeId, endpoint.secret).length, 1, 'nothing is sent to a disabled endpoint');
        assert.equal((await deliveries(s.m, endpoint.id)).length, 1, 'nor queued for it while it is disabled');
        receiver.respond = () => 200;
        const enabled = await call('PATCH', `/v1/webhooks/${endpoint.id}`, { headers: s.m.auth, body: { enabled: true } });
        assert.equal(enabled.status, 200);
        assert.equal(enabled.body.data.disabledReason, null);
        const redelivered = await call('POST', `/v1/webhooks/${endpoint.id}/redeliver-failed`, { headers: s.m.auth });
        assert.equal(redelivered.status, 202);
        assert.equal(redelivered.body.data.redelivered, 1);
        await eventually(async () => (await deliveries(s.m, endpoint.id, '?status=succeeded')).length === 1);
        await place(s.m, s);
        await eventually(async () => (await deliveries(s.m, endpoint.id, '?status=succeeded')).length === 2);
      } finally {
        receiver.respond = () => 200;
      }
    });

    it('waits as long as a 429 or 503 asks with Retry-After before trying again, then delivers', async () => {
      const s = await shop();
      const endpoint = await subscribe(s.m, { eventTypes: ['customer.created'] });
      let asked = 0;
      const mine = (body: string) => body.includes(s.m.storeId);
      receiver.respond = (_n, body) => (mine(body) && asked++ === 0 ? 429 : 200);
      receiver.respondHeaders = (_n, body): Record<string, string> => (mine(body) ? { 'retry-after': '1' } : {});
      try {
        await call('POST', '/v1/customers', { headers: s.m.auth, body: { name: 'Later', email: 'later@example.com' } });
        const [waiting] = await eventually(async () => {
          const list = await deliveries(s.m, endpoint.id);
          return list.length === 1 && list[0]!.attempts === 1 && list;
        });
        const d = waiting as unknown as { status: string; lastError: string; nextAttemptAt: string; lastAttemptAt: string };
        assert.deepEqual([d.status, d.lastError], ['pending', 'HTTP 429 (Retry-After 1 s)']);
        const wait = Date.parse(`${d.nextAttemptAt}Z`) - Date.parse(`${d.lastAttemptAt}Z`);
        assert.ok(wait >= 1000, `the next attempt waits the second asked for (the schedule alone says 0.15 s): ${wait} ms`);
        await eventually(async () => (await deliveries(s.m, endpoint.id, '?status=succeeded')).length === 1);
      } finally {
        receiver.respond = () => 200;
        receiver.respondHeaders = () => ({});
      }
    });

    it('gives up after the retry schedule and disables an endpoint that never succeeded, saying why', async () => {
      const s = await shop();
      const endpoint = await subscribe(s.m, { eventTypes: ['customer.created'] });
      receiver.respond = (_n, body) => (body.includes(s.m.storeId) ? 500 : 200);
      try {
        await call('POST', '/v1/customers', { headers: s.m.auth, body: { name: 'Never', email: 'never@example.com' } });
        const disabled = await eventually(async () => {
          const e = (await call('GET', `/v1/webhooks/${endpoint.id}`, { headers: s.m.auth })).body.data;
          return !e.enabled && e;
        });
        assert.equal(disabled.disabledReason, 'failing');
        assert.match(disabled.disabledDetail, /Every delivery failed since .* \(last: HTTP 500\)/);
        assert.ok(disabled.failingSince);
        const [failed] = await deliveries(s.m, endpoint.id);
        assert.deepEqual([failed!.status, failed!.attempts], ['failed', 4]);
      } finally {
        receiver.respond = () => 200;
      }
    });

    it('signs with both secrets during a rotation’s overlap, and only the new one after an overlap of 0', async () => {
      const s = await shop();
      const endpoint = await subscribe(s.m, { eventTypes: ['customer.created'] });
      const rotated = await call('POST', `/v1/webhooks/${endpoint.id}/rotate-secret`, { headers: s.m.auth, body: { overlapSeconds: 3600 } });
      assert.equal(rotated.status, 200, rotated.raw);
      const secret = rotated.body.data.secret as string;
      assert.notEqual(secret, endpoint.secret);
      assert.ok(rotated.body.data.previousSecretExpiresAt);
      await call('POST', '/v1/customers', { headers: s.m.auth, body: { name: 'Both', email: 'both@example.com' } });
      const [r] = await eventually(() => {
        const got = receiver.received.filter((x) => x.body.includes(s.m.storeId));
        return got.length === 1 && got;
      });
      assert.equal(String(r!.headers['webhook-signature']).split(' ').length, 2);
      verify(secret, r!);
      verify(endpoint.secret, r!);
      const again = await call('POST', `/v1/webhooks/${endpoint.id}/rotate-secret`, { headers: s.m.auth, body: { overlapSeconds: 0 } });
      await call('POST', '/v1/customers', { headers: s.m.auth, body: { name: 'New', email: 'new@example.com' } });
      const [, r2] = await eventually(() => {
        const got = receiver.received.filter((x) => x.body.includes(s.m.storeId));
        return got.length === 2 && got;
      });
      verify(again.body.data.secret, r2!);
      assert.throws(() => verify(secret, r2!));
      const bad = await call('POST', `/v1/webhooks/${endpoint.id}/rotate-secret`, { headers: s.m.auth, body: { overlapSeconds: 604801 } });
      assert.equal(bad.status, 422);
      assert.equal(bad.body.error.details[0].path, 'overlapSeconds');
    });

    it('redelivers one delivery by hand, marked manual in its log', async () => {
      const s = await shop();
      const endpoint = await subscribe(s.m, { eventTypes: ['customer.created'] });
      await call('POST', '/v1/customers', { headers: s.m.auth, body: { name: 'Twice', email: 'twice@example.com' } });
      const [d] = await eventually(async () => (await deliveries(s.m, endpoint.id, '?status=succeeded')).length === 1 && deliveries(s.m, endpoint.id));
      const res = await call('POST', `/v1/webhooks/${endpoint.id}/deliveries/${d!.id}/redeliver`, { headers: s.m.auth });
      assert.equal(res.status, 202, res.raw);
      const log = await eventually(async () => {
        const l = (await call('GET', `/v1/webhooks/${endpoint.id}/deliveries/${d!.id}`, { headers: s.m.auth })).body.data.attemptLog;
        return l.length === 2 && l;
      });
      assert.deepEqual(log.map((a: { trigger: string }) => a.trigger), ['scheduled', 'manual']);
      const got = arrivals(s.m.storeId, endpoint.secret);
      assert.equal(got.length, 2);
      assert.equal(got[0]!.id, got[1]!.id, 'the same event id: receivers deduplicate on it');
      const missing = await call('POST', `/v1/webhooks/${endpoint.id}/deliveries/whd_nope/redeliver`, { headers: s.m.auth });
      assert.equal(missing.status, 404);
      assert.equal(missing.body.error.code, 'WEBHOOK_DELIVERY_NOT_FOUND');
    });

    it('sends a test event on request, signed, whatever the endpoint subscribes to or whether it is enabled; the log keeps it, the endpoint is left as it was', async () => {
      const s = await shop();
      const endpoint = await subscribe(s.m, { eventTypes: ['review.created'] });
      const before = (await call('GET', `/v1/webhooks/${endpoint.id}`, { headers: s.m.auth })).body.data;
      const audits = await t.container.db.kysely.selectFrom('audit_logs').where('store_id', '=', s.m.storeId).where('action', '=', 'webhook.test').select('id').execute();
      assert.equal(audits.length, 0);

      const sent = await call('POST', `/v1/webhooks/${endpoint.id}/test`, { headers: s.m.auth });
      assert.equal(sent.status, 200, sent.raw);
      const test = sent.body.data;
      assert.deepEqual([test.eventType, test.status, test.attempts, test.lastStatusCode, test.nextAttemptAt], ['webhook.test', 'succeeded', 1, 200, null]);
      assert.deepEqual(test.attemptLog.map((a: { trigger: string; statusCode: number; responseSnippet: string }) => [a.trigger, a.statusCode, a.responseSnippet]), [['test', 200, 'ok']]);
      const [got] = arrivals(s.m.storeId, endpoint.secret);
      assert.ok(got, 'the receiver got it, and it verifies with the endpoint secret (standardwebhooks)');
      assert.equal(got.id, test.eventId);
      assert.deepEqual(got.payload, test.payload);
      assert.equal(got.payload.type, 'webhook.test');
      assert.equal(got.payload.data.endpointId, endpoint.id);
      assert.deepEqual([got.payload.storeId, got.payload.mode], [s.m.storeId, 'live']);
      const [logged] = await deliveries(s.m, endpoint.id);
      assert.deepEqual([logged!.id, logged!.eventType, logged!.status], [test.id, 'webhook.test', 'succeeded']);
      const detail = await call('GET', `/v1/webhooks/${endpoint.id}/deliveries/${test.id}`, { headers: s.m.auth });
      assert.deepEqual(detail.body.data, test, 'the answer is the delivery as the log keeps it');

      // A failing receiver: the answer says how, nothing is retried, and the endpoint's health is not touched.
      receiver.respond = (_n, body) => (body.includes(s.m.storeId) ? 410 : 200);
      try {
        const refused = await call('POST', `/v1/webhooks/${endpoint.id}/test`, { headers: s.m.auth });
        assert.equal(refused.status, 200, refused.raw);
        assert.deepEqual([refused.body.data.status, refused.body.data.lastStatusCode, refused.body.data.lastError], ['failed', 410, 'HTTP 410']);
        await new Promise((resolve) => setTimeout(resolve, 400));
        assert.equal(arrivals(s.m.storeId, endpoint.secret).length, 2, 'no retry');
        const after = (await call('GET', `/v1/webhooks/${endpoint.id}`, { headers: s.m.auth })).body.data;
        assert.deepEqual(after, before, 'a 410 to a test does not disable the endpoint; no health changes');
      } finally {
        receiver.respond = () => 200;
      }

      // A disabled endpoint can be tested before it is enabled again; it stays disabled.
      assert.equal((await call('PATCH', `/v1/webhooks/${endpoint.id}`, { headers: s.m.auth, body: { enabled: false } })).status, 200);
      const paused = await call('POST', `/v1/webhooks/${endpoint.id}/test`, { headers: s.m.auth });
      assert.equal(paused.body.data.status, 'succeeded');
      assert.equal((await call('GET', `/v1/webhooks/${endpoint.id}`, { headers: s.m.auth })).body.data.enabled, false);
      assert.equal(arrivals(s.m.storeId, endpoint.secret).length, 3);
      const audited = await t.container.db.kysely.selectFrom('audit_logs').where('store_id', '=', s.m.storeId).where('action', '=', 'webhook.test').select('id').execute();
      assert.equal(audited.length, 3, 'each test send is in the audit log');
    });

    it('filters the delivery log by event type and event id, and refuses an unknown type naming eventType', async () => {
      const s = await shop();
      const endpoint = await subscribe(s.m, { eventTypes: ['order.created', 'sku.stock_changed'] });
      await place(s.m, s);
      await place(s.m, s);
      await eventually(async () => (await deliveries(s.m, endpoint.id, '?status=succeeded')).length === 4);
      const test = (await call('POST', `/v1/webhooks/${endpoint.id}/test`, { headers: s.m.auth })).body.data;
      const all = await deliveries(s.m, endpoint.id);
      assert.equal(all.length, 5);
      const orders = await deliveries(s.m, endpoint.id, '?eventType=order.created');
      assert.deepEqual(orders.map((d) => d.id), all.filter((d) => d.eventType === 'order.created').map((d) => d.id));
      assert.equal(orders.length, 2);
      assert.deepEqual((await deliveries(s.m, endpoint.id, '?eventType=webhook.test')).map((d) => d.id), [test.id]);
      assert.deepEqual((await deliveries(s.m, endpoint.id, '?eventType=order.created&status=failed')).length, 0);
      const one = all[3]!;
      assert.deepEqual((await deliveries(s.m, endpoint.id, `?eventId=${one.eventId}`)).map((d) => d.id), [one.id]);
      assert.deepEqual(await deliveries(s.m, endpoint.id, '?eventId=evt_unknown'), []);
      const paged = await call('GET', `/v1/webhooks/${endpoint.id}/deliveries?eventType=sku.stock_changed&limit=1`, { headers: s.m.auth });
      assert.equal(paged.body.data.length, 1);
      const next = await call('GET', `/v1/webhooks/${endpoint.id}/deliveries?eventType=sku.stock_changed&limit=1&cursor=${paged.body.pagination.nextCursor}`, { headers: s.m.auth });
      assert.deepEqual([...paged.body.data, ...next.body.data].map((d: { eventType: string }) => d.eventType), ['sku.stock_changed', 'sku.stock_changed']);
      for (const [query, path] of [['eventType=order.made', 'eventType'], ['eventType=order.*', 'eventType'], [`eventId=${'e'.repeat(65)}`, 'eventId']] as const) {
        const bad = await call('GET', `/v1/webhooks/${endpoint.id}/deliveries?${query}`, { headers: s.m.auth });
        assert.ok(bad.status === 400 || bad.status === 422, `${query}: ${bad.raw}`);
        assert.equal(bad.body.error.details[0].path, path, bad.raw);
      }
    });

    it('sends nothing for a change that was refused and rolled back', async () => {
      const s = await shop();
      const endpoint = await subscribe(s.m, { eventTypes: ['*'] });
      const refused = await place(s.m, s, 99);
      assert.equal(refused.status, 409);
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.equal(arrivals(s.m.storeId, endpoint.secret).length, 0);
      assert.equal((await deliveries(s.m, endpoint.id)).length, 0);
    });
  });

  describe('managing endpoints', () => {
    it('refuses bad input naming the field, and writes nothing', async () => {
      const m = await signup(t.app);
      const cases: Array<[Record<string, unknown>, string, RegExp]> = [
        [{ url: 'not a url', eventTypes: ['*'] }, 'url', /absolute URL/],
        [{ url: 'ftp://hooks.example.com/x', eventTypes: ['*'] }, 'url', /https/],
        [{ url: 'https://10.1.2.3/x', eventTypes: ['*'] }, 'url', /10\.1\.2\.3, a private address/],
        [{ url: 'https://169.254.169.254/latest', eventTypes: ['*'] }, 'url', /cloud metadata/],
        [{ url: 'https://[fd00::1]/x', eventTypes: ['*'] }, 'url', /unique-local/],
        [{ url: 'https://user:pw@hooks.example.com/x', eventTypes: ['*'] }, 'url', /user name or password/],
        [{ url: receiver.url, eventTypes: ['order.made'] }, 'eventTypes[0]', /event type/],
        [{ url: receiver.url, eventTypes: [] }, 'eventTypes', /at least one/],
        [{ url: receiver.url, eventTypes: ['*'], description: 'x'.repeat(501) }, 'description', /500/],
        [{ url: receiver.url, eventTypes: ['*'], secret: 'whsec_mine' }, '(body)', /Unrecognized key: "secret"/],
      ];
      for (const [body, path, rule] of cases) {
        const res = await call('POST', '/v1/webhooks', { headers: m.auth, body });
        assert.equal(res.status, 422, `${JSON.stringify(body)}: ${res.raw}`);
        const detail = res.body.error.details.find((d: { path: string }) => d.path === path) ?? res.body.error.details[0];
        assert.equal(detail.path, path, res.raw);
        assert.match(`${detail.rule} ${res.body.message}`, rule, res.raw);
      }
      assert.deepEqual((await call('GET', '/v1/webhooks', { headers: m.auth })).body.data, []);
    });

    it('needs settings:write to manage and settings:read to see; each event type bounds by read permission', async () => {
      const owner = await signup(t.app);
      const staff = await joinStore(t.app, owner, 'staff');
      const admin = await joinStore(t.app, owner, 'admin');
      const refused = await call('POST', '/v1/webhooks', { headers: staff.auth, body: { url: receiver.url, eventTypes: ['order.*'] } });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.error.details[0].rule, 'settings:write');
      assert.equal((await call('GET', '/v1/webhooks', { headers: staff.auth })).status, 403);
      assert.equal((await call('GET', '/v1/webhooks', { headers: admin.auth })).status, 200, 'admins read settings');
      assert.equal((await call('POST', '/v1/webhooks', { headers: admin.auth, body: { url: receiver.url, eventTypes: ['order.*'] } })).status, 403);
      // An API key with settings:write but not customers:read cannot subscribe to customer events.
      const key = await createApiKey(t.app, owner, { permissions: ['settings:write', 'orders:read'] });
      const keyAuth = { 'x-merchantapikey': key.key };
      const denied = await call('POST', '/v1/webhooks', { headers: keyAuth, body: { url: receiver.url, eventTypes: ['customer.created'] } });
      assert.equal(denied.status, 403);
      assert.equal(denied.body.error.details[0].rule, 'customers:read');
      assert.equal((await call('POST', '/v1/webhooks', { headers: keyAuth, body: { url: receiver.url, eventTypes: ['*'] } })).status, 403, '* names every type');
      assert.equal((await call('POST', '/v1/webhooks', { headers: keyAuth, body: { url: receiver.url, eventTypes: ['order.*'] } })).status, 201);
      const patched = await call('GET', '/v1/webhooks', { headers: owner.auth });
      const id = patched.body.data[0].id;
      assert.equal((await call('PATCH', `/v1/webhooks/${id}`, { headers: keyAuth, body: { eventTypes: ['review.created'] } })).status, 403);
      assert.equal((await call('DELETE', `/v1/webhooks/${id}`, { headers: staff.auth })).status, 403);
      assert.equal((await call('POST', `/v1/webhooks/${id}/rotate-secret`, { headers: staff.auth })).status, 403);
      assert.equal((await call('POST', `/v1/webhooks/${id}/redeliver-failed`, { headers: staff.auth })).status, 403);
      assert.equal((await call('GET', `/v1/webhooks/${id}/deliveries`, { headers: staff.auth })).status, 403);
      const received = receiver.received.length;
      const testRefused = await call('POST', `/v1/webhooks/${id}/test`, { headers: admin.auth });
      assert.equal(testRefused.status, 403, 'a test send needs settings:write');
      assert.equal(testRefused.body.error.details[0].rule, 'settings:write');
      assert.equal(receiver.received.length, received, 'and sends nothing');
    });

    it('answers another store’s or the other mode’s endpoint with 404', async () => {
      const a = await signup(t.app);
      const b = await signup(t.app);
      const endpoint = await subscribe(a, { eventTypes: ['order.*'] });
      for (const [method, url, body] of [
        ['GET', `/v1/webhooks/${endpoint.id}`],
        ['PATCH', `/v1/webhooks/${endpoint.id}`, { enabled: false }],
        ['DELETE', `/v1/webhooks/${endpoint.id}`],
        ['POST', `/v1/webhooks/${endpoint.id}/rotate-secret`],
        ['GET', `/v1/webhooks/${endpoint.id}/deliveries`],
        ['GET', `/v1/webhooks/${endpoint.id}/deliveries/whd_x`],
        ['POST', `/v1/webhooks/${endpoint.id}/deliveries/whd_x/redeliver`],
        ['POST', `/v1/webhooks/${endpoint.id}/redeliver-failed`],
        ['POST', `/v1/webhooks/${endpoint.id}/test`],
      ] as const) {
        const other = await call(method, url, { headers: b.auth, ...(body ? { body } : {}) });
        assert.equal(other.status, 404, `${method} ${url}`);
        assert.equal(other.body.error.code, 'WEBHOOK_NOT_FOUND');
        const test = await call(method, url, { headers: { ...a.auth, 'x-mode': 'test' }, ...(body ? { body } : {}) });
        assert.equal(test.status, 404, `${method} ${url} in test mode`);
      }
      assert.equal((await call('GET', `/v1/webhooks/${endpoint.id}`, { headers: a.auth })).status, 200, 'untouched');
    });

    it('pauses, edits, lists and deletes an endpoint; at most 20 per store and mode', async () => {
      const m = await signup(t.app);
      const endpoint = await subscribe(m, { eventTypes: ['order.*'], description: 'back office' });
      const paused = await call('PATCH', `/v1/webhooks/${endpoint.id}`, { headers: m.auth, body: { enabled: false, eventTypes: ['order.created', 'order.created'] } });
      assert.equal(paused.status, 200, paused.raw);
      assert.deepEqual([paused.body.data.enabled, paused.body.data.disabledReason, paused.body.data.eventTypes], [false, 'merchant', ['order.created']]);
      for (let i = 1; i < 20; i++) await subscribe(m, { eventTypes: ['order.created'] });
      const full = await call('POST', '/v1/webhooks', { headers: m.auth, body: { url: receiver.url, eventTypes: ['*'] } });
      assert.equal(full.status, 409);
      assert.equal(full.body.error.code, 'WEBHOOK_LIMIT_REACHED');
      const page = await call('GET', '/v1/webhooks?limit=15', { headers: m.auth });
      assert.equal(page.body.data.length, 15);
      assert.equal(page.body.pagination.hasMore, true);
      const rest = await call('GET', `/v1/webhooks?limit=15&cursor=${page.body.pagination.nextCursor}`, { headers: m.auth });
      assert.equal(rest.body.data.length, 5);
      assert.equal((await call('DELETE', `/v1/webhooks/${endpoint.id}`, { headers: m.auth })).status, 200);
      assert.equal((await call('GET', `/v1/webhooks/${endpoint.id}`, { headers: m.auth })).status, 404);
    });

    it('serves the event catalog without a credential', async () => {
      const res = await call('GET', '/v1/webhooks/event-types');
      assert.equal(res.status, 200);
      assert.equal(res.body.data.length, 22, '17, then inventory_level.updated, shipment.created, shipment.delivered, return.received (issue 36) and checkout.completed (issue 37)');
      const types = res.body.data.map((e: { type: string }) => e.type);
      for (const type of ['inventory_level.updated', 'shipment.created', 'shipment.delivered', 'return.received', 'checkout.completed']) assert.ok(types.includes(type), type);
      const { example, ...created } = res.body.data.find((e: { type: string }) => e.type === 'order.created');
      assert.deepEqual(created, { type: 'order.created', description: 'An order was placed.', permission: 'orders:read', resource: 'order' });
      assert.equal(example.type, 'order.created');
      assert.deepEqual(Object.keys(example).sort(), ['createdAt', 'data', 'id', 'mode', 'storeId', 'type']);
      for (const e of res.body.data) assert.equal(e.example.type, e.type, `${e.type} has its example`);
    });
  });

  describe('connected apps', () => {
    it('subscribe for their store within their granted scope, see only their own, and lose them with the app', async () => {
      const s = await shop();
      const app = await connect(t.app, s.m, { scope: 'orders:read' });
      const mine = await subscribe(app, { eventTypes: ['order.*'], url: `${receiver.url}?app` });
      assert.equal(mine.appClientId, app.client.client_id);
      const wider = await call('POST', '/v1/webhooks', { headers: app.auth, body: { url: receiver.url, eventTypes: ['customer.created'] } });
      assert.equal(wider.status, 403);
      assert.match(String(wider.headers['www-authenticate']), /insufficient_scope.*customers:read/);
      const store = await subscribe(s.m, { eventTypes: ['app.disconnected'], url: `${receiver.url}?store` });
      const seen = await call('GET', '/v1/webhooks', { headers: app.auth });
      assert.deepEqual(seen.body.data.map((e: { id: string }) => e.id), [mine.id], 'an app sees only its own');
      assert.equal((await call('GET', `/v1/webhooks/${store.id}`, { headers: app.auth })).status, 404);
      assert.equal((await call('POST', `/v1/webhooks/${store.id}/test`, { headers: app.auth })).status, 404, 'nor tests the store’s');
      const tested = await call('POST', `/v1/webhooks/${mine.id}/test`, { headers: app.auth });
      assert.equal(tested.body.data.status, 'succeeded', 'an app tests its own endpoint');
      assert.equal((await call('GET', '/v1/webhooks', { headers: s.m.auth })).body.data.length, 2, 'the merchant sees both');
      await place(s.m, s);
      await eventually(() => arrivals(s.m.storeId, mine.secret, '/hook?app').some((a) => a.payload.type === 'order.created'));
      assert.equal((await call('DELETE', `/v1/connected-apps/${app.client.client_id}`, { headers: s.m.auth })).status, 200);
      assert.equal((await call('GET', `/v1/webhooks/${mine.id}`, { headers: s.m.auth })).status, 404, 'removed with the app');
      const gone = await eventually(() => arrivals(s.m.storeId, store.secret, '/hook?store').find((a) => a.payload.type === 'app.disconnected'));
      assert.equal(gone.payload.data.clientId, app.client.client_id);
      assert.equal(arrivals(s.m.storeId, mine.secret, '/hook?app').filter((a) => a.payload.type === 'app.disconnected').length, 0);
    });
  });
});

describeEachDatabase('recording an attempt', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  before(async () => {
    // No worker: the test claims and records by hand, as the worker does.
    t = await startTestApp(kind, { config: CONFIG });
    call = client(t.app);
  });
  after(() => t?.close());

  it('writes the delivery, its attempt and the endpoint health at once, only for the lease holder, and keeps the reason of an endpoint disabled meanwhile', async () => {
    const m = await signup(t.app);
    const endpointId = await insertEndpoint(t.container, m.storeId, { eventTypes: ['customer.created'] });
    assert.equal((await call('POST', '/v1/customers', { headers: m.auth, body: { name: 'Ada', email: 'ada.record@example.com' } })).status, 201);
    const webhooks = t.container.repos.webhooks;
    const claimed = (await webhooks.claimDueAcrossStores(new Date(), 'holder-1', 60_000, 10, [])).filter((d) => d.endpoint.id === endpointId);
    assert.equal(claimed.length, 1);
    const [delivery] = claimed as [(typeof claimed)[number]];
    // The merchant pauses the endpoint while the delivery is on its way; the attempt then gets a 410.
    assert.equal((await call('PATCH', `/v1/webhooks/${endpointId}`, { headers: m.auth, body: { enabled: false } })).status, 200);
    const attempt = (id: string) => ({ id, attemptedAt: new Date(), trigger: 'scheduled' as const, statusCode: 410, durationMs: 7, error: 'HTTP 410', responseSnippet: 'gone' });
    const outcome = (id: string) => ({ attempt: attempt(id), status: 'failed' as const, nextAttemptAt: null, disable: { reason: 'gone' as const, detail: 'The endpoint answered 410 Gone.' } });
    await webhooks.recordAttemptAcrossStores(delivery, 'someone-else', outcome('wha_not_mine'), new Date());
    const untouched = (await call('GET', `/v1/webhooks/${endpointId}/deliveries/${delivery.id}`, { headers: m.auth })).body.data;
    assert.deepEqual([untouched.status, untouched.attempts, untouched.attemptLog.length], ['pending', 0, 0], 'another holder writes nothing');
    await webhooks.recordAttemptAcrossStores(delivery, 'holder-1', outcome('wha_mine'), new Date());
    const recorded = (await call('GET', `/v1/webhooks/${endpointId}/deliveries/${delivery.id}`, { headers: m.auth })).body.data;
    assert.deepEqual([recorded.status, recorded.attempts, recorded.lastStatusCode, recorded.attemptLog.map((a: { id: string }) => a.id)], ['failed', 1, 410, ['wha_mine']]);
    const endpoint = (await call('GET', `/v1/webhooks/${endpointId}`, { headers: m.auth })).body.data;
    assert.deepEqual([endpoint.enabled, endpoint.disabledReason], [false, 'merchant'], 'the merchant’s reason stays');
    assert.ok(endpoint.failingSince, 'the first failure is recorded');
    // The lease is gone with the write: recording again (a retried write) changes nothing.
    await webhooks.recordAttemptAcrossStores(delivery, 'holder-1', outcome('wha_again'), new Date());
    assert.equal((await call('GET', `/v1/webhooks/${endpointId}/deliveries/${delivery.id}`, { headers: m.auth })).body.data.attemptLog.length, 1);
  });

  it('disables an enabled endpoint with the reason given', async () => {
    const m = await signup(t.app);
    const endpointId = await insertEndpoint(t.container, m.storeId, { eventTypes: ['customer.created'] });
    assert.equal((await call('POST', '/v1/customers', { headers: m.auth, body: { name: 'Bo', email: 'bo.record@example.com' } })).status, 201);
    const webhooks = t.container.repos.webhooks;
    const [delivery] = (await webhooks.claimDueAcrossStores(new Date(), 'holder-2', 60_000, 10, [])).filter((d) => d.endpoint.id === endpointId);
    await webhooks.recordAttemptAcrossStores(
      delivery!,
      'holder-2',
      { attempt: { id: 'wha_gone', attemptedAt: new Date(), trigger: 'scheduled', statusCode: 410, durationMs: 3, error: 'HTTP 410', responseSnippet: null }, status: 'failed', nextAttemptAt: null, disable: { reason: 'gone', detail: 'The endpoint answered 410 Gone.' } },
      new Date(),
    );
    const endpoint = (await call('GET', `/v1/webhooks/${endpointId}`, { headers: m.auth })).body.data;
    assert.deepEqual([endpoint.enabled, endpoint.disabledReason, endpoint.disabledDetail], [false, 'gone', 'The endpoint answered 410 Gone.']);
    assert.ok(endpoint.disabledAt);
  });
});

describe('Retry-After (RFC 9110 §10.2.3)', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const answered = (retryAfterSeconds?: number) => ({ kind: 'answered' as const, statusCode: 429, durationMs: 5, snippet: '', retryAfterSeconds });

  it('reads delay-seconds and an HTTP-date, and nothing else', () => {
    assert.equal(parseRetryAfter('120', now), 120);
    assert.equal(parseRetryAfter(' 0 ', now), 0);
    assert.equal(parseRetryAfter('Sat, 28 Nov 2026 12:01:30 GMT', now), 90);
    assert.equal(parseRetryAfter('Sat, 28 Nov 2026 11:00:00 GMT', now), 0, 'a date in the past: at once');
    for (const bad of [undefined, '', '-5', '1.5', 'soon', '2026-11-28T12:01:30Z', 'Sat, 28 Nov 2026 12:01:30']) assert.equal(parseRetryAfter(bad, now), undefined, String(bad));
  });

  it('waits the longer of the schedule and the answer, at most 10 hours, and never buys an attempt past the schedule', () => {
    const scheduled = new Date(now.getTime() + 5000);
    assert.equal(retryAt(scheduled, answered(60), now)?.getTime(), now.getTime() + 60_000);
    assert.equal(retryAt(scheduled, answered(1), now), scheduled, 'the schedule is longer');
    assert.equal(retryAt(scheduled, answered(), now), scheduled);
    assert.equal(retryAt(scheduled, answered(7 * 24 * 3600), now)?.getTime(), now.getTime() + MAX_RETRY_AFTER_SECONDS * 1000);
    assert.equal(MAX_RETRY_AFTER_SECONDS, 36_000);
    assert.equal(retryAt(null, answered(60), now), null, 'the schedule is used up');
    assert.equal(attemptError(answered(60)), 'HTTP 429 (Retry-After 60 s)');
    assert.equal(attemptError(answered()), 'HTTP 429');
  });
});

describe('webhook transport: server-side request forgery', () => {
  const bounds = { timeoutMs: 2000, maxResponseBytes: 65536, allowLoopback: false };

  it('refuses loopback unless allowed, and names what the address is', async () => {
    const transport = createWebhookTransport(bounds, async () => [{ address: '127.0.0.1', family: 4 }]);
    assert.match((await transport.check('https://hooks.example.com/x'))!, /resolves to 127\.0\.0\.1, a loopback address.*WEBHOOK_ALLOW_LOOPBACK/);
    assert.match((await transport.check('http://[::1]:8080/x'))!, /loopback/);
    assert.match((await transport.check('https://[::ffff:10.0.0.1]/x'))!, /private/);
  });

  it('refuses a host when any address it resolves to is private, and plain http to a public one', async () => {
    const transport = createWebhookTransport(bounds, async () => [{ address: '93.184.215.14', family: 4 }, { address: '192.168.1.20', family: 4 }]);
    assert.match((await transport.check('https://hooks.example.com/x'))!, /192\.168\.1\.20, a private address/);
    const publicOnly = createWebhookTransport(bounds, async () => [{ address: '93.184.215.14', family: 4 }]);
    assert.equal(await publicOnly.check('https://hooks.example.com/x'), null);
    assert.match((await publicOnly.check('http://hooks.example.com/x'))!, /https/);
  });

  it('checks the address again at delivery: a name that now resolves to a private address is not connected to', async () => {
    let answer = '93.184.215.14';
    const transport = createWebhookTransport(bounds, async () => [{ address: answer, family: 4 }]);
    assert.equal(await transport.check('https://rebind.example.com/x'), null);
    answer = '10.0.0.7';
    const result = await transport.send('https://rebind.example.com/x', {}, '{}');
    assert.equal(result.kind, 'failed');
    assert.match((result as { error: string }).error, /refused: .*10\.0\.0\.7, a private address/);
  });

  it('connects to the next checked address when one refuses, and never to an address it did not check', async () => {
    const { createServer } = await import('node:http');
    const got: string[] = [];
    const server = createServer((request, response) => {
      got.push(String(request.headers.host));
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      // 127.0.0.2 is loopback too, and nothing listens there on this port: that connection is refused.
      const transport = createWebhookTransport({ ...bounds, allowLoopback: true }, async () => [
        { address: '127.0.0.2', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ]);
      const result = await transport.send(`http://hooks.test:${port}/in`, {}, '{}');
      assert.deepEqual([result.kind, (result as { statusCode?: number }).statusCode], ['answered', 200], JSON.stringify(result));
      assert.deepEqual(got, [`hooks.test:${port}`], 'the request names the host; the connection went to a checked address');
      const onlyRefusing = createWebhookTransport({ ...bounds, allowLoopback: true }, async () => [{ address: '127.0.0.2', family: 4 }]);
      const refused = await onlyRefusing.send(`http://hooks.test:${port}/in`, {}, '{}');
      assert.match((refused as { error: string }).error, /could not connect \(ECONNREFUSED\)/);
      assert.equal(got.length, 1);
      // http is for loopback only: one public address among loopback ones is enough to refuse it.
      const mixed = createWebhookTransport({ ...bounds, allowLoopback: true }, async () => [
        { address: '127.0.0.1', family: 4 },
        { address: '93.184.215.14', family: 4 },
      ]);
      assert.match((await mixed.check(`http://hooks.test:${port}/in`))!, /https/);
      // A dead address is given up for the next after a quarter of the deadline, within 250 ms and 2.5 s.
      assert.deepEqual([10_000, 4000, 300].map(connectAttemptTimeoutMs), [2500, 1000, 250]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('bounds the time an endpoint may take', async () => {
    const { createServer } = await import('node:http');
    const server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const transport = createWebhookTransport({ ...bounds, timeoutMs: 300, allowLoopback: true });
      const { port } = server.address() as { port: number };
      const started = Date.now();
      const result = await transport.send(`http://127.0.0.1:${port}/slow`, {}, '{}');
      assert.equal(result.kind, 'failed');
      assert.match((result as { error: string }).error, /no answer within 0.3 seconds/);
      assert.ok(Date.now() - started < 2000);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
