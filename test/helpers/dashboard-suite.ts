import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { ensureDashboardBuilt } from '../../src/dashboard-build.ts';
import { insertCustomer, variableProduct } from './catalog.ts';
import { browserUnavailable, launchChromium, startListeningApp } from './chromium.ts';
import { signInToDashboard } from './dashboard.ts';
import type { DatabaseKind } from './databases.ts';
import { client, type Merchant, signup } from './merchants.ts';

type ListeningApp = Awaited<ReturnType<typeof startListeningApp>>;

/**
 * The dashboard in Chromium for one suite of `describeEachDatabase`: before its tests, the dashboard built, the real
 * app listening on a loopback port on `kind`'s database (with `app`'s options) and headless Chromium with a fresh
 * profile (`clipboard`: allowed to read and write the clipboard), and with `storeName` an owner signed up (`timezone`:
 * their store's time zone); after them, all closed. Read `t`, `context` and `owner` inside a test
 * (`const { t, context } = ui;`). Nothing starts where Chromium is missing (the tests skip; in CI that fails).
 */
export function dashboardInChromium(
  kind: DatabaseKind,
  options: { app?: Parameters<typeof startListeningApp>[1]; clipboard?: boolean; storeName?: string; timezone?: string } = {},
) {
  let t: ListeningApp | undefined;
  let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;
  let owner: Merchant | undefined;
  before(async () => {
    if (browserUnavailable()) return;
    await ensureDashboardBuilt();
    t = await startListeningApp(kind, options.app);
    chromium = await launchChromium();
    if (options.clipboard) await chromium.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.baseUrl });
    if (options.storeName !== undefined) owner = await signup(t.app, { storeName: options.storeName });
    if (owner && options.timezone) {
      const zone = await client(t.app)('PATCH', '/v1/settings', { headers: owner.auth, body: { timezone: options.timezone } });
      assert.equal(zone.status, 200, zone.raw);
    }
  });
  after(async () => {
    await chromium?.close();
    await t?.close();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    assert.ok(value, `${what}: started before the tests`);
    return value;
  };
  return {
    get t(): ListeningApp {
      return started(t, 'the app');
    },
    get context(): BrowserContext {
      return started(chromium, 'Chromium').context;
    },
    get owner(): Merchant {
      return started(owner, 'the owner (storeName)');
    },
  };
}

/**
 * An order to ship or take back: a SIMPLE product "Trail Mug" (SKU MUG, 12, 10 in stock), a customer, and their order of
 * `quantity` mugs, moved through `moves` (`['paid']`, `['paid', 'fulfilled']`).
 */
export async function mugOrder(t: ListeningApp, owner: Merchant, quantity: number, moves: string[]): Promise<{ order: { id: string; number: string }; skuId: string }> {
  const call = client(t.app);
  const product = await call('POST', '/v1/products', { headers: owner.auth, body: { type: 'SIMPLE', name: 'Trail Mug', sku: 'MUG', price: 12, quantityInStock: 10, status: 'active' } });
  assert.equal(product.status, 201, product.raw);
  const customerId = await insertCustomer(t, owner.storeId);
  const placed = await call('POST', '/v1/orders', { headers: owner.auth, body: { customerId, lines: [{ skuId: product.body.data.skuId, quantity }] } });
  assert.equal(placed.status, 201, placed.raw);
  const order = placed.body.data as { id: string; number: string };
  for (const to of moves) assert.equal((await call('POST', `/v1/orders/${order.id}/transitions`, { headers: owner.auth, body: { to } })).status, 200);
  return { order, skuId: product.body.data.skuId as string };
}

/** A new page signed in as `owner` (by way of the overview), on the order's page. */
export async function openOrderPage(t: ListeningApp, context: BrowserContext, owner: Merchant, order: { id: string; number: string }): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${t.baseUrl}/dashboard`);
  await signInToDashboard(page, owner);
  await page.getByTestId('summary').waitFor();
  await page.goto(`${t.baseUrl}/dashboard/orders/${order.id}?store=${owner.storeId}`);
  await page.getByRole('heading', { level: 1, name: `Order ${order.number}` }).waitFor();
  return page;
}

const SHOPPER_ADDRESS = { name: 'Ada Lovelace', line1: '2 Elm St', city: 'Austin', countryId: 'US' };

/**
 * `owner`'s store in test mode with a storefront: an active product "Lamp" with one SKU (`stock` in stock) and a test
 * publishable key. `ok` sends a request (as the owner in test mode unless `headers` says otherwise) and asserts it
 * succeeded; `cart` fills a shopper's cart with `quantity` lamps, their email and an address.
 */
export async function testModeShop(t: ListeningApp, owner: Merchant, stock: number) {
  const call = client(t.app);
  const T = { ...owner.auth, 'x-mode': 'test' };
  const ok = async (method: 'POST' | 'PATCH', url: string, body: unknown, headers: Record<string, string> = T) => {
    const res = await call(method, url, { headers, body });
    assert.ok(res.status < 300, `${method} ${url}: ${res.raw}`);
    return res.body.data;
  };
  const { productId, skuIds } = await variableProduct(t.app, { ...owner, auth: T }, { name: 'Lamp', skus: [{ price: 20, quantityInStock: stock, attributes: { Size: 'One' } }] });
  await ok('PATCH', `/v1/products/${productId}`, { status: 'active' });
  const key = (await ok('POST', '/v1/publishable-keys', { name: 'Shop', mode: 'test' })).key as string;
  const cart = async (email: string, quantity: number) => {
    const made = await call('POST', '/v1/carts', { headers: { 'x-publishablekey': key } });
    assert.equal(made.status, 201, made.raw);
    const as = { 'x-publishablekey': key, 'x-cart-token': made.body.data.token as string };
    const id = made.body.data.cart.id as string;
    await ok('POST', `/v1/carts/${id}/lines`, { skuId: skuIds[0], quantity }, as);
    await ok('PATCH', `/v1/carts/${id}`, { email, shippingAddress: SHOPPER_ADDRESS }, as);
    return { id, as };
  };
  return { ok, skuIds, cart };
}
