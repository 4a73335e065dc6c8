import assert from 'node:assert/strict';
import { after, before, describe, it, mock } from 'node:test';
import { CART_IDLE_MS, CART_LIMITS } from '../src/domain/carts/cart-types.ts';
import { hashSecret } from '../src/domain/shared/secrets.ts';
import { startTestApp, TEST_RATE_LIMITS, type TestApp } from './helpers/app.ts';
import { variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';

const SHOP = 'https://shop.example.com';
const ELSEWHERE = 'https://elsewhere.example.net';
const ADDRESS = { name: 'Ada', line1: '1 Main St', city: 'Austin', postalCode: '78701', countryId: 'US', stateId: 'US-TX' };
const GB = { line1: '1 High St', city: 'London', countryId: 'GB' };

/**
 * Carts with a publishable key (docs/checkout.md): tokens, lines, the cart's fields, totals by the order pricing code,
 * problems, expiry, limits, CORS. Rate limits are in their own suite below.
 */
describeEachDatabase('carts', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  let other: Merchant;
  let key: string;
  let testKey: string;
  let otherKey: string;
  let product: { productId: string; groupId: string; skuIds: string[] };
  let zone: string;
  let standard: string;
  let otherZoneOption: string;

  const ok = async (method: 'POST' | 'PATCH' | 'PUT', url: string, body: unknown, headers: Record<string, string> = m.auth) => {
    const res = await call(method, url, { headers, body });
    assert.ok(res.status < 300, `${method} ${url}: ${res.raw}`);
    return res.body.data;
  };
  const pk = (k = key) => ({ 'x-publishablekey': k });
  const newCart = async (k = key) => {
    const res = await call('POST', '/v1/carts', { headers: pk(k) });
    assert.equal(res.status, 201, res.raw);
    return { id: res.body.data.cart.id as string, token: res.body.data.token as string, k };
  };
  type C = Awaited<ReturnType<typeof newCart>>;
  const as = (c: C, extra: Record<string, string> = {}) => ({ ...pk(c.k), 'x-cart-token': c.token, ...extra });
  const get = (c: C) => call('GET', `/v1/carts/${c.id}`, { headers: as(c) });
  const add = (c: C, skuId: string, quantity: number) => call('POST', `/v1/carts/${c.id}/lines`, { headers: as(c), body: { skuId, quantity } });
  const patch = (c: C, body: unknown) => call('PATCH', `/v1/carts/${c.id}`, { headers: as(c), body });
  const db = () => t.container.db.kysely;
  const rows = async (c: C) => ({
    cart: await db().selectFrom('carts').selectAll().where('id', '=', c.id).executeTakeFirst(),
    lines: await db().selectFrom('cart_lines').selectAll().where('cart_id', '=', c.id).orderBy('id').execute(),
  });
  const skuUrl = (skuId: string) => `/v2/products/${product.productId}/variant-groups/${product.groupId}/skus/${skuId}`;

  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
    m = await signup(t.app);
    other = await signup(t.app);
    await ok('PATCH', '/v1/settings', { allowedOrigins: [SHOP] });
    product = await variableProduct(t.app, m, {
      name: 'Tee',
      skus: [
        { price: 20, quantityInStock: 5, attributes: { Size: 'M' } },
        { price: 9.99, discount: 10, quantityInStock: 100, attributes: { Size: 'L' } },
        { price: 5, quantityInStock: 1000, attributes: { Size: 'S' } },
      ],
    });
    await ok('PATCH', `/v1/products/${product.productId}`, { status: 'active' });
    zone = (await ok('POST', '/v1/delivery/zones', { name: 'USA', regions: [{ countryId: 'US' }] })).id;
    standard = (await ok('POST', `/v1/delivery/zones/${zone}/options`, { name: 'Standard', fee: 4.99, freeOver: 100 })).id;
    const uk = (await ok('POST', '/v1/delivery/zones', { name: 'UK', regions: [{ countryId: 'GB' }] })).id;
    otherZoneOption = (await ok('POST', `/v1/delivery/zones/${uk}/options`, { name: 'Royal Mail', fee: 3 })).id;
    await ok('POST', '/v1/tax-regions', { name: 'Texas', countryId: 'US', stateId: 'us-tx', rates: { standard: 625 } });
    await ok('POST', '/v1/promotions', { code: 'TENOFF', kind: 'percentage', value: 10 });
    await ok('POST', '/v1/promotions', { code: 'BIGSPEND', kind: 'fixed', value: 5, minSubtotal: 50 });
    key = (await ok('POST', '/v1/publishable-keys', { name: 'Shop' })).key;
    testKey = (await ok('POST', '/v1/publishable-keys', { name: 'Staging', mode: 'test' })).key;
    otherKey = (await ok('POST', '/v1/publishable-keys', { name: 'Other shop' }, other.auth)).key;
  });
  after(() => t?.close());

  describe('currency', () => {
    it('answers in the store currency as it is at the request (read with the publishable key)', async () => {
      const shop = await signup(t.app);
      const shopKey = (await ok('POST', '/v1/publishable-keys', { name: 'Shop' }, shop.auth)).key;
      const cartCurrency = async () => {
        const res = await call('POST', '/v1/carts', { headers: { 'x-publishablekey': shopKey } });
        assert.equal(res.status, 201, res.raw);
        return res.body.data.cart.currency;
      };
      assert.equal(await cartCurrency(), 'USD');
      const changed = await call('PATCH', '/v1/merchants/profile/business', { headers: shop.auth, body: { currency: 'JPY' } });
      assert.ok(changed.status < 300, changed.raw);
      assert.equal(await cartCurrency(), 'JPY');
    });
  });

  describe('tokens', () => {
    it('creates an empty cart with a 256-bit token and keeps only its hash', async () => {
      const res = await call('POST', '/v1/carts', { headers: pk() });
      assert.equal(res.status, 201, res.raw);
      const { token, cart } = res.body.data;
      assert.match(token, /^cart_[A-Za-z0-9_-]{43}$/);
      assert.equal(Buffer.from(token.slice(5), 'base64url').length, 32);
      assert.deepEqual([cart.lines, cart.total, cart.problems, cart.currency], [[], 0, [], 'USD']);
      assert.equal(res.headers['cache-control'], 'no-store');
      const row = await db().selectFrom('carts').selectAll().where('id', '=', cart.id).executeTakeFirstOrThrow();
      assert.equal(row.token_hash, hashSecret(token));
      assert.ok(!JSON.stringify(row).includes(token.slice(5)), 'the token itself is not stored');
      assert.deepEqual([row.store_id, row.mode], [m.storeId, 'live']);
    });

    it('answers 404 CART_NOT_FOUND alike for a missing token, a wrong token, another cart’s token and an unknown id', async () => {
      const a = await newCart();
      const b = await newCart();
      const answers = [
        await call('GET', `/v1/carts/${a.id}`, { headers: pk() }),
        await call('GET', `/v1/carts/${a.id}`, { headers: { ...pk(), 'x-cart-token': `${a.token.slice(0, -1)}x` } }),
        await call('GET', `/v1/carts/${a.id}`, { headers: { ...pk(), 'x-cart-token': b.token } }),
        await call('GET', '/v1/carts/crt_unknown', { headers: { ...pk(), 'x-cart-token': a.token } }),
        await call('POST', `/v1/carts/${a.id}/lines`, { headers: { ...pk(), 'x-cart-token': b.token }, body: { skuId: product.skuIds[0], quantity: 1 } }),
        await call('PATCH', `/v1/carts/${a.id}`, { headers: pk(), body: { email: 'x@example.com' } }),
      ];
      for (const res of answers) assert.deepEqual([res.status, res.body.error?.code], [404, 'CART_NOT_FOUND'], res.raw);
      assert.deepEqual((await rows(a)).lines, [], 'nothing written');
      assert.equal((await rows(a)).cart!.email, null);
      assert.equal((await get(a)).status, 200);
    });

    it('is 404 for another store’s key and for the other mode’s key, even with the right token', async () => {
      const c = await newCart();
      for (const k of [otherKey, testKey]) {
        const res = await call('GET', `/v1/carts/${c.id}`, { headers: { 'x-publishablekey': k, 'x-cart-token': c.token } });
        assert.deepEqual([res.status, res.body.error?.code], [404, 'CART_NOT_FOUND'], res.raw);
        const write = await call('POST', `/v1/carts/${c.id}/lines`, { headers: { 'x-publishablekey': k, 'x-cart-token': c.token }, body: { skuId: product.skuIds[0], quantity: 1 } });
        assert.equal(write.status, 404);
      }
      assert.deepEqual((await rows(c)).lines, []);
    });

    it('refuses secret credentials (403 CREDENTIAL_NOT_ALLOWED), writing nothing', async () => {
      const c = await newCart();
      const apiKey = (await createApiKey(t.app, m)).key;
      for (const headers of [m.auth, { 'x-merchantapikey': apiKey }]) {
        const created = await call('POST', '/v1/carts', { headers });
        assert.deepEqual([created.status, created.body.error?.code], [403, 'CREDENTIAL_NOT_ALLOWED'], created.raw);
        const read = await call('GET', `/v1/carts/${c.id}`, { headers: { ...headers, 'x-cart-token': c.token } });
        assert.deepEqual([read.status, read.body.error?.code], [403, 'CREDENTIAL_NOT_ALLOWED']);
        const write = await call('POST', `/v1/carts/${c.id}/lines`, { headers: { ...headers, 'x-cart-token': c.token }, body: { skuId: product.skuIds[0], quantity: 1 } });
        assert.equal(write.status, 403);
      }
      assert.deepEqual((await rows(c)).lines, []);
      const before = await db().selectFrom('carts').select('id').where('store_id', '=', m.storeId).execute();
      // A secret key in X-PublishableKey is refused as everywhere (it was in a page).
      const secret = await call('POST', '/v1/carts', { headers: { 'x-publishablekey': apiKey } });
      assert.equal(secret.status, 401);
      assert.equal((await db().selectFrom('carts').select('id').where('store_id', '=', m.storeId).execute()).length, before.length);
    });
  });

  describe('lines', () => {
    it('adds lines, merges the same SKU into its line, changes and removes them', async () => {
      const c = await newCart();
      const first = await add(c, product.skuIds[0]!, 1);
      assert.equal(first.status, 201, first.raw);
      await add(c, product.skuIds[1]!, 2);
      const merged = await add(c, product.skuIds[0]!, 2);
      assert.equal(merged.status, 201);
      const lines = merged.body.data.lines;
      assert.equal(lines.length, 2);
      assert.deepEqual(
        lines.map((l: { skuId: string; quantity: number }) => [l.skuId, l.quantity]),
        [
          [product.skuIds[0], 3],
          [product.skuIds[1], 2],
        ],
      );
      const changed = await call('PATCH', `/v1/carts/${c.id}/lines/${lines[1].id}`, { headers: as(c), body: { quantity: 5 } });
      assert.equal(changed.status, 200, changed.raw);
      assert.equal(changed.body.data.lines[1].quantity, 5);
      const removed = await call('DELETE', `/v1/carts/${c.id}/lines/${lines[0].id}`, { headers: as(c) });
      assert.equal(removed.status, 200);
      assert.deepEqual(
        removed.body.data.lines.map((l: { skuId: string }) => l.skuId),
        [product.skuIds[1]],
      );
      const gone = await call('DELETE', `/v1/carts/${c.id}/lines/${lines[0].id}`, { headers: as(c) });
      assert.deepEqual([gone.status, gone.body.error?.code], [404, 'CART_LINE_NOT_FOUND']);
    });

    it('keeps one line per SKU and the limits under concurrent adds (the cart row is locked while a write runs)', async () => {
      const c = await newCart();
      const results = await Promise.all(Array.from({ length: 8 }, () => add(c, product.skuIds[2]!, 3)));
      assert.deepEqual(
        results.map((r) => r.status),
        Array(8).fill(201),
        results.map((r) => r.raw).join('\n'),
      );
      const { lines } = await rows(c);
      assert.deepEqual(
        lines.map((l) => [l.sku_id, Number(l.quantity)]),
        [[product.skuIds[2], 24]],
      );
      // Past the per-line limit together: the adds that would pass it are refused, the line never exceeds it.
      const near = await newCart();
      await add(near, product.skuIds[2]!, CART_LIMITS.quantityPerLine - 5);
      const racing = await Promise.all(Array.from({ length: 6 }, () => add(near, product.skuIds[2]!, 1)));
      assert.deepEqual(racing.map((r) => r.status).sort(), [201, 201, 201, 201, 201, 422]);
      assert.equal(Number((await rows(near)).lines[0]!.quantity), CART_LIMITS.quantityPerLine);
    });

    it('another cart’s line is 404 CART_LINE_NOT_FOUND and stays as it is', async () => {
      const a = await newCart();
      const b = await newCart();
      const line = (await add(a, product.skuIds[1]!, 1)).body.data.lines[0];
      const res = await call('PATCH', `/v1/carts/${b.id}/lines/${line.id}`, { headers: as(b), body: { quantity: 3 } });
      assert.deepEqual([res.status, res.body.error?.code], [404, 'CART_LINE_NOT_FOUND']);
      const del = await call('DELETE', `/v1/carts/${b.id}/lines/${line.id}`, { headers: as(b) });
      assert.equal(del.status, 404);
      assert.equal((await rows(a)).lines[0]!.quantity, 1);
    });

    it('refuses bad lines with 4xx naming the field, writing nothing', async () => {
      const c = await newCart();
      await add(c, product.skuIds[2]!, 1);
      const otherProduct = await variableProduct(t.app, other, { name: 'Theirs' });
      const draft = await variableProduct(t.app, m, { name: 'Draft' });
      const cases: Array<[unknown, number, string, string]> = [
        [{ skuId: product.skuIds[0], quantity: 0 }, 422, 'VALIDATION_FAILED', 'quantity'],
        [{ skuId: product.skuIds[0], quantity: 1.5 }, 422, 'VALIDATION_FAILED', 'quantity'],
        [{ skuId: product.skuIds[0], quantity: CART_LIMITS.quantityPerLine + 1 }, 422, 'VALIDATION_FAILED', 'quantity'],
        [{ skuId: product.skuIds[0] }, 422, 'VALIDATION_FAILED', 'quantity'],
        [{ skuId: product.skuIds[0], quantity: 1, price: 0 }, 422, 'VALIDATION_FAILED', '(body)'],
        [{ skuId: 'sku_unknown', quantity: 1 }, 422, 'VALIDATION_FAILED', 'skuId'],
        [{ skuId: otherProduct.skuIds[0], quantity: 1 }, 422, 'VALIDATION_FAILED', 'skuId'],
        [{ skuId: draft.skuIds[0], quantity: 1 }, 422, 'VALIDATION_FAILED', 'skuId'],
        [{ skuId: product.skuIds[0], quantity: 6 }, 409, 'INSUFFICIENT_STOCK', 'quantity'],
        // merged with the line's 1, past the per-line limit
        [{ skuId: product.skuIds[2], quantity: CART_LIMITS.quantityPerLine }, 422, 'VALIDATION_FAILED', 'quantity'],
      ];
      const before = await rows(c);
      for (const [body, status, code, path] of cases) {
        const res = await call('POST', `/v1/carts/${c.id}/lines`, { headers: as(c), body });
        assert.deepEqual([res.status, res.body.error?.code], [status, code], `${JSON.stringify(body)}: ${res.raw}`);
        assert.ok(
          res.body.error.details.some((d: { path: string }) => d.path === path),
          `${JSON.stringify(body)} names ${path}: ${res.raw}`,
        );
      }
      const line = before.lines[0]!;
      const patched = await call('PATCH', `/v1/carts/${c.id}/lines/${line.id}`, { headers: as(c), body: { quantity: 0 } });
      assert.deepEqual([patched.status, patched.body.error.details[0].path], [422, 'quantity']);
      const after = await rows(c);
      assert.deepEqual(after.lines, before.lines, 'no line written');
      assert.deepEqual(after.cart, before.cart, 'the cart untouched (its end not moved)');
    });

    it(`holds at most ${CART_LIMITS.linesPerCart} lines`, async () => {
      const many = await variableProduct(t.app, m, {
        name: 'Many',
        skus: Array.from({ length: CART_LIMITS.linesPerCart + 1 }, (_, i) => ({ price: 2, quantityInStock: 10, attributes: { N: String(i) } })),
      });
      await ok('PATCH', `/v1/products/${many.productId}`, { status: 'active' });
      const c = await newCart();
      const now = new Date().toISOString();
      await db()
        .insertInto('cart_lines')
        .values(many.skuIds.slice(0, CART_LIMITS.linesPerCart).map((skuId, i) => ({ id: `cln_many_${i}_${kind}`, cart_id: c.id, sku_id: skuId, quantity: 1, unit_price_minor: 100, discount_bp: 0, created_at: now, updated_at: now })))
        .execute();
      const res = await add(c, many.skuIds[CART_LIMITS.linesPerCart]!, 1);
      assert.deepEqual([res.status, res.body.error?.details?.[0]?.path], [422, 'skuId'], res.raw);
      assert.equal((await add(c, many.skuIds[0]!, 1)).status, 201, 'a line already there still grows');
      assert.equal((await rows(c)).lines.length, CART_LIMITS.linesPerCart);
    });
  });

  describe('the cart’s fields', () => {
    it('sets email, addresses, delivery option and promotion code, and clears them with null', async () => {
      const c = await newCart();
      await add(c, product.skuIds[0]!, 1);
      const res = await patch(c, { email: 'Ada@Example.com', shippingAddress: ADDRESS, deliveryOptionId: standard, promotionCode: 'TENOFF' });
      assert.equal(res.status, 200, res.raw);
      const cart = res.body.data;
      assert.deepEqual([cart.email, cart.shippingAddress.city, cart.billingAddress, cart.deliveryOptionId, cart.deliveryOptionName, cart.promotionCode], [
        'ada@example.com',
        'Austin',
        null,
        standard,
        'Standard',
        'TENOFF',
      ]);
      assert.deepEqual(cart.problems, []);
      const cleared = await patch(c, { deliveryOptionId: null, promotionCode: null, email: null });
      assert.deepEqual([cleared.body.data.deliveryOptionId, cleared.body.data.promotionCode, cleared.body.data.email, cleared.body.data.discount, cleared.body.data.deliveryFee], [null, null, null, 0, 0]);
    });

    it('refuses a delivery option before there is a shipping address, and names it as a problem when the address is cleared', async () => {
      const c = await newCart();
      await add(c, product.skuIds[2]!, 1);
      const early = await patch(c, { deliveryOptionId: standard });
      assert.deepEqual([early.status, early.body.error?.details?.[0]?.path], [422, 'deliveryOptionId'], early.raw);
      assert.match(early.body.error.details[0].rule, /shipping address/);
      assert.equal((await rows(c)).cart!.delivery_option_id, null);
      await patch(c, { shippingAddress: ADDRESS, deliveryOptionId: standard });
      const cleared = (await patch(c, { shippingAddress: null })).body.data;
      assert.deepEqual(
        cleared.problems.map((p: { code: string; path: string; message: string }) => [p.code, p.path, /shipping address/.test(p.message)]),
        [['DELIVERY_OPTION_UNAVAILABLE', 'deliveryOptionId', true]],
      );
    });

    it('refuses bad fields with 4xx naming the field, writing nothing', async () => {
      const c = await newCart();
      await add(c, product.skuIds[0]!, 1);
      await patch(c, { shippingAddress: ADDRESS });
      const before = await rows(c);
      const cases: Array<[unknown, number, string, string]> = [
        [{ email: 'not-an-email' }, 422, 'VALIDATION_FAILED', 'email'],
        [{ shippingAddress: { ...ADDRESS, countryId: 'XX' } }, 422, 'VALIDATION_FAILED', 'shippingAddress.countryId'],
        [{ billingAddress: { ...ADDRESS, stateId: 'gb-xx' } }, 422, 'VALIDATION_FAILED', 'billingAddress.stateId'],
        [{ shippingAddress: { ...ADDRESS, line1: '' } }, 422, 'VALIDATION_FAILED', 'shippingAddress.line1'],
        [{ deliveryOptionId: otherZoneOption }, 422, 'VALIDATION_FAILED', 'deliveryOptionId'],
        [{ deliveryOptionId: 'dlo_unknown' }, 422, 'VALIDATION_FAILED', 'deliveryOptionId'],
        [{ promotionCode: 'NOPE' }, 422, 'PROMOTION_NOT_APPLICABLE', 'promotionCode'],
        [{ promotionCode: 'BIGSPEND' }, 422, 'PROMOTION_NOT_APPLICABLE', 'promotionCode'],
        [{ note: 'hello' }, 422, 'VALIDATION_FAILED', '(body)'],
      ];
      for (const [body, status, code, path] of cases) {
        const res = await patch(c, body);
        assert.deepEqual([res.status, res.body.error?.code], [status, code], `${JSON.stringify(body)}: ${res.raw}`);
        assert.ok(
          res.body.error.details.some((d: { path: string }) => d.path === path),
          `${JSON.stringify(body)} names ${path}: ${res.raw}`,
        );
      }
      assert.deepEqual(await rows(c), before, 'nothing written');
    });
  });

  describe('totals', () => {
    it('prices the cart exactly as the order placed from it (lines, discount, delivery, tax, total)', async () => {
      const c = await newCart();
      await add(c, product.skuIds[0]!, 2); // 2 × 20.00
      await add(c, product.skuIds[1]!, 3); // 3 × 9.99 less 10 % = 26.97
      const cart = (await patch(c, { shippingAddress: ADDRESS, deliveryOptionId: standard, promotionCode: 'TENOFF' })).body.data;
      assert.deepEqual(
        cart.lines.map((l: { lineTotal: number }) => l.lineTotal),
        [40, 26.97],
      );
      assert.equal(cart.subtotal, 66.97);
      assert.equal(cart.discount, 6.7);
      assert.equal(cart.deliveryFee, 4.99);
      assert.ok(cart.tax > 0);
      assert.equal(cart.taxLines.length, 3, 'each line and the delivery fee');
      assert.equal(Math.round(cart.taxLines.reduce((s: number, l: { amount: number }) => s + l.amount * 100, 0)), Math.round(cart.tax * 100));
      assert.equal(cart.total, Math.round((66.97 - 6.7 + 4.99 + cart.tax) * 100) / 100);

      // The same choices as an order: the same figures.
      const customer = await ok('POST', '/v1/customers', { name: 'Ada', email: `ada.${kind}.${Date.now()}@example.com` });
      const order = await ok('POST', '/v1/orders', {
        customerId: customer.id,
        lines: [
          { skuId: product.skuIds[0], quantity: 2 },
          { skuId: product.skuIds[1], quantity: 3 },
        ],
        shippingAddress: ADDRESS,
        deliveryOptionId: standard,
        promotionCode: 'TENOFF',
      });
      assert.deepEqual(
        [cart.subtotal, cart.discount, cart.deliveryFee, cart.tax, cart.total],
        [order.subtotal, order.discount, order.deliveryFee, order.tax, order.total],
      );
      assert.deepEqual(
        cart.taxLines.map((l: { amount: number; taxable: number }) => [l.taxable, l.amount]),
        order.taxLines.map((l: { amount: number; taxable: number }) => [l.taxable, l.amount]),
      );
      // The order took stock: put it back for the other tests.
      await ok('POST', `/v1/orders/${order.id}/transitions`, { to: 'cancelled' });
    });
  });

  describe('problems', () => {
    it('names a changed price at its line, prices it at the new price, and PATCHing the line accepts it', async () => {
      const c = await newCart();
      await add(c, product.skuIds[2]!, 2);
      await ok('PATCH', skuUrl(product.skuIds[2]!), { price: 6 });
      try {
        const cart = (await get(c)).body.data;
        assert.deepEqual(
          cart.problems.map((p: { code: string; path: string }) => [p.code, p.path]),
          [['PRICE_CHANGED', 'lines[0]']],
        );
        assert.deepEqual([cart.lines[0].unitPrice, cart.lines[0].addedAtUnitPrice, cart.subtotal], [6, 5, 12]);
        const accepted = await call('PATCH', `/v1/carts/${c.id}/lines/${cart.lines[0].id}`, { headers: as(c), body: { quantity: 2 } });
        assert.deepEqual(accepted.body.data.problems, []);
      } finally {
        await ok('PATCH', skuUrl(product.skuIds[2]!), { price: 5 });
      }
    });

    it('names stock that ran short at the line’s quantity', async () => {
      const c = await newCart();
      await add(c, product.skuIds[0]!, 4);
      await ok('PATCH', skuUrl(product.skuIds[0]!), { quantityInStock: 3 });
      try {
        const cart = (await get(c)).body.data;
        assert.deepEqual(
          cart.problems.map((p: { code: string; path: string }) => [p.code, p.path]),
          [['INSUFFICIENT_STOCK', 'lines[0].quantity']],
        );
      } finally {
        await ok('PATCH', skuUrl(product.skuIds[0]!), { quantityInStock: 5 });
      }
    });

    it('names a product no longer active at its line', async () => {
      const archived = await variableProduct(t.app, m, { name: 'Soon gone' });
      await ok('PATCH', `/v1/products/${archived.productId}`, { status: 'active' });
      const c = await newCart();
      await add(c, product.skuIds[2]!, 1);
      await add(c, archived.skuIds[0]!, 1);
      await ok('PATCH', `/v1/products/${archived.productId}`, { status: 'archived' });
      const cart = (await get(c)).body.data;
      assert.deepEqual(
        cart.problems.map((p: { code: string; path: string }) => [p.code, p.path]),
        [['PRODUCT_NOT_ACTIVE', 'lines[1].skuId']],
      );
    });

    it('names a deleted SKU at its line, which then counts nothing', async () => {
      const doomed = await variableProduct(t.app, m, { name: 'Two sizes' });
      await ok('PATCH', `/v1/products/${doomed.productId}`, { status: 'active' });
      const c = await newCart();
      await add(c, product.skuIds[2]!, 1);
      await add(c, doomed.skuIds[1]!, 1);
      const res = await call('DELETE', `/v2/products/${doomed.productId}/variant-groups/${doomed.groupId}/skus/${doomed.skuIds[1]}`, { headers: m.auth });
      assert.ok(res.status < 300, res.raw);
      const cart = (await get(c)).body.data;
      assert.deepEqual(
        cart.problems.map((p: { code: string; path: string }) => [p.code, p.path]),
        [['SKU_NOT_FOUND', 'lines[1].skuId']],
      );
      assert.deepEqual([cart.lines[1].productId, cart.lines[1].lineTotal, cart.subtotal], [null, 0, 5]);
    });

    it('names a changed SKU discount as a changed price', async () => {
      const c = await newCart();
      await add(c, product.skuIds[1]!, 1);
      await ok('PATCH', skuUrl(product.skuIds[1]!), { discount: 20 });
      try {
        const cart = (await get(c)).body.data;
        assert.deepEqual(
          cart.problems.map((p: { code: string; path: string }) => [p.code, p.path]),
          [['PRICE_CHANGED', 'lines[0]']],
        );
        assert.deepEqual([cart.lines[0].discount, cart.lines[0].addedAtDiscount, cart.lines[0].lineTotal], [20, 10, 7.99]);
      } finally {
        await ok('PATCH', skuUrl(product.skuIds[1]!), { discount: 10 });
      }
    });

    it('names a delivery option that no longer serves the address, and prices without it', async () => {
      const c = await newCart();
      await add(c, product.skuIds[2]!, 1);
      await patch(c, { shippingAddress: ADDRESS, deliveryOptionId: standard });
      // The shopper moves the parcel to the UK: the option chosen no longer serves the address.
      const moved = (await patch(c, { shippingAddress: GB })).body.data;
      assert.deepEqual(
        moved.problems.map((p: { code: string; path: string }) => [p.code, p.path]),
        [['DELIVERY_OPTION_UNAVAILABLE', 'deliveryOptionId']],
      );
      assert.deepEqual([moved.deliveryFee, moved.deliveryOptionName, moved.deliveryOptionId], [0, null, standard]);
      // The merchant switches the option off.
      await patch(c, { shippingAddress: ADDRESS });
      await ok('PATCH', `/v1/delivery/zones/${zone}/options/${standard}`, { active: false });
      try {
        const off = (await get(c)).body.data;
        assert.deepEqual(
          off.problems.map((p: { code: string; path: string }) => [p.code, p.path]),
          [['DELIVERY_OPTION_UNAVAILABLE', 'deliveryOptionId']],
        );
      } finally {
        await ok('PATCH', `/v1/delivery/zones/${zone}/options/${standard}`, { active: true });
      }
    });

    it('names a promotion that no longer applies (subtotal too low, switched off)', async () => {
      const c = await newCart();
      const line = (await add(c, product.skuIds[2]!, 11)).body.data.lines[0]; // 55.00
      assert.equal((await patch(c, { promotionCode: 'BIGSPEND' })).status, 200);
      const low = (await call('PATCH', `/v1/carts/${c.id}/lines/${line.id}`, { headers: as(c), body: { quantity: 2 } })).body.data;
      assert.deepEqual(
        low.problems.map((p: { code: string; path: string }) => [p.code, p.path]),
        [['PROMOTION_NOT_APPLICABLE', 'promotionCode']],
      );
      assert.equal(low.discount, 0);
      const c2 = await newCart();
      await add(c2, product.skuIds[2]!, 1);
      await patch(c2, { promotionCode: 'TENOFF' });
      const promo = (await call('GET', '/v1/promotions?limit=100', { headers: m.auth })).body.data.find((p: { code: string }) => p.code === 'TENOFF');
      await ok('PATCH', `/v1/promotions/${promo.id}`, { active: false });
      try {
        const off = (await get(c2)).body.data;
        assert.deepEqual(
          off.problems.map((p: { code: string; path: string }) => [p.code, p.path]),
          [['PROMOTION_NOT_APPLICABLE', 'promotionCode']],
        );
        assert.match(off.problems[0].message, /switched off/);
      } finally {
        await ok('PATCH', `/v1/promotions/${promo.id}`, { active: true });
      }
    });
  });

  describe('expiry', () => {
    it(`ends ${CART_IDLE_MS / 86_400_000} days after its last change: each write moves it, a read does not`, async () => {
      const start = Date.now();
      mock.timers.enable({ apis: ['Date'], now: start });
      try {
        const c = await newCart();
        await add(c, product.skuIds[2]!, 1);
        mock.timers.setTime(start + CART_IDLE_MS - 60_000);
        assert.equal((await get(c)).status, 200, 'a minute before its end');
        assert.equal((await add(c, product.skuIds[2]!, 1)).status, 201, 'a write moves its end');
        mock.timers.setTime(start + 2 * CART_IDLE_MS - 120_000);
        assert.equal((await get(c)).status, 200);
        mock.timers.setTime(start + 2 * CART_IDLE_MS);
        const gone = await get(c);
        assert.deepEqual([gone.status, gone.body.error?.code], [404, 'CART_NOT_FOUND']);
        const write = await add(c, product.skuIds[2]!, 1);
        assert.equal(write.status, 404, 'an expired cart takes no write either');
      } finally {
        mock.timers.reset();
      }
    });
  });

  describe('CORS', () => {
    it('answers the preflight of every cart route with its methods and the cart token header', async () => {
      const urls: Array<[string, string, string]> = [
        ['/v1/carts', 'POST', 'POST'],
        ['/v1/carts/crt_x', 'PATCH', 'GET, HEAD, PATCH'],
        ['/v1/carts/crt_x/lines', 'POST', 'POST'],
        ['/v1/carts/crt_x/lines/cln_x', 'DELETE', 'PATCH, DELETE'],
      ];
      for (const [url, method, methods] of urls) {
        const res = await t.app.inject({ method: 'OPTIONS', url, headers: { origin: SHOP, 'access-control-request-method': method, 'access-control-request-headers': 'x-publishablekey, x-cart-token, content-type' } });
        assert.equal(res.statusCode, 204, url);
        assert.equal(res.headers['access-control-allow-origin'], '*');
        assert.equal(res.headers['access-control-allow-methods'], methods, url);
        assert.equal(res.headers['access-control-allow-headers'], 'X-PublishableKey, If-None-Match, X-Enable-Cache, X-Cart-Token, Content-Type');
        assert.equal(res.headers['access-control-allow-credentials'], undefined);
      }
      const reads = await t.app.inject({ method: 'OPTIONS', url: '/v2/products', headers: { origin: SHOP, 'access-control-request-method': 'GET' } });
      assert.deepEqual([reads.headers['access-control-allow-methods'], reads.headers['access-control-allow-headers']], ['GET, HEAD', 'X-PublishableKey, If-None-Match, X-Enable-Cache'], 'the catalog reads keep theirs');
    });

    it('lets the store’s own origin read the answers, refusals included, and no other origin', async () => {
      const created = await call('POST', '/v1/carts', { headers: { ...pk(), origin: SHOP } });
      assert.equal(created.headers['access-control-allow-origin'], SHOP);
      const c = { id: created.body.data.cart.id, token: created.body.data.token, k: key };
      assert.equal((await call('GET', `/v1/carts/${c.id}`, { headers: as(c, { origin: SHOP }) })).headers['access-control-allow-origin'], SHOP);
      const refused = await call('GET', `/v1/carts/${c.id}`, { headers: { ...pk(), origin: SHOP, 'x-cart-token': 'wrong' } });
      assert.deepEqual([refused.status, refused.headers['access-control-allow-origin']], [404, SHOP]);
      const elsewhere = await call('GET', `/v1/carts/${c.id}`, { headers: as(c, { origin: ELSEWHERE }) });
      assert.equal(elsewhere.headers['access-control-allow-origin'], undefined);
      assert.match(String(elsewhere.headers.vary), /Origin/);
    });
  });
});

