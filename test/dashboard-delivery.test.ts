import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserUnavailable } from './helpers/chromium.ts';
import { assertAccessible, signInToDashboard } from './helpers/dashboard.ts';
import { dashboardInChromium } from './helpers/dashboard-suite.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { countOf } from './helpers/delivery-payments.ts';
import { client as jsonClient, joinStore } from './helpers/merchants.ts';

const skip = browserUnavailable();

/** The accessible name (aria-label) of the focused element. */
function focusedLabelOf(page: Page): Promise<string | null> {
  return page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(name: string): string | null } | null } }).document.activeElement?.getAttribute('aria-label') ?? null);
}

describeEachDatabase('the dashboard’s delivery page in Chromium', (kind) => {
  const ui = dashboardInChromium(kind, { storeName: 'Northwind Outfitters' });

  it('an owner adds zones and options (errors next to their fields, one zone for a double click), edits both with If-Match, tries quotes and deletes after confirmations', { skip }, async () => {
    const { t, context, owner } = ui;
    const call = jsonClient(t.app);
    const zones = async () => (await call('GET', '/v1/delivery/zones', { headers: owner.auth })).body.data as Array<{ id: string; name: string; regions: unknown[]; options: Array<Record<string, unknown>> }>;
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard`);
    await signInToDashboard(page, owner);
    await page.getByTestId('summary').waitFor();

    const focusedLabel = () => focusedLabelOf(page);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Delivery' }).click();
    await page.getByRole('heading', { level: 1, name: 'Delivery' }).waitFor();
    await page.getByText('You deliver nowhere yet. Add a zone above').waitFor();
    await assertAccessible(page, 'delivery, empty');

    // A quote with no zone says so.
    const quoteForm = page.getByRole('form', { name: 'Delivery quote' });
    await quoteForm.getByLabel('Country', { exact: true }).selectOption('US');
    await quoteForm.getByRole('button', { name: 'Get a quote' }).click();
    await page.getByTestId('quote').getByText(/No zone delivers to United States/).waitFor();

    // A zone with no name and no region: both refusals next to their fields; nothing written.
    await page.getByRole('button', { name: 'Add a zone' }).click();
    const newZone = page.getByRole('form', { name: 'New zone' });
    await newZone.getByRole('button', { name: 'Add zone' }).click();
    await newZone.getByText('Zone name must not be empty.').waitFor();
    await newZone.getByText('Regions must contain at least one region.').waitFor();
    assert.equal(await newZone.getByLabel('Zone name').getAttribute('aria-invalid'), 'true');
    assert.equal(await countOf(t, 'delivery_zones', owner.storeId), 0);
    await assertAccessible(page, 'new zone, with field errors');

    // The whole US, added with a double click: one zone, one Idempotency-Key.
    const posts: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/delivery/zones') posts.push(r.headers()['idempotency-key']);
    });
    await newZone.getByLabel('Zone name').fill('Mainland US');
    await newZone.getByLabel('Country', { exact: true }).selectOption('US');
    await newZone.getByRole('button', { name: 'Add region' }).click();
    await newZone.getByTestId('region').filter({ hasText: 'United States' }).waitFor();
    await newZone.getByRole('button', { name: 'Add zone' }).dblclick();
    await page.getByText('Zone “Mainland US” added.').waitFor();
    const mainland = page.getByTestId('zone').filter({ has: page.getByRole('heading', { name: 'Mainland US' }) });
    await mainland.getByText('No delivery options in this zone').waitFor();
    await page.waitForLoadState('networkidle');
    assert.equal((await zones()).length, 1, 'one zone');
    assert.ok(posts.length >= 1 && posts.every((k) => k !== undefined && /^[0-9a-f-]{36}$/.test(k) && k === posts[0]), `one Idempotency-Key: ${posts}`);
    assert.deepEqual((await zones())[0]!.regions, [{ countryId: 'US', stateId: null }]);

    // An option with a negative fee is refused next to Fee; then a valid one.
    await mainland.getByRole('button', { name: 'Add an option to Mainland US' }).click();
    const newOption = page.getByRole('form', { name: 'New option for Mainland US' });
    assert.equal(await focusedLabel(), 'New option for Mainland US', 'focus moves into the form it opened');
    await newOption.getByLabel('Option name').fill('Standard');
    await newOption.getByLabel('Fee (USD)').fill('-1');
    await newOption.getByRole('button', { name: 'Add option' }).click();
    await newOption.getByText('Fee (USD) must be 0 or more.').waitFor();
    assert.equal(await countOf(t, 'delivery_options', owner.storeId), 0);
    await newOption.getByLabel('Fee (USD)').fill('5.99');
    await newOption.getByLabel('Free from (USD)').fill('75');
    await newOption.getByLabel('Fewest days').fill('3');
    await newOption.getByLabel('Most days').fill('5');
    await newOption.getByRole('button', { name: 'Add option' }).click();
    await mainland.getByText('Option “Standard” added.').waitFor();
    assert.equal(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document.activeElement?.textContent), 'Mainland US', 'focus returns to the zone');
    const standard = mainland.getByTestId('delivery-option').filter({ hasText: 'Standard' });
    assert.match(await standard.innerText(), /\$5\.99[\s\S]*orders of \$75\.00[\s\S]*3–5 days[\s\S]*Yes/);
    const option = (await zones())[0]!.options[0]!;
    assert.deepEqual(
      [option.name, option.fee, option.freeOver, option.estimatedDaysMin, option.estimatedDaysMax, option.active],
      ['Standard', 5.99, 75, 3, 5, true],
    );
    await assertAccessible(page, 'delivery, a zone with an option');

    // A second zone claiming the US: the API's 409 names the region, shown next to it; nothing written.
    await page.getByRole('button', { name: 'Add a zone' }).click();
    await newZone.getByLabel('Zone name').fill('Alaska and Hawaii');
    await newZone.getByLabel('Country', { exact: true }).selectOption('US');
    await newZone.getByRole('button', { name: 'Add region' }).click();
    await newZone.getByRole('button', { name: 'Add zone' }).click();
    await newZone.getByTestId('region').getByText(/is already in the zone "Mainland US"/).waitFor();
    assert.equal(await countOf(t, 'delivery_zones', owner.storeId), 1);
    // Its states are the more specific regions: allowed.
    await newZone.getByRole('button', { name: /^Remove United States/ }).click();
    await newZone.getByLabel('Country', { exact: true }).selectOption('US');
    await newZone.getByLabel('State', { exact: true }).selectOption('US-AK');
    await newZone.getByRole('button', { name: 'Add region' }).click();
    await newZone.getByLabel('State', { exact: true }).selectOption('US-HI');
    await newZone.getByRole('button', { name: 'Add region' }).click();
    await newZone.getByRole('button', { name: 'Add zone' }).click();
    await page.getByText('Zone “Alaska and Hawaii” added.').waitFor();
    const islands = page.getByTestId('zone').filter({ has: page.getByRole('heading', { name: 'Alaska and Hawaii' }) });
    assert.match(await islands.getByTestId('zone-regions').innerText(), /Alaska, United States.*; Hawaii, United States/);

    // Edit the option: only the fee is sent, with If-Match, the ETag of the option the editor loaded.
    const optionUrl = `/v1/delivery/zones/${option.zoneId}/options/${option.id}`;
    const optionEtag = (await call('GET', optionUrl, { headers: owner.auth })).headers.etag;
    const patches: Array<{ path: string; ifMatch: string | undefined; body: unknown }> = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH') patches.push({ path: new URL(r.url()).pathname, ifMatch: r.headers()['if-match'], body: r.postDataJSON() });
    });
    await standard.getByRole('button', { name: 'Edit Standard in Mainland US' }).click();
    const editOption = page.getByRole('form', { name: 'Edit Standard in Mainland US' });
    assert.equal(await editOption.getByLabel('Fee (USD)').inputValue(), '5.99');
    await assertAccessible(page, 'delivery, editing an option');
    await editOption.getByLabel('Fee (USD)').fill('6.49');
    await editOption.getByRole('button', { name: 'Save option' }).click();
    await mainland.getByText('Option “Standard” saved.').waitFor();
    assert.deepEqual(patches, [{ path: optionUrl, ifMatch: optionEtag, body: { fee: 6.49 } }]);
    assert.equal((await call('GET', optionUrl, { headers: owner.auth })).body.data.fee, 6.49);
    await standard.getByText('$6.49').waitFor();

    // Rename the zone, with If-Match: the ETag of the zone the editor loaded.
    const zoneUrl = `/v1/delivery/zones/${option.zoneId}`;
    const zoneEtag = (await call('GET', zoneUrl, { headers: owner.auth })).headers.etag;
    await mainland.getByRole('button', { name: 'Edit zone Mainland US' }).click();
    const editZone = page.getByRole('form', { name: 'Edit the zone Mainland US' });
    await editZone.getByLabel('Zone name').fill('Lower 48');
    await editZone.getByRole('button', { name: 'Save zone' }).click();
    await page.getByRole('heading', { name: 'Lower 48' }).waitFor();
    assert.deepEqual(patches.at(-1), { path: zoneUrl, ifMatch: zoneEtag, body: { name: 'Lower 48' } });
    assert.equal((await call('GET', zoneUrl, { headers: owner.auth })).body.data.name, 'Lower 48');

    // Quotes: California at 80 is served free by Standard; Alaska's zone has no option yet.
    await quoteForm.getByLabel('Country', { exact: true }).selectOption('US');
    await quoteForm.getByLabel('State', { exact: true }).selectOption('US-CA');
    await quoteForm.getByLabel('Order subtotal (USD)').fill('80');
    await quoteForm.getByRole('button', { name: 'Get a quote' }).click();
    const quote = page.getByTestId('quote');
    await quote.getByText(/is served by “Lower 48”/).waitFor();
    assert.match(await quote.innerText(), /California, United States.*For an order of \$80\.00[\s\S]*Standard: free \(normally \$6\.49\) · 3–5 days/);
    await quoteForm.getByLabel('State', { exact: true }).selectOption('US-AK');
    await quoteForm.getByRole('button', { name: 'Get a quote' }).click();
    await quote.getByText(/The zone “Alaska and Hawaii” serves Alaska, United States.* but offers no active option/).waitFor();
    await assertAccessible(page, 'delivery, a quote');

    // Deleting an option and a zone: each confirmed, naming what goes.
    const lower = page.getByTestId('zone').filter({ has: page.getByRole('heading', { name: 'Lower 48' }) });
    await lower.getByRole('button', { name: 'Delete Standard from Lower 48' }).click();
    const confirmOption = page.getByTestId('confirm-delete-option');
    assert.match(await confirmOption.innerText(), /Delete the option “Standard” from Lower 48\?/);
    await assertAccessible(page, 'delivery, confirming an option’s deletion');
    await confirmOption.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await countOf(t, 'delivery_options', owner.storeId), 1);
    await lower.getByRole('button', { name: 'Delete Standard from Lower 48' }).click();
    await confirmOption.getByRole('button', { name: 'Delete Standard' }).click();
    await lower.getByText('Option “Standard” deleted.').waitFor();
    assert.equal(await countOf(t, 'delivery_options', owner.storeId), 0);
    await islands.getByRole('button', { name: 'Delete zone Alaska and Hawaii' }).click();
    const confirmZone = page.getByTestId('confirm-delete-zone');
    assert.match(await confirmZone.innerText(), /Delete the zone “Alaska and Hawaii” and its 0 delivery options\?/);
    await confirmZone.getByRole('button', { name: 'Delete Alaska and Hawaii' }).click();
    await islands.waitFor({ state: 'detached' });
    assert.deepEqual((await zones()).map((z) => z.name), ['Lower 48']);

    await page.setViewportSize({ width: 375, height: 800 });
    await assertAccessible(page, 'delivery at 375 px');
    await page.getByRole('button', { name: 'Add a zone' }).click();
    await assertAccessible(page, 'delivery, adding a zone at 375 px');
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.close();
  });

  it('a save after someone else changed an option or a zone shows what they changed: saving over theirs, or loading theirs', { skip }, async () => {
    const { t, context, owner } = ui;
    const call = jsonClient(t.app);
    const zone = await call('POST', '/v1/delivery/zones', { headers: owner.auth, body: { name: 'Europe', regions: [{ countryId: 'FR' }] } });
    assert.equal(zone.status, 201, zone.raw);
    const zoneUrl = `/v1/delivery/zones/${zone.body.data.id}`;
    const option = await call('POST', `${zoneUrl}/options`, { headers: owner.auth, body: { name: 'Courier', fee: 5 } });
    assert.equal(option.status, 201, option.raw);
    const optionUrl = `${zoneUrl}/options/${option.body.data.id}`;
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/delivery?store=${owner.storeId}`);
    if (page.url().includes('/login')) await signInToDashboard(page, owner);
    const europe = page.getByTestId('zone').filter({ has: page.getByRole('heading', { name: 'Europe' }) });

    // The option: they change the fee while it is open; mine (the days) goes over theirs, keeping their fee.
    await europe.getByRole('button', { name: 'Edit Courier in Europe' }).click();
    const form = page.getByRole('form', { name: 'Edit Courier in Europe' });
    await form.getByLabel('Most days').waitFor();
    assert.equal((await call('PATCH', optionUrl, { headers: owner.auth, body: { fee: 7 } })).status, 200);
    await form.getByLabel('Most days').fill('4');
    await form.getByRole('button', { name: 'Save option' }).click();
    const conflict = page.getByTestId('conflict');
    await conflict.getByText('Someone else changed the option “Courier” since you opened it.').waitFor();
    assert.deepEqual(
      (await conflict.getByTestId('conflict-change').allInnerTexts()).map((r) => r.split('\t').map((c) => c.trim())),
      [['Fee', '$5.00', '$7.00', '(unchanged)']],
    );
    await assertAccessible(page, 'delivery, a conflict');
    await conflict.getByRole('button', { name: 'Save mine over theirs' }).click();
    await europe.getByText('Option “Courier” saved.').waitFor();
    const saved = (await call('GET', optionUrl, { headers: owner.auth })).body.data;
    assert.deepEqual([saved.fee, saved.estimatedDaysMax], [7, 4]);

    // The zone: they add Germany; loading their version shows it, and my rename is not written.
    await europe.getByRole('button', { name: 'Edit zone Europe' }).click();
    const zoneForm = page.getByRole('form', { name: 'Edit the zone Europe' });
    await zoneForm.getByLabel('Zone name').waitFor();
    assert.equal((await call('PATCH', zoneUrl, { headers: owner.auth, body: { regions: [{ countryId: 'FR' }, { countryId: 'DE' }] } })).status, 200);
    await zoneForm.getByLabel('Zone name').fill('EU');
    await zoneForm.getByRole('button', { name: 'Save zone' }).click();
    const row = conflict.getByTestId('conflict-change');
    await row.first().waitFor();
    assert.deepEqual(
      (await row.allInnerTexts()).map((r) => r.split('\t').map((c) => c.trim())),
      [['Regions', 'France', 'France; Germany', '(unchanged)']],
    );
    await conflict.getByRole('button', { name: 'Load their version' }).click();
    await zoneForm.getByTestId('region').filter({ hasText: 'Germany' }).waitFor();
    assert.equal(await zoneForm.getByLabel('Zone name').inputValue(), 'Europe');
    assert.equal((await call('GET', zoneUrl, { headers: owner.auth })).body.data.name, 'Europe');
    await zoneForm.getByRole('button', { name: 'Cancel' }).click();
    await europe.getByTestId('zone-regions').filter({ hasText: /France; Germany/ }).waitFor();
    await page.close();
  });

  it('staff (delivery:read only) see zones, options and quotes but no change, and the API refuses them', { skip }, async () => {
    const { t, context, owner } = ui;
    const call = jsonClient(t.app);
    const zone = await call('POST', '/v1/delivery/zones', { headers: owner.auth, body: { name: 'Canada', regions: [{ countryId: 'CA' }] } });
    assert.equal(zone.status, 201, zone.raw);
    const made = await call('POST', `/v1/delivery/zones/${zone.body.data.id}/options`, { headers: owner.auth, body: { name: 'Post', fee: 9, estimatedDaysMax: 7 } });
    assert.equal(made.status, 201, made.raw);
    const staff = await joinStore(t.app, owner, 'staff');
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/?store=${owner.storeId}`);
    await signInToDashboard(page, staff);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Delivery' }).click();
    const canada = page.getByTestId('zone').filter({ has: page.getByRole('heading', { name: 'Canada' }) });
    await canada.getByTestId('delivery-option').filter({ hasText: 'Post' }).getByText('up to 7 days').waitFor();
    assert.equal(await page.getByRole('button', { name: /Add a zone|Edit|Delete|Add an option/ }).count(), 0);
    const quoteForm = page.getByRole('form', { name: 'Delivery quote' });
    await quoteForm.getByLabel('Country', { exact: true }).selectOption('CA');
    await quoteForm.getByRole('button', { name: 'Get a quote' }).click();
    await page.getByTestId('quote').getByText(/Post: \$9\.00/).waitFor();
    await assertAccessible(page, 'delivery, read-only');

    const refused = await call('POST', '/v1/delivery/zones', { headers: staff.auth, body: { name: 'Mexico', regions: [{ countryId: 'MX' }] } });
    assert.equal(refused.status, 403, refused.raw);
    const patched = await call('PATCH', `/v1/delivery/zones/${zone.body.data.id}/options/${made.body.data.id}`, { headers: staff.auth, body: { fee: 0 } });
    assert.equal(patched.status, 403, patched.raw);
    assert.equal((await call('GET', `/v1/delivery/zones/${zone.body.data.id}`, { headers: owner.auth })).body.data.options[0].fee, 9);
    await page.close();
  });
});
