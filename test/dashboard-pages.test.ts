import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { BrowserContext } from 'playwright-core';
import { ensureDashboardBuilt } from '../src/dashboard-build.ts';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { assertAccessible, signInToDashboard } from './helpers/dashboard.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient, joinStore, type Merchant, signup } from './helpers/merchants.ts';

const skip = browserUnavailable();

describeEachDatabase('the dashboard’s API keys and audit log pages in Chromium', (kind) => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;
  let owner: Merchant;
  let staff: Merchant;

  before(async () => {
    if (skip) return;
    await ensureDashboardBuilt();
    t = await startListeningApp(kind);
    chromium = await launchChromium();
    context = chromium.context;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.baseUrl });
    owner = await signup(t.app, { storeName: 'Northwind Outfitters' });
    staff = await joinStore(t.app, owner, 'staff');
  });
  after(async () => {
    await chromium?.close();
    await t?.close();
  });



  /** A call over real HTTP with an API key, as a merchant's program would make it. */
  async function withKey(secret: string, pathname: string): Promise<number> {
    const response = await fetch(`${t.baseUrl}${pathname}`, { headers: { 'X-MerchantApiKey': secret, Accept: 'application/json' } });
    await response.arrayBuffer();
    return response.status;
  }

  it('creates a restricted key once (double click), shows its secret once, revokes it, and the audit log shows both', { skip }, async () => {
    const call = jsonClient(t.app);
    const ownerStore = { ...owner.auth, 'x-merchantid': owner.storeId };
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard`);
    await signInToDashboard(page, owner);
    await page.getByTestId('summary').waitFor();

    // The nav links to both sections (the owner has settings:write and settings:read).
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await nav.getByRole('link', { name: 'API keys' }).click();
    await page.getByRole('heading', { level: 1, name: 'API keys' }).waitFor();
    await page.getByText('No API keys in this mode yet').waitFor();
    await assertAccessible(page, 'API keys, empty');

    // The API's validation error shows next to the field it names.
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('.field-error').getByText(/^Name /).waitFor();
    assert.equal(await page.getByLabel('Name').getAttribute('aria-invalid'), 'true');

    // A name, products:read only; a double click on the submit button.
    const posts: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/api-keys') posts.push(r.headers()['idempotency-key']);
    });
    await page.getByLabel('Name').fill('Catalog reader');
    const checkboxes = page.getByRole('checkbox');
    assert.ok((await checkboxes.count()) >= 19, 'an owner is offered every permission');
    await page.getByRole('checkbox', { name: 'products:read', exact: true }).check();
    await page.getByRole('button', { name: 'Create key' }).dblclick();
    const secret = (await page.getByTestId('new-key-secret').innerText()).trim();
    assert.match(secret, /^sk_live_/);
    await page.getByText('it will not be shown again').waitFor();
    await page.getByRole('button', { name: 'Copy key' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    assert.equal(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText()), secret);
    await page.getByRole('row', { name: /Catalog reader/ }).waitFor();
    await assertAccessible(page, 'API keys, with the new secret shown');

    await page.waitForLoadState('networkidle'); // a second POST from the double click, if any, has landed
    const keys = await call('GET', '/v1/api-keys', { headers: ownerStore });
    assert.equal(keys.status, 200);
    const made = keys.body.data.filter((k: { name: string }) => k.name === 'Catalog reader');
    assert.equal(made.length, 1, 'a double click created exactly one key');
    assert.deepEqual(made[0].permissions, ['products:read']);
    assert.ok(secret.startsWith(made[0].prefix));
    assert.ok(posts.length >= 1 && posts.every((k) => k !== undefined && /^[0-9a-f-]{36}$/.test(k) && k === posts[0]), `one Idempotency-Key: ${posts}`);

    // The key works within its restriction only.
    assert.equal(await withKey(secret, '/v1/products'), 200);
    assert.equal(await withKey(secret, '/v1/orders'), 403);

    // Revoke, after a confirmation naming the key.
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Revoke Catalog reader' }).click();
    const confirm = page.getByTestId('confirm-revoke');
    assert.match(await confirm.innerText(), /Revoke the key “Catalog reader”/);
    await assertAccessible(page, 'API keys, confirming a revocation');
    await confirm.getByRole('button', { name: 'Revoke “Catalog reader”' }).click();
    await page.getByText('No API keys in this mode yet').waitFor();
    assert.equal(await withKey(secret, '/v1/products'), 401);

    // At 375 px wide both pages still work and pass axe.
    await page.setViewportSize({ width: 375, height: 800 });
    await assertAccessible(page, 'API keys at 375 px');

    // The audit log shows both actions, newest first (at 375 px the sections are behind the Menu button).
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await page.getByTestId('audit-entry').first().waitFor();
    const entries = await page.getByTestId('audit-entry').allInnerTexts();
    const revokeAt = entries.findIndex((e) => e.includes('api_key.revoke'));
    const createAt = entries.findIndex((e) => e.includes('api_key.create'));
    assert.ok(revokeAt >= 0 && createAt >= 0, `both actions are listed: ${entries.join(' | ')}`);
    assert.ok(revokeAt < createAt, 'newest first');
    await assertAccessible(page, 'audit log at 375 px');
    await page.setViewportSize({ width: 1100, height: 800 });
    await assertAccessible(page, 'audit log');

    // Filters, applied on submit and kept in the URL; the API's refusal of one shows at its field.
    const filters = page.getByTestId('audit-filters');
    const rowsAre = (pattern: string, count: number) =>
      page.waitForFunction(
        ([p, n]) => {
          const rows = [...(globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<{ textContent: string | null }> } }).document.querySelectorAll('[data-testid="audit-entry"]')];
          return rows.length === n && rows.every((r) => new RegExp(p as string).test(r.textContent ?? ''));
        },
        [pattern, count] as const,
      );
    await filters.getByLabel('Action').fill('api_key.revoke');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/action=api_key\.revoke/);
    await rowsAre('api_key\\.revoke', 1);
    await filters.getByLabel('Action').fill('api_key.*');
    await filters.getByLabel('Who').locator(`option[value="${owner.userId}"]`).waitFor({ state: 'attached' });
    await filters.getByLabel('Who').selectOption(owner.userId);
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/userId=/);
    await rowsAre('api_key\\.(create|revoke)', 2);
    await assertAccessible(page, 'audit log, filtered');
    await filters.getByLabel('Action').fill('api key');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await filters.locator('.field-error').getByText(/^Action must be an action such as product\.update/).waitFor();
    assert.equal(await filters.getByLabel('Action').getAttribute('aria-invalid'), 'true');
    await filters.getByRole('button', { name: 'Clear' }).click();
    await page.waitForURL((url) => !url.search.includes('action='));
    await page.getByTestId('audit-entry').nth(1).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    await page.close();
  });

  it('creates a storefront (publishable) key, shows it whole, and revokes it', { skip }, async () => {
    await context.clearCookies(); // whatever the test before left signed in
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/api-keys?store=${owner.storeId}`);
    await signInToDashboard(page, owner);
    await page.getByRole('heading', { level: 2, name: 'Storefront keys in live mode' }).waitFor();
    await page.getByText('No storefront keys in this mode yet').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'settings', exact: true }).waitFor(); // where the storefront origins are set

    // The API's validation error shows next to the field, then a key is made.
    await page.getByRole('button', { name: 'Create storefront key' }).click();
    await page.locator('.field-error').getByText(/^Name /).waitFor();
    assert.equal(await page.getByLabel('Which storefront').getAttribute('aria-invalid'), 'true');
    await page.getByLabel('Which storefront').fill('Main shop');
    await page.getByRole('button', { name: 'Create storefront key' }).click();
    const row = page.getByTestId('publishable-key-row').filter({ hasText: 'Main shop' });
    await row.waitFor();
    const key = (await row.locator('code').innerText()).trim();
    assert.match(key, /^pk_live_[A-Za-z0-9_-]{43}$/, 'shown whole: it is not a secret');
    await assertAccessible(page, 'API keys, with a storefront key');
    const read = async () => (await fetch(`${t.baseUrl}/v2/products`, { headers: { 'X-PublishableKey': key } })).status;
    assert.equal(await read(), 200);

    await page.getByRole('button', { name: 'Revoke storefront key Main shop' }).click();
    const confirm = page.getByTestId('confirm-revoke-publishable');
    assert.match(await confirm.innerText(), /Revoke the storefront key “Main shop”/);
    await assertAccessible(page, 'API keys, confirming a storefront key’s revocation');
    await confirm.getByRole('button', { name: 'Revoke “Main shop”' }).click();
    await page.getByText('No storefront keys in this mode yet').waitFor();
    assert.equal(await read(), 401);
    await page.close();
  });

  it('a staff member sees neither section, and the API refuses them a key', { skip }, async () => {
    const call = jsonClient(t.app);
    await context.clearCookies(); // whatever the test before left signed in
    const page = await context.newPage();
    // The staff member has a store of their own too: the link names the owner's.
    await page.goto(`${t.baseUrl}/dashboard/?store=${owner.storeId}`);
    await signInToDashboard(page, staff);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    assert.match(await page.getByTestId('store-name').innerText(), /Northwind Outfitters/);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await nav.getByText('Orders').waitFor(); // the member's permissions have arrived
    assert.equal(await nav.getByText('API keys').count(), 0);
    assert.equal(await nav.getByText('Audit log').count(), 0);

    // A deep link says what is missing, without asking the API.
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/v1/api-keys') || url.pathname.startsWith('/v1/audit-logs')) asked.push(url.pathname);
    });
    await page.goto(`${t.baseUrl}/dashboard/api-keys?store=${owner.storeId}`);
    await page.getByText('settings:write', { exact: true }).waitFor();
    await page.goto(`${t.baseUrl}/dashboard/audit-log?store=${owner.storeId}`);
    await page.getByText('settings:read', { exact: true }).waitFor();
    assert.deepEqual(asked, []);

    const refused = await call('POST', '/v1/api-keys', { headers: staff.auth, body: { name: 'Mine' } });
    assert.equal(refused.status, 403, refused.raw);
    await page.close();
  });
});
