import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DASHBOARD_TOKEN_TTL_MS } from '../src/domain/accounts/account-service.ts';
import { hashSecret } from '../src/domain/shared/secrets.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { type Merchant, signup } from './helpers/merchants.ts';
import { Browser, hiddenField } from './helpers/oauth.ts';

const DASHBOARD = { 'x-service-client': 'dashboard', 'content-type': 'application/json' };

describeEachDatabase('the dashboard credential: short-lived tokens from the browser session', (kind) => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(kind);
  });
  after(() => t?.close());

  /** A browser signed in through /login (the HttpOnly cookie), and where the sign-in sent it. */
  async function signedIn(merchant: Merchant, next = '/dashboard/orders?status=paid'): Promise<{ browser: Browser; location: string }> {
    const browser = new Browser(t.app);
    const page = await browser.get(`/login?next=${encodeURIComponent(next)}`);
    assert.equal(page.statusCode, 200);
    assert.equal(hiddenField(page.body, 'next'), next.replace(/&/g, '&amp;'));
    const res = await browser.post('/sign-in', { csrf: hiddenField(page.body, 'csrf'), next: hiddenField(page.body, 'next')?.replace(/&amp;/g, '&'), email: merchant.email, password: merchant.password });
    assert.equal(res.statusCode, 303, res.body);
    return { browser, location: String(res.headers.location) };
  }

  const tokenRequest = (browser: Browser, headers: Record<string, string> = DASHBOARD) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/session-token', headers: { ...browser.cookieHeader(), ...headers }, payload: {} });
  const sessions = async () => (await t.container.db.kysely.selectFrom('sessions').select('id').execute()).length;

  it('signs in at /login and returns to the dashboard path asked for, never elsewhere', async () => {
    const m = await signup(t.app);
    const { browser, location } = await signedIn(m);
    assert.equal(location, '/dashboard/orders?status=paid');
    const again = await browser.get('/login?next=%2Fdashboard%2Fproducts');
    assert.equal(again.statusCode, 303, 'already signed in');
    assert.equal(again.headers.location, '/dashboard/products');
    for (const next of ['https://evil.example/', '//evil.example/dashboard', '/dashboardx', '/v1/stores', '/\\evil.example']) {
      const page = await new Browser(t.app).get(`/login?next=${encodeURIComponent(next)}`);
      assert.equal(hiddenField(page.body, 'next'), '/dashboard', `${next} is not a place to send anyone`);
    }
    const page = await new Browser(t.app).get('/login');
    assert.match(page.body, /to manage your stores/);
    assert.match(page.body, /<a href="\/signup">Create an account<\/a>/, 'links to the sign-up page');
    assert.match((await new Browser(t.app).get('/login?next=%2Fdashboard%2Fteam')).body, /<a href="\/signup\?next=%2Fdashboard%2Fteam">/, 'which keeps where to go');
    assert.match(page.body, /<a href="\/password-reset">Forgot your password\?<\/a>/, 'links to the password reset');
    assert.equal(page.headers['x-frame-options'], 'DENY');
  });

  it('issues a token of at most 15 minutes to the dashboard of this site, which works on the API', async () => {
    const m = await signup(t.app);
    const { browser } = await signedIn(m);
    const res = await tokenRequest(browser);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['cache-control'], 'no-store');
    const { token, expiresAt } = res.json().data;
    assert.match(token, /^cs_sess_/);
    const life = Date.parse(`${expiresAt}Z`) - Date.now();
    assert.ok(life > 0 && life <= DASHBOARD_TOKEN_TTL_MS, `${life} ms`);
    const me = await t.app.inject({ method: 'GET', url: '/v1/users/me/permissions', headers: { authorization: `Bearer ${token}` } });
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().data.storeId, m.storeId);
    const row = await t.container.db.kysely.selectFrom('sessions').select(['parent_id']).where('token_hash', '=', hashSecret(token)).executeTakeFirstOrThrow();
    assert.ok(row.parent_id, 'bound to the browser session it came from');
  });

  it('refuses without the browser session, from another site, or without X-Service-Client: dashboard, issuing nothing', async () => {
    const m = await signup(t.app);
    const { browser } = await signedIn(m);
    const before = await sessions();
    const anonymous = await tokenRequest(new Browser(t.app));
    assert.equal(anonymous.statusCode, 401);
    assert.equal(anonymous.json().error.code, 'AUTH_REQUIRED');
    assert.match(anonymous.json().message, /\/login/);
    for (const headers of [
      { 'content-type': 'application/json' },
      { ...DASHBOARD, origin: 'https://evil.example' },
      { ...DASHBOARD, 'sec-fetch-site': 'cross-site' },
      { ...DASHBOARD, 'sec-fetch-site': 'same-site' },
    ]) {
      const res = await tokenRequest(browser, headers);
      assert.equal(res.statusCode, 403, JSON.stringify(headers));
      assert.equal(res.json().error.code, 'CROSS_SITE_REQUEST');
    }
    assert.equal((await tokenRequest(browser, { ...DASHBOARD, origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' })).statusCode, 200, 'its own origin');
    assert.equal(await sessions(), before + 1, 'only the accepted request issued a token');
    const bearer = await t.app.inject({ method: 'POST', url: '/v1/auth/session-token', headers: { ...DASHBOARD, ...m.auth }, payload: {} });
    assert.equal(bearer.statusCode, 401, 'a bearer token is no browser session');
  });

  it('ends the token, its browser session and every other token of it on sign-out, clearing the cookie and the cache', async () => {
    const m = await signup(t.app);
    const { browser } = await signedIn(m);
    const first = (await tokenRequest(browser)).json().data.token;
    const second = (await tokenRequest(browser)).json().data.token;
    const out = await t.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { authorization: `Bearer ${first}` } });
    assert.equal(out.statusCode, 200);
    assert.equal(out.headers['clear-site-data'], '"cache"');
    assert.match(String(out.headers['set-cookie']), /cs_session=deleted;.*Max-Age=0/);
    for (const token of [first, second]) {
      assert.equal((await t.app.inject({ method: 'GET', url: '/v1/stores', headers: { authorization: `Bearer ${token}` } })).statusCode, 401);
    }
    assert.equal((await tokenRequest(browser)).statusCode, 401, 'the browser session ended too');
  });

  it('never lets a token outlive its browser session', async () => {
    const m = await signup(t.app);
    const other = await signedIn(m);
    await t.container.db.kysely.updateTable('sessions').set({ expires_at: new Date(Date.now() + 60_000).toISOString() }).where('parent_id', 'is', null).where('user_id', '=', m.userId).execute();
    const short = (await tokenRequest(other.browser)).json().data;
    assert.ok(Date.parse(`${short.expiresAt}Z`) - Date.now() <= 60_000, 'never beyond its browser session');
  });
});

describe('the dashboard credential in the docs', () => {
  it('is written down in docs/dashboard.md', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(new URL('../docs/dashboard.md', import.meta.url), 'utf8');
    assert.match(doc, /session-token/);
    assert.match(doc, /HttpOnly/);
  });
});
