import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expandPermissions, type Permission, ROLE_PERMISSIONS, type Role } from '../src/domain/shared/permissions.ts';
import { TOOLS } from '../src/mcp/tools/index.ts';
import { WEBHOOK_DEFAULTS } from '../src/config.ts';
import { insertCustomer, variableProduct } from './helpers/catalog.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, joinStore, type Merchant, signup } from './helpers/merchants.ts';
import { connect } from './helpers/oauth.ts';

/**
 * "A credential can never create something stronger than itself": every credential kind × every action that creates
 * or widens a credential or a membership. Each cell asserts the expected answer; every success is checked against the
 * caller's own effective permissions, and every refusal against the database (nothing written).
 */
describeEachDatabase('no credential creates something stronger than itself', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let owner: Merchant;
  let staff: Merchant;
  /** The credentials of the table, by name: request headers acting in the owner's store. */
  const creds: Record<string, Record<string, string>> = {};

  const join = (role: Role) => joinStore(t.app, owner, role);

  before(async () => {
    // Webhook endpoints on loopback (tests only): the directing-data cells subscribe and retarget them.
    t = await startTestApp(kind, { config: { webhooks: { ...WEBHOOK_DEFAULTS, allowLoopback: true } } });
    call = client(t.app);
    owner = await signup(t.app);
    staff = await join('staff');
    creds['owner session'] = owner.auth;
    creds['staff session'] = staff.auth;
    creds['restricted key (settings:write)'] = { 'x-merchantapikey': (await createApiKey(t.app, owner, { permissions: ['settings:write'] })).key };
    creds['full key'] = { 'x-merchantapikey': (await createApiKey(t.app, owner)).key };
    creds['app token (orders:read)'] = (await connect(t.app, owner, { scope: 'orders:read' })).auth;
    creds['app token (settings:write)'] = (await connect(t.app, owner, { scope: 'settings:write' })).auth;
    creds['mcp:store token'] = (await connect(t.app, owner)).auth;
  });
  after(() => t?.close());

  /** The caller's effective permissions in the owner's store (an mcp:store token has none on REST). */
  async function effective(headers: Record<string, string>): Promise<Set<Permission>> {
    const res = await call('GET', '/v1/users/me/permissions', { headers });
    return new Set(res.status === 200 ? (res.body.data.permissions as Permission[]) : []);
  }

  /** What a refusal must leave untouched: the store's keys, open invitations and member roles. */
  async function snapshot(): Promise<string> {
    const db = t.container.db.kysely;
    const keys = await db.selectFrom('api_keys').select(['id', 'permissions', 'revoked_at']).where('store_id', '=', owner.storeId).orderBy('id').execute();
    const invitations = await db.selectFrom('store_invitations').select(['id', 'role']).where('store_id', '=', owner.storeId).orderBy('id').execute();
    const members = await db.selectFrom('store_members').select(['user_id', 'role']).where('store_id', '=', owner.storeId).orderBy('user_id').execute();
    return JSON.stringify({ keys, invitations, members });
  }

  function assertWithin(created: Iterable<Permission>, caller: Set<Permission>, what: string): void {
    const beyond = [...created].filter((p) => !caller.has(p));
    assert.deepEqual(beyond, [], `${what} exceeds its creator`);
  }

  async function refused(res: { status: number; body: any; raw: string }, before: string, code: string, what: string): Promise<void> {
    assert.equal(res.status, 403, `${what}: ${res.raw}`);
    assert.equal(res.body.error.code, code, `${what}: ${res.raw}`);
    assert.ok(res.body.message.length > 20, 'the refusal says why');
    assert.equal(await snapshot(), before, `${what}: nothing was written`);
  }

  describe('creating an API key', () => {
    // Expected permissions of a key created without `permissions` ('role' = null, following the creator's role).
    const withoutPermissions: Record<string, 'role' | Permission[] | string> = {
      'owner session': 'role',
      'staff session': 'PERMISSION_DENIED',
      'restricted key (settings:write)': ['settings:read', 'settings:write'],
      'full key': [...ROLE_PERMISSIONS.owner],
      'app token (orders:read)': 'PERMISSION_DENIED',
      'app token (settings:write)': 'CREDENTIAL_NOT_ALLOWED',
      'mcp:store token': 'PERMISSION_DENIED',
    };
    for (const [name, expected] of Object.entries(withoutPermissions)) {
      it(`without permissions, by ${name}: ${Array.isArray(expected) ? 'its own effective permissions, stored' : expected}`, async () => {
        const headers = creds[name]!;
        const caller = await effective(headers);
        const before = await snapshot();
        const res = await call('POST', '/v1/api-keys', { headers, body: { name: `by ${name}` } });
        if (typeof expected === 'string' && expected !== 'role') return refused(res, before, expected, name);
        assert.equal(res.status, 201, res.raw);
        assert.deepEqual(res.body.data.permissions, expected === 'role' ? null : expected);
        const stored = await t.container.db.kysely.selectFrom('api_keys').select('permissions').where('id', '=', res.body.data.id).executeTakeFirstOrThrow();
        assert.equal(stored.permissions === null, expected === 'role', 'stored explicitly unless made by a full session');
        const made = await effective({ 'x-merchantapikey': res.body.data.key });
        assertWithin(made, caller, `the key made by ${name}`);
        // The reproduction: a settings-only key's key reads no orders and writes no products.
        if (name.startsWith('restricted')) {
          assert.equal((await call('GET', '/v1/orders', { headers: { 'x-merchantapikey': res.body.data.key } })).status, 403);
          assert.equal((await call('GET', '/v1/customers', { headers: { 'x-merchantapikey': res.body.data.key } })).status, 403);
        }
      });
    }

    const asking: Array<[string, Permission[], string | null]> = [
      ['restricted key (settings:write)', ['orders:read'], 'PERMISSION_DENIED'],
      ['restricted key (settings:write)', ['settings:read'], null],
      ['full key', ['orders:write'], null],
      ['owner session', ['orders:read', 'products:write'], null],
      ['app token (settings:write)', ['settings:read'], 'CREDENTIAL_NOT_ALLOWED'],
    ];
    for (const [name, permissions, expected] of asking) {
      it(`asking for ${permissions.join(', ')}, by ${name}: ${expected ?? 'created within bounds'}`, async () => {
        const headers = creds[name]!;
        const caller = await effective(headers);
        const before = await snapshot();
        const res = await call('POST', '/v1/api-keys', { headers, body: { name: 'asked', permissions } });
        if (expected) {
          await refused(res, before, expected, name);
          if (expected === 'PERMISSION_DENIED') {
            assert.deepEqual(res.body.error.details.map((d: { rule: string }) => d.rule), permissions.map((p) => `you lack ${p}`));
            assert.match(res.body.message, new RegExp(permissions.join(', ')));
          }
          return;
        }
        assert.equal(res.status, 201, res.raw);
        assertWithin(res.body.data.permissions, caller, name);
        assertWithin(expandPermissions(permissions), new Set(res.body.data.permissions), 'what was asked for');
      });
    }
  });

  describe('inviting a member', () => {
    // For each credential: the invitation roles it may give.
    const allowed: Record<string, Role[]> = {
      'owner session': ['owner', 'admin', 'staff'],
      'staff session': [],
      'restricted key (settings:write)': [],
      'full key': ['admin', 'staff'],
      'app token (orders:read)': [],
      'app token (settings:write)': [],
      'mcp:store token': [],
    };
    for (const [name, roles] of Object.entries(allowed)) {
      for (const role of ['owner', 'admin', 'staff'] as const) {
        const ok = roles.includes(role);
        it(`as ${role}, by ${name}: ${ok ? 'invited' : 'refused with 403'}`, async () => {
          const headers = creds[name]!;
          const caller = await effective(headers);
          const before = await snapshot();
          const res = await call('POST', '/v1/members/invitations', { headers, body: { email: `invitee.${role}.${Date.now()}@example.com`, role } });
          if (!ok) {
            assert.equal(res.status, 403, res.raw);
            assert.equal(await snapshot(), before, 'nothing was written');
            if (name === 'app token (settings:write)') assert.equal(res.body.error.code, 'CREDENTIAL_NOT_ALLOWED');
            if (name === 'full key' && role === 'owner') {
              assert.equal(res.body.error.code, 'CREDENTIAL_NOT_ALLOWED');
              assert.match(res.body.message, /signed-in owner/);
            }
            if (name.startsWith('restricted') && role !== 'owner') {
              assert.equal(res.body.error.code, 'PERMISSION_DENIED');
              assert.ok(res.body.error.details.some((d: { path: string; rule: string }) => d.path === 'role' && /you lack/.test(d.rule)));
            }
            return;
          }
          assert.equal(res.status, 201, res.raw);
          assertWithin(expandPermissions(ROLE_PERMISSIONS[role]), caller, `the ${role} invitation`);
        });
      }
    }
  });

  describe('accepting an invitation', () => {
    it('withdraws an invitation whose sender can no longer give its role (demoted or gone), joining nobody', async () => {
      const a = await signup(t.app);
      const b = await signup(t.app);
      const makeOwner = await call('POST', '/v1/members/invitations', { headers: a.auth, body: { email: b.email, role: 'owner' } });
      await call('POST', '/v1/invitations/accept', { headers: b.auth, body: { token: makeOwner.body.data.token } });
      const bAuth = { ...b.auth, 'x-merchantid': a.storeId };
      const invitee = await signup(t.app);
      const pending = await call('POST', '/v1/members/invitations', { headers: a.auth, body: { email: invitee.email, role: 'admin' } });
      assert.equal(pending.status, 201);
      assert.equal((await call('PATCH', `/v1/members/${a.userId}`, { headers: bAuth, body: { role: 'admin' } })).status, 200, 'the sender is demoted');
      const accepted = await call('POST', '/v1/invitations/accept', { headers: invitee.auth, body: { token: pending.body.data.token } });
      assert.equal(accepted.status, 410, accepted.raw);
      assert.equal(accepted.body.error.code, 'INVITATION_WITHDRAWN');
      const joined = await t.container.db.kysely.selectFrom('store_members').select('role').where('store_id', '=', a.storeId).where('user_id', '=', invitee.userId).execute();
      assert.deepEqual(joined, [], 'nobody joined');

      // Still good while the sender may give the role: B (an owner) invites, and the invitation is accepted.
      const fromB = await call('POST', '/v1/members/invitations', { headers: bAuth, body: { email: invitee.email, role: 'staff' } });
      assert.equal((await call('POST', '/v1/invitations/accept', { headers: invitee.auth, body: { token: fromB.body.data.token } })).status, 200);
    });
  });

  describe("changing a member's role and removing a member", () => {
    const outcomes: Array<[string, 'promote staff to admin' | 'promote staff to owner' | 'demote an owner' | 'remove an owner' | 'remove staff', boolean]> = [
      ['owner session', 'promote staff to admin', true],
      ['owner session', 'promote staff to owner', true],
      ['owner session', 'demote an owner', true],
      ['owner session', 'remove an owner', true],
      ['full key', 'promote staff to admin', true],
      ['full key', 'remove staff', true],
      ['full key', 'promote staff to owner', false],
      ['full key', 'demote an owner', false],
      ['full key', 'remove an owner', false],
      ['restricted key (settings:write)', 'promote staff to admin', false],
      ['restricted key (settings:write)', 'remove staff', false],
      ['restricted key (settings:write)', 'demote an owner', false],
      ['staff session', 'promote staff to admin', false],
      ['app token (settings:write)', 'promote staff to admin', false],
      ['app token (settings:write)', 'remove staff', false],
      ['app token (orders:read)', 'remove staff', false],
      ['mcp:store token', 'promote staff to owner', false],
    ];
    for (const [name, action, ok] of outcomes) {
      it(`${action}, by ${name}: ${ok ? 'done' : 'refused with 403'}`, async () => {
        const target = await join(action.includes('owner') && !action.startsWith('promote') ? 'owner' : 'staff');
        const headers = creds[name]!;
        const caller = await effective(headers);
        const before = await snapshot();
        const to: Role | null = action === 'promote staff to admin' ? 'admin' : action === 'promote staff to owner' ? 'owner' : action === 'demote an owner' ? 'staff' : null;
        const res =
          to === null
            ? await call('DELETE', `/v1/members/${target.userId}`, { headers })
            : await call('PATCH', `/v1/members/${target.userId}`, { headers, body: { role: to } });
        if (!ok) {
          assert.equal(res.status, 403, res.raw);
          assert.equal(await snapshot(), before, 'nothing was written');
          return;
        }
        assert.equal(res.status, 200, res.raw);
        if (to) assertWithin(expandPermissions(ROLE_PERMISSIONS[to]), caller, `the ${to} role`);
      });
    }

    it('refuses demoting or removing the last owner, also when two owners demote each other at once', async () => {
      const solo = await signup(t.app);
      const self = await call('PATCH', `/v1/members/${solo.userId}`, { headers: solo.auth, body: { role: 'admin' } });
      assert.equal(self.status, 409);
      assert.equal(self.body.error.code, 'LAST_OWNER');
      assert.equal((await call('DELETE', `/v1/members/${solo.userId}`, { headers: solo.auth })).status, 409);

      const second = await signup(t.app);
      const invite = await call('POST', '/v1/members/invitations', { headers: solo.auth, body: { email: second.email, role: 'owner' } });
      await call('POST', '/v1/invitations/accept', { headers: second.auth, body: { token: invite.body.data.token } });
      // Both callers are resolved first (as two requests already past authentication), then race in the service.
      const { auth, members } = t.container.services;
      const contextOf = async (token: string) => {
        const base = { requestId: 'race', now: new Date() };
        return auth.storeContext(base, await auth.authenticate(base, { bearer: token }), { merchantId: solo.storeId });
      };
      const [soloCtx, secondCtx] = await Promise.all([contextOf(solo.token), contextOf(second.token)]);
      const outcomes = await Promise.allSettled([members.changeRole(soloCtx, second.userId, 'staff'), members.changeRole(secondCtx, solo.userId, 'staff')]);
      assert.deepEqual(
        outcomes.map((o) => (o.status === 'fulfilled' ? 'done' : (o.reason as { code?: string }).code)).sort(),
        ['LAST_OWNER', 'done'],
      );
      const owners = await t.container.db.kysely.selectFrom('store_members').select('user_id').where('store_id', '=', solo.storeId).where('role', '=', 'owner').execute();
      assert.equal(owners.length, 1, 'the store keeps one owner');
    });
  });

  describe('directing data is reading it: every credential kind, every action that chooses where store data goes', () => {
    const HOOK = 'http://127.0.0.1:9/hook';
    /** The owner's `*` endpoint with an order.created delivery waiting, and what a refusal must leave untouched. */
    let endpointId: string;
    let deliveryId: string;
    before(async () => {
      const created = await call('POST', '/v1/webhooks', { headers: owner.auth, body: { url: HOOK, eventTypes: ['*'] } });
      assert.equal(created.status, 201, created.raw);
      endpointId = created.body.data.id;
      const { productId, skuIds } = await variableProduct(t.app, owner, { skus: [{ price: 10, quantityInStock: 9, attributes: { Size: 'S' } }] });
      await call('PATCH', `/v1/products/${productId}`, { headers: owner.auth, body: { status: 'active' } });
      const order = await call('POST', '/v1/orders', { headers: owner.auth, body: { customerId: await insertCustomer(t, owner.storeId), lines: [{ skuId: skuIds[0], quantity: 1 }] } });
      assert.equal(order.status, 201, order.raw);
      const log = await call('GET', `/v1/webhooks/${endpointId}/deliveries?eventType=order.created`, { headers: owner.auth });
      deliveryId = log.body.data[0].id;
    });
    const directed = async () => {
      const db = t.container.db.kysely;
      const endpoints = await db.selectFrom('webhook_endpoints').select(['id', 'url', 'event_types', 'secret']).where('store_id', '=', owner.storeId).orderBy('id').execute();
      const links = await db.selectFrom('email_links').select(['id', 'email']).where('store_id', '=', owner.storeId).execute();
      const settings = await db.selectFrom('store_settings').select(['notification_email']).where('store_id', '=', owner.storeId).execute();
      return JSON.stringify({ endpoints, links, settings });
    };
    const ALL_READS: Permission[] = ['orders:read', 'products:read', 'inventory:read', 'customers:read', 'reviews:read', 'payments:read', 'settings:read'];
    /** Each action: what it needs beyond managing webhooks or settings, and the request. */
    const actions: Array<{ name: string; reads: Permission[]; manage: Permission; ownersEndpoint: boolean; send: (headers: Record<string, string>) => ReturnType<typeof call> }> = [
      { name: 'create a * endpoint', reads: ALL_READS, manage: 'settings:write', ownersEndpoint: false, send: (headers) => call('POST', '/v1/webhooks', { headers, body: { url: HOOK, eventTypes: ['*'] } }) },
      { name: "retarget the owner's * endpoint", reads: ALL_READS, manage: 'settings:write', ownersEndpoint: true, send: (headers) => call('PATCH', `/v1/webhooks/${endpointId}`, { headers, body: { url: `${HOOK}?elsewhere` } }) },
      { name: 'rotate its signing secret', reads: ALL_READS, manage: 'settings:write', ownersEndpoint: true, send: (headers) => call('POST', `/v1/webhooks/${endpointId}/rotate-secret`, { headers, body: { overlapSeconds: 0 } }) },
      { name: "read an order delivery's body", reads: ['orders:read'], manage: 'settings:read', ownersEndpoint: true, send: (headers) => call('GET', `/v1/webhooks/${endpointId}/deliveries/${deliveryId}`, { headers }) },
      {
        name: 'set the notification address',
        reads: ['orders:read', 'customers:read', 'inventory:read', 'settings:read'],
        manage: 'settings:write',
        ownersEndpoint: false,
        send: (headers) => call('PATCH', '/v1/settings', { headers, body: { notificationEmail: `desk.${Date.now()}@example.com` } }),
      },
    ];
    for (const name of ['owner session', 'staff session', 'restricted key (settings:write)', 'full key', 'app token (orders:read)', 'app token (settings:write)', 'mcp:store token']) {
      for (const action of actions) {
        it(`${action.name}, by ${name}: allowed only with every read permission of what flows there`, async () => {
          const headers = creds[name]!;
          const caller = await effective(headers);
          const isApp = name.startsWith('app token');
          // An app manages only its own endpoints (no settings permission needed there): the owner's are not found.
          const manages = isApp && action.name !== 'set the notification address' ? true : caller.has(action.manage);
          const expected = isApp && action.ownersEndpoint ? 404 : manages && action.reads.every((p) => caller.has(p)) ? 'ok' : 403;
          const before = await directed();
          const res = await action.send(headers);
          if (expected === 'ok') {
            assert.ok(res.status === 200 || res.status === 201, `${res.status} ${res.raw}`);
            return;
          }
          assert.equal(res.status, expected, res.raw);
          assert.equal(await directed(), before, 'nothing was written');
        });
      }
    }
  });

  describe('the AI connector and app approvals', () => {
    it('offers no MCP tool that creates keys or changes members, so an mcp:store token cannot reach those actions', async () => {
      const names = TOOLS.map((tool) => tool.name);
      assert.deepEqual(names.filter((n) => /api_key|invit|member|role|credential/.test(n)), []);
      const res = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: { ...creds['mcp:store token'], 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.doesNotMatch(res.body, /"name":"[a-z_]*(api_key|invit|member)[a-z_]*"/);
      const rest = await call('POST', '/v1/api-keys', { headers: creds['mcp:store token']!, body: { name: 'via mcp:store' } });
      assert.equal(rest.status, 403, 'mcp:store grants nothing on the REST API');
    });

    it("never grants an app more than the approving member's role, whatever it asks for", async () => {
      const app = await connect(t.app, staff, { scope: 'orders:read settings:write products:write', storeId: owner.storeId });
      assert.equal(app.scope, 'orders:read', 'staff can grant only what staff may do');
      assertWithin(await effective(app.auth), await effective(staff.auth), 'the app');
    });
  });
});
