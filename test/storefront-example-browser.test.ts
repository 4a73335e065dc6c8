import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { ensureStorefrontBuilt } from '../examples/storefront/build.ts';
import { prepareStore, SAMPLE_PROMOTION_CODE } from '../examples/storefront/demo.ts';
import { type StorefrontSettings, serveStorefront } from '../examples/storefront/server.ts';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { assertAccessible } from './helpers/dashboard.ts';
import { linkIn, type MailReceiver, mailConfig, startMailReceiver } from './helpers/mail-receiver.ts';
import { client, type Merchant, signup } from './helpers/merchants.ts';
import { eventually } from './helpers/webhook-receiver.ts';

const skip = browserUnavailable();
const PHONE = { width: 375, height: 740 };

/**
 * The starter storefront (examples/storefront) end to end in Chromium, on a phone's screen: a guest finds two SKUs
 * (a tee chosen by colour, then size; a mug, by keyboard only), fills the cart, checks out with an address, a delivery
 * option and a promotion code, pays on the pay page with the test provider's 3-D Secure card and comes back to the
 * shop's confirmation; the confirmation mail arrives at a local SMTP server and the merchant's API shows the order paid
 * with the stock left. One browser and one server on SQLite, to keep CI fast (the API the shop calls is tested on both
 * engines by its own tests: carts, checkout, pay page, mail).
 */
