import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { CHECKOUT_HOLD_EXTENSION_MS, CHECKOUT_HOLD_MS } from '../src/domain/orders/order-types.ts';
import { hashSecret } from '../src/domain/shared/secrets.ts';
import { startTestApp, TEST_RATE_LIMITS, type TestApp } from './helpers/app.ts';
import { variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { linkIn, type MailReceiver, mailConfig, startMailReceiver } from './helpers/mail-receiver.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { eventually, insertEndpoint } from './helpers/webhook-receiver.ts';

const SHOP = 'https://shop.example.com';
const ELSEWHERE = 'https://elsewhere.example.net';
const ADDRESS = { name: 'Ada Lovelace', line1: '1 Main St', city: 'Austin', postalCode: '78701', countryId: 'US', stateId: 'US-TX' };
const TEST = { 'x-mode': 'test' };
const CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002', threeDS: '4000 0027 6000 3184' };
const PLENTY = { limit: 1_000_000, windowSeconds: 60 };
const MINUTE = 60_000;

/** The path of a URL under the test BASE_URL. */
const pathOf = (url: string) => new URL(url).pathname;

/** A browser on the pay page: its csrf cookie and the token of the page's form. */
async function openPayPage(t: TestApp, path: string) {
  const res = await t.app.inject({ method: 'GET', url: path });
  const setCookie = res.headers['set-cookie'];
  const cookie = ((Array.isArray(setCookie) ? setCookie[0] : setCookie) ?? '').split(';')[0]!;
  const csrf = /name="csrf" value="([^"]+)"/.exec(res.body)?.[1];
  return { status: res.statusCode, body: res.body, cookie, csrf };
}

/**
 * Checkout (docs/checkout.md): a cart becomes a pending storefront order holding its stock, paid through the pay page,
 * cancelled by the cleanup when its hold ends unpaid. In test mode, where the built-in test provider takes cards.
 */
