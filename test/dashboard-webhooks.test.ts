import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { WEBHOOK_DEFAULTS } from '../src/config.ts';
import { ensureDashboardBuilt } from '../src/dashboard-build.ts';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { assertAccessible, meetsEveryRefusal, signInToDashboard } from './helpers/dashboard.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client as jsonClient, joinStore, type Merchant, signup } from './helpers/merchants.ts';
import { connect, registerClient } from './helpers/oauth.ts';

const skip = browserUnavailable();

/** One request the receiver got. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A merchant's webhook receiver on loopback: records every request and answers what `status` says for its path (200 by default). */
async function startReceiver() {
  const received: Received[] = [];
  const status = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const code = status.get(path) ?? 200;
      response.writeHead(code, { 'content-type': 'text/plain' }).end(code < 300 ? 'thanks' : `refused with ${code}`);
    });
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    status,
    at: (path: string) => received.filter((r) => r.path === path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Verifies a received request with the independent `standardwebhooks` package and the secret; returns its payload or throws. */
function verify(secret: string, r: Received): Record<string, any> {
  const headers = { 'webhook-id': String(r.headers['webhook-id']), 'webhook-timestamp': String(r.headers['webhook-timestamp']), 'webhook-signature': String(r.headers['webhook-signature']) };
  return new Webhook(secret).verify(r.body, headers) as Record<string, any>;
}

/** Waits until `check` holds, polling every 50 ms, or fails after `ms`. */
async function eventually<T>(what: string, check: () => T | undefined | false | Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describeEachDatabase('the dashboard’s webhooks pages in Chromium', (kind) => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let context: BrowserContext;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: Merchant;
  let call: ReturnType<typeof jsonClient>;

  before(async () => {
    if (skip) return;
    await ensureDashboardBuilt();
    receiver = await startReceiver();
    // Loopback endpoints are allowed in tests only (WEBHOOK_ALLOW_LOOPBACK); the worker looks for due deliveries often.
    t = await startListeningApp(kind, { config: { webhooks: { ...WEBHOOK_DEFAULTS, allowLoopback: true, pollMs: 100 } } });
    t.container.services.webhookDelivery.start();
    chromium = await launchChromium();
    context = chromium.context;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.baseUrl });
    call = jsonClient(t.app);
    owner = await signup(t.app, { storeName: 'Hook & Ladder Supply', name: 'Olivia Owner' });
  });
  after(async () => {
    await t?.container.services.webhookDelivery.stop();
    await chromium?.close();
    await t?.close();
    await receiver?.close();
  });

  const asOwner = () => ({ ...owner.auth, 'x-merchantid': owner.storeId });

  async function endpoints(): Promise<any[]> {
    const res = await call('GET', '/v1/webhooks', { headers: asOwner() });
    assert.equal(res.status, 200, res.raw);
    return res.body.data;
  }

  async function deliveries(endpointId: string): Promise<any[]> {
    const res = await call('GET', `/v1/webhooks/${endpointId}/deliveries`, { headers: asOwner() });
    assert.equal(res.status, 200, res.raw);
    return res.body.data;
  }

  async function newProduct(name: string): Promise<string> {
    const res = await call('POST', '/v1/products', { headers: asOwner(), body: { type: 'VARIABLE', name } });
    assert.equal(res.status, 201, res.raw);
    return res.body.data.id;
  }

  const pageText = (page: Page) => page.locator('body').innerText();

  it('the owner adds an endpoint (secret once), sees deliveries, redelivers, edits, rotates, enables again and deletes', { skip }, async () => {
    const hookUrl = `${receiver.origin}/hook`;
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard`);
    await signInToDashboard(page, owner);
    await page.getByTestId('summary').waitFor();

    const nav = page.getByRole('navigation', { name: 'Sections' });
    await nav.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByText('No webhook endpoints in this mode yet.').waitFor();
    await page.getByRole('checkbox', { name: /^order\.created/ }).waitFor();
    await assertAccessible(page, 'webhooks, no endpoint yet');

    // A private address is refused by the API's address check: shown at the URL, nothing written.
    const url = page.getByLabel('Endpoint URL');
    await url.fill('http://10.1.2.3/hook');
    await page.getByRole('checkbox', { name: /^order\.created/ }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText(/^Endpoint URL is 10\.1\.2\.3, a .* address; webhooks go to public addresses only/).waitFor();
    assert.equal(await url.getAttribute('aria-invalid'), 'true');
    assert.deepEqual(await endpoints(), []);
    await assertAccessible(page, 'webhooks, a refused URL');

    // No event chosen: the API names the events, next to them.
    await url.fill(hookUrl);
    await page.getByRole('checkbox', { name: /^order\.created/ }).uncheck();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText('Events must name at least one event type.').waitFor();
    assert.deepEqual(await endpoints(), []);

    // The real one: an area's wildcard disables (and covers) its types. A double click adds one endpoint with one key.
    const posts: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/webhooks') posts.push(r.headers()['idempotency-key']);
    });
    await page.getByLabel('Description (optional)').fill('Back office sync');
    await page.getByRole('checkbox', { name: /^order\.created/ }).check();
    await page.getByRole('checkbox', { name: 'All product events (product.*)' }).check();
    assert.equal(await page.getByRole('checkbox', { name: /^product\.updated/ }).isDisabled(), true);
    assert.equal(await page.getByRole('checkbox', { name: /^product\.updated/ }).isChecked(), true);
    await page.getByRole('button', { name: 'Add endpoint' }).dblclick();
    const secretPanel = page.getByTestId('new-webhook-secret');
    await secretPanel.waitFor();
    const secret = (await page.getByTestId('new-webhook-secret-value').innerText()).trim();
    assert.match(secret, /^whsec_/);
    assert.match(await secretPanel.innerText(), /Copy this signing secret now: it will not be shown again\./);
    assert.ok(await secretPanel.evaluate((el) => el === el.ownerDocument.activeElement), 'the secret panel has the focus');
    await page.getByRole('button', { name: 'Copy secret' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    assert.equal(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText()), secret);
    const item = page.getByTestId('webhook-endpoint').filter({ hasText: hookUrl });
    await item.getByText('Enabled:').waitFor();
    await assertAccessible(page, 'webhooks, the new secret shown');
    await page.waitForLoadState('networkidle');
    assert.ok(posts.length >= 1 && posts.every((k) => k !== undefined && /^[0-9a-f-]{36}$/.test(k) && k === posts[0]), `one Idempotency-Key: ${posts}`);
    const [made, ...others] = await endpoints();
    assert.equal(others.length, 0, 'one endpoint');
    assert.deepEqual([made.url, made.description, made.eventTypes, made.enabled], [hookUrl, 'Back office sync', ['order.created', 'product.*'], true]);

    // Shown once: gone after Done, and after a reload.
    await page.getByRole('button', { name: 'Done' }).click();
    await secretPanel.waitFor({ state: 'detached' });
    assert.ok(!(await pageText(page)).includes(secret));
    await page.reload();
    await item.waitFor();
    assert.ok(!(await page.content()).includes(secret), 'the secret is nowhere in the page');

    // A product change is delivered to the receiver, signed with that secret.
    await newProduct('Desk lamp');
    const first = await eventually('the first delivery', () => receiver.at('/hook')[0]);
    const sent = verify(secret, first);
    assert.equal(sent.type, 'product.created');
    assert.equal(sent.data.name, 'Desk lamp');
    await eventually('the delivery to succeed', async () => (await deliveries(made.id)).find((d) => d.status === 'succeeded'));

    // The endpoint's page: the delivery in the log, and its detail with the payload and the attempt.
    await item.getByRole('link', { name: hookUrl, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhook endpoint' }).waitFor();
    const row = page.getByTestId('delivery-row').filter({ hasText: 'product.created' });
    await row.waitFor();
    const rowText = await row.innerText();
    assert.match(rowText, /Delivered/);
    assert.match(rowText, /HTTP 200/);
    await row.getByRole('button', { name: /^Details of product\.created/ }).click();
    const panel = page.getByTestId('delivery-panel');
    await panel.getByRole('heading', { name: 'Delivery of product.created' }).waitFor();
    assert.ok(await panel.evaluate((el) => el === el.ownerDocument.activeElement), 'the delivery panel has the focus');
    assert.match(await panel.getByTestId('delivery-payload').innerText(), /"name": "Desk lamp"/);
    assert.match(await panel.innerText(), new RegExp(String(first.headers['webhook-id'])));
    assert.equal(await panel.getByTestId('attempt-row').count(), 1);
    assert.match(await panel.getByTestId('attempt-row').innerText(), /Scheduled[\s\S]*HTTP 200[\s\S]*thanks/);
    assert.match(page.url(), /[?&]delivery=/);
    await assertAccessible(page, 'a webhook endpoint with a delivery open');

    // Redeliver: the same event (same webhook-id) arrives again, and the attempt log shows it was by hand.
    await panel.getByRole('button', { name: 'Redeliver', exact: true }).click();
    await panel.getByText('Queued: it is sent again now.').waitFor();
    await panel.getByTestId('attempt-row').nth(1).waitFor();
    assert.match(await panel.getByTestId('attempt-row').nth(1).innerText(), /Redelivered[\s\S]*HTTP 200/);
    assert.equal(receiver.at('/hook').length, 2);
    assert.equal(receiver.at('/hook')[1]!.headers['webhook-id'], first.headers['webhook-id']);
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });

    // Edit: a save sends only what changed, with If-Match (the ETag of the version the editor loaded); an unchanged
    // form sends nothing.
    const patches: string[] = [];
    const ifMatches: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.method() === 'PATCH' && new URL(r.url()).pathname === `/v1/webhooks/${made.id}`) {
        patches.push(r.postData() ?? '');
        ifMatches.push(r.headers()['if-match']);
      }
    });
    const etagNow = async () => String((await call('GET', `/v1/webhooks/${made.id}`, { headers: asOwner() })).headers.etag);
    const etagWhenOpened = await etagNow();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const editForm = page.getByRole('form', { name: 'Edit the endpoint' });
    assert.ok(await editForm.evaluate((el) => el.closest('section') === el.ownerDocument.activeElement), 'the editor has the focus');
    assert.equal(await editForm.getByLabel('Endpoint URL').inputValue(), hookUrl);
    assert.equal(await editForm.getByRole('checkbox', { name: 'All product events (product.*)' }).isChecked(), true);
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await editForm.getByText('Nothing changed, so nothing was saved.').waitFor();
    await editForm.getByLabel('Description (optional)').fill('Back office and stock');
    await editForm.getByRole('checkbox', { name: /^sku\.stock_changed/ }).check();
    await assertAccessible(page, 'editing a webhook endpoint');
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    assert.deepEqual(
      patches.map((p) => JSON.parse(p)),
      [{ description: 'Back office and stock', eventTypes: ['order.created', 'product.*', 'sku.stock_changed'] }],
    );
    assert.deepEqual(ifMatches, [etagWhenOpened]);
    const [edited] = await endpoints();
    assert.deepEqual([edited.description, edited.eventTypes], ['Back office and stock', ['order.created', 'product.*', 'sku.stock_changed']]);
    assert.match(await page.getByTestId('webhook-details').innerText(), /Back office and stock/);

    // Someone else changes the description while the editor is open: the save gets 412, nothing is overwritten
    // unasked, and the conflict panel says what they changed; "Save mine over theirs" sends the same change again
    // with the current ETag.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await editForm.getByLabel('Description (optional)').waitFor();
    const elsewhere = await call('PATCH', `/v1/webhooks/${made.id}`, { headers: asOwner(), body: { description: 'Changed by the back office' } });
    assert.equal(elsewhere.status, 200, elsewhere.raw);
    await editForm.getByLabel('Description (optional)').fill('Stock sync');
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    const conflict = page.getByTestId('conflict');
    await conflict.getByText('Someone else changed this endpoint since you opened it.', { exact: false }).waitFor();
    assert.deepEqual(
      await conflict.getByTestId('conflict-change').allInnerTexts().then((rows) => rows.map((row) => row.split('\t').map((cell) => cell.trim()))),
      [['Description', 'Back office and stock', 'Changed by the back office', 'Stock sync']],
    );
    assert.equal((await endpoints())[0].description, 'Changed by the back office', 'the 412 wrote nothing');
    await assertAccessible(page, 'a webhook endpoint edit that met a newer version');
    await conflict.getByRole('button', { name: 'Save mine over theirs' }).click();
    await page.getByText('Saved.', { exact: true }).waitFor();
    assert.equal((await endpoints())[0].description, 'Stock sync');
    assert.equal(ifMatches.length, 3);
    assert.equal(ifMatches[2], elsewhere.headers.etag, 'sent again with the ETag of their version');

    // Send test event: a signed webhook.test now; the outcome is announced and the log shows it. A failing receiver's
    // answer is named, and nothing about the endpoint changes.
    const sentBefore = receiver.at('/hook').length;
    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText(/^Test event delivered: the endpoint answered HTTP 200 in [\d,]+ ms\.$/).waitFor();
    const test = verify(secret, receiver.at('/hook')[sentBefore]!);
    assert.deepEqual([test.type, test.data.endpointId], ['webhook.test', made.id]);
    await page.getByTestId('delivery-row').filter({ hasText: 'webhook.test' }).first().waitFor();
    receiver.status.set('/hook', 500);
    try {
      await page.getByRole('button', { name: 'Send test event' }).click();
      await page.getByText(/^Test event not delivered: the endpoint answered HTTP 500 in [\d,]+ ms\. It is not retried; see it in the log below\.$/).waitFor();
    } finally {
      receiver.status.delete('/hook');
    }
    assert.equal(receiver.at('/hook').length, sentBefore + 2);
    const [tested] = await endpoints();
    assert.deepEqual([tested.enabled, tested.failingSince], [true, null], 'a failed test changes nothing about the endpoint');
    await assertAccessible(page, 'a webhook endpoint after test events');

    // The log filtered by event type (kept in the URL), then found by event id (the webhook-id a receiver got).
    await page.getByLabel('Event type').selectOption('webhook.test');
    await page.waitForURL(/[?&]type=webhook\.test/);
    await eventually('only the test events listed', async () => {
      const rows = await page.getByTestId('delivery-row').allInnerTexts();
      return rows.length === 2 && rows.every((r) => r.includes('webhook.test')) && rows;
    });
    await page.getByLabel('Event type').selectOption('');
    const productEvent = (await deliveries(made.id)).find((d) => d.eventType === 'product.created');
    await page.getByLabel('Event id').fill(productEvent.eventId);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.waitForURL(new RegExp(`[?&]event=${productEvent.eventId}`));
    await eventually('the one delivery of that event', async () => {
      const rows = await page.getByTestId('delivery-row').allInnerTexts();
      return rows.length === 1 && rows[0]!.includes('product.created') && rows;
    });
    await page.getByLabel('Event id').fill('evt_nothing');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByText('No delivery matches these filters.', { exact: false }).waitFor();
    await assertAccessible(page, 'the delivery log filtered to nothing');
    await page.getByLabel('Event id').fill('');
    const every = (await deliveries(made.id)).length;
    assert.equal(every, 3, 'the product event and two tests');
    await eventually('every delivery listed again', async () => (await page.getByTestId('delivery-row').count()) === every);

    // Turned off over the API: the page says so (reason "merchant"), and Enable again turns it back on.
    const off = await call('PATCH', `/v1/webhooks/${made.id}`, { headers: asOwner(), body: { enabled: false } });
    assert.equal(off.status, 200, off.raw);
    await page.reload();
    const state = page.getByTestId('webhook-state');
    await state.getByText(/^Disabled: turned off by a member of the store or a program on /).waitFor();
    await assertAccessible(page, 'a webhook endpoint disabled by the merchant');
    await state.getByRole('button', { name: 'Enable again' }).click();
    await state.getByText('Enabled:').waitFor();
    await page.getByText('The endpoint is enabled again.').waitFor();
    const [again] = await endpoints();
    assert.deepEqual([again.enabled, again.disabledReason], [true, null]);

    // Rotate the secret: the new one is shown once, and the next delivery verifies with it (and, during the overlap, with the old one).
    await page.getByRole('button', { name: 'Rotate secret…' }).click();
    const confirmRotate = page.getByTestId('confirm-rotate-secret');
    assert.match(await confirmRotate.innerText(), new RegExp(`Rotate the signing secret of ${hookUrl.replaceAll('.', '\\.')}\\?`));
    await assertAccessible(page, 'confirming a secret rotation');
    await confirmRotate.getByLabel('Keep the old secret signing for').selectOption({ label: '1 hour' });
    await confirmRotate.getByRole('button', { name: 'Rotate secret' }).click();
    const rotatedSecret = (await page.getByTestId('new-webhook-secret-value').innerText()).trim();
    assert.match(rotatedSecret, /^whsec_/);
    assert.notEqual(rotatedSecret, secret);
    assert.match(await page.getByTestId('new-webhook-secret').innerText(), /New signing secret[\s\S]*will not be shown again[\s\S]*previous secret keeps signing beside it until/);
    await page.getByRole('button', { name: 'Done' }).click();
    assert.match(await page.getByTestId('webhook-details').innerText(), /Rotated: the previous secret also signs until/);
    const before = receiver.at('/hook').length;
    await newProduct('Floor lamp');
    const third = await eventually('a delivery after the rotation', () => receiver.at('/hook')[before]);
    assert.equal(verify(rotatedSecret, third).data.name, 'Floor lamp');
    assert.equal(verify(secret, third).data.name, 'Floor lamp');

    // An endpoint that answers 410 Gone is disabled, and says why in the list.
    receiver.status.set('/gone', 410);
    const goneUrl = `${receiver.origin}/gone`;
    const gone = await call('POST', '/v1/webhooks', { headers: asOwner(), body: { url: goneUrl, eventTypes: ['product.*'], description: 'Old system' } });
    assert.equal(gone.status, 201, gone.raw);
    const goneId: string = gone.body.data.id;
    await newProduct('Table lamp');
    await eventually('the endpoint to be disabled as gone', async () => (await endpoints()).find((e) => e.id === goneId && e.disabledReason === 'gone'));
    await page.getByRole('link', { name: '← All webhooks' }).click();
    const goneItem = page.getByTestId('webhook-endpoint').filter({ hasText: goneUrl });
    await goneItem.waitFor();
    assert.match(await goneItem.getByTestId('webhook-state').innerText(), /Disabled: the endpoint answered 410 Gone on .*, which says it is gone for good\.[\s\S]*answered 410 Gone on/);
    assert.match(await page.getByTestId('webhook-endpoint').filter({ hasText: hookUrl }).innerText(), /Enabled:/);
    await assertAccessible(page, 'webhooks, one disabled as gone');

    // One that answers 500 stays enabled while its deliveries are retried, and says it is failing since when.
    receiver.status.set('/flaky', 500);
    const flakyUrl = `${receiver.origin}/flaky`;
    const flaky = await call('POST', '/v1/webhooks', { headers: asOwner(), body: { url: flakyUrl, eventTypes: ['product.*'] } });
    assert.equal(flaky.status, 201, flaky.raw);
    await newProduct('Wall lamp');
    await eventually('the endpoint to be failing', async () => (await endpoints()).find((e) => e.id === flaky.body.data.id && e.failingSince !== null));
    await page.reload();
    const flakyItem = page.getByTestId('webhook-endpoint').filter({ hasText: flakyUrl });
    assert.match(await flakyItem.getByTestId('webhook-state').innerText(), /^Enabled, failing: deliveries have failed since .*\. They are tried again on a schedule/);
    assert.equal(await flakyItem.getByRole('button', { name: /Enable again/ }).count(), 0);
    assert.equal((await call('DELETE', `/v1/webhooks/${flaky.body.data.id}`, { headers: asOwner() })).status, 200);

    // The receiver is back: Redeliver all failed queues it (it waits while disabled); Enable again sends it.
    receiver.status.set('/gone', 200);
    await goneItem.getByRole('link', { name: goneUrl, exact: true }).click();
    const goneRow = page.getByTestId('delivery-row').filter({ hasText: 'product.created' });
    await goneRow.waitFor();
    assert.match(await goneRow.innerText(), /Failed[\s\S]*HTTP 410/);
    await page.getByRole('button', { name: 'Redeliver all failed' }).click();
    await page.getByText('1 failed delivery is queued to be sent again once the endpoint is enabled.').waitFor();
    assert.deepEqual((await deliveries(goneId)).map((d) => d.status), ['pending']);
    await page.getByTestId('webhook-state').getByRole('button', { name: 'Enable again' }).click();
    await goneRow.getByText('Delivered').waitFor();
    assert.equal(receiver.at('/gone').length, 2);
    await page.getByLabel('Show', { exact: true }).selectOption('failed');
    await page.getByText('No failed deliveries. Choose “All deliveries” to see the others.').waitFor();
    assert.match(page.url(), /[?&]status=failed/);
    await page.getByLabel('Show', { exact: true }).selectOption('');

    // At 375 px wide, with a delivery open, nothing scrolls sideways and axe passes.
    await goneRow.getByRole('button', { name: /^Details of product\.created/ }).click();
    await page.getByTestId('delivery-payload').waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    await assertAccessible(page, 'a webhook endpoint at 375 px');
    const overflow = await page.evaluate(() => {
      const d = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
      return d.scrollWidth - d.clientWidth;
    });
    assert.ok(overflow <= 0, `nothing scrolls sideways at 375 px (${overflow} px)`);
    await page.setViewportSize({ width: 1100, height: 800 });

    // Delete, after a confirmation naming it (Cancel keeps it).
    await page.getByRole('button', { name: 'Delete endpoint…' }).click();
    const confirmDelete = page.getByTestId('confirm-delete-webhook');
    assert.match(await confirmDelete.innerText(), new RegExp(`Delete the endpoint ${goneUrl.replaceAll('.', '\\.')}\\?`));
    await confirmDelete.getByRole('button', { name: 'Cancel' }).click();
    await confirmDelete.waitFor({ state: 'detached' });
    assert.equal((await endpoints()).length, 2);
    await page.getByRole('button', { name: 'Delete endpoint…' }).click();
    await assertAccessible(page, 'confirming a webhook endpoint’s deletion');
    await confirmDelete.getByRole('button', { name: 'Delete endpoint' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByText(`The endpoint ${goneUrl} was deleted with its delivery log.`).waitFor();
    // The list is read again after the deletion; the deleted endpoint's row goes when that answer arrives.
    await page.getByTestId('webhook-endpoint').filter({ hasText: goneUrl }).first().waitFor({ state: 'detached' });
    assert.equal(await page.getByTestId('webhook-endpoint').filter({ hasText: goneUrl }).count(), 0);
    assert.equal((await call('GET', `/v1/webhooks/${goneId}`, { headers: asOwner() })).status, 404);
    assert.deepEqual((await endpoints()).map((e) => e.id), [made.id]);

    await page.close();
  });

  it('an admin (settings:read) sees endpoints and deliveries without any action; staff sees no Webhooks entry', { skip }, async () => {
    const admin = await joinStore(t.app, owner, 'admin');
    const staff = await joinStore(t.app, owner, 'staff');
    const [endpoint] = await endpoints();
    assert.ok(endpoint, 'the first test left an endpoint');
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/webhooks?store=${owner.storeId}`);
    await signInToDashboard(page, admin);
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    const item = page.getByTestId('webhook-endpoint').filter({ hasText: endpoint.url });
    await item.waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Add an endpoint' }).count(), 0);
    await page.getByText(/^Adding or changing endpoints needs the permission to manage store settings.* \(settings:write\) in this store\.$/).waitFor();
    await assertAccessible(page, 'webhooks, read-only');
    await item.getByRole('link', { name: endpoint.url, exact: true }).click();
    await page.getByTestId('delivery-row').first().waitFor();
    assert.equal(await page.getByRole('button', { name: /^(Edit|Disable|Enable again|Rotate secret|Delete endpoint|Redeliver|Send test event)/ }).count(), 0);
    await page.getByTestId('delivery-row').first().getByRole('button', { name: /^Details of / }).click();
    await page.getByTestId('delivery-payload').waitFor();
    assert.equal(await page.getByRole('button', { name: /^Redeliver/ }).count(), 0);
    await assertAccessible(page, 'a webhook endpoint, read-only');
    // The API refuses what the page does not offer.
    const adminHeaders = { ...admin.auth, 'x-merchantid': owner.storeId };
    const refused = await call('POST', `/v1/webhooks/${endpoint.id}/rotate-secret`, { headers: adminHeaders, body: {} });
    assert.equal(refused.status, 403, refused.raw);
    const refusedCreate = await call('POST', '/v1/webhooks', { headers: adminHeaders, body: { url: `${receiver.origin}/hook`, eventTypes: ['*'] } });
    assert.equal(refusedCreate.status, 403, refusedCreate.raw);
    assert.equal((await endpoints()).length, 1);

    await context.clearCookies();
    await page.goto(`${t.baseUrl}/dashboard/?store=${owner.storeId}`);
    await signInToDashboard(page, staff);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await nav.getByText('Orders').waitFor();
    assert.equal(await nav.getByText('Webhooks').count(), 0);
    const calls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/v1/webhooks')) calls.push(r.url());
    });
    await page.goto(`${t.baseUrl}/dashboard/webhooks?store=${owner.storeId}`);
    await page.getByText('settings:read', { exact: true }).waitFor();
    await page.goto(`${t.baseUrl}/dashboard/webhooks/${endpoint.id}?store=${owner.storeId}`);
    await page.getByText('settings:read', { exact: true }).waitFor();
    assert.deepEqual(calls, [], 'a deep link calls no webhook API without settings:read');
    await page.close();
  });

  it('names the connected app that made an endpoint by its name, not its client id; its editor shows every refusal', { skip }, async () => {
    const shop = await signup(t.app, { storeName: 'App Made Hooks' });
    const app = await connect(t.app, shop, { scope: 'orders:read', client: await registerClient(t.app, { client_name: 'Trail Analytics' }) });
    const made = await jsonClient(t.app)('POST', '/v1/webhooks', { headers: app.auth, body: { url: `${receiver.origin}/app-hook`, eventTypes: ['order.*'] } });
    assert.equal(made.status, 201, made.raw);
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/webhooks?store=${shop.storeId}`);
    await signInToDashboard(page, shop);
    await page.getByText('The connected app “Trail Analytics” (removed with the app)', { exact: true }).waitFor();
    assert.ok(!(await pageText(page)).includes(app.client.client_id), 'no client id shown');
    await page.goto(`${t.baseUrl}/dashboard/webhooks/${made.body.data.id}?store=${shop.storeId}`);
    await page.getByText('The connected app “Trail Analytics” (removed with the app)', { exact: true }).waitFor();
    await assertAccessible(page, 'an endpoint made by an app');

    // The endpoint's editor shows every refusal the API can give: a 409, a 422 naming no field of it, a 500.
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const editForm = page.getByRole('form', { name: 'Edit the endpoint' });
    await editForm.getByLabel('Description (optional)').fill('Orders for the analytics app');
    await meetsEveryRefusal(page, {
      where: 'Edit the endpoint',
      method: 'PATCH',
      path: /^\/v1\/webhooks\/[^/]+$/,
      scope: () => page.getByRole('main'),
      submit: () => editForm.getByRole('button', { name: 'Save changes' }).click(),
    });
    await page.close();
  });
});
