import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { hashSecret } from '../src/domain/shared/secrets.ts';
import { startTestApp, TEST_BASE_URL, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient, type Merchant, signup } from './helpers/merchants.ts';
import { authorize, authorizeQuery, Browser, type Client, hiddenField, pkce, REDIRECT_URI, registerClient, requestIdOf, signIn, tokenRequest } from './helpers/oauth.ts';

const ISS = TEST_BASE_URL;

describeEachDatabase('OAuth authorization endpoint and pages', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof jsonClient>;
  before(async () => {
    t = await startTestApp(kind);
    call = jsonClient(t.app);
  });
  after(() => t?.close());

  const get = (query: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: `/oauth/authorize?${query}`, headers });

  /** An error page: 400, HTML, no Location. */
  function assertErrorPage(res: Awaited<ReturnType<typeof get>>, mentions: RegExp) {
    assert.equal(res.statusCode, 400, res.body.slice(0, 300));
    assert.equal(res.headers.location, undefined, 'never redirected');
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.match(res.body, mentions);
  }

  /** A redirect error: 303 to the registered URI with error, state (when sent) and iss. */
  function assertRedirectError(res: Awaited<ReturnType<typeof get>>, error: string, state: string | null = 'state-123', redirectUri = REDIRECT_URI) {
    assert.equal(res.statusCode, 303, res.body.slice(0, 300));
    const location = new URL(res.headers.location as string);
    assert.equal(`${location.origin}${location.pathname}`, redirectUri);
    assert.equal(location.searchParams.get('error'), error);
    assert.ok(location.searchParams.get('error_description'));
    assert.equal(location.searchParams.get('state'), state);
    assert.equal(location.searchParams.get('iss'), ISS);
    assert.equal(location.searchParams.get('code'), null);
    return location;
  }

  const requestCount = async () =>
    Number((await t.container.db.kysely.selectFrom('oauth_authorization_requests').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  let app: Client;
  let merchant: Merchant;
  before(async () => {
    app = await registerClient(t.app);
    merchant = await signup(t.app);
  });

  describe('client and redirect URI: an error page, never a redirect', () => {
    it('shows an error page, never a redirect, for an unknown or missing client_id', async () => {
      const { challenge } = pkce();
      assertErrorPage(await get(authorizeQuery(app, challenge, { client_id: 'app_doesnotexist' })), /No app is registered/);
      assertErrorPage(await get(authorizeQuery(app, challenge, { client_id: undefined })), /client_id is required/);
      assertErrorPage(await get(''), /client_id is required/);
    });

    it('refuses a client_id URL on a loopback or private address, or over http, without fetching it: loopback is for development only', async () => {
      let fetched = 0;
      const server = createServer((_req, res) => {
        fetched += 1;
        res.end('{}');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const port = (server.address() as AddressInfo).port;
        const before = await requestCount();
        assertErrorPage(await get(authorizeQuery(app, pkce().challenge, { client_id: `https://127.0.0.1:${port}/client.json` })), /127\.0\.0\.1, a loopback address/);
        assertErrorPage(await get(authorizeQuery(app, pkce().challenge, { client_id: `https://localhost:${port}/client.json` })), /a loopback address/);
        assertErrorPage(await get(authorizeQuery(app, pkce().challenge, { client_id: `http://127.0.0.1:${port}/client.json` })), /must start with https:\/\//);
        assertErrorPage(await get(authorizeQuery(app, pkce().challenge, { client_id: 'https://10.1.2.3/client.json' })), /10\.1\.2\.3, a private address/);
        assertErrorPage(await get(authorizeQuery(app, pkce().challenge, { client_id: 'https://169.254.169.254/latest/meta-data' })), /a cloud metadata address/);
        assert.equal(fetched, 0, 'nothing was fetched');
        assert.equal(await requestCount(), before, 'no authorization request was recorded');
      } finally {
        server.close();
      }
    });

    it('shows an error page, never a redirect, for a redirect_uri that is missing or not byte-equal to a registered one', async () => {
      const local = await registerClient(t.app, { redirect_uris: ['http://127.0.0.1:8765/cb', 'https://app.example.com/Callback/path?x=1'] });
      const other = await registerClient(t.app, { redirect_uris: ['https://other.example.com/cb'] });
      const { challenge } = pkce();
      const near = [
        undefined,
        'https://app.example.com/callback/',
        'https://app.example.com/Callback',
        'https://APP.example.com/callback',
        'https://app.example.com/callback?extra=1',
        'https://app.example.com:8443/callback',
        'http://app.example.com/callback',
        'https://app.example.com%2Fcallback',
        'https://app.example.com/callback#frag',
        'https://other.example.com/cb',
      ];
      for (const redirectUri of near) {
        assertErrorPage(await get(authorizeQuery(app, challenge, { redirect_uri: redirectUri })), /redirect_uri/);
      }
      for (const redirectUri of ['http://127.0.0.1:8766/cb', 'http://localhost:8765/cb', 'https://app.example.com/callback/path?x=1']) {
        assertErrorPage(await get(authorizeQuery(local, challenge, { redirect_uri: redirectUri })), /redirect_uri/);
      }
      assertErrorPage(await get(authorizeQuery(other, challenge, { redirect_uri: REDIRECT_URI })), /redirect_uri/);
      // The exact registered strings are accepted (loopback port included).
      assert.equal((await get(authorizeQuery(local, challenge, { redirect_uri: 'http://127.0.0.1:8765/cb' }))).statusCode, 200);
      assert.equal((await get(authorizeQuery(local, challenge, { redirect_uri: 'https://app.example.com/Callback/path?x=1' }))).statusCode, 200);
    });
  });

  describe('the other parameters: redirected as error, state and iss', () => {
    it('refuses duplicated parameters: an error page for client_id or redirect_uri, a redirect with invalid_request for the others', async () => {
      const { challenge } = pkce();
      assertErrorPage(await get(authorizeQuery(app, challenge, { client_id: [app.client_id, app.client_id] })), /more than once: client_id/);
      assertErrorPage(await get(authorizeQuery(app, challenge, { redirect_uri: [REDIRECT_URI, REDIRECT_URI] })), /more than once: redirect_uri/);
      for (const name of ['code_challenge', 'code_challenge_method', 'scope', 'response_type']) {
        const value = name === 'code_challenge' ? challenge : name === 'code_challenge_method' ? 'S256' : name === 'scope' ? 'mcp:store' : 'code';
        const location = assertRedirectError(await get(authorizeQuery(app, challenge, { [name]: [value, value] })), 'invalid_request');
        assert.match(location.searchParams.get('error_description')!, new RegExp(name));
      }
      assertRedirectError(await get(authorizeQuery(app, challenge, { state: ['a', 'b'] })), 'invalid_request', null);
    });

    it('redirects unsupported_response_type for a response_type other than code', async () => {
      for (const responseType of ['token', 'code id_token', 'id_token', 'none']) {
        assertRedirectError(await get(authorizeQuery(app, pkce().challenge, { response_type: responseType })), 'unsupported_response_type');
      }
      assertRedirectError(await get(authorizeQuery(app, pkce().challenge, { response_type: undefined })), 'invalid_request');
    });

    it('redirects invalid_request when the code challenge is missing, not S256, or malformed', async () => {
      const { challenge } = pkce();
      const missing = assertRedirectError(await get(authorizeQuery(app, challenge, { code_challenge: undefined })), 'invalid_request');
      assert.match(missing.searchParams.get('error_description')!, /code challenge required/);
      for (const method of [undefined, 'plain', 's256', 'S512']) {
        const location = assertRedirectError(await get(authorizeQuery(app, challenge, { code_challenge_method: method })), 'invalid_request');
        assert.match(location.searchParams.get('error_description')!, /transform algorithm not supported/);
      }
      for (const bad of [challenge.slice(0, 42), `${challenge}A`, `${challenge.slice(0, 42)}=`, `${challenge.slice(0, 42)}+`]) {
        assertRedirectError(await get(authorizeQuery(app, challenge, { code_challenge: bad })), 'invalid_request');
      }
    });

    it('redirects invalid_request with iss when state is missing, telling the client’s developer exactly what to add', async () => {
      for (const state of [undefined]) {
        const location = assertRedirectError(await get(authorizeQuery(app, pkce().challenge, { state })), 'invalid_request', state ?? null);
        const description = location.searchParams.get('error_description')!;
        assert.match(description, /^state is required by this authorization server/);
        assert.match(description, /Add state=<a new random value for each authorization/);
        assert.match(description, /implement state\(\) in your OAuthClientProvider/);
        const help = new URL(location.searchParams.get('error_uri')!);
        assert.equal(help.pathname, '/oauth/help/state');
        const page = await t.app.inject({ method: 'GET', url: help.pathname });
        assert.equal(page.statusCode, 200);
        assert.match(page.headers['content-type'] as string, /^text\/html/);
        assert.match(page.body, /state\(\) \{ return crypto\.randomUUID\(\); \}/);
      }
      // With a state, other refusals carry no error_uri.
      const other = assertRedirectError(await get(authorizeQuery(app, pkce().challenge, { scope: 'admin:all' })), 'invalid_scope');
      assert.equal(other.searchParams.get('error_uri'), null);
    });

    it('grants mcp:store when scope is absent and redirects invalid_scope for an unknown scope', async () => {
      const location = assertRedirectError(await get(authorizeQuery(app, pkce().challenge, { scope: 'orders:read admin:all' })), 'invalid_scope');
      assert.match(location.searchParams.get('error_description')!, /admin:all/);
      assertRedirectError(await get(authorizeQuery(app, pkce().challenge, { scope: 'openid' })), 'invalid_scope');
      const { code } = await authorize(t.app, merchant, app);
      const token = await t.container.db.kysely
        .selectFrom('oauth_codes')
        .innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_codes.grant_id')
        .select('oauth_grants.scope')
        .where('oauth_codes.hash', '=', hashSecret(code!))
        .executeTakeFirstOrThrow();
      assert.equal(token.scope, 'mcp:store');
    });

    it('redirects invalid_target for a resource other than the MCP endpoint or more than one; accepts canonical variants', async () => {
      for (const resource of ['https://other.example/mcp', `${ISS}/v1`, `${ISS}/mcp/extra`, `${ISS}/mcp#frag`, 'not a url']) {
        assertRedirectError(await get(authorizeQuery(app, pkce().challenge, { resource })), 'invalid_target');
      }
      assertRedirectError(await get(authorizeQuery(app, pkce().challenge, { resource: [`${ISS}/mcp`, 'https://other.example/mcp'] })), 'invalid_target');
      assertRedirectError(await get(authorizeQuery(app, pkce().challenge, { resource: [`${ISS}/mcp`, `${ISS}/mcp`] })), 'invalid_target');
      for (const resource of [`${ISS}/mcp`, `${ISS}/mcp/`, 'HTTP://127.0.0.1:3000/mcp', undefined]) {
        assert.equal((await get(authorizeQuery(app, pkce().challenge, { resource }))).statusCode, 200, String(resource));
      }
    });

    it('puts iss on every authorization response, success and error', async () => {
      const ok = await authorize(t.app, merchant, app);
      assert.deepEqual(ok.location.searchParams.getAll('iss'), [ISS]);
      const denied = await authorize(t.app, merchant, app, { decision: 'deny' });
      assert.deepEqual(denied.location.searchParams.getAll('iss'), [ISS]);
      const error = assertRedirectError(await get(authorizeQuery(app, pkce().challenge, { response_type: 'token' })), 'unsupported_response_type');
      assert.deepEqual(error.searchParams.getAll('iss'), [ISS]);
    });

    it('records nothing for a refused request', async () => {
      const before = await requestCount();
      await get(authorizeQuery(app, pkce().challenge, { client_id: 'app_unknown' }));
      await get(authorizeQuery(app, pkce().challenge, { state: undefined }));
      await get(authorizeQuery(app, pkce().challenge, { scope: 'nope' }));
      assert.equal(await requestCount(), before);
    });
  });

  describe('sign-in, store picker and consent', () => {
    it('shows the sign-in page to a signed-out merchant, then the store picker for several stores, then consent', async () => {
      const owner = await signup(t.app, { storeName: 'First Store' });
      const second = await call('POST', '/v1/stores', { headers: owner.auth, body: { name: 'Second Store' } });
      const browser = new Browser(t.app);
      const page = await browser.get(`/oauth/authorize?${authorizeQuery(app, pkce().challenge, { scope: 'orders:read' })}`);
      assert.equal(page.statusCode, 200);
      assert.equal(page.headers.location, undefined, 'no redirect yet');
      assert.match(page.body, /<h1>Sign in<\/h1>/);
      assert.match(page.body, /<label for="email">Email<\/label>/);
      assert.match(page.body, /<label for="password">Password<\/label>/);
      assert.match(page.body, /<button[^>]*type="submit">Sign in<\/button>/);
      assert.match(page.body, /Test App<\/strong> <span class="tag">not verified/);

      const signedIn = await signIn(browser, page, owner);
      assert.equal(signedIn.statusCode, 303);
      const picker = await browser.get(signedIn.headers.location as string);
      assert.equal(picker.statusCode, 200);
      assert.match(picker.body, /<legend>Store<\/legend>/);
      assert.match(picker.body, new RegExp(`<input type="radio" id="store-0" name="store" value="${owner.storeId}"[^>]*><label for="store-0">First Store</label>`));
      assert.match(picker.body, new RegExp(`value="${second.body.data.id}"[^>]*><label for="store-1">Second Store</label>`));
      assert.match(picker.body, />Continue<\/button>/);

      const chosen = await browser.post(`/oauth/authorize/${requestIdOf(picker.body)}/store`, { csrf: hiddenField(picker.body, 'csrf'), store: second.body.data.id });
      assert.equal(chosen.statusCode, 303);
      const consent = await browser.get(chosen.headers.location as string);
      assert.equal(consent.statusCode, 200);
      assert.match(consent.body, /Allow “Test App” to access Second Store\?/);
      assert.match(consent.body, />Allow<\/button>/);
      assert.match(consent.body, />Deny<\/button>/);
    });

    it('skips the store picker for a merchant with one store', async () => {
      const browser = new Browser(t.app);
      const page = await browser.get(`/oauth/authorize?${authorizeQuery(app, pkce().challenge)}`);
      const signedIn = await signIn(browser, page, merchant);
      const consent = await browser.get(signedIn.headers.location as string);
      assert.match(consent.body, /value="allow"/);
      assert.doesNotMatch(consent.body, /name="store"/);
    });

    it('shows the form again with a message after a wrong password', async () => {
      const browser = new Browser(t.app);
      const page = await browser.get(`/oauth/authorize?${authorizeQuery(app, pkce().challenge)}`);
      const wrong = await signIn(browser, page, { email: merchant.email, password: 'not the password at all' });
      assert.equal(wrong.statusCode, 400);
      assert.match(wrong.body, /<p class="error" role="alert">The email or password is wrong/);
      assert.match(wrong.body, /<h1>Sign in<\/h1>/);
      assert.match(wrong.body, new RegExp(`value="${merchant.email.replace(/[.+]/g, '\\$&')}"`), 'the email is kept');
      assert.equal(browser.cookies.get('cs_session'), undefined, 'not signed in');
      const retry = await browser.post('/sign-in', {
        csrf: hiddenField(wrong.body, 'csrf'),
        request: hiddenField(wrong.body, 'request'),
        email: merchant.email,
        password: merchant.password,
      });
      assert.equal(retry.statusCode, 303, 'the re-rendered form works');
    });

    it('keeps the merchant signed in for later authorizations (session cookie)', async () => {
      const first = await authorize(t.app, merchant, app);
      assert.ok(first.code);
      const again = await first.browser.get(`/oauth/authorize?${authorizeQuery(app, pkce().challenge)}`);
      assert.equal(again.statusCode, 200);
      assert.doesNotMatch(again.body, /<h1>Sign in<\/h1>/);
      assert.match(again.body, /value="allow"/, 'straight to consent');
    });

    it('asks for consent again every time, even for an app already approved', async () => {
      const { browser } = await authorize(t.app, merchant, app);
      await authorize(t.app, merchant, app, { browser });
      const third = await browser.get(`/oauth/authorize?${authorizeQuery(app, pkce().challenge)}`);
      assert.equal(third.statusCode, 200);
      assert.equal(third.headers.location, undefined, 'no automatic redirect with a code');
      assert.match(third.body, /value="allow"/);
    });

    it('sends anti-framing, no-store and no-referrer headers on the sign-in, sign-up, store picker and consent pages, with no scripts', async () => {
      const owner = await signup(t.app);
      await call('POST', '/v1/stores', { headers: owner.auth, body: { name: 'Another' } });
      const browser = new Browser(t.app);
      const signInPage = await browser.get(`/oauth/authorize?${authorizeQuery(app, pkce().challenge)}`);
      const signedIn = await signIn(browser, signInPage, owner);
      const picker = await browser.get(signedIn.headers.location as string);
      const chosen = await browser.post(`/oauth/authorize/${requestIdOf(picker.body)}/store`, { csrf: hiddenField(picker.body, 'csrf'), store: owner.storeId });
      const consent = await browser.get(chosen.headers.location as string);
      const signUpPage = await new Browser(t.app).get('/signup');
      const errorPage = await browser.get(`/oauth/authorize?client_id=nope`);
      for (const [name, page] of Object.entries({ signInPage, signUpPage, picker, consent, errorPage })) {
        const csp = String(page.headers['content-security-policy']);
        assert.match(csp, /frame-ancestors 'none'/, name);
        assert.match(csp, /default-src 'none'/, name);
        assert.doesNotMatch(csp, /script-src/, `${name}: no scripts allowed at all`);
        assert.equal(page.headers['x-frame-options'], 'DENY', name);
        assert.equal(page.headers['cache-control'], 'no-store', name);
        assert.equal(page.headers['referrer-policy'], 'no-referrer', name);
        assert.equal(page.headers['x-content-type-options'], 'nosniff', name);
        assert.doesNotMatch(page.body, /<script|<iframe|https?:\/\/(?!app\.example\.com)[a-z]/i, `${name}: no scripts, frames or third-party resources`);
      }
      assert.match(String(consent.headers['content-security-policy']), /form-action 'self' https:\/\/app\.example\.com/, 'the consent form may end at the app');
    });

    it("shows the app name as not verified, the redirect host, the store and the scopes in plain words, and warns about localhost-only apps", async () => {
      const { challenge } = pkce();
      const browser = new Browser(t.app);
      const page = await browser.get(`/oauth/authorize?${authorizeQuery(app, challenge, { scope: 'orders:read products:write' })}`);
      const consent = await browser.get((await signIn(browser, page, merchant)).headers.location as string);
      assert.match(consent.body, /<strong>Test App<\/strong> <span class="tag">not verified<\/span>/);
      assert.match(consent.body, /sent back to <strong>app\.example\.com<\/strong>/);
      assert.match(consent.body, /Store: <strong>Store \d+<\/strong>/);
      assert.match(consent.body, /View orders and their history <code>orders:read<\/code>/);
      assert.match(consent.body, /Create, edit and delete products <code>products:write<\/code>/);
      assert.doesNotMatch(consent.body, /only accepts answers on this computer/);

      const local = await registerClient(t.app, { client_name: '<script>alert(1)</script>', redirect_uris: ['http://127.0.0.1:7777/cb'] });
      const localPage = await browser.get(`/oauth/authorize?${authorizeQuery(local, challenge)}`);
      assert.match(localPage.body, /only accepts answers on this computer \(<strong>127\.0\.0\.1:7777<\/strong>\)/);
      assert.match(localPage.body, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/, 'the name is escaped');
      assert.doesNotMatch(localPage.body, /<script>/);
      assert.match(localPage.body, /Use your store through the AI connector/);
    });

    it('links "Connected apps" on the consent page to the dashboard page where the app can be removed later', async () => {
      const browser = new Browser(t.app);
      const page = await browser.get(`/oauth/authorize?${authorizeQuery(app, pkce().challenge)}`);
      const consent = await browser.get((await signIn(browser, page, merchant)).headers.location as string);
      assert.match(consent.body, /value="allow"/);
      assert.match(consent.body, /You can remove the app at any time under <a href="\/dashboard\/connected-apps">Connected apps<\/a> in the dashboard\./);
    });

    it('refuses a store the merchant does not belong to; offers only scopes within the merchant’s permissions; access_denied when none is left', async () => {
      const owner = await signup(t.app);
      await call('POST', '/v1/stores', { headers: owner.auth, body: { name: 'Owned too' } });
      const stranger = await signup(t.app);
      const browser = new Browser(t.app);
      const page = await browser.get(`/oauth/authorize?${authorizeQuery(app, pkce().challenge)}`);
      const picker = await browser.get((await signIn(browser, page, owner)).headers.location as string);
      const foreign = await browser.post(`/oauth/authorize/${requestIdOf(picker.body)}/store`, { csrf: hiddenField(picker.body, 'csrf'), store: stranger.storeId });
      assert.equal(foreign.statusCode, 404);
      assert.equal(foreign.headers.location, undefined);
      assert.match(foreign.body, /No store/);

      // A staff member: settings:* and products:write are beyond the role.
      const staff = await signup(t.app);
      const invite = await call('POST', '/v1/members/invitations', { headers: { ...owner.auth, 'x-merchantid': owner.storeId }, body: { email: staff.email, role: 'staff' } });
      await call('POST', '/v1/invitations/accept', { headers: staff.auth, body: { token: invite.body.data.token } });
      const staffBrowser = new Browser(t.app);
      const staffPage = await staffBrowser.get(`/oauth/authorize?${authorizeQuery(app, pkce().challenge, { scope: 'orders:read settings:write products:write' })}`);
      let next = await staffBrowser.get((await signIn(staffBrowser, staffPage, staff)).headers.location as string);
      const chosen = await staffBrowser.post(`/oauth/authorize/${requestIdOf(next.body)}/store`, { csrf: hiddenField(next.body, 'csrf'), store: owner.storeId });
      next = await staffBrowser.get(chosen.headers.location as string);
      const offered = next.body.slice(next.body.indexOf('will be able to'), next.body.indexOf('Not included'));
      assert.match(offered, /orders:read/);
      assert.doesNotMatch(offered, /settings:write|products:write/);
      assert.match(next.body.slice(next.body.indexOf('Not included')), /settings:write[\s\S]*products:write|products:write[\s\S]*settings:write/);
      const decided = await staffBrowser.post(`/oauth/authorize/${requestIdOf(next.body)}/decision`, { csrf: hiddenField(next.body, 'csrf'), decision: 'allow' });
      const code = new URL(decided.headers.location as string).searchParams.get('code')!;
      const grant = await t.container.db.kysely
        .selectFrom('oauth_codes')
        .innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_codes.grant_id')
        .select(['oauth_grants.scope', 'oauth_grants.store_id'])
        .where('oauth_codes.hash', '=', hashSecret(code))
        .executeTakeFirstOrThrow();
      assert.equal(grant.scope, 'orders:read');
      assert.equal(grant.store_id, owner.storeId);

      // Nothing grantable at all: access_denied straight away.
      const nothing = await authorize(t.app, staff, app, { query: { scope: 'settings:write' }, storeId: owner.storeId });
      assert.equal(nothing.location.searchParams.get('error'), 'access_denied');
      assert.equal(nothing.location.searchParams.get('state'), 'state-123');
      assert.equal(nothing.location.searchParams.get('iss'), ISS);
      assert.equal(nothing.code, null);
    });
  });

  describe('signing up from the sign-in page of an authorization', () => {
    const PASSWORD = 'a long enough password';
    const counts = async () => {
      const db = t.container.db.kysely;
      return [(await db.selectFrom('users').select('id').execute()).length, (await db.selectFrom('stores').select('id').execute()).length];
    };

    /** GET /oauth/authorize signed out, then the sign-up page its "Create an account" link opens. */
    async function openSignUp(browser: Browser) {
      const { verifier, challenge } = pkce();
      const signInPage = await browser.get(`/oauth/authorize?${authorizeQuery(app, challenge)}`);
      assert.match(signInPage.body, /<h1>Sign in<\/h1>/);
      const id = requestIdOf(signInPage.body);
      const link = /New here\? <a href="([^"]+)">Create an account<\/a>/.exec(signInPage.body)?.[1];
      assert.equal(link, `/signup?request=${id}`, 'the sign-in page links to sign-up for this request');
      const page = await browser.get(link.replaceAll('&amp;', '&'));
      assert.equal(page.statusCode, 200, page.body);
      return { id, verifier, signInPage, page };
    }

    it('links the sign-in page to sign-up and back, for the same request, without the dashboard’s next', async () => {
      const browser = new Browser(t.app);
      const { id, signInPage, page } = await openSignUp(browser);
      assert.match(signInPage.body, /<a href="\/password-reset">Forgot your password\?<\/a>/, 'the forgotten-password link is there too');
      assert.match(page.body, /<h1>Create an account<\/h1>/);
      assert.match(page.body, /connect the app <strong>Test App<\/strong> <span class="tag">not verified<\/span> to your store/);
      assert.equal(hiddenField(page.body, 'request'), id);
      assert.equal(hiddenField(page.body, 'next'), undefined);
      assert.match(page.body, new RegExp(`Already have an account\\? <a href="/oauth/authorize/${id}">Sign in</a>`));
      const back = await browser.get(`/oauth/authorize/${id}`);
      assert.equal(back.statusCode, 200);
      assert.match(back.body, /<h1>Sign in<\/h1>/, 'signed out, the request’s page is its sign-in page');
      assert.equal(hiddenField(back.body, 'request'), id);
      assert.match(String(page.headers['content-security-policy']), /form-action 'self' https:\/\/app\.example\.com/, 'the form may end at the app, as sign-in’s');
      const withNext = await browser.get(`/signup?request=${id}&next=${encodeURIComponent('/dashboard/settings')}`);
      assert.equal(hiddenField(withNext.body, 'next'), undefined, 'the request decides where to go, not next');
    });

    it('creates the account and its store, signs in and goes on to consent for the new store; Allow gives the app a code for it', async () => {
      const browser = new Browser(t.app);
      const { id, verifier, page } = await openSignUp(browser);
      const email = `oauth.signup.${Date.now()}@example.com`;
      const created = await browser.post('/signup', {
        csrf: hiddenField(page.body, 'csrf'),
        request: hiddenField(page.body, 'request'),
        name: 'Nora New',
        email,
        password: PASSWORD,
        storeName: 'Brand New Store',
      });
      assert.equal(created.statusCode, 303, created.body);
      assert.equal(created.headers.location, `/oauth/authorize/${id}`);
      assert.ok(browser.cookies.get('cs_session'), 'signed in');
      const consent = await browser.get(created.headers.location as string);
      assert.equal(consent.statusCode, 200, consent.body);
      assert.match(consent.body, /Allow “Test App” to access Brand New Store\?/);
      assert.match(consent.body, new RegExp(`Signed in as ${email.replace(/\./g, '\\.')}`));
      const decided = await browser.post(`/oauth/authorize/${id}/decision`, { csrf: hiddenField(consent.body, 'csrf'), decision: 'allow' });
      assert.equal(decided.statusCode, 303, decided.body);
      const code = new URL(decided.headers.location as string).searchParams.get('code');
      assert.ok(code);
      const token = await tokenRequest(t.app, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: app.client_id, code_verifier: verifier });
      assert.equal(token.status, 200, token.raw);
      const db = t.container.db.kysely;
      const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const store = await db.selectFrom('stores').select('id').where('name', '=', 'Brand New Store').executeTakeFirstOrThrow();
      const grant = await db.selectFrom('oauth_grants').select(['user_id', 'store_id']).where('client_id', '=', app.client_id).where('user_id', '=', user.id).executeTakeFirstOrThrow();
      assert.deepEqual(grant, { user_id: user.id, store_id: store.id }, 'the app is connected to the new merchant’s new store');
    });

    it('shows a refused field again with the request kept, and goes on to the request once corrected', async () => {
      const browser = new Browser(t.app);
      const { id, page } = await openSignUp(browser);
      const before = await counts();
      const fields = { request: hiddenField(page.body, 'request'), name: 'Short Pw', email: `short.${Date.now()}@example.com`, storeName: 'Kept' };
      const refused = await browser.post('/signup', { ...fields, csrf: hiddenField(page.body, 'csrf'), password: 'short' });
      assert.equal(refused.statusCode, 422);
      assert.match(refused.body, /Password must be at least 12 characters/);
      assert.equal(hiddenField(refused.body, 'request'), id);
      assert.match(refused.body, /connect the app <strong>Test App<\/strong>/);
      assert.deepEqual(await counts(), before, 'nothing was created');
      const fixed = await browser.post('/signup', { ...fields, csrf: hiddenField(refused.body, 'csrf'), password: PASSWORD });
      assert.equal(fixed.statusCode, 303, fixed.body);
      assert.equal(fixed.headers.location, `/oauth/authorize/${id}`);
    });

    it('refuses a request that expired or does not exist with the error page, and another form’s token, creating nothing', async () => {
      const missing = await new Browser(t.app).get('/signup?request=oar_doesnotexist');
      assert.equal(missing.statusCode, 400);
      assert.match(missing.body, /expired or does not exist/);
      const browser = new Browser(t.app);
      const { id, page } = await openSignUp(browser);
      const before = await counts();
      const fields = { name: 'Late', password: PASSWORD, storeName: 'Late Store' };
      const plain = await browser.get('/signup');
      const wrongForm = await browser.post('/signup', { ...fields, email: `wrong.${Date.now()}@example.com`, request: id, csrf: hiddenField(plain.body, 'csrf') });
      assert.equal(wrongForm.statusCode, 403, 'the dashboard sign-up form’s token is not this request’s');
      await t.container.db.kysely.updateTable('oauth_authorization_requests').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
      const late = await browser.post('/signup', { ...fields, email: `late.${Date.now()}@example.com`, request: id, csrf: hiddenField(page.body, 'csrf') });
      assert.equal(late.statusCode, 400);
      assert.match(late.body, /expired/);
      assert.equal(late.headers.location, undefined);
      assert.deepEqual(await counts(), before, 'nothing was created');
      assert.equal(browser.cookies.get('cs_session'), undefined, 'nobody is signed in');
    });

    it('sends a signed-in browser from the request’s sign-up page straight on to the request', async () => {
      const { browser } = await authorize(t.app, merchant, app);
      const page = await browser.get(`/oauth/authorize?${authorizeQuery(app, pkce().challenge)}`);
      const id = requestIdOf(page.body);
      const signUpPage = await browser.get(`/signup?request=${id}`);
      assert.equal(signUpPage.statusCode, 303);
      assert.equal(signUpPage.headers.location, `/oauth/authorize/${id}`);
    });
  });

  describe('the decision', () => {
    it('answers Allow with a 303 to exactly the redirect URI with code, state and iss once each; Deny with access_denied', async () => {
      const state = 'st@te with spaces & symbols/?=+';
      const allowed = await authorize(t.app, merchant, app, { query: { state } });
      assert.equal(`${allowed.location.origin}${allowed.location.pathname}`, REDIRECT_URI);
      assert.deepEqual([...allowed.location.searchParams.keys()].sort(), ['code', 'iss', 'state']);
      assert.equal(allowed.location.searchParams.get('state'), state, 'byte-identical');
      assert.match(allowed.code!, /^cs_ac_[A-Za-z0-9_-]{43}$/);

      const withQuery = await registerClient(t.app, { redirect_uris: ['https://app.example.com/cb?tenant=7'] });
      const kept = await authorize(t.app, merchant, withQuery);
      assert.equal(kept.location.searchParams.get('tenant'), '7', 'the registered query is kept');
      assert.deepEqual(kept.location.searchParams.getAll('code').length, 1);

      const denied = await authorize(t.app, merchant, app, { decision: 'deny', query: { state } });
      assert.equal(denied.location.searchParams.get('error'), 'access_denied');
      assert.equal(denied.location.searchParams.get('state'), state);
      assert.equal(denied.location.searchParams.get('iss'), ISS);
      assert.equal(denied.code, null);
    });

    it('ignores tampered hidden fields and refuses a second POST of the same consent', async () => {
      const evil = await registerClient(t.app, { redirect_uris: ['https://evil.example/cb'] });
      const browser = new Browser(t.app);
      const page = await browser.get(`/oauth/authorize?${authorizeQuery(app, pkce().challenge, { scope: 'orders:read' })}`);
      const consent = await browser.get((await signIn(browser, page, merchant)).headers.location as string);
      const id = requestIdOf(consent.body);
      const fields = {
        csrf: hiddenField(consent.body, 'csrf'),
        decision: 'allow',
        client_id: evil.client_id,
        redirect_uri: 'https://evil.example/cb',
        scope: 'settings:write',
        code_challenge: pkce().challenge,
        state: 'forged',
      };
      const decided = await browser.post(`/oauth/authorize/${id}/decision`, fields);
      const location = new URL(decided.headers.location as string);
      assert.equal(`${location.origin}${location.pathname}`, REDIRECT_URI);
      assert.equal(location.searchParams.get('state'), 'state-123');
      const grant = await t.container.db.kysely
        .selectFrom('oauth_codes')
        .innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_codes.grant_id')
        .select(['oauth_grants.scope', 'oauth_grants.client_id'])
        .where('oauth_codes.hash', '=', hashSecret(location.searchParams.get('code')!))
        .executeTakeFirstOrThrow();
      assert.deepEqual(grant, { scope: 'orders:read', client_id: app.client_id });

      const codes = async () => Number((await t.container.db.kysely.selectFrom('oauth_codes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
      const before = await codes();
      const again = await browser.post(`/oauth/authorize/${id}/decision`, fields);
      assert.equal(again.statusCode, 400);
      assert.equal(again.headers.location, undefined);
      assert.match(again.body, /already answered/);
      assert.equal(await codes(), before, 'no second code');
    });

    it('refuses a consent POST without a valid CSRF token, with another session’s or request’s token, or from another site, and issues no code', async () => {
      const open = async () => {
        const browser = new Browser(t.app);
        const page = await browser.get(`/oauth/authorize?${authorizeQuery(app, pkce().challenge)}`);
        const consent = await browser.get((await signIn(browser, page, merchant)).headers.location as string);
        return { browser, id: requestIdOf(consent.body), csrf: hiddenField(consent.body, 'csrf')! };
      };
      const a = await open();
      const b = await open();
      const second = await a.browser.get(`/oauth/authorize?${authorizeQuery(app, pkce().challenge)}`);
      const otherRequest = { id: requestIdOf(second.body), csrf: hiddenField(second.body, 'csrf')! };
      const attempts: Array<[string, Record<string, string | undefined>, Record<string, string>]> = [
        ['no token', { decision: 'allow' }, {}],
        ['a made-up token', { decision: 'allow', csrf: 'x'.repeat(43) }, {}],
        ["another session's token", { decision: 'allow', csrf: b.csrf }, {}],
        ["another request's token", { decision: 'allow', csrf: otherRequest.csrf }, {}],
        ['a cross-site Origin', { decision: 'allow', csrf: a.csrf }, { origin: 'https://evil.example' }],
        ['Sec-Fetch-Site: cross-site', { decision: 'allow', csrf: a.csrf }, { 'sec-fetch-site': 'cross-site' }],
      ];
      for (const [what, fields, headers] of attempts) {
        const res = await a.browser.post(`/oauth/authorize/${a.id}/decision`, fields, headers);
        assert.equal(res.statusCode, 403, what);
        assert.equal(res.headers.location, undefined, what);
        assert.match(res.body, /did not come from this site/, what);
      }
      // The token of the same request but used from another session's cookie fails too.
      const foreignCookie = await b.browser.post(`/oauth/authorize/${a.id}/decision`, { decision: 'allow', csrf: a.csrf });
      assert.equal(foreignCookie.statusCode, 403);
      // Our own origin is fine, whether BASE_URL's or the host the browser used.
      for (const origin of [ISS, 'http://localhost:3000']) {
        const res = await a.browser.post(`/oauth/authorize/${a.id}/decision`, { decision: 'maybe', csrf: a.csrf }, { origin, host: 'localhost:3000' });
        assert.equal(res.statusCode, 400, `${origin}: past the CSRF check, refused for the decision`);
      }
      // The genuine form still works afterwards, with Origin: null as browsers send under no-referrer.
      const ok = await a.browser.post(`/oauth/authorize/${a.id}/decision`, { decision: 'allow', csrf: a.csrf }, { origin: 'null', 'sec-fetch-site': 'same-origin' });
      assert.equal(ok.statusCode, 303);
      assert.ok(new URL(ok.headers.location as string).searchParams.get('code'));
    });

    it('refuses a sign-in form without its CSRF token (login CSRF)', async () => {
      const browser = new Browser(t.app);
      const page = await browser.get(`/oauth/authorize?${authorizeQuery(app, pkce().challenge)}`);
      const forged = await browser.post('/sign-in', { request: requestIdOf(page.body), email: merchant.email, password: merchant.password });
      assert.equal(forged.statusCode, 403);
      const elsewhere = await new Browser(t.app).post('/sign-in', { csrf: hiddenField(page.body, 'csrf'), request: requestIdOf(page.body), email: merchant.email, password: merchant.password });
      assert.equal(elsewhere.statusCode, 403, 'the token is bound to the browser’s cookie');
    });

    it('refuses a request carried on by another signed-in session', async () => {
      const browser = new Browser(t.app);
      const page = await browser.get(`/oauth/authorize?${authorizeQuery(app, pkce().challenge)}`);
      const location = (await signIn(browser, page, merchant)).headers.location as string;
      const other = new Browser(t.app);
      const otherPage = await other.get(`/oauth/authorize?${authorizeQuery(app, pkce().challenge)}`);
      await signIn(other, otherPage, merchant);
      const hijack = await other.get(location);
      assert.equal(hijack.statusCode, 400);
      assert.match(hijack.body, /another sign-in/);
    });

    it('uses __Host- cookies with Secure, HttpOnly and SameSite=Lax on https, and starts a new session at sign-in', async () => {
      const https = await startTestApp(kind, { baseUrl: 'https://shop.example.com' });
      try {
        const owner = await signup(https.app);
        const attacker = await signup(https.app);
        const client = await registerClient(https.app);
        const browser = new Browser(https.app);
        const page = await browser.get(`/oauth/authorize?${authorizeQuery(client, pkce().challenge)}`);
        assert.match(String(page.headers['set-cookie']), /^__Host-cs_csrf=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
        // A session planted in the browser before sign-in (session fixation) is replaced and ended.
        browser.cookies.set('__Host-cs_session', attacker.token);
        const signedIn = await signIn(browser, page, owner);
        assert.equal(signedIn.statusCode, 303);
        const sessionCookie = ([] as string[]).concat(signedIn.headers['set-cookie'] as string | string[]).find((c) => c.startsWith('__Host-cs_session='))!;
        assert.match(sessionCookie, /^__Host-cs_session=cs_sess_[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Secure; Max-Age=\d+$/);
        assert.doesNotMatch(sessionCookie, /Domain=/i);
        const session = browser.cookies.get('__Host-cs_session')!;
        assert.notEqual(session, attacker.token);
        const planted = await https.app.inject({ method: 'GET', url: '/v1/merchants/profile', headers: { authorization: `Bearer ${attacker.token}` } });
        assert.equal(planted.statusCode, 401, 'the planted session is over');
        const mine = await https.app.inject({ method: 'GET', url: '/v1/merchants/profile', headers: { authorization: `Bearer ${session}` } });
        assert.equal(mine.json().data.email, owner.email);
      } finally {
        await https.close();
      }
    });
  });

  describe('the authorization code', () => {
    it('issues codes with 256 bits of entropy, stored only as hashes, living 60 seconds, bound to client, redirect URI, challenge, resource, scope and store', async () => {
      const { challenge } = pkce();
      const before = Date.now();
      const { code } = await authorize(t.app, merchant, app, { challenge, query: { scope: 'orders:read' } });
      assert.match(code!, /^cs_ac_[A-Za-z0-9_-]{43}$/, '32 random bytes');
      const rows = await t.container.db.kysely.selectFrom('oauth_codes').selectAll().execute();
      assert.ok(!rows.some((r) => Object.values(r).some((v) => typeof v === 'string' && v.includes(code!))), 'the code itself is not stored');
      const row = rows.find((r) => r.hash === hashSecret(code!))!;
      const lifetime = new Date(row.expires_at).getTime() - new Date(row.created_at).getTime();
      assert.equal(lifetime, 60_000);
      assert.ok(new Date(row.created_at).getTime() >= before - 1000);
      assert.equal(row.redirect_uri, REDIRECT_URI);
      assert.equal(row.code_challenge, challenge);
      const grant = await t.container.db.kysely.selectFrom('oauth_grants').selectAll().where('id', '=', row.grant_id).executeTakeFirstOrThrow();
      assert.equal(grant.client_id, app.client_id);
      assert.equal(grant.user_id, merchant.userId);
      assert.equal(grant.store_id, merchant.storeId);
      assert.equal(grant.mode, 'live');
      assert.equal(grant.scope, 'orders:read');
      assert.equal(grant.resource, `${ISS}/mcp`);
      const exchanged = await tokenRequest(t.app, { grant_type: 'authorization_code', code: code!, redirect_uri: REDIRECT_URI, client_id: app.client_id, code_verifier: 'x'.repeat(43) });
      assert.equal(exchanged.status, 400, 'bound to the challenge');
    });
  });

  describe('expiry of the request', () => {
    it('refuses to continue an authorization request after 15 minutes', async () => {
      const browser = new Browser(t.app);
      const page = await browser.get(`/oauth/authorize?${authorizeQuery(app, pkce().challenge)}`);
      const id = requestIdOf(page.body);
      await t.container.db.kysely.updateTable('oauth_authorization_requests').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
      const late = await signIn(browser, page, merchant);
      assert.equal(late.statusCode, 400);
      assert.match(late.body, /expired/);
      assert.equal(late.headers.location, undefined);
    });
  });
});
