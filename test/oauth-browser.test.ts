import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { ensureDashboardBuilt } from '../src/dashboard-build.ts';
import { browserUnavailable, launchChromium, startAppServer, startListeningApp } from './helpers/chromium.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient, type Merchant, signup } from './helpers/merchants.ts';
import { authorizeQuery, type Client, pkce, registerClient } from './helpers/oauth.ts';

const skip = browserUnavailable();

describeEachDatabase('connected apps in a real browser (Chromium, JavaScript off on the pages)', (kind) => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let appServer: Awaited<ReturnType<typeof startAppServer>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;
  let merchant: Merchant;
  let secondStoreId: string;
  let client: Client;

  before(async () => {
    if (skip) return;
    await ensureDashboardBuilt();
    t = await startListeningApp(kind);
    appServer = await startAppServer();
    // The pages must work without JavaScript: run the whole flow with it off.
    chromium = await launchChromium({ javaScriptEnabled: false });
    context = chromium.context;
    merchant = await signup(t.app, { storeName: 'Northwind Outfitters' });
    const second = await jsonClient(t.app)('POST', '/v1/stores', { headers: merchant.auth, body: { name: 'Contoso Electronics' } });
    secondStoreId = second.body.data.id;
    client = await registerClient(t.app, { client_name: 'Acme Analytics', redirect_uris: [appServer.redirectUri] });
  });
  after(async () => {
    await chromium?.close();
    await appServer?.close();
    await t?.close();
  });

  /** The API over the real socket, as an app would call it. */
  async function api(path: string, init: RequestInit = {}) {
    const res = await fetch(`${t.baseUrl}${path}`, init);
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) };
  }
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

  async function startAuthorization(page: Page, state: string, challenge: string, scope = 'orders:read settings:read') {
    await page.goto(`${t.baseUrl}/oauth/authorize?${authorizeQuery(client, challenge, { state, scope })}`);
  }

  /** The browser lands on the app's callback; returns its query. */
  async function callback(page: Page): Promise<URL> {
    await page.waitForURL(`${appServer.redirectUri}?**`);
    return new URL(page.url());
  }

  it('signs in, picks a store, allows, exchanges, calls the API, refreshes, removes the app on the Connected Apps page, and sees both tokens fail', { skip }, async () => {
    const page = await context.newPage();
    const { verifier, challenge } = pkce();
    await startAuthorization(page, 'browser-state-1', challenge);

    // Sign in
    assert.equal(await page.title(), 'Sign in · commerce-service');
    await page.getByLabel('Email').fill(merchant.email);
    await page.getByLabel('Password').fill('wrong password, surely');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await assert.doesNotReject(page.getByRole('alert').filter({ hasText: 'The email or password is wrong' }).waitFor());
    await page.getByLabel('Password').fill(merchant.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Pick a store
    await page.getByRole('group', { name: 'Store' }).waitFor();
    await page.getByLabel('Contoso Electronics').check();
    await page.getByRole('button', { name: 'Continue' }).click();

    // Consent
    await page.getByRole('button', { name: 'Allow' }).waitFor();
    const consent = await page.locator('main').innerText();
    assert.match(await page.getByRole('heading', { level: 1 }).innerText(), /Allow .Acme Analytics. to access Contoso Electronics\?/);
    assert.match(consent, /not verified/);
    assert.match(consent, new RegExp(`sent back to ${appServer.redirectUri.replace(/^http:\/\//, '').replace('/callback', '')}`));
    assert.match(consent, /View orders and their history/);
    assert.match(consent, /View store settings and audit logs/);
    assert.match(consent, /only accepts answers on this computer/);
    await page.getByRole('button', { name: 'Allow' }).click();

    const back = await callback(page);
    assert.equal(back.searchParams.get('state'), 'browser-state-1');
    assert.equal(back.searchParams.get('iss'), t.baseUrl);
    const code = back.searchParams.get('code');
    assert.ok(code);

    // Exchange and call the API
    const tokens = await api('/oauth/token', form({ grant_type: 'authorization_code', code, redirect_uri: appServer.redirectUri, client_id: client.client_id, code_verifier: verifier }));
    assert.equal(tokens.status, 200);
    assert.equal(tokens.headers.get('cache-control'), 'no-store');
    const perms = await api('/v1/users/me/permissions', { headers: { authorization: `Bearer ${tokens.body.access_token}` } });
    assert.equal(perms.status, 200);
    assert.equal(perms.body.data.storeId, secondStoreId);
    assert.deepEqual(perms.body.data.permissions, ['orders:read', 'settings:read']);

    // Refresh
    const refreshed = await api('/oauth/token', form({ grant_type: 'refresh_token', refresh_token: tokens.body.refresh_token, client_id: client.client_id }));
    assert.equal(refreshed.status, 200);
    assert.notEqual(refreshed.body.refresh_token, tokens.body.refresh_token);
    assert.equal((await api('/v1/members', { headers: { authorization: `Bearer ${refreshed.body.access_token}` } })).status, 200);

    // Remove the app on the Connected Apps page, which is the dashboard's (a script page): the same browser session,
    // carried into a browser with JavaScript on.
    const scripted = await launchChromium();
    try {
      await scripted.context.addCookies(await context.cookies());
      const dashboard = await scripted.context.newPage();
      await dashboard.goto(`${t.baseUrl}/dashboard/connected-apps`);
      const row = dashboard.getByRole('row', { name: /Acme Analytics/ });
      await row.waitFor();
      assert.match(await row.innerText(), /Contoso Electronics/);
      assert.match(await row.innerText(), /orders:read/);
      await row.getByRole('button', { name: /Remove/ }).click();
      const confirm = dashboard.getByRole('alertdialog');
      assert.match(await confirm.innerText(), /Remove “Acme Analytics” from Contoso Electronics\?/);
      await confirm.getByRole('button', { name: 'Remove Acme Analytics' }).click();
      await dashboard.getByText('“Acme Analytics” was removed from Contoso Electronics').waitFor();
      await dashboard.getByText('No apps are connected.').waitFor();
    } finally {
      await scripted.close();
    }

    // Both tokens fail
    const dead = await api('/v1/users/me/permissions', { headers: { authorization: `Bearer ${refreshed.body.access_token}` } });
    assert.equal(dead.status, 401);
    assert.match(dead.headers.get('www-authenticate') ?? '', /error="invalid_token"/);
    const deadRefresh = await api('/oauth/token', form({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token, client_id: client.client_id }));
    assert.equal(deadRefresh.body.error, 'invalid_grant');
    await page.close();
  });

  it('lets someone without an account follow "Create an account" from the sign-in page, sign up, allow, and find Connected apps from consent', { skip }, async () => {
    // Signed out for this test only: the others go on with the merchant's session.
    const signedIn = await context.cookies();
    await context.clearCookies();
    const page = await context.newPage();
    try {
      await signUpAndAllow(page);
    } finally {
      await page.close();
      await context.clearCookies();
      await context.addCookies(signedIn);
    }
  });

  /** A signed-out visitor's way from the app's authorization request, through sign-up, to the app's callback. */
  async function signUpAndAllow(page: Page) {
    await startAuthorization(page, 'browser-state-signup', pkce().challenge);
    assert.equal(await page.title(), 'Sign in · commerce-service');
    await page.getByRole('link', { name: 'Create an account' }).click();
    assert.equal(await page.title(), 'Create an account · commerce-service');
    assert.match(await page.locator('main').innerText(), /connect the app Acme Analytics/);
    // "Sign in" goes back to this request's sign-in page, and "Create an account" forward again.
    await page.getByRole('link', { name: 'Sign in' }).click();
    assert.equal(await page.title(), 'Sign in · commerce-service');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Your name').fill('Browser Newcomer');
    await page.getByLabel('Email').fill(`browser.newcomer.${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByLabel('Store name').fill('Fabrikam Goods');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByRole('button', { name: 'Allow' }).waitFor();
    assert.match(await page.getByRole('heading', { level: 1 }).innerText(), /Allow .Acme Analytics. to access Fabrikam Goods\?/);
    const connectedApps = page.getByRole('link', { name: 'Connected apps' });
    assert.equal(await connectedApps.getAttribute('href'), '/dashboard/connected-apps');
    await page.getByRole('button', { name: 'Allow' }).click();
    const back = await callback(page);
    assert.equal(back.searchParams.get('state'), 'browser-state-signup');
    assert.ok(back.searchParams.get('code'));
  }

  it('sends access_denied with the state and iss when the merchant denies', { skip }, async () => {
    const page = await context.newPage();
    await startAuthorization(page, 'browser-state-2', pkce().challenge);
    // Still signed in from the session cookie: straight to the store picker.
    await page.getByLabel('Northwind Outfitters').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    const back = await callback(page);
    assert.equal(back.searchParams.get('error'), 'access_denied');
    assert.equal(back.searchParams.get('state'), 'browser-state-2');
    assert.equal(back.searchParams.get('iss'), t.baseUrl);
    assert.equal(back.searchParams.get('code'), null);
    await page.close();
  });

  it('refuses to show the consent page inside a frame on another site', { skip }, async () => {
    const page = await context.newPage();
    const blocked: string[] = [];
    page.on('console', (message) => blocked.push(message.text()));
    const target = `${t.baseUrl}/oauth/authorize?${authorizeQuery(client, pkce().challenge, { state: 'framed' })}`;
    await page.goto(`${appServer.origin}/frame?src=${encodeURIComponent(target)}`);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    assert.ok(frame, 'the iframe exists');
    await page.waitForTimeout(300);
    assert.ok(!frame.url().startsWith(t.baseUrl) || (await frame.locator('button').count()) === 0, `the frame shows nothing of ours (${frame.url()})`);
    assert.equal(await frame.locator('button', { hasText: 'Allow' }).count(), 0);
    assert.ok(blocked.some((text) => /frame-ancestors|X-Frame-Options|refused to display/i.test(text)), blocked.join('\n'));
    await page.close();
  });
});
