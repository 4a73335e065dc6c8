import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { systemContext } from '../src/context.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, signup } from './helpers/merchants.ts';

describeEachDatabase('members, invitations and the audit log', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
  });
  after(() => t?.close());

  const invite = async (owner: { auth: Record<string, string> }, email: string, role = 'staff') =>
    call('POST', '/v1/members/invitations', { headers: owner.auth, body: { email, role } });

  describe('invitations', () => {
    it('invites by email, and the invitee joins with the role by accepting the token', async () => {
      const owner = await signup(t.app);
      const invitee = await signup(t.app);
      const res = await invite(owner, invitee.email.toUpperCase(), 'admin');
      assert.equal(res.status, 201);
      assert.match(res.body.data.token, /^cs_inv_/);
      const open = await call('GET', '/v1/members/invitations', { headers: owner.auth });
      assert.equal(open.body.data.length, 1);
      assert.equal(open.body.data[0].token, undefined, 'the token is shown only once');
      const accepted = await call('POST', '/v1/invitations/accept', { headers: invitee.auth, body: { token: res.body.data.token } });
      assert.equal(accepted.status, 200);
      assert.deepEqual(accepted.body.data, { storeId: owner.storeId, role: 'admin' });
      const members = await call('GET', '/v1/members', { headers: owner.auth });
      assert.deepEqual(
        members.body.data.map((m: { userId: string; role: string }) => [m.userId, m.role]).sort(),
        [[owner.userId, 'owner'], [invitee.userId, 'admin']].sort(),
      );
      assert.equal((await call('GET', '/v1/members/invitations', { headers: owner.auth })).body.data.length, 0);
      const again = await call('POST', '/v1/invitations/accept', { headers: invitee.auth, body: { token: res.body.data.token } });
      assert.equal(again.status, 404, 'a token works once');
    });

    it('refuses an invitation for another email (403), a revoked one (404) and an expired one (410)', async () => {
      const owner = await signup(t.app);
      const invitee = await signup(t.app);
      const stranger = await signup(t.app);
      const res = await invite(owner, invitee.email);
      const wrong = await call('POST', '/v1/invitations/accept', { headers: stranger.auth, body: { token: res.body.data.token } });
      assert.equal(wrong.status, 403);
      assert.equal(wrong.body.error.code, 'INVITATION_EMAIL_MISMATCH');

      const expired = await invite(owner, stranger.email);
      const later = { ...systemContext('t', new Date(Date.now() + 8 * 24 * 3600 * 1000)), actor: { type: 'user' as const, id: stranger.userId, label: stranger.email, userId: stranger.userId }, credential: 'session' as const };
      await assert.rejects(t.container.services.members.accept(later, expired.body.data.token), (e: { code?: string }) => e.code === 'INVITATION_EXPIRED');

      const revoke = await call('DELETE', `/v1/members/invitations/${res.body.data.id}`, { headers: owner.auth });
      assert.equal(revoke.status, 200);
      const revoked = await call('POST', '/v1/invitations/accept', { headers: invitee.auth, body: { token: res.body.data.token } });
      assert.equal(revoked.status, 404);
      assert.equal((await call('GET', '/v1/members', { headers: owner.auth })).body.data.length, 1, 'nobody joined');
    });

    it('refuses inviting someone who is already a member (409) and bad input (422)', async () => {
      const owner = await signup(t.app);
      const dup = await invite(owner, owner.email);
      assert.equal(dup.status, 409);
      assert.equal(dup.body.error.code, 'ALREADY_MEMBER');
      const bad = await invite(owner, 'someone@example.com', 'superuser');
      assert.equal(bad.status, 422);
      assert.equal(bad.body.error.details[0].path, 'role');
      assert.equal((await call('GET', '/v1/members/invitations', { headers: owner.auth })).body.data.length, 0);
    });

    it('accepts invitations only from a signed-in person, not an API key', async () => {
      const owner = await signup(t.app);
      const invitee = await signup(t.app);
      const res = await invite(owner, invitee.email);
      const key = await createApiKey(t.app, invitee);
      const viaKey = await call('POST', '/v1/invitations/accept', { headers: { 'x-merchantapikey': key.key }, body: { token: res.body.data.token } });
      assert.equal(viaKey.status, 403);
    });

    it("answers another store's invitation id with 404", async () => {
      const a = await signup(t.app);
      const b = await signup(t.app);
      const res = await invite(a, 'someone@example.com');
      assert.equal((await call('DELETE', `/v1/members/invitations/${res.body.data.id}`, { headers: b.auth })).status, 404);
      assert.equal((await call('GET', '/v1/members/invitations', { headers: a.auth })).body.data.length, 1);
    });
  });

  describe('roles and removal', () => {
    it('changes roles and removes members, but never the last owner', async () => {
      const owner = await signup(t.app);
      const person = await signup(t.app);
      const res = await invite(owner, person.email, 'staff');
      await call('POST', '/v1/invitations/accept', { headers: person.auth, body: { token: res.body.data.token } });
      const demoteSelf = await call('PATCH', `/v1/members/${owner.userId}`, { headers: owner.auth, body: { role: 'admin' } });
      assert.equal(demoteSelf.status, 409);
      assert.equal(demoteSelf.body.error.code, 'LAST_OWNER');
      assert.equal((await call('DELETE', `/v1/members/${owner.userId}`, { headers: owner.auth })).status, 409);
      const promote = await call('PATCH', `/v1/members/${person.userId}`, { headers: owner.auth, body: { role: 'owner' } });
      assert.deepEqual(promote.body.data, { userId: person.userId, role: 'owner' });
      const leave = await call('DELETE', `/v1/members/${owner.userId}`, { headers: owner.auth });
      assert.equal(leave.status, 200, 'with a second owner the first may leave');
      const gone = await call('GET', '/v1/merchants/profile/business', { headers: { ...owner.auth, 'x-merchantid': owner.storeId } });
      assert.equal(gone.status, 404, 'a removed member no longer reaches the store');
    });

    it("answers another store's member with 404 and changes nothing", async () => {
      const a = await signup(t.app);
      const b = await signup(t.app);
      assert.equal((await call('PATCH', `/v1/members/${a.userId}`, { headers: b.auth, body: { role: 'staff' } })).status, 404);
      assert.equal((await call('DELETE', `/v1/members/${a.userId}`, { headers: b.auth })).status, 404);
      assert.equal((await call('GET', '/v1/members', { headers: a.auth })).body.data[0].role, 'owner');
    });
  });

  describe('audit log', () => {
    it('records every write with who, what, store, mode and when, newest first', async () => {
      const m = await signup(t.app);
      const key = await createApiKey(t.app, m, { permissions: ['settings:write'] });
      await call('PATCH', '/v1/merchants/profile/business', { headers: { 'x-merchantapikey': key.key }, body: { legalName: 'Via Key Ltd' } });
      const res = await call('GET', '/v1/audit-logs', { headers: m.auth });
      assert.equal(res.status, 200);
      const actions = res.body.data.map((e: { action: string }) => e.action);
      assert.deepEqual(actions, ['store.update', 'api_key.create', 'store.create']);
      const [update, create] = res.body.data;
      assert.equal(update.actor.type, 'api_key');
      assert.equal(update.actor.id, key.id);
      assert.equal(update.actor.userId, m.userId);
      assert.match(update.actor.label, new RegExp(key.prefix));
      assert.deepEqual(update.details, { fields: ['legalName'] });
      assert.equal(update.mode, 'live');
      assert.equal(create.actor.type, 'user');
      assert.equal(create.actor.label, m.email);
      assert.match(update.requestId, /.+/);
      assert.ok(!JSON.stringify(res.body).includes(key.key), 'no secret in the log');
    });

    it('pages with limit and cursor, and refuses a bad cursor or limit', async () => {
      const m = await signup(t.app);
      for (let i = 0; i < 4; i += 1) await createApiKey(t.app, m, { name: `k${i}` });
      const first = await call('GET', '/v1/audit-logs?limit=2', { headers: m.auth });
      assert.equal(first.body.data.length, 2);
      assert.equal(first.body.pagination.hasMore, true);
      assert.equal(first.body.pagination.limit, 2);
      const second = await call('GET', `/v1/audit-logs?limit=2&cursor=${first.body.pagination.nextCursor}`, { headers: m.auth });
      const third = await call('GET', `/v1/audit-logs?limit=2&cursor=${second.body.pagination.nextCursor}`, { headers: m.auth });
      assert.equal(third.body.data.length, 1);
      assert.equal(third.body.pagination.nextCursor, null);
      assert.equal(third.body.pagination.hasMore, false);
      const ids = [...first.body.data, ...second.body.data, ...third.body.data].map((e: { id: string }) => e.id);
      assert.equal(new Set(ids).size, 5);
      assert.deepEqual(ids, [...ids].sort().reverse(), 'newest first');
      const badCursor = await call('GET', '/v1/audit-logs?cursor=garbage', { headers: m.auth });
      assert.equal(badCursor.status, 422);
      assert.equal(badCursor.body.error.details[0].path, 'cursor');
      for (const limit of ['0', '101', 'ten']) {
        const bad = await call('GET', `/v1/audit-logs?limit=${limit}`, { headers: m.auth });
        assert.equal(bad.status, 422, limit);
        assert.equal(bad.body.error.details[0].path, 'limit');
      }
    });

    it("never shows another store's entries", async () => {
      const a = await signup(t.app);
      const b = await signup(t.app);
      await createApiKey(t.app, a, { name: 'secret project' });
      const res = await call('GET', '/v1/audit-logs', { headers: b.auth });
      assert.ok(!JSON.stringify(res.body.data).includes('secret project'));
      assert.equal((await call('GET', '/v1/audit-logs', { headers: { ...b.auth, 'x-merchantid': a.storeId } })).status, 404);
    });
  });
});
