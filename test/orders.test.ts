import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { countRows, insertCustomer, variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';

describeEachDatabase('orders and promotions', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
  });
  after(() => t?.close());

  /** A merchant with an active product of two SKUs (10.00 ×5 stock, 20.00 at 10 % off ×2 stock) and a customer. */
  async function shop(options: { stock?: [number, number] } = {}) {
    const m = await signup(t.app);
    const [a, b] = options.stock ?? [5, 2];
    const { productId, skuIds } = await variableProduct(t.app, m, {
      skus: [
        { price: 10, quantityInStock: a, attributes: { Size: 'S' } },
        { price: 20, discount: 10, quantityInStock: b, attributes: { Size: 'M' } },
      ],
    });
    await call('PATCH', `/v1/products/${productId}`, { headers: m.auth, body: { status: 'active' } });
    const customerId = await insertCustomer(t, m.storeId);
    return { m, productId, skuIds: skuIds as [string, string], customerId };
  }

  const stockOf = async (skuId: string) => Number((await t.container.db.kysely.selectFrom('skus').select('quantity_in_stock').where('id', '=', skuId).executeTakeFirstOrThrow()).quantity_in_stock);
  const place = (m: Merchant, body: Record<string, unknown>) => call('POST', '/v1/orders', { headers: m.auth, body });
  const move = (m: Merchant, id: string, body: Record<string, unknown>) => call('POST', `/v1/orders/${id}/transitions`, { headers: m.auth, body });

  describe('placing', () => {
    it('prices the order on the server and takes the stock', async () => {
      const { m, skuIds, customerId } = await shop();
      const res = await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 2 }, { skuId: skuIds[1], quantity: 1 }], note: 'gift wrap', price: 0.01 } as never);
      assert.equal(res.status, 422, 'a client cannot send prices');
      const ok = await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 2 }, { skuId: skuIds[1], quantity: 1 }], note: 'gift wrap' });
      assert.equal(ok.status, 201);
      const o = ok.body.data;
      assert.equal(o.status, 'pending');
      assert.match(o.number, /^ORD-\d+$/);
      assert.deepEqual([o.subtotal, o.discount, o.deliveryFee, o.total, o.paid, o.refunded], [38, 0, 0, 38, 0, 0]);
      assert.deepEqual(o.lines.map((l: Record<string, unknown>) => [l.unitPrice, l.discount, l.quantity, l.lineTotal]), [[10, 0, 2, 20], [20, 10, 1, 18]]);
      assert.deepEqual(o.lines[0].attributes, { Color: 'Red', Size: 'S' });
      assert.equal(o.note, 'gift wrap');
      assert.deepEqual(o.shippingAddress, { name: null, line1: '1 Main St', line2: null, city: 'Springfield', postalCode: null, countryId: 'US', stateId: 'US-IL', phone: null }, "the customer's address");
      assert.deepEqual(o.history.map((e: { from: string | null; to: string }) => [e.from, e.to]), [[null, 'pending']]);
      assert.deepEqual([await stockOf(skuIds[0]), await stockOf(skuIds[1])], [3, 1]);
      const second = await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] });
      assert.equal(Number(second.body.data.number.slice(4)), Number(o.number.slice(4)) + 1, 'numbers follow each other');
    });

    it('numbers the first order of a store whose settings were never saved with the defaults, and the next ones after it', async () => {
      const { m, skuIds, customerId } = await shop();
      const settingsRows = () => t.container.db.kysely.selectFrom('store_settings').select('next_order_number').where('store_id', '=', m.storeId).where('mode', '=', 'live').execute();
      assert.deepEqual(await settingsRows(), [], 'no settings row yet');
      const numbers: string[] = [];
      for (let i = 0; i < 2; i += 1) {
        const res = await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] });
        assert.equal(res.status, 201, res.raw);
        numbers.push(res.body.data.number);
      }
      assert.deepEqual(numbers, ['ORD-1001', 'ORD-1002']);
      assert.equal((await call('GET', '/v1/settings', { headers: m.auth })).body.data.nextOrderNumberPreview, 'ORD-1003');
    });

    it('refuses more than the stock with 409 naming the SKU and what is left, taking nothing from any line', async () => {
      const { m, skuIds, customerId } = await shop();
      const before = await countRows(t, 'skus', m.storeId);
      const res = await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }, { skuId: skuIds[1], quantity: 3 }] });
      assert.equal(res.status, 409);
      assert.equal(res.body.error.code, 'INSUFFICIENT_STOCK');
      assert.match(res.body.message, new RegExp(`${skuIds[1]}.*3 ordered, 2 left`));
      assert.equal(res.body.error.details[0].path, 'lines[1].quantity');
      assert.deepEqual([await stockOf(skuIds[0]), await stockOf(skuIds[1])], [5, 2]);
      assert.equal(await countRows(t, 'skus', m.storeId), before);
      assert.equal((await call('GET', '/v1/orders', { headers: m.auth })).body.data.length, 0);
    });

    for (const [name, body, path] of [
      ['no lines', { lines: [] }, 'lines'],
      ['a zero quantity', { lines: [{ skuId: 'SKU0', quantity: 0 }] }, 'lines[0].quantity'],
      ['a repeated SKU', { lines: [{ skuId: 'SKU0', quantity: 1 }, { skuId: 'SKU0', quantity: 1 }] }, 'lines[1].skuId'],
      ['an unknown SKU', { lines: [{ skuId: 'sku_01M80W767RN9QTY3G4Q949ESWZ', quantity: 1 }] }, 'lines[0].skuId'],
      ['an unknown customer', { customerId: 'cus_nope' }, 'customerId'],
      ['an address in an unknown country', { shippingAddress: { line1: 'x', city: 'y', countryId: 'XX' } }, 'shippingAddress.countryId'],
      ['a state of another country', { shippingAddress: { line1: 'x', city: 'y', countryId: 'US', stateId: 'DE-BE' } }, 'shippingAddress.stateId'],
      ['an unknown delivery option', { deliveryOptionId: 'dlo_nope' }, 'deliveryOptionId'],
    ] as Array<[string, Record<string, unknown>, string]>) {
      it(`refuses ${name} with 422 naming ${path}, writing nothing`, async () => {
        const { m, skuIds, customerId } = await shop();
        const lines = (body as { lines?: Array<{ skuId: string; quantity: number }> }).lines?.map((l) => ({ ...l, skuId: l.skuId === 'SKU0' ? skuIds[0] : l.skuId })) ?? [{ skuId: skuIds[0], quantity: 1 }];
        const res = await place(m, { customerId, ...body, lines });
        assert.equal(res.status, 422, res.raw);
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        assert.equal(await stockOf(skuIds[0]), 5);
        assert.equal((await call('GET', '/v1/orders', { headers: m.auth })).body.data.length, 0);
      });
    }

    it('charges the delivery option that serves the address, free over its threshold, and refuses one that does not', async () => {
      const { m, skuIds, customerId } = await shop({ stock: [50, 50] });
      const zone = await call('POST', '/v1/delivery/zones', { headers: m.auth, body: { name: 'USA', regions: [{ countryId: 'US' }] } });
      assert.equal(zone.status, 201, zone.raw);
      const option = await call('POST', `/v1/delivery/zones/${zone.body.data.id}/options`, { headers: m.auth, body: { name: 'Standard', fee: 4.99, freeOver: 50 } });
      assert.equal(option.status, 201, option.raw);
      const optionId = option.body.data.id;
      const small = await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 2 }], deliveryOptionId: optionId });
      assert.deepEqual([small.body.data.subtotal, small.body.data.deliveryFee, small.body.data.total, small.body.data.deliveryOptionName], [20, 4.99, 24.99, 'Standard']);
      const big = await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 5 }], deliveryOptionId: optionId });
      assert.deepEqual([big.body.data.deliveryFee, big.body.data.total], [0, 50]);
      const abroad = await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }], deliveryOptionId: optionId, shippingAddress: { line1: '1 Rue', city: 'Paris', countryId: 'FR' } });
      assert.equal(abroad.status, 422);
      assert.equal(abroad.body.error.details[0].path, 'deliveryOptionId');
      assert.equal(await stockOf(skuIds[0]), 43, 'the refused order took no stock');
    });

    it('refuses a product that is not active', async () => {
      const { m, productId, skuIds, customerId } = await shop();
      await call('PATCH', `/v1/products/${productId}`, { headers: m.auth, body: { status: 'draft' } });
      const res = await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] });
      assert.equal(res.status, 422);
      assert.match(res.body.error.details[0].rule, /draft/);
    });

    it('refuses orders from a banned customer (409), writing nothing', async () => {
      const { m, skuIds } = await shop();
      const banned = await insertCustomer(t, m.storeId, { banned: true });
      const res = await place(m, { customerId: banned, lines: [{ skuId: skuIds[0], quantity: 1 }] });
      assert.equal(res.status, 409);
      assert.equal(res.body.error.code, 'CUSTOMER_BANNED');
      assert.equal(await stockOf(skuIds[0]), 5);
    });

    it('sells exactly the units in stock when many orders race for them', async () => {
      const { m, skuIds, customerId } = await shop({ stock: [7, 2] });
      const results = await Promise.all(Array.from({ length: 20 }, () => place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] })));
      assert.equal(results.filter((r) => r.status === 201).length, 7, results.map((r) => r.status).join(','));
      assert.ok(results.filter((r) => r.status !== 201).every((r) => r.status === 409));
      assert.equal(await stockOf(skuIds[0]), 0);
      const numbers = results.filter((r) => r.status === 201).map((r) => r.body.data.number);
      assert.equal(new Set(numbers).size, 7, 'distinct order numbers');
    });
  });

  describe('lifecycle', () => {
    it('lists the moves allowed now and makes them, keeping the history', async () => {
      const { m, skuIds, customerId } = await shop();
      const o = (await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] })).body.data;
      const allowed = await call('GET', `/v1/orders/${o.id}/transitions`, { headers: m.auth });
      assert.deepEqual(allowed.body.data.moves.map((x: { to: string }) => x.to), ['paid', 'cancelled']);
      for (const to of ['paid', 'fulfilled', 'delivered']) assert.equal((await move(m, o.id, { to, note: `now ${to}` })).status, 200, to);
      const final = await call('GET', `/v1/orders/${o.id}`, { headers: m.auth });
      assert.deepEqual(final.body.data.history.map((e: { from: string | null; to: string; note: string | null }) => [e.from, e.to, e.note]), [
        [null, 'pending', null],
        ['pending', 'paid', 'now paid'],
        ['paid', 'fulfilled', 'now fulfilled'],
        ['fulfilled', 'delivered', 'now delivered'],
      ]);
      assert.equal(final.body.data.history[1].actor.label, m.email);
      assert.equal(final.body.data.paid, 10);
    });

    it('refuses a move that is not allowed with 409 naming the current state', async () => {
      const { m, skuIds, customerId } = await shop();
      const o = (await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] })).body.data;
      const res = await move(m, o.id, { to: 'delivered' });
      assert.equal(res.status, 409);
      assert.equal(res.body.error.code, 'ORDER_TRANSITION_NOT_ALLOWED');
      assert.match(res.body.message, /is pending/);
      assert.equal((await call('GET', `/v1/orders/${o.id}`, { headers: m.auth })).body.data.status, 'pending');
      const bad = await move(m, o.id, { to: 'shipped' });
      assert.equal(bad.status, 422);
    });

    it('returns the stock when a pending order is cancelled', async () => {
      const { m, skuIds, customerId } = await shop();
      const o = (await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 3 }, { skuId: skuIds[1], quantity: 2 }] })).body.data;
      assert.deepEqual([await stockOf(skuIds[0]), await stockOf(skuIds[1])], [2, 0]);
      assert.equal((await move(m, o.id, { to: 'cancelled' })).body.data.status, 'cancelled');
      assert.deepEqual([await stockOf(skuIds[0]), await stockOf(skuIds[1])], [5, 2]);
      assert.equal((await move(m, o.id, { to: 'paid' })).status, 409, 'nothing happens after cancelled');
    });

    it('refunds the payment and returns the stock when a paid order is cancelled', async () => {
      const { m, skuIds, customerId } = await shop();
      const o = (await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 2 }] })).body.data;
      await move(m, o.id, { to: 'paid' });
      const res = await move(m, o.id, { to: 'cancelled' });
      assert.deepEqual([res.body.data.paid, res.body.data.refunded], [20, 20]);
      assert.equal(await stockOf(skuIds[0]), 5);
    });

    it('counts payments recorded before "paid", recording only what is outstanding', async () => {
      const { m, skuIds, customerId } = await shop();
      const o = (await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 3 }] })).body.data;
      const part = await call('POST', `/v1/orders/${o.id}/payments`, { headers: m.auth, body: { method: 'card', amount: 10 } });
      assert.equal(part.status, 201, part.raw);
      const paid = await move(m, o.id, { to: 'paid' });
      assert.deepEqual([paid.body.data.paid, paid.body.data.history.at(-1).amount], [30, 20]);
      const payments = await t.container.db.kysely.selectFrom('payments').select(['kind', 'method', 'amount_minor']).where('order_id', '=', o.id).orderBy('id').execute();
      assert.deepEqual(payments.map((p: { method: string; amount_minor: number }) => [p.method, Number(p.amount_minor)]), [['card', 1000], ['manual', 2000]]);
    });

    it('refunds in parts, never more than was paid', async () => {
      const { m, skuIds, customerId } = await shop();
      const o = (await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 3 }] })).body.data;
      assert.equal((await move(m, o.id, { to: 'partially_refunded', amount: 5 })).status, 409, 'nothing to refund before payment');
      await move(m, o.id, { to: 'paid' });
      const part = await move(m, o.id, { to: 'partially_refunded', amount: 12.5 });
      assert.deepEqual([part.body.data.status, part.body.data.refunded], ['partially_refunded', 12.5]);
      assert.equal((await call('GET', `/v1/orders/${o.id}/transitions`, { headers: m.auth })).body.data.refundable, 17.5);
      const tooMuch = await move(m, o.id, { to: 'partially_refunded', amount: 17.51 });
      assert.equal(tooMuch.status, 409);
      assert.equal(tooMuch.body.error.code, 'REFUND_EXCEEDS_PAYMENT');
      for (const [amount, rule] of [[0, /more than 0/], [1.005, /2 decimal places/], [undefined, /required/]] as const) {
        const res = await move(m, o.id, { to: 'partially_refunded', ...(amount === undefined ? {} : { amount }) });
        assert.equal(res.status, 422);
        assert.match(res.body.error.details[0].rule, rule);
      }
      const rest = await move(m, o.id, { to: 'partially_refunded', amount: 17.5 });
      assert.deepEqual([rest.body.data.status, rest.body.data.refunded], ['refunded', 30], 'refunding what is left completes the refund');
      const payments = await t.container.db.kysely.selectFrom('payments').select(['kind', 'amount_minor']).where('order_id', '=', o.id).orderBy('id').execute();
      assert.deepEqual(payments.map((p: { kind: string; amount_minor: number }) => [p.kind, Number(p.amount_minor)]), [['payment', 3000], ['refund', 1250], ['refund', 1750]]);
    });
  });

  describe('reading and changing', () => {
    it('lists with filters and cursor pagination, and changes only the note and addresses', async () => {
      const { m, skuIds, customerId } = await shop({ stock: [50, 50] });
      const other = await insertCustomer(t, m.storeId, { name: 'Other' });
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) ids.push((await place(m, { customerId: i === 4 ? other : customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] })).body.data.id);
      await move(m, ids[0]!, { to: 'paid' });
      const list = (q: string) => call('GET', `/v1/orders?${q}`, { headers: m.auth });
      assert.deepEqual((await list('status=paid')).body.data.map((o: { id: string }) => o.id), [ids[0]]);
      assert.deepEqual((await list(`customerId=${other}`)).body.data.map((o: { id: string }) => o.id), [ids[4]]);
      assert.equal((await list(`from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).body.data.length, 0);
      assert.equal((await list(`to=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).body.data.length, 5);
      const first = await list('limit=2&sort=createdAt');
      const second = await list(`limit=2&sort=createdAt&cursor=${first.body.pagination.nextCursor}`);
      assert.deepEqual([...first.body.data, ...second.body.data].map((o: { id: string }) => o.id), ids.slice(0, 4));
      for (const bad of ['status=lost', 'limit=0', 'from=yesterday', 'cursor=zzz']) assert.equal((await list(bad)).status, 422, bad);
      const patched = await call('PATCH', `/v1/orders/${ids[1]}`, { headers: m.auth, body: { note: 'leave at door' } });
      assert.equal(patched.body.data.note, 'leave at door');
      assert.equal(patched.body.data.total, 10);
      assert.equal((await call('PATCH', `/v1/orders/${ids[1]}`, { headers: m.auth, body: { total: 0 } })).status, 422);
    });

    it('finds an order by its number exactly as shown, never another store\'s or the other mode\'s, and refuses a malformed number with 422 naming number', async () => {
      const { m, skuIds, customerId } = await shop({ stock: [50, 50] });
      const placed: Array<{ id: string; number: string }> = [];
      for (let i = 0; i < 3; i += 1) placed.push((await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] })).body.data);
      const list = (merchant: Merchant, q: string) => call('GET', `/v1/orders?${q}`, { headers: merchant.auth });
      const found = await list(m, `number=${placed[1]!.number}`);
      assert.equal(found.status, 200, found.raw);
      assert.deepEqual(found.body.data.map((o: { id: string; number: string }) => [o.id, o.number]), [[placed[1]!.id, placed[1]!.number]]);
      assert.equal(found.body.pagination.nextCursor, null);
      assert.deepEqual((await list(m, `number=${placed[1]!.number}&status=paid`)).body.data, [], 'the other filters still apply');
      assert.deepEqual((await list(m, `number=${placed[1]!.number.toLowerCase()}`)).body.data, [], 'an exact match: case counts');
      assert.deepEqual((await list(m, `number=${placed[1]!.number.slice(0, -1)}`)).body.data, [], 'an exact match: no prefix search');

      // Another merchant with the same order numbers sees only its own order; nobody sees the first store's.
      const rival = await shop({ stock: [50, 50] });
      const theirs = (await place(rival.m, { customerId: rival.customerId, lines: [{ skuId: rival.skuIds[0], quantity: 1 }] })).body.data;
      assert.equal(theirs.number, placed[0]!.number, 'both stores number their orders the same way');
      assert.deepEqual((await list(rival.m, `number=${placed[1]!.number}`)).body.data, [], "another store's order is not found");
      assert.deepEqual((await list(rival.m, `number=${theirs.number}`)).body.data.map((o: { id: string }) => o.id), [theirs.id]);
      assert.deepEqual((await list(m, `number=${theirs.number}`)).body.data.map((o: { id: string }) => o.id), [placed[0]!.id]);
      const testKey = await createApiKey(t.app, m, { mode: 'test' });
      const inTest = await call('GET', `/v1/orders?number=${placed[1]!.number}`, { headers: { 'x-merchantapikey': testKey.key } });
      assert.equal(inTest.status, 200, inTest.raw);
      assert.deepEqual(inTest.body.data, [], "the test mode does not see the live mode's order");

      for (const bad of ['', 'ORD 1', 'ORD-1%3B', 'x'.repeat(41), 'ORD-1&number=ORD-2']) {
        const res = await list(m, `number=${bad}`);
        assert.equal(res.status, 422, `${bad}: ${res.raw}`);
        assert.equal(res.body.error.code, 'VALIDATION_FAILED');
        assert.equal(res.body.error.details[0].path, 'number', res.raw);
      }
    });

    it('names the customer (as they are named now) in the list, the order, its moves and the CSV export, changing the ETag on a rename', async () => {
      const { m, skuIds, customerId } = await shop({ stock: [50, 50] });
      const created = await call('POST', '/v1/customers', { headers: m.auth, body: { name: 'Dana Other', email: 'dana@example.com' } });
      assert.equal(created.status, 201, created.raw);
      const other = created.body.data.id as string;
      const placed = await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] });
      assert.equal(placed.body.data.customerName, 'Casey Customer');
      const second = (await place(m, { customerId: other, lines: [{ skuId: skuIds[0], quantity: 1 }] })).body.data;
      const list = await call('GET', '/v1/orders', { headers: m.auth });
      assert.deepEqual(
        list.body.data.map((o: { customerId: string; customerName: string }) => [o.customerId, o.customerName]),
        [
          [other, 'Dana Other'],
          [customerId, 'Casey Customer'],
        ],
      );
      const before = await call('GET', `/v1/orders/${second.id}`, { headers: m.auth });
      assert.equal(before.body.data.customerName, 'Dana Other');
      const renamed = await call('PATCH', `/v1/customers/${other}`, { headers: m.auth, body: { name: 'Dana Renamed' } });
      assert.equal(renamed.status, 200, renamed.raw);
      const after = await call('GET', `/v1/orders/${second.id}`, { headers: m.auth });
      assert.equal(after.body.data.customerName, 'Dana Renamed');
      assert.notEqual(after.headers.etag, before.headers.etag, 'the body changed, so did its ETag');
      const revalidated = await t.app.inject({ method: 'GET', url: `/v1/orders/${second.id}`, headers: { ...m.auth, 'if-none-match': String(before.headers.etag) } });
      assert.equal(revalidated.statusCode, 200, 'the old tag no longer matches');
      assert.equal((await move(m, second.id, { to: 'paid' })).body.data.customerName, 'Dana Renamed');

      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC' }).format(new Date());
      const exported = await t.app.inject({ method: 'GET', url: `/v1/exports/orders.csv?from=${today}&to=${today}`, headers: m.auth });
      const rows = exported.body.trim().split('\r\n');
      assert.equal(rows[0], 'number,id,createdAt,status,customerId,customerName,currency,subtotal,discount,deliveryFee,total,paid,refunded,promotionCode,tax,net,pricesIncludeTax,taxRefunded,paymentStatus,fulfilmentStatus');
      assert.deepEqual(
        rows.slice(1).map((r) => r.split(',').slice(3, 6)),
        [
          ['pending', customerId, 'Casey Customer'],
          ['paid', other, 'Dana Renamed'],
        ],
      );
      const paidOnly = await t.app.inject({ method: 'GET', url: `/v1/exports/orders.csv?from=${today}&to=${today}&status=paid`, headers: m.auth });
      assert.equal(paidOnly.statusCode, 200);
      assert.deepEqual(
        paidOnly.body.trim().split('\r\n').slice(1).map((r) => r.split(',')[1]),
        [second.id],
      );
      assert.equal(paidOnly.headers['content-disposition'], `attachment; filename="orders-paid-${today}-to-${today}.csv"`);
      const badStatus = await call('GET', `/v1/exports/orders.csv?from=${today}&to=${today}&status=lost`, { headers: m.auth });
      assert.equal(badStatus.status, 422);
      assert.equal(badStatus.body.error.details[0].path, 'status');
    });

    it("answers another store's order with 404 and keeps modes apart", async () => {
      const mine = await shop();
      const theirs = await shop();
      const o = (await place(theirs.m, { customerId: theirs.customerId, lines: [{ skuId: theirs.skuIds[0], quantity: 1 }] })).body.data;
      for (const [method, url, body] of [
        ['GET', `/v1/orders/${o.id}`],
        ['PATCH', `/v1/orders/${o.id}`, { note: 'x' }],
        ['GET', `/v1/orders/${o.id}/transitions`],
        ['POST', `/v1/orders/${o.id}/transitions`, { to: 'cancelled' }],
      ] as const) {
        assert.equal((await call(method, url, { headers: mine.m.auth, body })).status, 404, `${method} ${url}`);
      }
      assert.equal((await call('GET', `/v1/orders/${o.id}`, { headers: theirs.m.auth })).body.data.status, 'pending');
      const cross = await place(mine.m, { customerId: theirs.customerId, lines: [{ skuId: mine.skuIds[0], quantity: 1 }] });
      assert.equal(cross.status, 422, "another store's customer");
      const crossSku = await place(mine.m, { customerId: mine.customerId, lines: [{ skuId: theirs.skuIds[0], quantity: 1 }] });
      assert.equal(crossSku.status, 422, "another store's SKU");
      assert.equal((await call('GET', `/v1/orders/${o.id}`, { headers: { ...theirs.m.auth, 'x-mode': 'test' } })).status, 404);
    });

    it('needs orders:read to read and orders:write to write (403 naming it)', async () => {
      const { m, skuIds, customerId } = await shop();
      const o = (await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] })).body.data;
      const reader = await createApiKey(t.app, m, { permissions: ['orders:read'] });
      const none = await createApiKey(t.app, m, { permissions: ['products:read'] });
      for (const url of ['/v1/orders', `/v1/orders/${o.id}`, `/v1/orders/${o.id}/transitions`]) {
        const res = await call('GET', url, { headers: { 'x-merchantapikey': none.key } });
        assert.equal(res.status, 403, url);
        assert.match(res.body.message, /orders:read/);
      }
      for (const [method, url, body] of [
        ['POST', '/v1/orders', { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] }],
        ['PATCH', `/v1/orders/${o.id}`, { note: 'x' }],
        ['POST', `/v1/orders/${o.id}/transitions`, { to: 'paid' }],
      ] as const) {
        const res = await call(method, url, { headers: { 'x-merchantapikey': reader.key }, body });
        assert.equal(res.status, 403, `${method} ${url}`);
        assert.match(res.body.message, /orders:write/);
      }
    });
  });

  describe('promotions', () => {
    const promo = (m: Merchant, body: Record<string, unknown>) => call('POST', '/v1/promotions', { headers: m.auth, body: { kind: 'percentage', value: 10, ...body } });

    it('applies a percentage or a fixed discount at order creation', async () => {
      const { m, skuIds, customerId } = await shop({ stock: [50, 50] });
      await promo(m, { code: 'TENOFF' });
      await promo(m, { code: 'FIVE', kind: 'fixed', value: 5 });
      const pct = await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 3 }], promotionCode: 'tenoff' });
      assert.deepEqual([pct.body.data.subtotal, pct.body.data.discount, pct.body.data.total, pct.body.data.promotionCode], [30, 3, 27, 'TENOFF']);
      const fixed = await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 3 }], promotionCode: 'FIVE' });
      assert.deepEqual([fixed.body.data.discount, fixed.body.data.total], [5, 25]);
      const list = await call('GET', '/v1/promotions', { headers: m.auth });
      assert.deepEqual(list.body.data.map((p: { code: string; timesUsed: number }) => [p.code, p.timesUsed]).sort(), [['FIVE', 1], ['TENOFF', 1]]);
    });

    for (const [name, body, reason] of [
      ['an unknown code', null, /no promotion has the code/],
      ['a switched-off code', { active: false }, /switched off/],
      ['a code not started yet', { startsAt: new Date(Date.now() + 86_400_000).toISOString() }, /starts at/],
      ['an ended code', { startsAt: new Date(Date.now() - 172_800_000).toISOString(), endsAt: new Date(Date.now() - 86_400_000).toISOString() }, /ended at/],
      ['a subtotal under the minimum', { minSubtotal: 100 }, /at least 100 USD/],
    ] as const) {
      it(`refuses ${name} with 422 and the reason, writing nothing`, async () => {
        const { m, skuIds, customerId } = await shop();
        if (body) await promo(m, { code: 'CODE1', ...body });
        const res = await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }], promotionCode: 'CODE1' });
        assert.equal(res.status, 422, res.raw);
        assert.equal(res.body.error.code, 'PROMOTION_NOT_APPLICABLE');
        assert.equal(res.body.error.details[0].path, 'promotionCode');
        assert.match(res.body.message, reason);
        assert.equal(await stockOf(skuIds[0]), 5);
      });
    }

    it('stops at the total and the per-customer usage limits, even under concurrency', async () => {
      const { m, skuIds, customerId } = await shop({ stock: [50, 50] });
      await promo(m, { code: 'ONCEEACH', perCustomerLimit: 1 });
      assert.equal((await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }], promotionCode: 'ONCEEACH' })).status, 201);
      const again = await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }], promotionCode: 'ONCEEACH' });
      assert.equal(again.status, 422);
      assert.match(again.body.message, /this customer/);
      await promo(m, { code: 'THREE', usageLimit: 3 });
      const customers = await Promise.all(Array.from({ length: 6 }, () => insertCustomer(t, m.storeId)));
      const results = await Promise.all(customers.map((c) => place(m, { customerId: c, lines: [{ skuId: skuIds[0], quantity: 1 }], promotionCode: 'THREE' })));
      assert.equal(results.filter((r) => r.status === 201).length, 3, results.map((r) => r.status).join(','));
      const p = (await call('GET', '/v1/promotions', { headers: m.auth })).body.data.find((x: { code: string }) => x.code === 'THREE');
      assert.equal(p.timesUsed, 3);
    });

    it('validates promotions: code, value, window, uniqueness', async () => {
      const { m } = await shop();
      for (const [body, path] of [
        [{ code: 'x' }, 'code'],
        [{ code: 'BIG', value: 150 }, 'value'],
        [{ code: 'ZERO', value: 0 }, 'value'],
        [{ code: 'CENTS', kind: 'fixed', value: 1.234 }, 'value'],
        [{ code: 'BACKWARDS', startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-11-01T00:00:00Z' }, 'endsAt'],
        [{ code: 'KIND', kind: 'bogo' }, 'kind'],
      ] as const) {
        const res = await promo(m, body);
        assert.equal(res.status, 422, JSON.stringify(body));
        assert.equal(res.body.error.details[0].path, path);
      }
      assert.equal((await promo(m, { code: 'SAME' })).status, 201);
      const dup = await promo(m, { code: 'same' });
      assert.equal(dup.status, 409);
      assert.equal(dup.body.error.code, 'PROMOTION_CODE_TAKEN');
      assert.equal((await call('GET', '/v1/promotions', { headers: m.auth })).body.data.length, 1);
    });

    it('changes and deletes promotions; another store’s is 404; permissions apply', async () => {
      const { m } = await shop();
      const p = (await promo(m, { code: 'EDITME' })).body.data;
      const edited = await call('PATCH', `/v1/promotions/${p.id}`, { headers: m.auth, body: { value: 15, usageLimit: 10 } });
      assert.deepEqual([edited.body.data.value, edited.body.data.usageLimit, edited.body.data.code], [15, 10, 'EDITME']);
      const other = await signup(t.app);
      for (const [method, body] of [['GET'], ['PATCH', { value: 1 }], ['DELETE']] as const) {
        assert.equal((await call(method, `/v1/promotions/${p.id}`, { headers: other.auth, body })).status, 404, method);
      }
      const reader = await createApiKey(t.app, m, { permissions: ['promotions:read'] });
      const denied = await call('DELETE', `/v1/promotions/${p.id}`, { headers: { 'x-merchantapikey': reader.key } });
      assert.equal(denied.status, 403);
      assert.match(denied.body.message, /promotions:write/);
      const none = await createApiKey(t.app, m, { permissions: ['orders:read'] });
      assert.equal((await call('GET', '/v1/promotions', { headers: { 'x-merchantapikey': none.key } })).status, 403);
      assert.equal((await call('DELETE', `/v1/promotions/${p.id}`, { headers: m.auth })).status, 200);
      assert.equal((await call('GET', `/v1/promotions/${p.id}`, { headers: m.auth })).status, 404);
    });
  });

  describe('sales summary and exports', () => {
    it('agrees exactly with the orders: sales net of refunds over paid orders, counts, average, new customers', async () => {
      const { m, skuIds, customerId } = await shop({ stock: [100, 100] });
      const ids: string[] = [];
      for (let i = 0; i < 6; i += 1) ids.push((await place(m, { customerId, lines: [{ skuId: skuIds[i % 2], quantity: i + 1 }] })).body.data.id);
      for (const id of ids.slice(0, 4)) await move(m, id, { to: 'paid' });
      await move(m, ids[1]!, { to: 'partially_refunded', amount: 7.5 });
      await move(m, ids[2]!, { to: 'cancelled' });
      await move(m, ids[5]!, { to: 'cancelled' });
      const orders = (await call('GET', '/v1/orders?limit=100', { headers: m.auth })).body.data as Array<{ status: string; paid: number; refunded: number }>;
      const sales = orders.filter((o) => ['paid', 'fulfilled', 'delivered', 'partially_refunded', 'refunded'].includes(o.status));
      const expectedTotal = Math.round(sales.reduce((s, o) => s + (o.paid - o.refunded) * 100, 0)) / 100;
      const res = await call('GET', '/v1/dashboard/overview/summary?period=today', { headers: m.auth });
      assert.equal(res.status, 200);
      const p = res.body.data.period;
      assert.equal(p.salesTotal, expectedTotal);
      assert.equal(p.orderCount, sales.length);
      assert.equal(p.averageOrderValue, Math.round((expectedTotal / sales.length) * 100) / 100);
      assert.equal(p.newCustomers, 1);
      assert.deepEqual(res.body.data.series, [{ date: p.from, salesTotal: expectedTotal, salesTax: 0, orderCount: sales.length }]);
      assert.deepEqual([res.body.data.previous.salesTotal, res.body.data.previous.orderCount], [0, 0]);
      const week = await call('GET', '/v1/dashboard/overview/summary?period=7d', { headers: m.auth });
      assert.equal(week.body.data.series.length, 7);
      assert.equal(week.body.data.period.salesTotal, expectedTotal);
      const today = p.from;
      const csvOrders = await t.app.inject({ method: 'GET', url: `/v1/exports/orders.csv?from=${today}&to=${today}`, headers: m.auth });
      assert.equal(csvOrders.statusCode, 200);
      assert.match(String(csvOrders.headers['content-type']), /^text\/csv/);
      assert.match(String(csvOrders.headers['content-disposition']), /attachment; filename="orders-/);
      const lines = csvOrders.body.trim().split('\r\n');
      assert.equal(lines.length, 7, 'a header and six orders');
      assert.equal(lines[0], 'number,id,createdAt,status,customerId,customerName,currency,subtotal,discount,deliveryFee,total,paid,refunded,promotionCode,tax,net,pricesIncludeTax,taxRefunded,paymentStatus,fulfilmentStatus');
      const daily = await t.app.inject({ method: 'GET', url: `/v1/exports/daily-sales.csv?from=${today}&to=${today}`, headers: m.auth });
      assert.equal(daily.body, `date,orders,sales,currency,tax\r\n${today},${sales.length},${expectedTotal},USD,0\r\n`);
    });

    it('counts days in the store time zone and compares with the previous period of the same length', async () => {
      const { m } = await shop();
      await call('PATCH', '/v1/merchants/profile/business', { headers: m.auth, body: { timezone: 'Pacific/Kiritimati' } });
      const res = await call('GET', '/v1/dashboard/overview/summary?period=range&from=2026-01-01&to=2026-01-10', { headers: m.auth });
      assert.equal(res.body.data.timeZone, 'Pacific/Kiritimati');
      assert.deepEqual([res.body.data.previous.from, res.body.data.previous.to], ['2025-12-22', '2025-12-31']);
      assert.equal(res.body.data.series.length, 10);
      for (const q of ['period=range', 'period=range&from=2026-02-01&to=2026-01-01', 'period=range&from=2024-01-01&to=2026-01-01', 'period=year']) {
        assert.equal((await call('GET', `/v1/dashboard/overview/summary?${q}`, { headers: m.auth })).status, 422, q);
      }
    });

    it('uses the 5-minute window with stale-while-revalidate 10 minutes when asked', async () => {
      const { m } = await shop();
      for (const extra of [{ 'x-enable-cache': 'true' }, { 'x-service-client': 'dashboard' }] as Array<Record<string, string>>) {
        const res = await call('GET', '/v1/dashboard/overview/summary', { headers: { ...m.auth, ...extra } });
        assert.equal(res.headers['cache-control'], 'max-age=300, private, stale-while-revalidate=600');
        assert.equal(res.headers.vary, 'Authorization, X-Mode, X-MerchantId, X-Service-Client, X-Enable-Cache, X-MerchantApiKey, X-PublishableKey');
      }
      assert.equal((await call('GET', '/v1/dashboard/overview/summary', { headers: m.auth })).headers['cache-control'], 'no-cache, private');
    });

    it('needs analytics:read (403 naming it) and shows nothing of other stores', async () => {
      const { m } = await shop();
      const key = await createApiKey(t.app, m, { permissions: ['orders:read'] });
      for (const url of ['/v1/dashboard/overview/summary', '/v1/exports/orders.csv?from=2026-01-01&to=2026-01-02', '/v1/exports/daily-sales.csv?from=2026-01-01&to=2026-01-02']) {
        const res = await call('GET', url, { headers: { 'x-merchantapikey': key.key } });
        assert.equal(res.status, 403, url);
        assert.match(res.body.message, /analytics:read/);
      }
      // An analytics-only key reads figures, not the orders behind them: the orders export is a read of orders.
      const analyst = { 'x-merchantapikey': (await createApiKey(t.app, m, { permissions: ['analytics:read'] })).key };
      assert.equal((await call('GET', '/v1/exports/daily-sales.csv?from=2026-01-01&to=2026-01-02', { headers: analyst })).status, 200);
      const orders = await call('GET', '/v1/exports/orders.csv?from=2026-01-01&to=2026-01-02', { headers: analyst });
      assert.equal(orders.status, 403, orders.raw);
      assert.equal(orders.body.error.details[0].rule, 'orders:read');
      const stranger = await signup(t.app);
      assert.equal((await call('GET', '/v1/dashboard/overview/summary?period=today', { headers: stranger.auth })).body.data.period.orderCount, 0);
    });
  });
});
