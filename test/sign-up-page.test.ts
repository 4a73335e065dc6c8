import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { rateLimits } from '../src/http/rate-limit-policies.ts';
import { startTestApp, TEST_RATE_LIMITS, type TestApp } from './helpers/app.ts';
import { databaseKinds, describeEachDatabase } from './helpers/databases.ts';
import { client, signup } from './helpers/merchants.ts';
import { Browser, hiddenField } from './helpers/oauth.ts';

const PASSWORD = 'a long enough password';

describeEachDatabase('the sign-up page', (kind) => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(kind);
  });
  after(() => t?.close());

  const users = async () => (await t.container.db.kysely.selectFrom('users').select('id').execute()).length;
  const stores = async () => (await t.container.db.kysely.selectFrom('stores').select('id').execute()).length;

  /** Opens the sign-up page (with `next`) and sends its form with these fields. */
  async function signUp(fields: Record<string, string>, next?: string) {
    const browser = new Browser(t.app);
    const page = await browser.get(next ? `/signup?next=${encodeURIComponent(next)}` : '/signup');
    assert.equal(page.statusCode, 200, page.body);
    const res = await browser.post('/signup', { csrf: hiddenField(page.body, 'csrf'), next: hiddenField(page.body, 'next'), ...fields });
    return { browser, page, res };
  }

  it('shows a labelled form that says what each field needs, linked from the sign-in page with where to go after', async () => {
    const page = await new Browser(t.app).get('/signup?next=%2Fdashboard%2Finvitations%2Faccept%3Ftoken%3Dabc');
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /<h1>Create an account<\/h1>/);
    for (const [id, label] of [
      ['name', 'Your name'],
      ['email', 'Email'],
      ['password', 'Password'],
      ['storeName', 'Store name'],
    ]) {
      assert.match(page.body, new RegExp(`<label for="${id}">${label}</label>\\s*<input id="${id}" name="${id}"`), label);
    }
    assert.match(page.body, /id="password" name="password" type="password" autocomplete="new-password"/);
    assert.match(page.body, /At least 12 characters/);
    assert.equal(hiddenField(page.body, 'next'), '/dashboard/invitations/accept?token=abc');
    assert.match(page.body, /<a href="\/login\?next=%2Fdashboard%2Finvitations%2Faccept%3Ftoken%3Dabc">Sign in<\/a>/);
    assert.equal(page.headers['cache-control'], 'no-store');
    const signIn = await new Browser(t.app).get('/login?next=%2Fdashboard%2Fsettings');
    assert.match(signIn.body, /<a href="\/signup\?next=%2Fdashboard%2Fsettings">Create an account<\/a>/);
    assert.match(signIn.body, /<a href="\/password-reset">Forgot your password\?<\/a>/);
    const repeated = await new Browser(t.app).get('/signup?next=%2Fdashboard%2Fa&next=%2Fb');
    assert.equal(repeated.statusCode, 200, 'a repeated next is no place to go, and no failure');
    assert.equal(hiddenField(repeated.body, 'next'), undefined);
    assert.equal((await new Browser(t.app).get('/login?next=%2Fdashboard%2Fa&next=%2Fb')).statusCode, 200);
    for (const next of ['https://evil.example/', '//evil.example/dashboard', '/v1/stores']) {
      assert.equal(hiddenField((await new Browser(t.app).get(`/signup?next=${encodeURIComponent(next)}`)).body, 'next'), undefined, `${next} is not a place to go`);
    }
  });

  it('creates the account and its store, owned by the new merchant, signs the browser in and goes to next', async () => {
    const email = `page.${Date.now()}@example.com`;
    const { browser, res } = await signUp({ name: 'Paula Page', email, password: PASSWORD, storeName: 'Page Supplies' }, '/dashboard/settings?mode=test');
    assert.equal(res.statusCode, 303, res.body);
    assert.equal(res.headers.location, '/dashboard/settings?mode=test');
    assert.match(String(res.headers['set-cookie']), /^cs_session=[^;]+; .*HttpOnly/);
    // The browser session works as one from /login does: the dashboard trades it for a token.
    const token = await t.app.inject({ method: 'POST', url: '/v1/auth/session-token', headers: { ...browser.cookieHeader(), 'x-service-client': 'dashboard', 'content-type': 'application/json' }, payload: {} });
    assert.equal(token.statusCode, 200, token.body);
    const auth = { authorization: `Bearer ${token.json().data.token}` };
    const call = client(t.app);
    const me = await call('GET', '/v1/merchants/profile', { headers: auth });
    assert.deepEqual([me.body.data.name, me.body.data.email], ['Paula Page', email]);
    const mine = await call('GET', '/v1/stores', { headers: auth });
    assert.deepEqual(
      mine.body.data.map((s: { name: string; role: string }) => [s.name, s.role]),
      [['Page Supplies', 'owner']],
    );
    const audit = await call('GET', '/v1/audit-logs', { headers: { ...auth, 'x-merchantid': mine.body.data[0].id } });
    assert.deepEqual(
      audit.body.data.map((e: { action: string }) => e.action),
      ['store.create'],
    );
    // Signed in: the sign-up page sends the browser on.
    const again = await browser.get('/signup');
    assert.equal(again.statusCode, 303);
    assert.equal(again.headers.location, '/dashboard');
  });

  it('goes to the dashboard when next is missing or not a dashboard path', async () => {
    const browser = new Browser(t.app);
    const page = await browser.get('/signup');
    const res = await browser.post('/signup', { csrf: hiddenField(page.body, 'csrf'), next: 'https://evil.example/', name: 'N', email: `n.${Date.now()}@example.com`, password: PASSWORD, storeName: 'S' });
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, '/dashboard');
  });

  it('refuses invalid fields with the reason next to each, keeping what was typed but the password, and creates nothing', async () => {
    const [u, s] = [await users(), await stores()];
    const { res } = await signUp({ name: '  ', email: 'not-an-email', password: 'short', storeName: 'Kept Store' });
    assert.equal(res.statusCode, 422);
    assert.match(res.body, /<p id="name-error" class="field-error">Your name must not be empty\.<\/p>/);
    assert.match(res.body, /<p id="email-error" class="field-error">Email must be a valid email address\.<\/p>/);
    assert.match(res.body, /<p id="password-error" class="field-error">Password must be at least 12 characters\.<\/p>/);
    assert.doesNotMatch(res.body, /storeName-error/);
    assert.match(res.body, /id="email" name="email"[^>]* value="not-an-email" aria-describedby="email-hint email-error" aria-invalid="true"/);
    assert.match(res.body, /id="storeName" name="storeName"[^>]* value="Kept Store"/);
    assert.doesNotMatch(res.body, /value="short"/, 'the password is never sent back');
    assert.match(res.body, /3 fields need a change/);
    assert.deepEqual([await users(), await stores()], [u, s], 'nothing was created');
    assert.doesNotMatch(String(res.headers['set-cookie'] ?? ''), /cs_session=/, 'nobody is signed in');
  });

  it('refuses an email already registered (whatever its case) with 409 next to the email field, creating nothing', async () => {
    const existing = await signup(t.app);
    const [u, s] = [await users(), await stores()];
    const { res } = await signUp({ name: 'Twin', email: existing.email.toUpperCase(), password: PASSWORD, storeName: 'Twin Store' });
    assert.equal(res.statusCode, 409);
    assert.match(res.body, /<p id="email-error" class="field-error">Email is already registered: sign in with it instead, or use another email\.<\/p>/);
    assert.deepEqual([await users(), await stores()], [u, s]);
  });

  it('needs the form’s CSRF token and this site: forged and cross-site posts create nothing', async () => {
    const [u, s] = [await users(), await stores()];
    const browser = new Browser(t.app);
    const page = await browser.get('/signup');
    const fields = { name: 'Forged', email: `forged.${Date.now()}@example.com`, password: PASSWORD, storeName: 'Forged Store' };
    const forged = await browser.post('/signup', fields);
    assert.equal(forged.statusCode, 403);
    assert.match(forged.body, /did not come from this site/);
    const crossSite = await browser.post('/signup', { ...fields, csrf: hiddenField(page.body, 'csrf') }, { 'sec-fetch-site': 'cross-site' });
    assert.equal(crossSite.statusCode, 403);
    const otherPurpose = await browser.get('/login');
    const wrongForm = await browser.post('/signup', { ...fields, csrf: hiddenField(otherPurpose.body, 'csrf') });
    assert.equal(wrongForm.statusCode, 403, "the sign-in form's token is not the sign-up form's");
    assert.deepEqual([await users(), await stores()], [u, s]);
  });
});

