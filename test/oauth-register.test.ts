import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { nextAddress, REDIRECT_URI } from './helpers/oauth.ts';

describeEachDatabase('OAuth dynamic client registration (RFC 7591)', (kind) => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(kind);
  });
  after(() => t?.close());

  async function register(payload: unknown, headers: Record<string, string> = {}, remoteAddress = nextAddress()) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/register',
      remoteAddress,
      headers: { 'content-type': 'application/json', ...headers },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    return { status: res.statusCode, headers: res.headers, body: res.body === '' ? undefined : res.json(), raw: res.body };
  }

  const clientCount = async () =>
    Number((await t.container.db.kysely.selectFrom('oauth_clients').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  /** Refused with `error`, naming what is wrong, and nothing registered. */
  async function refused(payload: unknown, error: string, mentions: RegExp, headers: Record<string, string> = {}) {
    const before = await clientCount();
    const res = await register(payload, headers);
    assert.equal(res.status, 400, `${JSON.stringify(payload).slice(0, 80)}: ${res.raw}`);
    assert.equal(res.body.error, error, res.raw);
    assert.match(res.body.error_description, mentions);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(await clientCount(), before, 'nothing written');
  }

  it('registers a public client: 201 with the registered values, a server-made client_id and no secret', async () => {
    const start = Math.floor(Date.now() / 1000);
    const res = await register({ client_name: 'Acme Reports', redirect_uris: [REDIRECT_URI, 'http://127.0.0.1:8765/cb'] });
    assert.equal(res.status, 201, res.raw);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.headers.pragma, 'no-cache');
    assert.match(String(res.headers['content-type']), /^application\/json/);
    const body = res.body;
    assert.match(body.client_id, /^app_[A-Za-z0-9_-]{27}$/, '160 random bits');
    assert.equal(body.client_name, 'Acme Reports');
    assert.deepEqual(body.redirect_uris, [REDIRECT_URI, 'http://127.0.0.1:8765/cb']);
    assert.equal(body.token_endpoint_auth_method, 'none');
    assert.deepEqual(body.grant_types, ['authorization_code', 'refresh_token']);
    assert.deepEqual(body.response_types, ['code']);
    assert.ok(Number.isInteger(body.client_id_issued_at) && body.client_id_issued_at >= start && body.client_id_issued_at <= start + 5);
    assert.ok(!('client_secret' in body) && !('client_secret_expires_at' in body));
    const other = await register({ client_name: 'Acme Reports', redirect_uris: [REDIRECT_URI] });
    assert.notEqual(other.body.client_id, body.client_id);
  });

  it('accepts and ignores the extra metadata real clients send', async () => {
    const res = await register({
      client_name: 'Claude',
      redirect_uris: [REDIRECT_URI],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: 'mcp:store',
      client_uri: 'https://claude.example',
      logo_uri: 'https://claude.example/logo.png',
      software_id: 'claude',
      software_version: '1.2.3',
      contacts: ['ops@claude.example'],
      something_new: { nested: true },
    });
    assert.equal(res.status, 201, res.raw);
    assert.equal(res.body.token_endpoint_auth_method, 'none');
    assert.ok(!('logo_uri' in res.body) && !('something_new' in res.body), 'only what was registered is echoed');
  });

  it('refuses a token_endpoint_auth_method other than none', async () => {
    for (const method of ['client_secret_basic', 'client_secret_post', 'private_key_jwt']) {
      await refused({ client_name: 'X', redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: method }, 'invalid_client_metadata', /token_endpoint_auth_method/);
    }
  });

  it('never lets a client choose its client_id', async () => {
    const res = await register({ client_name: 'X', redirect_uris: [REDIRECT_URI], client_id: 'app_chosen_by_me' });
    assert.equal(res.status, 201);
    assert.notEqual(res.body.client_id, 'app_chosen_by_me');
  });

  it('refuses a missing or empty client_name, naming it', async () => {
    await refused({ redirect_uris: [REDIRECT_URI] }, 'invalid_client_metadata', /client_name/);
    await refused({ client_name: '   ', redirect_uris: [REDIRECT_URI] }, 'invalid_client_metadata', /client_name/);
    await refused({ client_name: 42, redirect_uris: [REDIRECT_URI] }, 'invalid_client_metadata', /client_name/);
  });

  it('refuses missing, empty, relative, fragment, non-loopback http, javascript: and data: redirect URIs with invalid_redirect_uri, writing nothing', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [undefined, /redirect_uris is required/],
      [[], /redirect_uris is required/],
      ['https://app.example.com/cb', /array/],
      [[42], /array of strings/],
      [['/callback'], /absolute/],
      [['app.example.com/callback'], /absolute/],
      [['https://app.example.com/cb#frag'], /fragment/],
      [['http://app.example.com/cb'], /http only on a loopback/],
      [['http://localhost.evil.example/cb'], /http only on a loopback/],
      [['javascript:alert(1)'], /absolute/],
      [['data:text/html,hi'], /absolute/],
      [['com.example.app:/callback'], /absolute/],
      [['https://user:pw@app.example.com/cb'], /user name or password/],
      [['https://app.example.com/c b'], /spaces/],
      [['https://app.example.com/cb?state=x'], /"state"/],
      [[REDIRECT_URI, 'ftp://app.example.com/cb'], /redirect_uris\[1\]/],
    ];
    for (const [uris, mentions] of cases) {
      await refused({ client_name: 'X', ...(uris === undefined ? {} : { redirect_uris: uris }) }, 'invalid_redirect_uri', mentions);
    }
  });

  it('accepts http redirect URIs only on localhost, 127.0.0.1 and [::1]', async () => {
    for (const uri of ['http://localhost:3333/cb', 'http://127.0.0.1:8080/callback', 'http://[::1]:9000/cb', 'https://app.example.com/cb?x=1']) {
      const res = await register({ client_name: 'Local', redirect_uris: [uri] });
      assert.equal(res.status, 201, `${uri}: ${res.raw}`);
      assert.deepEqual(res.body.redirect_uris, [uri], 'kept byte for byte');
    }
  });

  it('refuses a body that is not JSON, the wrong content type, more than 16 KiB, too many URIs or overlong strings with invalid_client_metadata', async () => {
    await refused('{"client_name": "X", ', 'invalid_client_metadata', /not valid JSON/);
    await refused('[1,2]', 'invalid_client_metadata', /JSON object/);
    await refused('null', 'invalid_client_metadata', /JSON object/);
    await refused(`client_name=X&redirect_uris=${encodeURIComponent(REDIRECT_URI)}`, 'invalid_client_metadata', /application\/json/, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    await refused(JSON.stringify({ client_name: 'X', redirect_uris: [REDIRECT_URI] }), 'invalid_client_metadata', /application\/json/, { 'content-type': 'text/plain' });
    await refused({ client_name: 'X', redirect_uris: [REDIRECT_URI], padding: 'x'.repeat(17 * 1024) }, 'invalid_client_metadata', /16 KiB/);
    await refused({ client_name: 'X', redirect_uris: Array.from({ length: 11 }, (_, i) => `https://app.example.com/cb${i}`) }, 'invalid_client_metadata', /at most 10/);
    await refused({ client_name: 'X', redirect_uris: [`https://app.example.com/${'a'.repeat(2000)}`] }, 'invalid_client_metadata', /at most 2000/);
    await refused({ client_name: 'N'.repeat(101), redirect_uris: [REDIRECT_URI] }, 'invalid_client_metadata', /at most 100/);
  });

  it('answers a registration flood with 429 and Retry-After', async () => {
    const address = nextAddress();
    for (let i = 0; i < 20; i += 1) {
      assert.equal((await register({ client_name: `Flood ${i}`, redirect_uris: [REDIRECT_URI] }, {}, address)).status, 201);
    }
    const before = await clientCount();
    const res = await register({ client_name: 'One too many', redirect_uris: [REDIRECT_URI] }, {}, address);
    assert.equal(res.status, 429);
    assert.equal(res.body.error, 'temporarily_unavailable');
    assert.ok(Number(res.headers['retry-after']) > 0);
    assert.equal(await clientCount(), before);
    assert.equal((await register({ client_name: 'Elsewhere', redirect_uris: [REDIRECT_URI] })).status, 201, 'other addresses are not affected');
  });

  describe('CORS', () => {
    it('lets browser-based clients register (no cookies involved)', async () => {
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/oauth/register',
        headers: { origin: 'https://spa.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      assert.equal(preflight.statusCode, 204);
      assert.equal(preflight.headers['access-control-allow-origin'], '*');
      const res = await register({ client_name: 'SPA', redirect_uris: [REDIRECT_URI] }, { origin: 'https://spa.example' });
      assert.equal(res.headers['access-control-allow-origin'], '*');
      assert.ok(!('access-control-allow-credentials' in res.headers));
    });
  });
});
