import assert from 'node:assert/strict';
import { randomInt, randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { closeRedis, openRedis } from '../src/db/redis.ts';
import { createRedisRateLimiter } from '../src/db/redis-rate-limiter.ts';
import { type RateLimits, rateLimits } from '../src/http/rate-limit-policies.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createApiKey, signup } from './helpers/merchants.ts';

const url = process.env.TEST_REDIS_URL;
if (!url && process.env.CI) throw new Error('CI is set but TEST_REDIS_URL is not: the Redis suite must run in CI.');
if (!url) process.stderr.write('Redis suite skipped: TEST_REDIS_URL is not set.\n');

/** Two instances of the service on one database, sharing Redis, for the tests of a describe block. */
function twoInstances(limits?: RateLimits): { first: TestApp; second: TestApp } {
  const both = {} as { first: TestApp; second: TestApp };
  before(async () => {
    both.first = await startTestApp('sqlite', { redisUrl: url!, ...(limits ? { rateLimits: limits } : {}) });
    both.second = await startTestApp('sqlite', { redisUrl: url!, database: both.first.database, ...(limits ? { rateLimits: limits } : {}) });
  });
  after(async () => {
    await both.second?.close();
    await both.first?.close();
  });
  return both;
}

describe('rate limits shared through Redis', { skip: url ? false : 'set TEST_REDIS_URL=redis://… to run it' }, () => {
  it('counts hits in a window, reports the time left, and resets', async () => {
    const redis = openRedis(url!);
    const limiter = createRedisRateLimiter(redis);
    const key = `test:${randomUUID()}`;
    try {
      assert.deepEqual(await limiter.peek(key), { count: 0, resetInSeconds: 0 });
      assert.equal((await limiter.hit(key, 60)).count, 1);
      const second = await limiter.hit(key, 60);
      assert.equal(second.count, 2);
      assert.ok(second.resetInSeconds > 0 && second.resetInSeconds <= 60);
      assert.equal((await limiter.peek(key)).count, 2);
      await limiter.reset(key);
      assert.equal((await limiter.peek(key)).count, 0);
    } finally {
      await closeRedis(redis);
    }
  });

  it('takes at most the limit of concurrent takers from two clients, and never releases below zero', async () => {
    const [ra, rb] = [openRedis(url!), openRedis(url!)];
    const [a, b] = [createRedisRateLimiter(ra), createRedisRateLimiter(rb)];
    const key = `test:${randomUUID()}`;
    try {
      const takes = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).take(key, 7, 60)));
      assert.equal(takes.filter((t) => t.allowed).length, 7);
      assert.equal((await a.peek(key)).count, 7, 'refused takes change nothing');
      await a.release(key);
      assert.equal((await b.peek(key)).count, 6);
      await a.reset(key);
      await b.release(key);
      assert.equal((await a.peek(key)).count, 0, 'never below zero');
    } finally {
      await closeRedis(ra);
      await closeRedis(rb);
    }
  });

  describe('two instances of the service', () => {
    const both = twoInstances();

    it('verify no attempt beyond the limit in a burst spread over both instances', async () => {
      const m = await signup(both.first.app);
      const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const attempt = (app: FastifyInstance, password: string) =>
        app.inject({ method: 'POST', url: '/v1/auth/login', remoteAddress, payload: { email: m.email, password } });
      const results = await Promise.all([
        ...Array.from({ length: 49 }, (_, i) => attempt(i % 2 ? both.first.app : both.second.app, `wrong password ${i}`)),
        attempt(both.second.app, m.password),
      ]);
      const statuses = results.map((r) => r.statusCode);
      assert.equal(statuses.filter((s) => s !== 429).length, 5, statuses.join(','));
      assert.ok(!statuses.includes(200), 'the right password, past the limit, was not verified');
    });

    it('share failed sign-in counts: failures on one lock the account on the other', async () => {
      assert.ok(both.first.container.config.redisUrl, 'the first instance uses Redis');
      const m = await signup(both.first.app);
      // Counts in Redis outlive a test run: a fresh client address keeps earlier runs' failures out of this one.
      const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const login = (app: FastifyInstance, password: string) =>
        app.inject({ method: 'POST', url: '/v1/auth/login', remoteAddress, payload: { email: m.email, password } });
      for (let i = 0; i < 5; i += 1) {
        assert.equal((await login(both.first.app, `wrong password ${i}`)).statusCode, 401);
      }
      const res = await login(both.second.app, m.password);
      assert.equal(res.statusCode, 429);
      assert.ok(Number(res.headers['retry-after']) > 0);
    });
  });

  describe('request rate limits on two instances', () => {
    const small = { limit: 4, windowSeconds: 60 };
    const both = twoInstances(rateLimits({ public: small, credential: small }));

    it('enforce one limit per credential and per address across both, keyed by ids, never by secrets', async () => {
      const m = await signup(both.first.app);
      const key = await createApiKey(both.first.app, m);
      const get = (app: FastifyInstance, i: number) =>
        app.inject({ method: 'GET', url: '/v1/products', headers: { 'x-merchantapikey': key.key }, remoteAddress: `10.9.${randomInt(256)}.${i}` });
      const statuses = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await get(i % 2 ? both.first.app : both.second.app, i)).statusCode);
      assert.deepEqual(statuses, [200, 200, 200, 200, 429, 429]);

      const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const read = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/v1/specifications', remoteAddress: address });
      const reads = [];
      for (let i = 0; i < 6; i += 1) reads.push((await read(i % 2 ? both.first.app : both.second.app)).statusCode);
      assert.deepEqual(reads, [200, 200, 200, 200, 429, 429]);

      const redis = openRedis(url!);
      try {
        const keys = await redis.keys('commerce:http-rl:*');
        assert.ok(keys.some((k) => k.includes(`api-key:${key.id}`)), 'counted under the key id');
        assert.ok(!keys.some((k) => k.includes(key.key) || k.includes(key.prefix)), 'never under the secret');
      } finally {
        await closeRedis(redis);
      }
    });
  });
});
