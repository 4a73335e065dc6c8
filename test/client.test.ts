import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, it } from 'node:test';
import { CommerceApiError, createCommerceClient, ok } from '@commerce-service/client';
import { generatedSchema } from '../scripts/generate-client.ts';
import { startListeningApp } from './helpers/chromium.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { createApiKey, type Merchant, signup } from './helpers/merchants.ts';

const root = path.join(import.meta.dirname, '..');
const TOUR = path.join(root, 'clients', 'js', 'examples', 'tour.ts');

it('keeps the client’s types equal to what the server’s OpenAPI document generates', async () => {
  assert.equal(readFileSync(path.join(root, 'clients', 'js', 'src', 'schema.ts'), 'utf8'), await generatedSchema(), 'run npm run generate:client');
});

it('shows in the README the very tour the test runs', () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const block = /<!-- client-tour -->\n```ts\n([\s\S]*?)```\n/.exec(readme);
  assert.ok(block, 'the README has the client tour block');
  assert.equal(block[1], readFileSync(TOUR, 'utf8'));
});

describeEachDatabase('the typed JavaScript client against a real server', (kind) => {
  let t: Awaited<ReturnType<typeof startListeningApp>>;
  let merchant: Merchant;
  let key: string;
  before(async () => {
    t = await startListeningApp(kind);
    merchant = await signup(t.app);
    key = (await createApiKey(t.app, merchant, { name: 'client' })).key;
  });
  after(() => t?.close());

  it('runs the README’s tour through the client', async () => {
    const env = { ...process.env, B: t.baseUrl, EMAIL: merchant.email, PASSWORD: merchant.password, APIKEY: key };
    const output = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [TOUR], { env, cwd: root, timeout: 60_000 }, (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stdout}\n${stderr}`)) : resolve(stdout))),
    );
    const lines = output.trim().split('\n');
    assert.equal(lines[0], 'ok');
    assert.match(output, /United States of America/);
    assert.match(output, /^404 COUNTRY_NOT_FOUND [0-9a-f-]{36}$/m, 'a typed error with its request id');
    assert.match(output, /^owner$/m);
    assert.match(output, /^sk_test_$/m, 'a test-mode key');
    assert.match(output, /^AUTH_INVALID$/m);
    assert.match(output, /^true true$/m, 'the retried POST answered once, replayed');
    assert.match(output, /^VALIDATION_FAILED \[ 'skus\[0\]\.price' \]$/m);
    assert.match(output, /^PRECONDITION_FAILED$/m, 'If-Match from an ETag that moved on');
    assert.match(output, /^paid 104\.97$/m);
    assert.equal(lines.at(-1), 'signed out');
  });

  it('sends the same Idempotency-Key when it retries a POST after a 503, and the server acts once', async () => {
    const sent: string[] = [];
    let failed = false;
    const flaky: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'POST') sent.push(request.headers.get('idempotency-key') ?? '');
      if (request.method === 'POST' && !failed) {
        failed = true;
        return new Response(null, { status: 503, headers: { 'retry-after': '0' } });
      }
      return fetch(request);
    };
    const api = createCommerceClient({ baseUrl: t.baseUrl, apiKey: key, fetch: flaky });
    const created = await ok(api.POST('/v1/categories', { body: { name: 'Retried shelf' } }));
    assert.equal(sent.length, 2);
    assert.equal(sent[0], sent[1], 'one key for both attempts');
    assert.match(sent[0]!, /^[0-9a-f-]{36}$/);
    const names = (await ok(api.GET('/v1/categories'))).data.map((category) => category.name);
    assert.deepEqual(names.filter((name) => name === 'Retried shelf'), ['Retried shelf'], 'created once');
    assert.equal(created.data.name, 'Retried shelf');
  });

  it('types refusals: the code, the status and the fields named', async () => {
    const api = createCommerceClient({ baseUrl: t.baseUrl, apiKey: key });
    const refusal = await ok(api.POST('/v1/products', { body: { type: 'SIMPLE', name: '' } as never })).catch((error: unknown) => error);
    assert.ok(refusal instanceof CommerceApiError);
    assert.equal(refusal.status, 422);
    assert.equal(refusal.code, 'VALIDATION_FAILED');
    assert.ok(refusal.details?.some((detail) => detail.path === 'name'));
  });

  it('acts as a storefront with a publishable key: reads the catalog, fills a cart with its token, and sends no Idempotency-Key', async () => {
    const owner = createCommerceClient({ baseUrl: t.baseUrl, apiKey: key });
    const created = await ok(owner.POST('/v1/products', { body: { type: 'SIMPLE', name: 'Lantern', price: 12, quantityInStock: 5, status: 'active' } }));
    const publishable = await ok(owner.POST('/v1/publishable-keys', { body: { name: 'client test' } }));
    const sent: Request[] = [];
    const recording: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      sent.push(request.clone());
      return fetch(request);
    };
    const shop = createCommerceClient({ baseUrl: t.baseUrl, publishableKey: publishable.data.key, fetch: recording });
    const found = await ok(shop.GET('/v2/products', { params: { query: { q: 'lantern' } } }));
    assert.deepEqual(found.data.map((p) => p.id), [created.data.id]);
    const { data: fresh } = await ok(shop.POST('/v1/carts'));
    const header = { 'x-cart-token': fresh.token };
    const cart = await ok(shop.POST('/v1/carts/{cartId}/lines', { params: { path: { cartId: fresh.cart.id }, header }, body: { skuId: created.data.skuId!, quantity: 2 } }));
    assert.equal(cart.data.subtotal, 24);
    assert.ok(sent.every((r) => r.headers.get('x-publishablekey') === publishable.data.key && !r.headers.has('x-merchantapikey')));
    assert.ok(sent.every((r) => !r.headers.has('idempotency-key')), 'no Idempotency-Key: a browser preflight would refuse it');
  });
});
