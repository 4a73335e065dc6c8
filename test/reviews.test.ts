import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { auditActions, setBanDirectly, snapshot } from './helpers/operations.ts';

describeEachDatabase('reviews', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
    m = await signup(t.app);
  });
  after(() => t?.close());

  let n = 0;
  const product = async (who: Merchant = m, headers: Record<string, string> = who.auth): Promise<string> => {
    const res = await call('POST', '/v1/products', { headers, body: { type: 'SIMPLE', name: `Product ${++n}`, price: 10, quantityInStock: 5 } });
    assert.equal(res.status, 201, res.raw);
    return res.body.data.id;
  };
  const customer = async (who: Merchant = m, headers: Record<string, string> = who.auth, name = `Customer ${++n}`): Promise<string> => {
    const res = await call('POST', '/v1/customers', { headers, body: { name, email: `reviewer${++n}.${Date.now()}@example.com` } });
    assert.equal(res.status, 201, res.raw);
    return res.body.data.id;
  };
  const review = (body: Record<string, unknown>, headers: Record<string, string> = m.auth) => call('POST', '/v1/reviews', { headers, body: { rating: 5, ...body } });

  describe('create and get', () => {
    it('creates a review by a customer of the store for a product of the store', async () => {
      const productId = await product();
      const productName = `Product ${n}`;
      const customerId = await customer(m, m.auth, 'Rita Reviewer');
      const res = await review({ productId, customerId, rating: 4, title: '  Solid mug ', body: 'Keeps coffee warm.' });
      assert.equal(res.status, 201, res.raw);
      const r = res.body.data;
      assert.match(r.id, /^rev_/);
      assert.deepEqual(
        [r.productId, r.productName, r.customerId, r.customerName, r.rating, r.title, r.body, r.reply, r.repliedAt, r.hidden],
        [productId, productName, customerId, 'Rita Reviewer', 4, 'Solid mug', 'Keeps coffee warm.', null, null, false],
      );
      assert.deepEqual((await call('GET', `/v1/reviews/${r.id}`, { headers: m.auth })).body.data, r);
      assert.deepEqual(await auditActions(t, m.storeId, r.id), ['review.create']);
      // The product's name is its current one.
      await call('PATCH', `/v1/products/${productId}`, { headers: m.auth, body: { name: 'Thermal Mug' } });
      assert.equal((await call('GET', `/v1/reviews/${r.id}`, { headers: m.auth })).body.data.productName, 'Thermal Mug');
    });

    it('accepts a rating alone (title and body are optional)', async () => {
      const res = await review({ productId: await product(), customerId: await customer(), rating: 1 });
      assert.equal(res.status, 201, res.raw);
      assert.deepEqual([res.body.data.title, res.body.data.body], [null, null]);
    });

    const ghost = 'prd_01M80TX1H4Z5VK6VVBQGD193X8';
    for (const [name, body, path] of [
      ['a rating of 0', { rating: 0 }, 'rating'],
      ['a rating of 6', { rating: 6 }, 'rating'],
      ['a fractional rating', { rating: 3.5 }, 'rating'],
      ['a rating sent as text', { rating: '5' }, 'rating'],
      ['a missing rating', { rating: undefined }, 'rating'],
      ['an empty title', { title: ' ' }, 'title'],
      ['a title over 200 characters', { title: 'x'.repeat(201) }, 'title'],
      ['a body over 5000 characters', { body: 'x'.repeat(5001) }, 'body'],
      ['a missing productId', { productId: undefined }, 'productId'],
      ['a missing customerId', { customerId: undefined }, 'customerId'],
      ['an unknown product', { productId: ghost }, 'productId'],
      ['an unknown customer', { customerId: 'cus_01M80TX1H4Z5VK6VVBQGD193X8' }, 'customerId'],
      ['an unknown field', { stars: 5 }, '(body)'],
    ] as const) {
      it(`refuses ${name} with 422 naming ${path}, writing nothing`, async () => {
        const productId = await product();
        const customerId = await customer();
        const before = await snapshot(t, m.storeId);
        const res = await review({ productId, customerId, ...body });
        assert.equal(res.status, 422, res.raw);
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        assert.deepEqual(await snapshot(t, m.storeId), before);
      });
    }

    it("refuses another store's product or customer with 422 naming the field, writing nothing", async () => {
      const other = await signup(t.app);
      const theirProduct = await product(other);
      const theirCustomer = await customer(other);
      const productId = await product();
      const customerId = await customer();
      const before = [await snapshot(t, m.storeId), await snapshot(t, other.storeId)];
      const p = await review({ productId: theirProduct, customerId });
      assert.equal(p.status, 422);
      assert.deepEqual(p.body.error.details.map((d: { path: string }) => d.path), ['productId']);
      const c = await review({ productId, customerId: theirCustomer });
      assert.equal(c.status, 422);
      assert.deepEqual(c.body.error.details.map((d: { path: string }) => d.path), ['customerId']);
      const both = await review({ productId: theirProduct, customerId: theirCustomer });
      assert.deepEqual(both.body.error.details.map((d: { path: string }) => d.path), ['productId', 'customerId']);
      assert.deepEqual([await snapshot(t, m.storeId), await snapshot(t, other.storeId)], before);
    });

    it('refuses a customer whose ban counts, and accepts one whose ban has expired', async () => {
      const productId = await product();
      const banned = await customer();
      await call('POST', `/v1/customers/${banned}/ban`, { headers: m.auth, body: { reason: 'spam' } });
      const before = await snapshot(t, m.storeId);
      const res = await review({ productId, customerId: banned });
      assert.equal(res.status, 422);
      assert.equal(res.body.error.details[0].path, 'customerId');
      assert.match(res.body.error.details[0].rule, /banned/);
      assert.deepEqual(await snapshot(t, m.storeId), before);
      const expired = await customer();
      await setBanDirectly(t, expired, { bannedAt: new Date(Date.now() - 86_400_000), reason: 'old', expiresAt: new Date(Date.now() - 1000) });
      assert.equal((await review({ productId, customerId: expired })).status, 201);
    });

    it('takes one review per customer and product (409 REVIEW_EXISTS, nothing written), also when creations race', async () => {
      const productId = await product();
      const customerId = await customer();
      assert.equal((await review({ productId, customerId })).status, 201);
      const before = await snapshot(t, m.storeId);
      const again = await review({ productId, customerId, rating: 1 });
      assert.equal(again.status, 409);
      assert.equal(again.body.error.code, 'REVIEW_EXISTS');
      assert.equal(again.body.error.details[0].path, 'customerId');
      assert.deepEqual(await snapshot(t, m.storeId), before);
      assert.equal((await review({ productId: await product(), customerId })).status, 201, 'another product is fine');
      const racedProduct = await product();
      const results = await Promise.all(Array.from({ length: 6 }, () => review({ productId: racedProduct, customerId })));
      assert.equal(results.filter((r) => r.status === 201).length, 1, results.map((r) => r.status).join(','));
      assert.ok(results.filter((r) => r.status !== 201).every((r) => r.body.error.code === 'REVIEW_EXISTS'));
    });
  });

  describe('moderation', () => {
    it('replies, replaces the reply, and removes it', async () => {
      const id = (await review({ productId: await product(), customerId: await customer() })).body.data.id;
      const first = await call('POST', `/v1/reviews/${id}/reply`, { headers: m.auth, body: { reply: 'Thank you!' } });
      assert.equal(first.status, 200, first.raw);
      assert.equal(first.body.data.reply, 'Thank you!');
      assert.match(first.body.data.repliedAt, /^\d{4}-\d{2}-\d{2}T/);
      const second = await call('POST', `/v1/reviews/${id}/reply`, { headers: m.auth, body: { reply: 'Thanks again.' } });
      assert.equal(second.body.data.reply, 'Thanks again.');
      const removed = await call('DELETE', `/v1/reviews/${id}/reply`, { headers: m.auth });
      assert.deepEqual([removed.status, removed.body.data.reply, removed.body.data.repliedAt], [200, null, null]);
      const before = await snapshot(t, m.storeId);
      assert.equal((await call('DELETE', `/v1/reviews/${id}/reply`, { headers: m.auth })).status, 200, 'removing no reply is harmless');
      assert.deepEqual(await snapshot(t, m.storeId), before, '…and writes nothing');
      assert.deepEqual(await auditActions(t, m.storeId, id), ['review.create', 'review.reply', 'review.reply', 'review.reply_remove']);
    });

    for (const [name, body] of [
      ['an empty reply', { reply: '  ' }],
      ['a reply over 5000 characters', { reply: 'x'.repeat(5001) }],
      ['a missing reply', {}],
    ] as const) {
      it(`refuses ${name} with 422 naming reply, writing nothing`, async () => {
        const id = (await review({ productId: await product(), customerId: await customer() })).body.data.id;
        const before = await snapshot(t, m.storeId);
        const res = await call('POST', `/v1/reviews/${id}/reply`, { headers: m.auth, body });
        assert.equal(res.status, 422);
        assert.equal(res.body.error.details[0].path, 'reply');
        assert.deepEqual(await snapshot(t, m.storeId), before);
        assert.equal((await call('GET', `/v1/reviews/${id}`, { headers: m.auth })).body.data.reply, null);
      });
    }

    it('hides and shows a review; repeating either changes nothing', async () => {
      const id = (await review({ productId: await product(), customerId: await customer() })).body.data.id;
      const hidden = await call('POST', `/v1/reviews/${id}/hide`, { headers: m.auth });
      assert.deepEqual([hidden.status, hidden.body.data.hidden], [200, true]);
      const before = await snapshot(t, m.storeId);
      assert.equal((await call('POST', `/v1/reviews/${id}/hide`, { headers: m.auth })).body.data.hidden, true);
      assert.deepEqual(await snapshot(t, m.storeId), before);
      const shown = await call('POST', `/v1/reviews/${id}/show`, { headers: m.auth });
      assert.equal(shown.body.data.hidden, false);
      assert.deepEqual(await auditActions(t, m.storeId, id), ['review.create', 'review.hide', 'review.show']);
    });

    it('deletes a review', async () => {
      const id = (await review({ productId: await product(), customerId: await customer() })).body.data.id;
      const res = await call('DELETE', `/v1/reviews/${id}`, { headers: m.auth });
      assert.deepEqual([res.status, res.body.data], [200, { id }]);
      assert.equal((await call('GET', `/v1/reviews/${id}`, { headers: m.auth })).status, 404);
      assert.equal((await call('DELETE', `/v1/reviews/${id}`, { headers: m.auth })).body.error.code, 'REVIEW_NOT_FOUND');
      assert.deepEqual(await auditActions(t, m.storeId, id), ['review.create', 'review.delete']);
    });

    it('removes the reviews of a deleted product', async () => {
      const productId = await product();
      const id = (await review({ productId, customerId: await customer() })).body.data.id;
      await call('DELETE', `/v1/products/${productId}`, { headers: m.auth });
      assert.equal((await call('GET', `/v1/reviews/${id}`, { headers: m.auth })).status, 404);
    });
  });

  describe('lists and rating summary', () => {
    it('lists per product and across the store with filters and cursor pages, newest first', async () => {
      const shop = await signup(t.app);
      const [p1, p2] = [await product(shop), await product(shop)];
      const [c1, c2, c3] = [await customer(shop), await customer(shop), await customer(shop)];
      const make = async (productId: string, customerId: string, rating: number) => (await review({ productId, customerId, rating }, shop.auth)).body.data.id as string;
      const r1 = await make(p1, c1, 5);
      const r2 = await make(p1, c2, 3);
      const r3 = await make(p1, c3, 5);
      const r4 = await make(p2, c1, 2);
      await call('POST', `/v1/reviews/${r2}/hide`, { headers: shop.auth });
      const ids = async (url: string) => {
        const res = await call('GET', url, { headers: shop.auth });
        assert.equal(res.status, 200, `${url}: ${res.raw}`);
        return res.body.data.map((r: { id: string }) => r.id);
      };
      assert.deepEqual(await ids('/v1/reviews'), [r4, r3, r2, r1]);
      assert.deepEqual(await ids(`/v1/reviews?productId=${p1}`), [r3, r2, r1]);
      assert.deepEqual(await ids(`/v1/products/${p1}/reviews`), [r3, r2, r1]);
      assert.deepEqual(await ids(`/v1/products/${p2}/reviews`), [r4]);
      assert.deepEqual(await ids(`/v1/reviews?customerId=${c1}`), [r4, r1]);
      assert.deepEqual(await ids('/v1/reviews?rating=5'), [r3, r1]);
      assert.deepEqual(await ids(`/v1/products/${p1}/reviews?rating=5&hidden=false`), [r3, r1]);
      assert.deepEqual(await ids('/v1/reviews?hidden=true'), [r2]);
      assert.deepEqual(await ids('/v1/reviews?hidden=false'), [r4, r3, r1]);
      const seen: string[] = [];
      let cursor = '';
      for (let page = 0; page < 5; page += 1) {
        const res = await call('GET', `/v1/reviews?limit=3${cursor ? `&cursor=${cursor}` : ''}`, { headers: shop.auth });
        seen.push(...res.body.data.map((r: { id: string }) => r.id));
        if (!res.body.pagination.hasMore) break;
        cursor = res.body.pagination.nextCursor;
      }
      assert.deepEqual(seen, [r4, r3, r2, r1]);
    });

    for (const q of ['rating=0', 'rating=6', 'rating=x', 'hidden=maybe', 'limit=0', 'limit=101', 'cursor=bogus']) {
      it(`refuses the list query ${q} with 422 naming it`, async () => {
        const res = await call('GET', `/v1/reviews?${q}`, { headers: m.auth });
        assert.equal(res.status, 422, res.raw);
        assert.equal(res.body.error.details[0].path, q.split('=')[0]);
      });
    }

    it('sums up the visible reviews of a product: count, average, count per star', async () => {
      const productId = await product();
      const empty = await call('GET', `/v1/products/${productId}/rating-summary`, { headers: m.auth });
      assert.deepEqual(empty.body.data, { productId, count: 0, average: null, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } });
      const ids: string[] = [];
      for (const rating of [5, 4, 4, 1]) ids.push((await review({ productId, customerId: await customer(), rating })).body.data.id);
      await review({ productId: await product(), customerId: await customer(), rating: 1 });
      await call('POST', `/v1/reviews/${ids[3]}/hide`, { headers: m.auth });
      const res = await call('GET', `/v1/products/${productId}/rating-summary`, { headers: m.auth });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data, { productId, count: 3, average: 4.33, distribution: { 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 } });
    });
  });

  describe('isolation and permissions', () => {
    it("answers another store's review or product with 404 on every route and changes nothing", async () => {
      const other = await signup(t.app);
      const theirProduct = await product(other);
      const theirs = (await review({ productId: theirProduct, customerId: await customer(other), title: 'Secret review' }, other.auth)).body.data;
      const before = await snapshot(t, other.storeId);
      for (const [method, url, body] of [
        ['GET', `/v1/reviews/${theirs.id}`],
        ['DELETE', `/v1/reviews/${theirs.id}`],
        ['POST', `/v1/reviews/${theirs.id}/reply`, { reply: 'hi' }],
        ['DELETE', `/v1/reviews/${theirs.id}/reply`],
        ['POST', `/v1/reviews/${theirs.id}/hide`],
        ['POST', `/v1/reviews/${theirs.id}/show`],
      ] as const) {
        const res = await call(method, url, { headers: m.auth, body });
        assert.equal(res.status, 404, `${method} ${url}`);
        assert.equal(res.body.error.code, 'REVIEW_NOT_FOUND');
      }
      for (const url of [`/v1/products/${theirProduct}/reviews`, `/v1/products/${theirProduct}/rating-summary`]) {
        const res = await call('GET', url, { headers: m.auth });
        assert.equal(res.status, 404, url);
        assert.equal(res.body.error.code, 'PRODUCT_NOT_FOUND');
      }
      assert.ok(!(await call('GET', '/v1/reviews?limit=100', { headers: m.auth })).raw.includes('Secret review'));
      assert.equal((await call('GET', `/v1/reviews?productId=${theirProduct}`, { headers: m.auth })).body.data.length, 0);
      assert.deepEqual(await snapshot(t, other.storeId), before);
      assert.deepEqual((await call('GET', `/v1/reviews/${theirs.id}`, { headers: other.auth })).body.data, theirs);
    });

    it('keeps test mode apart from live mode', async () => {
      const shop = await signup(t.app);
      const test = { ...shop.auth, 'x-mode': 'test' };
      const liveProduct = await product(shop);
      const liveCustomer = await customer(shop);
      const live = (await review({ productId: liveProduct, customerId: liveCustomer }, shop.auth)).body.data;
      assert.deepEqual((await call('GET', '/v1/reviews', { headers: test })).body.data, []);
      assert.equal((await call('GET', `/v1/reviews/${live.id}`, { headers: test })).status, 404);
      assert.equal((await call('POST', `/v1/reviews/${live.id}/hide`, { headers: test })).status, 404);
      assert.equal((await call('DELETE', `/v1/reviews/${live.id}`, { headers: test })).status, 404);
      assert.equal((await call('GET', `/v1/products/${liveProduct}/rating-summary`, { headers: test })).status, 404);
      const crossed = await review({ productId: liveProduct, customerId: liveCustomer }, test);
      assert.equal(crossed.status, 422, 'live product and customer are not in test mode');
      assert.deepEqual(crossed.body.error.details.map((d: { path: string }) => d.path), ['productId', 'customerId']);
      const testReview = (await review({ productId: await product(shop, test), customerId: await customer(shop, test) }, test)).body.data;
      assert.deepEqual((await call('GET', '/v1/reviews', { headers: test })).body.data.map((r: { id: string }) => r.id), [testReview.id]);
      assert.deepEqual((await call('GET', '/v1/reviews', { headers: shop.auth })).body.data.map((r: { id: string }) => r.id), [live.id]);
    });

    it('needs reviews:read to read and reviews:write to write (403 naming it, nothing written)', async () => {
      const productId = await product();
      const id = (await review({ productId, customerId: await customer() })).body.data.id;
      const none = await createApiKey(t.app, m, { permissions: ['products:read'] });
      const reader = await createApiKey(t.app, m, { permissions: ['reviews:read'] });
      for (const url of ['/v1/reviews', `/v1/reviews/${id}`, `/v1/products/${productId}/reviews`, `/v1/products/${productId}/rating-summary`]) {
        const res = await call('GET', url, { headers: { 'x-merchantapikey': none.key } });
        assert.equal(res.status, 403, url);
        assert.match(res.body.message, /reviews:read/);
        assert.equal((await call('GET', url, { headers: { 'x-merchantapikey': reader.key } })).status, 200, url);
      }
      const fresh = await customer();
      const before = await snapshot(t, m.storeId);
      for (const [method, url, body] of [
        ['POST', '/v1/reviews', { productId, customerId: fresh, rating: 3 }],
        ['DELETE', `/v1/reviews/${id}`],
        ['POST', `/v1/reviews/${id}/reply`, { reply: 'x' }],
        ['DELETE', `/v1/reviews/${id}/reply`],
        ['POST', `/v1/reviews/${id}/hide`],
        ['POST', `/v1/reviews/${id}/show`],
      ] as const) {
        const res = await call(method, url, { headers: { 'x-merchantapikey': reader.key }, body });
        assert.equal(res.status, 403, `${method} ${url}`);
        assert.match(res.body.message, /reviews:write/);
      }
      assert.deepEqual(await snapshot(t, m.storeId), before);
    });
  });
});
