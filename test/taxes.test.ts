import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/db.ts';
import { migrateToLatest, migrateUpTo } from '../src/db/migrations/index.ts';
import { createOrderRepo } from '../src/db/order-repo.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { insertCustomer, variableProduct } from './helpers/catalog.ts';
import { createTestDatabase, describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { storeContext } from './helpers/delivery-payments.ts';
import { TOOLS } from '../src/mcp/tools/index.ts';

type Body = Record<string, unknown>;

describeEachDatabase('taxes', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
  });
  after(() => t?.close());

  const createRegion = (who: Merchant, body: Body, headers: Record<string, string> = {}) => call('POST', '/v1/tax-regions', { headers: { ...who.auth, ...headers }, body });
  async function region(who: Merchant, body: Body): Promise<string> {
    const res = await createRegion(who, body);
    assert.equal(res.status, 201, res.raw);
    return res.body.data.id;
  }
  const count = async (table: 'tax_regions' | 'orders' | 'products' | 'audit_logs', storeId: string) =>
    Number((await (t.container.db.kysely as any).selectFrom(table).select((eb: any) => eb.fn.countAll().as('n')).where('store_id', '=', storeId).executeTakeFirstOrThrow()).n);
  const regionsOf = async (who: Merchant) => (await call('GET', '/v1/tax-regions?limit=100', { headers: who.auth })).body.data;

  describe('tax regions', () => {
    it('creates a region with its rates, reads it, pages the list, changes it, deletes it, and audits each write', async () => {
      const m = await signup(t.app);
      const res = await createRegion(m, { countryId: 'gb', rates: { standard: 2000, reduced: 500, zero: 0 } });
      assert.equal(res.status, 201, res.raw);
      const r = res.body.data;
      assert.match(r.id, /^taxr_/);
      assert.deepEqual([r.name, r.countryId, r.stateId, r.rates], ['GB', 'GB', null, { standard: 2000, reduced: 500, zero: 0 }]);
      assert.deepEqual((await call('GET', `/v1/tax-regions/${r.id}`, { headers: m.auth })).body.data, r);
      const tx = await region(m, { name: 'Texas', countryId: 'US', stateId: 'us-tx', rates: { standard: 625, groceries: 0 } });
      const first = await call('GET', '/v1/tax-regions?limit=1', { headers: m.auth });
      assert.deepEqual([first.body.data.map((x: { id: string }) => x.id), first.body.pagination.hasMore], [[r.id], true]);
      const next = await call('GET', `/v1/tax-regions?limit=1&cursor=${first.body.pagination.nextCursor}`, { headers: m.auth });
      assert.deepEqual(next.body.data.map((x: { id: string }) => x.id), [tx]);
      const changed = await call('PATCH', `/v1/tax-regions/${r.id}`, { headers: m.auth, body: { name: 'United Kingdom', rates: { standard: 2000, reduced: 500 } } });
      assert.equal(changed.status, 200, changed.raw);
      assert.deepEqual([changed.body.data.name, changed.body.data.rates], ['United Kingdom', { standard: 2000, reduced: 500 }], 'rates replaces the whole table');
      assert.ok(changed.headers.etag);
      const stale = await call('PATCH', `/v1/tax-regions/${r.id}`, { headers: { ...m.auth, 'if-match': '"stale"' }, body: { name: 'x' } });
      assert.equal(stale.status, 412);
      assert.equal((await call('DELETE', `/v1/tax-regions/${r.id}`, { headers: m.auth })).status, 200);
      assert.equal((await call('GET', `/v1/tax-regions/${r.id}`, { headers: m.auth })).status, 404);
      assert.equal((await call('DELETE', `/v1/tax-regions/${r.id}`, { headers: m.auth })).body.error.code, 'TAX_REGION_NOT_FOUND');
      const actions = (await t.container.db.kysely.selectFrom('audit_logs').select('action').where('store_id', '=', m.storeId).where('action', 'like', 'tax_region.%').orderBy('id').execute()).map((a) => a.action);
      assert.deepEqual(actions, ['tax_region.create', 'tax_region.create', 'tax_region.update', 'tax_region.delete']);
    });

    const cases: Array<[string, Body, string]> = [
      ['no country', { rates: { standard: 2000 } }, 'countryId'],
      ['a country id of three letters', { countryId: 'GBR', rates: { standard: 2000 } }, 'countryId'],
      ['an unknown country', { countryId: 'XX', rates: { standard: 2000 } }, 'countryId'],
      ['a state of another country', { countryId: 'US', stateId: 'DE-BE', rates: { standard: 2000 } }, 'stateId'],
      ['an unknown state', { countryId: 'US', stateId: 'US-ZZ', rates: { standard: 2000 } }, 'stateId'],
      ['a malformed state id', { countryId: 'US', stateId: 'texas', rates: { standard: 2000 } }, 'stateId'],
      ['no rates', { countryId: 'GB' }, 'rates'],
      ['rates that are not an object', { countryId: 'GB', rates: [2000] }, 'rates'],
      ['rates without standard', { countryId: 'GB', rates: { reduced: 500 } }, 'rates.standard'],
      ['a negative rate', { countryId: 'GB', rates: { standard: -1 } }, 'rates.standard'],
      ['a rate above 100 %', { countryId: 'GB', rates: { standard: 10_001 } }, 'rates.standard'],
      ['a rate in fractions of a basis point', { countryId: 'GB', rates: { standard: 20.5 } }, 'rates.standard'],
      ['a rate that is not a number', { countryId: 'GB', rates: { standard: '20%' } }, 'rates.standard'],
      ['a tax class name with spaces', { countryId: 'GB', rates: { standard: 2000, 'Kids Clothes': 0 } }, 'rates.Kids Clothes'],
      ['more than 20 tax classes', { countryId: 'GB', rates: Object.fromEntries([['standard', 1], ...Array.from({ length: 20 }, (_, i) => [`c${i}`, 1])]) }, 'rates'],
      ['an empty name', { name: ' ', countryId: 'GB', rates: { standard: 2000 } }, 'name'],
      ['a field regions do not have', { countryId: 'GB', rates: { standard: 2000 }, vat: true }, '(body)'],
    ];
    for (const [name, body, path] of cases) {
      it(`refuses ${name} with 422 naming ${path}, writing nothing`, async () => {
        const m = await signup(t.app);
        const res = await createRegion(m, body);
        assert.equal(res.status, 422, res.raw);
        assert.equal(res.body.error.code, 'VALIDATION_FAILED');
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        assert.equal(await count('tax_regions', m.storeId), 0);
      });
    }

    it('refuses a change that breaks a rule with 422 naming the field, changing nothing', async () => {
      const m = await signup(t.app);
      const id = await region(m, { countryId: 'US', rates: { standard: 500 } });
      const before = (await call('GET', `/v1/tax-regions/${id}`, { headers: m.auth })).body.data;
      for (const [body, path] of [
        [{ rates: { reduced: 100 } }, 'rates.standard'],
        [{ stateId: 'DE-BE' }, 'stateId'],
        [{ countryId: 'XX' }, 'countryId'],
        [{ rates: { standard: 10_001 } }, 'rates.standard'],
      ] as Array<[Body, string]>) {
        const res = await call('PATCH', `/v1/tax-regions/${id}`, { headers: m.auth, body });
        assert.equal(res.status, 422, res.raw);
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
      }
      assert.deepEqual((await call('GET', `/v1/tax-regions/${id}`, { headers: m.auth })).body.data, before);
    });

    it('gives a place one region: a second for the same country or state is 409 TAX_REGION_TAKEN, nothing written', async () => {
      const m = await signup(t.app);
      const us = await region(m, { countryId: 'US', rates: { standard: 0 } });
      await region(m, { countryId: 'US', stateId: 'US-TX', rates: { standard: 625 } });
      const again = await createRegion(m, { countryId: 'us', rates: { standard: 100 } });
      assert.equal(again.status, 409, again.raw);
      assert.equal(again.body.error.code, 'TAX_REGION_TAKEN');
      assert.equal(again.body.error.details[0].path, 'countryId');
      const state = await createRegion(m, { countryId: 'US', stateId: 'US-TX', rates: { standard: 100 } });
      assert.deepEqual([state.status, state.body.error.details[0].path], [409, 'stateId']);
      const moved = await call('PATCH', `/v1/tax-regions/${us}`, { headers: m.auth, body: { stateId: 'US-TX' } });
      assert.equal(moved.status, 409);
      assert.equal(await count('tax_regions', m.storeId), 2);
      assert.equal((await createRegion(m, { countryId: 'US', rates: { standard: 100 } }, { 'x-mode': 'test' })).status, 201, 'regions are per mode');
    });

    it("answers 404 for another store's region and changes nothing", async () => {
      const mine = await signup(t.app);
      const theirs = await signup(t.app);
      const id = await region(theirs, { countryId: 'FR', rates: { standard: 2000 } });
      for (const [method, body] of [['GET', undefined], ['PATCH', { name: 'Mine now' }], ['DELETE', undefined]] as const) {
        const res = await call(method, `/v1/tax-regions/${id}`, { headers: mine.auth, body });
        assert.equal(res.status, 404, `${method}: ${res.raw}`);
        assert.equal(res.body.error.code, 'TAX_REGION_NOT_FOUND');
      }
      assert.deepEqual(await regionsOf(mine), []);
      assert.equal((await call('GET', `/v1/tax-regions/${id}`, { headers: theirs.auth })).body.data.name, 'FR');
    });

    it('needs settings:read to read and settings:write to change (403 naming it, nothing written)', async () => {
      const owner = await signup(t.app);
      const id = await region(owner, { countryId: 'GB', rates: { standard: 2000 } });
      const reader = { 'x-merchantapikey': (await createApiKey(t.app, owner, { permissions: ['settings:read'] })).key };
      const none = { 'x-merchantapikey': (await createApiKey(t.app, owner, { permissions: ['products:read'] })).key };
      const routes = [
        ['GET', '/v1/tax-regions', undefined],
        ['GET', `/v1/tax-regions/${id}`, undefined],
        ['POST', '/v1/tax-regions', { countryId: 'FR', rates: { standard: 2000 } }],
        ['PATCH', `/v1/tax-regions/${id}`, { name: 'x' }],
        ['DELETE', `/v1/tax-regions/${id}`, undefined],
      ] as const;
      for (const [method, url, body] of routes) {
        const asReader = await call(method, url, { headers: reader, body });
        if (method === 'GET') assert.equal(asReader.status, 200, `${method} ${url}`);
        else {
          assert.equal(asReader.status, 403, `${method} ${url}`);
          assert.match(asReader.body.message, /settings:write/);
        }
        const asNone = await call(method, url, { headers: none, body });
        assert.equal(asNone.status, 403, `${method} ${url}`);
        assert.match(asNone.body.message, method === 'GET' ? /settings:read/ : /settings:write/);
      }
      const left = await regionsOf(owner);
      assert.deepEqual(left.map((r: { id: string; name: string }) => [r.id, r.name]), [[id, 'GB']]);
    });
  });

  describe('tax settings and tax classes', () => {
    it('keeps pricesIncludeTax and the shipping tax class in the store settings, per mode', async () => {
      const m = await signup(t.app);
      const initial = (await call('GET', '/v1/settings', { headers: m.auth })).body.data;
      assert.deepEqual([initial.pricesIncludeTax, initial.shippingTaxClass], [false, 'standard']);
      const res = await call('PATCH', '/v1/settings', { headers: m.auth, body: { pricesIncludeTax: true, shippingTaxClass: 'reduced' } });
      assert.equal(res.status, 200, res.raw);
      assert.deepEqual([res.body.data.pricesIncludeTax, res.body.data.shippingTaxClass], [true, 'reduced']);
      const test = (await call('GET', '/v1/settings', { headers: { ...m.auth, 'x-mode': 'test' } })).body.data;
      assert.deepEqual([test.pricesIncludeTax, test.shippingTaxClass], [false, 'standard']);
    });

    for (const [body, path] of [
      [{ pricesIncludeTax: 'yes' }, 'pricesIncludeTax'],
      [{ shippingTaxClass: 'Not A Class' }, 'shippingTaxClass'],
    ] as Array<[Body, string]>) {
      it(`refuses settings with a bad ${path} (422 naming it, nothing written)`, async () => {
        const m = await signup(t.app);
        const res = await call('PATCH', '/v1/settings', { headers: m.auth, body: { ...body, orderNumberPrefix: 'X-' } });
        assert.equal(res.status, 422, res.raw);
        assert.equal(res.body.error.details[0].path, path);
        const now = (await call('GET', '/v1/settings', { headers: m.auth })).body.data;
        assert.deepEqual([now.orderNumberPrefix, now.pricesIncludeTax, now.shippingTaxClass], ['ORD-', false, 'standard']);
      });
    }

    it('gives a product the standard class by default, takes another, and lets a SKU override it', async () => {
      const m = await signup(t.app);
      const plain = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'SIMPLE', name: 'Mug', price: 10, quantityInStock: 1 } });
      assert.equal(plain.body.data.taxClass, 'standard');
      const book = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'SIMPLE', name: 'Book', price: 10, quantityInStock: 1, taxClass: 'reduced' } });
      assert.equal(book.body.data.taxClass, 'reduced');
      const changed = await call('PATCH', `/v1/products/${plain.body.data.id}`, { headers: m.auth, body: { taxClass: 'zero' } });
      assert.equal(changed.body.data.taxClass, 'zero');
      const bad = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'SIMPLE', name: 'Bad', price: 10, quantityInStock: 1, taxClass: 'Reduced Rate' } });
      assert.equal(bad.status, 422);
      assert.equal(bad.body.error.details[0].path, 'taxClass');
      const badPatch = await call('PATCH', `/v1/products/${plain.body.data.id}`, { headers: m.auth, body: { taxClass: '' } });
      assert.deepEqual([badPatch.status, badPatch.body.error.details[0].path], [422, 'taxClass']);
      assert.equal((await call('GET', `/v1/products/${plain.body.data.id}`, { headers: m.auth })).body.data.taxClass, 'zero', 'nothing written');
      assert.equal(await count('products', m.storeId), 2);
    });
  });

  describe('orders', () => {
    /** A store with active SIMPLE products (price, tax class) and a customer; returns the SKU ids by name. */
    async function shop(settings: Body, products: Array<[name: string, price: number, taxClass: string]>) {
      const m = await signup(t.app);
      const s = await call('PATCH', '/v1/settings', { headers: m.auth, body: settings });
      assert.equal(s.status, 200, s.raw);
      const skus: Record<string, string> = {};
      for (const [name, price, taxClass] of products) {
        const res = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'SIMPLE', name, price, quantityInStock: 100, status: 'active', taxClass } });
        assert.equal(res.status, 201, res.raw);
        skus[name] = res.body.data.skuId;
      }
      const customerId = await insertCustomer(t, m.storeId);
      return { m, skus, customerId };
    }
    async function deliveryOption(m: Merchant, regions: Body[], fee: number): Promise<string> {
      const zone = await call('POST', '/v1/delivery/zones', { headers: m.auth, body: { name: 'Zone', regions } });
      const option = await call('POST', `/v1/delivery/zones/${zone.body.data.id}/options`, { headers: m.auth, body: { name: 'Standard', fee } });
      assert.equal(option.status, 201, option.raw);
      return option.body.data.id;
    }
    const place = async (m: Merchant, body: Body) => {
      const res = await call('POST', '/v1/orders', { headers: m.auth, body });
      assert.equal(res.status, 201, res.raw);
      return res.body.data;
    };
    const taxRows = (o: { taxLines: Array<Record<string, any>> }) => o.taxLines.map((l) => [l.lineId === null ? 'shipping' : 'line', l.taxClass, l.rate, l.taxable, l.amount]);
    const net = (o: { total: number; tax: number }) => Math.round((o.total - o.tax) * 100) / 100;

    it('UK VAT 20 %, prices including tax: a 12.00 item holds 2.00', async () => {
      const { m, skus, customerId } = await shop({ pricesIncludeTax: true }, [['Tea towel', 12, 'standard'], ['Card', 4.99, 'standard']]);
      await region(m, { name: 'United Kingdom', countryId: 'GB', rates: { standard: 2000, reduced: 500, zero: 0 } });
      const london = { line1: '10 Downing St', city: 'London', countryId: 'GB' };
      const one = await place(m, { customerId, lines: [{ skuId: skus['Tea towel'], quantity: 1 }], shippingAddress: london });
      assert.deepEqual([one.subtotal, one.tax, one.total, net(one), one.pricesIncludeTax], [12, 2, 12, 10, true]);
      assert.deepEqual(taxRows(one), [['line', 'standard', 2000, 12, 2]]);
      assert.match(one.taxLines[0].regionId, /^taxr_/);
      assert.deepEqual([one.taxLines[0].countryId, one.taxLines[0].stateId], ['GB', null]);
      assert.equal(one.taxLines[0].lineId, one.lines[0].id);
      const two = await place(m, { customerId, lines: [{ skuId: skus['Tea towel'], quantity: 1 }, { skuId: skus.Card, quantity: 3 }], shippingAddress: london });
      assert.deepEqual(taxRows(two), [['line', 'standard', 2000, 12, 2], ['line', 'standard', 2000, 14.97, 2.5]], '14.97 holds 2.495 → 2.50 (half up)');
      assert.deepEqual([two.subtotal, two.tax, two.total, net(two)], [26.97, 4.5, 26.97, 22.47]);
    });

    it('Germany 19 % and 7 % in one order, prices including tax, delivery at the standard rate', async () => {
      const { m, skus, customerId } = await shop({ pricesIncludeTax: true }, [['Camera', 119, 'standard'], ['Book', 10.7, 'reduced']]);
      await region(m, { name: 'Deutschland', countryId: 'DE', rates: { standard: 1900, reduced: 700 } });
      const optionId = await deliveryOption(m, [{ countryId: 'DE' }], 4.9);
      const o = await place(m, { customerId, lines: [{ skuId: skus.Camera, quantity: 1 }, { skuId: skus.Book, quantity: 2 }], deliveryOptionId: optionId, shippingAddress: { line1: 'Unter den Linden 1', city: 'Berlin', countryId: 'DE' } });
      assert.deepEqual(taxRows(o), [['line', 'standard', 1900, 119, 19], ['line', 'reduced', 700, 21.4, 1.4], ['shipping', 'standard', 1900, 4.9, 0.78]]);
      assert.deepEqual([o.subtotal, o.deliveryFee, o.tax, o.total, net(o)], [140.4, 4.9, 21.18, 145.3, 124.12]);
    });

    it('a US state rate on prices excluding tax, with delivery and a 10 % discount; the state wins over its country', async () => {
      const { m, skus, customerId } = await shop({ pricesIncludeTax: false }, [['Shirt', 19.99, 'standard'], ['Socks', 5, 'standard']]);
      await region(m, { name: 'United States', countryId: 'US', rates: { standard: 0 } });
      await region(m, { name: 'Texas', countryId: 'US', stateId: 'US-TX', rates: { standard: 625 } });
      const optionId = await deliveryOption(m, [{ countryId: 'US' }], 7);
      assert.equal((await call('POST', '/v1/promotions', { headers: m.auth, body: { code: 'TENOFF', kind: 'percentage', value: 10 } })).status, 201);
      const austin = { line1: '1 Congress Ave', city: 'Austin', countryId: 'US', stateId: 'US-TX' };
      const o = await place(m, { customerId, lines: [{ skuId: skus.Shirt, quantity: 2 }, { skuId: skus.Socks, quantity: 1 }], deliveryOptionId: optionId, promotionCode: 'TENOFF', shippingAddress: austin });
      // 44.98 − 4.50 (spread 4.00 / 0.50) = 35.98 + 4.50 taxed at 6.25 %: 2.25 + 0.28; shipping 7.00: 0.44
      assert.deepEqual(taxRows(o), [['line', 'standard', 625, 35.98, 2.25], ['line', 'standard', 625, 4.5, 0.28], ['shipping', 'standard', 625, 7, 0.44]]);
      assert.ok(o.taxLines.every((l: { stateId: string }) => l.stateId === 'US-TX'));
      assert.deepEqual([o.subtotal, o.discount, o.deliveryFee, o.tax, o.total, net(o), o.pricesIncludeTax], [44.98, 4.5, 7, 2.97, 50.45, 47.48, false]);
      const illinois = await place(m, { customerId, lines: [{ skuId: skus.Socks, quantity: 1 }] });
      assert.deepEqual([illinois.tax, illinois.total, taxRows(illinois)], [0, 5, [['line', 'standard', 0, 5, 0]]], 'the rest of the US: its country region, at 0');
    });

    it("taxes a SKU with its own class over its product's, and changes it with PATCH (null: the product's again)", async () => {
      const { m, customerId } = await shop({}, []);
      await region(m, { countryId: 'US', rates: { standard: 1000, reduced: 500 } });
      const { productId, groupId, skuIds } = await variableProduct(t.app, m, {
        skus: [
          { price: 20, quantityInStock: 5, attributes: { Size: 'M' }, taxClass: 'zero' },
          { price: 20, quantityInStock: 5, attributes: { Size: 'L' } },
        ],
      });
      await call('PATCH', `/v1/products/${productId}`, { headers: m.auth, body: { status: 'active', taxClass: 'reduced' } });
      const o = await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }, { skuId: skuIds[1], quantity: 1 }] });
      assert.deepEqual(taxRows(o), [['line', 'zero', 0, 20, 0], ['line', 'reduced', 500, 20, 1]]);
      const skuUrl = `/v2/products/${productId}/variant-groups/${groupId}/skus/${skuIds[0]}`;
      const bad = await call('PATCH', skuUrl, { headers: m.auth, body: { taxClass: 'No Such Class!' } });
      assert.deepEqual([bad.status, bad.body.error.details[0].path], [422, 'taxClass']);
      const back = await call('PATCH', skuUrl, { headers: m.auth, body: { taxClass: null } });
      assert.equal(back.body.data.taxClass, null);
      const again = await place(m, { customerId, lines: [{ skuId: skuIds[0], quantity: 1 }] });
      assert.deepEqual(taxRows(again), [['line', 'reduced', 500, 20, 1]]);
    });

    it('random orders through the API (seeded): the lines sum to the tax, the totals add up, refunds return at most the tax', async () => {
      let seed = 3_535;
      const next = () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
        return seed / 2_147_483_648;
      };
      const int = (max: number) => Math.floor(next() * (max + 1));
      const cents = (x: number) => Math.round(x * 100);
      for (const inclusive of [true, false]) {
        const products: Array<[string, number, string]> = Array.from({ length: 6 }, (_, i) => [`P${i}`, 1 + int(20_000) / 100 + 0.01, ['standard', 'reduced', 'zero', 'books'][i % 4]!]);
        const { m, skus, customerId } = await shop({ pricesIncludeTax: inclusive, shippingTaxClass: 'reduced' }, products);
        await region(m, { countryId: 'US', rates: { standard: 1000, reduced: 333, books: 725 } });
        await region(m, { countryId: 'US', stateId: 'US-IL', rates: { standard: 1725, reduced: 501 } });
        const optionId = await deliveryOption(m, [{ countryId: 'US' }], 3.99);
        assert.equal((await call('POST', '/v1/promotions', { headers: m.auth, body: { code: 'RANDOM', kind: 'percentage', value: 13.5 } })).status, 201);
        for (let run = 0; run < 5; run += 1) {
          const names = products.map((p) => p[0]).filter(() => next() < 0.6);
          const lines = (names.length > 0 ? names : ['P0']).map((n) => ({ skuId: skus[n], quantity: 1 + int(4) }));
          const o = await place(m, { customerId, lines, ...(next() < 0.5 ? { deliveryOptionId: optionId } : {}), ...(next() < 0.5 ? { promotionCode: 'RANDOM' } : {}) });
          const what = `${inclusive ? 'inclusive' : 'exclusive'} run ${run}`;
          const taxCents = o.taxLines.reduce((sum: number, l: { amount: number }) => sum + cents(l.amount), 0);
          assert.equal(taxCents, cents(o.tax), `${what}: the lines sum to the tax`);
          const gross = cents(o.subtotal) - cents(o.discount) + cents(o.deliveryFee);
          assert.equal(cents(o.total), inclusive ? gross : gross + cents(o.tax), `${what}: the total`);
          const taxedCents = o.taxLines.reduce((sum: number, l: { taxable: number }) => sum + cents(l.taxable), 0);
          assert.equal(taxedCents, gross, `${what}: the taxed amounts are the lines after the discount, and delivery`);
          if (inclusive) for (const l of o.taxLines) assert.ok(cents(l.amount) <= cents(l.taxable), `${what}: a gross holds at most itself`);
          assert.equal((await call('POST', `/v1/orders/${o.id}/transitions`, { headers: m.auth, body: { to: 'paid' } })).status, 200);
          const part = (1 + int(cents(o.total) - 1)) / 100;
          const refunded = await call('POST', `/v1/orders/${o.id}/transitions`, { headers: m.auth, body: { to: 'partially_refunded', amount: part } });
          if (refunded.status === 200) assert.ok(cents(refunded.body.data.taxRefunded) <= cents(o.tax), `${what}: part of the tax back`);
          const all = await call('POST', `/v1/orders/${o.id}/transitions`, { headers: m.auth, body: { to: 'refunded' } });
          assert.equal(all.status, 200, all.raw);
          assert.equal(cents(all.body.data.taxRefunded), cents(o.tax), `${what}: all of the tax back, never more`);
        }
      }
    });

    it('charges no tax where the store has no region, as before taxes', async () => {
      const { m, skus, customerId } = await shop({}, [['Mug', 10, 'standard']]);
      await region(m, { countryId: 'GB', rates: { standard: 2000 } });
      const o = await place(m, { customerId, lines: [{ skuId: skus.Mug, quantity: 2 }] });
      assert.deepEqual([o.subtotal, o.tax, o.total, o.taxLines], [20, 0, 20, []]);
    });

    it('keeps the tax an order was placed with when rates change, and a partial refund carries its share of the tax', async () => {
      const { m, skus, customerId } = await shop({}, [['Lamp', 40, 'standard']]);
      const tx = await region(m, { countryId: 'US', stateId: 'US-IL', rates: { standard: 625 } });
      const o = await place(m, { customerId, lines: [{ skuId: skus.Lamp, quantity: 1 }] });
      assert.deepEqual([o.tax, o.total], [2.5, 42.5]);
      await call('PATCH', `/v1/tax-regions/${tx}`, { headers: m.auth, body: { rates: { standard: 1000 } } });
      await call('PATCH', '/v1/settings', { headers: m.auth, body: { pricesIncludeTax: true } });
      const again = (await call('GET', `/v1/orders/${o.id}`, { headers: m.auth })).body.data;
      assert.deepEqual([again.tax, again.total, again.pricesIncludeTax, taxRows(again)], [2.5, 42.5, false, [['line', 'standard', 625, 40, 2.5]]]);
      assert.equal((await call('POST', `/v1/orders/${o.id}/transitions`, { headers: m.auth, body: { to: 'paid' } })).status, 200);
      const part = await call('POST', `/v1/orders/${o.id}/transitions`, { headers: m.auth, body: { to: 'partially_refunded', amount: 17 } });
      assert.equal(part.status, 200, part.raw);
      assert.equal(part.body.data.taxRefunded, 1, '2.50 × 17 / 42.50 = 1.00');
      const rest = await call('POST', `/v1/orders/${o.id}/transitions`, { headers: m.auth, body: { to: 'refunded' } });
      assert.equal(rest.body.data.taxRefunded, 2.5, 'all of it, never more');
      const list = (await call('GET', '/v1/orders', { headers: m.auth })).body.data;
      assert.deepEqual([list[0].tax, list[0].total], [2.5, 42.5]);
    });

    it('gives the MCP order tools the tax of the order (get_order its tax lines too), through the same services', async () => {
      const { m, skus, customerId } = await shop({ pricesIncludeTax: true }, [['Tea towel', 12, 'standard']]);
      await region(m, { countryId: 'GB', rates: { standard: 2000 } });
      const tool = (name: string) => TOOLS.find((x) => x.name === name)!;
      const ctx = storeContext({ storeId: m.storeId, userId: m.userId, email: m.email });
      const placed = await tool('place_order').run(t.container.services, ctx, { customerId, lines: [{ skuId: skus['Tea towel']!, quantity: 1 }], shippingAddress: { line1: '1 High St', city: 'York', countryId: 'GB' } });
      const order = (placed.data as { order: { id: string; tax: number; total: number; pricesIncludeTax: boolean } }).order;
      assert.deepEqual([order.tax, order.total, order.pricesIncludeTax], [2, 12, true]);
      const got = (await tool('get_order').run(t.container.services, ctx, { orderId: order.id })).data as { order: { taxLines: Array<{ rate: number; amount: number }> } };
      assert.deepEqual(got.order.taxLines.map((l) => [l.rate, l.amount]), [[2000, 2]]);
      tool('get_order').output.parse(got);
      const listed = (await tool('list_orders').run(t.container.services, ctx, { limit: 10, sort: '-createdAt' })).data as { items: Array<{ tax: number }> };
      assert.deepEqual(listed.items.map((o) => o.tax), [2]);
    });

    it('shows the tax in the sales summary (gross, tax, net) and in the orders and daily-sales exports', async () => {
      const { m, skus, customerId } = await shop({}, [['Lamp', 40, 'standard']]);
      await region(m, { countryId: 'US', stateId: 'US-IL', rates: { standard: 625 } });
      const o = await place(m, { customerId, lines: [{ skuId: skus.Lamp, quantity: 1 }] });
      await call('POST', `/v1/orders/${o.id}/transitions`, { headers: m.auth, body: { to: 'paid' } });
      const figures = async () => (await call('GET', '/v1/dashboard/overview/summary?period=today', { headers: m.auth })).body.data;
      const paid = await figures();
      assert.deepEqual([paid.period.salesTotal, paid.period.salesTax, paid.period.salesNet], [42.5, 2.5, 40]);
      assert.equal(paid.series[0].salesTax, 2.5);
      await call('POST', `/v1/orders/${o.id}/transitions`, { headers: m.auth, body: { to: 'partially_refunded', amount: 17 } });
      const refunded = await figures();
      assert.deepEqual([refunded.period.salesTotal, refunded.period.salesTax, refunded.period.salesNet], [25.5, 1.5, 24], 'the refund took its share of the tax (1.00) with it');
      const today = refunded.period.from;
      const csv = (await t.app.inject({ method: 'GET', url: `/v1/exports/orders.csv?from=${today}&to=${today}`, headers: m.auth })).body.trim().split('\r\n');
      const header = csv[0]!.split(',');
      const row = csv[1]!.split(',');
      const col = (name: string) => row[header.indexOf(name)];
      assert.deepEqual([col('total'), col('tax'), col('net'), col('pricesIncludeTax'), col('taxRefunded')], ['42.5', '2.5', '40', 'false', '1']);
      const daily = (await t.app.inject({ method: 'GET', url: `/v1/exports/daily-sales.csv?from=${today}&to=${today}`, headers: m.auth })).body;
      assert.equal(daily, `date,orders,sales,currency,tax\r\n${today},1,25.5,USD,1.5\r\n`);
    });
  });
});

