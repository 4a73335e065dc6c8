import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, type Merchant, signup } from './helpers/merchants.ts';

const skip = browserUnavailable();

/**
 * A storefront page that fills a cart as a shop's script would (docs/checkout.md): creates a cart, adds a SKU, sets the
 * shipping address, changes the line, removes it; each step a cross-origin request with a JSON body and the cart
 * token, so Chromium sends real preflights for POST, PATCH and DELETE. It writes what it saw into #log.
 */
async function startShop(config: { api: string; key: string; skuId: string }): Promise<{ origin: string; close(): Promise<void> }> {
  const page = () => `<!doctype html>
<meta charset="utf-8">
<title>Shop</title>
<pre id="log"></pre>
<p id="done"></p>
<script>
  const api = ${JSON.stringify(config.api)};
  const key = ${JSON.stringify(config.key)};
  const log = (line) => { document.getElementById('log').textContent += line + '\\n'; };
  (async () => {
    try {
      const created = await fetch(api + '/v1/carts', { method: 'POST', headers: { 'X-PublishableKey': key } });
      const { data } = await created.json();
      log('created ' + created.status);
      const headers = { 'X-PublishableKey': key, 'X-Cart-Token': data.token, 'Content-Type': 'application/json' };
      const cart = api + '/v1/carts/' + data.cart.id;
      const added = await fetch(cart + '/lines', { method: 'POST', headers, body: JSON.stringify({ skuId: ${JSON.stringify(config.skuId)}, quantity: 2 }) });
      const line = (await added.json()).data.lines[0];
      log('added ' + added.status + ' ' + line.quantity);
      const addressed = await fetch(cart, { method: 'PATCH', headers, body: JSON.stringify({ shippingAddress: { line1: '1 Main St', city: 'Austin', countryId: 'US' } }) });
      log('addressed ' + addressed.status + ' ' + (await addressed.json()).data.shippingAddress.city);
      const changed = await fetch(cart + '/lines/' + line.id, { method: 'PATCH', headers, body: JSON.stringify({ quantity: 3 }) });
      log('changed ' + changed.status + ' ' + (await changed.json()).data.subtotal);
      const read = await fetch(cart, { headers });
      log('read ' + read.status + ' ' + read.headers.get('Cache-Control'));
      const wrong = await fetch(cart, { headers: { ...headers, 'X-Cart-Token': 'cart_wrong' } });
      log('wrong token ' + wrong.status + ' ' + (await wrong.json()).error.code);
      // No Content-Type without a body: the API refuses an empty body sent as JSON (400 BAD_REQUEST).
      const removed = await fetch(cart + '/lines/' + line.id, { method: 'DELETE', headers: { 'X-PublishableKey': key, 'X-Cart-Token': data.token } });
      log('removed ' + removed.status + ' ' + (await removed.json()).data.lines.length);
      document.getElementById('done').textContent = 'done';
    } catch (error) {
      log('blocked: ' + error.name);
      document.getElementById('done').textContent = 'blocked';
    }
  })();
</script>`;
  const server: Server = createServer((req, res) => {
    if (req.url === '/') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page());
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Carts in a real browser: a listed origin fills a cart through real preflights; an unlisted one reads nothing. */
describeEachDatabase('a cart filled by a storefront page in Chromium', (kind) => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let merchant: Merchant;
  const config = { api: '', key: '', skuId: '' };
  let listed: Awaited<ReturnType<typeof startShop>>;
  let unlisted: Awaited<ReturnType<typeof startShop>>;

  before(async () => {
    if (skip) return;
    t = await startListeningApp(kind);
    config.api = t.baseUrl;
    listed = await startShop(config);
    unlisted = await startShop(config);
    const call = client(t.app);
    merchant = await signup(t.app);
    assert.equal((await call('PATCH', '/v1/settings', { headers: merchant.auth, body: { allowedOrigins: [listed.origin] } })).status, 200);
    const product = await variableProduct(t.app, merchant, { name: 'Tee' });
    assert.equal((await call('PATCH', `/v1/products/${product.productId}`, { headers: merchant.auth, body: { status: 'active' } })).status, 200);
    config.skuId = product.skuIds[0]!;
    config.key = (await call('POST', '/v1/publishable-keys', { headers: merchant.auth, body: { name: 'Shop' } })).body.data.key;
  });
  after(async () => {
    await listed?.close();
    await unlisted?.close();
    await t?.close();
  });

  async function visit(origin: string): Promise<{ log: string[]; console: string[] }> {
    const chromium = await launchChromium();
    try {
      const page = await chromium.context.newPage();
      const messages: string[] = [];
      page.on('console', (message) => messages.push(message.text()));
      await page.goto(`${origin}/`);
      await page.waitForFunction(`document.getElementById('done').textContent !== ''`);
      const log = ((await page.locator('#log').textContent()) ?? '').trim().split('\n');
      return { log, console: messages };
    } finally {
      await chromium.close();
    }
  }

  it('creates a cart, adds, changes and removes a line and sets the address from a listed origin', { skip }, async () => {
    const seen = await visit(listed.origin);
    assert.deepEqual(seen.log, ['created 201', 'added 201 2', 'addressed 200 Austin', 'changed 200 60', 'read 200 no-store', 'wrong token 404 CART_NOT_FOUND', 'removed 200 0'], seen.console.join(' | '));
  });

  it('lets a page on an unlisted origin read nothing: the browser blocks the answer', { skip }, async () => {
    const seen = await visit(unlisted.origin);
    assert.deepEqual(seen.log, ['blocked: TypeError']);
    assert.ok(
      seen.console.some((line) => /blocked by CORS policy/.test(line) && /No 'Access-Control-Allow-Origin' header/.test(line)),
      seen.console.join(' | '),
    );
  });
});
