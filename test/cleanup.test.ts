import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createCleanupRepo, createJobLockRepo } from '../src/db/cleanup-repo.ts';
import { type CleanupReport, createCleanupService, RETENTION, scheduleCleanup } from '../src/domain/maintenance/cleanup-service.ts';
import { hashSecret } from '../src/domain/shared/secrets.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { insertOrder } from './helpers/delivery-payments.ts';
import { client, type Merchant, signup } from './helpers/merchants.ts';
import { authorizeQuery, type Connection, connect, nextAddress, pkce, refresh, registerClient } from './helpers/oauth.ts';
import { insertEndpoint } from './helpers/webhook-receiver.ts';

const DAY = 24 * 3600 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('the retention table', () => {
  it('is in docs/security.md, every kind with its retention', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(new URL('../docs/security.md', import.meta.url), 'utf8');
    for (const { label, keepDays } of RETENTION) {
      const row = doc.split('\n').find((line) => line.startsWith(`| ${label[0]!.toUpperCase()}${label.slice(1)} |`));
      assert.ok(row, `${label} is missing from the retention table`);
      assert.ok(row.includes(keepDays === 0 ? '| at once |' : `| ${keepDays} day${keepDays === 1 ? '' : 's'} |`), `${label}: ${row}`);
    }
  });
});

