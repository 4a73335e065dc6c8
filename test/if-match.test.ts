import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { WEBHOOK_DEFAULTS } from '../src/config.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { countOf } from './helpers/delivery-payments.ts';
import { client, type Merchant, signup } from './helpers/merchants.ts';

/**
 * If-Match (RFC 9110 §13.1.1) on every PATCH, PUT and DELETE of a single editable resource whose GET returns it: the
 * ETag a GET sent makes the write, a stale or weak one gets 412 with the current ETag and changes nothing, `*` matches
 * any existing resource, and a successful write answers with the ETag the GET then sends.
 */
describeEachDatabase('If-Match on single-resource writes', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  before(async () => {
    // Webhook endpoints on loopback (development configuration), so no DNS is needed to make one.
    t = await startTestApp(kind, { config: { webhooks: { ...WEBHOOK_DEFAULTS, allowLoopback: true } } });
    call = client(t.app);
  });
  after(() => t?.close());

  let n = 0;
  const unique = () => `${++n}${Date.now().toString(36)}`;
  const at = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, -1);
  const HOUR = 3_600_000;

  async function created(res: Awaited<ReturnType<typeof call>>): Promise<string> {
    assert.equal(res.status, 201, res.raw);
    return res.body.data.id;
  }

  const newCategory = async (m: Merchant) => `/v1/categories/${await created(await call('POST', '/v1/categories', { headers: m.auth, body: { name: `Shoes ${unique()}` } }))}`;
  const newCustomerId = (m: Merchant) => call('POST', '/v1/customers', { headers: m.auth, body: { name: 'Ada Buyer', email: `ada.${unique()}@example.com` } }).then(created);
  const newPromotion = async (m: Merchant) =>
    `/v1/promotions/${await created(await call('POST', '/v1/promotions', { headers: m.auth, body: { code: `SAVE${unique()}`.slice(0, 20).toUpperCase(), kind: 'percentage', value: 10 } }))}`;
  const newPromoAd = async (m: Merchant) => `/v1/promo-ads/${await created(await call('POST', '/v1/promo-ads', { headers: m.auth, body: { title: 'Summer sale', startsAt: at(-HOUR) } }))}`;
  const newZone = async (m: Merchant) => `/v1/delivery/zones/${await created(await call('POST', '/v1/delivery/zones', { headers: m.auth, body: { name: 'USA', regions: [{ countryId: 'US' }] } }))}`;
  // A place has one tax region per store and mode: each new region gets a country of its own.
  const COUNTRIES = 'DE FR IT ES NL BE AT PT IE SE DK FI PL CZ GR HU RO BG HR SI SK LT LV EE LU MT CY NO CH IS GB US CA AU NZ JP KR SG MX BR'.split(' ');
  let countries = 0;
  const newTaxRegion = async (m: Merchant) =>
    `/v1/tax-regions/${await created(await call('POST', '/v1/tax-regions', { headers: m.auth, body: { countryId: COUNTRIES[countries++ % COUNTRIES.length], rates: { standard: 2000 } } }))}`;
  const newLocation = async (m: Merchant) => `/v1/locations/${await created(await call('POST', '/v1/locations', { headers: m.auth, body: { name: `Warehouse ${unique()}` } }))}`;
  const newOption = async (m: Merchant) => {
    const zone = await newZone(m);
    return `${zone}/options/${await created(await call('POST', `${zone}/options`, { headers: m.auth, body: { name: 'Standard', fee: 4.99 } }))}`;
  };
  const newProduct = async (m: Merchant) => {
    const res = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'SIMPLE', name: `Mug ${unique()}`, price: 12, quantityInStock: 50, status: 'active' } });
    assert.equal(res.status, 201, res.raw);
    return { productId: res.body.data.id as string, skuId: res.body.data.skuId as string };
  };
  const newOrder = async (m: Merchant) => {
    const { skuId } = await newProduct(m);
    const customerId = await newCustomerId(m);
    return `/v1/orders/${await created(await call('POST', '/v1/orders', { headers: m.auth, body: { customerId, lines: [{ skuId, quantity: 1 }] } }))}`;
  };
  const newReview = async (m: Merchant) => {
    const { productId } = await newProduct(m);
    const customerId = await newCustomerId(m);
    return `/v1/reviews/${await created(await call('POST', '/v1/reviews', { headers: m.auth, body: { productId, customerId, rating: 4, title: 'Good mug' } }))}`;
  };
  // Paused, so no delivery (and no failure it would record) changes its representation while a case runs.
  const newWebhook = async (m: Merchant) =>
    `/v1/webhooks/${await created(await call('POST', '/v1/webhooks', { headers: m.auth, body: { url: 'http://127.0.0.1:9/hooks', eventTypes: ['order.*'], enabled: false } }))}`;
  const METHOD_SETS = [['paypal'], ['card', 'paypal'], ['bank_transfer'], ['cash_on_delivery', 'paypal'], ['card'], ['bank_transfer', 'paypal']];

  interface EditCase {
    route: string;
    method: 'PATCH' | 'PUT';
    /** Creates the resource (or nothing, for a store's singleton) and returns the URL its GET and the write share. */
    url(m: Merchant): Promise<string>;
    /** The i-th change: each differs from the one before, so every write changes the representation. */
    change(i: number): Record<string, unknown>;
  }

  const edits: EditCase[] = [
    { route: 'PATCH /v1/categories/{id}', method: 'PATCH', url: newCategory, change: (i) => ({ name: `Shoes v${i}` }) },
    { route: 'PATCH /v1/customers/{id}', method: 'PATCH', url: async (m) => `/v1/customers/${await newCustomerId(m)}`, change: (i) => ({ name: `Ada v${i}` }) },
    { route: 'PATCH /v1/promotions/{id}', method: 'PATCH', url: newPromotion, change: (i) => ({ value: 11 + i }) },
    { route: 'PATCH /v1/promo-ads/{id}', method: 'PATCH', url: newPromoAd, change: (i) => ({ title: `Sale v${i}` }) },
    { route: 'PATCH /v1/delivery/zones/{id}', method: 'PATCH', url: newZone, change: (i) => ({ name: `USA v${i}` }) },
    { route: 'PATCH /v1/delivery/zones/{id}/options/{id}', method: 'PATCH', url: newOption, change: (i) => ({ fee: 5 + i }) },
    { route: 'PUT /v1/payments/options', method: 'PUT', url: async () => '/v1/payments/options', change: (i) => ({ enabledMethods: METHOD_SETS[i % METHOD_SETS.length] }) },
    { route: 'PATCH /v1/settings', method: 'PATCH', url: async () => '/v1/settings', change: (i) => ({ notificationEmail: `orders${i}@example.com` }) },
    { route: 'PATCH /v1/inventory/settings', method: 'PATCH', url: async () => '/v1/inventory/settings', change: (i) => ({ lowStockThreshold: 10 + i }) },
    { route: 'PATCH /v1/merchants/profile/business', method: 'PATCH', url: async () => '/v1/merchants/profile/business', change: (i) => ({ legalName: `Northwind v${i} Ltd` }) },
    { route: 'PATCH /v1/merchants/profile', method: 'PATCH', url: async () => '/v1/merchants/profile', change: (i) => ({ name: `Merchant v${i}` }) },
    { route: 'PATCH /v1/orders/{id}', method: 'PATCH', url: newOrder, change: (i) => ({ note: `Leave at the door (v${i})` }) },
    { route: 'PATCH /v1/webhooks/{id}', method: 'PATCH', url: newWebhook, change: (i) => ({ description: `Order sync v${i}` }) },
    { route: 'PATCH /v1/tax-regions/{id}', method: 'PATCH', url: newTaxRegion, change: (i) => ({ rates: { standard: 2000 + i } }) },
    { route: 'PATCH /v1/locations/{id}', method: 'PATCH', url: newLocation, change: (i) => ({ position: 10 + i }) },
  ];

  interface DeleteCase {
    route: string;
    url(m: Merchant): Promise<string>;
    /** Someone else's change, without If-Match: the ETags read before it become stale. */
    touch(m: Merchant, url: string): Promise<void>;
  }

  const patch = (body: Record<string, unknown>) => async (m: Merchant, url: string) => {
    const res = await call('PATCH', url, { headers: m.auth, body });
    assert.equal(res.status, 200, res.raw);
  };
  const deletes: DeleteCase[] = [
    { route: 'DELETE /v1/categories/{id}', url: newCategory, touch: patch({ name: 'Renamed' }) },
    { route: 'DELETE /v1/promotions/{id}', url: newPromotion, touch: patch({ value: 25 }) },
    { route: 'DELETE /v1/promo-ads/{id}', url: newPromoAd, touch: patch({ title: 'Renamed' }) },
    { route: 'DELETE /v1/delivery/zones/{id}', url: newZone, touch: patch({ name: 'Renamed' }) },
    { route: 'DELETE /v1/delivery/zones/{id}/options/{id}', url: newOption, touch: patch({ name: 'Renamed' }) },
    { route: 'DELETE /v1/webhooks/{id}', url: newWebhook, touch: patch({ description: 'Renamed' }) },
    { route: 'DELETE /v1/tax-regions/{id}', url: newTaxRegion, touch: patch({ name: 'Renamed' }) },
    { route: 'DELETE /v1/locations/{id}', url: newLocation, touch: patch({ name: 'Renamed' }) },
    {
      route: 'DELETE /v1/reviews/{id}',
      url: newReview,
      touch: async (m, url) => assert.equal((await call('POST', `${url}/hide`, { headers: m.auth })).status, 200),
    },
  ];

  const read = async (m: Merchant, url: string) => {
    const res = await call('GET', url, { headers: m.auth });
    assert.equal(res.status, 200, res.raw);
    const etag = String(res.headers.etag);
    assert.match(etag, /^"[\x21\x23-\x7e]+"$/, 'a strong ETag');
    return { etag, body: res.body };
  };
  const audits = (m: Merchant) => countOf(t, 'audit_logs', m.storeId);

  /** The 412 in the error envelope: code, the If-Match header named, the current ETag. */
  function assertPreconditionFailed(res: Awaited<ReturnType<typeof call>>, currentEtag: string): void {
    assert.equal(res.status, 412, res.raw);
    assert.equal(res.body.status, false);
    assert.equal(res.body.error.code, 'PRECONDITION_FAILED');
    assert.deepEqual(res.body.error.details, [{ path: 'If-Match', rule: 'must be the current ETag of the resource', in: 'header' }]);
    assert.equal(typeof res.body.requestId, 'string');
    assert.equal(res.headers.etag, currentEtag, 'the 412 carries the current ETag');
  }

  for (const c of edits) {
    describe(c.route, () => {
      it('makes the change on the ETag the GET sent and answers with the ETag the GET then sends', async () => {
        const m = await signup(t.app);
        const url = await c.url(m);
        const first = await read(m, url);
        const res = await call(c.method, url, { headers: { ...m.auth, 'if-match': first.etag }, body: c.change(1) });
        assert.equal(res.status, 200, res.raw);
        const now = await read(m, url);
        assert.notEqual(now.etag, first.etag, 'the change changed the representation');
        assert.equal(res.headers.etag, now.etag, 'the write answers with the new ETag');
        // The new tag works for the next write at once: the editor does not need to GET again.
        const next = await call(c.method, url, { headers: { ...m.auth, 'if-match': String(res.headers.etag) }, body: c.change(2) });
        assert.equal(next.status, 200, next.raw);
        assert.equal(next.headers.etag, (await read(m, url)).etag);
      });

      it('refuses a stale ETag with 412 and the current ETag, writing nothing', async () => {
        const m = await signup(t.app);
        const url = await c.url(m);
        const stale = (await read(m, url)).etag;
        assert.equal((await call(c.method, url, { headers: m.auth, body: c.change(1) })).status, 200, 'someone else saved meanwhile');
        const current = await read(m, url);
        const auditsBefore = await audits(m);
        const res = await call(c.method, url, { headers: { ...m.auth, 'if-match': stale }, body: c.change(2) });
        assertPreconditionFailed(res, current.etag);
        const after = await read(m, url);
        assert.equal(after.etag, current.etag);
        assert.deepEqual(after.body, current.body, 'nothing changed');
        assert.equal(await audits(m), auditsBefore, 'nothing written to the audit log');
      });

      it('refuses a weak ETag (strong comparison) and accepts * and a list holding the current ETag', async () => {
        const m = await signup(t.app);
        const url = await c.url(m);
        const current = await read(m, url);
        assertPreconditionFailed(await call(c.method, url, { headers: { ...m.auth, 'if-match': `W/${current.etag}` }, body: c.change(1) }), current.etag);
        assert.equal((await read(m, url)).etag, current.etag);
        const star = await call(c.method, url, { headers: { ...m.auth, 'if-match': '*' }, body: c.change(2) });
        assert.equal(star.status, 200, star.raw);
        assert.equal(star.headers.etag, (await read(m, url)).etag);
        const list = await call(c.method, url, { headers: { ...m.auth, 'if-match': `"stale-one", ${star.headers.etag}` }, body: c.change(3) });
        assert.equal(list.status, 200, list.raw);
      });

      it('without If-Match writes as before, and still answers with the new ETag', async () => {
        const m = await signup(t.app);
        const url = await c.url(m);
        const res = await call(c.method, url, { headers: m.auth, body: c.change(1) });
        assert.equal(res.status, 200, res.raw);
        assert.equal(res.headers.etag, (await read(m, url)).etag);
      });

      it('lets exactly one of two writes sent at once with the same ETag through (the check is inside the write)', async () => {
        const m = await signup(t.app);
        const url = await c.url(m);
        const { etag } = await read(m, url);
        const results = await Promise.all([1, 2].map((i) => call(c.method, url, { headers: { ...m.auth, 'if-match': etag }, body: c.change(i) })));
        assert.deepEqual(
          results.map((r) => r.status).sort(),
          [200, 412],
          results.map((r) => r.raw).join('\n'),
        );
        const winner = results.find((r) => r.status === 200)!;
        const loser = results.find((r) => r.status === 412)!;
        assert.equal(loser.headers.etag, winner.headers.etag, 'the loser is told the tag the winner produced');
        assert.equal((await read(m, url)).etag, winner.headers.etag);
      });
    });
  }

  for (const c of deletes) {
    describe(c.route, () => {
      it('refuses a stale or weak ETag with 412 and the current ETag, deleting nothing; deletes on the current one', async () => {
        const m = await signup(t.app);
        const url = await c.url(m);
        const stale = (await read(m, url)).etag;
        await c.touch(m, url);
        const current = await read(m, url);
        assert.notEqual(current.etag, stale);
        const auditsBefore = await audits(m);
        assertPreconditionFailed(await call('DELETE', url, { headers: { ...m.auth, 'if-match': stale } }), current.etag);
        assertPreconditionFailed(await call('DELETE', url, { headers: { ...m.auth, 'if-match': `W/${current.etag}` } }), current.etag);
        const still = await read(m, url);
        assert.deepEqual(still.body, current.body, 'still there, unchanged');
        assert.equal(await audits(m), auditsBefore, 'nothing written to the audit log');
        const res = await call('DELETE', url, { headers: { ...m.auth, 'if-match': current.etag } });
        assert.equal(res.status, 200, res.raw);
        assert.equal((await call('GET', url, { headers: m.auth })).status, 404);
      });

      it('deletes on If-Match: *, and a missing resource stays 404 whatever If-Match says', async () => {
        const m = await signup(t.app);
        const url = await c.url(m);
        const res = await call('DELETE', url, { headers: { ...m.auth, 'if-match': '*' } });
        assert.equal(res.status, 200, res.raw);
        assert.equal((await call('GET', url, { headers: m.auth })).status, 404);
        assert.equal((await call('DELETE', url, { headers: { ...m.auth, 'if-match': '*' } })).status, 404);
        assert.equal((await call('DELETE', url, { headers: { ...m.auth, 'if-match': '"anything"' } })).status, 404);
      });
    });
  }

  describe('representations that need care', () => {
    it('the business profile: the ETag of the dashboard’s cached GET works, and a tag read in the other mode does not', async () => {
      const m = await signup(t.app);
      const url = '/v1/merchants/profile/business';
      const dashboard = await call('GET', url, { headers: { ...m.auth, 'x-service-client': 'dashboard' } });
      assert.match(String(dashboard.headers['cache-control']), /max-age=300/, 'the cache window applies to the dashboard');
      const enabled = await call('GET', url, { headers: { ...m.auth, 'x-enable-cache': 'true' } });
      const plain = await read(m, url);
      assert.equal(dashboard.headers.etag, plain.etag, 'the window changes Cache-Control, not the body or its ETag');
      assert.equal(enabled.headers.etag, plain.etag);
      const testMode = await call('GET', url, { headers: { ...m.auth, 'x-mode': 'test' } });
      assert.equal(testMode.body.data.mode, 'test');
      assert.notEqual(testMode.headers.etag, plain.etag, 'the body names the mode, so the ETag differs by X-Mode');
      assertPreconditionFailed(
        await call('PATCH', url, { headers: { ...m.auth, 'if-match': String(testMode.headers.etag) }, body: { legalName: 'Wrong mode Ltd' } }),
        plain.etag,
      );
      const res = await call('PATCH', url, {
        headers: { ...m.auth, 'x-service-client': 'dashboard', 'if-match': String(dashboard.headers.etag) },
        body: { legalName: 'Northwind Ltd' },
      });
      assert.equal(res.status, 200, res.raw);
      const again = await call('GET', url, { headers: { ...m.auth, 'x-service-client': 'dashboard' } });
      assert.equal(res.headers.etag, again.headers.etag);
      const inTest = await call('PATCH', url, { headers: { ...m.auth, 'x-mode': 'test', 'if-match': String((await call('GET', url, { headers: { ...m.auth, 'x-mode': 'test' } })).headers.etag) }, body: { legalName: 'Both modes Ltd' } });
      assert.equal(inTest.status, 200, 'a tag read in test mode works for a write in test mode');
      assert.equal(inTest.body.data.mode, 'test');
    });

    it('the merchant profile: the dashboard’s cached GET gives the same ETag', async () => {
      const m = await signup(t.app);
      const url = '/v1/merchants/profile';
      const dashboard = await call('GET', url, { headers: { ...m.auth, 'x-service-client': 'dashboard' } });
      assert.match(String(dashboard.headers['cache-control']), /max-age=300/);
      const res = await call('PATCH', url, { headers: { ...m.auth, 'if-match': String(dashboard.headers.etag) }, body: { name: 'Grace' } });
      assert.equal(res.status, 200, res.raw);
      assert.equal(res.headers.etag, (await call('GET', url, { headers: { ...m.auth, 'x-service-client': 'dashboard' } })).headers.etag);
    });

    it('store settings: a write of the store-wide values elsewhere, or an order taking a number, makes the ETag stale', async () => {
      const m = await signup(t.app);
      const stale = (await read(m, '/v1/settings')).etag;
      assert.equal((await call('PATCH', '/v1/inventory/settings', { headers: m.auth, body: { lowStockThreshold: 9 } })).status, 200);
      assertPreconditionFailed(await call('PATCH', '/v1/settings', { headers: { ...m.auth, 'if-match': stale }, body: { orderNumberPrefix: 'NW-' } }), (await read(m, '/v1/settings')).etag);
      const beforeOrder = (await read(m, '/v1/settings')).etag;
      await newOrder(m);
      const afterOrder = await read(m, '/v1/settings');
      assert.notEqual(afterOrder.etag, beforeOrder, 'nextOrderNumber moved');
      assertPreconditionFailed(await call('PATCH', '/v1/settings', { headers: { ...m.auth, 'if-match': beforeOrder }, body: { orderNumberPrefix: 'NW-' } }), afterOrder.etag);
      assert.equal((await read(m, '/v1/settings')).body.data.orderNumberPrefix, 'ORD-');
    });

    it('store settings and payment options: a refused write does not create the store’s settings row', async () => {
      const m = await signup(t.app);
      assertPreconditionFailed(
        await call('PATCH', '/v1/settings', { headers: { ...m.auth, 'if-match': '"not-it"' }, body: { notificationEmail: 'x@example.com', lowStockThreshold: 8, currency: 'EUR' } }),
        (await read(m, '/v1/settings')).etag,
      );
      assertPreconditionFailed(
        await call('PUT', '/v1/payments/options', { headers: { ...m.auth, 'if-match': '"not-it"' }, body: { enabledMethods: ['paypal'] } }),
        (await read(m, '/v1/payments/options')).etag,
      );
      assert.equal(await countOf(t, 'store_settings', m.storeId), 0);
      const business = (await read(m, '/v1/merchants/profile/business')).body.data;
      assert.equal(business.currency, 'USD');
      assert.equal((await read(m, '/v1/inventory/settings')).body.data.lowStockThreshold, 5);
    });

    it('a delivery zone: its ETag covers its options, so a change of an option makes it stale', async () => {
      const m = await signup(t.app);
      const option = await newOption(m);
      const zone = option.slice(0, option.indexOf('/options/'));
      const stale = (await read(m, zone)).etag;
      assert.equal((await call('PATCH', option, { headers: m.auth, body: { active: false } })).status, 200);
      const current = (await read(m, zone)).etag;
      assert.notEqual(current, stale);
      assertPreconditionFailed(await call('PATCH', zone, { headers: { ...m.auth, 'if-match': stale }, body: { name: 'Renamed' } }), current);
      assertPreconditionFailed(await call('DELETE', zone, { headers: { ...m.auth, 'if-match': stale } }), current);
      assert.equal((await call('GET', option, { headers: m.auth })).status, 200, 'the option is still there');
    });

    it('a customer: an order of theirs changes the figures in the representation, so an older ETag is stale', async () => {
      const m = await signup(t.app);
      const { skuId } = await newProduct(m);
      const customerId = await newCustomerId(m);
      const url = `/v1/customers/${customerId}`;
      const stale = (await read(m, url)).etag;
      await created(await call('POST', '/v1/orders', { headers: m.auth, body: { customerId, lines: [{ skuId, quantity: 2 }] } }));
      const current = await read(m, url);
      assert.equal(current.body.data.orderCount, 1);
      assertPreconditionFailed(await call('PATCH', url, { headers: { ...m.auth, 'if-match': stale }, body: { name: 'Renamed' } }), current.etag);
    });
  });

  describe('scope', () => {
    it('another store’s resource is 404 with If-Match too, and nothing changes', async () => {
      const owner = await signup(t.app);
      const other = await signup(t.app);
      const url = await newCategory(owner);
      const { etag, body } = await read(owner, url);
      for (const tag of [etag, '*']) {
        assert.equal((await call('PATCH', url, { headers: { ...other.auth, 'if-match': tag }, body: { name: 'Taken over' } })).status, 404);
        assert.equal((await call('DELETE', url, { headers: { ...other.auth, 'if-match': tag } })).status, 404);
      }
      assert.deepEqual((await read(owner, url)).body, body);
    });

    it('the OpenAPI document lists the If-Match header and the 412 on exactly the routes that honour it', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
      const honoured: string[] = [];
      const with412: string[] = [];
      for (const [path, operations] of Object.entries<Record<string, { parameters?: Array<{ in: string; name: string; required?: boolean }>; responses?: Record<string, unknown> }>>(doc.paths)) {
        for (const [method, op] of Object.entries(operations)) {
          const name = `${method.toUpperCase()} ${path}`;
          const header = op.parameters?.find((p) => p.in === 'header' && p.name === 'If-Match');
          if (header) {
            assert.equal(header.required, false, `${name}: If-Match is optional`);
            honoured.push(name);
          }
          if (op.responses?.['412']) with412.push(name);
        }
      }
      const expected = [
        'DELETE /v1/categories/{categoryId}',
        'DELETE /v1/delivery/zones/{zoneId}',
        'DELETE /v1/delivery/zones/{zoneId}/options/{optionId}',
        'DELETE /v1/locations/{id}',
        'DELETE /v1/products/{productId}',
        'DELETE /v1/promo-ads/{adId}',
        'DELETE /v1/promotions/{promotionId}',
        'DELETE /v1/reviews/{reviewId}',
        'DELETE /v1/tax-regions/{id}',
        'DELETE /v1/webhooks/{id}',
        'DELETE /v2/products/{productId}/variant-groups/{groupId}',
        'DELETE /v2/products/{productId}/variant-groups/{groupId}/skus/{skuId}',
        'PATCH /v1/categories/{categoryId}',
        'PATCH /v1/customers/{customerId}',
        'PATCH /v1/delivery/zones/{zoneId}',
        'PATCH /v1/delivery/zones/{zoneId}/options/{optionId}',
        'PATCH /v1/inventory/settings',
        'PATCH /v1/locations/{id}',
        'PATCH /v1/merchants/profile',
        'PATCH /v1/merchants/profile/business',
        'PATCH /v1/orders/{orderId}',
        'PATCH /v1/products/{productId}',
        'PATCH /v1/promo-ads/{adId}',
        'PATCH /v1/promotions/{promotionId}',
        'PATCH /v1/settings',
        'PATCH /v1/tax-regions/{id}',
        'PATCH /v1/webhooks/{id}',
        'PATCH /v2/products/{productId}/variant-groups/{groupId}',
        'PATCH /v2/products/{productId}/variant-groups/{groupId}/skus/{skuId}',
        'PUT /v1/payments/options',
      ];
      assert.deepEqual(honoured.sort(), expected);
      assert.deepEqual(with412.sort(), expected, 'the 412 is declared where If-Match is honoured, and only there');
    });
  });
});
