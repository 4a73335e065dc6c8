import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openRefreshAnswer } from '../src/domain/oauth/refresh-replay.ts';
import { hashSecret } from '../src/domain/shared/secrets.ts';
import { startTestApp, TEST_BASE_URL, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { type Merchant, signup } from './helpers/merchants.ts';
import { authorize, type Client, connect, pkce, REDIRECT_URI, refresh, registerClient, tokenRequest } from './helpers/oauth.ts';

describeEachDatabase('OAuth token endpoint (RFC 6749 §4.1.3, §5, §6; RFC 7636; RFC 8707)', (kind) => {
  let t: TestApp;
  let app: Client;
  let merchant: Merchant;
  before(async () => {
    t = await startTestApp(kind);
    app = await registerClient(t.app);
    merchant = await signup(t.app);
  });
  after(() => t?.close());

  /** A fresh code and its verifier. */
  async function freshCode(options: { client?: Client; scope?: string } = {}) {
    const client = options.client ?? app;
    const { verifier, challenge } = pkce();
    const { code } = await authorize(t.app, merchant, client, { challenge, query: { scope: options.scope ?? 'orders:read' } });
    assert.ok(code);
    return { code, verifier, client };
  }

  const exchange = (c: { code: string; verifier: string; client: Client }, extra: Record<string, string | undefined> = {}) =>
    tokenRequest(t.app, { grant_type: 'authorization_code', code: c.code, redirect_uri: c.client.redirect_uris[0], client_id: c.client.client_id, code_verifier: c.verifier, ...extra });

  const api = (token: string, url = '/v1/users/me/permissions') => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  function assertOAuthError(res: Awaited<ReturnType<typeof tokenRequest>>, status: number, error: string) {
    assert.equal(res.status, status, res.raw);
    assert.equal(res.body.error, error, res.raw);
    assert.equal(typeof res.body.error_description, 'string');
    assert.deepEqual(Object.keys(res.body).sort(), ['error', 'error_description']);
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.headers['www-authenticate'], undefined, 'no WWW-Authenticate on token endpoint errors');
  }

  it('refuses a body that is not form-encoded, and repeated parameters, with invalid_request', async () => {
    const c = await freshCode();
    const fields = { grant_type: 'authorization_code', code: c.code, redirect_uri: REDIRECT_URI, client_id: app.client_id, code_verifier: c.verifier };
    const json = await t.app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(fields) });
    assertOAuthError({ status: json.statusCode, headers: json.headers, body: json.json(), raw: json.body }, 400, 'invalid_request');
    const plain = await t.app.inject({ method: 'POST', url: '/oauth/token', headers: { 'content-type': 'text/plain' }, payload: new URLSearchParams(fields).toString() });
    assert.equal(plain.json().error, 'invalid_request');
    const none = await t.app.inject({ method: 'POST', url: '/oauth/token' });
    assert.equal(none.json().error, 'invalid_request');
    const big = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${new URLSearchParams(fields)}&pad=${'x'.repeat(20_000)}`,
    });
    assert.equal(big.statusCode, 400);
    assert.equal(big.json().error, 'invalid_request');
    const repeated = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `${new URLSearchParams(fields)}&code=${c.code}`,
    });
    assertOAuthError({ status: repeated.statusCode, headers: repeated.headers, body: repeated.json(), raw: repeated.body }, 400, 'invalid_request');
    assert.match(repeated.json().error_description, /code/);
    assert.equal((await exchange(c)).status, 200, 'the refused requests did not use the code');
  });

  it('answers with JSON, Cache-Control: no-store and Pragma: no-cache, errors as {error, error_description} without WWW-Authenticate', async () => {
    const ok = await exchange(await freshCode());
    assert.equal(ok.status, 200);
    assert.match(String(ok.headers['content-type']), /^application\/json/);
    assert.equal(ok.headers['cache-control'], 'no-store');
    assert.equal(ok.headers.pragma, 'no-cache');
    const bad = await tokenRequest(t.app, { grant_type: 'authorization_code', code: 'nope', client_id: app.client_id });
    assertOAuthError(bad, 400, 'invalid_grant');
    assert.match(String(bad.headers['content-type']), /^application\/json/);
    assert.equal(bad.headers.pragma, 'no-cache');
  });

  it('exchanges a valid code for an access token, a refresh token, Bearer, expires_in and scope', async () => {
    const res = await exchange(await freshCode({ scope: 'orders:read products:read' }));
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(Object.keys(res.body).sort(), ['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
    assert.match(res.body.access_token, /^cs_at_[A-Za-z0-9_-]{43}$/);
    assert.match(res.body.refresh_token, /^cs_rt_[A-Za-z0-9_-]{43}$/);
    assert.equal(res.body.token_type, 'Bearer');
    assert.equal(res.body.expires_in, 3600);
    assert.equal(res.body.scope, 'orders:read products:read');
    assert.equal((await api(res.body.access_token)).statusCode, 200);
  });

  it('stores tokens only as SHA-256 hashes, as opaque 256-bit values', async () => {
    const { accessToken, refreshToken } = await connect(t.app, merchant, { client: app, scope: 'orders:read' });
    const db = t.container.db.kysely;
    const access = await db.selectFrom('oauth_access_tokens').selectAll().where('hash', '=', hashSecret(accessToken)).executeTakeFirst();
    const rotation = await db.selectFrom('oauth_refresh_tokens').selectAll().where('hash', '=', hashSecret(refreshToken)).executeTakeFirst();
    assert.ok(access && rotation);
    for (const table of ['oauth_access_tokens', 'oauth_refresh_tokens', 'oauth_codes', 'oauth_grants'] as const) {
      const rows = await db.selectFrom(table).selectAll().execute();
      const text = JSON.stringify(rows);
      assert.ok(!text.includes(accessToken.slice(6)) && !text.includes(refreshToken.slice(6)), `${table} holds no raw token`);
    }
    assert.equal(Buffer.from(accessToken.slice(6), 'base64url').length, 32);
  });

  it('refuses an unknown or missing client_id with invalid_client / invalid_request', async () => {
    const c = await freshCode();
    assertOAuthError(await exchange(c, { client_id: 'app_unknown' }), 400, 'invalid_client');
    assertOAuthError(await exchange(c, { client_id: undefined }), 400, 'invalid_request');
    assert.equal((await exchange(c)).status, 200, 'the code was not used up');
  });

  it('refuses a code of another client, an expired code and a code of a revoked grant with invalid_grant', async () => {
    const other = await registerClient(t.app);
    const c = await freshCode();
    assertOAuthError(await exchange({ ...c, client: other }), 400, 'invalid_grant');
    assert.equal((await exchange(c)).status, 200, 'another client cannot burn the code');

    const expired = await freshCode();
    await t.container.db.kysely.updateTable('oauth_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('hash', '=', hashSecret(expired.code)).execute();
    const late = await exchange(expired);
    assertOAuthError(late, 400, 'invalid_grant');
    assert.match(late.body.error_description, /expired/);

    const revoked = await freshCode();
    const removed = await t.app.inject({ method: 'DELETE', url: `/v1/connected-apps/${app.client_id}`, headers: merchant.auth });
    assert.equal(removed.statusCode, 200, removed.body);
    assertOAuthError(await exchange(revoked), 400, 'invalid_grant');
  });

  it('refuses a missing or different redirect_uri with invalid_grant', async () => {
    const two = await registerClient(t.app, { redirect_uris: [REDIRECT_URI, 'https://app.example.com/other'] });
    for (const redirectUri of [undefined, 'https://app.example.com/other', `${REDIRECT_URI}/`, 'https://evil.example/callback']) {
      const c = await freshCode({ client: two });
      assertOAuthError(await exchange(c, { redirect_uri: redirectUri }), 400, 'invalid_grant');
    }
  });

  it('refuses a missing, wrong or malformed code_verifier with invalid_grant', async () => {
    for (const verifier of [undefined, pkce().verifier, 'short', 'x'.repeat(129), `${'a'.repeat(42)} `, `${'a'.repeat(43)}+/`]) {
      const c = await freshCode();
      const res = await exchange(c, { code_verifier: verifier });
      assertOAuthError(res, 400, 'invalid_grant');
      const retry = await exchange(c);
      assert.equal(retry.status, 400, 'a failed verifier uses the code up: no guessing');
    }
  });

  it('refuses a second redemption of a code and revokes every token of the first', async () => {
    const c = await freshCode();
    const first = await exchange(c);
    assert.equal(first.status, 200);
    assert.equal((await api(first.body.access_token)).statusCode, 200);
    const second = await exchange(c);
    assertOAuthError(second, 400, 'invalid_grant');
    assert.match(second.body.error_description, /already used/);
    assert.equal((await api(first.body.access_token)).statusCode, 401, 'the access token of the first redemption is revoked');
    assertOAuthError(await refresh(t.app, { client: app, refreshToken: first.body.refresh_token }), 400, 'invalid_grant');
    const audit = await t.container.db.kysely.selectFrom('audit_logs').selectAll().where('action', '=', 'oauth_app.revoke').where('store_id', '=', merchant.storeId).execute();
    assert.ok(audit.some((e) => JSON.parse(e.details!).reason === 'code_replay'));
  });

  it('lets exactly one of 20 parallel redemptions of a code succeed', async () => {
    const c = await freshCode();
    const results = await Promise.all(Array.from({ length: 20 }, () => exchange(c)));
    const statuses = results.map((r) => r.status);
    assert.equal(statuses.filter((s) => s === 200).length, 1, statuses.join(','));
    assert.ok(results.filter((r) => r.status !== 200).every((r) => r.status === 400 && r.body.error === 'invalid_grant'));
    const tokens = await t.container.db.kysely
      .selectFrom('oauth_access_tokens')
      .innerJoin('oauth_codes', 'oauth_codes.grant_id', 'oauth_access_tokens.grant_id')
      .select('oauth_access_tokens.hash')
      .where('oauth_codes.hash', '=', hashSecret(c.code))
      .execute();
    assert.equal(tokens.length, 1, 'one set of tokens issued');
  });

  it('refuses a resource other than the granted one with invalid_target', async () => {
    const c = await freshCode();
    assertOAuthError(await exchange(c, { resource: 'https://other.example/mcp' }), 400, 'invalid_target');
    const twice = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=authorization_code&client_id=${app.client_id}&code=${(await freshCode()).code}&resource=${encodeURIComponent(`${TEST_BASE_URL}/mcp`)}&resource=${encodeURIComponent('https://other.example/mcp')}`,
    });
    assert.equal(twice.json().error, 'invalid_target', 'more than one resource');
    const ok = await exchange(await freshCode(), { resource: `${TEST_BASE_URL}/mcp` });
    assert.equal(ok.status, 200, 'the granted resource is accepted');
    const conn = await connect(t.app, merchant, { client: await registerClient(t.app), scope: 'orders:read' });
    assertOAuthError(await refresh(t.app, conn, { resource: `${TEST_BASE_URL}/v1` }), 400, 'invalid_target');
    assert.equal((await refresh(t.app, conn)).status, 200, 'a refused refresh keeps the refresh token usable');
  });

  it('refuses password, client_credentials, implicit and unknown grant types with unsupported_grant_type', async () => {
    for (const grantType of ['password', 'client_credentials', 'implicit', 'urn:ietf:params:oauth:grant-type:device_code', 'magic']) {
      assertOAuthError(await tokenRequest(t.app, { grant_type: grantType, client_id: app.client_id, username: merchant.email, password: merchant.password }), 400, 'unsupported_grant_type');
    }
    assertOAuthError(await tokenRequest(t.app, { client_id: app.client_id }), 400, 'invalid_request');
  });

  describe('refresh', () => {
    it('rotates the refresh token on every refresh; a narrower scope is allowed, a broader one is invalid_scope', async () => {
      const conn = await connect(t.app, merchant, { client: await registerClient(t.app), scope: 'orders:read products:read' });
      const first = await refresh(t.app, conn);
      assert.equal(first.status, 200, first.raw);
      assert.deepEqual(Object.keys(first.body).sort(), ['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
      assert.notEqual(first.body.refresh_token, conn.refreshToken);
      assert.notEqual(first.body.access_token, conn.accessToken);
      assert.equal(first.body.scope, 'orders:read products:read');
      assert.equal(first.headers['cache-control'], 'no-store');
      assert.equal((await api(first.body.access_token)).statusCode, 200);

      const narrower = await refresh(t.app, { client: conn.client, refreshToken: first.body.refresh_token }, { scope: 'orders:read' });
      assert.equal(narrower.status, 200);
      assert.equal(narrower.body.scope, 'orders:read');
      const perms = (await api(narrower.body.access_token)).json().data.permissions;
      assert.deepEqual(perms, ['orders:read']);

      const broader = await refresh(t.app, { client: conn.client, refreshToken: narrower.body.refresh_token }, { scope: 'orders:read settings:write' });
      assertOAuthError(broader, 400, 'invalid_scope');
      assertOAuthError(await refresh(t.app, { client: conn.client, refreshToken: narrower.body.refresh_token }, { scope: 'bogus' }), 400, 'invalid_scope');
      const after = await refresh(t.app, { client: conn.client, refreshToken: narrower.body.refresh_token });
      assert.equal(after.status, 200, 'a refused scope does not use the refresh token up');
      assert.equal(after.body.scope, 'orders:read products:read', 'the grant keeps its scope');
      const generation = await t.container.db.kysely.selectFrom('oauth_refresh_tokens').select(['generation', 'parent_hash']).where('hash', '=', hashSecret(after.body.refresh_token)).executeTakeFirstOrThrow();
      assert.equal(Number(generation.generation), 3);
      assert.equal(generation.parent_hash, hashSecret(narrower.body.refresh_token));
    });

    it('refuses a refresh token of another client, an expired one, one of a revoked grant, and an access token, with invalid_grant', async () => {
      const other = await registerClient(t.app);
      const conn = await connect(t.app, merchant, { client: await registerClient(t.app), scope: 'orders:read' });
      assertOAuthError(await refresh(t.app, { client: other, refreshToken: conn.refreshToken }), 400, 'invalid_grant');
      assertOAuthError(await refresh(t.app, { client: conn.client, refreshToken: conn.accessToken }), 400, 'invalid_grant');
      assertOAuthError(await refresh(t.app, { client: conn.client, refreshToken: 'cs_rt_unknown' }), 400, 'invalid_grant');
      assertOAuthError(await refresh(t.app, { client: conn.client, refreshToken: conn.refreshToken }, { refresh_token: undefined as unknown as string }), 400, 'invalid_request');
      assert.equal((await refresh(t.app, conn)).status, 200, 'none of that used the refresh token up');

      const expiring = await connect(t.app, merchant, { client: await registerClient(t.app) });
      await t.container.db.kysely.updateTable('oauth_refresh_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('hash', '=', hashSecret(expiring.refreshToken)).execute();
      assertOAuthError(await refresh(t.app, expiring), 400, 'invalid_grant');

      const removed = await connect(t.app, merchant, { client: await registerClient(t.app) });
      await t.app.inject({ method: 'DELETE', url: `/v1/connected-apps/${removed.client.client_id}`, headers: merchant.auth });
      assertOAuthError(await refresh(t.app, removed), 400, 'invalid_grant');
    });

    it('treats reuse of a rotated refresh token as theft: invalid_grant and the whole grant revoked', async () => {
      // Reuse after the successor was used: the predecessor is no longer the token just rotated.
      const conn = await connect(t.app, merchant, { client: await registerClient(t.app), scope: 'orders:read' });
      const rotated = await refresh(t.app, conn);
      assert.equal(rotated.status, 200);
      const next = await refresh(t.app, { client: conn.client, refreshToken: rotated.body.refresh_token });
      assert.equal(next.status, 200, next.raw);
      const reuse = await refresh(t.app, conn);
      assertOAuthError(reuse, 400, 'invalid_grant');
      assert.match(reuse.body.error_description, /already used/);
      assertOAuthError(await refresh(t.app, { client: conn.client, refreshToken: next.body.refresh_token }), 400, 'invalid_grant');
      assert.equal((await api(next.body.access_token)).statusCode, 401, 'the newest access token is dead');
      assert.equal((await api(rotated.body.access_token)).statusCode, 401, 'and the one before');
      assert.equal((await api(conn.accessToken)).statusCode, 401, 'and the first one');
      const grant = await t.container.db.kysely
        .selectFrom('oauth_grants')
        .select(['revoked_at', 'revoked_reason'])
        .where('client_id', '=', conn.client.client_id)
        .executeTakeFirstOrThrow();
      assert.ok(grant.revoked_at);
      assert.equal(grant.revoked_reason, 'refresh_token_reuse');

      // Reuse after the replay window, the successor unused: theft as well.
      const late = await connect(t.app, merchant, { client: await registerClient(t.app), scope: 'orders:read' });
      const lateRotated = await refresh(t.app, late);
      assert.equal(lateRotated.status, 200);
      await t.container.db.kysely
        .updateTable('oauth_refresh_tokens')
        .set({ consumed_at: new Date(Date.now() - 61_000).toISOString() })
        .where('hash', '=', hashSecret(late.refreshToken))
        .execute();
      assertOAuthError(await refresh(t.app, late), 400, 'invalid_grant');
      assertOAuthError(await refresh(t.app, { client: late.client, refreshToken: lateRotated.body.refresh_token }), 400, 'invalid_grant');
      assert.equal((await api(lateRotated.body.access_token)).statusCode, 401);
    });

    it('answers a refresh presented again within 60 seconds with the same tokens, not new ones (a lost response)', async () => {
      const conn = await connect(t.app, merchant, { client: await registerClient(t.app), scope: 'orders:read products:read' });
      const first = await refresh(t.app, conn);
      assert.equal(first.status, 200, first.raw);
      const again = await refresh(t.app, conn);
      assert.equal(again.status, 200, again.raw);
      assert.equal(again.headers['cache-control'], 'no-store');
      assert.deepEqual(Object.keys(again.body).sort(), ['access_token', 'expires_in', 'refresh_token', 'scope', 'token_type']);
      assert.equal(again.body.access_token, first.body.access_token);
      assert.equal(again.body.refresh_token, first.body.refresh_token);
      assert.equal(again.body.scope, first.body.scope);
      assert.equal(again.body.token_type, 'Bearer');
      assert.ok(again.body.expires_in <= first.body.expires_in && again.body.expires_in >= first.body.expires_in - 5, `${again.body.expires_in}`);
      const grantTokens = (table: 'oauth_refresh_tokens' | 'oauth_access_tokens') =>
        t.container.db.kysely
          .selectFrom(table)
          .innerJoin('oauth_grants', 'oauth_grants.id', `${table}.grant_id`)
          .select(`${table}.hash`)
          .where('oauth_grants.client_id', '=', conn.client.client_id)
          .execute();
      assert.equal((await grantTokens('oauth_refresh_tokens')).length, 2, 'one rotation: the original and one successor');
      assert.equal((await grantTokens('oauth_access_tokens')).length, 2, 'no second access token');
      assert.equal((await api(again.body.access_token)).statusCode, 200);
      const onward = await refresh(t.app, { client: conn.client, refreshToken: again.body.refresh_token });
      assert.equal(onward.status, 200, 'the successor works and the grant stands');

      // Only the same request replays: asking for another scope (or resource) with the old token is reuse.
      const narrow = await connect(t.app, merchant, { client: await registerClient(t.app), scope: 'orders:read products:read' });
      const narrowed = await refresh(t.app, narrow, { scope: 'orders:read' });
      assert.equal(narrowed.status, 200);
      const same = await refresh(t.app, narrow, { scope: 'orders:read' });
      assert.equal(same.body.access_token, narrowed.body.access_token);
      assertOAuthError(await refresh(t.app, narrow), 400, 'invalid_grant');
      assertOAuthError(await refresh(t.app, { client: narrow.client, refreshToken: narrowed.body.refresh_token }), 400, 'invalid_grant');
      const other = await connect(t.app, merchant, { client: await registerClient(t.app), scope: 'orders:read' });
      assert.equal((await refresh(t.app, other)).status, 200);
      assertOAuthError(await refresh(t.app, other, { resource: `${TEST_BASE_URL}/mcp` }), 400, 'invalid_grant');

      // Another client presenting the token gets no replay (and the grant is revoked, as for any reuse).
      const theirs = await connect(t.app, merchant, { client: await registerClient(t.app), scope: 'orders:read' });
      assert.equal((await refresh(t.app, theirs)).status, 200);
      assertOAuthError(await refresh(t.app, { client: await registerClient(t.app), refreshToken: theirs.refreshToken }), 400, 'invalid_grant');
    });

    it('keeps the answer to replay sealed: only the old refresh token opens it, not its stored hash', async () => {
      const conn = await connect(t.app, merchant, { client: await registerClient(t.app), scope: 'orders:read' });
      const first = await refresh(t.app, conn);
      assert.equal(first.status, 200);
      const hash = hashSecret(conn.refreshToken);
      const row = await t.container.db.kysely.selectFrom('oauth_refresh_tokens').select('replay_sealed').where('hash', '=', hash).executeTakeFirstOrThrow();
      const sealed = row.replay_sealed;
      assert.ok(sealed);
      for (const secret of [first.body.access_token, first.body.refresh_token]) {
        assert.ok(!sealed.includes(secret) && !Buffer.from(sealed, 'base64').toString('latin1').includes(secret), 'no token in the clear');
      }
      assert.equal(openRefreshAnswer(hash, hash, sealed), undefined, 'the hash in the database does not open it');
      assert.equal(openRefreshAnswer(conn.refreshToken, hashSecret(first.body.refresh_token), sealed), undefined, 'bound to its row');
      assert.equal(openRefreshAnswer(conn.refreshToken, hash, sealed)?.accessToken, first.body.access_token);
      const successor = await t.container.db.kysely
        .selectFrom('oauth_refresh_tokens')
        .select('replay_sealed')
        .where('hash', '=', hashSecret(first.body.refresh_token))
        .executeTakeFirstOrThrow();
      assert.equal(successor.replay_sealed, null, 'an unused token carries nothing');
    });

    it('rotates once for parallel refreshes with one token, and every one of them gets that rotation’s tokens', async () => {
      const conn = await connect(t.app, merchant, { client: await registerClient(t.app), scope: 'orders:read' });
      const results = await Promise.all(Array.from({ length: 10 }, () => refresh(t.app, conn)));
      const statuses = results.map((r) => r.status);
      assert.ok(statuses.every((s) => s === 200), statuses.join(','));
      assert.equal(new Set(results.map((r) => r.body.access_token)).size, 1, 'one access token for all');
      assert.equal(new Set(results.map((r) => r.body.refresh_token)).size, 1, 'one refresh token for all');
      const issued = await t.container.db.kysely
        .selectFrom('oauth_refresh_tokens')
        .innerJoin('oauth_grants', 'oauth_grants.id', 'oauth_refresh_tokens.grant_id')
        .select(['oauth_refresh_tokens.hash', 'oauth_refresh_tokens.parent_hash', 'oauth_grants.revoked_at'])
        .where('oauth_grants.client_id', '=', conn.client.client_id)
        .execute();
      assert.equal(issued.length, 2, 'the original and exactly one successor');
      assert.equal(issued.filter((r) => r.parent_hash === hashSecret(conn.refreshToken)).length, 1);
      assert.ok(issued.every((r) => r.revoked_at === null), 'the grant stands');
      assert.equal((await api(results[0]!.body.access_token)).statusCode, 200);
    });

    it('does not send the merchant through authorization again: a refresh works after the access token expired', async () => {
      const conn = await connect(t.app, merchant, { client: await registerClient(t.app), scope: 'orders:read' });
      await t.container.db.kysely.updateTable('oauth_access_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('hash', '=', hashSecret(conn.accessToken)).execute();
      const expired = await api(conn.accessToken);
      assert.equal(expired.statusCode, 401);
      assert.match(String(expired.headers['www-authenticate']), /error="invalid_token"/);
      const refreshed = await refresh(t.app, conn);
      assert.equal(refreshed.status, 200);
      assert.equal((await api(refreshed.body.access_token)).statusCode, 200);
    });
  });
});
