import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { createPrincipalMemo, type Found } from '../src/http/principal-memo.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { behindTheBack } from './helpers/behind-the-back.ts';
import { variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { createApiKey, joinStore, signup } from './helpers/merchants.ts';

/**
 * A session's or an API key's store context is kept in memory under the change mark (src/http/principal-memo.ts,
 * docs/decisions/0039-principal-memo.md). What a request gets never changes for it: an ended session, a revoked key, a
 * changed role, a removed member, a second store are seen on the very next request, on every instance (two instances
 * on one database, over real HTTP), whether a route or a statement behind the app's back made the change.
 */
describeEachDatabase('principal memo: a kept credential is refused the moment it ends, on every instance', (kind) => {
  let t: TestApp;
  let second: TestApp;
  let bases: string[];

  before(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    second = await startTestApp(kind, { database: t.database });
    await second.app.listen({ host: '127.0.0.1', port: 0 });
    bases = [t, second].map((app) => `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`);
  });
  after(async () => {
    await second?.close();
    await t?.close();
  });

  async function call(base: string, method: string, url: string, headers: Record<string, string>, body?: unknown) {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
  }
  const permissions = (base: string, headers: Record<string, string>) => call(base, 'GET', '/v1/users/me/permissions', headers);

  /** Reads the caller's permissions twice through each instance (the second read of each from its kept context). */
  async function keptOnBoth(headers: Record<string, string>): Promise<unknown> {
    let seen: unknown;
    for (const base of bases) {
      for (let i = 0; i < 2; i++) {
        const answer = await permissions(base, headers);
        assert.equal(answer.status, 200, JSON.stringify(answer.body));
        seen ??= answer.body.data;
        assert.deepEqual(answer.body.data, seen, 'a kept context answers what resolving it again answers');
      }
    }
    return seen;
  }

  it('refuses a session signed out through one instance on the next request through either', async () => {
    const m = await signup(t.app);
    await keptOnBoth(m.auth);
    const out = await call(bases[0]!, 'POST', '/v1/auth/logout', m.auth);
    assert.equal(out.status, 200, JSON.stringify(out.body));
    for (const base of [bases[1]!, bases[0]!]) {
      const after = await permissions(base, m.auth);
      assert.equal(after.status, 401);
      assert.equal(after.body.error.code, 'AUTH_INVALID');
    }
  });

  it('refuses an API key revoked through one instance on the next request through the other', async () => {
    const m = await signup(t.app);
    const key = await createApiKey(t.app, m, { permissions: ['products:read'] });
    const headers = { 'x-merchantapikey': key.key };
    await keptOnBoth(headers);
    const revoked = await call(bases[1]!, 'DELETE', `/v1/api-keys/${key.id}`, m.auth);
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    for (const base of [bases[0]!, bases[1]!]) {
      const after = await permissions(base, headers);
      assert.equal(after.status, 401);
      assert.equal(after.body.error.code, 'AUTH_INVALID');
    }
  });

  it('sees a changed role and a removed member at once, through the other instance', async () => {
    const owner = await signup(t.app);
    const admin = await joinStore(t.app, owner, 'admin');
    const before = (await keptOnBoth(admin.auth)) as { role: string; permissions: string[] };
    assert.equal(before.role, 'admin');
    const changed = await call(bases[0]!, 'PATCH', `/v1/members/${admin.userId}`, owner.auth, { role: 'staff' });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    const asStaff = await permissions(bases[1]!, admin.auth);
    assert.equal(asStaff.status, 200);
    assert.equal(asStaff.body.data.role, 'staff');
    assert.ok(asStaff.body.data.permissions.length < before.permissions.length, 'a staff member may do less than an admin');
    await keptOnBoth(admin.auth);
    const removed = await call(bases[1]!, 'DELETE', `/v1/members/${admin.userId}`, owner.auth);
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    const gone = await permissions(bases[0]!, admin.auth);
    assert.equal(gone.status, 404);
    assert.equal(gone.body.error.code, 'STORE_NOT_FOUND');
  });

  it('asks a session that names no store to name one once its user joined a second store', async () => {
    const person = await signup(t.app);
    const own = { authorization: person.auth.authorization! };
    await keptOnBoth(own);
    const owner = await signup(t.app);
    const invite = await call(bases[0]!, 'POST', '/v1/members/invitations', owner.auth, { email: person.email, role: 'staff' });
    assert.equal(invite.status, 201, JSON.stringify(invite.body));
    const accepted = await call(bases[0]!, 'POST', '/v1/invitations/accept', own, { token: invite.body.data.token });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    const unnamed = await permissions(bases[1]!, own);
    assert.equal(unnamed.body.error?.code, 'MERCHANT_ID_REQUIRED', JSON.stringify(unnamed.body));
  });

  it('refuses a session ended by a statement behind the app’s back on the next request, on both instances', async () => {
    const m = await signup(t.app);
    const key = { 'x-merchantapikey': (await createApiKey(t.app, m, { permissions: ['products:read'] })).key };
    await keptOnBoth(m.auth);
    await keptOnBoth(key);
    await behindTheBack(t, 'update sessions set revoked_at = $1 where user_id = $2', [kind === 'sqlite' ? new Date().toISOString() : new Date(), m.userId]);
    for (const base of bases) {
      assert.equal((await permissions(base, m.auth)).status, 401);
      assert.equal((await permissions(base, key)).status, 200, 'the key of the same person is not a session');
    }
    // A live session deleted (not the cleanup job's ended ones) ends too.
    const again = await call(bases[0]!, 'POST', '/v1/auth/login', {}, { email: m.email, password: m.password });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    const session = { authorization: `Bearer ${again.body.data.token}` };
    await keptOnBoth(session);
    await behindTheBack(t, 'delete from sessions where user_id = $1 and revoked_at is null', [m.userId]);
    for (const base of bases) assert.equal((await permissions(base, session)).status, 401);
  });

  it('refuses a key revoked by a statement behind the app’s back on the next request, on both instances', async () => {
    const m = await signup(t.app);
    const key = await createApiKey(t.app, m, { permissions: ['products:read'] });
    await keptOnBoth({ 'x-merchantapikey': key.key });
    await behindTheBack(t, 'update api_keys set revoked_at = $1 where id = $2', [kind === 'sqlite' ? new Date().toISOString() : new Date(), key.id]);
    for (const base of bases) assert.equal((await permissions(base, { 'x-merchantapikey': key.key })).status, 401);
  });

  it('the product read that checks a kept context itself (decision 0044) refuses what ended, on every instance', async () => {
    const owner = await signup(t.app);
    const { productId } = await variableProduct(t.app, owner, { name: 'Checked by its read' });
    const admin = await joinStore(t.app, owner, 'admin');
    const key = await createApiKey(t.app, owner, { permissions: ['products:read'] });
    const ownerKey = await createApiKey(t.app, owner, { permissions: ['products:read'] });
    const read = (base: string, headers: Record<string, string>) => call(base, 'GET', `/v2/products/${productId}`, headers);
    /** Three reads through each instance: the key's first use writes its time of last use; then kept. */
    async function keptReads(headers: Record<string, string>): Promise<void> {
      for (const base of bases) {
        for (let i = 0; i < 3; i++) {
          const answer = await read(base, headers);
          assert.equal(answer.status, 200, JSON.stringify(answer.body));
          assert.equal(answer.body.data.id, productId);
        }
      }
    }
    const keyHeaders = { 'x-merchantapikey': key.key };
    const ownerKeyHeaders = { 'x-merchantapikey': ownerKey.key };
    await keptReads(admin.auth);
    await keptReads(keyHeaders);
    await keptReads(ownerKeyHeaders);
    // A member removed through one instance: their session's store is gone (404) on the next read through either; a
    // key revoked through one instance is refused (401) on the next read through either.
    const removed = await call(bases[1]!, 'DELETE', `/v1/members/${admin.userId}`, owner.auth);
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    const revoked = await call(bases[0]!, 'DELETE', `/v1/api-keys/${key.id}`, owner.auth);
    assert.equal(revoked.status, 200, JSON.stringify(revoked.body));
    for (const base of bases) {
      const gone = await read(base, admin.auth);
      assert.equal(gone.status, 404);
      assert.equal(gone.body.error.code, 'STORE_NOT_FOUND');
      const refused = await read(base, keyHeaders);
      assert.equal(refused.status, 401, JSON.stringify(refused.body));
    }
    // A key revoked by a statement behind the app's back, and the owner's session signed out through one instance.
    await keptReads(owner.auth);
    await behindTheBack(t, 'update api_keys set revoked_at = $1 where id = $2', [kind === 'sqlite' ? new Date().toISOString() : new Date(), ownerKey.id]);
    const out = await call(bases[0]!, 'POST', '/v1/auth/logout', owner.auth);
    assert.equal(out.status, 200, JSON.stringify(out.body));
    for (const base of bases) {
      for (const headers of [ownerKeyHeaders, owner.auth]) {
        const after = await read(base, headers);
        assert.equal(after.status, 401, JSON.stringify(after.body));
        assert.equal(after.body.error.code, 'AUTH_INVALID');
      }
    }
  });

  it('ends a kept context at its credential’s own time, and after 30 minutes without a check', async () => {
    const m = await signup(t.app);
    const memo = createPrincipalMemo({ changeMark: t.container.db.changeMark });
    const find = (at: number) => new Promise<Found>((resolve) => memo.find('k', at, resolve));
    const resolved = { actor: { type: 'user' as const, id: m.userId, label: m.email, userId: m.userId }, credential: 'session' as const, tenant: { storeId: m.storeId, mode: 'live' as const }, role: 'owner' as const, permissions: new Set<never>() };
    const principal = { kind: 'session' as const, user: { id: m.userId } as never, sessionId: 's', endsAt: new Date(5_000) };
    const { mark } = await find(0);
    assert.ok(mark !== undefined);
    memo.keep('k', mark, principal, resolved, 5_000, 0);
    assert.equal((await find(4_999)).kept?.principal, principal);
    assert.equal((await find(5_000)).kept, undefined, 'at its end');
    memo.keep('k', (await find(0)).mark!, principal, resolved, 36_000_000, 0);
    assert.equal((await find(29 * 60_000)).kept?.principal, principal, 'a check moves its time on');
    assert.equal((await find(59 * 60_000 - 1)).kept?.principal, principal);
    assert.equal((await find(89 * 60_000)).kept, undefined, '30 minutes after its last check');
    memo.keep('k', (await find(0)).mark!, principal, resolved, 10_000, 20_000);
    assert.equal(memo.size, 0, 'nothing is kept past its end');
    memo.close();
  });

  it('resolves a kept session without reading the session, user or membership again', async () => {
    const m = await signup(t.app);
    const { productId } = await variableProduct(t.app, m, { name: 'Counted' });
    const sent: string[] = [];
    const query = pg.Client.prototype.query;
    const probe = new SqliteDatabase(':memory:');
    const statement = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
    probe.close();
    const originals = Object.fromEntries(['all', 'get', 'run', 'iterate'].map((name) => [name, statement[name]!]));
    try {
      pg.Client.prototype.query = function (this: pg.Client, ...args: any[]) {
        sent.push(String(typeof args[0] === 'string' ? args[0] : args[0]?.text));
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query;
      for (const [name, original] of Object.entries(originals)) {
        statement[name] = function (this: { source: string }, ...args: unknown[]) {
          sent.push(this.source);
          return original.apply(this, args);
        };
      }
      // The first read resolves the session; the second finds it kept.
      for (let i = 0; i < 2; i++) {
        sent.length = 0;
        const answer = await t.app.inject({ method: 'GET', url: `/v2/products/${productId}`, headers: m.auth });
        assert.equal(answer.statusCode, 200, answer.body);
      }
      const credential = sent.filter((text) => /"(sessions|api_keys|store_members|users)"/.test(text));
      assert.deepEqual(credential, [], sent.join('\n---\n'));
    } finally {
      pg.Client.prototype.query = query;
      Object.assign(statement, originals);
    }
  });
});
