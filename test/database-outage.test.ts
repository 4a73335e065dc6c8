import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { hashSecret } from '../src/domain/shared/secrets.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { variableProduct } from './helpers/catalog.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers/databases.ts';
import { createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { authorizeQuery, type Connection, connect, nextAddress, pkce, REDIRECT_URI, refresh } from './helpers/oauth.ts';
import { type PausableProxy, startPausableProxy } from './helpers/pausable-proxy.ts';

/** DATABASE_TIMEOUT_MS for these apps: small, so the suite stays quick. */
const TIMEOUT_MS = 1000;
/** "No hang": a request meeting an unresponsive database answers within this (a bound, not a measurement). */
const BOUND_MS = TIMEOUT_MS * 3 + 1000;

type Shape = 'envelope' | 'oauth' | 'page' | 'readyz';

interface Probe {
  name: string;
  shape: Shape;
  send(): Promise<LightMyRequestResponse>;
  /** The status when the database answers. */
  ok: number;
}

async function timed(probe: Probe): Promise<{ probe: Probe; res: LightMyRequestResponse; ms: number }> {
  const started = performance.now();
  const res = await probe.send();
  return { probe, res, ms: performance.now() - started };
}

/** 503 in the shape of its surface, with Retry-After, within the bound; never a 401 challenge. */
function assertUnavailable({ probe, res, ms }: Awaited<ReturnType<typeof timed>>): void {
  const what = `${probe.name}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  assert.equal(res.statusCode, 503, what);
  assert.ok(ms < BOUND_MS, `${probe.name} answered after ${Math.round(ms)} ms (bound ${BOUND_MS} ms)`);
  assert.match(String(res.headers['retry-after']), /^\d+$/, `${probe.name}: Retry-After`);
  assert.doesNotMatch(String(res.headers['www-authenticate'] ?? ''), /invalid_token/, `${probe.name}: no invalid_token challenge`);
  if (probe.shape === 'envelope') {
    const body = res.json();
    assert.equal(body.status, false, what);
    assert.equal(body.error.code, 'SERVICE_UNAVAILABLE', what);
    assert.equal(typeof body.requestId, 'string');
  } else if (probe.shape === 'oauth') {
    assert.deepEqual(Object.keys(res.json()).sort(), ['error', 'error_description'], what);
    assert.equal(res.json().error, 'temporarily_unavailable', what);
    assert.equal(res.headers['cache-control'], 'no-store', what);
  } else if (probe.shape === 'page') {
    assert.match(String(res.headers['content-type']), /^text\/html/, what);
    assert.match(res.body, /Temporarily unavailable/, what);
  } else {
    assert.deepEqual(res.json(), { status: 'unavailable', checks: { database: 'unavailable' } });
  }
}

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const mcpHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' };

/** Every kind of route: REST with each credential, /mcp, the OAuth endpoints, the pages, sign-in and readiness. */
function everyKindOfRoute(t: TestApp, merchant: Merchant, apiKey: string, app: Connection): Probe[] {
  const inject = t.app.inject.bind(t.app);
  return [
    { name: 'REST with an API key', shape: 'envelope', ok: 200, send: () => inject({ method: 'GET', url: '/v1/users/me/permissions', headers: { 'x-merchantapikey': apiKey } }) },
    { name: 'REST with a session token', shape: 'envelope', ok: 200, send: () => inject({ method: 'GET', url: '/v1/users/me/permissions', headers: merchant.auth }) },
    { name: 'REST with an app token', shape: 'envelope', ok: 200, send: () => inject({ method: 'GET', url: '/v1/users/me/permissions', headers: app.auth }) },
    {
      name: '/mcp tools/list with an app token',
      shape: 'envelope',
      ok: 200,
      send: () => inject({ method: 'POST', url: '/mcp', headers: { ...mcpHeaders, ...app.auth }, payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }),
    },
    {
      name: 'POST /oauth/token (refresh)',
      shape: 'oauth',
      ok: 200,
      send: () => inject({ method: 'POST', url: '/oauth/token', headers: form, payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: app.refreshToken, client_id: app.client.client_id }).toString() }),
    },
    {
      name: 'POST /oauth/register',
      shape: 'oauth',
      ok: 201,
      send: () => inject({ method: 'POST', url: '/oauth/register', remoteAddress: nextAddress(), payload: { client_name: 'Outage App', redirect_uris: [REDIRECT_URI] } }),
    },
    { name: 'GET /oauth/authorize', shape: 'page', ok: 200, send: () => inject({ method: 'GET', url: `/oauth/authorize?${authorizeQuery(app.client, pkce().challenge)}` }) },
    // A signed-in browser on the sign-up page is sent on to the dashboard: reading its session needs the database.
    { name: 'the sign-up page, signed in', shape: 'page', ok: 303, send: () => inject({ method: 'GET', url: '/signup', headers: { cookie: `cs_session=${merchant.token}` } }) },
    { name: 'POST /v1/auth/login', shape: 'envelope', ok: 200, send: () => inject({ method: 'POST', url: '/v1/auth/login', payload: { email: merchant.email, password: merchant.password } }) },
    { name: 'GET /readyz', shape: 'readyz', ok: 200, send: () => inject({ method: 'GET', url: '/readyz' }) },
  ];
}

/**
 * Occupies `count` of the app's own database connections with transactions that wait for `release()`: the pool (or
 * SQLite's one connection) has nothing left for requests meanwhile.
 */
function occupyConnections(t: TestApp, count: number): { release(): Promise<void> } {
  const { promise: gate, resolve: open } = Promise.withResolvers<void>();
  const held = Array.from({ length: count }, () => t.container.db.kysely.transaction().execute(() => gate));
  return {
    async release() {
      open();
      await Promise.all(held);
    },
  };
}

/** Polls readiness until it says ok: the app recovers by itself, without a restart. */
async function waitUntilReady(t: TestApp): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    if (res.statusCode === 200) return;
    assert.ok(Date.now() < deadline, `still not ready: ${res.body}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function assertAnswersNormally(probes: Probe[]): Promise<void> {
  for (const probe of probes) {
    const res = await probe.send();
    assert.equal(res.statusCode, probe.ok, `${probe.name} after recovery: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
}

describeEachDatabase('a database that cannot answer gets a bounded 503', (kind) => {
  if (kind === 'postgres') postgresSuite();
  else sqliteSuite();
});

function postgresSuite(): void {
  let real: TestDatabase;
  let proxy: PausableProxy;
  let t: TestApp;
  let merchant: Merchant;
  let apiKey: string;
  let app: Connection;

  before(async () => {
    real = await createTestDatabase('postgres');
    const url = new URL((real.config as { url: string }).url);
    proxy = await startPausableProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.port = String(proxy.port);
    // The app reaches its database only through the proxy; the test drops the database itself.
    const viaProxy: TestDatabase = { kind: 'postgres', config: { kind: 'postgres', url: url.href }, drop: async () => {} };
    t = await startTestApp('postgres', { database: viaProxy, databaseTimeoutMs: TIMEOUT_MS });
    merchant = await signup(t.app);
    apiKey = (await createApiKey(t.app, merchant)).key;
    app = await connect(t.app, merchant, { scope: 'orders:read mcp:store' });
  });
  after(async () => {
    proxy?.resume();
    await t?.close();
    if (t) await rm(t.container.config.filesDir, { recursive: true, force: true });
    await proxy?.close();
    await real?.drop();
  });

  it('answers every kind of route with 503 and Retry-After in bounded time while PostgreSQL is silent, and normally once it answers again', async () => {
    const probes = everyKindOfRoute(t, merchant, apiKey, app);
    await assertAnswersNormally(probes.filter((p) => p.name !== 'POST /oauth/token (refresh)'));
    proxy.pause();
    try {
      for (const result of await Promise.all(probes.map(timed))) assertUnavailable(result);
      // A second round meets a pool whose clients were abandoned: still bounded.
      for (const result of await Promise.all(probes.map(timed))) assertUnavailable(result);
    } finally {
      proxy.resume();
    }
    await waitUntilReady(t);
    // Nothing was half-done: the refresh token refused with 503 still works, once.
    await assertAnswersNormally(probes);
  });

  it("answers a key's product read over a socket (the front cache, whose change mark is a round trip) with 503 in bounded time while PostgreSQL is silent", async () => {
    const { productId } = await variableProduct(t.app, merchant);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/v2/products/${productId}`;
    const get = () => fetch(url, { headers: { 'x-merchantapikey': apiKey } });
    // The key's answer is kept by the third read at the latest (its first use is written).
    for (let i = 0; i < 3; i++) assert.equal((await get()).status, 200);
    proxy.pause();
    try {
      const started = performance.now();
      const res = await get();
      const ms = performance.now() - started;
      assert.equal(res.status, 503, await res.text());
      assert.ok(ms < BOUND_MS, `answered after ${Math.round(ms)} ms (bound ${BOUND_MS} ms)`);
    } finally {
      proxy.resume();
    }
    await waitUntilReady(t);
    assert.equal((await get()).status, 200);
  });

  /**
   * A session signed in now, whose store context is not kept yet (decision 0039): its request reads the session and
   * the membership, as every request did before the principal memo.
   */
  async function freshSession(): Promise<Record<string, string>> {
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: merchant.email, password: merchant.password } });
    assert.equal(res.statusCode, 200, res.body);
    return { authorization: `Bearer ${res.json().data.token}` };
  }

  it('answers 503 in bounded time while every pooled connection is taken, and normally once one is free', async () => {
    const fresh = await freshSession();
    const permissions = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/v1/users/me/permissions', headers });
    assert.equal((await permissions(merchant.auth)).statusCode, 200);
    const busy = occupyConnections(t, 10);
    try {
      const waiting = await Promise.all(
        [
          { name: 'REST with a session token', shape: 'envelope' as const, ok: 200, send: () => permissions(fresh) },
          { name: 'GET /readyz', shape: 'readyz' as const, ok: 200, send: () => t.app.inject({ method: 'GET', url: '/readyz' }) },
        ].map(timed),
      );
      for (const result of waiting) assertUnavailable(result);
      // A session already kept asks only the change mark, on a connection of its own: it is answered.
      assert.equal((await permissions(merchant.auth)).statusCode, 200);
    } finally {
      await busy.release();
    }
    assert.equal((await t.app.inject({ method: 'GET', url: '/v1/users/me/permissions', headers: merchant.auth })).statusCode, 200);
  });

  it('answers 503 when a statement outlives statement_timeout behind a lock held elsewhere, and normally once it is released', async () => {
    const fresh = await freshSession();
    const holder = new pg.Client({ connectionString: (real.config as { url: string }).url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table sessions in access exclusive mode');
      const blocked = await timed({ name: 'REST with a session token', shape: 'envelope', ok: 200, send: () => t.app.inject({ method: 'GET', url: '/v1/users/me/permissions', headers: fresh }) });
      assertUnavailable(blocked);
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
      assert.equal(ready.statusCode, 200, 'the database itself answers');
      await holder.query('rollback');
    } finally {
      await holder.end();
    }
    const res = await t.app.inject({ method: 'GET', url: '/v1/users/me/permissions', headers: merchant.auth });
    assert.equal(res.statusCode, 200, res.body);
  });

  it('keeps the grant when a refresh committed but its answer was lost: the retry gets the same tokens', async () => {
    const conn = await connect(t.app, merchant, { scope: 'orders:read' });
    // PostgreSQL runs the refresh's COMMIT, then falls silent before its answer reaches the app.
    proxy.pauseAfterClientSends('commit');
    let lost: Awaited<ReturnType<typeof refresh>>;
    try {
      const started = performance.now();
      lost = await refresh(t.app, conn);
      assert.ok(performance.now() - started < BOUND_MS, 'bounded');
    } finally {
      proxy.resume();
    }
    assert.equal(lost.status, 503, lost.raw);
    assert.equal(lost.body.error, 'temporarily_unavailable');
    await waitUntilReady(t);
    const rotated = await t.container.db.kysely
      .selectFrom('oauth_refresh_tokens')
      .select(['consumed_at'])
      .where('hash', '=', hashSecret(conn.refreshToken))
      .executeTakeFirstOrThrow();
    assert.ok(rotated.consumed_at, 'the rotation had committed');

    const retry = await refresh(t.app, conn);
    assert.equal(retry.status, 200, retry.raw);
    const again = await refresh(t.app, conn);
    assert.equal(again.body.access_token, retry.body.access_token, 'the same answer every time, no new pair');
    assert.equal(again.body.refresh_token, retry.body.refresh_token);
    const api = await t.app.inject({ method: 'GET', url: '/v1/users/me/permissions', headers: { authorization: `Bearer ${retry.body.access_token}` } });
    assert.equal(api.statusCode, 200, api.body);
    const onward = await refresh(t.app, { client: conn.client, refreshToken: retry.body.refresh_token });
    assert.equal(onward.status, 200, 'the grant stands');
  });
}

