import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { orderDeliveryQuoter, quoteDeliveryOption } from '../src/domain/delivery/delivery-service.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { auditActions, countOf, storeContext } from './helpers/delivery-payments.ts';

type Body = Record<string, unknown>;

describeEachDatabase('delivery zones and options', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
    m = await signup(t.app);
  });
  after(() => t?.close());

  const createZone = (body: Body, who: Merchant = m, headers: Record<string, string> = {}) => call('POST', '/v1/delivery/zones', { headers: { ...who.auth, ...headers }, body });
  const createOption = (zoneId: string, body: Body, who: Merchant = m) => call('POST', `/v1/delivery/zones/${zoneId}/options`, { headers: who.auth, body });
  async function zone(who: Merchant, body: Body): Promise<string> {
    const res = await createZone(body, who);
    assert.equal(res.status, 201, res.raw);
    return res.body.data.id;
  }
  async function option(who: Merchant, zoneId: string, body: Body): Promise<string> {
    const res = await createOption(zoneId, body, who);
    assert.equal(res.status, 201, res.raw);
    return res.body.data.id;
  }
  /** Rows of the store's delivery tables: to assert nothing was written. */
  const snapshot = async (storeId: string) => [await countOf(t, 'delivery_zones', storeId), await countOf(t, 'delivery_options', storeId), await countOf(t, 'audit_logs', storeId)];

  describe('zones', () => {
    it('creates a zone of countries and states, reads it, lists it with pagination and audits the write', async () => {
      const shop = await signup(t.app);
      const res = await createZone({ name: 'North America', regions: [{ countryId: 'us' }, { countryId: 'CA', stateId: 'ca-on' }, { countryId: 'MX', stateId: null }] }, shop);
      assert.equal(res.status, 201, res.raw);
      const z = res.body.data;
      assert.match(z.id, /^dzone_/);
      assert.equal(z.name, 'North America');
      assert.deepEqual(z.regions, [
        { countryId: 'US', stateId: null },
        { countryId: 'CA', stateId: 'CA-ON' },
        { countryId: 'MX', stateId: null },
      ]);
      assert.deepEqual(z.options, []);
      assert.deepEqual(await auditActions(t, shop.storeId, 1), ['delivery_zone.create']);
      assert.deepEqual((await call('GET', `/v1/delivery/zones/${z.id}`, { headers: shop.auth })).body.data, z);
      const second = await zone(shop, { name: 'Europe', regions: [{ countryId: 'DE' }, { countryId: 'FR' }] });
      const first = await call('GET', '/v1/delivery/zones?limit=1', { headers: shop.auth });
      assert.deepEqual(first.body.data.map((x: { id: string }) => x.id), [z.id]);
      assert.equal(first.body.pagination.hasMore, true);
      const next = await call('GET', `/v1/delivery/zones?limit=1&cursor=${first.body.pagination.nextCursor}`, { headers: shop.auth });
      assert.deepEqual(next.body.data.map((x: { id: string }) => x.id), [second]);
      assert.equal(next.body.pagination.hasMore, false);
    });

    it('renames a zone and replaces its regions; deletes it with its options', async () => {
      const shop = await signup(t.app);
      const id = await zone(shop, { name: 'EU', regions: [{ countryId: 'DE' }] });
      await option(shop, id, { name: 'Standard', fee: 4.99 });
      const renamed = await call('PATCH', `/v1/delivery/zones/${id}`, { headers: shop.auth, body: { name: 'Europe', regions: [{ countryId: 'DE' }, { countryId: 'AT' }] } });
      assert.equal(renamed.status, 200, renamed.raw);
      assert.equal(renamed.body.data.name, 'Europe');
      assert.deepEqual(renamed.body.data.regions.map((r: { countryId: string }) => r.countryId), ['DE', 'AT']);
      assert.equal(renamed.body.data.options.length, 1);
      const kept = await call('PATCH', `/v1/delivery/zones/${id}`, { headers: shop.auth, body: { name: 'Europe (DACH)' } });
      assert.deepEqual(kept.body.data.regions.map((r: { countryId: string }) => r.countryId), ['DE', 'AT'], 'regions not sent are kept');
      const del = await call('DELETE', `/v1/delivery/zones/${id}`, { headers: shop.auth });
      assert.equal(del.status, 200);
      assert.deepEqual(del.body.data, { id });
      assert.equal((await call('GET', `/v1/delivery/zones/${id}`, { headers: shop.auth })).status, 404);
      assert.deepEqual((await snapshot(shop.storeId)).slice(0, 2), [0, 0]);
      assert.deepEqual(await auditActions(t, shop.storeId, 3), ['delivery_zone.delete', 'delivery_zone.update', 'delivery_zone.update']);
      const again = await call('DELETE', `/v1/delivery/zones/${id}`, { headers: shop.auth });
      assert.equal(again.status, 404);
      assert.equal(again.body.error.code, 'DELIVERY_ZONE_NOT_FOUND');
    });

    for (const [name, body, path] of [
      ['an empty name', { name: ' ', regions: [{ countryId: 'US' }] }, 'name'],
      ['no regions', { name: 'Z', regions: [] }, 'regions'],
      ['an unknown country', { name: 'Z', regions: [{ countryId: 'US' }, { countryId: 'XX' }] }, 'regions[1].countryId'],
      ['a country id that is not two letters', { name: 'Z', regions: [{ countryId: 'USA' }] }, 'regions[0].countryId'],
      ['a state of another country', { name: 'Z', regions: [{ countryId: 'US' }, { countryId: 'CA', stateId: 'US-CA' }] }, 'regions[1].stateId'],
      ['an unknown state', { name: 'Z', regions: [{ countryId: 'US', stateId: 'US-ZZ' }] }, 'regions[0].stateId'],
      ['the same region twice', { name: 'Z', regions: [{ countryId: 'DE' }, { countryId: 'FR' }, { countryId: 'de', stateId: null }] }, 'regions[2]'],
      ['a state of a country the zone covers whole', { name: 'Z', regions: [{ countryId: 'US' }, { countryId: 'US', stateId: 'US-TX' }] }, 'regions[1].stateId'],
      ['an unknown field in a region', { name: 'Z', regions: [{ countryId: 'US', city: 'Austin' }] }, 'regions[0]'],
      ['an unknown field', { name: 'Z', regions: [{ countryId: 'US' }], priority: 1 }, '(body)'],
    ] as const) {
      it(`refuses ${name} with 422 naming ${path}, writing nothing`, async () => {
        const shop = await signup(t.app);
        const before = await snapshot(shop.storeId);
        const res = await createZone(body as Body, shop);
        assert.equal(res.status, 422, res.raw);
        assert.equal(res.body.error.code, 'VALIDATION_FAILED');
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        assert.deepEqual(await snapshot(shop.storeId), before);
        const existing = await zone(shop, { name: 'Existing', regions: [{ countryId: 'NZ' }] });
        const patched = await call('PATCH', `/v1/delivery/zones/${existing}`, { headers: shop.auth, body: body as Body });
        assert.equal(patched.status, 422, 'the same rule holds on PATCH');
        assert.deepEqual((await call('GET', `/v1/delivery/zones/${existing}`, { headers: shop.auth })).body.data.regions, [{ countryId: 'NZ', stateId: null }]);
      });
    }

    it('gives each region to one zone: another zone claiming it is refused with 409 naming it, nothing written', async () => {
      const shop = await signup(t.app);
      const us = await zone(shop, { name: 'US', regions: [{ countryId: 'US' }, { countryId: 'CA', stateId: 'CA-QC' }] });
      const before = await snapshot(shop.storeId);
      const res = await createZone({ name: 'Again', regions: [{ countryId: 'GB' }, { countryId: 'US' }, { countryId: 'CA', stateId: 'CA-QC' }] }, shop);
      assert.equal(res.status, 409);
      assert.equal(res.body.error.code, 'DELIVERY_REGION_TAKEN');
      assert.deepEqual(res.body.error.details.map((d: { path: string }) => d.path), ['regions[1]', 'regions[2]']);
      assert.match(res.body.error.details[0].rule, new RegExp(us));
      assert.deepEqual(await snapshot(shop.storeId), before);
      const other = await zone(shop, { name: 'UK', regions: [{ countryId: 'GB' }] });
      const moved = await call('PATCH', `/v1/delivery/zones/${other}`, { headers: shop.auth, body: { regions: [{ countryId: 'GB' }, { countryId: 'US' }] } });
      assert.equal(moved.status, 409);
      assert.equal(moved.body.error.details[0].path, 'regions[1]');
      const same = await call('PATCH', `/v1/delivery/zones/${us}`, { headers: shop.auth, body: { regions: [{ countryId: 'CA', stateId: 'CA-QC' }, { countryId: 'US' }] } });
      assert.equal(same.status, 200, 'a zone may keep its own regions');
      assert.equal((await createZone({ name: 'Alaska', regions: [{ countryId: 'US', stateId: 'US-AK' }] }, shop)).status, 201, 'a state may be carved out of a country of another zone');
    });

    it('lets only one of several concurrent zones claim the same country', async () => {
      const shop = await signup(t.app);
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => createZone({ name: `Race ${i}`, regions: [{ countryId: 'JP' }] }, shop)));
      assert.deepEqual(results.map((r) => r.status).sort(), [201, 409, 409, 409, 409, 409, 409, 409]);
      assert.equal(await countOf(t, 'delivery_zones', shop.storeId), 1);
    });

    it('refuses more than 200 zones per store and mode with 422 LIMIT_EXCEEDED', async () => {
      const shop = await signup(t.app);
      const now = new Date().toISOString();
      await t.container.db.kysely
        .insertInto('delivery_zones')
        .values(Array.from({ length: 200 }, (_, i) => ({ id: `dzone_01J0000000000000000000${String(i).padStart(4, '0')}`, store_id: shop.storeId, mode: 'live', name: `Z${i}`, regions: '[]', created_at: now, updated_at: now })))
        .execute();
      const res = await createZone({ name: 'One more', regions: [{ countryId: 'US' }] }, shop);
      assert.equal(res.status, 422);
      assert.equal(res.body.error.code, 'LIMIT_EXCEEDED');
      assert.equal(await countOf(t, 'delivery_zones', shop.storeId), 200);
      assert.equal((await createZone({ name: 'Test mode', regions: [{ countryId: 'US' }] }, shop, { 'x-mode': 'test' })).status, 201, 'the other mode counts apart');
    });
  });

  describe('options', () => {
    it('adds an option with its fee, threshold and days, changes only sent fields and deletes it', async () => {
      const shop = await signup(t.app);
      const zoneId = await zone(shop, { name: 'US', regions: [{ countryId: 'US' }] });
      const res = await createOption(zoneId, { name: 'Standard', fee: 4.99, freeOver: 50, estimatedDaysMin: 3, estimatedDaysMax: 5 }, shop);
      assert.equal(res.status, 201, res.raw);
      const o = res.body.data;
      assert.match(o.id, /^dopt_/);
      assert.deepEqual(
        [o.zoneId, o.name, o.currency, o.fee, o.freeOver, o.estimatedDaysMin, o.estimatedDaysMax, o.active],
        [zoneId, 'Standard', 'USD', 4.99, 50, 3, 5, true],
      );
      const bare = await createOption(zoneId, { name: 'Pickup', fee: 0 }, shop);
      assert.deepEqual([bare.body.data.fee, bare.body.data.freeOver, bare.body.data.estimatedDaysMin, bare.body.data.active], [0, null, null, true]);
      const changed = await call('PATCH', `/v1/delivery/zones/${zoneId}/options/${o.id}`, { headers: shop.auth, body: { fee: 5.5, freeOver: null, active: false } });
      assert.equal(changed.status, 200, changed.raw);
      assert.deepEqual([changed.body.data.name, changed.body.data.fee, changed.body.data.freeOver, changed.body.data.estimatedDaysMax, changed.body.data.active], ['Standard', 5.5, null, 5, false]);
      assert.deepEqual((await call('GET', `/v1/delivery/zones/${zoneId}/options/${o.id}`, { headers: shop.auth })).body.data, changed.body.data);
      const listed = await call('GET', `/v1/delivery/zones/${zoneId}/options`, { headers: shop.auth });
      assert.deepEqual(listed.body.data.map((x: { name: string }) => x.name), ['Standard', 'Pickup']);
      assert.deepEqual((await call('GET', `/v1/delivery/zones/${zoneId}`, { headers: shop.auth })).body.data.options, listed.body.data);
      assert.equal((await call('DELETE', `/v1/delivery/zones/${zoneId}/options/${o.id}`, { headers: shop.auth })).status, 200);
      const gone = await call('GET', `/v1/delivery/zones/${zoneId}/options/${o.id}`, { headers: shop.auth });
      assert.equal(gone.status, 404);
      assert.equal(gone.body.error.code, 'DELIVERY_OPTION_NOT_FOUND');
      assert.deepEqual(await auditActions(t, shop.storeId, 4), ['delivery_option.delete', 'delivery_option.update', 'delivery_option.create', 'delivery_option.create']);
    });

    for (const [name, body, path] of [
      ['a missing fee', { name: 'X' }, 'fee'],
      ['a negative fee', { name: 'X', fee: -1 }, 'fee'],
      ['a fee with more decimals than USD has', { name: 'X', fee: 4.999 }, 'fee'],
      ['a free-over threshold of 0', { name: 'X', fee: 5, freeOver: 0 }, 'freeOver'],
      ['a free-over threshold with too many decimals', { name: 'X', fee: 5, freeOver: 50.005 }, 'freeOver'],
      ['fewer maximum than minimum days', { name: 'X', fee: 5, estimatedDaysMin: 5, estimatedDaysMax: 2 }, 'estimatedDaysMax'],
      ['fractional days', { name: 'X', fee: 5, estimatedDaysMin: 1.5 }, 'estimatedDaysMin'],
      ['more than 365 days', { name: 'X', fee: 5, estimatedDaysMax: 400 }, 'estimatedDaysMax'],
      ['an empty name', { name: '', fee: 5 }, 'name'],
      ['a non-boolean active', { name: 'X', fee: 5, active: 'yes' }, 'active'],
      ['an unknown field', { name: 'X', fee: 5, carrier: 'UPS' }, '(body)'],
    ] as const) {
      it(`refuses ${name} with 422 naming ${path}, writing nothing`, async () => {
        const shop = await signup(t.app);
        const zoneId = await zone(shop, { name: 'US', regions: [{ countryId: 'US' }] });
        const before = await snapshot(shop.storeId);
        const res = await createOption(zoneId, body as Body, shop);
        assert.equal(res.status, 422, res.raw);
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        assert.deepEqual(await snapshot(shop.storeId), before);
      });
    }

    it('checks days against the stored value on PATCH, and fees against the store currency’s decimals', async () => {
      const shop = await signup(t.app);
      const zoneId = await zone(shop, { name: 'JP', regions: [{ countryId: 'JP' }] });
      const id = await option(shop, zoneId, { name: 'Standard', fee: 5, estimatedDaysMin: 1, estimatedDaysMax: 3 });
      const res = await call('PATCH', `/v1/delivery/zones/${zoneId}/options/${id}`, { headers: shop.auth, body: { estimatedDaysMin: 4 } });
      assert.equal(res.status, 422);
      assert.equal(res.body.error.details[0].path, 'estimatedDaysMin');
      await call('PATCH', '/v1/settings', { headers: shop.auth, body: { currency: 'JPY' } });
      const yen = await call('PATCH', `/v1/delivery/zones/${zoneId}/options/${id}`, { headers: shop.auth, body: { fee: 4.5 } });
      assert.equal(yen.status, 422);
      assert.match(yen.body.error.details[0].rule, /0 decimal places \(JPY\)/);
      const ok = await call('PATCH', `/v1/delivery/zones/${zoneId}/options/${id}`, { headers: shop.auth, body: { fee: 800 } });
      assert.deepEqual([ok.body.data.fee, ok.body.data.currency, ok.body.data.estimatedDaysMin], [800, 'JPY', 1]);
    });

    it('refuses a 51st option in a zone with 422 LIMIT_EXCEEDED, also when creates race', async () => {
      const shop = await signup(t.app);
      const zoneId = await zone(shop, { name: 'US', regions: [{ countryId: 'US' }] });
      const now = new Date().toISOString();
      await t.container.db.kysely
        .insertInto('delivery_options')
        .values(
          Array.from({ length: 50 }, (_, i) => ({
            id: `dopt_01J0000000000000000000${String(i).padStart(4, '0')}`,
            store_id: shop.storeId,
            mode: 'live',
            zone_id: zoneId,
            name: `O${i}`,
            fee_minor: 100,
            free_over_minor: null,
            min_days: null,
            max_days: null,
            active: 1 as const,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      const res = await createOption(zoneId, { name: 'One more', fee: 1 }, shop);
      assert.equal(res.status, 422);
      assert.equal(res.body.error.code, 'LIMIT_EXCEEDED');
      assert.equal(await countOf(t, 'delivery_options', shop.storeId), 50);
      await t.container.db.kysely.deleteFrom('delivery_options').where('zone_id', '=', zoneId).where('name', 'in', ['O0', 'O1']).execute();
      const raced = await Promise.all(Array.from({ length: 6 }, (_, i) => createOption(zoneId, { name: `Race ${i}`, fee: 1 }, shop)));
      assert.deepEqual(raced.map((r) => r.status).sort(), [201, 201, 422, 422, 422, 422], 'concurrent creates fill the last two places only');
      assert.equal(await countOf(t, 'delivery_options', shop.storeId), 50);
    });

    it('answers an option under another zone of the store with 404', async () => {
      const shop = await signup(t.app);
      const a = await zone(shop, { name: 'A', regions: [{ countryId: 'US' }] });
      const b = await zone(shop, { name: 'B', regions: [{ countryId: 'CA' }] });
      const id = await option(shop, a, { name: 'Standard', fee: 5 });
      assert.equal((await call('GET', `/v1/delivery/zones/${b}/options/${id}`, { headers: shop.auth })).status, 404);
      assert.equal((await call('PATCH', `/v1/delivery/zones/${b}/options/${id}`, { headers: shop.auth, body: { fee: 1 } })).status, 404);
      assert.equal((await call('DELETE', `/v1/delivery/zones/${b}/options/${id}`, { headers: shop.auth })).status, 404);
      assert.equal((await call('GET', `/v1/delivery/zones/${a}/options/${id}`, { headers: shop.auth })).body.data.fee, 5);
    });
  });

  describe('quotes', () => {
    let shop: Merchant;
    let ids: { lower48: string; remote: string; standard: string; express: string; sleeping: string; alaska: string };
    before(async () => {
      shop = await signup(t.app);
      const lower48 = await zone(shop, { name: 'United States', regions: [{ countryId: 'US' }] });
      const remote = await zone(shop, { name: 'Alaska and Hawaii', regions: [{ countryId: 'US', stateId: 'US-AK' }, { countryId: 'US', stateId: 'US-HI' }] });
      ids = {
        lower48,
        remote,
        standard: await option(shop, lower48, { name: 'Standard', fee: 5, freeOver: 50, estimatedDaysMin: 3, estimatedDaysMax: 5 }),
        express: await option(shop, lower48, { name: 'Express', fee: 15, estimatedDaysMin: 1, estimatedDaysMax: 1 }),
        sleeping: await option(shop, lower48, { name: 'Freight', fee: 2, active: false }),
        alaska: await option(shop, remote, { name: 'Remote', fee: 25 }),
      };
    });
    const quote = (query: string, who: Merchant = shop, headers: Record<string, string> = {}) => call('GET', `/v1/delivery/quote?${query}`, { headers: { ...who.auth, ...headers } });

    it('lists the active options of the zone serving the address, cheapest first, with their fee', async () => {
      const res = await quote('countryId=US&stateId=US-CA&subtotal=20');
      assert.equal(res.status, 200, res.raw);
      assert.deepEqual(res.body.data.zone, { id: ids.lower48, name: 'United States' });
      assert.deepEqual(res.body.data.options, [
        { optionId: ids.standard, name: 'Standard', fee: 5, regularFee: 5, free: false, freeOver: 50, estimatedDaysMin: 3, estimatedDaysMax: 5 },
        { optionId: ids.express, name: 'Express', fee: 15, regularFee: 15, free: false, freeOver: null, estimatedDaysMin: 1, estimatedDaysMax: 1 },
      ]);
      assert.deepEqual([res.body.data.countryId, res.body.data.stateId, res.body.data.subtotal, res.body.data.currency], ['US', 'US-CA', 20, 'USD']);
    });

    it('waives the fee from the free-over threshold on', async () => {
      const at = await quote('countryId=US&subtotal=50');
      assert.deepEqual(at.body.data.options.map((o: { name: string; fee: number; free: boolean }) => [o.name, o.fee, o.free]), [['Standard', 0, true], ['Express', 15, false]]);
      assert.equal((await quote('countryId=US&subtotal=49.99')).body.data.options[0].fee, 5);
    });

    it('sends a state listed by its own zone there rather than to the country’s zone', async () => {
      const res = await quote('countryId=us&stateId=us-ak');
      assert.deepEqual(res.body.data.zone, { id: ids.remote, name: 'Alaska and Hawaii' });
      assert.deepEqual(res.body.data.options.map((o: { name: string }) => o.name), ['Remote']);
    });

    it('answers an address no zone serves with no zone and no options', async () => {
      const res = await quote('countryId=DE');
      assert.equal(res.status, 200);
      assert.deepEqual([res.body.data.zone, res.body.data.options], [null, []]);
    });

    for (const [name, query, path] of [
      ['an unknown country', 'countryId=XX', 'countryId'],
      ['a missing country', 'subtotal=5', 'countryId'],
      ['a state of another country', 'countryId=US&stateId=CA-ON', 'stateId'],
      ['a subtotal with too many decimals', 'countryId=US&subtotal=1.234', 'subtotal'],
      ['a negative subtotal', 'countryId=US&subtotal=-1', 'subtotal'],
    ] as const) {
      it(`refuses ${name} with 422 naming ${path}`, async () => {
        const res = await quote(query);
        assert.equal(res.status, 422, res.raw);
        assert.ok(res.body.error.details.some((d: { path: string; in: string }) => d.path === path && d.in === 'query'), JSON.stringify(res.body.error.details));
      });
    }

    describe('quoteDeliveryOption (what orders call inside their transaction)', () => {
      const check = (optionId: string, address: { countryId: string; stateId?: string | null }, subtotalMinor: number, mode: 'live' | 'test' = 'live', storeId = shop.storeId) =>
        t.container.repos.transaction((repos) => quoteDeliveryOption(repos, { storeId, mode }, { optionId, address, subtotalMinor }));

      it('prices an option that serves the address, applying the free-over threshold', async () => {
        const quoted = await check(ids.standard, { countryId: 'US', stateId: 'US-CA' }, 2000);
        assert.equal(quoted.feeMinor, 500);
        assert.equal(quoted.option.name, 'Standard');
        assert.equal(quoted.zone.id, ids.lower48);
        assert.equal((await check(ids.standard, { countryId: 'US' }, 5000)).feeMinor, 0);
        assert.equal((await check(ids.alaska, { countryId: 'US', stateId: 'US-HI' }, 0)).feeMinor, 2500);
      });

      for (const [name, optionId, address, mode] of [
        ['an option of another zone than the one serving the address', () => ids.alaska, { countryId: 'US', stateId: 'US-CA' }, 'live'],
        ['an option of the country’s zone for a state carved out of it', () => ids.standard, { countryId: 'US', stateId: 'US-AK' }, 'live'],
        ['an option for a country no zone serves', () => ids.standard, { countryId: 'DE' }, 'live'],
        ['an inactive option', () => ids.sleeping, { countryId: 'US' }, 'live'],
        ['an unknown option', () => 'dopt_01J00000000000000000000000', { countryId: 'US' }, 'live'],
        ['a live option in the test mode', () => ids.standard, { countryId: 'US' }, 'test'],
      ] as const) {
        it(`refuses ${name} with 422 naming deliveryOptionId`, async () => {
          await assert.rejects(check(optionId(), address, 1000, mode), (error: { code: string; status: number; details: Array<{ path: string }> }) => {
            assert.equal(error.code, 'VALIDATION_FAILED');
            assert.equal(error.status, 422);
            assert.equal(error.details[0]!.path, 'deliveryOptionId');
            return true;
          });
        });
      }

      it('answers in the shape the order service declares (DeliveryQuoter) through orderDeliveryQuoter', async () => {
        const quoted = await t.container.repos.transaction((repos) =>
          orderDeliveryQuoter.quote(repos, storeContext(shop), { deliveryOptionId: ids.standard, address: { countryId: 'US', stateId: null }, subtotalMinor: 1000 }),
        );
        assert.deepEqual(quoted, { optionId: ids.standard, name: 'Standard', feeMinor: 500 });
        await assert.rejects(
          t.container.repos.transaction((repos) => orderDeliveryQuoter.quote(repos, storeContext(shop), { deliveryOptionId: ids.alaska, address: { countryId: 'US' }, subtotalMinor: 0 })),
          (e: { details: Array<{ path: string }> }) => e.details[0]!.path === 'deliveryOptionId',
        );
      });

      it("refuses another store's option", async () => {
        const other = await signup(t.app);
        await assert.rejects(check(ids.standard, { countryId: 'US' }, 0, 'live', other.storeId), /deliveryOptionId/);
      });
    });
  });

  describe('tenants, modes and permissions', () => {
    let owner: Merchant;
    let zoneId: string;
    let optionId: string;
    before(async () => {
      owner = await signup(t.app);
      zoneId = await zone(owner, { name: 'Owner zone', regions: [{ countryId: 'US' }] });
      optionId = await option(owner, zoneId, { name: 'Standard', fee: 5 });
    });
    const routes = () =>
      [
        ['GET', `/v1/delivery/zones/${zoneId}`, undefined],
        ['PATCH', `/v1/delivery/zones/${zoneId}`, { name: 'Taken over' }],
        ['DELETE', `/v1/delivery/zones/${zoneId}`, undefined],
        ['GET', `/v1/delivery/zones/${zoneId}/options`, undefined],
        ['POST', `/v1/delivery/zones/${zoneId}/options`, { name: 'Sneaky', fee: 1 }],
        ['GET', `/v1/delivery/zones/${zoneId}/options/${optionId}`, undefined],
        ['PATCH', `/v1/delivery/zones/${zoneId}/options/${optionId}`, { fee: 1 }],
        ['DELETE', `/v1/delivery/zones/${zoneId}/options/${optionId}`, undefined],
      ] as const;

    async function unchanged(): Promise<void> {
      const res = await call('GET', `/v1/delivery/zones/${zoneId}`, { headers: owner.auth });
      assert.equal(res.body.data.name, 'Owner zone');
      assert.deepEqual(res.body.data.options.map((o: { id: string; fee: number }) => [o.id, o.fee]), [[optionId, 5]]);
    }

    it("answers another store's zone and option ids with 404 on every route, changing nothing", async () => {
      const stranger = await signup(t.app);
      for (const [method, url, body] of routes()) {
        const res = await call(method, url, { headers: stranger.auth, body });
        assert.equal(res.status, 404, `${method} ${url}`);
        assert.match(res.body.error.code, /^DELIVERY_(ZONE|OPTION)_NOT_FOUND$/);
      }
      assert.deepEqual((await call('GET', '/v1/delivery/zones', { headers: stranger.auth })).body.data, []);
      assert.equal((await call('GET', '/v1/delivery/quote?countryId=US', { headers: stranger.auth })).body.data.zone, null);
      assert.equal((await createZone({ name: 'Mine too', regions: [{ countryId: 'US' }] }, stranger)).status, 201, 'regions are per store');
      await unchanged();
    });

    it('shows the test mode none of the live zones, on every route', async () => {
      const test = { ...owner.auth, 'x-mode': 'test' };
      for (const [method, url, body] of routes()) {
        assert.equal((await call(method, url, { headers: test, body })).status, 404, `${method} ${url}`);
      }
      assert.deepEqual((await call('GET', '/v1/delivery/zones', { headers: test })).body.data, []);
      assert.equal((await call('GET', '/v1/delivery/quote?countryId=US', { headers: test })).body.data.zone, null);
      assert.equal((await createZone({ name: 'Test zone', regions: [{ countryId: 'US' }] }, owner, { 'x-mode': 'test' })).status, 201, 'regions are per mode');
      assert.equal((await call('GET', '/v1/delivery/zones', { headers: owner.auth })).body.data.length, 1);
      await unchanged();
    });

    it('needs delivery:write to change and delivery:read to read (403 naming it, nothing changed)', async () => {
      const reader = { 'x-merchantapikey': (await createApiKey(t.app, owner, { permissions: ['delivery:read'] })).key };
      const none = { 'x-merchantapikey': (await createApiKey(t.app, owner, { permissions: ['products:read'] })).key };
      const all = [...routes(), ['GET', '/v1/delivery/zones', undefined], ['POST', '/v1/delivery/zones', { name: 'N', regions: [{ countryId: 'FR' }] }], ['GET', '/v1/delivery/quote?countryId=US', undefined]] as const;
      for (const [method, url, body] of all) {
        const asReader = await call(method, url, { headers: reader, body });
        if (method === 'GET') assert.equal(asReader.status, 200, `${method} ${url}`);
        else {
          assert.equal(asReader.status, 403, `${method} ${url}`);
          assert.match(asReader.body.message, /delivery:write/);
        }
        const asNone = await call(method, url, { headers: none, body });
        assert.equal(asNone.status, 403, `${method} ${url}`);
        assert.match(asNone.body.message, method === 'GET' ? /delivery:read/ : /delivery:write/);
      }
      await unchanged();
    });
  });
});