/** The real limits of cart routes (docs/security.md): creation per address, writes per address, and every request per key. */
describeEachDatabase('cart rate limits', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  let key: string;
  before(async () => {
    t = await startTestApp(kind, {
      rateLimits: {
        ...TEST_RATE_LIMITS,
        'cart-create': { limit: 3, windowSeconds: 3600 },
        'cart-writes': { limit: 4, windowSeconds: 60 },
        'publishable-key': { limit: 20, windowSeconds: 60 },
      },
    });
    call = client(t.app);
    m = await signup(t.app);
    key = (await call('POST', '/v1/publishable-keys', { headers: m.auth, body: { name: 'Shop' } })).body.data.key;
  });
  after(() => t?.close());

  it('refuses the 4th cart from one address within the hour (429 with Retry-After), creating nothing', async () => {
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await call('POST', '/v1/carts', { headers: { 'x-publishablekey': key } }));
    assert.deepEqual(
      made.map((r) => r.status),
      [201, 201, 201],
    );
    assert.match(String(made[0]!.headers['ratelimit-policy']), /"cart-create";q=3;w=3600/);
    const fourth = await call('POST', '/v1/carts', { headers: { 'x-publishablekey': key } });
    assert.deepEqual([fourth.status, fourth.body.error?.code], [429, 'RATE_LIMITED']);
    assert.ok(Number(fourth.headers['retry-after']) > 0);
    const count = await t.container.db.kysely.selectFrom('carts').select('id').execute();
    assert.equal(count.length, 3);
    const other = await t.app.inject({ method: 'POST', url: '/v1/carts', headers: { 'x-publishablekey': key }, remoteAddress: '10.9.8.7' });
    assert.equal(other.statusCode, 201, 'another address has its own budget');
  });

  it('limits writes on carts per address, and reads not by that budget', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/v1/carts', headers: { 'x-publishablekey': key }, remoteAddress: '10.9.8.6' });
    const { cart, token } = created.json().data;
    const headers = { 'x-publishablekey': key, 'x-cart-token': token };
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await t.app.inject({ method: 'PATCH', url: `/v1/carts/${cart.id}`, headers, payload: { email: `a${i}@example.com` }, remoteAddress: '10.9.8.6' })).statusCode);
    assert.deepEqual(statuses, [200, 200, 200, 200, 429]);
    assert.equal((await t.app.inject({ method: 'GET', url: `/v1/carts/${cart.id}`, headers, remoteAddress: '10.9.8.6' })).statusCode, 200);
    assert.deepEqual(
      t.app.rateLimitPolicies.get('POST /v1/carts/:cartId/lines'),
      ['publishable-key', 'public', 'cart-writes'],
    );
  });

  it('counts every cart request against the key’s own budget, whatever the address', async () => {
    const fresh = (await call('POST', '/v1/publishable-keys', { headers: m.auth, body: { name: 'Fresh' } })).body.data.key;
    const created = await t.app.inject({ method: 'POST', url: '/v1/carts', headers: { 'x-publishablekey': fresh }, remoteAddress: '10.1.0.1' });
    const { cart, token } = created.json().data;
    const statuses = [];
    for (let i = 0; i < 20; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/carts/${cart.id}`, headers: { 'x-publishablekey': fresh, 'x-cart-token': token }, remoteAddress: `10.1.1.${i}` });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) assert.match(String(res.headers['ratelimit-policy']), /"publishable-key";q=20;w=60/);
    }
    assert.deepEqual(statuses, [...Array(19).fill(200), 429]);
  });
});
