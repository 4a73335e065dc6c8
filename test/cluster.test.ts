/**
 * Several instances, proven (docs/deployment.md): three `node src/main.ts serve` processes on one fresh PostgreSQL
 * database and one Redis, behind HAProxy (Debian's package), all on loopback, started by scripts/cluster.ts exactly
 * as `npm run cluster` starts them (three, so that one can be stopped the orchestrated way and one abruptly). Traffic
 * goes through the balancer and, where a check needs one instance in particular, to that instance's own port.
 * Bounded: about 300 requests, every wait with a timeout, everything stopped in `after`.
 */
import assert from 'node:assert/strict';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { Agent, type IncomingHttpHeaders, request } from 'node:http';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { type Cluster, findHaproxy, HAPROXY_MISSING, type Instance, startCluster } from '../scripts/cluster.ts';
import { IMAGES, multipart } from './helpers/images.ts';
import { createApiKey, signup } from './helpers/merchants.ts';
import { connect, refresh } from './helpers/oauth.ts';

const adminDatabaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const haproxy = findHaproxy();
const missing = [
  adminDatabaseUrl ? undefined : 'set TEST_DATABASE_URL=postgres://… to run it',
  redisUrl ? undefined : 'set TEST_REDIS_URL=redis://… to run it',
  haproxy ? undefined : HAPROXY_MISSING,
].filter((m) => m !== undefined);
if (missing.length > 0 && process.env.CI) throw new Error(`CI is set but the cluster suite cannot run: ${missing.join('; ')}`);
if (missing.length > 0) process.stderr.write(`Cluster suite skipped: ${missing.join('; ')}\n`);

/** Every request budget per credential in this cluster: small, so the shared limit is proven with few requests. */
const CREDENTIAL_LIMIT = 25;

/**
 * This run's client address (X-Forwarded-For; the instances trust loopback, where this test and the balancer are).
 * Counts in Redis outlive a run and Redis is shared with other suites: an address of its own keeps them apart.
 */
const ADDRESS = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  /** The instance that answered through the balancer (X-Served-By), or undefined when called directly. */
  servedBy: string | undefined;
  /** A connection-level failure (reset, refused, timeout) instead of an answer: status is 0 then. */
  error?: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 8 });

/** One HTTP request over a real socket, bounded by `timeoutMs`; never rejects (a failure is `error`). */
function call(url: string, options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': ADDRESS, ...options.headers };
  return new Promise((resolve) => {
    const req = request(url, { method: options.method ?? 'GET', headers, agent, timeout: options.timeoutMs ?? 15_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8'), servedBy: res.headers['x-served-by'] as string | undefined });
      });
      res.on('error', (error) => resolve({ status: 0, headers: {}, body: Buffer.alloc(0), text: '', servedBy: undefined, error: error.message }));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, headers: {}, body: Buffer.alloc(0), text: '', servedBy: undefined, error: error.code ?? error.message }));
    req.end(options.body);
  });
}

const json = (answer: Answer) => JSON.parse(answer.text);
const JSON_BODY = { 'content-type': 'application/json' };

/**
 * `app.inject` over real HTTP to `base` (the balancer or one instance), so the helpers written for the in-process app
 * (sign-up, API keys, the OAuth flow through the pages) drive the cluster unchanged. Records which instance answered
 * each request in `servedBy`. A helper's `remoteAddress` becomes this run's address.
 */
function overHttp(base: string): { app: FastifyInstance; servedBy: string[] } {
  const servedBy: string[] = [];
  const inject = async (options: { method?: string; url: string; headers?: Record<string, string>; payload?: unknown }) => {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | Buffer | undefined;
    if (Buffer.isBuffer(options.payload) || typeof options.payload === 'string') body = options.payload;
    else if (options.payload !== undefined) {
      body = JSON.stringify(options.payload);
      headers['content-type'] ??= 'application/json';
    }
    const url = /^https?:/.test(options.url) ? options.url : `${base}${options.url}`;
    const answer = await call(url, { method: options.method ?? 'GET', headers, ...(body === undefined ? {} : { body }) });
    assert.equal(answer.error, undefined, `${options.method ?? 'GET'} ${options.url}: ${answer.error}`);
    if (answer.servedBy) servedBy.push(answer.servedBy);
    return { statusCode: answer.status, headers: answer.headers, body: answer.text, payload: answer.text, json: () => json(answer) };
  };
  return { app: { inject } as unknown as FastifyInstance, servedBy };
}

