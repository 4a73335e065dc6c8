/**
 * Renders the merchant dashboard in Chromium on a throw-away SQLite database with the demo data (`npm start`'s), and
 * saves screenshots to docs/images/ (overview on a desktop and a phone, in test mode, the store picker; promotions,
 * promo ads, delivery and payments).
 * Usage: npm run build:dashboard && node scripts/dashboard-screenshots.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ensureDashboardBuilt } from '../src/dashboard-build.ts';
import { seed } from '../src/seed.ts';
import { launchChromium, startListeningApp } from '../test/helpers/chromium.ts';

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

  const phone = await chromium.context.newPage();
  await phone.setViewportSize({ width: 375, height: 800 });
  await phone.goto(`${t.baseUrl}/dashboard/?store=${demo.stores[0]!.id}&mode=test`);
  await phone.getByTestId('test-mode-banner').waitFor();
  await phone.waitForLoadState('networkidle');
  await phone.screenshot({ path: path.join(out, 'dashboard-overview-phone-test-mode.png'), fullPage: true });

  // Selling: a discount code, a promo ad with an image, a payment link (the demo store has a delivery zone already).
  const store = demo.stores[0]!.id;
  const owner = await demoSession(t.baseUrl, demo.email, demo.password, store);
  await owner('POST', '/v1/promotions', { code: 'SUMMER15', kind: 'percentage', value: 15, minSubtotal: 50, usageLimit: 500 });
  await owner('POST', '/v1/promotions', { code: 'WELCOME5', kind: 'fixed', value: 5, perCustomerLimit: 1 });
  const image = await owner('POST', '/v1/files', bannerForm(await drawBanner(page)));
  const ad = await owner('POST', '/v1/promo-ads', {
    title: 'Summer sale: 15 % off everything',
    body: 'Use the code SUMMER15 at checkout.',
    imageFileId: image.id,
    linkUrl: 'https://shop.example/summer',
    placement: 'home-hero',
    startsAt: new Date(Date.now() - 86_400_000).toISOString(),
    endsAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    status: 'published',
  });
  await owner('POST', '/v1/promo-ads', { title: 'Free returns for 60 days', placement: 'footer', startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString() });
  await owner('POST', '/v1/payment-links', { amount: 250, description: 'Deposit for the oak table', expiresAt: new Date(Date.now() + 14 * 86_400_000).toISOString() });
  await owner('POST', '/v1/payment-links', { amount: 39.5, description: 'Gift wrapping' });
  const shots: [string, string, string][] = [
    ['/promotions', 'Promotions', 'dashboard-promotions.png'],
    ['/promo-ads', 'Promo ads', 'dashboard-promo-ads.png'],
    [`/promo-ads/${ad.id}`, 'Promo ad', 'dashboard-promo-ad-editor.png'],
    ['/delivery', 'Delivery', 'dashboard-delivery.png'],
    ['/payments', 'Payments', 'dashboard-payments.png'],
  ];
  for (const [pathname, heading, file] of shots) {
    await page.goto(`${t.baseUrl}/dashboard${pathname}?store=${store}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    await page.waitForLoadState('networkidle');
    await shot(file);
  }
  await phone.goto(`${t.baseUrl}/dashboard/delivery?store=${store}`);
  await phone.getByRole('heading', { level: 1, name: 'Delivery' }).waitFor();
  await phone.waitForLoadState('networkidle');
  await phone.screenshot({ path: path.join(out, 'dashboard-delivery-phone.png'), fullPage: true });
  process.stdout.write(`screenshots written to ${out}\n`);
} finally {
  await chromium.close();
  await t.close();
}

/** The demo merchant's session in a store, as a small JSON (or multipart) client of the running service. */
async function demoSession(baseUrl: string, email: string, password: string, storeId: string) {
  const login = await fetch(`${baseUrl}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  return async (method: string, path: string, body: unknown) => {
    const form = body instanceof FormData;
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'x-merchantid': storeId, ...(form ? {} : { 'content-type': 'application/json' }) },
      body: form ? body : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: { id: string } }).data;
  };
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
