import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { authorize, connect, encodeForm, pkce, refresh, registerClient } from './helpers/oauth.ts';

describeEachDatabase('Connected apps: removal and revocation (RFC 7009)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof jsonClient>;
  before(async () => {
    t = await startTestApp(kind);
    call = jsonClient(t.app);
  });
  after(() => t?.close());

  const permissions = (app: TestApp, token: string) => app.app.inject({ method: 'GET', url: '/v1/users/me/permissions', headers: { authorization: `Bearer ${token}` } });

  describe('the API: GET and DELETE /v1/connected-apps', () => {
    it('lists the merchant’s connected apps with store, scopes, approval and last use', async () => {
      const m = await signup(t.app, { storeName: 'Listed Store' });
      assert.deepEqual((await call('GET', '/v1/connected-apps', { headers: m.auth })).body.data, []);
      const app = await connect(t.app, m, { scope: 'orders:read products:read' });
      await permissions(t, app.accessToken);
      const list = await call('GET', '/v1/connected-apps', { headers: m.auth });
      assert.equal(list.status, 200);
      assert.equal(list.body.data.length, 1);
      const [entry] = list.body.data;
      assert.equal(entry.clientId, app.client.client_id);
      assert.equal(entry.clientName, 'Test App');
      assert.equal(entry.verified, false);
      assert.deepEqual(entry.redirectHosts, ['app.example.com']);
      assert.deepEqual(entry.store, { id: m.storeId, name: 'Listed Store' });
      assert.equal(entry.mode, 'live');
      assert.deepEqual(entry.scopes, ['orders:read', 'products:read']);
      assert.match(entry.approvedAt, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}$/);
      assert.match(entry.lastUsedAt, /^\d{4}-\d\d-\d\dT/);
      // Approving the same app again in the same store is still one entry.
      await connect(t.app, m, { client: app.client, scope: 'orders:read' });
      assert.equal((await call('GET', '/v1/connected-apps', { headers: m.auth })).body.data.length, 1);
    });

    it('removes an app: both tokens stop working at once, and the removal is audited', async () => {
      const m = await signup(t.app);
      const app = await connect(t.app, m, { scope: 'orders:read' });
      assert.equal((await permissions(t, app.accessToken)).statusCode, 200);
      const removed = await call('DELETE', `/v1/connected-apps/${app.client.client_id}`, { headers: m.auth });
      assert.equal(removed.status, 200);
      assert.deepEqual(removed.body.data, { clientId: app.client.client_id });
      assert.equal((await permissions(t, app.accessToken)).statusCode, 401);
      assert.equal((await refresh(t.app, app)).body.error, 'invalid_grant');
      assert.deepEqual((await call('GET', '/v1/connected-apps', { headers: m.auth })).body.data, []);
      const log = await call('GET', '/v1/audit-logs', { headers: m.auth });
      const entry = log.body.data.find((e: { action: string }) => e.action === 'oauth_app.remove');
      assert.equal(entry.targetType, 'oauth_app');
      assert.equal(entry.targetId, app.client.client_id);
      assert.equal(entry.actor.type, 'user');
      assert.equal((await call('DELETE', `/v1/connected-apps/${app.client.client_id}`, { headers: m.auth })).status, 404, 'already removed');
    });

    it('answers another merchant’s app with 404 and changes nothing', async () => {
      const a = await signup(t.app);
      const b = await signup(t.app);
      const app = await connect(t.app, a, { scope: 'orders:read' });
      const res = await call('DELETE', `/v1/connected-apps/${app.client.client_id}`, { headers: b.auth });
      assert.equal(res.status, 404);
      assert.equal(res.body.error.code, 'CONNECTED_APP_NOT_FOUND');
      const unknown = await call('DELETE', '/v1/connected-apps/app_doesnotexist', { headers: b.auth });
      assert.equal(unknown.status, 404);
      assert.equal(unknown.body.message.replace(/"[^"]+"/, ''), res.body.message.replace(/"[^"]+"/, ''), 'same answer');
      assert.equal((await permissions(t, app.accessToken)).statusCode, 200, 'the app still works for its merchant');
      assert.deepEqual((await call('GET', '/v1/connected-apps', { headers: b.auth })).body.data, []);
    });

    it('removes an app from one store only when storeId is given', async () => {
      const m = await signup(t.app);
      const second = await call('POST', '/v1/stores', { headers: m.auth, body: { name: 'Second' } });
      const client = await registerClient(t.app);
      const inFirst = await connect(t.app, m, { client, scope: 'orders:read', storeId: m.storeId });
      const inSecond = await connect(t.app, m, { client, scope: 'orders:read', storeId: second.body.data.id });
      assert.equal((await call('GET', '/v1/connected-apps', { headers: m.auth })).body.data.length, 2);
      const res = await call('DELETE', `/v1/connected-apps/${client.client_id}?storeId=${second.body.data.id}`, { headers: m.auth });
      assert.equal(res.status, 200);
      assert.equal((await permissions(t, inSecond.accessToken)).statusCode, 401);
      assert.equal((await permissions(t, inFirst.accessToken)).statusCode, 200);
      assert.equal((await call('DELETE', `/v1/connected-apps/${client.client_id}?storeId=${second.body.data.id}`, { headers: m.auth })).status, 404);
    });

    it('needs a signed-in merchant: no credential is 401, an API key 403', async () => {
      const m = await signup(t.app);
      assert.equal((await call('GET', '/v1/connected-apps')).status, 401);
      const key = await createApiKey(t.app, m);
      for (const [method, url] of [
        ['GET', '/v1/connected-apps'],
        ['DELETE', '/v1/connected-apps/app_x'],
      ] as const) {
        const res = await call(method, url, { headers: { 'x-merchantapikey': key.key } });
        assert.equal(res.status, 403, `${method} ${url}`);
        assert.equal(res.body.error.code, 'CREDENTIAL_NOT_ALLOWED');
      }
    });
  });

  describe('apps belong to the store', () => {
    /** A new merchant who joins `owner`'s store with `role` (through an invitation); their own store is separate. */
    async function join(owner: Merchant, role: 'admin' | 'staff'): Promise<Merchant> {
      const member = await signup(t.app);
      const invitation = await call('POST', '/v1/members/invitations', { headers: owner.auth, body: { email: member.email, role } });
      assert.equal(invitation.status, 201, invitation.raw);
      const accepted = await call('POST', '/v1/invitations/accept', { headers: member.auth, body: { token: invitation.body.data.token } });
      assert.equal(accepted.status, 200, accepted.raw);
      return member;
    }
    const list = async (m: Merchant) => (await call('GET', '/v1/connected-apps', { headers: m.auth })).body.data as Array<Record<string, any>>;
    const inStore = (apps: Array<Record<string, any>>, storeId: string) => apps.filter((a) => a.store.id === storeId);

    it('shows the owner every app connected to the store, with who approved it; removing it stops both tokens at once, on every instance', async () => {
      const second = await startTestApp(kind, { database: t.database });
      try {
        const owner = await signup(t.app, { storeName: 'Owned Store' });
        const admin = await join(owner, 'admin');
        const app = await connect(t.app, admin, { scope: 'customers:read', storeId: owner.storeId });
        assert.equal((await permissions(second, app.accessToken)).statusCode, 200);

        const seen = inStore(await list(owner), owner.storeId);
        assert.equal(seen.length, 1);
        assert.equal(seen[0]!.clientId, app.client.client_id);
        assert.deepEqual(seen[0]!.store, { id: owner.storeId, name: 'Owned Store' });
        assert.deepEqual(seen[0]!.approvedBy, [{ userId: admin.userId, email: admin.email }]);
        assert.deepEqual(seen[0]!.scopes, ['customers:read']);
        assert.match(seen[0]!.approvedAt, /^\d{4}-\d\d-\d\dT/);
        assert.match(seen[0]!.lastUsedAt, /^\d{4}-\d\d-\d\dT/);

        const removed = await call('DELETE', `/v1/connected-apps/${app.client.client_id}?storeId=${owner.storeId}`, { headers: owner.auth });
        assert.equal(removed.status, 200, removed.raw);
        for (const instance of [t, second]) {
          assert.equal((await permissions(instance, app.accessToken)).statusCode, 401);
          assert.equal((await instance.app.inject({ method: 'GET', url: '/v1/customers', headers: app.auth })).statusCode, 401);
        }
        assert.equal((await refresh(second.app, app)).body.error, 'invalid_grant');
        assert.equal((await refresh(t.app, app)).body.error, 'invalid_grant');
        assert.deepEqual(await list(owner), []);
        assert.deepEqual(await list(admin), [], 'gone for the admin who approved it too');

        const log = await call('GET', '/v1/audit-logs', { headers: owner.auth });
        const entry = log.body.data.find((e: { action: string }) => e.action === 'oauth_app.remove');
        assert.equal(entry.targetId, app.client.client_id);
        assert.equal(entry.actor.id, owner.userId);
        assert.deepEqual(entry.details.approvedBy, [admin.userId]);
      } finally {
        await second.close();
      }
    });

    it('removes an app whoever approved it, without storeId too, and lists every approver of one app once', async () => {
      const owner = await signup(t.app);
      const admin = await join(owner, 'admin');
      const staff = await join(owner, 'staff');
      const client = await registerClient(t.app);
      const byOwner = await connect(t.app, owner, { client, scope: 'orders:read' });
      const byAdmin = await connect(t.app, admin, { client, scope: 'customers:read', storeId: owner.storeId });
      const byStaff = await connect(t.app, staff, { client, scope: 'orders:write', storeId: owner.storeId });
      const [entry, ...rest] = inStore(await list(owner), owner.storeId);
      assert.equal(rest.length, 0, 'one entry per app, store and mode');
      assert.deepEqual(
        entry!.approvedBy.map((a: { email: string }) => a.email),
        [owner.email, admin.email, staff.email],
      );
      assert.deepEqual(entry!.scopes, ['orders:read', 'orders:write', 'customers:read']);
      const staffView = inStore(await list(staff), owner.storeId);
      assert.deepEqual(staffView[0]!.approvedBy, [{ userId: staff.userId, email: staff.email }], 'staff see only their own approval');
      assert.deepEqual(staffView[0]!.scopes, ['orders:write']);

      assert.equal((await call('DELETE', `/v1/connected-apps/${client.client_id}`, { headers: owner.auth })).status, 200);
      for (const c of [byOwner, byAdmin, byStaff]) {
        assert.equal((await permissions(t, c.accessToken)).statusCode, 401);
        assert.equal((await refresh(t.app, c)).body.error, 'invalid_grant');
      }
    });

    it('shows admins and staff only the apps they approved; they cannot remove the owner’s (404, nothing revoked), only their own', async () => {
      const owner = await signup(t.app);
      const admin = await join(owner, 'admin');
      const staff = await join(owner, 'staff');
      const ownersApp = await connect(t.app, owner, { scope: 'orders:read' });
      const adminsApp = await connect(t.app, admin, { scope: 'orders:read', storeId: owner.storeId });
      const staffsApp = await connect(t.app, staff, { scope: 'orders:read', storeId: owner.storeId });
      const ids = async (m: Merchant) => (await list(m)).map((a) => a.clientId).sort();

      assert.deepEqual(await ids(admin), [adminsApp.client.client_id]);
      assert.deepEqual(await ids(staff), [staffsApp.client.client_id]);
      assert.deepEqual(await ids(owner), [ownersApp, adminsApp, staffsApp].map((c) => c.client.client_id).sort());

      for (const member of [staff, admin]) {
        for (const url of [`/v1/connected-apps/${ownersApp.client.client_id}`, `/v1/connected-apps/${ownersApp.client.client_id}?storeId=${owner.storeId}`]) {
          const res = await call('DELETE', url, { headers: member.auth });
          assert.equal(res.status, 404, url);
          assert.equal(res.body.error.code, 'CONNECTED_APP_NOT_FOUND');
        }
      }
      assert.equal((await call('DELETE', `/v1/connected-apps/${adminsApp.client.client_id}`, { headers: staff.auth })).status, 404, 'nor another member’s');
      assert.equal((await permissions(t, ownersApp.accessToken)).statusCode, 200, 'nothing was revoked');
      assert.equal((await permissions(t, adminsApp.accessToken)).statusCode, 200);
      assert.equal((await refresh(t.app, ownersApp)).status, 200);

      assert.equal((await call('DELETE', `/v1/connected-apps/${staffsApp.client.client_id}`, { headers: staff.auth })).status, 200, 'their own');
      assert.equal((await permissions(t, staffsApp.accessToken)).statusCode, 401);
    });

    it('answers the owner of another store with 404 for this store’s apps and lists none of them', async () => {
      const owner = await signup(t.app);
      const outsider = await signup(t.app);
      const app = await connect(t.app, owner, { scope: 'orders:read' });
      for (const url of [`/v1/connected-apps/${app.client.client_id}`, `/v1/connected-apps/${app.client.client_id}?storeId=${owner.storeId}`]) {
        const res = await call('DELETE', url, { headers: outsider.auth });
        assert.equal(res.status, 404, url);
        assert.equal(res.body.error.code, 'CONNECTED_APP_NOT_FOUND');
      }
      assert.deepEqual(await list(outsider), []);
      assert.equal((await permissions(t, app.accessToken)).statusCode, 200);
    });
  });

  describe('revocation', () => {
    it('removing an app stops both tokens and pending codes at once, on every instance', async () => {
      const second = await startTestApp(kind, { database: t.database });
      try {
        const m = await signup(t.app);
        const client = await registerClient(t.app);
        const app = await connect(t.app, m, { client, scope: 'orders:read mcp:store' });
        const { verifier, challenge } = pkce();
        const pending = await authorize(t.app, m, client, { challenge, query: { scope: 'orders:read' } });
        assert.equal((await permissions(second, app.accessToken)).statusCode, 200, 'the other instance accepts the token');

        // As the dashboard's Connected Apps page removes it: DELETE with the merchant's session, naming the store.
        const removed = await call('DELETE', `/v1/connected-apps/${client.client_id}?storeId=${m.storeId}`, { headers: m.auth });
        assert.equal(removed.status, 200, removed.raw);

        for (const instance of [t, second]) {
          assert.equal((await permissions(instance, app.accessToken)).statusCode, 401);
          const mcp = await instance.app.inject({ method: 'POST', url: '/mcp', headers: app.auth, payload: {} });
          assert.equal(mcp.statusCode, 401);
        }
        const refreshed = await second.app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: encodeForm({ grant_type: 'refresh_token', refresh_token: app.refreshToken, client_id: client.client_id }),
        });
        assert.equal(refreshed.json().error, 'invalid_grant');
        const code = await second.app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: encodeForm({ grant_type: 'authorization_code', code: pending.code!, redirect_uri: client.redirect_uris[0], client_id: client.client_id, code_verifier: verifier }),
        });
        assert.equal(code.json().error, 'invalid_grant', 'a pending code dies with its grant');
      } finally {
        await second.close();
      }
    });

    it('revokes tokens at /oauth/revoke: 200 for unknown tokens, the grant for a refresh token, nothing for another client’s token', async () => {
      const m = await signup(t.app);
      const revoke = (fields: Record<string, string | undefined>, headers: Record<string, string> = {}) =>
        t.app.inject({ method: 'POST', url: '/oauth/revoke', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: encodeForm(fields) });

      const a = await connect(t.app, m, { scope: 'orders:read' });
      const b = await connect(t.app, m, { scope: 'orders:read' });
      const foreign = await revoke({ token: a.refreshToken, client_id: b.client.client_id });
      assert.equal(foreign.statusCode, 200);
      assert.equal((await permissions(t, a.accessToken)).statusCode, 200, "another client's token is not revoked");

      const byRefresh = await revoke({ token: a.refreshToken, client_id: a.client.client_id, token_type_hint: 'refresh_token' });
      assert.equal(byRefresh.statusCode, 200);
      assert.equal(byRefresh.body, '');
      assert.equal(byRefresh.headers['cache-control'], 'no-store');
      assert.equal((await permissions(t, a.accessToken)).statusCode, 401, 'the access tokens of the grant die too');
      assert.equal((await refresh(t.app, a)).body.error, 'invalid_grant');
      assert.equal((await revoke({ token: a.refreshToken, client_id: a.client.client_id })).statusCode, 200, 'already revoked: still 200');

      const byAccess = await revoke({ token: b.accessToken, client_id: b.client.client_id });
      assert.equal(byAccess.statusCode, 200);
      assert.equal((await permissions(t, b.accessToken)).statusCode, 401);
      const next = await refresh(t.app, b);
      assert.equal(next.status, 200, 'revoking an access token leaves the refresh token');

      assert.equal((await revoke({ token: 'cs_rt_unknown', client_id: b.client.client_id })).statusCode, 200);
      assert.equal((await revoke({ token: 'whatever', client_id: b.client.client_id })).statusCode, 200);
      const unknownClient = await revoke({ token: b.refreshToken, client_id: 'app_unknown' });
      assert.equal(unknownClient.statusCode, 400);
      assert.equal(unknownClient.json().error, 'invalid_client');
      const missing = await revoke({ client_id: b.client.client_id });
      assert.equal(missing.json().error, 'invalid_request');
      const json = await t.app.inject({ method: 'POST', url: '/oauth/revoke', payload: { token: 'x', client_id: b.client.client_id } });
      assert.equal(json.json().error, 'invalid_request');
      const metadata = (await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' })).json();
      assert.match(metadata.revocation_endpoint, /\/oauth\/revoke$/);
    });

    it('re-authorizing after a removal creates a new grant that works, while the old tokens stay dead', async () => {
      const m = await signup(t.app);
      const client = await registerClient(t.app);
      const old = await connect(t.app, m, { client, scope: 'orders:read' });
      await call('DELETE', `/v1/connected-apps/${client.client_id}`, { headers: m.auth });
      const fresh = await connect(t.app, m, { client, scope: 'orders:read' });
      assert.equal((await permissions(t, fresh.accessToken)).statusCode, 200);
      assert.equal((await refresh(t.app, fresh)).status, 200);
      assert.equal((await permissions(t, old.accessToken)).statusCode, 401);
      assert.equal((await refresh(t.app, old)).body.error, 'invalid_grant');
      const list = await call('GET', '/v1/connected-apps', { headers: m.auth });
      assert.equal(list.body.data.length, 1);
    });
  });
});