it('counts page sign-ups and API sign-ups against the same sign-up limit (429 page with Retry-After past it)', async () => {
  const t = await startTestApp(databaseKinds()[0]!, { rateLimits: rateLimits({ ...TEST_RATE_LIMITS, 'sign-up': { limit: 2, windowSeconds: 3600 } }) });
  try {
    await signup(t.app);
    const browser = new Browser(t.app);
    const send = async () => {
      const page = await browser.get('/signup');
      return browser.post('/signup', { csrf: hiddenField(page.body, 'csrf'), name: 'Limited', email: `limited.${Date.now()}.${Math.random()}@example.com`, password: PASSWORD, storeName: 'Limited' });
    };
    const second = await send();
    assert.equal(second.statusCode, 303, 'the second sign-up from this address');
    await browser.app.inject({ method: 'POST', url: '/v1/auth/logout', headers: { authorization: `Bearer ${browser.cookies.get('cs_session')}` } });
    browser.cookies.delete('cs_session');
    const third = await send();
    assert.equal(third.statusCode, 429);
    assert.match(String(third.headers['content-type']), /^text\/html/);
    assert.match(third.body, /Too many/);
    assert.match(String(third.headers['retry-after']), /^\d+$/);
    const api = await t.app.inject({ method: 'POST', url: '/v1/auth/signup', payload: { email: `api.${Date.now()}@example.com`, password: PASSWORD, name: 'A', storeName: 'A' } });
    assert.equal(api.statusCode, 429, 'and the API counts the page’s');
  } finally {
    await t.close();
  }
});

it('never logs an invitation token carried in a sign-in or sign-up page’s next', async () => {
  const lines: string[] = [];
  const t = await startTestApp(databaseKinds()[0]!, { logStream: { write: (line) => lines.push(line) } });
  try {
    const secret = 'inv_secret_token_value_123';
    const next = encodeURIComponent(`/dashboard/invitations/accept?token=${secret}`);
    assert.equal((await t.app.inject({ method: 'GET', url: `/login?next=${next}` })).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'GET', url: `/signup?next=${next}` })).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'GET', url: `/dashboard/invitations/accept?token=${secret}` })).statusCode > 0, true);
    const log = lines.join('\n');
    assert.ok(log.includes('/signup?next='), 'the requests were logged');
    assert.ok(!log.includes(secret), 'the token appears in the logs');
  } finally {
    await t.close();
  }
});