function sqliteSuite(): void {
  let t: TestApp;
  let merchant: Merchant;
  let app: Connection;
  let holder: SqliteDatabase.Database;

  before(async () => {
    t = await startTestApp('sqlite', { databaseTimeoutMs: TIMEOUT_MS });
    merchant = await signup(t.app);
    app = await connect(t.app, merchant, { scope: 'orders:read products:read products:write mcp:store' });
    // Another connection to the same file, as another process would have.
    holder = new SqliteDatabase((t.database.config as { file: string }).file);
  });
  after(async () => {
    if (holder?.inTransaction) holder.exec('rollback');
    holder?.close();
    await t?.close();
  });

  const inject = (options: InjectOptions) => t.app.inject(options);
  const createCategory = (name: string) => inject({ method: 'POST', url: '/v1/categories', headers: merchant.auth, payload: { name } });
  const listCategories = () => inject({ method: 'GET', url: '/v1/categories', headers: merchant.auth });
  const mcpCall = (name: string, args: Record<string, unknown>) =>
    // The merchant's session: checking it only reads (an app token or API key may record its last use, once a minute).
    inject({ method: 'POST', url: '/mcp', headers: { ...mcpHeaders, ...merchant.auth }, payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } } });

  it('answers writes with 503 in bounded time while another process holds the write lock, and works again once it lets go', async () => {
    holder.exec('begin immediate');
    try {
      // Several writes at once: each answers within the bound, not one bound after the other.
      const writes = await Promise.all(
        ['Lamps', 'Rugs', 'Chairs', 'Tables'].map((name) =>
          timed({ name: `POST /v1/categories ${name}`, shape: 'envelope', ok: 201, send: () => createCategory(name) }),
        ),
      );
      for (const result of writes) assertUnavailable(result);
      const others = await Promise.all(
        [
          { name: 'POST /v1/auth/login', shape: 'envelope' as const, ok: 200, send: () => inject({ method: 'POST', url: '/v1/auth/login', payload: { email: merchant.email, password: merchant.password } }) },
          {
            name: 'POST /oauth/register',
            shape: 'oauth' as const,
            ok: 201,
            send: () => inject({ method: 'POST', url: '/oauth/register', remoteAddress: nextAddress(), payload: { client_name: 'Outage App', redirect_uris: [REDIRECT_URI] } }),
          },
          { name: 'GET /readyz', shape: 'readyz' as const, ok: 200, send: () => inject({ method: 'GET', url: '/readyz' }) },
        ].map(timed),
      );
      for (const result of others) assertUnavailable(result);

      // A tool whose service meets the lock is refused inside MCP, in bounded time.
      const started = performance.now();
      const tool = await mcpCall('create_category', { name: 'Vases' });
      assert.ok(performance.now() - started < BOUND_MS, 'the tool call is bounded');
      assert.equal(tool.statusCode, 200, tool.body);
      assert.match(tool.body, /"isError":true/);
      assert.match(tool.body, /SERVICE_UNAVAILABLE/);
    } finally {
      holder.exec('rollback');
    }
    // Nothing was half-written; the same requests work now.
    const names = (await listCategories()).json().data.map((c: { name: string }) => c.name);
    assert.deepEqual(names, []);
    assert.equal((await createCategory('Lamps')).statusCode, 201);
    assert.equal((await inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
    assert.equal((await inject({ method: 'POST', url: '/v1/auth/login', payload: { email: merchant.email, password: merchant.password } })).statusCode, 200);
    const tool = await mcpCall('create_category', { name: 'Vases' });
    assert.doesNotMatch(tool.body, /"isError":true/, tool.body);
    assert.equal((await refresh(t.app, app)).status, 200);
  });

  it('keeps answering reads and public routes while a write waits for the lock (the event loop is never blocked)', async () => {
    holder.exec('begin immediate');
    let writeSettled = false;
    let write: Promise<LightMyRequestResponse> | undefined;
    try {
      write = createCategory('Mirrors').finally(() => {
        writeSettled = true;
      });
      const health = await inject({ method: 'GET', url: '/healthz' });
      assert.equal(health.statusCode, 200);
      const read = await listCategories();
      assert.equal(read.statusCode, 200, read.body);
      const page = await inject({ method: 'GET', url: '/signup', headers: { cookie: `cs_session=${merchant.token}` } });
      assert.equal(page.statusCode, 303, 'the signed-in browser was recognised and sent on');
      const tools = await inject({ method: 'POST', url: '/mcp', headers: { ...mcpHeaders, ...merchant.auth }, payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' } });
      assert.equal(tools.statusCode, 200);
      assert.equal(writeSettled, false, 'all of that was answered while the write was still waiting');
    } finally {
      holder.exec('rollback');
    }
    // The lock was let go within the bound: the waiting write goes through.
    const written = await write;
    assert.equal(written?.statusCode, 201, written?.body);
  });

  it('answers 503 in bounded time while its one connection is held by a transaction of its own, not one bound per queued request', async () => {
    const busy = occupyConnections(t, 1);
    try {
      const queued = await Promise.all(
        Array.from({ length: 4 }, (_, i) => ({ name: `queued read ${i}`, shape: 'envelope' as const, ok: 200, send: listCategories })).map(timed),
      );
      for (const result of queued) assertUnavailable(result);
      assert.equal((await inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
    } finally {
      await busy.release();
    }
    assert.equal((await listCategories()).statusCode, 200);
  });

  it('answers reads with an API key or an app token while another process holds the write lock, recording their last use later', async () => {
    const key = await createApiKey(t.app, merchant);
    const read = (headers: Record<string, string>) => inject({ method: 'GET', url: '/v1/products', headers });
    assert.equal((await read({ 'x-merchantapikey': key.key })).statusCode, 200, 'used once: its last use is recorded');
    const stale = async () => {
      const old = new Date(Date.now() - 120_000).toISOString();
      await t.container.db.kysely.updateTable('api_keys').set({ last_used_at: old }).where('id', '=', key.id).execute();
      await t.container.db.kysely.updateTable('oauth_grants').set({ last_used_at: old }).where('user_id', '=', merchant.userId).execute();
    };
    await stale();
    holder.exec('begin immediate');
    try {
      // Recorded a minute ago or less: nothing to write. Older: the write is tried within the bound and dropped.
      for (const headers of [{ 'x-merchantapikey': key.key }, app.auth]) {
        const started = performance.now();
        const res = await read(headers);
        assert.equal(res.statusCode, 200, res.body);
        assert.ok(performance.now() - started < BOUND_MS, 'bounded');
      }
    } finally {
      holder.exec('rollback');
    }
    const listed = await inject({ method: 'GET', url: '/v1/api-keys', headers: merchant.auth });
    const lastUsed = Date.parse(`${listed.json().data.find((k: { id: string }) => k.id === key.id).lastUsedAt}Z`);
    assert.ok(Date.now() - lastUsed > 60_000, 'the write refused under the lock was dropped, not queued');
    assert.equal((await read({ 'x-merchantapikey': key.key })).statusCode, 200);
    const after = await inject({ method: 'GET', url: '/v1/api-keys', headers: merchant.auth });
    assert.ok(Date.now() - Date.parse(`${after.json().data.find((k: { id: string }) => k.id === key.id).lastUsedAt}Z`) < 60_000, 'and recorded once the lock is gone');
  });

  it('fails readiness while another process holds the write lock, although reads still work', async () => {
    holder.exec('begin immediate');
    try {
      const ready = await timed({ name: 'GET /readyz', shape: 'readyz', ok: 200, send: () => inject({ method: 'GET', url: '/readyz' }) });
      assertUnavailable(ready);
      assert.equal((await listCategories()).statusCode, 200);
    } finally {
      holder.exec('rollback');
    }
    assert.equal((await inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
  });
}