describeEachDatabase('the cleanup job', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let owner: Merchant;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
    owner = await signup(t.app);
  });
  after(() => t?.close());

  const db = () => t.container.db.kysely;
  const exists = async (table: 'sessions' | 'store_invitations' | 'oauth_grants' | 'oauth_authorization_requests', id: string) =>
    (await db().selectFrom(table).select('id').where('id', '=', id).execute()).length === 1;
  const tokenExists = async (table: 'oauth_codes' | 'oauth_access_tokens' | 'oauth_refresh_tokens', secret: string) =>
    (await db().selectFrom(table).select('hash').where('hash', '=', hashSecret(secret)).execute()).length === 1;
  const clientExists = async (clientId: string) => (await db().selectFrom('oauth_clients').select('client_id').where('client_id', '=', clientId).execute()).length === 1;
  const grantOf = async (conn: Connection) =>
    (await db().selectFrom('oauth_grants').select('id').where('client_id', '=', conn.client.client_id).executeTakeFirstOrThrow()).id;

  it('deletes what ended past its retention and keeps what ended within it and what is current, for every kind', async () => {
    const covered = new Set<string>();

    // Sessions: expired 31 days ago, signed out 31 days ago, expired 10 days ago, current.
    const sessions = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await call('POST', '/v1/auth/login', { body: { email: owner.email, password: owner.password } });
      sessions.push((await db().selectFrom('sessions').select('id').where('token_hash', '=', hashSecret(res.body.data.token)).executeTakeFirstOrThrow()).id);
    }
    await db().updateTable('sessions').set({ expires_at: ago(31 * DAY) }).where('id', '=', sessions[0]!).execute();
    await db().updateTable('sessions').set({ revoked_at: ago(31 * DAY) }).where('id', '=', sessions[1]!).execute();
    await db().updateTable('sessions').set({ expires_at: ago(10 * DAY) }).where('id', '=', sessions[2]!).execute();

    // Invitations: accepted 31 days ago, expired 31 days ago, revoked 2 days ago, open.
    const invitations = [];
    for (let i = 0; i < 4; i += 1) {
      invitations.push((await call('POST', '/v1/members/invitations', { headers: owner.auth, body: { email: `kept.${i}.${Date.now()}@example.com`, role: 'staff' } })).body.data.id);
    }
    await db().updateTable('store_invitations').set({ accepted_at: ago(31 * DAY) }).where('id', '=', invitations[0]).execute();
    await db().updateTable('store_invitations').set({ expires_at: ago(31 * DAY) }).where('id', '=', invitations[1]).execute();
    await db().updateTable('store_invitations').set({ revoked_at: ago(2 * DAY) }).where('id', '=', invitations[2]).execute();

    // Apps: revoked 31 days ago; revoked a day ago; everything expired long ago; live.
    const revokedLong = await connect(t.app, owner, { scope: 'orders:read' });
    const revokedRecent = await connect(t.app, owner, { scope: 'orders:read' });
    const lapsed = await connect(t.app, owner, { scope: 'orders:read' });
    const live = await connect(t.app, owner, { scope: 'orders:read' });
    await db().updateTable('oauth_grants').set({ revoked_at: ago(31 * DAY), revoked_reason: 'merchant_removed' }).where('id', '=', await grantOf(revokedLong)).execute();
    await db().updateTable('oauth_grants').set({ revoked_at: ago(DAY), revoked_reason: 'merchant_removed' }).where('id', '=', await grantOf(revokedRecent)).execute();
    const lapsedGrant = await grantOf(lapsed);
    await db().updateTable('oauth_grants').set({ created_at: ago(400 * DAY) }).where('id', '=', lapsedGrant).execute();
    for (const table of ['oauth_codes', 'oauth_access_tokens', 'oauth_refresh_tokens'] as const) {
      await db().updateTable(table).set({ expires_at: ago(31 * DAY) }).where('grant_id', '=', lapsedGrant).execute();
    }
    // Of the live app: a rotated refresh token (kept: it is how a replay is recognised), an access token and a code
    // expired two days ago (gone), and the current ones (kept, and still working after the cleanup).
    const rotated = live.refreshToken;
    const current = (await refresh(t.app, live)).body;
    await db().updateTable('oauth_access_tokens').set({ expires_at: ago(2 * DAY) }).where('hash', '=', hashSecret(live.accessToken)).execute();
    const liveGrant = await grantOf(live);
    await db().updateTable('oauth_codes').set({ expires_at: ago(2 * DAY) }).where('grant_id', '=', liveGrant).execute();

    // Authorization requests: expired two days ago, expired an hour ago, open.
    const registered = await registerClient(t.app);
    const requests = [];
    const requestIds = async () => new Set((await db().selectFrom('oauth_authorization_requests').select('id').execute()).map((r) => r.id));
    for (let i = 0; i < 3; i += 1) {
      const known = await requestIds();
      const page = await t.app.inject({ method: 'GET', url: `/oauth/authorize?${authorizeQuery(registered, pkce().challenge)}` });
      assert.equal(page.statusCode, 200);
      const added = [...(await requestIds())].filter((id) => !known.has(id));
      assert.equal(added.length, 1);
      requests.push(added[0]!);
    }
    await db().updateTable('oauth_authorization_requests').set({ expires_at: ago(2 * DAY) }).where('id', '=', requests[0]!).execute();
    await db().updateTable('oauth_authorization_requests').set({ expires_at: ago(3600_000) }).where('id', '=', requests[1]!).execute();

    // Registrations: never approved for 8 days (gone); approved once, 8 days old (kept); never approved, a day old
    // (kept); never approved, 8 days old, but a merchant is approving it right now (kept).
    const unused = await registerClient(t.app);
    const youngUnused = await registerClient(t.app);
    const inProgress = await registerClient(t.app);
    for (const c of [unused, inProgress, revokedLong.client]) {
      await db().updateTable('oauth_clients').set({ created_at: ago(8 * DAY) }).where('client_id', '=', c.client_id).execute();
    }
    await db().updateTable('oauth_clients').set({ created_at: ago(DAY) }).where('client_id', '=', youngUnused.client_id).execute();
    assert.equal((await t.app.inject({ method: 'GET', url: `/oauth/authorize?${authorizeQuery(inProgress, pkce().challenge)}` })).statusCode, 200);
    // The requests of `registered` above are its own; make it old too, with only expired requests left after the run.
    await db().updateTable('oauth_clients').set({ created_at: ago(DAY) }).where('client_id', '=', registered.client_id).execute();

    // Idempotency-Key records: one expired, one current.
    for (const key of ['expired-key', 'current-key']) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/categories', headers: { ...owner.auth, 'idempotency-key': `${key}-${Date.now()}` }, payload: { name: key } });
      assert.equal(res.statusCode, 201, res.body);
    }
    const keys = await db().selectFrom('idempotency_keys').select(['key_hash', 'scope', 'request_path']).orderBy('created_at').orderBy('claim_id').execute();
    assert.equal(keys.length, 2);
    await db().updateTable('idempotency_keys').set({ expires_at: ago(60_000) }).where('key_hash', '=', keys[0]!.key_hash).execute();
    // AI connector confirmations acted on: one whose state expired, one whose state is current.
    await db()
      .insertInto('mcp_confirmations')
      .values([
        { nonce: 'expired-confirmation', expires_at: ago(60_000) },
        { nonce: 'current-confirmation', expires_at: ago(-600_000) },
      ])
      .execute();

    // Webhook events: settled 31 days ago (gone, with its delivery and attempt log), still pending after 31 days (kept:
    // it may yet be delivered), settled a day ago (kept).
    await insertEndpoint(t.container, owner.storeId, { eventTypes: ['customer.created'] });
    for (let i = 0; i < 3; i += 1) {
      assert.equal((await call('POST', '/v1/customers', { headers: owner.auth, body: { name: `Kept ${i}`, email: `kept.customer.${i}@example.com` } })).status, 201);
    }
    const webhookEvents = (await db().selectFrom('webhook_events').select(['seq', 'id']).where('store_id', '=', owner.storeId).orderBy('seq').execute()).map((e) => e);
    assert.equal(webhookEvents.length, 3);
    for (const [i, e] of webhookEvents.entries()) {
      await db().updateTable('webhook_events').set({ created_at: ago(i === 2 ? DAY : 31 * DAY) }).where('seq', '=', e.seq).execute();
      await db().updateTable('webhook_deliveries').set({ status: i === 1 ? 'pending' : 'succeeded' }).where('event_seq', '=', e.seq).execute();
    }
    const settledDelivery = (await db().selectFrom('webhook_deliveries').select('id').where('event_seq', '=', webhookEvents[0]!.seq).executeTakeFirstOrThrow()).id;
    await db()
      .insertInto('webhook_attempts')
      .values({ id: `wha_cleanup_${Date.now()}`, delivery_id: settledDelivery, attempted_at: ago(31 * DAY), trigger: 'scheduled', status_code: 200, duration_ms: 3, error: null, response_snippet: 'ok' })
      .execute();

    // Previous webhook signing secrets: one whose overlap ended a minute ago (cleared), one still signing for an hour
    // (kept); both endpoints stay, with their current secrets.
    const rotatedEndpoints: string[] = [];
    for (const until of [ago(60_000), ago(-3600_000)]) {
      const id = await insertEndpoint(t.container, owner.storeId, { eventTypes: ['review.created'] });
      await db().updateTable('webhook_endpoints').set({ previous_secret: `whsec_previous${rotatedEndpoints.length}`, previous_secret_expires_at: until }).where('id', '=', id).execute();
      rotatedEndpoints.push(id);
    }

    // Mail: sent 31 days ago (gone), still pending after 31 days (kept: it may yet go), failed a day ago (kept).
    const mails = ['sent-long-ago', 'pending-long', 'failed-recently'].map((_, i) => `eml_cl${i}_${Date.now()}`);
    await db()
      .insertInto('email_messages')
      .values(
        mails.map((id, i) => ({
          id,
          store_id: owner.storeId,
          mode: 'live',
          kind: 'order_created',
          cause: `cleanup:${id}`,
          to_address: 'alerts@shop.example',
          subject: 'New order',
          params: '{}',
          status: ['sent', 'pending', 'failed'][i]!,
          attempts: 1,
          created_at: ago(i === 2 ? DAY : 31 * DAY),
          updated_at: ago(i === 2 ? DAY : 31 * DAY),
        })),
      )
      .execute();
    // Password resets: used two days ago and expired two days ago (gone), live and used an hour ago (kept).
    const resets = ['used-long', 'expired-long', 'live', 'used-recently'].map((_, i) => `pwr_cl${i}_${Date.now()}`);
    await db()
      .insertInto('password_resets')
      .values(
        resets.map((id, i) => ({
          id,
          user_id: owner.userId,
          token_hash: hashSecret(id),
          created_at: ago(3 * DAY),
          expires_at: i === 1 ? ago(2 * DAY) : ago(-600_000),
          used_at: i === 0 ? ago(2 * DAY) : i === 3 ? ago(3600_000) : null,
        })),
      )
      .execute();

    // Provider event ids: received 31 days ago (gone), a day ago (kept).
    await db()
      .insertInto('provider_events')
      .values(['tevt_cleanup_old', 'tevt_cleanup_new'].map((event_id, i) => ({ store_id: owner.storeId, mode: 'test', provider: 'test', event_id, type: 'payment.updated', provider_payment_id: null, received_at: ago(i === 0 ? 31 * DAY : DAY) })))
      .execute();

    // Catalog change rows: written 2 hours ago (gone), 30 minutes ago (kept); the triggers wrote the store's own rows now.
    const changeStore = `cleanup-changes-${kind}`;
    await db()
      .insertInto('catalog_changes')
      .values([2 * 3600_000, 1800_000].map((age, i) => ({ store_id: changeStore, product_id: `p${i}`, list: 0, created_at: ago(age) })))
      .execute();

    // Carts: expired a minute ago (gone, its line with it), ending in a day (kept).
    const carts = ['cart-expired', 'cart-live'].map((name) => `crt_${name}_${kind}`);
    await db()
      .insertInto('carts')
      .values(carts.map((id, i) => ({ id, store_id: owner.storeId, mode: 'live', token_hash: hashSecret(id), created_at: ago(20 * DAY), updated_at: ago(15 * DAY), expires_at: i === 0 ? ago(60_000) : ago(-DAY) })))
      .execute();
    await db()
      .insertInto('cart_lines')
      .values(carts.map((id, i) => ({ id: `cln_cleanup_${i}_${kind}`, cart_id: id, sku_id: 'sku_none', quantity: 1, unit_price_minor: 100, discount_bp: 0, created_at: ago(DAY), updated_at: ago(DAY) })))
      .execute();

    // Checkout holds: a pending storefront order whose hold ended a minute ago (cancelled), one held for 10 more minutes (kept).
    const held = [await insertOrder(t, owner.storeId), await insertOrder(t, owner.storeId)];
    for (const [i, order] of held.entries()) {
      await db().updateTable('orders').set({ channel: 'storefront', hold_expires_at: i === 0 ? ago(60_000) : ago(-600_000) }).where('id', '=', order.id).execute();
    }

    const lines: string[] = [];
    const report = await t.container.services.cleanup.run((label, deleted, done) => {
      if (done) lines.push(`${label}: ${deleted}`);
    });
    assert.ok(report.ran);
    assert.equal(lines.length, RETENTION.length, 'progress for every kind');

    // Sessions
    assert.deepEqual(await Promise.all(sessions.map((id) => exists('sessions', id))), [false, false, true, true]);
    covered.add('sessions');
    // Invitations
    assert.deepEqual(await Promise.all(invitations.map((id) => exists('store_invitations', id))), [false, false, true, true]);
    covered.add('invitations');
    // Grants and their families
    assert.equal(await tokenExists('oauth_refresh_tokens', revokedLong.refreshToken), false, 'a family past retention goes whole');
    assert.equal(await clientExists(revokedLong.client.client_id), true, 'an app approved once stays registered');
    assert.equal(await tokenExists('oauth_refresh_tokens', revokedRecent.refreshToken), true, 'a family revoked a day ago stays');
    assert.equal(await exists('oauth_grants', lapsedGrant), false, 'a grant whose every token expired long ago goes');
    assert.equal(await exists('oauth_grants', liveGrant), true);
    covered.add('grants');
    // Tokens and codes of the live app
    assert.equal(await tokenExists('oauth_access_tokens', live.accessToken), false, 'an access token expired two days ago goes');
    assert.equal(await tokenExists('oauth_access_tokens', current.access_token), true);
    assert.equal((await db().selectFrom('oauth_codes').select('hash').where('grant_id', '=', liveGrant).execute()).length, 0, 'its code expired two days ago');
    assert.equal(await tokenExists('oauth_refresh_tokens', rotated), true, 'a rotated refresh token within its retention stays');
    assert.equal(await tokenExists('oauth_refresh_tokens', current.refresh_token), true);
    covered.add('access-tokens').add('codes').add('refresh-tokens');
    assert.equal((await call('GET', '/v1/orders', { headers: { authorization: `Bearer ${current.access_token}` } })).status, 200, 'the live app still works');
    assert.equal((await refresh(t.app, { client: live.client, refreshToken: current.refresh_token })).status, 200);
    // Authorization requests
    assert.deepEqual(await Promise.all(requests.map((id) => exists('oauth_authorization_requests', id))), [false, true, true]);
    covered.add('authorization-requests');
    // Registrations
    assert.equal(await clientExists(unused.client_id), false, 'never approved in 8 days: gone');
    assert.equal(await clientExists(youngUnused.client_id), true);
    assert.equal(await clientExists(inProgress.client_id), true, 'a merchant is approving it right now');
    assert.equal(await clientExists(registered.client_id), true);
    covered.add('unused-clients');
    // Idempotency-Key records
    const left = await db().selectFrom('idempotency_keys').select('key_hash').execute();
    assert.deepEqual(left.map((k) => k.key_hash), [keys[1]!.key_hash]);
    covered.add('idempotency-keys');
    // AI connector confirmations: the expired one goes, the current one stays
    assert.deepEqual((await db().selectFrom('mcp_confirmations').select('nonce').execute()).map((r) => r.nonce), ['current-confirmation']);
    covered.add('connector-confirmations');

    // Webhook events
    assert.deepEqual(
      (await db().selectFrom('webhook_events').select('id').where('store_id', '=', owner.storeId).orderBy('seq').execute()).map((e) => e.id),
      [webhookEvents[1]!.id, webhookEvents[2]!.id],
    );
    assert.equal((await db().selectFrom('webhook_deliveries').select('id').where('id', '=', settledDelivery).execute()).length, 0, 'its delivery went with it');
    assert.equal((await db().selectFrom('webhook_attempts').select('id').where('delivery_id', '=', settledDelivery).execute()).length, 0, 'and its attempt log');
    covered.add('webhook-events');

    // Previous signing secrets
    const secrets = await db().selectFrom('webhook_endpoints').select(['id', 'secret', 'previous_secret']).where('id', 'in', rotatedEndpoints).execute();
    assert.deepEqual(
      rotatedEndpoints.map((id) => secrets.find((e) => e.id === id)?.previous_secret),
      [null, 'whsec_previous1'],
    );
    assert.ok(secrets.every((e) => e.secret.startsWith('whsec_')), 'the endpoints and their current secrets stay');
    covered.add('webhook-previous-secrets');

    // Mail and password resets
    assert.deepEqual((await db().selectFrom('email_messages').select('id').where('id', 'in', mails).orderBy('id').execute()).map((r) => r.id), [mails[1]!, mails[2]!].sort());
    covered.add('email-messages');
    assert.deepEqual((await db().selectFrom('password_resets').select('id').where('id', 'in', resets).orderBy('id').execute()).map((r) => r.id), [resets[2]!, resets[3]!].sort());
    covered.add('password-resets');
    assert.deepEqual((await db().selectFrom('provider_events').select('event_id').where('store_id', '=', owner.storeId).execute()).map((r) => r.event_id), ['tevt_cleanup_new']);
    covered.add('provider-events');
    assert.deepEqual((await db().selectFrom('catalog_changes').select('product_id').where('store_id', '=', changeStore).execute()).map((r) => r.product_id), ['p1']);
    assert.ok((await db().selectFrom('catalog_changes').select('id').where('store_id', '=', owner.storeId).execute()).length > 0, 'the rows of the last hour stay');
    covered.add('catalog-changes');
    assert.deepEqual((await db().selectFrom('carts').select('id').where('id', 'in', carts).execute()).map((r) => r.id), [carts[1]]);
    assert.deepEqual((await db().selectFrom('cart_lines').select('cart_id').where('cart_id', 'in', carts).execute()).map((r) => r.cart_id), [carts[1]], 'the expired cart’s line went with it');
    covered.add('carts');
    const heldNow = await db().selectFrom('orders').select(['id', 'status']).where('id', 'in', held.map((o) => o.id)).execute();
    assert.deepEqual(
      held.map((o) => heldNow.find((r) => r.id === o.id)?.status),
      ['cancelled', 'pending'],
      'the ended hold’s order is cancelled, the live one kept',
    );
    covered.add('checkout-holds');

    assert.deepEqual([...covered].sort(), RETENTION.map((r) => r.kind).sort(), 'every kind of the retention table was tested');

    const again = await t.container.services.cleanup.run();
    assert.ok(again.ran && Object.values(again.deleted).every((n) => n === 0), 'a second run finds nothing');
  });

  it('deletes in batches until nothing past retention is left', async () => {
    const address = nextAddress();
    for (let i = 0; i < 25; i += 1) {
      await t.app.inject({ method: 'POST', url: '/oauth/register', remoteAddress: i < 19 ? address : nextAddress(), payload: { client_name: `Old ${i}`, redirect_uris: ['https://a.example/cb'] } });
    }
    await db().updateTable('oauth_clients').set({ created_at: ago(30 * DAY) }).where('client_name', 'like', 'Old %').execute();
    const report = await t.container.services.cleanup.run();
    assert.ok(report.ran);
    assert.equal(report.deleted['unused-clients'], 25);
  });

  it('runs on at most one instance at a time, and again once the holder is done or its lease ran out', async () => {
    const second = await startTestApp(kind, { database: t.database });
    try {
      // A third instance's run, held inside its first delete (the real deletes and lease, paused), so the lease is
      // certainly taken while the two apps try: however fast a run is, neither may start meanwhile.
      const { promise: inside, resolve: enter } = Promise.withResolvers<void>();
      const { promise: gate, resolve: resume } = Promise.withResolvers<void>();
      const storage = createCleanupRepo(db());
      const third = createCleanupService({
        storage: {
          async deleteEnded(...args) {
            enter();
            await gate;
            return storage.deleteEnded(...args);
          },
        },
        locks: createJobLockRepo(db()),
      });
      const running = third.run();
      await inside;
      const refused = await Promise.all([t.container.services.cleanup.run(), second.container.services.cleanup.run(), t.container.services.cleanup.run()]);
      for (const run of refused) {
        assert.equal(run.ran, false, JSON.stringify(run));
        assert.match((run as { reason: string }).reason, /another instance/);
      }
      resume();
      assert.ok((await running).ran);
      const runs = await Promise.all([t.container.services.cleanup.run(), second.container.services.cleanup.run()]);
      assert.ok(runs.filter((r) => r.ran).length >= 1, 'free again once the run ended');

      const locks = createJobLockRepo(db());
      assert.ok(await locks.acquire('cleanup', 'a-crashed-instance', new Date(), 60_000));
      assert.equal((await t.container.services.cleanup.run()).ran, false, 'held by another instance');
      await db().updateTable('job_locks').set({ expires_at: ago(1000) }).where('name', '=', 'cleanup').execute();
      assert.ok((await t.container.services.cleanup.run()).ran, 'a lease that ran out is taken over');
      const rows = await db().selectFrom('job_locks').selectAll().execute();
      assert.deepEqual(rows, [], 'released after the run');
    } finally {
      await second.close();
    }
  });

  it('runs periodically in the process until stopped, and a failed run does not stop the schedule', async () => {
    const reports: CleanupReport[] = [];
    const errors: unknown[] = [];
    let calls = 0;
    const flaky = {
      run: () => {
        calls += 1;
        return calls === 2 ? Promise.reject(new Error('database away')) : t.container.services.cleanup.run();
      },
    };
    const schedule = scheduleCleanup(flaky, { intervalMs: 20, firstDelayMs: 0, onRun: (r) => reports.push(r), onError: (e) => errors.push(e) });
    for (let waited = 0; reports.length < 2 && waited < 10_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    await schedule.stop();
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.ok(reports.length >= 2 && reports.every((r) => r.ran), JSON.stringify(reports));
    assert.equal(errors.length, 1, 'the failed run was reported');
    assert.equal(calls, after, 'no run after stop');
  });
});
