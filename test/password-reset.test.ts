import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { linkIn, mailConfig, type MailReceiver, startMailReceiver } from './helpers/mail-receiver.ts';
import { client, createApiKey, signup } from './helpers/merchants.ts';
import { Browser, connect, hiddenField } from './helpers/oauth.ts';
import { eventually } from './helpers/webhook-receiver.ts';

const NEW_PASSWORD = 'a brand new passphrase';

describeEachDatabase('password reset', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let smtp: MailReceiver;
  const logs: string[] = [];
  before(async () => {
    smtp = await startMailReceiver();
    t = await startTestApp(kind, { config: { mail: mailConfig(smtp) }, logStream: { write: (line: string) => void logs.push(line) } });
    call = client(t.app);
  });
  after(async () => {
    await t?.close();
    await smtp?.close();
  });

  const db = () => t.container.db.kysely;
  const sender = () => t.container.services.mailSender;
  let address = 0;
  /** Each request from its own client address, so the per-address limit is met only where a test means it. */
  const ask = (email: unknown, remoteAddress = `10.1.0.${++address % 250}`) =>
    t.app.inject({ method: 'POST', url: '/v1/auth/password-reset', payload: { email }, remoteAddress });
  const resetsOf = (to: string) => db().selectFrom('email_messages').selectAll().where('kind', '=', 'password_reset').where('to_address', '=', to).execute();
  const mailTo = (to: string, count = 1) => eventually(() => smtp.to(to).length >= count && smtp.to(to), 10_000, `${count} mail(s) to ${to}`);
  const tokenIn = (mail: { text: string }) => new URL(linkIn(mail, 'http://127.0.0.1:3000/password-reset/new?token=')).searchParams.get('token')!;
  const confirm = (body: Record<string, unknown>) => call('POST', '/v1/auth/password-reset/confirm', { body });

  describe('asking for a link', () => {
    it('answers the same whether an account has the email or not, and the request does the same work: one queued message, no lookup', async () => {
      const m = await signup(t.app);
      const unknown = `nobody.${Date.now()}@example.com`;
      await sender().stop();
      const [known, none] = [await ask(m.email), await ask(unknown)];
      assert.equal(known.statusCode, 202, known.body);
      assert.equal(none.statusCode, 202, none.body);
      const strip = (body: string) => {
        const { requestId: _r, ...rest } = JSON.parse(body) as Record<string, unknown>;
        return rest;
      };
      assert.deepEqual(strip(known.body), strip(none.body), 'the same body');
      assert.deepEqual(Object.keys(known.headers).sort(), Object.keys(none.headers).sort(), 'the same headers');
      for (const [to, name] of [[m.email, 'known'], [unknown, 'unknown']] as const) {
        const rows = await resetsOf(to);
        assert.equal(rows.length, 1, `${name}: one message`);
        assert.deepEqual([rows[0]!.status, rows[0]!.store_id, rows[0]!.mode, rows[0]!.params], ['pending', null, null, '{}'], `${name}: the same row`);
      }
      assert.equal((await db().selectFrom('password_resets').selectAll().execute()).length, 0, 'no account was looked up for a token yet');

      sender().start();
      await mailTo(m.email);
      const [dropped] = await eventually(async () => (await resetsOf(unknown)).filter((r) => r.status === 'dropped'));
      assert.match(dropped!.last_error!, /No account has this email/);
      assert.equal(smtp.to(unknown).length, 0, 'nothing is sent to an address without an account');
    });

    it('refuses a bad email naming the field, and queues nothing', async () => {
      for (const email of [undefined, '', 'not an address', `${'x'.repeat(320)}@example.com`, 42]) {
        const res = await ask(email);
        assert.equal(res.statusCode, 422, res.body);
        assert.equal(res.json().error.details[0].path, 'email');
      }
      const rows = await db().selectFrom('email_messages').select('to_address').where('kind', '=', 'password_reset').where('to_address', '=', '').execute();
      assert.equal(rows.length, 0);
    });

    it('counts requests per email as typed (known or not, the same) and per client address: 429 with Retry-After', async () => {
      const m = await signup(t.app);
      const unknown = `ghost.${Date.now()}@example.com`;
      for (const email of [m.email, unknown]) {
        for (let i = 0; i < 5; i += 1) assert.equal((await ask(email)).statusCode, 202);
        const sixth = await ask(email.toUpperCase());
        assert.equal(sixth.statusCode, 429, sixth.body);
        assert.ok(Number(sixth.headers['retry-after']) > 0);
        assert.equal(sixth.json().error.code, 'TOO_MANY_ATTEMPTS');
      }
      const from = '10.9.9.9';
      for (let i = 0; i < 20; i += 1) assert.equal((await ask(`spread${i}.${Date.now()}@example.com`, from)).statusCode, 202);
      const next = await ask(`spread-last.${Date.now()}@example.com`, from);
      assert.equal(next.statusCode, 429, 'per address');
      assert.equal((await resetsOf(`spread-last.${Date.now()}@example.com`)).length, 0);
    });
  });

  describe('setting the new password', () => {
    it('works once with the link’s token, ends every session of the account, keeps API keys; the old password is refused', async () => {
      sender().start();
      const m = await signup(t.app);
      const second = await call('POST', '/v1/auth/login', { body: { email: m.email, password: m.password } });
      const key = await createApiKey(t.app, m);
      assert.equal((await ask(m.email)).statusCode, 202);
      const [mail] = await mailTo(m.email);
      assert.equal(mail!.subject, 'Reset your password');
      const token = tokenIn(mail!);
      const stored = JSON.stringify(await db().selectFrom('password_resets').selectAll().execute()) + JSON.stringify(await resetsOf(m.email));
      assert.ok(!stored.includes(token), 'only the hash of the token is stored');

      const short = await confirm({ token, password: 'short' });
      assert.equal(short.status, 422, short.raw);
      assert.equal(short.body.error.details[0].path, 'password');
      assert.equal((await call('POST', '/v1/auth/login', { body: { email: m.email, password: m.password } })).status, 200, 'nothing changed');

      const done = await confirm({ token, password: NEW_PASSWORD });
      assert.equal(done.status, 200, done.raw);
      assert.ok(done.body.data.sessionsEnded >= 3, 'the sign-up session, the sign-in and the login just above');
      assert.equal((await call('GET', '/v1/merchants/profile', { headers: m.auth })).status, 401, 'the sign-up session ended');
      assert.equal((await call('GET', '/v1/merchants/profile', { headers: { authorization: `Bearer ${second.body.data.token}` } })).status, 401);
      assert.equal((await call('GET', '/v1/merchants/profile', { headers: { 'x-merchantapikey': key.key } })).status, 200, 'API keys belong to the store');
      assert.equal((await call('POST', '/v1/auth/login', { body: { email: m.email, password: m.password } })).status, 401, 'the old password is refused');
      assert.equal((await call('POST', '/v1/auth/login', { body: { email: m.email, password: NEW_PASSWORD } })).status, 200);

      const again = await confirm({ token, password: 'yet another passphrase' });
      assert.equal(again.status, 400, again.raw);
      assert.equal(again.body.error.code, 'RESET_LINK_INVALID');
      assert.equal(again.body.error.details[0].path, 'token');
    });

    it('an expired link, a link superseded by a change, and an unknown token are refused', async () => {
      sender().start();
      const m = await signup(t.app);
      await ask(m.email);
      await ask(m.email);
      const [first, second] = await mailTo(m.email, 2);
      await db().updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', m.userId).execute();
      assert.equal((await confirm({ token: tokenIn(first!), password: NEW_PASSWORD })).status, 400, 'expired');
      await db().updateTable('password_resets').set({ expires_at: new Date(Date.now() + 600_000).toISOString() }).where('user_id', '=', m.userId).execute();
      assert.equal((await confirm({ token: tokenIn(second!), password: NEW_PASSWORD })).status, 200);
      assert.equal((await confirm({ token: tokenIn(first!), password: 'something else entirely' })).status, 400, 'the other link of the same account died with the change');
      assert.equal((await confirm({ token: 'cs_pwr_nothing', password: NEW_PASSWORD })).status, 400);
    });
  });

  describe('the pages', () => {
    it('sign-in links to the form; the form (with its CSRF token) says the same for any email; the link’s page sets the password and signs in again', async () => {
      sender().start();
      const m = await signup(t.app);
      const browser = new Browser(t.app);
      assert.match((await browser.get('/login')).body, /<a href="\/password-reset">Forgot your password\?<\/a>/);
      const form = await browser.get('/password-reset');
      assert.equal(form.statusCode, 200);
      assert.equal(form.headers['x-frame-options'], 'DENY');
      const forged = await browser.post('/password-reset', { email: m.email, csrf: 'forged' });
      assert.equal(forged.statusCode, 403, 'no CSRF token, no request');
      const sent = await browser.post('/password-reset', { email: m.email, csrf: hiddenField(form.body, 'csrf') });
      assert.equal(sent.statusCode, 200, sent.body);
      assert.match(sent.body, /If an account has this email/);
      const other = await browser.post('/password-reset', { email: `nobody.${Date.now()}@example.com`, csrf: hiddenField(form.body, 'csrf') });
      assert.equal(other.body.replace(/csrf[^>]*/g, ''), sent.body.replace(/csrf[^>]*/g, ''), 'the same page');

      const [mail] = await mailTo(m.email);
      const link = linkIn(mail!, 'http://127.0.0.1:3000/password-reset/new?token=');
      const page = await browser.get(link.replace('http://127.0.0.1:3000', ''));
      assert.equal(page.statusCode, 200, page.body);
      assert.equal(page.headers['referrer-policy'], 'no-referrer', 'the token does not leak to other sites');
      const weak = await browser.post('/password-reset/new', { csrf: hiddenField(page.body, 'csrf'), token: hiddenField(page.body, 'token'), password: 'short' });
      assert.equal(weak.statusCode, 422);
      assert.match(weak.body, /New password must be at least 12 characters/);
      const set = await browser.post('/password-reset/new', { csrf: hiddenField(page.body, 'csrf'), token: hiddenField(page.body, 'token'), password: NEW_PASSWORD });
      assert.equal(set.statusCode, 303, set.body);
      assert.equal(set.headers.location, '/login?reset=done');
      assert.match((await browser.get('/login?reset=done')).body, /Your password was changed/);
      const used = await browser.get(link.replace('http://127.0.0.1:3000', ''));
      assert.equal(used.statusCode, 400);
      assert.match(used.body, /This link does not work any more/);
      assert.ok(!logs.some((line) => line.includes(tokenIn(mail!))), 'the token is never logged');
      assert.ok(logs.some((line) => line.includes('/password-reset/new?token=%5Bredacted%5D')), 'the page was logged, its token masked');
    });
  });
});

