import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { ensureDashboardBuilt } from '../src/dashboard-build.ts';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { assertAccessible, signInToDashboard } from './helpers/dashboard.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { linkIn, mailConfig, type MailReceiver, startMailReceiver } from './helpers/mail-receiver.ts';
import { client as jsonClient, type Merchant, signup } from './helpers/merchants.ts';
import { eventually } from './helpers/webhook-receiver.ts';

const skip = browserUnavailable();

describeEachDatabase('mail flows in Chromium: an invitation link accepted, a password reset completed', (kind) => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;
  let smtp: MailReceiver;
  let owner: Merchant;
  let call: ReturnType<typeof jsonClient>;

  before(async () => {
    if (skip) return;
    await ensureDashboardBuilt();
    smtp = await startMailReceiver();
    t = await startListeningApp(kind, { config: { mail: mailConfig(smtp) } });
    t.container.services.mailSender.start();
    chromium = await launchChromium();
    context = chromium.context;
    owner = await signup(t.app, { storeName: 'Harbor Goods', name: 'Hana Owner' });
    call = jsonClient(t.app);
  });
  after(async () => {
    await chromium?.close();
    await t?.close();
    await smtp?.close();
  });

  const mailTo = (address: string, count = 1) => eventually(() => smtp.to(address).length >= count && smtp.to(address), 15_000, `${count} mail(s) to ${address}`);

  it('the invitee opens the link from the mail signed out, signs in and accepts: the store is theirs; the link does not work twice', { skip }, async () => {
    const invitee = await signup(t.app, { storeName: 'Invitee Own Shop' });
    assert.equal((await call('POST', '/v1/members/invitations', { headers: owner.auth, body: { email: invitee.email, role: 'staff' } })).status, 201);
    const [mail] = await mailTo(invitee.email);
    assert.equal(mail!.subject, 'You are invited to Harbor Goods');
    const link = linkIn(mail!, `${t.baseUrl}/dashboard/invitations/accept?token=`);

    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(link);
    await signInToDashboard(page, invitee);
    await page.getByRole('heading', { level: 1, name: 'Accept an invitation' }).waitFor();
    assert.equal(await page.getByLabel('Invitation token').inputValue(), new URL(link).searchParams.get('token'));
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.waitForURL(new RegExp(`/dashboard/?\\?store=${owner.storeId}$`));
    await page.getByTestId('store-name').getByText(/Harbor Goods/).waitFor();
    const members = (await call('GET', '/v1/members', { headers: owner.auth })).body.data as Array<{ email: string; role: string }>;
    assert.equal(members.find((m) => m.email === invitee.email)?.role, 'staff');

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Accept an invitation' }).waitFor();
    await page.getByRole('button', { name: 'Accept invitation' }).click();
    await page.getByText(/not valid|already a member/).first().waitFor();
    await page.close();
  });

  it('forgot password: the sign-in page’s link, the mail, a refused and then a good new password; the old password is refused, the new one signs in', { skip }, async () => {
    const person = await signup(t.app);
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard`);
    await page.waitForURL(/\/login\?next=/);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    await assertAccessible(page, 'the reset request page');
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check your email' }).waitFor();
    await assertAccessible(page, 'the reset requested page');

    const [mail] = await mailTo(person.email);
    await page.goto(linkIn(mail!, `${t.baseUrl}/password-reset/new?token=`));
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await assertAccessible(page, 'the new password page');
    await page.getByLabel('New password').fill('too short');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.getByText('New password must be at least 12 characters.').waitFor();
    assert.equal(await page.getByLabel('New password').getAttribute('aria-invalid'), 'true');
    await assertAccessible(page, 'the new password page, refused');
    await page.getByLabel('New password').fill('a fresh reset passphrase');
    await page.getByRole('button', { name: 'Set the new password' }).click();
    await page.waitForURL(/\/login\?reset=done/);
    await page.getByText('Your password was changed').waitFor();

    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The email or password is wrong').waitFor();
    await page.getByLabel('Password').fill('a fresh reset passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard/);
    await page.getByTestId('store-name').waitFor();
    await page.close();
  });
});
