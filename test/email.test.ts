import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { linkIn, mailConfig, type MailReceiver, startMailReceiver } from './helpers/mail-receiver.ts';
import { client, createApiKey, joinStore, type Merchant, signup } from './helpers/merchants.ts';
import { eventually } from './helpers/webhook-receiver.ts';

describeEachDatabase('email', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let smtp: MailReceiver;
  before(async () => {
    smtp = await startMailReceiver();
    t = await startTestApp(kind, { config: { mail: mailConfig(smtp) } });
    t.container.services.mailSender.start();
    call = client(t.app);
  });
  after(async () => {
    await t?.close();
    await smtp?.close();
  });

  const db = () => t.container.db.kysely;
  const rows = (table: 'email_messages' | 'password_resets') => db().selectFrom(table).selectAll().execute();
  const mailTo = (address: string, n = 1) => eventually(() => smtp.to(address).length >= n && smtp.to(address), 10_000, `${n} mail(s) to ${address}`);
  async function emails(m: Merchant, query = '') {
    const res = await call('GET', `/v1/emails${query}`, { headers: m.auth });
    assert.equal(res.status, 200, res.raw);
    return res.body.data as Array<{ id: string; kind: string; to: string; subject: string; status: string; attempts: number; lastError: string | null }>;
  }
  const invite = (m: Merchant, email: string, role = 'staff') => call('POST', '/v1/members/invitations', { headers: m.auth, body: { email, role } });

  describe('invitations', () => {
    it('sends the invitation with an accept link on BASE_URL; the link works once, and the token shown to the inviter too until then', async () => {
      const owner = await signup(t.app, { storeName: 'Corner Shop' });
      const person = await signup(t.app);
      const res = await invite(owner, person.email);
      assert.equal(res.status, 201, res.raw);
      assert.equal(res.body.data.emailed, true);
      const [mail] = await mailTo(person.email);
      assert.equal(mail!.subject, 'You are invited to Corner Shop');
      assert.match(mail!.from, /no-reply@shop\.example/);
      const link = linkIn(mail!, 'http://127.0.0.1:3000/dashboard/invitations/accept?token=');
      const token = new URL(link).searchParams.get('token')!;
      assert.notEqual(token, res.body.data.token, 'the mail carries a token of its own');
      assert.ok(mail!.html.includes('Corner Shop') && mail!.html.includes(link.replaceAll('&', '&amp;')));
      const accepted = await call('POST', '/v1/invitations/accept', { headers: person.auth, body: { token } });
      assert.equal(accepted.status, 200, accepted.raw);
      assert.equal(accepted.body.data.storeId, owner.storeId);
      const again = await call('POST', '/v1/invitations/accept', { headers: person.auth, body: { token } });
      assert.equal(again.status, 404, 'single use');
      const shown = await call('POST', '/v1/invitations/accept', { headers: person.auth, body: { token: res.body.data.token } });
      assert.equal(shown.status, 404, 'the invitation is used: the token shown to the inviter is spent too');
      const list = await emails(owner, '?kind=invitation');
      assert.equal(list[0]!.status, 'sent');
      assert.equal(list[0]!.to, person.email);
      // No usable token is stored anywhere: only hashes.
      const stored = JSON.stringify(await rows('email_messages')) + JSON.stringify(await db().selectFrom('store_invitations').selectAll().execute());
      assert.ok(!stored.includes(token) && !stored.includes(res.body.data.token));
    });

    it('resend: a new mail with a new link (the earlier mail’s link stops working) and 7 more days', async () => {
      const owner = await signup(t.app);
      const email = `resend.${Date.now()}@example.com`;
      const created = await invite(owner, email);
      const [first] = await mailTo(email);
      const resent = await call('POST', `/v1/members/invitations/${created.body.data.id}/resend`, { headers: owner.auth });
      assert.equal(resent.status, 200, resent.raw);
      assert.equal(resent.body.data.emailed, true);
      assert.ok(resent.body.data.expiresAt >= created.body.data.expiresAt);
      const mails = await mailTo(email, 2);
      const oldToken = new URL(linkIn(first!, 'http://')).searchParams.get('token')!;
      const newToken = new URL(linkIn(mails[1]!, 'http://')).searchParams.get('token')!;
      assert.notEqual(oldToken, newToken);
      const person = await signup(t.app, { email });
      assert.equal((await call('POST', '/v1/invitations/accept', { headers: person.auth, body: { token: oldToken } })).status, 404);
      assert.equal((await call('POST', '/v1/invitations/accept', { headers: person.auth, body: { token: newToken } })).status, 200);
    });

    it('a revoked invitation’s queued mail is dropped, not sent', async () => {
      const owner = await signup(t.app);
      const email = `revoked.${Date.now()}@example.com`;
      await t.container.services.mailSender.stop();
      try {
        const created = await invite(owner, email);
        assert.equal((await call('DELETE', `/v1/members/invitations/${created.body.data.id}`, { headers: owner.auth })).status, 200);
      } finally {
        t.container.services.mailSender.start();
      }
      const [dropped] = await eventually(async () => (await emails(owner, '?kind=invitation')).filter((e) => e.to === email && e.status === 'dropped'));
      assert.match(dropped!.lastError!, /accepted, revoked or expired/);
      assert.equal(smtp.to(email).length, 0);
    });

    it('resend needs settings:write (403), and another store’s invitation is 404', async () => {
      const owner = await signup(t.app);
      const other = await signup(t.app);
      const created = await invite(owner, `x.${Date.now()}@example.com`);
      const staff = await joinStore(t.app, owner, 'staff');
      const denied = await call('POST', `/v1/members/invitations/${created.body.data.id}/resend`, { headers: staff.auth });
      assert.equal(denied.status, 403, denied.raw);
      const foreign = await call('POST', `/v1/members/invitations/${created.body.data.id}/resend`, { headers: other.auth });
      assert.equal(foreign.status, 404, foreign.raw);
      assert.equal(foreign.body.error.code, 'INVITATION_NOT_FOUND');
    });
  });

  describe('GET /v1/emails', () => {
    it('needs settings:read (403 for a key without it) and shows only the store’s own mail', async () => {
      const owner = await signup(t.app);
      const other = await signup(t.app);
      await invite(owner, `mine.${Date.now()}@example.com`);
      const key = await createApiKey(t.app, owner, { permissions: ['orders:read'] });
      const denied = await call('GET', '/v1/emails', { headers: { 'x-merchantapikey': key.key } });
      assert.equal(denied.status, 403, denied.raw);
      assert.deepEqual(await emails(other), []);
      assert.equal((await emails(owner)).length, 1);
      const bad = await call('GET', '/v1/emails?status=lost', { headers: owner.auth });
      assert.equal(bad.status, 422, bad.raw);
      assert.match(bad.raw, /status/);
    });
  });
});
