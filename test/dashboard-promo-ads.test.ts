import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Page } from 'playwright-core';
import { browserUnavailable } from './helpers/chromium.ts';
import { assertAccessible, signInToDashboard } from './helpers/dashboard.ts';
import { dashboardInChromium } from './helpers/dashboard-suite.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { IMAGES } from './helpers/images.ts';
import { client as jsonClient, joinStore } from './helpers/merchants.ts';

const skip = browserUnavailable();

/** The preview's decoded width (`img.decode()` waits until the browser has decoded the bytes it fetched). */
async function previewWidth(page: Page): Promise<number> {
  const img = page.getByTestId('image-preview');
  await img.waitFor();
  return img.evaluate(async (el) => {
    const image = el as unknown as { decode(): Promise<void>; naturalWidth: number };
    await image.decode();
    return image.naturalWidth;
  });
}

describeEachDatabase('the dashboard’s promo ads pages in Chromium', (kind) => {
  const ui = dashboardInChromium(kind, { storeName: 'Northwind Outfitters', timezone: 'Europe/Berlin' });

  it('an owner creates an ad with an uploaded image and a schedule, filters the list, edits it with If-Match and deletes it after a confirmation', { skip }, async () => {
    const { t, context, owner } = ui;
    const call = jsonClient(t.app);
    const ads = async () => (await call('GET', '/v1/promo-ads', { headers: owner.auth })).body.data as Array<Record<string, unknown>>;
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard`);
    await signInToDashboard(page, owner);
    await page.getByTestId('summary').waitFor();

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Promo ads' }).click();
    await page.getByRole('heading', { level: 1, name: 'Promo ads' }).waitFor();
    await page.getByText('No promo ads yet. Create one with “New promo ad”').waitFor();
    await assertAccessible(page, 'promo ads, empty');
    await page.getByRole('link', { name: 'New promo ad' }).click();
    await page.getByRole('heading', { level: 1, name: 'New promo ad' }).waitFor();
    await assertAccessible(page, 'new promo ad');

    // No title and a javascript: link: both refusals show next to their fields; nothing is written.
    await page.getByLabel('Link').fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Create promo ad' }).click();
    await page.getByText('Title must not be empty.').waitFor();
    await page.getByText('Link must be an absolute http or https URL, e.g. https://shop.example/sale.').waitFor();
    assert.equal(await page.getByLabel('Title').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByLabel('Link').getAttribute('aria-invalid'), 'true');
    assert.deepEqual(await ads(), []);
    await assertAccessible(page, 'new promo ad, with field errors');

    // A text file is not an image: the upload's refusal shows at the image field.
    await page.getByLabel('Upload an image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await page.getByText(/^Image could not be uploaded: /).waitFor();
    assert.equal(await page.getByTestId('image-preview').count(), 0);

    // A real PNG uploads (one POST /v1/files with an Idempotency-Key) and previews.
    const uploads: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/files') uploads.push(r.headers()['idempotency-key']);
    });
    await page.getByLabel('Upload an image').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: IMAGES.png });
    assert.equal(await previewWidth(page), 3);
    assert.equal(await page.getByTestId('image-preview').getAttribute('alt'), 'The ad’s image');
    assert.equal(uploads.length, 1);
    assert.match(uploads[0] ?? '', /^[0-9a-f-]{36}$/);

    // The rest, in Berlin time; a double click creates one ad with one Idempotency-Key.
    const posts: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/promo-ads') posts.push(r.headers()['idempotency-key']);
    });
    await page.getByLabel('Title').fill('Summer sale');
    await page.getByLabel('Text').fill('Everything 20 % off.');
    await page.getByLabel('Link').fill('https://shop.example/sale');
    await page.getByLabel('Placement').fill('home-hero');
    await page.getByLabel('Shows from').fill('2030-06-01T09:00');
    await page.getByLabel('Shows until').fill('2030-06-30T18:00');
    await page.getByLabel('Status').selectOption('published');
    await page.getByRole('button', { name: 'Create promo ad' }).dblclick();
    await page.getByText('Promo ad “Summer sale” created.').waitFor();
    await page.waitForLoadState('networkidle');
    const created = await ads();
    assert.equal(created.length, 1, 'one ad');
    assert.ok(posts.length >= 1 && posts.every((k) => k !== undefined && /^[0-9a-f-]{36}$/.test(k) && k === posts[0]), `one Idempotency-Key: ${posts}`);
    const ad = created[0]!;
    assert.equal(ad.title, 'Summer sale');
    assert.equal(ad.body, 'Everything 20 % off.');
    assert.equal(ad.linkUrl, 'https://shop.example/sale');
    assert.equal(ad.placement, 'home-hero');
    assert.equal(ad.startsAt, '2030-06-01T07:00:00.000', '09:00 in Berlin (CEST) is 07:00 UTC');
    assert.equal(ad.endsAt, '2030-06-30T16:00:00.000');
    assert.equal(ad.status, 'published');
    assert.equal(ad.live, false);
    assert.match(String(ad.imageFileId), /^fil_/);
    assert.equal((await call('GET', `/v1/files/${ad.imageFileId}`, { headers: owner.auth })).headers['content-type'], 'image/png');

    // The editor shows it back: Berlin times, the image, the state.
    assert.equal(await page.getByLabel('Shows from').inputValue(), '2030-06-01T09:00');
    assert.match(await page.getByTestId('promo-ad-summary').innerText(), /Published · starts later · placement home-hero · from Jun 1, 2030, 9:00\s?AM GMT\+2/);
    assert.equal(await previewWidth(page), 3);
    await assertAccessible(page, 'promo ad editor');

    // Remove the image and the end: the PATCH carries just those, with If-Match.
    const etag = (await call('GET', `/v1/promo-ads/${ad.id}`, { headers: owner.auth })).headers.etag;
    const patches: Array<{ ifMatch: string | undefined; body: unknown }> = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && new URL(r.url()).pathname === `/v1/promo-ads/${ad.id}`) patches.push({ ifMatch: r.headers()['if-match'], body: r.postDataJSON() });
    });
    await page.getByRole('button', { name: 'Remove the image' }).click();
    await page.getByText('No image.').waitFor();
    await page.getByLabel('Shows until').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved “Summer sale”.').waitFor();
    assert.deepEqual(patches, [{ ifMatch: etag, body: { imageFileId: null, endsAt: null } }]);
    const saved = (await call('GET', `/v1/promo-ads/${ad.id}`, { headers: owner.auth })).body.data;
    assert.equal(saved.imageFileId, null);
    assert.equal(saved.endsAt, null);
    assert.equal(saved.startsAt, '2030-06-01T07:00:00.000');
    await page.getByTestId('promo-ad-summary').getByText(/no end/).waitFor();

    // Filters: status and placement, kept in the URL; an unknown placement says how to see everything.
    const footer = await call('POST', '/v1/promo-ads', { headers: owner.auth, body: { title: 'Free returns', placement: 'footer', startsAt: '2030-01-01T00:00:00Z' } });
    assert.equal(footer.status, 201, footer.raw);
    await page.getByRole('link', { name: 'All promo ads' }).click();
    const rows = page.getByTestId('promo-ad-row');
    await rows.filter({ hasText: 'Free returns' }).waitFor();
    assert.equal(await rows.count(), 2);
    assert.match(await rows.filter({ hasText: 'Free returns' }).innerText(), /footer[\s\S]*Draft \(not shown\)/);
    await page.getByLabel('Status').selectOption('published');
    await page.waitForURL(/status=published/);
    await rows.filter({ hasText: 'Free returns' }).waitFor({ state: 'detached' });
    await rows.filter({ hasText: 'Summer sale' }).waitFor();
    assert.deepEqual(await rows.locator('th').allInnerTexts(), ['Summer sale']);
    await page.getByLabel('Status').selectOption('');
    await page.getByLabel('Placement').fill('footer');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/placement=footer/);
    await rows.filter({ hasText: 'Summer sale' }).waitFor({ state: 'detached' });
    await rows.filter({ hasText: 'Free returns' }).waitFor();
    assert.deepEqual(await rows.locator('th').allInnerTexts(), ['Free returns']);
    await page.getByLabel('Placement').fill('sidebar');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('No promo ads match these filters.').waitFor();
    await page.getByLabel('Placement').fill('Not A Token!');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByRole('alert').getByText('The promo ads could not be loaded.').waitFor();
    await assertAccessible(page, 'promo ads, a refused filter');
    await page.getByLabel('Placement').fill('');
    await page.getByRole('button', { name: 'Filter' }).click();
    await rows.filter({ hasText: 'Summer sale' }).waitFor();
    await assertAccessible(page, 'promo ads list');

    // Deleting is confirmed naming the ad.
    await rows.getByRole('link', { name: 'Summer sale' }).click();
    await page.getByRole('button', { name: 'Delete promo ad' }).click();
    const confirm = page.getByTestId('confirm-delete-promo-ad');
    assert.match(await confirm.innerText(), /Delete the promo ad “Summer sale”\?/);
    await assertAccessible(page, 'promo ad, confirming the deletion');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    assert.equal((await call('GET', `/v1/promo-ads/${ad.id}`, { headers: owner.auth })).status, 200, 'Cancel keeps it');
    await page.getByRole('button', { name: 'Delete promo ad' }).click();
    await confirm.getByRole('button', { name: 'Delete “Summer sale”' }).click();
    await page.getByRole('heading', { level: 1, name: 'Promo ads' }).waitFor();
    await rows.filter({ hasText: 'Free returns' }).waitFor();
    assert.equal(await rows.filter({ hasText: 'Summer sale' }).count(), 0, 'the deleted ad is not listed, even from the cache');
    assert.equal(await rows.count(), 1);
    assert.equal((await call('GET', `/v1/promo-ads/${ad.id}`, { headers: owner.auth })).status, 404);

    await page.setViewportSize({ width: 375, height: 800 });
    await assertAccessible(page, 'promo ads at 375 px');
    await rows.getByRole('link', { name: 'Free returns' }).click();
    await page.getByLabel('Title').waitFor();
    await assertAccessible(page, 'promo ad editor at 375 px');
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.close();
  });

  it('a save after someone else changed the ad lists their changes in Berlin time; loading their version refills the form and writes nothing', { skip }, async () => {
    const { t, context, owner } = ui;
    const call = jsonClient(t.app);
    const made = await call('POST', '/v1/promo-ads', { headers: owner.auth, body: { title: 'Summer deal', startsAt: '2030-06-01T07:00:00Z' } });
    assert.equal(made.status, 201, made.raw);
    const url = `/v1/promo-ads/${made.body.data.id}`;
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/promo-ads/${made.body.data.id}?store=${owner.storeId}`);
    if (page.url().includes('/login')) await signInToDashboard(page, owner);
    await page.getByRole('heading', { level: 1, name: 'Promo ad “Summer deal”' }).waitFor();

    const theirs = await call('PATCH', url, { headers: owner.auth, body: { title: 'Summer deal II', startsAt: '2030-06-02T07:00:00Z' } });
    assert.equal(theirs.status, 200, theirs.raw);
    await page.getByLabel('Text').fill('Two days only.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const conflict = page.getByTestId('conflict');
    await conflict.getByText('Someone else changed the promo ad “Summer deal” since you opened it.').waitFor();
    const rows = (await conflict.getByTestId('conflict-change').allInnerTexts()).map((r) => r.split('\t').map((c) => c.trim()));
    assert.deepEqual(rows[0], ['Title', 'Summer deal', 'Summer deal II', '(unchanged)']);
    assert.equal(rows[1]![0], 'Shows from');
    assert.match(rows[1]![1]!, /Jun 1, 2030, 9:00\sAM GMT\+2/);
    assert.match(rows[1]![2]!, /Jun 2, 2030, 9:00\sAM GMT\+2/);
    assert.equal(rows.length, 2);
    await assertAccessible(page, 'promo ad, a conflict');

    await conflict.getByRole('button', { name: 'Load their version' }).click();
    await conflict.waitFor({ state: 'detached' });
    assert.equal(await page.getByLabel('Title').inputValue(), 'Summer deal II');
    assert.equal(await page.getByLabel('Shows from').inputValue(), '2030-06-02T09:00');
    assert.equal(await page.getByLabel('Text').inputValue(), '', 'the merchant’s edit is dropped');
    assert.equal((await call('GET', url, { headers: owner.auth })).body.data.body, null, 'nothing written');
    // Saving from their version goes through.
    await page.getByLabel('Text').fill('Two days only.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved “Summer deal II”.').waitFor();
    assert.equal((await call('GET', url, { headers: owner.auth })).body.data.body, 'Two days only.');
    await page.close();
  });

  it('staff (promotions:read, products:read) see ads and their images but no way to change them, and the API refuses them', { skip }, async () => {
    const { t, context, owner } = ui;
    const call = jsonClient(t.app);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/v1/files',
      headers: { ...owner.auth, 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.concat([Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.gif"\r\nContent-Type: image/gif\r\n\r\n'), IMAGES.gif, Buffer.from('\r\n--x--\r\n')]),
    });
    assert.equal(upload.statusCode, 201, upload.body);
    const made = await call('POST', '/v1/promo-ads', {
      headers: owner.auth,
      body: { title: 'Autumn preview', imageFileId: upload.json().data.id, startsAt: '2030-09-01T00:00:00Z', status: 'published' },
    });
    assert.equal(made.status, 201, made.raw);
    const staff = await joinStore(t.app, owner, 'staff');
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/?store=${owner.storeId}`);
    await signInToDashboard(page, staff);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Promo ads' }).click();
    const row = page.getByTestId('promo-ad-row').filter({ hasText: 'Autumn preview' });
    await row.waitFor();
    assert.equal(await page.getByRole('link', { name: 'New promo ad' }).count(), 0);
    await row.getByRole('link', { name: 'Autumn preview' }).click();
    await page.getByText('so you can read this promo ad but not change it').waitFor();
    assert.equal(await previewWidth(page), 3);
    assert.equal(await page.getByLabel('Title').isDisabled(), true);
    assert.equal(await page.getByLabel(/Upload/).count(), 0);
    assert.equal(await page.getByRole('button', { name: /Save|Delete|Remove/ }).count(), 0);
    await assertAccessible(page, 'promo ad, read-only');

    await page.goto(`${t.baseUrl}/dashboard/promo-ads/new?store=${owner.storeId}`);
    await page.getByText('promotions:write', { exact: true }).waitFor();
    const refused = await call('POST', '/v1/promo-ads', { headers: staff.auth, body: { title: 'Nope', startsAt: '2030-01-01T00:00:00Z' } });
    assert.equal(refused.status, 403, refused.raw);
    const deleted = await call('DELETE', `/v1/promo-ads/${made.body.data.id}`, { headers: staff.auth });
    assert.equal(deleted.status, 403, deleted.raw);
    assert.equal((await call('GET', `/v1/promo-ads/${made.body.data.id}`, { headers: owner.auth })).status, 200);
    await page.close();
  });
});
