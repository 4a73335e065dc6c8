import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { hashSecret } from '../src/domain/shared/secrets.ts';
import { startTestApp, TEST_BASE_URL, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { connect, refresh } from './helpers/oauth.ts';

const PRM_URL = `${TEST_BASE_URL}/.well-known/oauth-protected-resource/mcp`;

describeEachDatabase('OAuth access tokens on the REST API and at /mcp (RFC 6750, RFC 8707, RFC 9728)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof jsonClient>;
  let merchant: Merchant;
  before(async () => {
    t = await startTestApp(kind);
    call = jsonClient(t.app);
    merchant = await signup(t.app);
  });
  after(() => t?.close());

  const mcp = (headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25', ...headers },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });

  /** A team: an owner, and an admin who joined by invitation. */
  async function team() {
    const owner = await signup(t.app);
    const admin = await signup(t.app);
    const invite = await call('POST', '/v1/members/invitations', { headers: owner.auth, body: { email: admin.email, role: 'admin' } });
    await call('POST', '/v1/invitations/accept', { headers: admin.auth, body: { token: invite.body.data.token } });
    return { owner, admin: { ...admin, storeId: owner.storeId, auth: { ...admin.auth, 'x-merchantid': owner.storeId } } };
  }

  describe('the REST API', () => {
    it('works like a session on /v1, limited to the granted scopes', async () => {
      const app = await connect(t.app, merchant, { scope: 'orders:read settings:read' });
      assert.equal(app.scope, 'orders:read settings:read');
      const perms = await call('GET', '/v1/users/me/permissions', { headers: app.auth });
      assert.equal(perms.status, 200);
      assert.equal(perms.body.data.credential, 'oauth');
      assert.equal(perms.body.data.storeId, merchant.storeId);
      assert.deepEqual(perms.body.data.permissions, ['orders:read', 'settings:read']);
      assert.equal((await call('GET', '/v1/members', { headers: app.auth })).status, 200);
      assert.equal((await call('GET', '/v1/audit-logs', { headers: app.auth })).status, 200);
      const business = await call('GET', '/v1/merchants/profile/business', { headers: app.auth });
      assert.equal(business.body.data.storeId, merchant.storeId);
      const stores = await call('GET', '/v1/stores', { headers: app.auth });
      assert.deepEqual(stores.body.data.map((s: { id: string }) => s.id), [merchant.storeId]);
    });

    it('shows an app only the store it was approved for', async () => {
      const owner = await signup(t.app);
      const second = await call('POST', '/v1/stores', { headers: owner.auth, body: { name: 'Second' } });
      const app = await connect(t.app, owner, { scope: 'orders:read', storeId: second.body.data.id });
      const stores = await call('GET', '/v1/stores', { headers: app.auth });
      assert.deepEqual(stores.body.data.map((s: { id: string }) => s.id), [second.body.data.id]);
      assert.equal((await call('GET', '/v1/users/me/permissions', { headers: app.auth })).body.data.storeId, second.body.data.id, 'no X-MerchantId needed');
    });

    it('answers a missing scope with 403 insufficient_scope naming it', async () => {
      const app = await connect(t.app, merchant, { scope: 'orders:read' });
      for (const [method, url, scope, body] of [
        ['GET', '/v1/members', 'settings:read'],
        ['GET', '/v1/audit-logs', 'settings:read'],
        ['GET', '/v1/api-keys', 'settings:write'],
        ['PATCH', '/v1/merchants/profile/business', 'settings:write', { name: 'Renamed by an app' }],
      ] as const) {
        const res = await call(method, url, { headers: app.auth, body });
        assert.equal(res.status, 403, `${method} ${url}`);
        assert.equal(res.body.error.code, 'PERMISSION_DENIED');
        assert.equal(res.headers['www-authenticate'], `Bearer realm="commerce-service", error="insufficient_scope", scope="${scope}", error_description="The app needs the ${scope} scope"`);
        assert.match(res.body.message, new RegExp(scope));
      }
      assert.notEqual((await call('GET', '/v1/merchants/profile/business', { headers: merchant.auth })).body.data.name, 'Renamed by an app');
    });

    it('grants nothing on the REST API for mcp:store: it is for the AI connector only', async () => {
      const app = await connect(t.app, merchant);
      assert.equal(app.scope, 'mcp:store');
      for (const url of ['/v1/users/me/permissions', '/v1/merchants/profile/business', '/v1/merchants/profile', '/v1/stores', '/v1/members', '/v1/audit-logs']) {
        const res = await call('GET', url, { headers: app.auth });
        assert.equal(res.status, 403, url);
        assert.equal(res.body.error.code, 'PERMISSION_DENIED');
        assert.match(String(res.headers['www-authenticate']), /^Bearer realm="commerce-service", error="insufficient_scope"/);
      }
    });

    it('binds the token to its store and mode: another X-MerchantId is 404, X-Mode test is 403', async () => {
      const other = await signup(t.app);
      const app = await connect(t.app, merchant, { scope: 'settings:read' });
      const foreign = await call('GET', '/v1/members', { headers: { ...app.auth, 'x-merchantid': other.storeId } });
      assert.equal(foreign.status, 404);
      assert.equal(foreign.body.error.code, 'STORE_NOT_FOUND');
      const test = await call('GET', '/v1/members', { headers: { ...app.auth, 'x-mode': 'test' } });
      assert.equal(test.status, 403);
      assert.equal(test.body.error.code, 'MODE_MISMATCH');
      assert.equal((await call('GET', '/v1/members', { headers: { ...app.auth, 'x-merchantid': merchant.storeId, 'x-mode': 'live' } })).status, 200);
    });

    it('names the app in audit entries for the writes it makes', async () => {
      const app = await connect(t.app, merchant, { scope: 'settings:write' });
      const res = await call('PATCH', '/v1/merchants/profile/business', { headers: app.auth, body: { legalName: 'Written by an app' } });
      assert.equal(res.status, 200, res.raw);
      const log = await call('GET', '/v1/audit-logs?limit=5', { headers: merchant.auth });
      const entry = log.body.data.find((e: { action: string }) => e.action === 'store.update');
      assert.equal(entry.actor.type, 'oauth_app');
      assert.equal(entry.actor.id, app.client.client_id);
      assert.match(entry.actor.label, /App "Test App" \(not verified\), approved by/);
      assert.equal(entry.actor.userId, merchant.userId);
      const consent = log.body.data.find((e: { action: string }) => e.action === 'oauth_app.authorize');
      assert.ok(consent, 'the consent is in the log too');
    });

    it('refuses session-only actions to app tokens', async () => {
      const app = await connect(t.app, merchant, { scope: 'settings:write' });
      for (const [method, url, body] of [
        ['POST', '/v1/stores', { name: 'By an app' }],
        ['POST', '/v1/auth/logout', undefined],
        ['PATCH', '/v1/merchants/profile', { name: 'By an app' }],
        ['GET', '/v1/connected-apps', undefined],
        ['DELETE', `/v1/connected-apps/${app.client.client_id}`, undefined],
      ] as const) {
        const res = await call(method, url, { headers: app.auth, body });
        assert.equal(res.status, 403, `${method} ${url}: ${res.raw}`);
        assert.equal(res.body.error.code, 'CREDENTIAL_NOT_ALLOWED');
      }
      assert.equal((await call('GET', '/v1/users/me/permissions', { headers: app.auth })).status, 200, 'the app still works');
    });

    it('follows the merchant’s live permissions: a lost permission or store is lost by the app at once', async () => {
      const { owner, admin } = await team();
      const app = await connect(t.app, admin, { scope: 'settings:read orders:read', storeId: owner.storeId });
      assert.equal((await call('GET', '/v1/members', { headers: app.auth })).status, 200);
      await call('PATCH', `/v1/members/${admin.userId}`, { headers: owner.auth, body: { role: 'staff' } });
      const demoted = await call('GET', '/v1/members', { headers: app.auth });
      assert.equal(demoted.status, 403, 'staff lack settings:read');
      assert.equal(demoted.headers['www-authenticate'], undefined, 'the scope was granted: asking for it again would not help');
      assert.deepEqual((await call('GET', '/v1/users/me/permissions', { headers: app.auth })).body.data.permissions, ['orders:read']);
      await call('DELETE', `/v1/members/${admin.userId}`, { headers: owner.auth });
      const gone = await call('GET', '/v1/users/me/permissions', { headers: app.auth });
      assert.equal(gone.status, 401);
      assert.match(String(gone.headers['www-authenticate']), /error="invalid_token"/);
    });
  });

  describe('refused tokens', () => {
    it('refuses unknown, expired, revoked, other-resource and refresh tokens with 401 invalid_token', async () => {
      const live = await connect(t.app, merchant, { scope: 'orders:read' });
      const expired = await connect(t.app, merchant, { scope: 'orders:read' });
      await t.container.db.kysely.updateTable('oauth_access_tokens').set({ expires_at: new Date(Date.now() - 1).toISOString() }).where('hash', '=', hashSecret(expired.accessToken)).execute();
      const revoked = await connect(t.app, merchant, { scope: 'orders:read mcp:store' });
      await call('DELETE', `/v1/connected-apps/${revoked.client.client_id}`, { headers: merchant.auth });
      const cases: Record<string, string> = {
        unknown: 'cs_at_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
        expired: expired.accessToken,
        revoked: revoked.accessToken,
        'a refresh token': live.refreshToken,
      };
      for (const [what, token] of Object.entries(cases)) {
        const rest = await call('GET', '/v1/users/me/permissions', { headers: { authorization: `Bearer ${token}` } });
        assert.equal(rest.status, 401, what);
        assert.equal(rest.body.error.code, 'AUTH_INVALID');
        assert.match(String(rest.headers['www-authenticate']), /^Bearer realm="commerce-service", error="invalid_token", error_description="/, what);
        const connector = await mcp({ authorization: `Bearer ${token}` });
        assert.equal(connector.statusCode, 401, `${what} at /mcp`);
        assert.match(String(connector.headers['www-authenticate']), /error="invalid_token"/);
        assert.match(String(connector.headers['www-authenticate']), new RegExp(`resource_metadata="${PRM_URL}"`));
      }
      assert.equal((await call('GET', '/v1/users/me/permissions', { headers: live.auth })).status, 200);
    });

    it('refuses a token issued for another resource (another BASE_URL) with 401 invalid_token', async () => {
      const moved = await startTestApp(kind, { database: t.database, baseUrl: 'https://moved.example.com' });
      try {
        const app = await connect(t.app, merchant, { scope: 'orders:read mcp:store' });
        assert.equal((await call('GET', '/v1/users/me/permissions', { headers: app.auth })).status, 200, `valid for ${TEST_BASE_URL}/mcp`);
        const there = await moved.app.inject({ method: 'GET', url: '/v1/users/me/permissions', headers: app.auth });
        assert.equal(there.statusCode, 401);
        assert.match(String(there.headers['www-authenticate']), /error="invalid_token"/);
        const connector = await moved.app.inject({ method: 'POST', url: '/mcp', headers: { ...app.auth, host: 'moved.example.com' }, payload: {} });
        assert.equal(connector.statusCode, 401);
      } finally {
        await moved.close();
      }
    });

    it('ignores access tokens in the query string or a form body', async () => {
      const app = await connect(t.app, merchant, { scope: 'orders:read mcp:store' });
      const query = await call('GET', `/v1/users/me/permissions?access_token=${app.accessToken}`);
      assert.equal(query.status, 401);
      assert.equal(query.body.error.code, 'AUTH_REQUIRED');
      const form = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `access_token=${app.accessToken}`,
      });
      assert.equal(form.statusCode, 401);
      const mcpQuery = await t.app.inject({ method: 'POST', url: `/mcp?access_token=${app.accessToken}`, payload: {} });
      assert.equal(mcpQuery.statusCode, 401);
    });

    it('answers 503 with Retry-After, never 401, when the database cannot verify a token', async () => {
      const down = await startTestApp(kind);
      try {
        const m = await signup(down.app);
        const app = await connect(down.app, m, { scope: 'orders:read mcp:store' });
        await down.container.db.close();
        const rest = await down.app.inject({ method: 'GET', url: '/v1/users/me/permissions', headers: app.auth });
        assert.equal(rest.statusCode, 503, rest.body);
        assert.equal(rest.headers['retry-after'], '5');
        assert.equal(rest.json().error.code, 'SERVICE_UNAVAILABLE');
        assert.doesNotMatch(String(rest.headers['www-authenticate'] ?? ''), /invalid_token/);
        const connector = await down.app.inject({ method: 'POST', url: '/mcp', headers: app.auth, payload: {} });
        assert.equal(connector.statusCode, 503);
        assert.equal(connector.headers['retry-after'], '5');
        assert.equal(connector.headers['www-authenticate'], undefined);
        const token = await down.app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `grant_type=refresh_token&refresh_token=${app.refreshToken}&client_id=${app.client.client_id}`,
        });
        assert.equal(token.statusCode, 503);
        assert.equal(token.json().error, 'temporarily_unavailable');
        assert.equal(token.headers['retry-after'], '5');
        // A page that reads the browser session (the dashboard's sign-in, which sends a signed-in browser on).
        const page = await down.app.inject({ method: 'GET', url: '/login', headers: { cookie: `cs_session=${m.token}` } });
        assert.equal(page.statusCode, 503);
        assert.equal(page.headers['retry-after'], '5');
      } finally {
        await down.close();
      }
    });
  });

  describe('the AI connector boundary (/mcp)', () => {
    it('answers /mcp without a token with 401 and a challenge naming the resource metadata and mcp:store, without an error', async () => {
      const res = await mcp();
      assert.equal(res.statusCode, 401);
      assert.equal(res.headers['www-authenticate'], `Bearer resource_metadata="${PRM_URL}", scope="mcp:store"`);
    });

    it('exposes WWW-Authenticate to browser clients at /mcp', async () => {
      // A browser-based client on an allowed origin (loopback here; MCP_ALLOWED_ORIGINS in production).
      const res = await mcp({ origin: 'http://localhost:6274' });
      assert.equal(res.statusCode, 401);
      assert.equal(res.headers['access-control-allow-origin'], '*');
      assert.match(String(res.headers['access-control-expose-headers']), /WWW-Authenticate/);
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/mcp',
        headers: { origin: 'http://localhost:6274', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, mcp-protocol-version' },
      });
      assert.equal(preflight.statusCode, 204);
      assert.match(String(preflight.headers['access-control-allow-headers']), /Authorization/);
      assert.match(String(preflight.headers['access-control-allow-headers']), /MCP-Protocol-Version/);
    });

    it('lets a token without mcp:store through at /mcp with its permission scopes only', async () => {
      const app = await connect(t.app, merchant, { scope: 'orders:read' });
      const res = await mcp({ ...app.auth, 'mcp-toolsets': 'all' });
      assert.equal(res.statusCode, 200, res.body);
      const names = [...res.body.matchAll(/"name":"([a-z_]+)"/g)].map((m) => m[1]);
      assert.ok(names.includes('list_orders'));
      // With every tool listed (toolsets=all), tools the merchant could grant are listed for step-up, saying the scope
      // is not granted (mcp-step-up.test.ts); the default list leaves them to find_tools (mcp-default-list.test.ts).
      assert.match(res.body, /"name":"list_products"[^}]*Not granted to this app yet/);
    });

    it('lets an mcp:store token, an API key and a session token through', async () => {
      const app = await connect(t.app, merchant);
      assert.equal((await mcp(app.auth)).statusCode, 200);
      const key = await createApiKey(t.app, merchant);
      assert.equal((await mcp({ 'x-merchantapikey': key.key })).statusCode, 200);
      assert.equal((await mcp(merchant.auth)).statusCode, 200);
      const refreshed = await refresh(t.app, app);
      assert.equal((await mcp({ authorization: `Bearer ${refreshed.body.access_token}` })).statusCode, 200);
    });
  });

  it('never forwards tokens: the only outbound HTTP requests are the fetch of a client metadata document and webhook deliveries, which send no credentials', () => {
    const root = path.join(import.meta.dirname, '..', 'src');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir)) {
        const full = path.join(dir, entry);
        if (statSync(full).isDirectory()) walk(full);
        else if (full.endsWith('.ts')) files.push(full);
      }
    };
    walk(root);
    // node:http may be imported for its server (the front cache builds Fastify's server), never for a client.
    const outbound =
      /\bfetch\(|import\s*\{[^}]*\b(request|get|Agent)\b[^}]*\}\s*from 'node:https?'|import\s+(\*\s+as\s+)?\w+\s+from 'node:https?'|from 'undici'|from 'axios'|\.request\(|new WebSocket/;
    const offenders = files.filter((file) => outbound.test(readFileSync(file, 'utf8'))).map((f) => path.relative(root, f));
    // Client ID Metadata Documents are fetched (docs/oauth.md) and webhooks delivered (docs/webhooks.md); nothing else
    // leaves the service.
    assert.deepEqual(offenders, [path.join('oauth', 'client-metadata', 'fetch-document.ts'), path.join('outbound', 'webhook-transport.ts')]);
    const transport = readFileSync(path.join(root, 'outbound', 'webhook-transport.ts'), 'utf8');
    const posted = /headers: \{ \.\.\.headers, ([^}]*)\}/.exec(transport)?.[1];
    assert.equal(posted?.trim(), "'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': USER_AGENT", 'a delivery sends its signature headers, type, length and User-Agent');
    assert.doesNotMatch(transport, /headers\[['"](authorization|cookie|x-merchantapikey)|['"](authorization|cookie|x-merchantapikey)['"]\s*:/i, 'and no credential header');
    const fetcher = readFileSync(path.join(root, 'oauth', 'client-metadata', 'fetch-document.ts'), 'utf8');
    const sent = /const headers: Record<string, string> = \{([^}]*)\}/.exec(fetcher)?.[1];
    assert.equal(sent?.trim(), "accept: 'application/json', 'user-agent': USER_AGENT", 'it sends Accept and User-Agent (and validators when revalidating), never a credential');
    assert.doesNotMatch(fetcher, /headers\[['"](authorization|cookie|x-merchantapikey)/i, 'and adds no credential header');
  });
});
