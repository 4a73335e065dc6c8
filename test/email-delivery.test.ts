import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { insertCustomer, variableProduct } from './helpers/catalog.ts';
import { createTestDatabase, databaseKinds, describeEachDatabase } from './helpers/databases.ts';
import { linkIn, mailConfig, type MailReceiver, setNotificationEmail, startMailReceiver } from './helpers/mail-receiver.ts';
import { client, type Merchant, signup } from './helpers/merchants.ts';
import { allOrders, json, serveProcess, shopOverHttp } from './helpers/serve-process.ts';
import { eventually } from './helpers/webhook-receiver.ts';


describeEachDatabase('mail delivery', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let smtp: MailReceiver;
  before(async () => {
    smtp = await startMailReceiver();
    t = await startTestApp(kind, { config: { mail: mailConfig(smtp, { retryScheduleSeconds: [0.15, 0.15, 0.15] }) } });
    t.container.services.mailSender.start();
    call = client(t.app);
  });
  after(async () => {
    await t?.close();
    await smtp?.close();
  });

  const invite = (m: Merchant, email: string) => call('POST', '/v1/members/invitations', { headers: m.auth, body: { email, role: 'staff' } });
  async function emailOf(m: Merchant, to: string) {
    const res = await call('GET', '/v1/emails', { headers: m.auth });
    assert.equal(res.status, 200, res.raw);
    return (res.body.data as Array<{ to: string; status: string; attempts: number; lastError: string | null }>).find((e) => e.to === to);
  }

  it('an SMTP server that refuses for now (451) and then recovers: retried on the schedule, delivered once', async () => {
    const m = await signup(t.app);
    const to = `later.${Date.now()}@example.com`;
    smtp.refuseNext(2, 451);
    await invite(m, to);
    const sent = await eventually(async () => {
      const e = await emailOf(m, to);
      return e?.status === 'sent' && e;
    });
    assert.equal(sent.attempts, 3);
    assert.equal(smtp.to(to).length, 1, 'once');
    assert.equal(sent.lastError, null, 'the refusals are behind it');
  });

  it('a permanent refusal (550) fails at once, with the server’s answer; never retried', async () => {
    const m = await signup(t.app);
    const to = `gone.${Date.now()}@example.com`;
    smtp.refuseNext(1, 550);
    await invite(m, to);
    const failed = await eventually(async () => {
      const e = await emailOf(m, to);
      return e?.status === 'failed' && e;
    });
    assert.equal(failed.attempts, 1);
    assert.match(failed.lastError!, /^SMTP 550/);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(smtp.to(to).length, 0);
    assert.equal((await emailOf(m, to))!.attempts, 1);
  });

  it('refused for now on every try: failed once the schedule is used up', async () => {
    const m = await signup(t.app);
    const to = `never.${Date.now()}@example.com`;
    smtp.refuseAll(421);
    try {
      await invite(m, to);
      const failed = await eventually(async () => {
        const e = await emailOf(m, to);
        return e?.status === 'failed' && e;
      });
      assert.equal(failed.attempts, 4, 'the first try and three retries');
      assert.match(failed.lastError!, /^SMTP 421/);
    } finally {
      smtp.accept();
    }
  });

  it('escapes a hostile store name in the HTML and keeps the subject one header line', async () => {
    const m = await signup(t.app);
    const hostile = '<img src=x onerror=alert(1)> & "Co"\r\nBcc: thief@evil.example';
    // Straight into the database: whatever the API lets through, the mail must be safe.
    await t.container.db.kysely.updateTable('stores').set({ name: hostile }).where('id', '=', m.storeId).execute();
    const to = `hostile.${Date.now()}@example.com`;
    assert.equal((await invite(m, to)).status, 201);
    const [mail] = await eventually(() => smtp.to(to).length > 0 && smtp.to(to));
    assert.ok(!mail!.html.includes('<img src=x'), 'no markup from the store name');
    assert.ok(mail!.html.includes('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;'), mail!.html);
    assert.equal(mail!.subject, 'You are invited to <img src=x onerror=alert(1)> & "Co" Bcc: thief@evil.example');
    assert.equal(mail!.headers.get('bcc'), undefined);
    assert.equal(smtp.to('thief@evil.example').length, 0);
    assert.ok(!/^Bcc:/im.test(mail!.raw.split(/\r?\n\r?\n/)[0]!), 'no Bcc header');
    assert.match(mail!.text, /<img src=x onerror=alert\(1\)> & "Co"/, 'the plain text says it as it is');
  });
});