describeEachDatabase('mail features turned off', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let smtp: MailReceiver;
  before(async () => {
    smtp = await startMailReceiver();
    t = await startTestApp(kind, { config: { mail: mailConfig(smtp, { features: new Set() }) } });
    t.container.services.mailSender.start();
    call = client(t.app);
  });
  after(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('reset answers 404 and the sign-in page says so; invitations are not mailed (emailed: false) and cannot be resent; notifications are not queued', async () => {
    const m = await signup(t.app);
    const reset = await call('POST', '/v1/auth/password-reset', { body: { email: m.email } });
    assert.equal(reset.status, 404, reset.raw);
    assert.equal(reset.body.error.code, 'PASSWORD_RESET_UNAVAILABLE');
    assert.match((await new Browser(t.app).get('/login')).body, /This service sends no reset mail/);
    assert.equal((await new Browser(t.app).get('/password-reset')).statusCode, 404);
    const invited = await call('POST', '/v1/members/invitations', { headers: m.auth, body: { email: `i.${Date.now()}@example.com`, role: 'staff' } });
    assert.equal(invited.status, 201);
    assert.equal(invited.body.data.emailed, false);
    assert.ok(invited.body.data.token, 'the token to pass on is still there');
    const resend = await call('POST', `/v1/members/invitations/${invited.body.data.id}/resend`, { headers: m.auth });
    assert.equal(resend.status, 409, resend.raw);
    assert.equal(resend.body.error.code, 'MAIL_UNAVAILABLE');
    const address = await call('PATCH', '/v1/settings', { headers: m.auth, body: { notificationEmail: 'alerts@shop.example' } });
    assert.equal(address.status, 404, 'a notification address could never be confirmed');
    assert.equal(address.body.error.code, 'NOTIFICATIONS_UNAVAILABLE');
    await connect(t.app, m, { scope: 'orders:read' });
    assert.equal((await t.container.db.kysely.selectFrom('email_messages').selectAll().execute()).length, 0, 'nothing queued');
  });
});
