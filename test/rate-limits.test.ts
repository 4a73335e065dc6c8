import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { parseRateLimitOverrides, RATE_LIMIT_NAMES, RATE_LIMIT_POLICIES, type RateLimits, rateLimits } from '../src/http/rate-limit-policies.ts';
import { startTestApp, TEST_RATE_LIMITS, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { createApiKey, signup } from './helpers/merchants.ts';
import { authorizeQuery, connect, encodeForm, nextAddress, pkce, REDIRECT_URI, registerClient } from './helpers/oauth.ts';

/** Every route of the app as "METHOD /path", read from Fastify's own route tree. */
function routesOf(app: FastifyInstance): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  const siblings = new Map<string, string[]>();
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const parent = stack.join('');
    siblings.set(parent, [...(siblings.get(parent) ?? []), match[2]!]);
    stack.push(match[2]!);
    // Fastify prints a wildcard child as `*` right under its parent's path (`/dashboard` → `*`).
    const url = stack.join('').replace(/([^/])\*$/, '$1/*');
    for (const method of match[3]?.split(', ') ?? []) out.push(`${method} ${url}`);
  }
  // It prints a wildcard under the nearest printed ancestor even past a static segment that has no route of its own
  // (`/docs/static/*` as `*` under `/docs/`, beside `static/index.html`): the segment is one of its siblings' prefixes.
  return out.map((route) => {
    const [method, url] = route.split(' ') as [HTTPMethods, string];
    if (!url.endsWith('*') || app.hasRoute({ method, url })) return route;
    const parent = url.slice(0, -1);
    const prefixes = new Set((siblings.get(parent) ?? []).filter((name) => name.includes('/')).map((name) => name.slice(0, name.lastIndexOf('/') + 1)));
    const real = [...prefixes].map((prefix) => `${parent}${prefix}*`).find((candidate) => app.hasRoute({ method, url: candidate }));
    return real === undefined ? route : `${method} ${real}`;
  });
}

function send(base: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** What `RateLimit` says is left of the named policy. */
function remaining(headers: IncomingHttpHeaders | Record<string, unknown>, name: string): number {
  const match = new RegExp(`"${name}";r=(\\d+);t=(\\d+)`).exec(String(headers.ratelimit ?? ''));
  assert.ok(match, `RateLimit names ${name}: ${String(headers.ratelimit)}`);
  return Number(match[1]);
}

describe('the rate-limit table', () => {
  it('is documented in docs/security.md with every policy, its numbers and what it counts by', () => {
    const doc = readFileSync(new URL('../docs/security.md', import.meta.url), 'utf8');
    for (const name of RATE_LIMIT_NAMES) {
      const { limit, windowSeconds, key } = RATE_LIMIT_POLICIES[name];
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${name}\` |`));
      assert.ok(row, `${name} is missing from the limits table`);
      assert.ok(row.includes(`| ${limit.toLocaleString('en')} | ${windowSeconds} s |`), `${name}: ${row}`);
      assert.ok(row.includes({ address: 'client address', credential: 'credential', all: 'all clients' }[key]), `${name} counts by ${key}: ${row}`);
    }
  });

  it('parses RATE_LIMITS overrides and refuses what it cannot read, naming the policies', () => {
    assert.deepEqual(parseRateLimitOverrides('public=1200/60, sign-up=10/3600'), {
      public: { limit: 1200, windowSeconds: 60 },
      'sign-up': { limit: 10, windowSeconds: 3600 },
    });
    assert.match(String(parseRateLimitOverrides('publik=1/60')), /not a rate limit; the names are public, credential/);
    assert.match(String(parseRateLimitOverrides('public=1')), /name=count\/seconds/);
    assert.match(String(parseRateLimitOverrides('public=1/0')), /at least 1 second/);
    assert.deepEqual(rateLimits({ public: { limit: 1, windowSeconds: 1 } }).credential, { limit: 1200, windowSeconds: 60 });
  });
});

