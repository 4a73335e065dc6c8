/**
 * Renders the merchant dashboard in Chromium on a throw-away SQLite database with the demo data (`npm start`'s), and
 * saves screenshots to docs/images/ (overview on a desktop and a phone, in test mode, the store picker; products: the
 * list, a VARIABLE product with its variant groups while a SKU is edited, the list on a phone).
 * Usage: npm run build:dashboard && node scripts/dashboard-screenshots.ts
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
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

  // Products. The demo's variant groups have no palette colour: give them theirs (by name) so the swatches show.
  const store = demo.stores[0]!.id;
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
  process.stdout.write(`screenshots written to ${out}\n`);
} finally {
  await chromium.close();
  await t.close();
}
