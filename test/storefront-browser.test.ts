import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import { browserUnavailable, launchChromium, startListeningApp } from './helpers/chromium.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';

const skip = browserUnavailable();

/**
 * A storefront page on another origin, as a shop would serve it: its script reads the catalog with the store's
 * publishable key and shows it, reads the public countries, and tries a secret key. `config` is filled in once the
 * API and the key exist.
 */
async function startStorefront(config: { api: string; key: string; secret: string }): Promise<{ origin: string; close(): Promise<void> }> {
  const page = () => `<!doctype html>
<meta charset="utf-8">
<title>Storefront</title>
<p id="status">loading</p>
<p id="etag"></p>
<ul id="products"></ul>
<p id="countries"></p>
<p id="secret"></p>
<script>
  const api = ${JSON.stringify(config.api)};
  const show = (id, text) => { document.getElementById(id).textContent = text; };
  fetch(api + '/v2/products', { headers: { 'X-PublishableKey': ${JSON.stringify(config.key)} } })
    .then(async (response) => {
      const body = await response.json();
      for (const product of body.data) {
        const item = document.createElement('li');
        item.textContent = product.name + ' (' + product.variantGroups.length + ' groups)';
        document.getElementById('products').append(item);
      }
      show('etag', response.headers.get('ETag') || 'no etag');
      show('status', 'ok ' + response.status);
    })
    .catch((error) => show('status', 'blocked: ' + error.name));
  fetch(api + '/v1/countries?name=united')
    .then((response) => response.json())
    .then((body) => show('countries', body.data.length + ' countries'))
    .catch((error) => show('countries', 'blocked: ' + error.name));
  fetch(api + '/v2/products', { headers: { 'X-MerchantApiKey': ${JSON.stringify(config.secret)} } })
    .then((response) => show('secret', 'read ' + response.status))
    .catch((error) => show('secret', 'blocked: ' + error.name));
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

/**
 * docs/storefront.md in a real browser: a page served from an origin in the store's allowedOrigins reads the catalog
 * with the publishable key; the same page from an origin not in the list gets nothing (the browser blocks the read);
 * a secret key is never let through across origins.
 */
describeEachDatabase('a storefront page in Chromium', (kind) => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let merchant: Merchant;
  const config = { api: '', key: '', secret: '' };
  let listed: Awaited<ReturnType<typeof startStorefront>>;
  let unlisted: Awaited<ReturnType<typeof startStorefront>>;

  before(async () => {
    if (skip) return;
    t = await startListeningApp(kind);
    config.api = t.baseUrl;
    listed = await startStorefront(config);
    unlisted = await startStorefront(config);
    const call = client(t.app);
    merchant = await signup(t.app, { storeName: 'Northwind Outfitters' });
    const settings = await call('PATCH', '/v1/settings', { headers: merchant.auth, body: { allowedOrigins: [listed.origin, 'https://shop.example.com'] } });
    assert.equal(settings.status, 200, settings.raw);
    for (const [name, status] of [['Linen shirt', 'active'], ['Unreleased jacket', 'draft']]) {
      const created = await call('POST', '/v1/products', { headers: merchant.auth, body: { type: 'SIMPLE', name, price: 49, quantityInStock: 12, status } });
      assert.equal(created.status, 201, created.raw);
    }
    config.key = (await call('POST', '/v1/publishable-keys', { headers: merchant.auth, body: { name: 'Storefront' } })).body.data.key;
    config.secret = (await createApiKey(t.app, merchant, { permissions: ['products:read'] })).key;
  });
  after(async () => {
    await listed?.close();
    await unlisted?.close();
    await t?.close();
  });

  interface Seen {
    status: string;
    etag: string;
    products: string;
    countries: string;
    secret: string;
    /** What the page's console said (Chromium explains every CORS refusal there). */
    console: string[];
  }

  async function visit(origin: string): Promise<Seen> {
    const chromium = await launchChromium();
    try {
      const page = await chromium.context.newPage();
      const messages: string[] = [];
      page.on('console', (message) => messages.push(message.text()));
      await page.goto(`${origin}/`);
      // Each fetch writes its outcome into its element: wait until all three have.
      await page.waitForFunction(`document.getElementById('status').textContent !== 'loading'`);
      await page.waitForFunction(`document.getElementById('countries').textContent !== '' && document.getElementById('secret').textContent !== ''`);
      const text = async (id: string) => (await page.locator(`#${id}`).textContent()) ?? '';
      return {
        status: await text('status'),
        etag: await text('etag'),
        products: (await page.locator('#products li').allTextContents()).join(', '),
        countries: await text('countries'),
        secret: await text('secret'),
        console: messages,
      };
    } finally {
      await chromium.close();
    }
  }

  it('reads the catalog with the publishable key from a page on a listed origin, and shows it', { skip }, async () => {
    const seen = await visit(listed.origin);
    assert.equal(seen.status, 'ok 200');
    assert.equal(seen.products, 'Linen shirt (0 groups)', 'the active product, not the draft');
    assert.match(seen.etag, /^"[\x21\x23-\x7E]+"$/, 'the ETag is exposed to the page');
    assert.match(seen.countries, /^\d+ countries$/, 'the public reference data too');
    assert.equal(seen.secret, 'blocked: TypeError', 'a secret key is never sent across origins');
    assert.ok(
      seen.console.some((line) => /blocked by CORS policy/.test(line) && /x-merchantapikey is not allowed by Access-Control-Allow-Headers/i.test(line)),
      `the preflight does not allow the secret key's header: ${seen.console.join(' | ')}`,
    );
  });

  it('is blocked by the browser on a page from an origin the store does not list', { skip }, async () => {
    const seen = await visit(unlisted.origin);
    assert.equal(seen.status, 'blocked: TypeError', 'the fetch rejects');
    assert.equal(seen.products, '');
    assert.ok(
      seen.console.some((line) => /v2\/products' from origin .* has been blocked by CORS policy: No 'Access-Control-Allow-Origin' header/.test(line)),
      `the answer came without Access-Control-Allow-Origin: ${seen.console.join(' | ')}`,
    );
    assert.match(seen.countries, /^\d+ countries$/, 'public reference data is readable from any page');
    assert.equal(seen.secret, 'blocked: TypeError');
  });
});