describeEachDatabase('rate limits', (kind) => {
  describe('with the default limits', () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind, { rateLimits: rateLimits() });
    });
    after(() => t?.close());

    it('puts every route under a limit but the health probes, authenticated ones per credential', () => {
      const routes = routesOf(t.app);
      assert.ok(routes.length > 100, `${routes.length} routes`);
      const unlimited = routes.filter((route) => (t.app.rateLimitPolicies.get(route) ?? []).length === 0);
      assert.deepEqual(unlimited.sort(), ['GET /healthz', 'GET /readyz', 'HEAD /healthz', 'HEAD /readyz']);
      for (const [route, policies] of [
        ['GET /v1/countries', ['public']],
        ['GET /.well-known/mcp.json', ['public']],
        ['GET /oauth/authorize', ['oauth-authorize']],
        ['POST /oauth/token', ['oauth-token']],
        ['POST /oauth/register', ['oauth-register', 'oauth-register-all']],
        ['POST /v1/auth/signup', ['sign-up', 'sign-up-all']],
        ['POST /v1/auth/login', ['sign-in']],
        ['POST /sign-in', ['sign-in']],
        ['GET /v1/products', ['credential', 'publishable-key', 'public']],
        ['OPTIONS /v1/products', ['public']],
        ['GET /v1/customers', ['credential']],
        ['POST /mcp', ['credential']],
      ] as const) {
        assert.deepEqual(t.app.rateLimitPolicies.get(route), policies, route);
      }
    });

    it('lists the 429 of every API operation in the OpenAPI document', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      const operations = Object.entries<Record<string, { responses: Record<string, unknown> }>>(doc.paths)
        .filter(([path]) => /^\/v[12]\//.test(path))
        .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ id: `${method} ${path}`, op })));
      assert.ok(operations.length > 100);
      assert.deepEqual(operations.filter(({ op }) => !op.responses['429']).map(({ id }) => id), []);
    });

    it('sends RateLimit-Policy and RateLimit with every limited answer, and refuses the 6th sign-up from one address', async () => {
      const address = nextAddress();
      const signUp = (i: number) =>
        t.app.inject({
          method: 'POST',
          url: '/v1/auth/signup',
          remoteAddress: address,
          payload: { email: `limited.${i}.${Date.now()}@example.com`, password: 'correct horse battery staple', name: 'X', storeName: 'Y' },
        });
      for (let i = 0; i < 5; i += 1) {
        const res = await signUp(i);
        assert.equal(res.statusCode, 201, res.body);
        assert.equal(res.headers['ratelimit-policy'], '"sign-up";q=5;w=3600, "sign-up-all";q=120;w=60');
        assert.equal(remaining(res.headers, 'sign-up'), 4 - i);
      }
      const users = await t.container.db.kysely.selectFrom('users').select('id').execute();
      const refused = await signUp(5);
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.json().error.code, 'RATE_LIMITED');
      assert.match(refused.json().message, /sign-up: 5 per 3600 s/);
      assert.ok(Number(refused.headers['retry-after']) > 3500);
      assert.equal(remaining(refused.headers, 'sign-up'), 0);
      assert.equal((await t.container.db.kysely.selectFrom('users').select('id').execute()).length, users.length, 'no account was made');
      assert.equal((await signUp(6).then(() => signUp(7))).statusCode, 429);
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/signup',
        remoteAddress: nextAddress(),
        payload: { email: `elsewhere.${Date.now()}@example.com`, password: 'correct horse battery staple', name: 'X', storeName: 'Y' },
      });
      assert.equal(elsewhere.statusCode, 201, 'another address is not affected');
    });
  });

  describe('with small limits', () => {
    let t: TestApp;
    let base: string;
    const small = (limit: number, windowSeconds = 60) => ({ limit, windowSeconds });
    const limits: RateLimits = rateLimits({
      public: small(3),
      credential: small(3),
      'publishable-key': small(3),
      'bad-credentials': small(2, 300),
      'sign-up': small(1000),
      'sign-up-all': small(1000),
      'sign-in': small(1000),
      'oauth-authorize': small(2),
      'oauth-token': small(2),
      'oauth-register': small(1000),
      'oauth-register-all': small(3, 3600),
    });
    before(async () => {
      t = await startTestApp(kind, { rateLimits: limits });
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    after(() => t?.close());

    it('counts public reads per client address, answers from the front cache included, and refuses past the limit alike', async () => {
      const routed = await send(base, '/v1/specifications');
      assert.equal(routed.status, 200);
      assert.equal(routed.headers['ratelimit-policy'], '"public";q=3;w=60');
      assert.equal(remaining(routed.headers, 'public'), 2);
      const cached = await send(base, '/v1/specifications');
      assert.equal(cached.status, 200);
      assert.equal(remaining(cached.headers, 'public'), 1, 'the front cache counts against the same budget');
      assert.equal(remaining((await send(base, '/v1/colors')).headers, 'public'), 0, 'one budget for every public route');
      const refusedFromCache = await send(base, '/v1/specifications');
      const refusedRouted = await send(base, '/v1/countries?name=zz');
      for (const refused of [refusedFromCache, refusedRouted]) {
        assert.equal(refused.status, 429);
        assert.equal(refused.headers['content-type'], 'application/json; charset=utf-8');
        assert.ok(Number(refused.headers['retry-after']) > 0);
        assert.equal(remaining(refused.headers, 'public'), 0);
        const body = JSON.parse(refused.body);
        assert.equal(body.status, false);
        assert.equal(body.error.code, 'RATE_LIMITED');
        assert.equal(body.requestId, refused.headers['x-request-id']);
      }
      assert.equal(JSON.parse(refusedFromCache.body).message, JSON.parse(refusedRouted.body).message, 'the front cache refuses as the route does');
      const other = await t.app.inject({ method: 'GET', url: '/v1/specifications', remoteAddress: nextAddress() });
      assert.equal(other.statusCode, 200, 'another address is not affected');
    });

    it('counts authenticated requests per credential, whatever the address, and never by the address alone', async () => {
      const m = await signup(t.app);
      const a = await createApiKey(t.app, m);
      const b = await createApiKey(t.app, m);
      const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/v1/products', headers, remoteAddress: nextAddress() });
      for (let i = 0; i < 3; i += 1) {
        const res = await get({ 'x-merchantapikey': a.key });
        assert.equal(res.statusCode, 200);
        assert.equal(remaining(res.headers, 'credential'), 2 - i);
      }
      const refused = await get({ 'x-merchantapikey': a.key });
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.json().error.code, 'RATE_LIMITED');
      assert.equal((await get({ 'x-merchantapikey': b.key })).statusCode, 200, 'another key has its own budget');
      assert.equal((await get(m.auth)).statusCode, 200, 'and the session too');
      const mcp = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { 'x-merchantapikey': a.key, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      });
      assert.equal(mcp.statusCode, 429, 'the AI connector counts against the same credential budget');
    });

    it('counts a publishable key per key and per address (it is public), and its storefront can read the 429', async () => {
      const shop = 'https://shop.example.com';
      const m = await signup(t.app);
      const json = { ...m.auth, 'content-type': 'application/json' };
      assert.equal((await t.app.inject({ method: 'PATCH', url: '/v1/settings', headers: json, payload: { allowedOrigins: [shop] } })).statusCode, 200);
      const newKey = async () => (await t.app.inject({ method: 'POST', url: '/v1/publishable-keys', headers: json, payload: { name: 'Shop' } })).json().data.key as string;
      const [a, b] = [await newKey(), await newKey()];
      const get = (key: string, remoteAddress: string) => t.app.inject({ method: 'GET', url: '/v1/categories', headers: { 'x-publishablekey': key, origin: shop }, remoteAddress });
      for (let i = 0; i < 3; i += 1) {
        const res = await get(a, nextAddress());
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['ratelimit-policy'], '"publishable-key";q=3;w=60, "public";q=3;w=60');
        assert.equal(remaining(res.headers, 'publishable-key'), 2 - i, 'one budget per key, whatever the address');
      }
      const perKey = await get(a, nextAddress());
      assert.equal(perKey.statusCode, 429);
      assert.match(perKey.json().message, /publishable-key: 3 per 60 s/);
      assert.equal(perKey.headers['access-control-allow-origin'], shop, 'the storefront can read why');
      assert.ok(Number(perKey.headers['retry-after']) > 0);
      const address = nextAddress();
      for (let i = 0; i < 3; i += 1) assert.equal((await get(b, address)).statusCode, 200);
      const other = await signup(t.app);
      const c = (await t.app.inject({ method: 'POST', url: '/v1/publishable-keys', headers: other.auth, payload: { name: 'Another shop' } })).json().data.key as string;
      const perAddress = await get(c, address);
      assert.equal(perAddress.statusCode, 429, 'and one budget per address, whatever the key');
      assert.match(perAddress.json().message, /public: 3 per 60 s/);
      assert.equal((await get(c, nextAddress())).statusCode, 200, 'that key from another visitor is not affected');
    });

    it('limits refused credentials per address, yet answers every credential that verifies from that address', async () => {
      const address = nextAddress();
      const get = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/v1/products', headers, remoteAddress: address });
      assert.equal((await get({ 'x-merchantapikey': 'sk_live_wrong1' })).statusCode, 401);
      assert.equal((await get({ 'x-merchantapikey': 'sk_live_wrong2' })).statusCode, 401);
      // Well past the budget (2): guessing stays limited, at REST and at /mcp
      for (let i = 0; i < 200; i++) {
        const refused = await get(i % 2 === 0 ? { 'x-merchantapikey': `sk_live_wrong_${i}` } : { authorization: `Bearer cs_at_wrong_${i}` });
        assert.equal(refused.statusCode, 429, `refused credential ${i}`);
        if (i === 0) assert.match(refused.json().message, /refused credential/);
      }
      const mcp = await t.app.inject({ method: 'POST', url: '/mcp', remoteAddress: address, headers: { authorization: 'Bearer cs_at_nope', 'content-type': 'application/json' }, payload: {} });
      assert.equal(mcp.statusCode, 429, 'at /mcp too');
      assert.equal((await t.app.inject({ method: 'GET', url: '/v1/products', headers: { 'x-merchantapikey': 'sk_live_wrong4' }, remoteAddress: nextAddress() })).statusCode, 401, 'another address is not affected');

      // Valid credentials of every kind, from the same address, all get through (on an app of its own whose
      // other limits are roomy: the registration the app token needs would use up this suite's small one)
      const roomy = await startTestApp(kind, { rateLimits: rateLimits({ ...TEST_RATE_LIMITS, 'bad-credentials': small(2, 300) }) });
      try {
        const get = (headers: Record<string, string>) => roomy.app.inject({ method: 'GET', url: '/v1/products', headers, remoteAddress: address });
        for (let i = 0; i < 200; i++) assert.equal((await get({ 'x-merchantapikey': `sk_live_wrong_${i}` })).statusCode, i < 2 ? 401 : 429);
        const m = await signup(roomy.app);
        const { key } = await createApiKey(roomy.app, m);
        const app = await connect(roomy.app, m, { scope: 'products:read' });
        assert.equal((await get({ 'x-merchantapikey': key })).statusCode, 200, 'an API key that verifies');
        assert.equal((await get(m.auth)).statusCode, 200, 'a session that verifies');
        assert.equal((await get(app.auth)).statusCode, 200, 'an app token that verifies');
        assert.equal((await get({ 'x-merchantapikey': 'sk_live_wrong_again' })).statusCode, 429, 'while guessing stays limited');
        const mcpValid = await roomy.app.inject({
        method: 'POST',
        url: '/mcp',
        remoteAddress: address,
        headers: { 'x-merchantapikey': key, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
          payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        });
        assert.equal(mcpValid.statusCode, 200, 'and at /mcp');
      } finally {
        await roomy.close();
      }
    });

    it('does not count a request without any credential as a refused one', async () => {
      const address = nextAddress();
      for (let i = 0; i < 5; i++) {
        const bare = await t.app.inject({ method: 'POST', url: '/mcp', remoteAddress: address, headers: { 'content-type': 'application/json' }, payload: {} });
        assert.equal(bare.statusCode, 401, `bare request ${i}: 401, never 429`);
        assert.equal((await t.app.inject({ method: 'GET', url: '/v1/products', remoteAddress: address })).statusCode, 401);
      }
      assert.equal((await t.app.inject({ method: 'GET', url: '/v1/products', headers: { 'x-merchantapikey': 'sk_live_wrong' }, remoteAddress: address })).statusCode, 401, 'the budget is untouched');
    });

    it('answers the OAuth endpoints in their own shapes: a page for authorize, RFC 6749 JSON for token and registration', async () => {
      const app = await registerClient(t.app);
      const address = nextAddress();
      const authorize = () => t.app.inject({ method: 'GET', url: `/oauth/authorize?${authorizeQuery(app, pkce().challenge)}`, remoteAddress: address });
      assert.equal((await authorize()).statusCode, 200);
      assert.equal((await authorize()).statusCode, 200);
      const page = await authorize();
      assert.equal(page.statusCode, 429);
      assert.match(String(page.headers['content-type']), /text\/html/);
      assert.match(page.body, /Too many/);
      assert.ok(Number(page.headers['retry-after']) > 0);
      assert.equal(page.headers['x-frame-options'], 'DENY');

      const token = () =>
        t.app.inject({
          method: 'POST',
          url: '/oauth/token',
          remoteAddress: address,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: encodeForm({ grant_type: 'refresh_token', refresh_token: 'cs_rt_unknown', client_id: app.client_id }),
        });
      assert.equal((await token()).statusCode, 400);
      assert.equal((await token()).statusCode, 400);
      const limited = await token();
      assert.equal(limited.statusCode, 429);
      assert.equal(limited.json().error, 'temporarily_unavailable');
      assert.equal(limited.headers['cache-control'], 'no-store');
      assert.ok(Number(limited.headers['retry-after']) > 0);
      assert.match(String(limited.headers['ratelimit-policy']), /"oauth-token";q=2;w=60/);
    });

    it('bounds app registrations across all addresses, not only per address', async () => {
      const results = [];
      for (let i = 0; i < 6; i += 1) {
        results.push(
          await t.app.inject({ method: 'POST', url: '/oauth/register', remoteAddress: nextAddress(), payload: { client_name: `Spread ${i}`, redirect_uris: [REDIRECT_URI] } }),
        );
      }
      // One registration of this file already counted (the authorize test's app).
      const statuses = results.map((r) => r.statusCode);
      assert.deepEqual(statuses, [201, 201, 429, 429, 429, 429]);
      assert.equal(results[2]!.json().error, 'temporarily_unavailable');
      const clients = await t.container.db.kysely.selectFrom('oauth_clients').select('client_id').execute();
      assert.equal(clients.length, 3, 'nothing registered past the limit');
    });
  });
});

describe('rate limits when Redis does not answer', () => {
  let t: TestApp;
  before(async () => {
    // Nothing listens on port 1: every Redis command fails.
    t = await startTestApp('sqlite', { redisUrl: 'redis://127.0.0.1:1', rateLimits: rateLimits() });
  });
  after(() => t?.close());

  it('lets requests through unlimited (the limits protect capacity), but refuses sign-in rather than count nothing', async () => {
    const read = await t.app.inject({ method: 'GET', url: '/v1/specifications' });
    assert.equal(read.statusCode, 200);
    const m = await signup(t.app);
    const products = await t.app.inject({ method: 'GET', url: '/v1/products', headers: m.auth });
    assert.equal(products.statusCode, 200, products.body);
    const login = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: { email: m.email, password: m.password } });
    assert.equal(login.statusCode, 503, login.body);
    assert.equal(login.json().error.code, 'SERVICE_UNAVAILABLE');
    assert.ok(Number(login.headers['retry-after']) > 0);
  });
});