describeEachDatabase('upgrading a database with orders (migration 0025)', (kind) => {
  it('keeps every existing order and its total, with no tax and no tax lines; products are standard; settings exclude tax', async () => {
    const database = await createTestDatabase(kind);
    const db = openDatabase(database.config, { timeoutMs: 5000 });
    try {
      await migrateUpTo(db, '0023-payment-provider-settings');
      const k = db.kysely;
      const at = new Date(Date.UTC(2026, 5, 1)).toISOString();
      await sql`insert into stores (id, name, currency, timezone, created_at, updated_at) values ('sto_1', 'Old', 'USD', 'UTC', ${at}, ${at})`.execute(k);
      await sql`insert into customers (id, store_id, mode, name, name_folded, email, email_normalized, phone, addresses, banned_at, ban_reason, ban_expires_at, created_at, updated_at)
        values ('cus_1', 'sto_1', 'live', 'Ada', 'ada', 'ada@example.com', 'ada@example.com', null, '[]', null, null, null, ${at}, ${at})`.execute(k);
      await sql`insert into orders (id, store_id, mode, number, customer_id, status, currency, subtotal_minor, discount_minor, delivery_fee_minor, total_minor, paid_minor, refunded_minor,
          promotion_id, promotion_code, delivery_option_id, delivery_option_name, shipping_address, billing_address, note, created_at, updated_at)
        values ('ord_1', 'sto_1', 'live', 'ORD-1001', 'cus_1', 'paid', 'USD', 4000, 400, 500, 4100, 4100, 0, null, null, null, null, null, null, null, ${at}, ${at})`.execute(k);
      await migrateToLatest(db);
      const repo = createOrderRepo(k, kind === 'postgres' ? 'postgres' : 'sqlite');
      const tenant = { storeId: 'sto_1', mode: 'live' as const };
      const o = (await repo.findOrder(tenant, 'ord_1'))!;
      assert.deepEqual([o.subtotalMinor, o.discountMinor, o.deliveryFeeMinor, o.totalMinor, o.paidMinor, o.taxTotalMinor, o.pricesIncludeTax], [4000, 400, 500, 4100, 4100, 0, false]);
      assert.deepEqual((await repo.detail(tenant, o)).taxLines, []);
    } finally {
      await db.close();
      await database.drop();
    }
  });
});
