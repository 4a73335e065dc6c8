import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { createContainer } from '../src/container.ts';
import { IDEMPOTENCY_WINDOW_MS } from '../src/domain/idempotency/idempotency-rules.ts';
import { storeCtx } from '../src/http/plugins/auth.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { IMAGES, multipart } from './helpers/images.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';

/** Test routes: one that waits until the test lets it finish, one that fails with 500; both count their runs. */
function testRoutes(state: { runs: Record<string, number>; gate?: PromiseWithResolvers<void> }) {
  return (app: FastifyInstance) => {
    app.post('/v1/test/slow', { config: { auth: 'store' } }, async (request, reply) => {
      state.runs.slow = (state.runs.slow ?? 0) + 1;
      await state.gate?.promise;
      return reply.code(201).send({ status: true, message: 'done', data: { run: state.runs.slow, store: storeCtx(request).tenant.storeId } });
    });
    app.post('/v1/test/opted-out', { config: { auth: 'store', idempotency: false } }, async (_request, reply) => {
      state.runs.optedOut = (state.runs.optedOut ?? 0) + 1;
      return reply.code(201).send({ status: true, message: 'done', data: { run: state.runs.optedOut } });
    });
    app.post('/v1/test/fail', { config: { auth: 'store' } }, async () => {
      state.runs.fail = (state.runs.fail ?? 0) + 1;
      throw new Error('boom');
    });
  };
}