describeEachDatabase('checkout', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  let T: Record<string, string>;
  let key: string;
  let product: { productId: string; groupId: string; skuIds: string[] };
  let standard: string;
  /** SKUs: [0] plenty, [1] 5 in stock (the race), [2] a price that changes, [3] plenty */
  let sku: string[];
  let smtp: MailReceiver;

  const ok = async (method: 'POST' | 'PATCH' | 'PUT', url: string, body: unknown, headers: Record<string, string> = T) => {
    const res = await call(method, url, { headers, body });
    assert.ok(res.status < 300, `${method} ${url}: ${res.raw}`);
    return res.body.data;
  };
  const pk = () => ({ 'x-publishablekey': key });
  type C = { id: string; token: string };
  const as = (c: C, extra: Record<string, string> = {}) => ({ ...pk(), 'x-cart-token': c.token, ...extra });
  const newCart = async (): Promise<C> => {
    const res = await call('POST', '/v1/carts', { headers: pk() });
    assert.equal(res.status, 201, res.raw);
    return { id: res.body.data.cart.id, token: res.body.data.token };
  };
  /** A cart ready to check out: its lines, an email, the address and the delivery option. */
  const readyCart = async (lines: Array<[string, number]>, fields: Record<string, unknown> = {}): Promise<C> => {
    const c = await newCart();
    for (const [skuId, quantity] of lines) {
      const res = await call('POST', `/v1/carts/${c.id}/lines`, { headers: as(c), body: { skuId, quantity } });
      assert.equal(res.status, 201, res.raw);
    }
    const res = await call('PATCH', `/v1/carts/${c.id}`, { headers: as(c), body: { email: 'ada@example.com', shippingAddress: ADDRESS, deliveryOptionId: standard, ...fields } });
    assert.equal(res.status, 200, res.raw);
    return c;
  };
  const checkout = (c: C, body?: unknown, extra: Record<string, string> = {}) => call('POST', `/v1/carts/${c.id}/checkout`, { headers: as(c, extra), ...(body === undefined ? {} : { body }) });
  const db = () => t.container.db.kysely;
  const stockOf = async (skuId: string) => Number((await db().selectFrom('skus').select('quantity_in_stock').where('id', '=', skuId).executeTakeFirstOrThrow()).quantity_in_stock);
  const orderOf = async (id: string) => (await call('GET', `/v1/orders/${id}`, { headers: T })).body.data;
  const ordersOfStore = async () => db().selectFrom('orders').select(['id', 'status']).where('store_id', '=', m.storeId).where('mode', '=', 'test').execute();
  const expire = (at: Date) => t.container.services.checkout.expireHolds({ requestId: 'test', now: at });

  async function pay(path: string, card: string) {
    const page = await openPayPage(t, path);
    assert.ok(page.csrf, `the page has a form: ${page.body}`);
    const form = new URLSearchParams({ csrf: page.csrf!, cardNumber: card, expiry: '12 / 34', cvc: '123' });
    const res = await t.app.inject({ method: 'POST', url: path, headers: { cookie: page.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
    return { status: res.statusCode, location: res.headers.location as string | undefined };
  }

  before(async () => {
    smtp = await startMailReceiver();
    t = await startTestApp(kind, {
      config: { testProviderDelayMs: 200, mail: mailConfig(smtp, { pollMs: 20 }) },
      rateLimits: { ...TEST_RATE_LIMITS, 'cart-create': PLENTY, 'cart-writes': PLENTY, checkout: PLENTY },
    });
    t.container.services.mailSender.start();
    call = client(t.app);
    m = await signup(t.app);
    T = { ...m.auth, ...TEST };
    await ok('PATCH', '/v1/settings', { allowedOrigins: [SHOP] });
    product = await variableProduct(t.app, { ...m, auth: T }, {
      name: 'Tee',
      skus: [
        { price: 20, quantityInStock: 100, attributes: { Size: 'M' } },
        { price: 10, quantityInStock: 5, attributes: { Size: 'L' } },
        { price: 7, quantityInStock: 100, attributes: { Size: 'S' } },
        { price: 5, quantityInStock: 1000, attributes: { Size: 'XS' } },
      ],
    });
    sku = product.skuIds;
    await ok('PATCH', `/v1/products/${product.productId}`, { status: 'active' });
    const zone = (await ok('POST', '/v1/delivery/zones', { name: 'USA', regions: [{ countryId: 'US' }] })).id;
    standard = (await ok('POST', `/v1/delivery/zones/${zone}/options`, { name: 'Standard', fee: 4.99, freeOver: 100 })).id;
    await ok('POST', '/v1/tax-regions', { name: 'Texas', countryId: 'US', stateId: 'us-tx', rates: { standard: 625 } });
    await ok('POST', '/v1/promotions', { code: 'ONCEEACH', kind: 'percentage', value: 10, perCustomerLimit: 1 });
    key = (await ok('POST', '/v1/publishable-keys', { name: 'Staging', mode: 'test' })).key;
  });
  after(async () => {
    await t?.close();
    await smtp?.close();
  });

  describe('checking out', () => {
    it('places a pending storefront order holding the stock for 15 minutes, priced as the cart, and answers how to pay', async () => {
      const c = await readyCart([
        [sku[0]!, 2],
        [sku[3]!, 3],
      ]);
      const cart = (await call('GET', `/v1/carts/${c.id}`, { headers: as(c) })).body.data;
      const stock = [await stockOf(sku[0]!), await stockOf(sku[3]!)];
      const started = Date.now();
      const res = await checkout(c);
      assert.equal(res.status, 201, res.raw);
      assert.equal(res.headers['cache-control'], 'no-store');
      const { order, payUrl, statusUrl, paymentElement, placed, returnUrl } = res.body.data;
      assert.deepEqual([order.status, order.channel, order.paymentStatus, placed, paymentElement, returnUrl], ['pending', 'storefront', 'unpaid', true, null, null]);
      assert.deepEqual([order.subtotal, order.discount, order.deliveryFee, order.tax, order.total], [cart.subtotal, cart.discount, cart.deliveryFee, cart.tax, cart.total]);
      assert.deepEqual(
        order.lines.map((l: { skuId: string; quantity: number }) => [l.skuId, l.quantity]),
        [
          [sku[0], 2],
          [sku[3], 3],
        ],
      );
      const hold = Date.parse(order.holdExpiresAt);
      assert.ok(hold >= started + CHECKOUT_HOLD_MS - 1000 && hold <= Date.now() + CHECKOUT_HOLD_MS + 1000, order.holdExpiresAt);
      assert.match(payUrl, /^http:\/\/127\.0\.0\.1:3000\/pay\/[A-Za-z0-9_-]{43}$/);
      assert.match(statusUrl, /^http:\/\/127\.0\.0\.1:3000\/orders\/ost_[A-Za-z0-9_-]{43}$/);
      // The stock is held at once: every other cart and order sees it gone.
      assert.deepEqual([await stockOf(sku[0]!), await stockOf(sku[3]!)], [stock[0]! - 2, stock[1]! - 3]);
      // The merchant sees the order with its channel and hold; the guest is a customer by email.
      const merchantView = await orderOf(order.id);
      assert.deepEqual([merchantView.channel, merchantView.holdExpiresAt, merchantView.status], ['storefront', order.holdExpiresAt, 'pending']);
      const customer = (await call('GET', `/v1/customers/${merchantView.customerId}`, { headers: T })).body.data;
      assert.deepEqual([customer.email, customer.name], ['ada@example.com', 'Ada Lovelace']);
      const storefront = (await call('GET', '/v1/orders?channel=storefront', { headers: T })).body.data.map((o: { id: string }) => o.id);
      const api = (await call('GET', '/v1/orders?channel=api', { headers: T })).body.data.map((o: { id: string }) => o.id);
      assert.ok(storefront.includes(order.id) && !api.includes(order.id));
      // The pay link asks for the whole order; the status token is kept as its hash only.
      const link = await db().selectFrom('payment_links').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
      assert.deepEqual([link.status, Number(link.amount_minor), link.token], ['active', Math.round(order.total * 100), pathOf(payUrl).slice(5)]);
      const token = pathOf(statusUrl).slice('/orders/'.length);
      const kept = await db().selectFrom('order_status_tokens').selectAll().where('order_id', '=', order.id).execute();
      assert.deepEqual(
        kept.map((k) => k.token_hash),
        [hashSecret(token)],
      );
      // The cart is its order's now: a change would not reach it.
      const change = await call('POST', `/v1/carts/${c.id}/lines`, { headers: as(c), body: { skuId: sku[0], quantity: 1 } });
      assert.deepEqual([change.status, change.body.error?.code], [409, 'CART_CHECKED_OUT']);
    });

    it('answers the same order to a second checkout of the same cart, taking nothing more', async () => {
      const c = await readyCart([[sku[3]!, 1]]);
      const first = await checkout(c);
      assert.equal(first.status, 201, first.raw);
      const stock = await stockOf(sku[3]!);
      const orders = (await ordersOfStore()).length;
      const [again, third] = await Promise.all([checkout(c), checkout(c)]);
      for (const res of [again, third]) {
        assert.equal(res.status, 200, res.raw);
        assert.deepEqual([res.body.data.placed, res.body.data.order.id, res.body.data.payUrl], [false, first.body.data.order.id, first.body.data.payUrl]);
      }
      assert.deepEqual([await stockOf(sku[3]!), (await ordersOfStore()).length], [stock, orders]);
      const page = await t.app.inject({ method: 'GET', url: pathOf(again.body.data.statusUrl) });
      assert.equal(page.statusCode, 200, 'each answer’s status link opens the order');
    });

    it('refuses a cart with problems with 409 CART_NOT_READY naming each, holding nothing', async () => {
      const c = await readyCart([
        [sku[3]!, 1],
        [sku[2]!, 2],
      ]);
      const skuUrl = `/v2/products/${product.productId}/variant-groups/${product.groupId}/skus/${sku[2]}`;
      await ok('PATCH', skuUrl, { price: 8 });
      try {
        const stock = await stockOf(sku[3]!);
        const orders = (await ordersOfStore()).length;
        const res = await checkout(c);
        assert.deepEqual([res.status, res.body.error?.code], [409, 'CART_NOT_READY'], res.raw);
        assert.deepEqual(
          res.body.error.details.map((d: { path: string }) => d.path),
          ['lines[1]'],
        );
        assert.deepEqual([await stockOf(sku[3]!), (await ordersOfStore()).length], [stock, orders]);
        assert.equal((await db().selectFrom('carts').select('order_id').where('id', '=', c.id).executeTakeFirstOrThrow()).order_id, null);
      } finally {
        await ok('PATCH', skuUrl, { price: 7 });
      }
    });

    it('refuses what is missing with 422 naming each field: lines, email, shipping address, delivery option', async () => {
      const c = await newCart();
      const res = await checkout(c);
      assert.deepEqual([res.status, res.body.error?.code], [422, 'VALIDATION_FAILED'], res.raw);
      assert.deepEqual(
        res.body.error.details.map((d: { path: string }) => d.path),
        ['lines', 'email', 'shippingAddress', 'deliveryOptionId'],
      );
      const unknown = await checkout(c, { returnUrl: `${SHOP}/done`, extra: 1 });
      assert.deepEqual([unknown.status, unknown.body.error?.details?.[0]?.path], [422, '(body)'], unknown.raw);
    });

    it('sends the shopper back only to the store’s own origins (422 naming returnUrl otherwise)', async () => {
      const c = await readyCart([[sku[3]!, 1]]);
      for (const returnUrl of [`${ELSEWHERE}/thanks`, 'not a url', 'http://shop.example.com/thanks']) {
        const res = await checkout(c, { returnUrl });
        assert.deepEqual([res.status, res.body.error?.details?.[0]?.path], [422, 'returnUrl'], res.raw);
      }
      assert.equal((await db().selectFrom('carts').select('order_id').where('id', '=', c.id).executeTakeFirstOrThrow()).order_id, null, 'nothing placed');
      const res = await checkout(c, { returnUrl: `${SHOP}/thanks?cart=${c.id}` });
      assert.equal(res.status, 201, res.raw);
      assert.equal(res.body.data.returnUrl, `${SHOP}/thanks?cart=${c.id}`);
    });

    it('guest checkout: finds the customer by email whatever its case, refuses a banned one holding nothing, and checks the per-customer code limit', async () => {
      const known = await ok('POST', '/v1/customers', { name: 'Grace Hopper', email: 'Grace@Example.com' });
      const c = await readyCart([[sku[3]!, 1]], { email: 'grace@example.COM', promotionCode: 'ONCEEACH' });
      const res = await checkout(c);
      assert.equal(res.status, 201, res.raw);
      assert.equal((await orderOf(res.body.data.order.id)).customerId, known.id);
      // The code allows one use per customer: the customer is known now, so a second order of hers is refused.
      const second = await readyCart([[sku[3]!, 1]], { email: 'GRACE@example.com', promotionCode: 'ONCEEACH' });
      const refused = await checkout(second);
      assert.deepEqual([refused.status, refused.body.error?.details?.[0]?.path], [422, 'promotionCode'], refused.raw);

      await ok('POST', `/v1/customers/${known.id}/ban`, { reason: 'chargebacks' });
      const stock = await stockOf(sku[3]!);
      const orders = (await ordersOfStore()).length;
      const banned = await checkout(await readyCart([[sku[3]!, 1]], { email: 'grace@example.com' }));
      assert.deepEqual([banned.status, banned.body.error?.code, banned.body.error?.details?.[0]?.path], [409, 'CUSTOMER_BANNED', 'email'], banned.raw);
      assert.doesNotMatch(banned.raw, /chargebacks/, 'the reason is the staff’s, not the shopper’s');
      assert.deepEqual([await stockOf(sku[3]!), (await ordersOfStore()).length], [stock, orders]);
    });

    it('two checkouts with one new email at once make one customer, audited once as made by the checkout', async () => {
      const email = `twice-${Date.now()}@example.com`;
      const carts = [await readyCart([[sku[3]!, 1]], { email }), await readyCart([[sku[3]!, 1]], { email: email.toUpperCase() })];
      const results = await Promise.all(carts.map((c) => checkout(c)));
      for (const res of results) assert.equal(res.status, 201, res.raw);
      const customerIds = await Promise.all(results.map(async (res) => (await orderOf(res.body.data.order.id)).customerId));
      assert.equal(customerIds[0], customerIds[1], 'one customer for both orders');
      const rows = await db().selectFrom('customers').select('id').where('store_id', '=', m.storeId).where('mode', '=', 'test').where('email_normalized', '=', email).execute();
      assert.deepEqual(rows.map((r) => r.id), [customerIds[0]]);
      const audit = await db().selectFrom('audit_logs').select(['action', 'details']).where('store_id', '=', m.storeId).where('target_id', '=', customerIds[0]).execute();
      assert.deepEqual(audit.map((a) => [a.action, JSON.parse(a.details ?? 'null')]), [['customer.create', { via: 'checkout' }]]);
    });

    it('a checkout that waited for a cart write orders the lines that write committed', { skip: kind !== 'postgres' && 'SQLite runs one write transaction at a time' }, async () => {
      const c = await readyCart([[sku[3]!, 1]]);
      const at = new Date().toISOString();
      const { promise: released, resolve: commit } = Promise.withResolvers<void>();
      const { promise: holding, resolve: locked } = Promise.withResolvers<void>();
      // A cart write as the cart service makes one (the cart locked and changed, a line added), held open.
      const writer = db()
        .transaction()
        .execute(async (trx) => {
          await trx.selectFrom('carts').select('id').where('id', '=', c.id).forUpdate().execute();
          await trx.updateTable('carts').set({ updated_at: at }).where('id', '=', c.id).execute();
          await trx.insertInto('cart_lines').values({ id: `crl_race_${Date.now()}`, cart_id: c.id, sku_id: sku[0]!, quantity: 2, unit_price_minor: 2000, discount_bp: 0, created_at: at, updated_at: at }).execute();
          locked();
          await released;
        });
      await holding;
      const placing = checkout(c);
      await eventually(async () => {
        const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%from "carts" left join "cart_lines"%'`.execute(db());
        return waiting.rows[0]?.n === 1;
      }, 10_000, 'the checkout to wait for the cart');
      commit();
      await writer;
      const res = await placing;
      assert.equal(res.status, 201, res.raw);
      const lines = (await orderOf(res.body.data.order.id)).lines.map((l: { skuId: string; quantity: number }) => [l.skuId, l.quantity]);
      assert.deepEqual(lines.sort(), [[sku[0]!, 2], [sku[3]!, 1]].sort());
    });

    /** Checks the carts out all at once: exactly 5 are placed (answered), every other is refused 409 for lack of stock. */
    async function fiveOf(carts: C[]) {
      const results = await Promise.all(carts.map((c) => checkout(c)));
      const placed = results.filter((r) => r.status === 201);
      assert.equal(placed.length, 5, results.map((r) => r.status).join());
      for (const r of results.filter((r) => r.status !== 201)) {
        assert.equal(r.status, 409, r.raw);
        assert.ok(['INSUFFICIENT_STOCK', 'CART_NOT_READY'].includes(r.body.error.code), r.raw);
      }
      return placed;
    }

    it('lets exactly 5 of 50 carts check out the last 5 units at once, and never below zero', async () => {
      const skuUrl = `/v2/products/${product.productId}/variant-groups/${product.groupId}/skus/${sku[1]}`;
      assert.equal(await stockOf(sku[1]!), 5);
      // The carts are filled one after another (the setup); only their checkouts race.
      const carts: C[] = [];
      for (let i = 0; i < 50; i += 1) carts.push(await readyCart([[sku[1]!, 1]]));
      const placed = await fiveOf(carts);
      assert.equal(await stockOf(sku[1]!), 0);
      assert.equal((await call('GET', skuUrl, { headers: T })).body.data.quantityInStock, 0);
      const ids = new Set(placed.map((r) => r.body.data.order.id));
      assert.equal(ids.size, 5);
    });

    it('lets exactly 5 of 30 carts of two SKUs each check out the last 5 units of one at once, taking the other only for them', async () => {
      const pair = await variableProduct(t.app, { ...m, auth: T }, {
        name: 'Socks',
        skus: [
          { price: 3, quantityInStock: 5, attributes: { Size: 'M' } },
          { price: 4, quantityInStock: 1000, attributes: { Size: 'L' } },
        ],
      });
      await ok('PATCH', `/v1/products/${pair.productId}`, { status: 'active' });
      const [scarce, plenty] = pair.skuIds as [string, string];
      const carts: C[] = [];
      // Half list the lines the other way round: allocation takes the SKUs in id order whatever the cart's order.
      for (let i = 0; i < 30; i += 1) {
        carts.push(
          await readyCart(
            i % 2 === 0
              ? [
                  [scarce, 1],
                  [plenty, 1],
                ]
              : [
                  [plenty, 1],
                  [scarce, 1],
                ],
          ),
        );
      }
      await fiveOf(carts);
      assert.deepEqual([await stockOf(scarce), await stockOf(plenty)], [0, 995]);
    });
  });

  describe('paying and the hold', () => {
    it('pays through the pay page: the order is paid once, its hold ends, the stock stays taken', async () => {
      const c = await readyCart([[sku[3]!, 2]]);
      const res = await checkout(c, { returnUrl: `${SHOP}/thanks` });
      const stock = await stockOf(sku[3]!);
      const status = pathOf(res.body.data.statusUrl);
      const before = await t.app.inject({ method: 'GET', url: status });
      assert.equal(before.statusCode, 200);
      assert.match(before.body, /Waiting for payment/);
      assert.match(before.body, /your items are held for you until/);
      assert.match(before.body, new RegExp(`href="${res.body.data.payUrl}"`));
      assert.match(before.body, /<td>Tee · Red · XS<\/td><td>2<\/td><td>\$10\.00<\/td>/);
      assert.equal(before.headers['cache-control'], 'no-store');
      assert.match(String(before.headers['content-security-policy']), /default-src 'none'/);
      // The inventory shows the units as held by the checkout while it is unpaid, then allocated to the paid order.
      const level = async () => (await call('GET', `/v1/inventory/skus/${sku[3]}`, { headers: T })).body.data.sku;
      const heldBefore = await level();
      assert.ok(heldBefore.held >= 2, JSON.stringify(heldBefore));
      assert.equal(heldBefore.available, heldBefore.onHand - heldBefore.held - heldBefore.allocated);
      assert.equal(heldBefore.available, stock);
      const paid = await pay(pathOf(res.body.data.payUrl), CARDS.ok);
      assert.equal(paid.status, 303);
      const heldAfter = await level();
      assert.deepEqual([heldAfter.held, heldAfter.allocated, heldAfter.available, heldAfter.onHand], [heldBefore.held - 2, heldBefore.allocated + 2, heldBefore.available, heldBefore.onHand]);
      const listed = (await call('GET', `/v1/inventory/skus?q=${encodeURIComponent('Tee')}&limit=100`, { headers: T })).body.data.skus.find((l: { skuId: string }) => l.skuId === sku[3]);
      assert.deepEqual([listed.onHand, listed.held, listed.allocated, listed.available], [heldAfter.onHand, heldAfter.held, heldAfter.allocated, heldAfter.available]);
      assert.match((await openPayPage(t, pathOf(res.body.data.payUrl))).body, new RegExp(`<a href="${SHOP}/thanks">Back to Store \\d+</a>`), 'the pay page sends the shopper back');
      const after = await t.app.inject({ method: 'GET', url: status });
      assert.match(after.body, /Paid: being prepared/);
      assert.doesNotMatch(after.body, /Pay \$/);
      assert.match(after.body, /Not shipped yet/);
      // A shipment of the order (the fulfilment area writes them) shows with its tracking.
      const location = await db().selectFrom('stock_locations').select('id').where('store_id', '=', m.storeId).where('mode', '=', 'test').executeTakeFirstOrThrow();
      const now = new Date().toISOString();
      await db()
        .insertInto('shipments')
        .values({ id: `shp_${kind}_status`, store_id: m.storeId, mode: 'test', order_id: res.body.data.order.id, location_id: location.id, carrier: 'UPS', tracking_number: '1Z999', tracking_url: 'https://track.example/1Z999', status: 'shipped', shipped_at: now, delivered_at: null, created_at: now, updated_at: now })
        .execute();
      const shipped = await t.app.inject({ method: 'GET', url: status });
      assert.match(shipped.body, /<li>Shipped with UPS · tracking <a href="https:\/\/track\.example\/1Z999">1Z999<\/a> · shipped /);
      for (const wrong of [`${status.slice(0, -1)}x`, '/orders/ost_short', `/orders/${'x'.repeat(47)}`]) {
        const res404 = await t.app.inject({ method: 'GET', url: wrong });
        assert.equal(res404.statusCode, 404, wrong);
        assert.match(res404.body, /No order opens with this link/);
      }
      const order = await orderOf(res.body.data.order.id);
      assert.deepEqual([order.status, order.paymentStatus, order.holdExpiresAt], ['paid', 'paid', null]);
      assert.equal(await stockOf(sku[3]!), stock);
      await expire(new Date(Date.now() + 2 * CHECKOUT_HOLD_MS));
      assert.equal((await orderOf(order.id)).status, 'paid', 'a paid order is not the cleanup’s');
    });

    it('keeps the hold after a declined payment, and cancels the order when it ends unpaid: stock back, links cancelled, the cart free again', async () => {
      const c = await readyCart([[sku[0]!, 3]]);
      const res = await checkout(c);
      const { order } = res.body.data;
      const stock = await stockOf(sku[0]!);
      await pay(pathOf(res.body.data.payUrl), CARDS.declined);
      assert.deepEqual([(await orderOf(order.id)).status, (await orderOf(order.id)).holdExpiresAt], ['pending', order.holdExpiresAt], 'a failed payment keeps the hold');
      const end = Date.parse(order.holdExpiresAt);
      assert.equal(await expire(new Date(end - 1000)), 0, 'not before it ends');
      assert.equal((await orderOf(order.id)).status, 'pending');

      assert.equal(await expire(new Date(end + 1000)), 1);
      const cancelled = await orderOf(order.id);
      assert.deepEqual([cancelled.status, cancelled.holdExpiresAt], ['cancelled', null]);
      const last = cancelled.history.at(-1);
      assert.deepEqual([last.from, last.to, last.actor.type], ['pending', 'cancelled', 'system']);
      assert.match(last.note, /Not paid before the checkout's stock hold ended/);
      assert.equal(await stockOf(sku[0]!), stock + 3, 'the stock came back');
      const link = await db().selectFrom('payment_links').select('status').where('order_id', '=', order.id).executeTakeFirstOrThrow();
      assert.equal(link.status, 'cancelled');
      assert.equal((await openPayPage(t, pathOf(res.body.data.payUrl))).body.includes('<form method="post"'), false, 'the pay page takes no card for it');
      assert.equal(await expire(new Date(end + 2000)), 0, 'once');
      // The cart can change and be checked out again: a new order.
      assert.equal((await call('PATCH', `/v1/carts/${c.id}`, { headers: as(c), body: { email: 'ada+again@example.com' } })).status, 200);
      const again = await checkout(c);
      assert.equal(again.status, 201, again.raw);
      assert.notEqual(again.body.data.order.id, order.id);
    });

    it('runs as the cleanup job’s checkout-holds kind', async () => {
      const c = await readyCart([[sku[3]!, 1]]);
      const { order } = (await checkout(c)).body.data;
      await db().updateTable('orders').set({ hold_expires_at: new Date(Date.now() - MINUTE).toISOString() }).where('id', '=', order.id).execute();
      const report = await t.container.services.cleanup.run();
      assert.ok(report.ran);
      assert.ok(report.deleted['checkout-holds'] >= 1);
      assert.equal((await orderOf(order.id)).status, 'cancelled');
    });

    it('lengthens the hold once when a 3-D Secure challenge opens near its end', async () => {
      const c = await readyCart([[sku[3]!, 1]]);
      const res = await checkout(c);
      const { order } = res.body.data;
      const soon = new Date(Date.now() + 2 * MINUTE);
      await db().updateTable('orders').set({ hold_expires_at: soon.toISOString() }).where('id', '=', order.id).execute();
      const before = Date.now();
      const challenged = await pay(pathOf(res.body.data.payUrl), CARDS.threeDS);
      assert.match(String(challenged.location), /\/test-provider\/challenge\//);
      const held = Date.parse((await orderOf(order.id)).holdExpiresAt);
      assert.ok(held >= before + CHECKOUT_HOLD_EXTENSION_MS - 1000 && held <= Date.now() + CHECKOUT_HOLD_EXTENSION_MS + 1000, `${new Date(held).toISOString()}`);
      const row = await db().selectFrom('orders').select('hold_extended').where('id', '=', order.id).executeTakeFirstOrThrow();
      assert.equal(Number(row.hold_extended), 1);
    });

    it('completes exactly once when the hold’s end and the payment race: paid, or cancelled with the payment flagged, never both', async () => {
      for (let round = 0; round < 3; round += 1) {
        const c = await readyCart([[sku[3]!, 1]]);
        const res = await checkout(c);
        const { order } = res.body.data;
        const stock = await stockOf(sku[3]!);
        // The shopper has the pay page open; the hold ends as the card is sent.
        const path = pathOf(res.body.data.payUrl);
        const page = await openPayPage(t, path);
        const form = new URLSearchParams({ csrf: page.csrf!, cardNumber: CARDS.ok, expiry: '12 / 34', cvc: '123' }).toString();
        await db().updateTable('orders').set({ hold_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', order.id).execute();
        const [paid] = await Promise.all([
          t.app.inject({ method: 'POST', url: path, headers: { cookie: page.cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: form }),
          expire(new Date()),
        ]);
        assert.ok([303, 409].includes(paid.statusCode), `${paid.statusCode} ${paid.body}`);
        // The provider's event and the shopper's return come after: nothing changes.
        await openPayPage(t, pathOf(res.body.data.payUrl));
        await new Promise((r) => setTimeout(r, 300));
        const after = await orderOf(order.id);
        const payments = await db().selectFrom('payments').selectAll().where('order_id', '=', order.id).execute();
        const attempts = await db().selectFrom('provider_payments').selectAll().where('order_id', '=', order.id).execute();
        if (after.status === 'paid') {
          assert.deepEqual([payments.length, attempts.map((a) => a.flag)], [1, [null]]);
          assert.equal(await stockOf(sku[3]!), stock);
        } else {
          assert.equal(after.status, 'cancelled');
          assert.equal(payments.filter((p) => p.kind === 'payment').length, 0, 'not recorded on a cancelled order');
          // Either the card was refused before anything was taken, or the money taken is flagged for the merchant.
          for (const a of attempts.filter((a) => a.status === 'succeeded')) assert.match(String(a.flag), /cancelled/, 'flagged, not lost');
          assert.equal(await stockOf(sku[3]!), stock + 1);
        }
        const moves = after.history.filter((h: { from: string | null }) => h.from === 'pending');
        assert.equal(moves.length, 1, 'one move out of pending');
      }
    });
  });

  describe('abandoned checkouts', () => {
    it('lists carts left an hour with an email and lines, and orders cancelled when their hold ended, newest first, for orders:read and customers:read', async () => {
      const idle = await readyCart([[sku[3]!, 4]], { email: 'idle@example.com' });
      const fresh = await readyCart([[sku[3]!, 1]], { email: 'fresh@example.com' });
      const noEmail = await newCart();
      await call('POST', `/v1/carts/${noEmail.id}/lines`, { headers: as(noEmail), body: { skuId: sku[3], quantity: 1 } });
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * MINUTE).toISOString();
      await db().updateTable('carts').set({ updated_at: twoHoursAgo }).where('id', 'in', [idle.id, noEmail.id]).execute();
      // An order whose hold ended unpaid.
      const lapsed = (await checkout(await readyCart([[sku[3]!, 2]], { email: 'lapsed@example.com' }))).body.data.order;
      await db().updateTable('orders').set({ hold_expires_at: new Date(Date.now() - MINUTE).toISOString() }).where('id', '=', lapsed.id).execute();
      await expire(new Date());

      const res = await call('GET', '/v1/checkouts/abandoned?limit=100', { headers: T });
      assert.equal(res.status, 200, res.raw);
      const items = res.body.data as Array<Record<string, unknown>>;
      const cart = items.find((i) => i.cartId === idle.id);
      assert.deepEqual(cart, { kind: 'cart', cartId: idle.id, orderId: null, orderNumber: null, email: 'idle@example.com', quantity: 4, total: null, at: twoHoursAgo.replace(/Z$/, '') });
      const order = items.find((i) => i.orderId === lapsed.id);
      assert.deepEqual([order?.kind, order?.orderNumber, order?.email, order?.quantity, order?.total], ['expired_order', lapsed.number, 'lapsed@example.com', 2, lapsed.total]);
      assert.ok(!items.some((i) => i.cartId === fresh.id || i.cartId === noEmail.id), 'a cart changed within the hour, or without an email, is not abandoned');
      const times = items.map((i) => Date.parse(String(i.at)));
      assert.deepEqual(times, [...times].sort((a, b) => b - a), 'newest first');
      // A page at a time.
      const first = await call('GET', '/v1/checkouts/abandoned?limit=1', { headers: T });
      assert.equal(first.body.data.length, 1);
      const next = await call('GET', `/v1/checkouts/abandoned?limit=100&cursor=${first.body.pagination.nextCursor}`, { headers: T });
      assert.deepEqual([first.body.data[0], ...next.body.data], items);
      // Emails are customers' data: orders:read alone is refused; another store sees none of these.
      const ordersOnly = await createApiKey(t.app, m, { mode: 'test', permissions: ['orders:read'] });
      const refused = await call('GET', '/v1/checkouts/abandoned', { headers: { 'x-merchantapikey': ordersOnly.key } });
      assert.equal(refused.status, 403, refused.raw);
      const other = await signup(t.app);
      assert.deepEqual((await call('GET', '/v1/checkouts/abandoned', { headers: { ...other.auth, ...TEST } })).body.data, []);
    });
  });

  describe('completion', () => {
    it('mails the shopper once when the order is paid, with a link to the status page, and sends checkout.completed once', async () => {
      await insertEndpoint(t.container, m.storeId, { mode: 'test', eventTypes: ['checkout.completed', 'order.status_changed'] });
      const email = `mary.${kind}@example.com`;
      const c = await readyCart([[sku[3]!, 2]], { email, shippingAddress: { ...ADDRESS, name: 'Mary Somerville' } });
      const res = await checkout(c);
      const { order } = res.body.data;
      assert.equal(smtp.to(email).length, 0, 'nothing before it is paid');
      const path = pathOf(res.body.data.payUrl);
      await pay(path, CARDS.ok);
      await openPayPage(t, path); // the shopper's return
      await new Promise((r) => setTimeout(r, 400)); // and the provider's event
      const mails = await eventually(() => smtp.to(email).length >= 1 && smtp.to(email), 10_000, 'the confirmation mail');
      await new Promise((r) => setTimeout(r, 200));
      assert.equal(smtp.to(email).length, 1, 'one mail');
      const mail = mails[0]!;
      assert.match(mail.subject, new RegExp(`^Your order ${order.number} from Store \\d+$`));
      assert.match(mail.text, /2 × Tee · Red · XS/);
      const link = linkIn(mail, 'http://127.0.0.1:3000/orders/ost_');
      assert.notEqual(link, res.body.data.statusUrl, 'a token of its own');
      const page = await t.app.inject({ method: 'GET', url: pathOf(link) });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, new RegExp(`Order ${order.number}`));
      assert.match(page.body, /Paid: being prepared/);
      const row = await db().selectFrom('email_messages').selectAll().where('kind', '=', 'order_confirmation').where('to_address', '=', email).executeTakeFirstOrThrow();
      assert.ok(!JSON.stringify(row).includes(pathOf(link).slice(12)), 'the outbox never holds the token');
      const events = await db().selectFrom('webhook_events').selectAll().where('store_id', '=', m.storeId).where('type', '=', 'checkout.completed').execute();
      const mine = events.filter((e) => JSON.parse(e.payload).data.id === order.id);
      assert.equal(mine.length, 1);
      const data = JSON.parse(mine[0]!.payload).data;
      assert.deepEqual([data.status, data.channel, data.holdExpiresAt, data.number], ['paid', 'storefront', null, order.number]);
      // An order placed through the API sends neither.
      const apiEvents = (await db().selectFrom('webhook_events').select('payload').where('type', '=', 'checkout.completed').execute()).map((e) => JSON.parse(e.payload).data.channel);
      assert.ok(apiEvents.every((ch) => ch === 'storefront'));
    });

    it('sends order.status_changed with the paid order as a read answers it after: its history ends with the move to paid', async () => {
      await insertEndpoint(t.container, m.storeId, { mode: 'test', eventTypes: ['order.status_changed'] });
      const res = await checkout(await readyCart([[sku[3]!, 1]]));
      assert.equal(res.status, 201, res.raw);
      const { order } = res.body.data;
      await pay(pathOf(res.body.data.payUrl), CARDS.ok);
      const sent = async () =>
        (await db().selectFrom('webhook_events').select('payload').where('store_id', '=', m.storeId).where('type', '=', 'order.status_changed').orderBy('seq').execute())
          .map((e) => JSON.parse(e.payload))
          .filter((e) => e.data.id === order.id);
      const events = await eventually(sent, 10_000, 'order.status_changed');
      assert.deepEqual(events.map((e) => e.change), [{ from: 'pending', to: 'paid' }]);
      const data = events[0]!.data;
      assert.deepEqual(
        data.history.map((h: { from: string | null; to: string; note: string | null }) => [h.from, h.to, h.note?.startsWith('paid through test') === true]),
        [[null, 'pending', false], ['pending', 'paid', true]],
        'placed, then paid: the entry the move to paid wrote comes last',
      );
      assert.deepEqual([data.status, data.holdExpiresAt], ['paid', null]);
      assert.deepEqual(data, await orderOf(order.id), 'the event carries the order as a read answers it after the commit');
    });
  });

  describe('CORS', () => {
    it('answers the checkout’s preflight, and lets only the store’s origins read its answer', async () => {
      const pre = await t.app.inject({
        method: 'OPTIONS',
        url: '/v1/carts/crt_x/checkout',
        headers: { origin: SHOP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-publishablekey, x-cart-token, content-type' },
      });
      assert.equal(pre.statusCode, 204);
      assert.equal(pre.headers['access-control-allow-methods'], 'POST');
      assert.equal(pre.headers['access-control-allow-headers'], 'X-PublishableKey, If-None-Match, X-Enable-Cache, X-Cart-Token, Content-Type');
      const c = await readyCart([[sku[3]!, 1]]);
      const res = await checkout(c, undefined, { origin: SHOP });
      assert.deepEqual([res.status, res.headers['access-control-allow-origin']], [201, SHOP]);
      const refused = await checkout(await newCart(), undefined, { origin: SHOP });
      assert.deepEqual([refused.status, refused.headers['access-control-allow-origin']], [422, SHOP]);
      const elsewhere = await checkout(c, undefined, { origin: ELSEWHERE });
      assert.deepEqual([elsewhere.status, elsewhere.headers['access-control-allow-origin']], [200, undefined]);
    });

    it('refuses secret credentials: checkout is the shopper’s', async () => {
      const c = await readyCart([[sku[3]!, 1]]);
      const res = await call('POST', `/v1/carts/${c.id}/checkout`, { headers: { ...T, 'x-cart-token': c.token } });
      assert.equal(res.status, 403, res.raw);
    });
  });
});

/** The checkout's own rate limit per address (docs/security.md), besides the key's. */
describeEachDatabase('checkout rate limits', (kind) => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(kind, { rateLimits: { ...TEST_RATE_LIMITS, checkout: { limit: 2, windowSeconds: 600 } } });
  });
  after(() => t?.close());

  it('refuses the 3rd checkout from one address within the window (429 with Retry-After); another address has its own', async () => {
    const call = client(t.app);
    const m = await signup(t.app);
    const key = (await call('POST', '/v1/publishable-keys', { headers: m.auth, body: { name: 'Shop' } })).body.data.key;
    const cart = (await call('POST', '/v1/carts', { headers: { 'x-publishablekey': key } })).body.data;
    const send = (address: string) =>
      t.app.inject({ method: 'POST', url: `/v1/carts/${cart.cart.id}/checkout`, headers: { 'x-publishablekey': key, 'x-cart-token': cart.token }, remoteAddress: address });
    const statuses = [(await send('10.7.0.1')).statusCode, (await send('10.7.0.1')).statusCode];
    assert.deepEqual(statuses, [422, 422], 'an empty cart: refused, but counted');
    const third = await send('10.7.0.1');
    assert.equal(third.statusCode, 429);
    assert.ok(Number(third.headers['retry-after']) > 0);
    assert.match(String(third.headers['ratelimit-policy']), /"checkout";q=2;w=600/);
    assert.equal((await send('10.7.0.2')).statusCode, 422);
    assert.deepEqual(t.app.rateLimitPolicies.get('POST /v1/carts/:cartId/checkout'), ['publishable-key', 'public', 'checkout']);
  });
});
