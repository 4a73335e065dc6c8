import assert from 'node:assert/strict';
import { it } from 'node:test';
import { browserUnavailable } from './helpers/chromium.ts';
import { assertAccessible, signInToDashboard } from './helpers/dashboard.ts';
import { dashboardInChromium } from './helpers/dashboard-suite.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { countOf, insertOrder } from './helpers/delivery-payments.ts';
import { client as jsonClient, joinStore } from './helpers/merchants.ts';

const skip = browserUnavailable();

const TOKYO = 9 * 3_600_000; // Asia/Tokyo is UTC+9 all year

describeEachDatabase('the dashboard’s payments page in Chromium', (kind) => {
  const ui = dashboardInChromium(kind, { clipboard: true, storeName: 'Northwind Outfitters', timezone: 'Asia/Tokyo' });

  it('an owner chooses the payment methods with If-Match, creates payment links (errors next to their fields, one link for a double click), copies and cancels one after a confirmation', { skip }, async () => {
    const { t, context, owner } = ui;
    const call = jsonClient(t.app);
    const methods = async () => (await call('GET', '/v1/payments/options', { headers: owner.auth })).body.data.enabledMethods as string[];
    const links = async () => (await call('GET', '/v1/payment-links', { headers: owner.auth })).body.data as Array<Record<string, unknown>>;
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard`);
    await signInToDashboard(page, owner);
    await page.getByTestId('summary').waitFor();

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Payments' }).click();
    await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor();
    const accepted = page.getByRole('group', { name: 'Methods accepted' });
    await accepted.getByRole('checkbox', { name: /^Card/ }).waitFor();
    const checked = async () =>
      Object.fromEntries(await Promise.all(['Card', 'Bank transfer', 'Cash on delivery', 'PayPal'].map(async (m) => [m, await accepted.getByRole('checkbox', { name: new RegExp(`^${m}`) }).isChecked()])));
    assert.deepEqual(await checked(), { Card: true, 'Bank transfer': true, 'Cash on delivery': true, PayPal: false });
    await page.getByText('No payment links yet. Create one above').waitFor();
    await assertAccessible(page, 'payments');

    // No method at all: the API's rule next to the methods; nothing changes.
    for (const m of ['Card', 'Bank transfer', 'Cash on delivery']) await accepted.getByRole('checkbox', { name: new RegExp(`^${m}`) }).uncheck();
    await page.getByRole('button', { name: 'Save methods' }).click();
    await accepted.getByText('Methods accepted must enable at least one payment method.').waitFor();
    assert.deepEqual(await methods(), ['card', 'bank_transfer', 'cash_on_delivery']);
    await assertAccessible(page, 'payments, a refused save');

    // Card, bank transfer and PayPal: one PUT, with If-Match, the ETag of what the editor loaded.
    const etag = (await call('GET', '/v1/payments/options', { headers: owner.auth })).headers.etag;
    const puts: Array<{ ifMatch: string | undefined; body: unknown }> = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && new URL(r.url()).pathname === '/v1/payments/options') puts.push({ ifMatch: r.headers()['if-match'], body: r.postDataJSON() });
    });
    await accepted.getByRole('checkbox', { name: /^Card/ }).check();
    await accepted.getByRole('checkbox', { name: /^Bank transfer/ }).check();
    await accepted.getByRole('checkbox', { name: /^PayPal/ }).check();
    await page.getByRole('button', { name: 'Save methods' }).click();
    await page.getByText('Saved: customers may pay by Card, Bank transfer, PayPal.').waitFor();
    assert.deepEqual(puts.slice(-1), [{ ifMatch: etag, body: { enabledMethods: ['card', 'bank_transfer', 'paypal'] } }]);
    assert.deepEqual(await methods(), ['card', 'bank_transfer', 'paypal']);

    // A link for nothing: the API's rule next to Amount; no link written.
    await page.getByLabel('Amount (USD)').fill('0');
    await page.getByRole('button', { name: 'Create link' }).click();
    await page.getByText('Amount (USD) must be greater than 0.').waitFor();
    assert.equal(await page.getByLabel('Amount (USD)').getAttribute('aria-invalid'), 'true');
    assert.equal(await countOf(t, 'payment_links', owner.storeId), 0);

    // 25 USD, expiring in 30 days at a Tokyo wall-clock time; a double click makes one link with one Idempotency-Key.
    const posts: Array<string | undefined> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/payment-links') posts.push(r.headers()['idempotency-key']);
    });
    const wall = new Date(Date.now() + 30 * 86_400_000 + TOKYO).toISOString().slice(0, 16); // YYYY-MM-DDTHH:mm in Tokyo
    await page.getByLabel('Amount (USD)').fill('25');
    await page.getByLabel('Description').fill('Deposit for the oak table');
    await page.getByLabel('Expires').fill(wall);
    await page.getByRole('button', { name: 'Create link' }).dblclick();
    const url = (await page.getByTestId('new-payment-link-url').innerText()).trim();
    await page.waitForLoadState('networkidle');
    const made = await links();
    assert.equal(made.length, 1, 'one link');
    assert.ok(posts.length >= 1 && posts.every((k) => k !== undefined && /^[0-9a-f-]{36}$/.test(k) && k === posts[0]), `one Idempotency-Key: ${posts}`);
    assert.equal(made[0]!.amount, 25);
    assert.equal(made[0]!.description, 'Deposit for the oak table');
    assert.equal(made[0]!.expiresAt, new Date(Date.parse(`${wall}:00Z`) - TOKYO).toISOString().slice(0, -1), 'the Tokyo time, as an instant');
    assert.equal(made[0]!.url, url);
    await page.getByTestId('new-payment-link').getByRole('button', { name: 'Copy link' }).click();
    await page.getByTestId('new-payment-link').getByText('Copied.').waitFor();
    assert.equal(await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText()), url);
    await assertAccessible(page, 'payments, a new link');
    await page.getByTestId('new-payment-link').getByRole('button', { name: 'Done' }).click();

    // A link for what an order still owes: the amount comes from the order, and the row links to the order.
    const order = await insertOrder(t, owner.storeId, { totalMinor: 12_000, paidMinor: 2_000 });
    await page.getByLabel('Order id').fill(order.id);
    await page.getByRole('button', { name: 'Create link' }).click();
    await page.getByTestId('new-payment-link').getByText(`Link for $100.00: Order ${order.number}`).waitFor();
    const orderRow = page.getByTestId('payment-link-row').filter({ hasText: `Order ${order.number}` });
    await orderRow.waitFor();
    assert.match(await orderRow.innerText(), /\$100\.00[\s\S]*Active[\s\S]*Never/);
    assert.equal(await orderRow.getByRole('link', { name: order.id }).getAttribute('href'), `/dashboard/orders/${order.id}`);
    const deposit = page.getByTestId('payment-link-row').filter({ hasText: 'Deposit for the oak table' });
    assert.match(await deposit.innerText(), /\$25\.00[\s\S]*Active/);

    // Cancelling is confirmed naming the link; backing out keeps it.
    await deposit.getByRole('button', { name: 'Cancel link for Deposit for the oak table' }).click();
    const confirm = page.getByTestId('confirm-cancel-link');
    await confirm.getByRole('button', { name: 'Cancel the link for Deposit for the oak table' }).waitFor();
    assert.match(await confirm.innerText(), /Cancel the payment link for Deposit for the oak table \(\$25\.00\)\?/);
    await assertAccessible(page, 'payments, confirming a cancellation');
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    assert.equal((await links()).find((l) => l.description === 'Deposit for the oak table')!.status, 'active');
    await deposit.getByRole('button', { name: 'Cancel link for Deposit for the oak table' }).click();
    await confirm.getByRole('button', { name: 'Cancel the link for Deposit for the oak table' }).click();
    await deposit.getByText('Cancelled').waitFor();
    assert.equal(await deposit.getByRole('button').count(), 0, 'a cancelled link offers neither copy nor cancel');
    assert.equal((await links()).find((l) => l.description === 'Deposit for the oak table')!.status, 'cancelled');

    // A link paid (here: cancelled over the API) since the list loaded: the confirmation says it cannot be cancelled.
    const orderLink = (await links()).find((l) => l.orderId === order.id)!;
    assert.equal((await call('POST', `/v1/payment-links/${orderLink.id}/cancel`, { headers: owner.auth })).status, 200);
    await orderRow.getByRole('button', { name: /^Cancel link/ }).click();
    await confirm.getByText(`The link for Order ${order.number} is cancelled now, so it cannot be cancelled.`).waitFor();
    await confirm.getByRole('button', { name: 'Close' }).click();
    await orderRow.getByText('Cancelled').waitFor();

    // The status filter asks the API; an empty result says how to see everything.
    await page.getByLabel('Status').selectOption('paid');
    await page.getByText('No paid payment links. Choose “All” to see every link.').waitFor();
    await page.getByLabel('Status').selectOption('cancelled');
    await deposit.waitFor();
    await orderRow.waitFor();

    // Test mode has its own methods: the editor shows them, not the live ones it had loaded.
    await page.getByLabel('Mode').selectOption('test');
    await page.getByTestId('test-mode-banner').waitFor();
    await page.getByText('No cancelled payment links.').waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await checked(), { Card: true, 'Bank transfer': true, 'Cash on delivery': true, PayPal: false });
    await page.getByLabel('Mode').selectOption('live');
    await deposit.waitFor();
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await checked(), { Card: true, 'Bank transfer': true, 'Cash on delivery': false, PayPal: true });

    await page.setViewportSize({ width: 375, height: 800 });
    await assertAccessible(page, 'payments at 375 px');
    await page.setViewportSize({ width: 1100, height: 800 });
    await page.close();
  });

  it('a save after someone else changed the methods shows theirs; saving mine over theirs replaces the list with mine', { skip }, async () => {
    const { t, context, owner } = ui;
    const call = jsonClient(t.app);
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/payments?store=${owner.storeId}`);
    if (page.url().includes('/login')) await signInToDashboard(page, owner);
    const accepted = page.getByRole('group', { name: 'Methods accepted' });
    await accepted.getByRole('checkbox', { name: /^Card/ }).waitFor();
    const before = (await call('GET', '/v1/payments/options', { headers: owner.auth })).body.data.enabledMethods as string[];
    assert.equal((await call('PUT', '/v1/payments/options', { headers: owner.auth, body: { enabledMethods: ['cash_on_delivery'] } })).status, 200);
    await accepted.getByRole('checkbox', { name: /^Cash on delivery/ }).check();
    await page.getByRole('button', { name: 'Save methods' }).click();
    const conflict = page.getByTestId('conflict');
    await conflict.getByText('Someone else changed the payment methods since you opened it.').waitFor();
    const label = (m: string[]) => m.map((x) => ({ card: 'Card', bank_transfer: 'Bank transfer', cash_on_delivery: 'Cash on delivery', paypal: 'PayPal' })[x]).join(', ');
    const mine = ['card', 'bank_transfer', 'cash_on_delivery', 'paypal'].filter((m) => before.includes(m) || m === 'cash_on_delivery');
    assert.deepEqual(
      (await conflict.getByTestId('conflict-change').allInnerTexts()).map((r) => r.split('\t').map((c) => c.trim())),
      [['Methods accepted', label(before), 'Cash on delivery', label(mine)]],
    );
    assert.deepEqual((await call('GET', '/v1/payments/options', { headers: owner.auth })).body.data.enabledMethods, ['cash_on_delivery'], 'nothing written');
    await conflict.getByRole('button', { name: 'Save mine over theirs' }).click();
    await page.getByText(`Saved: customers may pay by ${label(mine)}.`).waitFor();
    assert.deepEqual((await call('GET', '/v1/payments/options', { headers: owner.auth })).body.data.enabledMethods, mine);
    await page.close();
  });

  it('staff (payments:read only) see the methods and links but no change, and the API refuses them', { skip }, async () => {
    const { t, context, owner } = ui;
    const call = jsonClient(t.app);
    const made = await call('POST', '/v1/payment-links', { headers: owner.auth, body: { amount: 12.5, description: 'Gift wrap' } });
    assert.equal(made.status, 201, made.raw);
    const staff = await joinStore(t.app, owner, 'staff');
    await context.clearCookies();
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/dashboard/?store=${owner.storeId}`);
    await signInToDashboard(page, staff);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Payments' }).click();
    const row = page.getByTestId('payment-link-row').filter({ hasText: 'Gift wrap' });
    await row.waitFor();
    await page.getByText('so you can see the methods but not change them').waitFor();
    assert.equal(await page.getByRole('checkbox', { name: /^Card/ }).isDisabled(), true);
    assert.equal(await page.getByRole('button', { name: /Save|Create|Cancel link/ }).count(), 0);
    assert.equal(await page.getByLabel('Amount (USD)').count(), 0);
    await row.getByRole('button', { name: 'Copy link for Gift wrap' }).waitFor();
    await assertAccessible(page, 'payments, read-only');

    const put = await call('PUT', '/v1/payments/options', { headers: staff.auth, body: { enabledMethods: ['card'] } });
    assert.equal(put.status, 403, put.raw);
    const post = await call('POST', '/v1/payment-links', { headers: staff.auth, body: { amount: 5 } });
    assert.equal(post.status, 403, post.raw);
    const cancel = await call('POST', `/v1/payment-links/${made.body.data.id}/cancel`, { headers: staff.auth });
    assert.equal(cancel.status, 403, cancel.raw);
    assert.equal((await call('GET', `/v1/payment-links/${made.body.data.id}`, { headers: owner.auth })).body.data.status, 'active');
    await page.close();
  });
});