describeEachDatabase('Idempotency-Key on authenticated POSTs', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  const state: { runs: Record<string, number>; gate?: PromiseWithResolvers<void> } = { runs: {} };
  before(async () => {
    t = await startTestApp(kind, { extend: testRoutes(state) });
    call = client(t.app);
  });
  after(() => t?.close());

  const withKey = (m: Merchant, key: string) => ({ ...m.auth, 'idempotency-key': key });
  async function keyNames(m: Merchant): Promise<string[]> {
    return (await call('GET', '/v1/api-keys', { headers: m.auth })).body.data.map((k: { name: string }) => k.name);
  }

  describe('replay', () => {
    it('replays POST /v1/api-keys: the same key id and secret, Idempotent-Replayed, and no second key', async () => {
      const m = await signup(t.app);
      const key = randomUUID();
      const first = await call('POST', '/v1/api-keys', { headers: withKey(m, key), body: { name: 'checkout', permissions: ['orders:read'] } });
      assert.equal(first.status, 201, first.raw);
      assert.equal(first.headers['idempotent-replayed'], undefined);
      const again = await call('POST', '/v1/api-keys', { headers: withKey(m, key), body: { permissions: ['orders:read'], name: 'checkout' } });
      assert.equal(again.status, 201);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.raw, first.raw, 'the same body, byte for byte');
      assert.equal(again.body.data.id, first.body.data.id);
      assert.equal(again.headers['content-type'], first.headers['content-type']);
      assert.notEqual(again.headers['x-request-id'], first.headers['x-request-id'], 'a new request id for the new request');
      assert.deepEqual(await keyNames(m), ['checkout']);
      const log = await call('GET', '/v1/audit-logs', { headers: m.auth });
      assert.equal(log.body.data.filter((e: { action: string }) => e.action === 'api_key.create').length, 1);
    });

    it('runs every request without the header (the control)', async () => {
      const m = await signup(t.app);
      await call('POST', '/v1/api-keys', { headers: m.auth, body: { name: 'a' } });
      await call('POST', '/v1/api-keys', { headers: m.auth, body: { name: 'a' } });
      assert.deepEqual(await keyNames(m), ['a', 'a']);
    });

    it('replays POST /v1/stores (a route of the signed-in user, not of a store): one store, the same id', async () => {
      const m = await signup(t.app);
      const key = randomUUID();
      const first = await call('POST', '/v1/stores', { headers: withKey(m, key), body: { name: 'Second shop' } });
      assert.equal(first.status, 201, first.raw);
      const again = await call('POST', '/v1/stores', { headers: withKey(m, key), body: { name: 'Second shop' } });
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.body.data.id, first.body.data.id);
      assert.equal((await call('GET', '/v1/stores', { headers: m.auth })).body.data.length, 2);
    });

    it('replays an upload: the same file id and one file', async () => {
      const m = await signup(t.app);
      const key = randomUUID();
      const send = () => {
        const body = multipart([{ name: 'file', filename: 'a.png', content: IMAGES.png }]);
        return t.app.inject({ method: 'POST', url: '/v1/files', headers: { ...withKey(m, key), ...body.headers }, payload: body.payload });
      };
      const first = await send();
      assert.equal(first.statusCode, 201, first.body);
      const again = await send();
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.headers.location, first.headers.location);
      assert.equal(again.json().data.id, first.json().data.id);
      const rows = await t.container.db.kysely.selectFrom('files').select('id').where('store_id', '=', m.storeId).execute();
      assert.equal(rows.length, 1);
    });

    it('replays a refusal that the handler gave (4xx), without running it again', async () => {
      const m = await signup(t.app);
      const key = randomUUID();
      const first = await call('POST', '/v1/stores', { headers: withKey(m, key), body: { name: 'X', currency: 'XYZ' } });
      assert.equal(first.status, 422);
      const again = await call('POST', '/v1/stores', { headers: withKey(m, key), body: { name: 'X', currency: 'XYZ' } });
      assert.equal(again.status, 422);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.raw, first.raw);
    });

    it('keeps nothing for a request refused before its handler (schema validation), so the key stays free', async () => {
      const m = await signup(t.app);
      const key = randomUUID();
      const invalid = await call('POST', '/v1/api-keys', { headers: withKey(m, key), body: { name: '' } });
      assert.equal(invalid.status, 422);
      const fixed = await call('POST', '/v1/api-keys', { headers: withKey(m, key), body: { name: 'fixed' } });
      assert.equal(fixed.status, 201, fixed.raw);
      assert.equal(fixed.headers['idempotent-replayed'], undefined);
    });

    it('does not keep a 5xx: the key is freed and a retry runs again', async () => {
      const m = await signup(t.app);
      const key = randomUUID();
      const before = state.runs.fail ?? 0;
      const first = await call('POST', '/v1/test/fail', { headers: withKey(m, key) });
      assert.equal(first.status, 500);
      const retry = await call('POST', '/v1/test/fail', { headers: withKey(m, key) });
      assert.equal(retry.status, 500);
      assert.equal(retry.headers['idempotent-replayed'], undefined);
      assert.equal(state.runs.fail, before + 2);
    });

    it('survives a restart: another instance on the same database replays the response', async () => {
      const m = await signup(t.app);
      const key = randomUUID();
      const first = await call('POST', '/v1/api-keys', { headers: withKey(m, key), body: { name: 'once' } });
      const container = createContainer(t.container.config);
      const other = await buildApp({ container });
      try {
        const again = await other.inject({ method: 'POST', url: '/v1/api-keys', headers: withKey(m, key), payload: { name: 'once' } });
        assert.equal(again.headers['idempotent-replayed'], 'true');
        assert.equal(again.json().data.id, first.body.data.id);
      } finally {
        await other.close();
        await container.close();
      }
      assert.deepEqual(await keyNames(m), ['once']);
    });

    it('stores the key only as a hash and the response encrypted: the new secret is not in the table', async () => {
      const m = await signup(t.app);
      const key = randomUUID();
      const first = await call('POST', '/v1/api-keys', { headers: withKey(m, key), body: { name: 'secret' } });
      const rows = await t.container.db.kysely.selectFrom('idempotency_keys').selectAll().execute();
      const text = JSON.stringify(rows);
      assert.ok(!text.includes(first.body.data.key), 'no API key secret');
      assert.ok(!text.includes(key), 'no Idempotency-Key');
      const row = rows.find((r) => r.request_path === '/v1/api-keys' && r.scope.includes(m.storeId))!;
      assert.equal(Number(row.response_status), 201);
      assert.equal(row.request_method, 'POST');
    });
  });

  describe('conflicts', () => {
    it('refuses the same key with another body, or on another path, with 422 naming the header, creating nothing', async () => {
      const m = await signup(t.app);
      const key = randomUUID();
      await call('POST', '/v1/api-keys', { headers: withKey(m, key), body: { name: 'first' } });
      const otherBody = await call('POST', '/v1/api-keys', { headers: withKey(m, key), body: { name: 'second' } });
      assert.equal(otherBody.status, 422);
      assert.equal(otherBody.body.error.code, 'IDEMPOTENCY_KEY_REUSED');
      assert.deepEqual(otherBody.body.error.details.map((d: { path: string; in: string }) => [d.path, d.in]), [['Idempotency-Key', 'header']]);
      const otherPath = await call('POST', '/v1/members/invitations', { headers: withKey(m, key), body: { email: 'x@example.com', role: 'staff' } });
      assert.equal(otherPath.status, 422);
      assert.equal(otherPath.body.error.code, 'IDEMPOTENCY_KEY_REUSED');
      assert.deepEqual(await keyNames(m), ['first']);
      assert.equal((await call('GET', '/v1/members/invitations', { headers: m.auth })).body.data.length, 0);
    });

    it('answers 409 with Retry-After while the first request is still running, then replays its response', async () => {
      const m = await signup(t.app);
      const key = randomUUID();
      state.gate = Promise.withResolvers<void>();
      const runs = state.runs.slow ?? 0;
      const first = call('POST', '/v1/test/slow', { headers: withKey(m, key) });
      while ((state.runs.slow ?? 0) === runs) await new Promise((r) => setTimeout(r, 5)); // the handler has started
      const during = await call('POST', '/v1/test/slow', { headers: withKey(m, key) });
      assert.equal(during.status, 409);
      assert.equal(during.body.error.code, 'IDEMPOTENCY_KEY_IN_PROGRESS');
      assert.equal(during.headers['retry-after'], '1');
      assert.equal(during.body.error.details[0].path, 'Idempotency-Key');
      state.gate.resolve();
      const done = await first;
      assert.equal(done.status, 201);
      const after = await call('POST', '/v1/test/slow', { headers: withKey(m, key) });
      assert.equal(after.headers['idempotent-replayed'], 'true');
      assert.equal(after.raw, done.raw);
      assert.equal(state.runs.slow, runs + 1, 'the handler ran once');
    });

    it('runs the handler exactly once for parallel identical requests', async () => {
      const m = await signup(t.app);
      for (let round = 0; round < 4; round += 1) {
        const key = randomUUID();
        const results = await Promise.all(
          Array.from({ length: 3 }, () => call('POST', '/v1/api-keys', { headers: withKey(m, key), body: { name: `parallel ${round}` } })),
        );
        const created = results.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === undefined);
        assert.equal(created.length, 1, JSON.stringify(results.map((r) => [r.status, r.headers['idempotent-replayed']])));
        for (const r of results) {
          if (r.status === 201) assert.equal(r.body.data.id, created[0]!.body.data.id);
          else assert.equal(r.body.error.code, 'IDEMPOTENCY_KEY_IN_PROGRESS');
        }
      }
      assert.equal((await keyNames(m)).length, 4);
    });

    it('claims a key atomically: of many parallel claims exactly one proceeds, the others are told it is in progress', async () => {
      const { idempotency } = t.container.services;
      const input = { scope: `store:sto_parallel:live:user:${randomUUID()}`, key: randomUUID(), method: 'POST', path: '/v1/x', body: { a: 1 }, now: new Date() };
      const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => idempotency.begin(input)));
      const proceeded = outcomes.filter((o) => o.status === 'fulfilled' && o.value.kind === 'proceed');
      assert.equal(proceeded.length, 1);
      for (const o of outcomes) {
        if (o.status === 'rejected') assert.equal((o.reason as { code: string }).code, 'IDEMPOTENCY_KEY_IN_PROGRESS');
      }
    });

    it('keeps keys apart per store, mode and credential', async () => {
      const a = await signup(t.app);
      const b = await signup(t.app);
      const key = randomUUID();
      const inA = await call('POST', '/v1/api-keys', { headers: withKey(a, key), body: { name: 'k' } });
      const inB = await call('POST', '/v1/api-keys', { headers: withKey(b, key), body: { name: 'k' } });
      const inTest = await call('POST', '/v1/api-keys', { headers: { ...withKey(a, key), 'x-mode': 'test' }, body: { name: 'k' } });
      const apiKey = await createApiKey(t.app, a, { permissions: ['settings:write'] });
      const viaKey = await call('POST', '/v1/api-keys', { headers: { 'x-merchantapikey': apiKey.key, 'idempotency-key': key }, body: { name: 'k' } });
      for (const res of [inA, inB, inTest, viaKey]) {
        assert.equal(res.status, 201, res.raw);
        assert.equal(res.headers['idempotent-replayed'], undefined);
      }
      assert.equal(new Set([inA, inB, inTest, viaKey].map((r) => r.body.data.id)).size, 4);
    });
  });

  describe('the key', () => {
    it('refuses a malformed key with 400 naming the header, before anything runs', async () => {
      const m = await signup(t.app);
      for (const bad of ['', 'x'.repeat(256), 'clé-unique', 'tab\there', ' leading']) {
        const res = await call('POST', '/v1/api-keys', { headers: withKey(m, bad), body: { name: 'bad key' } });
        assert.equal(res.status, 400, `${JSON.stringify(bad)}: ${res.raw}`);
        assert.equal(res.body.error.code, 'INVALID_HEADER');
        assert.equal(res.body.error.details[0].path, 'Idempotency-Key');
      }
      const longest = await call('POST', '/v1/api-keys', { headers: withKey(m, 'k'.repeat(255)), body: { name: 'ok' } });
      assert.equal(longest.status, 201);
      assert.deepEqual(await keyNames(m), ['ok']);
      // The IETF draft's quoted form names the same key as the bare form.
      const uuid = randomUUID();
      const quoted = await call('POST', '/v1/api-keys', { headers: withKey(m, `"${uuid}"`), body: { name: 'quoted' } });
      const bare = await call('POST', '/v1/api-keys', { headers: withKey(m, uuid), body: { name: 'quoted' } });
      assert.equal(bare.headers['idempotent-replayed'], 'true');
      assert.equal(bare.body.data.id, quoted.body.data.id);
      assert.equal((await call('POST', '/v1/api-keys', { headers: withKey(m, '""'), body: { name: 'x' } })).status, 400);
    });

    it('may be used again after 24 hours', async () => {
      const m = await signup(t.app);
      const key = randomUUID();
      await call('POST', '/v1/api-keys', { headers: withKey(m, key), body: { name: 'day one' } });
      const past = new Date(Date.now() - IDEMPOTENCY_WINDOW_MS - 1000).toISOString();
      await t.container.db.kysely
        .updateTable('idempotency_keys')
        .set({ expires_at: new Date(Date.now() - 1).toISOString(), created_at: past })
        .where('scope', 'like', `store:${m.storeId}:%`)
        .execute();
      const dayTwo = await call('POST', '/v1/api-keys', { headers: withKey(m, key), body: { name: 'day two' } });
      assert.equal(dayTwo.status, 201, dayTwo.raw);
      assert.equal(dayTwo.headers['idempotent-replayed'], undefined);
      assert.deepEqual(await keyNames(m), ['day two', 'day one']);
      const replay = await call('POST', '/v1/api-keys', { headers: withKey(m, key), body: { name: 'day two' } });
      assert.equal(replay.body.data.id, dayTwo.body.data.id);
    });

    it('is freed when its first request died without answering (its lock ran out)', async () => {
      const m = await signup(t.app);
      const key = randomUUID();
      await call('POST', '/v1/api-keys', { headers: withKey(m, key), body: { name: 'lost' } });
      // As if the process had died mid-request: no response saved, lock in the past.
      await t.container.db.kysely
        .updateTable('idempotency_keys')
        .set({ response_status: null, response_sealed: null, locked_until: new Date(Date.now() - 1).toISOString() })
        .where('scope', 'like', `store:${m.storeId}:%`)
        .execute();
      const retry = await call('POST', '/v1/api-keys', { headers: withKey(m, key), body: { name: 'lost' } });
      assert.equal(retry.status, 201);
      assert.equal(retry.headers['idempotent-replayed'], undefined);
    });

    it('is ignored on routes that opt out with config.idempotency: false', async () => {
      const m = await signup(t.app);
      const key = randomUUID();
      const first = await call('POST', '/v1/test/opted-out', { headers: withKey(m, key) });
      const second = await call('POST', '/v1/test/opted-out', { headers: withKey(m, key) });
      assert.equal(second.headers['idempotent-replayed'], undefined);
      assert.equal(second.body.data.run, first.body.data.run + 1);
    });

    it('is ignored on other methods', async () => {
      const m = await signup(t.app);
      const get = await call('GET', '/v1/api-keys', { headers: withKey(m, 'é not even valid') });
      assert.equal(get.status, 200);
      const key = randomUUID();
      await call('PATCH', '/v1/merchants/profile/business', { headers: withKey(m, key), body: { legalName: 'One' } });
      const second = await call('PATCH', '/v1/merchants/profile/business', { headers: withKey(m, key), body: { legalName: 'Two' } });
      assert.equal(second.status, 200);
      assert.equal(second.body.data.legalName, 'Two');
    });
  });
});