describe('three instances behind HAProxy on one PostgreSQL database and Redis', { skip: missing.length > 0 ? missing.join('; ') : false, timeout: 240_000 }, () => {
  let cluster: Cluster;
  /** The balancer, and each instance on its own port. */
  let lb: ReturnType<typeof overHttp>;
  let s1: ReturnType<typeof overHttp>;
  let s2: ReturnType<typeof overHttp>;
  const started = Date.now();

  before(async () => {
    cluster = await startCluster({
      instances: 3,
      adminDatabaseUrl: adminDatabaseUrl!,
      redisUrl: redisUrl!,
      logLevel: 'warn',
      env: { RATE_LIMITS: `credential=${CREDENTIAL_LIMIT}/60,sign-up=50/3600` },
    });
    lb = overHttp(cluster.url);
    s1 = overHttp(cluster.instances[0]!.url);
    s2 = overHttp(cluster.instances[1]!.url);
  });

  after(async () => {
    await cluster?.stop();
    agent.destroy();
    process.stderr.write(`cluster suite: ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  });

  it('routes round robin to every instance, each ready on its own port, with BASE_URL the balancer', async () => {
    const seen = [];
    for (let i = 0; i < 6; i += 1) {
      const ready = await call(`${cluster.url}/readyz`);
      assert.equal(ready.status, 200, ready.text);
      seen.push(ready.servedBy);
    }
    assert.deepEqual(new Set(seen), new Set(['s1', 's2', 's3']));
    for (const instance of cluster.instances) {
      const ready = await call(`${instance.url}/readyz`);
      assert.deepEqual(json(ready), { status: 'ok', checks: { database: 'ok' } });
    }
    const metadata = json(await call(`${cluster.url}/.well-known/oauth-authorization-server`));
    assert.equal(metadata.issuer, cluster.url, 'every instance is the same issuer: the balancer');
  });

  it('accepts on one instance the session and the API key made on the other', async () => {
    const m = await signup(s1.app);
    assert.equal((await call(`${cluster.instances[1]!.url}/v1/users/me/permissions`, { headers: m.auth })).status, 200);

    const key = await createApiKey(s2.app, m);
    for (const instance of cluster.instances) {
      const products = await call(`${instance.url}/v1/products`, { headers: { 'x-merchantapikey': key.key } });
      assert.equal(products.status, 200, `${instance.name}: ${products.text}`);
    }

    const login = await call(`${cluster.instances[1]!.url}/v1/auth/login`, { method: 'POST', headers: JSON_BODY, body: JSON.stringify({ email: m.email, password: m.password }) });
    assert.equal(login.status, 200, login.text);
    const stores = await call(`${cluster.instances[0]!.url}/v1/stores`, { headers: { authorization: `Bearer ${json(login).data.token}` } });
    assert.equal(stores.status, 200, stores.text);
    assert.equal(json(stores).data[0].id, m.storeId);
  });

  it('stops a revoked API key, a signed-out session and a removed app on the other instance at once', async () => {
    const m = await signup(s1.app);
    const [one, two] = cluster.instances as [Instance, Instance];

    // The API key, read on s2 a few times, so that s2's front cache may keep its answer (it keeps answers per key while
    // the database does not change), then revoked on s1: s2 refuses it at once.
    const key = await createApiKey(s1.app, m);
    const read = (url: string) => call(url, { headers: { 'x-merchantapikey': key.key } });
    for (let i = 0; i < 3; i += 1) assert.equal((await read(`${two.url}/v2/products?limit=5`)).status, 200);
    const revoked = await call(`${one.url}/v1/api-keys/${key.id}`, { method: 'DELETE', headers: m.auth });
    assert.equal(revoked.status, 200, revoked.text);
    assert.equal((await read(`${two.url}/v2/products?limit=5`)).status, 401, 'the kept answer is not served to a revoked key');
    assert.equal((await read(`${two.url}/v1/products`)).status, 401);
    assert.equal((await read(`${one.url}/v1/products`)).status, 401);

    // A session signed out on s2 is refused on s1.
    const login = await call(`${one.url}/v1/auth/login`, { method: 'POST', headers: JSON_BODY, body: JSON.stringify({ email: m.email, password: m.password }) });
    const session = { authorization: `Bearer ${json(login).data.token}` };
    assert.equal((await call(`${one.url}/v1/stores`, { headers: session })).status, 200);
    assert.equal((await call(`${two.url}/v1/auth/logout`, { method: 'POST', headers: session })).status, 200);
    assert.equal((await call(`${one.url}/v1/stores`, { headers: session })).status, 401);

    // A connected app, approved through the balancer (sign-in page, consent, token: the browser session and its
    // CSRF tokens cross instances), removed on s1, refused on s2 at once.
    const before = lb.servedBy.length;
    const app = await connect(lb.app, m, { scope: 'products:read' });
    const flow = new Set(lb.servedBy.slice(before));
    assert.ok(flow.size >= 2, `the pages, the consent and the token exchange went through several instances (${[...flow].join(', ')})`);
    for (const instance of cluster.instances) {
      assert.equal((await call(`${instance.url}/v1/products`, { headers: app.auth })).status, 200, instance.name);
    }
    const removed = await call(`${one.url}/v1/connected-apps/${app.client.client_id}?storeId=${m.storeId}`, { method: 'DELETE', headers: m.auth });
    assert.equal(removed.status, 200, removed.text);
    assert.equal((await call(`${two.url}/v1/products`, { headers: app.auth })).status, 401);
    assert.equal((await refresh(s2.app, app)).body.error, 'invalid_grant');
  });

  it('shares the rate limit: one budget per credential across both instances', async () => {
    const m = await signup(s2.app);
    const key = await createApiKey(s2.app, m);
    const statuses: number[] = [];
    let refusal: Answer | undefined;
    for (let i = 0; i < CREDENTIAL_LIMIT + 2; i += 1) {
      const instance = cluster.instances[i % 2]!;
      const answer = await call(`${instance.url}/v1/products?limit=1`, { headers: { 'x-merchantapikey': key.key } });
      statuses.push(answer.status);
      if (answer.status === 429) refusal ??= answer;
    }
    // Each instance counting alone would have let all of them through (each saw 13 or 14).
    assert.deepEqual(statuses, [...Array(CREDENTIAL_LIMIT).fill(200), 429, 429]);
    assert.ok(Number(refusal!.headers['retry-after']) > 0);
    assert.equal(json(refusal!).error.code, 'RATE_LIMITED');
  });

  it('revalidates on one instance the ETag the other sent (304), for products and reference data, and sees a change made on the other', async () => {
    const m = await signup(s1.app);
    const [one, two] = cluster.instances as [Instance, Instance];
    const created = await call(`${one.url}/v1/products`, {
      method: 'POST',
      headers: { ...m.auth, ...JSON_BODY },
      body: JSON.stringify({ type: 'SIMPLE', name: 'Revalidated Shirt', price: 19.99, quantityInStock: 4 }),
    });
    assert.equal(created.status, 201, created.text);
    const id = json(created).data.id;

    for (const url of [`/v1/products/${id}`, `/v2/products/${id}`, '/v1/countries?name=united']) {
      const first = await call(`${one.url}${url}`, { headers: m.auth });
      assert.equal(first.status, 200, first.text);
      const etag = first.headers.etag as string;
      assert.match(etag, /^"[A-Za-z0-9_-]+"$/);
      const fresh = await call(`${two.url}${url}`, { headers: m.auth });
      assert.equal(fresh.headers.etag, etag, `${url}: the same bytes, the same ETag on both instances`);
      const revalidated = await call(`${two.url}${url}`, { headers: { ...m.auth, 'if-none-match': etag } });
      assert.equal(revalidated.status, 304, url);
      assert.equal(revalidated.body.length, 0);
      assert.equal(revalidated.headers.etag, etag);
    }

    // A change made on s2 is seen by s1: the old ETag no longer matches there.
    const before = await call(`${one.url}/v1/products/${id}`, { headers: m.auth });
    const patched = await call(`${two.url}/v1/products/${id}`, { method: 'PATCH', headers: { ...m.auth, ...JSON_BODY }, body: JSON.stringify({ name: 'Renamed Shirt' }) });
    assert.equal(patched.status, 200, patched.text);
    const after = await call(`${one.url}/v1/products/${id}`, { headers: { ...m.auth, 'if-none-match': before.headers.etag as string } });
    assert.equal(after.status, 200);
    assert.equal(json(after).data.name, 'Renamed Shirt');
  });

  it('serves an upload made through one instance from the other, with an ETag either revalidates, from the files directory both share', async () => {
    const m = await signup(s1.app);
    const [one, two] = cluster.instances as [Instance, Instance];
    const form = multipart([{ name: 'file', filename: 'logo.png', contentType: 'image/png', content: IMAGES.png }]);
    const uploaded = await call(`${one.url}/v1/files`, { method: 'POST', headers: { ...m.auth, ...form.headers }, body: form.payload });
    assert.equal(uploaded.status, 201, uploaded.text);
    const id = json(uploaded).data.id;
    assert.equal(json(uploaded).data.url, `${cluster.url}/v1/files/${id}`, 'the URL is the balancer’s');

    const read = await call(`${two.url}/v1/files/${id}`, { headers: m.auth });
    assert.equal(read.status, 200, read.text);
    assert.equal(read.headers['content-type'], 'image/png');
    assert.deepEqual(read.body, IMAGES.png);
    const revalidated = await call(`${one.url}/v1/files/${id}`, { headers: { ...m.auth, 'if-none-match': read.headers.etag as string } });
    assert.equal(revalidated.status, 304);

    const stored = path.join(cluster.filesDir, m.storeId, id);
    assert.deepEqual(readFileSync(stored), IMAGES.png, 'one copy, in the shared FILES_DIR, named by id');
    const staging = path.join(cluster.filesDir, '.tmp');
    assert.deepEqual(existsSync(staging) ? readdirSync(staging) : [], [], 'nothing left in the staging directory');
  });

  /**
   * A burst of `writes` product creations through the balancer (8 at a time, spread over five API keys of a new
   * merchant), during which `stopAfter` acknowledged writes start `stopping`. Each write keeps its Idempotency-Key for
   * its retries; what a client may see while an instance stops is retried: a refused or reset connection (status 0),
   * 502 or 503, and 409 while the same key is still being worked on. Anything else is recorded as unexpected.
   */
  async function burst(options: { writes: number; stopAfter: number; stopping: () => Promise<unknown> }) {
    const m = await signup(s1.app);
    const keys: string[] = [];
    for (let i = 0; i < 5; i += 1) keys.push((await createApiKey(s1.app, m, { name: `burst ${i}` })).key);
    const run = randomBytes(4).toString('hex');
    const acks: Array<{ name: string; id: string; servedBy: string | undefined }> = [];
    const failed: string[] = [];
    const unexpected: string[] = [];
    let stopped: Promise<unknown> | undefined;
    let next = 0;

    const write = async (i: number) => {
      const name = `burst-${run}-${String(i).padStart(3, '0')}`;
      const headers = { 'x-merchantapikey': keys[i % keys.length]!, 'idempotency-key': randomUUID(), ...JSON_BODY };
      const body = JSON.stringify({ type: 'SIMPLE', name, price: 5, quantityInStock: 1 });
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const answer = await call(`${cluster.url}/v1/products`, { method: 'POST', headers, body, timeoutMs: 20_000 });
        if (answer.status === 201) {
          acks.push({ name, id: json(answer).data.id, servedBy: answer.servedBy });
          if (acks.length === options.stopAfter) stopped = options.stopping();
          return;
        }
        failed.push(`${answer.status}${answer.error ? ` ${answer.error}` : ''}${answer.servedBy ? ` from ${answer.servedBy}` : ''}`);
        if (![0, 409, 502, 503].includes(answer.status)) {
          unexpected.push(`${name}: ${answer.status} ${answer.text.slice(0, 200)}`);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
      unexpected.push(`${name}: no success in 5 attempts`);
    };
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < options.writes) await write(next++);
      }),
    );
    assert.ok(stopped, 'the instance was stopped during the burst');
    await stopped;
    assert.deepEqual(unexpected, []);
    assert.equal(acks.length, options.writes, 'every write was acknowledged, some maybe after a retry');

    // Every acknowledged write is there, once: a retry with the same Idempotency-Key did not write it twice.
    const listed = await call(`${cluster.url}/v1/products?q=burst-${run}&limit=100`, { headers: m.auth });
    assert.equal(listed.status, 200, listed.text);
    const found = json(listed).data as Array<{ id: string; name: string }>;
    assert.deepEqual(found.map((p) => p.name).sort(), acks.map((a) => a.name).sort());
    assert.deepEqual(new Set(found.map((p) => p.id)), new Set(acks.map((a) => a.id)));
    return { acks, failed };
  }

  /** Waits for an instance's exit after SIGTERM: exit code 0, within the 10 s bound, having said so on stderr. */
  async function stoppedCleanly(instance: Instance, since: number) {
    const exit = await instance.exited;
    assert.deepEqual(exit, { code: 0, signal: null }, instance.stderr());
    assert.match(instance.stderr(), /SIGTERM received: finishing in-flight requests[\s\S]*stopped cleanly/);
    assert.ok(Date.now() - since < 10_000, 'within the shutdown bound');
  }

  it('stops an instance taken out of the balancer first (drained, then SIGTERM) without any client noticing', async () => {
    const three = cluster.instances[2]!;
    let since = 0;
    const { acks, failed } = await burst({
      writes: 60,
      stopAfter: 15,
      stopping: async () => {
        await cluster.drain('s3');
        since = Date.now();
        three.stop('SIGTERM');
        await stoppedCleanly(three, since);
      },
    });
    process.stderr.write(`drained stop: ${acks.filter((a) => a.servedBy === 's3').length} writes acknowledged by s3 before it was drained; failed attempts: ${failed.length === 0 ? 'none' : failed.join(', ')}\n`);
    assert.ok(acks.some((a) => a.servedBy === 's3'), 's3 took part in the burst before it was drained');
    assert.deepEqual(failed, [], 'no client saw an error');
  });

  it('loses no acknowledged write when an instance stops (SIGTERM) in the middle of a burst of writes', async () => {
    const two = cluster.instances[1]!;
    let since = 0;
    const { acks, failed } = await burst({
      writes: 80,
      stopAfter: 20,
      stopping: async () => {
        since = Date.now();
        two.stop('SIGTERM');
        await stoppedCleanly(two, since);
      },
    });
    process.stderr.write(`abrupt stop: ${acks.filter((a) => a.servedBy === 's2').length} writes acknowledged by s2 before it stopped; failed attempts the client retried: ${failed.length === 0 ? 'none' : failed.join(', ')}\n`);
    assert.ok(acks.some((a) => a.servedBy === 's2'), 'the stopped instance had acknowledged writes of the burst');
    // The balancer routes around the stopped instances and keeps answering from the one left.
    for (let i = 0; i < 3; i += 1) assert.equal((await call(`${cluster.url}/readyz`)).servedBy, 's1');
  });
});