/** `serve` as a real process sending mail to `smtpUrl` (none: the local outbox); `lines` gets what it prints. */
const serve = (databaseUrl: string, smtpUrl: string | null, lines: string[] = []) =>
  serveProcess(
    databaseUrl,
    {
      ...(smtpUrl ? { SMTP_URL: smtpUrl, MAIL_FROM: 'Shop <no-reply@shop.example>' } : {}),
      MAIL_RETRY_SCHEDULE: Array(20).fill('1').join(','),
      // A short bound, so the leases the killed process held end soon (a lease outlives twice the bound).
      MAIL_TIMEOUT_SECONDS: '1',
    },
    { unset: ['SMTP_URL', 'MAIL_FROM', 'MAIL_OUTBOX_DIR'], lines },
  );

describeEachDatabase('mail survives kill -9', (kind) => {
  let smtp: MailReceiver;
  let drop: () => Promise<void>;
  const children: ChildProcess[] = [];
  before(async () => {
    smtp = await startMailReceiver();
  });
  after(async () => {
    for (const c of children) c.kill('SIGKILL');
    await smtp?.close();
    await drop?.();
  });

  it('orders placed in a burst, the process killed while the SMTP server refuses: after a restart every order’s mail arrives, once', { timeout: 120_000 }, async () => {
    const database = await createTestDatabase(kind);
    drop = database.drop;
    const databaseUrl = database.config.kind === 'sqlite' ? `sqlite:${database.config.file}` : database.config.url;
    const first = serve(databaseUrl, smtp.url);
    children.push(first.child);
    const base = await first.url;

    const { auth, skuId, customerId } = await shopOverHttp(base);
    const alerts = `alerts.${Date.now()}@shop.example`;
    assert.equal((await json(base, 'PATCH', '/v1/settings', auth, { notificationEmail: alerts })).status, 200);
    // The address is used once confirmed from the mail it gets.
    const [confirm] = await eventually(() => smtp.to(alerts).length >= 1 && smtp.to(alerts), 10_000, 'the confirmation mail');
    const link = new URL(linkIn(confirm!, 'http://127.0.0.1:0/email-links/confirm?token='));
    const confirmed = await fetch(`${base}${link.pathname}`, { method: 'POST', body: new URLSearchParams({ token: link.searchParams.get('token')! }) });
    assert.equal(confirmed.status, 200, await confirmed.text());
    assert.equal((await json(base, 'GET', '/v1/settings', auth)).body.data.notificationEmail, alerts);
    const orderMails = () => smtp.to(alerts).filter((m) => m.subject.startsWith('New order'));
    smtp.refuseAll(451);

    // 6 clients placing orders; killed after 40 answers.
    let answered = 0;
    let killed = false;
    const runner = async () => {
      while (!killed) {
        try {
          const res = await json(base, 'POST', '/v1/orders', auth, { customerId, lines: [{ skuId, quantity: 1 }] });
          assert.equal(res.status, 201);
        } catch {
          return;
        }
        answered += 1;
        if (answered >= 40 && !killed) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, runner));
    await first.exited();
    assert.equal(orderMails().length, 0, 'no order mail was accepted before the kill');

    // Restarted (two instances on PostgreSQL, sharing the outbox), the SMTP server accepting again.
    const restarted = [serve(databaseUrl, smtp.url), ...(kind === 'postgres' ? [serve(databaseUrl, smtp.url)] : [])];
    children.push(...restarted.map((r) => r.child));
    const base2 = await restarted[0]!.url;
    await Promise.all(restarted.map((r) => r.url));
    smtp.accept();
    const numbers = (await allOrders(base2, auth)).map((o) => o.number);
    assert.ok(numbers.length >= 40, `a burst of orders (${numbers.length})`);
    await eventually(() => orderMails().length >= numbers.length, 60_000, `${numbers.length} mails`);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const subjects = orderMails().map((m) => /New order (\S+) in/.exec(m.subject)?.[1]);
    assert.deepEqual([...subjects].sort(), [...numbers].sort(), 'one mail per committed order, none twice');
    assert.equal(new Set(orderMails().map((m) => m.messageId)).size, numbers.length);
    for (const r of restarted) r.child.kill('SIGTERM');
  });
});

