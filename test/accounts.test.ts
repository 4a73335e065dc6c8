import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { systemContext } from '../src/context.ts';
import { LOGIN_LIMITS } from '../src/domain/accounts/login-throttle.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, signup } from './helpers/merchants.ts';

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}$/;

describeEachDatabase('accounts and sessions', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
  });
  after(() => t?.close());

  const userCount = async () => Number((await t.container.db.kysely.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  describe('signup', () => {
    it('creates the user, their first store and a session', async () => {
      const res = await call('POST', '/v1/auth/signup', {
        body: { email: 'Owner@Example.com', password: 'a long enough pw', name: 'Olive Owner', storeName: 'Olive Oils' },
      });
      assert.equal(res.status, 201);
      const { data } = res.body;
      assert.deepEqual(Object.keys(data).sort(), ['expiresAt', 'store', 'token', 'user']);
      assert.match(data.token, /^cs_sess_[A-Za-z0-9_-]{43}$/, '256 bits, base64url');
      assert.match(data.expiresAt, TIMESTAMP);
      assert.equal(data.user.email, 'Owner@Example.com');
      assert.equal(data.user.name, 'Olive Owner');
      assert.equal(data.store.name, 'Olive Oils');
      assert.equal(data.store.role, 'owner');
      const stores = await call('GET', '/v1/stores', { headers: { authorization: `Bearer ${data.token}` } });
      assert.deepEqual(stores.body.data.map((s: { id: string }) => s.id), [data.store.id]);
    });

    it('stores the password only as an argon2id hash and the session only as a hash', async () => {
      const m = await signup(t.app);
      const row = await t.container.db.kysely.selectFrom('users').select('password_hash').where('id', '=', m.userId).executeTakeFirstOrThrow();
      assert.match(row.password_hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      assert.ok(!row.password_hash.includes(m.password));
      const sessions = await t.container.db.kysely.selectFrom('sessions').select('token_hash').where('user_id', '=', m.userId).execute();
      assert.equal(sessions.length, 1);
      assert.notEqual(sessions[0]!.token_hash, m.token);
      assert.ok(!sessions[0]!.token_hash.includes(m.token.slice(8)));
    });

    it('refuses an email already taken in another case with 409, writing nothing', async () => {
      const m = await signup(t.app, { email: 'taken@example.com' });
      const before = await userCount();
      const res = await call('POST', '/v1/auth/signup', { body: { email: 'TAKEN@example.COM', password: 'another long pw', name: 'X', storeName: 'Y' } });
      assert.equal(res.status, 409);
      assert.equal(res.body.error.code, 'EMAIL_TAKEN');
      assert.equal(res.body.error.details[0].path, 'email');
      assert.equal(await userCount(), before);
      assert.ok(m.userId);
    });

    for (const [field, body, rule] of [
      ['email', { email: 'not-an-email', password: 'long enough pass', name: 'N', storeName: 'S' }, /valid email/],
      ['password', { email: 'short@example.com', password: 'elevenchars', name: 'N', storeName: 'S' }, /at least 12/],
      ['name', { email: 'noname@example.com', password: 'long enough pass', name: '  ', storeName: 'S' }, /empty/],
      ['storeName', { email: 'nostore@example.com', password: 'long enough pass', name: 'N' }, /./],
    ] as const) {
      it(`refuses a bad ${field} with 422 naming it, writing nothing`, async () => {
        const before = await userCount();
        const res = await call('POST', '/v1/auth/signup', { body });
        assert.equal(res.status, 422);
        assert.equal(res.body.error.code, 'VALIDATION_FAILED');
        const detail = res.body.error.details.find((d: { path: string }) => d.path === field);
        assert.ok(detail, `no detail for ${field}: ${JSON.stringify(res.body.error.details)}`);
        assert.match(detail.rule, rule);
        assert.equal(await userCount(), before);
      });
    }
  });

  describe('login', () => {
    it('returns a token, its expiry, the user and their stores', async () => {
      const m = await signup(t.app);
      const res = await call('POST', '/v1/auth/login', { body: { email: m.email.toUpperCase(), password: m.password } });
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(res.body.data).sort(), ['expiresAt', 'stores', 'token', 'user']);
      assert.notEqual(res.body.data.token, m.token, 'a new session');
      assert.equal(res.body.data.user.id, m.userId);
      assert.deepEqual(res.body.data.stores.map((s: { id: string; role: string }) => [s.id, s.role]), [[m.storeId, 'owner']]);
      const expires = new Date(`${res.body.data.expiresAt}Z`).getTime();
      assert.ok(Math.abs(expires - (Date.now() + 7 * 24 * 3600 * 1000)) < 60_000, 'a week');
    });

    it('gives one generic 401 for a wrong password and for an unknown email', async () => {
      const m = await signup(t.app);
      const wrong = await call('POST', '/v1/auth/login', { body: { email: m.email, password: 'wrong password!!' } });
      const unknown = await call('POST', '/v1/auth/login', { body: { email: 'nobody@example.com', password: 'wrong password!!' } });
      assert.equal(wrong.status, 401);
      assert.equal(unknown.status, 401);
      assert.equal(wrong.body.error.code, 'LOGIN_FAILED');
      assert.equal(wrong.body.message, unknown.body.message);
    });

    it('rate-limits repeated failures with 429 and Retry-After, even for the right password', async () => {
      const m = await signup(t.app);
      for (let i = 0; i < 5; i += 1) {
        assert.equal((await call('POST', '/v1/auth/login', { body: { email: m.email, password: `wrong password ${i}` } })).status, 401);
      }
      const blocked = await call('POST', '/v1/auth/login', { body: { email: m.email, password: m.password } });
      assert.equal(blocked.status, 429);
      assert.equal(blocked.body.error.code, 'TOO_MANY_ATTEMPTS');
      const retryAfter = Number(blocked.headers['retry-after']);
      assert.ok(retryAfter > 0 && retryAfter <= 900, `Retry-After ${blocked.headers['retry-after']}`);
      const other = await signup(t.app);
      assert.equal((await call('POST', '/v1/auth/login', { body: { email: other.email, password: other.password } })).status, 200, 'other accounts unaffected');
    });

    const login = (email: string, password: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/v1/auth/login', remoteAddress, payload: { email, password } });

    it('verifies no attempt beyond the limit in a burst: 49 wrong passwords and the right one last, all at once', async () => {
      const m = await signup(t.app);
      const address = '192.0.2.10';
      const results = await Promise.all([...Array.from({ length: 49 }, (_, i) => login(m.email, `wrong password ${i}`, address)), login(m.email, m.password, address)]);
      const statuses = results.map((r) => r.statusCode);
      assert.equal(statuses.filter((s) => s !== 429).length, LOGIN_LIMITS.perAccountAndAddress.limit, `exactly the limit was verified: ${statuses.join(',')}`);
      assert.equal(statuses.at(-1), 429, 'the right password, past the limit, was not verified');
      assert.ok(!statuses.includes(200));
      for (const r of results.filter((r) => r.statusCode === 429)) assert.ok(Number(r.headers['retry-after']) > 0);
    });

    it('caps one account across addresses it has not signed in from, but never locks out an address it has', async () => {
      const m = await signup(t.app);
      const home = '198.51.100.1';
      assert.equal((await login(m.email, m.password, home)).statusCode, 200, 'the merchant signs in from home');
      const attack = await Promise.all(Array.from({ length: 30 }, (_, i) => login(m.email, `guess ${i}`, `203.0.113.${i + 1}`)));
      const verified = attack.filter((r) => r.statusCode !== 429).length;
      assert.equal(verified, LOGIN_LIMITS.perAccountFromNewAddresses.limit, `at most the per-account cap was verified: ${attack.map((r) => r.statusCode)}`);
      const blocked = attack.find((r) => r.statusCode === 429)!;
      assert.ok(Number(blocked.headers['retry-after']) <= LOGIN_LIMITS.perAccountFromNewAddresses.windowSeconds);
      assert.equal((await login(m.email, m.password, '203.0.113.200')).statusCode, 429, 'a new address waits out the attack');
      assert.equal((await login(m.email, m.password, home)).statusCode, 200, 'home still signs in');
    });

    it('gives a successful attempt back: failures and successes interleaved never lock out the right password', async () => {
      const m = await signup(t.app);
      const address = '192.0.2.77';
      for (let round = 0; round < 3; round += 1) {
        for (let i = 0; i < LOGIN_LIMITS.perAccountAndAddress.limit - 1; i += 1) assert.equal((await login(m.email, `wrong ${round}.${i}`, address)).statusCode, 401);
        assert.equal((await login(m.email, m.password, address)).statusCode, 200, `round ${round}`);
      }
    });
  });

  describe('sessions and credentials', () => {
    it('answers a missing credential with 401, WWW-Authenticate and the envelope', async () => {
      const res = await call('GET', '/v1/stores');
      assert.equal(res.status, 401);
      assert.equal(res.headers['www-authenticate'], 'Bearer realm="commerce-service"');
      assert.equal(res.body.error.code, 'AUTH_REQUIRED');
    });

    it('answers an unknown token with 401 invalid_token', async () => {
      const res = await call('GET', '/v1/stores', { headers: { authorization: 'Bearer cs_sess_not-a-real-token' } });
      assert.equal(res.status, 401);
      assert.match(String(res.headers['www-authenticate']), /^Bearer realm="commerce-service", error="invalid_token"/);
      assert.equal(res.body.error.code, 'AUTH_INVALID');
    });

    it('refuses another scheme than Bearer, and both credentials at once', async () => {
      const basic = await call('GET', '/v1/stores', { headers: { authorization: 'Basic dXNlcjpwYXNz' } });
      assert.equal(basic.status, 401);
      assert.match(String(basic.headers['www-authenticate']), /error="invalid_request"/);
      const m = await signup(t.app);
      const key = await createApiKey(t.app, m);
      const both = await call('GET', '/v1/stores', { headers: { ...m.auth, 'x-merchantapikey': key.key } });
      assert.equal(both.status, 400);
      assert.equal(both.body.error.code, 'AUTH_AMBIGUOUS');
    });

    it('expires sessions after their lifetime', async () => {
      const m = await signup(t.app);
      const { auth } = t.container.services;
      const principal = await auth.authenticate(systemContext('t'), { bearer: m.token });
      assert.ok(principal.kind === 'session');
      assert.equal(principal.user.id, m.userId);
      const later = systemContext('t', new Date(Date.now() + 7 * 24 * 3600 * 1000 + 1000));
      await assert.rejects(auth.authenticate(later, { bearer: m.token }), (e: { code?: string }) => e.code === 'AUTH_INVALID');
    });

    it('logs out at once and answers Clear-Site-Data: "cache"', async () => {
      const m = await signup(t.app);
      const res = await call('POST', '/v1/auth/logout', { headers: m.auth });
      assert.equal(res.status, 200);
      assert.equal(res.headers['clear-site-data'], '"cache"');
      const after = await call('GET', '/v1/merchants/profile', { headers: m.auth });
      assert.equal(after.status, 401);
      assert.equal(after.body.error.code, 'AUTH_INVALID');
    });

    it('refuses logout with an API key (403): keys are revoked, not signed out', async () => {
      const m = await signup(t.app);
      const key = await createApiKey(t.app, m);
      const res = await call('POST', '/v1/auth/logout', { headers: { 'x-merchantapikey': key.key } });
      assert.equal(res.status, 403);
      assert.equal(res.body.error.code, 'CREDENTIAL_NOT_ALLOWED');
    });
  });

  describe('merchant profile', () => {
    it('returns the signed-in user, and for an API key its creator', async () => {
      const m = await signup(t.app, { name: 'Paula Profile' });
      const res = await call('GET', '/v1/merchants/profile', { headers: m.auth });
      assert.equal(res.status, 200);
      assert.deepEqual(Object.keys(res.body.data).sort(), ['createdAt', 'email', 'emailVerified', 'id', 'name', 'pendingEmail', 'phone', 'updatedAt']);
      assert.equal(res.body.data.name, 'Paula Profile');
      const key = await createApiKey(t.app, m);
      assert.equal((await call('GET', '/v1/merchants/profile', { headers: { 'x-merchantapikey': key.key } })).body.data.id, m.userId);
    });

    it('changes only the sent fields, and the ETag with them', async () => {
      const m = await signup(t.app);
      const before = await call('GET', '/v1/merchants/profile', { headers: m.auth });
      const res = await call('PATCH', '/v1/merchants/profile', { headers: m.auth, body: { phone: '+1 555 0100' } });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.phone, '+1 555 0100');
      assert.equal(res.body.data.name, before.body.data.name);
      const after = await call('GET', '/v1/merchants/profile', { headers: { ...m.auth, 'if-none-match': String(before.headers.etag) } });
      assert.equal(after.status, 200, 'the old ETag no longer matches');
      assert.notEqual(after.headers.etag, before.headers.etag);
    });

    it('refuses a taken email (409), a bad phone or an unknown field (422), and an API key (403), writing nothing', async () => {
      const a = await signup(t.app);
      const b = await signup(t.app);
      const taken = await call('PATCH', '/v1/merchants/profile', { headers: b.auth, body: { email: a.email.toUpperCase() } });
      assert.equal(taken.status, 409);
      const phone = await call('PATCH', '/v1/merchants/profile', { headers: b.auth, body: { phone: 'call me' } });
      assert.equal(phone.status, 422);
      assert.equal(phone.body.error.details[0].path, 'phone');
      const unknown = await call('PATCH', '/v1/merchants/profile', { headers: b.auth, body: { nickname: 'bee' } });
      assert.equal(unknown.status, 422);
      const key = await createApiKey(t.app, b);
      assert.equal((await call('PATCH', '/v1/merchants/profile', { headers: { 'x-merchantapikey': key.key }, body: { name: 'Key' } })).status, 403);
      const now = await call('GET', '/v1/merchants/profile', { headers: b.auth });
      assert.equal(now.body.data.email, b.email);
      assert.equal(now.body.data.phone, null);
      assert.notEqual(now.body.data.name, 'Key');
    });
  });

  describe('demo data', () => {
    it('creates a demo merchant with two stores and a working API key once, on an empty database only', async () => {
      const fresh = await startTestApp(kind);
      try {
        const { seed } = await import('../src/seed.ts');
        await fresh.container.db.kysely.deleteFrom('users').execute();
        const first = await seed(fresh.container, undefined, { demo: true });
        assert.ok(first.demo);
        assert.equal(first.demo.stores.length, 2);
        const call2 = client(fresh.app);
        const login = await call2('POST', '/v1/auth/login', { body: { email: first.demo.email, password: first.demo.password } });
        assert.equal(login.status, 200);
        assert.equal(login.body.data.stores.length, 2);
        const viaKey = await call2('GET', '/v1/users/me/permissions', { headers: { 'x-merchantapikey': first.demo.apiKey } });
        assert.equal(viaKey.status, 200);
        assert.equal(viaKey.body.data.storeId, first.demo.stores[0]!.id);
        const second = await seed(fresh.container, undefined, { demo: true });
        assert.equal(second.demo, null);
      } finally {
        await fresh.close();
      }
    });
  });
});
