/**
 * Renders the merchant dashboard in Chromium on a throw-away SQLite database with the demo data (`npm start`'s), and
 * saves screenshots to docs/images/: the overview on a desktop and a phone, in test mode, the store picker; inventory,
 * a customer and reviews; promotions, promo ads, delivery and payments; orders with their exports, settings, connected
 * apps (one connected for the shot), the sign-up page; products: the list, a VARIABLE product with its variant groups
 * while a SKU is edited, the list on a phone.
 * Usage: npm run build:dashboard && node scripts/dashboard-screenshots.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ensureDashboardBuilt } from '../src/dashboard-build.ts';
import { seed } from '../src/seed.ts';
import { launchChromium, startListeningApp } from '../test/helpers/chromium.ts';
import { connect, registerClient } from '../test/helpers/oauth.ts';

const out = path.join(import.meta.dirname, '..', 'docs', 'images');
mkdirSync(out, { recursive: true });

await ensureDashboardBuilt((line) => process.stderr.write(`${line}\n`));
const t = await startListeningApp('sqlite');
const chromium = await launchChromium();
try {
  const { demo } = await seed(t.container, undefined, { demo: true });
  if (!demo) throw new Error('no demo merchant was created');
  const page = await chromium.context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  const shot = (name: string) => page.screenshot({ path: path.join(out, name), fullPage: true });

  await page.goto(`${t.baseUrl}/dashboard`);
  await page.waitForURL(/\/login/);
  await page.getByLabel('Email').fill(demo.email);
  await page.getByLabel('Password').fill(demo.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard/);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await shot('dashboard-store-picker.png');

  await page.goto(`${t.baseUrl}/dashboard/?store=${demo.stores[0]!.id}&period=30d`);
  await page.getByTestId('summary').waitFor();
  await page.waitForLoadState('networkidle');
  await shot('dashboard-overview.png');

  // Inventory, customers and reviews. The demo data has no reviews: a few are written through the API first.
  const store = demo.stores[0]!.id;
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-merchantapikey': demo.apiKey }, ...(payload ? { payload } : {}) }).then((r) => r.json().data);
  const customers = (await call('GET', '/v1/customers?limit=3')) as Array<{ id: string }>;
  const products = (await call('GET', '/v1/products?limit=3&sort=name')) as Array<{ id: string }>;
  const reviews = [
    { rating: 5, title: 'Warm and light', body: 'Wore it on a windy ridge all day. Packs small too.' },
    { rating: 2, title: 'Runs small', body: 'Had to send it back for a size up.' },
    { rating: 4, title: null, body: 'Good value; the colour is a little darker than the photos.' },
  ];
  for (const [i, r] of reviews.entries()) {
    const review = await call('POST', '/v1/reviews', { productId: products[i]!.id, customerId: customers[i]!.id, ...r });
    if (i === 1) await call('POST', `/v1/reviews/${review.id}/reply`, { reply: 'Sorry about that! The size chart now says it runs small.' });
  }
  await page.goto(`${t.baseUrl}/dashboard/inventory?store=${store}&stock=low`);
  await page.getByTestId('stock-row').first().getByRole('button').click();
  await page.getByTestId('sku-panel').getByRole('heading', { level: 3, name: 'History' }).waitFor();
  await page.waitForLoadState('networkidle');
  await shot('dashboard-inventory.png');
  // Stock locations (issue 36): a second location with some of the stock moved there.
  const shop = await call('POST', '/v1/locations', { name: 'High Street shop', address: { line1: '1 High St', city: 'London', countryId: 'GB' } });
  const moved = (await call('GET', '/v1/inventory/skus?limit=3')).skus as Array<{ skuId: string; quantityInStock: number }>;
  const home = (await call('GET', '/v1/locations')) as Array<{ id: string; isDefault: boolean }>;
  for (const s of moved.filter((x) => x.quantityInStock > 1)) {
    await call('POST', '/v1/inventory/transfers', { skuId: s.skuId, fromLocationId: home.find((l) => l.isDefault)!.id, toLocationId: shop.id, quantity: 1 });
  }
  await page.goto(`${t.baseUrl}/dashboard/locations?store=${store}`);
  await page.getByTestId('location-row').nth(1).waitFor();
  await page.waitForLoadState('networkidle');
  await shot('dashboard-locations.png');
  await page.goto(`${t.baseUrl}/dashboard/locations/${shop.id}?store=${store}`);
  await page.getByTestId('level-row').first().waitFor();
  await page.waitForLoadState('networkidle');
  await shot('dashboard-location.png');
  await page.goto(`${t.baseUrl}/dashboard/customers?store=${store}`);
  await page.getByTestId('customer-row').first().getByRole('link').click();
  await page.getByTestId('customer-order-row').first().waitFor();
  await page.waitForLoadState('networkidle');
  await shot('dashboard-customer.png');
  await page.goto(`${t.baseUrl}/dashboard/reviews?store=${store}`);
  await page.getByTestId('review').first().waitFor();
  await page.waitForLoadState('networkidle');
  await shot('dashboard-reviews.png');

  const phone = await chromium.context.newPage();
  await phone.setViewportSize({ width: 375, height: 800 });
  await phone.goto(`${t.baseUrl}/dashboard/?store=${demo.stores[0]!.id}&mode=test`);
  await phone.getByTestId('test-mode-banner').waitFor();
  await phone.waitForLoadState('networkidle');
  await phone.screenshot({ path: path.join(out, 'dashboard-overview-phone-test-mode.png'), fullPage: true });

  // Promotions, promo ads, delivery and payments: two discount codes, two ads (one with a banner drawn by Chromium),
  // two payment links (the demo store has a delivery zone already).
  await call('POST', '/v1/promotions', { code: 'SUMMER15', kind: 'percentage', value: 15, minSubtotal: 50, usageLimit: 500 });
  await call('POST', '/v1/promotions', { code: 'WELCOME5', kind: 'fixed', value: 5, perCustomerLimit: 1 });
  const banner = await fetch(`${t.baseUrl}/v1/files`, { method: 'POST', headers: { 'x-merchantapikey': demo.apiKey }, body: bannerForm(await drawBanner(page)) });
  const image = ((await banner.json()) as { data: { id: string } }).data;
  const ad = await call('POST', '/v1/promo-ads', {
    title: 'Summer sale: 15 % off everything',
    body: 'Use the code SUMMER15 at checkout.',
    imageFileId: image.id,
    linkUrl: 'https://shop.example/summer',
    placement: 'home-hero',
    startsAt: new Date(Date.now() - 86_400_000).toISOString(),
    endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    status: 'published',
  });
  await call('POST', '/v1/promo-ads', { title: 'Free returns for 60 days', placement: 'footer', startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString() });
  await call('POST', '/v1/payment-links', { amount: 250, description: 'Deposit for the oak table', expiresAt: new Date(Date.now() + 14 * 86_400_000).toISOString() });
  await call('POST', '/v1/payment-links', { amount: 39.5, description: 'Gift wrapping' });
  const selling: [string, string, string][] = [
    ['/promotions', 'Promotions', 'dashboard-promotions.png'],
    ['/promo-ads', 'Promo ads', 'dashboard-promo-ads.png'],
    [`/promo-ads/${ad.id}`, 'Promo ad', 'dashboard-promo-ad-editor.png'],
    ['/delivery', 'Delivery', 'dashboard-delivery.png'],
    ['/payments', 'Payments', 'dashboard-payments.png'],
  ];
  for (const [pathname, heading, file] of selling) {
    await page.goto(`${t.baseUrl}/dashboard${pathname}?store=${store}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
    await shot(file);
  }
  await phone.goto(`${t.baseUrl}/dashboard/delivery?store=${store}`);
  await phone.getByRole('heading', { level: 1, name: 'Delivery' }).waitFor();
  await phone.waitForLoadState('networkidle');
  await phone.screenshot({ path: path.join(out, 'dashboard-delivery-phone.png'), fullPage: true });

  // Account pages (docs/dashboard.md, "Settings, connected apps, invitations, sign-up").
  const merchant = { email: demo.email, password: demo.password, storeId: store, token: '', userId: '', auth: {} };
  await connect(t.app, merchant, { scope: 'orders:read analytics:read', client: await registerClient(t.app, { client_name: 'Acme Analytics', redirect_uris: ['https://analytics.acme.example/oauth/callback'] }) });
  await page.goto(`${t.baseUrl}/dashboard/orders?store=${store}`);
  await page.getByTestId('order-row').first().waitFor();
  await page.getByRole('heading', { name: 'Export as CSV' }).waitFor();
  await page.waitForLoadState('networkidle');
  await shot('dashboard-orders.png');
  await page.goto(`${t.baseUrl}/dashboard/settings?store=${store}`);
  await page.getByTestId('settings-form').waitFor();
  await page.waitForLoadState('networkidle');
  await shot('dashboard-settings.png');
  await page.goto(`${t.baseUrl}/dashboard/connected-apps?store=${store}`);
  await page.getByTestId('connected-app-row').first().waitFor();
  await shot('dashboard-connected-apps.png');
  // Products. The demo's variant groups have no palette colour: give them theirs (by name) so the swatches show.
  const key = { 'x-merchantapikey': demo.apiKey };
  const tees = (await t.app.inject({ method: 'GET', url: '/v2/products?q=organic%20cotton%20tee', headers: key })).json().data[0];
  const colors = (await t.app.inject({ method: 'GET', url: '/v1/colors' })).json().data as Array<{ id: string; name: string }>;
  for (const g of tees.variantGroups as Array<{ id: string; attributeValue: string }>) {
    const color = colors.find((c) => c.name.toLowerCase() === g.attributeValue.toLowerCase());
    if (color) await t.app.inject({ method: 'PATCH', url: `/v2/products/${tees.id}/variant-groups/${g.id}`, headers: key, payload: { colorId: color.id } });
  }
  await page.goto(`${t.baseUrl}/dashboard/products?store=${store}`);
  await page.getByTestId('product-row').first().waitFor();
  await page.waitForLoadState('networkidle');
  await shot('dashboard-products.png');
  await page.goto(`${t.baseUrl}/dashboard/products/${tees.id}?store=${store}`);
  await page.getByTestId('sku-row').first().waitFor();
  await page.getByRole('button', { name: /^Edit SKU/ }).first().click();
  await page.getByRole('button', { name: 'Save SKU' }).waitFor();
  await page.waitForLoadState('networkidle');
  await shot('dashboard-product-variants.png');
  await phone.goto(`${t.baseUrl}/dashboard/products?store=${store}&mode=live`);
  await phone.getByTestId('product-row').first().waitFor();
  await phone.waitForLoadState('networkidle');
  await phone.screenshot({ path: path.join(out, 'dashboard-products-phone.png'), fullPage: true });
  // Last, signed out (the sign-up page sends a signed-in browser on to the dashboard).
  await chromium.context.clearCookies();
  await page.setViewportSize({ width: 900, height: 900 });
  await page.goto(`${t.baseUrl}/signup`);
  await shot('dashboard-sign-up.png');
  process.stdout.write(`screenshots written to ${out}\n`);
} finally {
  await chromium.close();
  await t.close();
}

// The few canvas calls the banner needs (the scripts' tsconfig has no DOM library).
interface Gradient {
  addColorStop(offset: number, color: string): void;
}
interface Canvas {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    fillStyle: string | Gradient;
    font: string;
    createLinearGradient(x0: number, y0: number, x1: number, y1: number): Gradient;
    fillRect(x: number, y: number, w: number, h: number): void;
    fillText(text: string, x: number, y: number): void;
  };
  toDataURL(type: string): string;
}

/** A banner drawn by Chromium (canvas to PNG), as the multipart form POST /v1/files takes. */
async function drawBanner(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const doc = (globalThis as unknown as { document: { createElement(tag: 'canvas'): Canvas } }).document;
    const canvas = doc.createElement('canvas');
    canvas.width = 960;
    canvas.height = 320;
    const g = canvas.getContext('2d');
    const fill = g.createLinearGradient(0, 0, 960, 320);
    fill.addColorStop(0, '#1d4ed8');
    fill.addColorStop(1, '#0f766e');
    g.fillStyle = fill;
    g.fillRect(0, 0, 960, 320);
    g.fillStyle = '#ffffff';
    g.font = 'bold 72px sans-serif';
    g.fillText('Summer sale', 60, 150);
    g.font = '40px sans-serif';
    g.fillText('15 % off everything with SUMMER15', 60, 230);
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

function bannerForm(png: Buffer): FormData {
  const form = new FormData();
  form.append('file', new Blob([png], { type: 'image/png' }), 'banner.png');
  return form;
}