describe('development without SMTP_URL: the local outbox', () => {
  let dir: string;
  const children: ChildProcess[] = [];
  after(async () => {
    for (const c of children) c.kill('SIGKILL');
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('serve says where mail goes, and writes each message beside the database with its link, printing the path', { timeout: 60_000 }, async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'commerce-outbox-'));
    const lines: string[] = [];
    const running = serve(`sqlite:${path.join(dir, 'commerce.db')}`, null, lines);
    children.push(running.child);
    const base = await running.url;
    const outbox = path.join(dir, 'mail-outbox');
    await eventually(() => lines.some((l) => l.includes(`Mail: the local outbox ${outbox}`)), 10_000, 'the start-up line');
    const email = `outbox.${Date.now()}@example.com`;
    assert.equal((await json(base, 'POST', '/v1/auth/signup', {}, { email, password: 'correct horse battery staple', name: 'Olive', storeName: 'Outbox Shop' })).status, 201);
    assert.equal((await json(base, 'POST', '/v1/auth/password-reset', {}, { email })).status, 202);
    const printed = await eventually(() => lines.find((l) => l.startsWith(`mail to ${email} ("Reset your password") is in the local outbox: `)), 10_000, 'the printed path');
    const txt = printed.slice(printed.indexOf(': ') + 2);
    assert.ok(txt.startsWith(outbox) && txt.endsWith('.txt'), txt);
    const text = await readFile(txt, 'utf8');
    assert.match(text, new RegExp(`^To: ${email.replaceAll('.', '\\.')}\nSubject: Reset your password\n`));
    assert.match(text, /\/password-reset\/new\?token=cs_pwr_[A-Za-z0-9_-]{43}/, 'the link, on one line, to copy');
    const eml = await simpleParser(await readFile(txt.replace(/\.txt$/, '.eml')));
    assert.equal(eml.subject, 'Reset your password');
    assert.ok(typeof eml.html === 'string' && eml.html.includes('Choose a new password'));
    running.child.kill('SIGTERM');
  });
});

const postgres = databaseKinds().includes('postgres');
describe('two senders on one PostgreSQL database', { skip: postgres ? false : 'set TEST_DATABASE_URL=postgres://… to run it' }, () => {
  let a: TestApp;
  let b: TestApp;
  let smtp: MailReceiver;
  before(async () => {
    if (!postgres) return;
    smtp = await startMailReceiver();
    const config = { mail: mailConfig(smtp, { pollMs: 20 }) };
    a = await startTestApp('postgres', { config });
    b = await startTestApp('postgres', { config, database: a.database });
  });
  after(async () => {
    await b?.close();
    await a?.close();
    await smtp?.close();
  });

  it('share the outbox: each message is sent once', { timeout: 60_000 }, async () => {
    const call = client(a.app);
    const m = await signup(a.app);
    const { productId, skuIds } = await variableProduct(a.app, m, { skus: [{ price: 10, quantityInStock: 10_000, attributes: { Size: 'M' } }] });
    assert.equal((await call('PATCH', `/v1/products/${productId}`, { headers: m.auth, body: { status: 'active' } })).status, 200);
    const customerId = await insertCustomer(a, m.storeId);
    // The address is confirmed first, through a third instance's sender (then gone), so the two under test start with
    // 30 order mails waiting.
    const confirming = await startTestApp('postgres', { config: { mail: mailConfig(smtp, { pollMs: 20 }) }, database: a.database });
    try {
      confirming.container.services.mailSender.start();
      await setNotificationEmail(confirming.app, smtp, m.auth, 'both@shop.example');
    } finally {
      await confirming.close();
    }
    const placed = await Promise.all(Array.from({ length: 30 }, () => call('POST', '/v1/orders', { headers: m.auth, body: { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] } })));
    for (const p of placed) assert.equal(p.status, 201);
    a.container.services.mailSender.start();
    b.container.services.mailSender.start();
    const orderMails = () => smtp.to('both@shop.example').filter((x) => x.subject.startsWith('New order'));
    for (let i = 0; i < 10; i++) await client(b.app)('POST', '/v1/orders', { headers: m.auth, body: { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] } });
    await eventually(() => orderMails().length >= 40, 30_000, '40 mails');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(orderMails().length, 40, 'nothing sent twice');
    assert.equal(new Set(orderMails().map((x) => x.messageId)).size, 40);
  });
});