describe('the starter storefront in Chromium on a phone', () => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let chromium: Awaited<ReturnType<typeof launchChromium>>;
  let shop: Awaited<ReturnType<typeof serveStorefront>>;
  let m: Merchant;
  let smtp: MailReceiver;
  const settings: StorefrontSettings = { apiUrl: '', publishableKey: '' };

  before(async () => {
    if (skip) return;
    await ensureStorefrontBuilt();
    smtp = await startMailReceiver();
    t = await startListeningApp('sqlite', { config: { mail: mailConfig(smtp, { pollMs: 20 }) } });
    t.container.services.mailSender.start();
    settings.apiUrl = t.baseUrl;
    shop = await serveStorefront({ settings: () => settings });
    m = await signup(t.app, { storeName: 'Harbor Goods' });
    const prepared = await prepareStore({ apiUrl: t.baseUrl, email: m.email, password: m.password, storeId: m.storeId, origin: shop.origin });
    assert.ok(prepared.seeded);
    settings.publishableKey = prepared.publishableKey;
    settings.storeName = prepared.storeName;
    chromium = await launchChromium();
  });
  after(async () => {
    await chromium?.close();
    await shop?.close();
    await t?.close();
    await smtp?.close();
  });

  /** Nothing is wider than the phone's screen. */
  async function fitsThePhone(page: Page, where: string): Promise<void> {
    const width = await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement.scrollWidth);
    assert.ok(width <= PHONE.width, `${where}: ${width} px wide on a ${PHONE.width} px screen`);
  }

  it('a guest searches, chooses a colour then a size, adds a mug by keyboard, checks out with an address, delivery and a code, and pays with 3-D Secure', { skip, timeout: 90_000 }, async () => {
    const page = await chromium.context.newPage();
    await page.setViewportSize(PHONE);
    const failed: string[] = [];
    // On the shop's pages, refusals the shopper is shown (422) are logged by the browser as failed loads; anything else
    // (a CSP refusal, a script error) is a fault. The service's own pages (pay, status) are tested by their own tests.
    const onShop = () => page.url().startsWith(shop.origin);
    page.on('console', (message) => message.type() === 'error' && onShop() && !message.text().includes('status of 422') && failed.push(`${page.url()}: ${message.text()}`));
    page.on('pageerror', (error) => failed.push(error.message));

    await page.goto(shop.origin);
    await page.getByRole('heading', { level: 1, name: 'All products' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Harbor Goods' }).count(), 1);
    assert.deepEqual(await page.locator('.products h2').allInnerTexts(), ['Camp Lantern', 'Enamel Mug', 'Trail Tee']);
    // Pictures are read with the key (an <img> cannot send it) and shown from blob URLs.
    await page.waitForFunction(() => (globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }).document.querySelectorAll('.products img[src^="blob:"]').length === 3);
    await fitsThePhone(page, 'the catalog');
    await assertAccessible(page, 'the catalog at 375 px');

    // Search, then the product page: first the variant group (Color), then one of its SKUs (Size).
    await page.getByRole('searchbox', { name: 'Search products' }).fill('tee');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('heading', { level: 1, name: 'Results for “tee”' }).waitFor();
    assert.deepEqual(await page.locator('.products h2').allInnerTexts(), ['Trail Tee']);
    await page.getByRole('link', { name: 'Trail Tee' }).click();
    await page.getByRole('heading', { level: 1, name: 'Trail Tee' }).waitFor();
    await page.getByRole('group', { name: 'Color' }).getByLabel('Sand').check();
    await page.getByRole('img', { name: 'Trail Tee, Sand' }).waitFor();
    await page.getByRole('group', { name: 'Size' }).getByLabel(/^M ·/).check();
    assert.match(await page.locator('.price').innerText(), /\$25\.00 · 20 in stock/);
    await fitsThePhone(page, 'the product page');
    await assertAccessible(page, 'the product page at 375 px');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('status').filter({ hasText: 'Added 1 to your cart.' }).waitFor();
    assert.match(await page.getByRole('link', { name: /^Cart/ }).innerText(), /1/);

    // The keyboard alone: search, open the mug, two of it, add.
    await page.keyboard.press('Control+Home');
    await page.getByRole('searchbox', { name: 'Search products' }).focus();
    await page.keyboard.type('mug');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Results for “mug”' }).waitFor();
    const mugLink = page.getByRole('link', { name: 'Enamel Mug' });
    for (let i = 0; i < 10 && !(await mugLink.evaluate((el) => el === (el.ownerDocument as { activeElement: unknown }).activeElement)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Enamel Mug' }).waitFor();
    const quantity = page.getByLabel('Quantity');
    for (let i = 0; i < 10 && !(await quantity.evaluate((el) => el === (el.ownerDocument as { activeElement: unknown }).activeElement)); i++) await page.keyboard.press('Tab');
    await page.keyboard.press('Control+A');
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Added 2 to your cart.' }).waitFor();

    // The cart, priced by the server.
    await page.getByRole('link', { name: /^Cart/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Your cart' }).waitFor();
    assert.deepEqual(await page.locator('.line .name').allInnerTexts(), ['Trail Tee', 'Enamel Mug']);
    assert.match(await page.locator('.totals').innerText(), /Subtotal\s+\$49\.00[\s\S]*Total\s+\$49\.00/);
    await fitsThePhone(page, 'the cart');
    await assertAccessible(page, 'the cart at 375 px');

    // Checkout: a refused email names the field; then the address, the delivery option and the code.
    await page.getByRole('link', { name: 'Check out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Address', { exact: true }).fill('600 Congress Ave');
    await page.getByLabel('City').fill('Austin');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.locator('#checkout-email-error').waitFor();
    assert.equal(await page.getByLabel('Email').getAttribute('aria-invalid'), 'true');
    await assertAccessible(page, 'the checkout with a refused email');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Postal code').fill('78701');
    await page.getByLabel('Country').selectOption('US');
    await page.getByLabel('State or region').selectOption('US-TX');
    await page.getByRole('button', { name: 'Save address' }).click();
    await page.getByRole('status').filter({ hasText: 'Address saved.' }).waitFor();
    await page.getByRole('group', { name: 'Delivery option' }).getByLabel(/^Standard/).check();
    await page.locator('.totals').filter({ hasText: 'Delivery (Standard)' }).first().waitFor();
    await page.getByRole('textbox', { name: 'Promotion code' }).fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Apply code' }).click();
    await page.locator('#promotion-error').waitFor();
    await page.getByRole('textbox', { name: 'Promotion code' }).fill(SAMPLE_PROMOTION_CODE);
    await page.getByRole('button', { name: 'Apply code' }).click();
    await page.getByRole('status').filter({ hasText: `Code ${SAMPLE_PROMOTION_CODE} applied: $4.90 off.` }).waitFor();
    // 25 + 2 × 12 = 49.00, less 10 % = 44.10, plus 5.00 delivery = 49.10
    assert.match(await page.locator('.totals').innerText(), /Subtotal\s+\$49\.00\s+Discount \(WELCOME10\)\s+−\$4\.90\s+Delivery \(Standard\)\s+\$5\.00\s+Total\s+\$49\.10/);
    const pay = page.getByRole('button', { name: 'Pay $49.10' });
    assert.ok(await pay.isEnabled());
    await fitsThePhone(page, 'the checkout');
    await assertAccessible(page, 'the checkout at 375 px');

    // The store's pay page: the test provider's 3-D Secure card, its challenge, paid; back to the shop.
    await pay.click();
    await page.getByRole('heading', { level: 1, name: 'Pay Harbor Goods' }).waitFor();
    await page.getByLabel('Card number').fill('4000 0027 6000 3184');
    await page.getByLabel('Expiry').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $49.10' }).click();
    await page.getByRole('heading', { level: 1, name: '3-D Secure check' }).waitFor();
    await page.getByRole('button', { name: 'Complete' }).click();
    await page.getByRole('link', { name: 'Back to Harbor Goods' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order' }).waitFor();
    assert.equal(new URL(page.url()).origin, shop.origin);
    const number = await page.locator('main strong').first().innerText();
    assert.match(await page.locator('main').innerText(), new RegExp(`Order ${number} · \\$49\\.10[\\s\\S]*mail goes to ada@example\\.com`));
    assert.match(await page.getByRole('link', { name: /^Cart/ }).innerText(), /0/, 'the cart became the order');
    await fitsThePhone(page, 'the confirmation');
    await assertAccessible(page, 'the confirmation at 375 px');

    // The confirmation mail, at the local SMTP server, links to the order status page.
    const [mail] = await eventually(() => smtp.to('ada@example.com').length > 0 && smtp.to('ada@example.com'), 10_000, 'the confirmation mail');
    assert.equal(mail!.subject, `Your order ${number} from Harbor Goods`);
    assert.match(mail!.text, new RegExp(`payment of 49\\.10 USD for order ${number}: 1 × Trail Tee · Sand · M, 2 × Enamel Mug`));
    await page.goto(linkIn(mail!, `${t.baseUrl}/orders/ost_`));
    await page.getByText(new RegExp(`Order ${number}`)).first().waitFor();

    // The merchant's API: the order paid, from the storefront; the stock left.
    const call = client(t.app);
    const as = { ...m.auth, 'x-mode': 'test' };
    const orders = await call('GET', '/v1/orders?channel=storefront', { headers: as });
    assert.equal(orders.status, 200, orders.raw);
    assert.equal(orders.body.data.length, 1);
    const order = (await call('GET', `/v1/orders/${orders.body.data[0].id}`, { headers: as })).body.data;
    assert.deepEqual([order.number, order.status, order.paymentStatus, order.paid, order.total, order.channel, order.promotionCode], [number, 'paid', 'paid', 49.1, 49.1, 'storefront', SAMPLE_PROMOTION_CODE]);
    const stock = new Map<string, number>();
    for (const p of (await call('GET', '/v2/products?limit=10', { headers: as })).body.data) {
      for (const g of p.variantGroups) for (const sku of g.skus) stock.set(`${p.name} ${g.attributeValue} ${sku.attributes.Size}`, sku.quantityInStock);
      if (p.type === 'SIMPLE') stock.set(p.name, p.quantityInStock);
    }
    assert.deepEqual(Object.fromEntries(stock), {
      'Camp Lantern': 10,
      'Enamel Mug': 28,
      'Trail Tee Forest S': 20,
      'Trail Tee Forest M': 20,
      'Trail Tee Forest L': 20,
      'Trail Tee Sand S': 20,
      'Trail Tee Sand M': 19,
      'Trail Tee Sand L': 20,
    });

    assert.deepEqual(failed, [], 'no errors in the console');
    await page.close();
  });
});
