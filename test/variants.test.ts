import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { countRows, variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { IMAGES, multipart } from './helpers/images.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';

const ETAG = /^"[\x21\x23-\x7E]+"$/;

describeEachDatabase('variant groups and SKUs (v2)', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let m: Merchant;
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
    m = await signup(t.app);
  });
  after(() => t?.close());

  const group = (productId: string, groupId = '') => `/v2/products/${productId}/variant-groups${groupId ? `/${groupId}` : ''}`;
  const skuUrl = (productId: string, groupId: string, skuId = '') => `${group(productId, groupId)}/skus${skuId ? `/${skuId}` : ''}`;

  describe('adding a group', () => {
    it('adds a group with its SKUs and answers 201 with both', async () => {
      const product = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'VARIABLE', name: 'Hoodie' } });
      const res = await call('POST', group(product.body.data.id), {
        headers: m.auth,
        body: {
          attributeName: 'Color',
          attributeValue: 'Navy',
          colorId: 'color_navy',
          skus: [
            { price: 49.99, quantityInStock: 10, sku: 'HOOD-N-S', attributes: { Size: 'S' } },
            { price: 54.5, discount: 12.5, quantityInStock: 0, attributes: { Size: 'XL' } },
          ],
        },
      });
      assert.equal(res.status, 201);
      const g = res.body.data;
      assert.equal(g.attributeName, 'Color');
      assert.equal(g.attributeValue, 'Navy');
      assert.equal(g.colorId, 'color_navy');
      assert.equal(g.image, null);
      assert.equal(g.skus.length, 2);
      assert.deepEqual(
        g.skus.map((s: Record<string, unknown>) => [s.price, s.discount, s.quantityInStock, s.sku, s.attributes]),
        [
          [49.99, 0, 10, 'HOOD-N-S', { Size: 'S' }],
          [54.5, 12.5, 0, null, { Size: 'XL' }],
        ],
      );
      for (const s of g.skus) assert.deepEqual(Object.keys(s).sort(), ['attributes', 'createdAt', 'discount', 'id', 'price', 'quantityInStock', 'sku', 'taxClass', 'updatedAt']);
      const tree = await call('GET', `/v2/products/${product.body.data.id}`, { headers: m.auth });
      assert.equal(tree.body.data.variantGroups.length, 1);
      assert.deepEqual(tree.body.data.variantGroups[0], g);
      assert.equal(tree.body.data.skuCount, 2);
      assert.deepEqual(tree.body.data.priceRange, { min: 49.99, max: 54.5 });
    });

    it('stores prices as integer minor units, never floats', async () => {
      const { skuIds } = await variableProduct(t.app, m, { skus: [{ price: 19.99, quantityInStock: 1 }] });
      const row = await t.container.db.kysely.selectFrom('skus').select(['price_minor', 'discount_bp']).where('id', '=', skuIds[0]!).executeTakeFirstOrThrow();
      assert.equal(Number(row.price_minor), 1999);
      assert.equal(Number(row.discount_bp), 0);
    });

    const refusals: Array<[string, Record<string, unknown>, string, RegExp]> = [
      ['a price of 1', { price: 1, quantityInStock: 1 }, 'skus[0].price', /greater than 1/],
      ['a price below 1', { price: 0.5, quantityInStock: 1 }, 'skus[0].price', /greater than 1/],
      ['a price with more decimals than the currency', { price: 10.999, quantityInStock: 1 }, 'skus[0].price', /at most 2 decimal places/],
      ['a discount over 100', { price: 10, discount: 101, quantityInStock: 1 }, 'skus[0].discount', /0 to 100/],
      ['a negative discount', { price: 10, discount: -1, quantityInStock: 1 }, 'skus[0].discount', /0 to 100/],
      ['a fractional quantity', { price: 10, quantityInStock: 1.5 }, 'skus[0].quantityInStock', /whole number/],
      ['a negative quantity', { price: 10, quantityInStock: -1 }, 'skus[0].quantityInStock', /0 or more/],
      ['a missing price', { quantityInStock: 1 }, 'skus[0].price', /./],
      ['a missing quantity', { price: 10 }, 'skus[0].quantityInStock', /./],
      ['a non-string attribute value', { price: 10, quantityInStock: 1, attributes: { Size: 3 } }, 'skus[0].attributes.Size', /string/],
      ['too long an attribute value', { price: 10, quantityInStock: 1, attributes: { Size: 'x'.repeat(101) } }, 'skus[0].attributes.Size', /100 characters/],
      ['an attribute repeating the group dimension', { price: 10, quantityInStock: 1, attributes: { color: 'Blue' } }, 'skus[0].attributes.color', /dimension/],
    ];
    for (const [name, sku, path, rule] of refusals) {
      it(`refuses ${name} with 422 naming ${path}, writing nothing`, async () => {
        const product = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'VARIABLE', name: 'Refused' } });
        const before = [await countRows(t, 'variant_groups', m.storeId), await countRows(t, 'skus', m.storeId)];
        const res = await call('POST', group(product.body.data.id), { headers: m.auth, body: { attributeName: 'Color', attributeValue: 'Red', skus: [sku] } });
        assert.equal(res.status, 422, res.raw);
        assert.equal(res.body.error.code, 'VALIDATION_FAILED');
        const detail = res.body.error.details.find((d: { path: string }) => d.path === path);
        assert.ok(detail, `expected ${path} in ${JSON.stringify(res.body.error.details)}`);
        assert.match(detail.rule, rule);
        assert.deepEqual([await countRows(t, 'variant_groups', m.storeId), await countRows(t, 'skus', m.storeId)], before);
      });
    }

    it('refuses a group without SKUs (422 naming skus), writing nothing', async () => {
      const product = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'VARIABLE', name: 'Empty' } });
      const before = await countRows(t, 'variant_groups', m.storeId);
      const res = await call('POST', group(product.body.data.id), { headers: m.auth, body: { attributeName: 'Color', attributeValue: 'Red', skus: [] } });
      assert.equal(res.status, 422);
      assert.equal(res.body.error.details[0].path, 'skus');
      assert.match(res.body.error.details[0].rule, /at least one SKU/);
      const missing = await call('POST', group(product.body.data.id), { headers: m.auth, body: { attributeName: 'Color', attributeValue: 'Red' } });
      assert.equal(missing.status, 422);
      assert.equal(await countRows(t, 'variant_groups', m.storeId), before);
    });

    it('is all or nothing: one bad SKU among good ones writes no group and no SKU', async () => {
      const product = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'VARIABLE', name: 'Atomic' } });
      const before = [await countRows(t, 'variant_groups', m.storeId), await countRows(t, 'skus', m.storeId)];
      const res = await call('POST', group(product.body.data.id), {
        headers: m.auth,
        body: { attributeName: 'Color', attributeValue: 'Red', skus: [{ price: 10, quantityInStock: 1, attributes: { Size: 'S' } }, { price: 0, quantityInStock: 1 }] },
      });
      assert.equal(res.status, 422);
      assert.equal(res.body.error.details[0].path, 'skus[1].price');
      assert.deepEqual([await countRows(t, 'variant_groups', m.storeId), await countRows(t, 'skus', m.storeId)], before);
    });

    it('refuses groups on a SIMPLE product', async () => {
      const simple = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'SIMPLE', name: 'Poster', price: 9.5, quantityInStock: 2 } });
      const res = await call('POST', group(simple.body.data.id), { headers: m.auth, body: { attributeName: 'Size', attributeValue: 'A3', skus: [{ price: 10, quantityInStock: 1 }] } });
      assert.equal(res.status, 422);
      assert.equal(res.body.error.code, 'PRODUCT_NOT_VARIABLE');
    });

    it('refuses an unknown colorId or image with 422 naming it', async () => {
      const product = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'VARIABLE', name: 'Refs' } });
      for (const [field, value] of [['colorId', 'color_ultraviolet'], ['image', 'fil_01M80TX1KA6JZF45N9F8Z54BW']] as const) {
        const res = await call('POST', group(product.body.data.id), { headers: m.auth, body: { attributeName: 'Color', attributeValue: 'Red', [field]: value, skus: [{ price: 10, quantityInStock: 1 }] } });
        assert.equal(res.status, 422);
        assert.equal(res.body.error.details[0].path, field);
      }
    });

    it('takes an image uploaded to the same store, and refuses another store’s or the other mode’s', async () => {
      const upload = async (who: Merchant, headers: Record<string, string> = {}) => {
        const body = multipart([{ name: 'file', filename: 'hero.png', contentType: 'image/png', content: IMAGES.png }]);
        const res = await t.app.inject({ method: 'POST', url: '/v1/files', headers: { ...who.auth, ...headers, ...body.headers }, payload: body.payload });
        assert.equal(res.statusCode, 201, res.body);
        return res.json().data.id as string;
      };
      const mine = await upload(m);
      const product = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'VARIABLE', name: 'Pictured', imageFileIds: [mine] } });
      assert.deepEqual(product.body.data.imageFileIds, [mine]);
      const ok = await call('POST', group(product.body.data.id), { headers: m.auth, body: { attributeName: 'Color', attributeValue: 'Red', image: mine, skus: [{ price: 10, quantityInStock: 1 }] } });
      assert.equal(ok.status, 201);
      assert.equal(ok.body.data.image, mine);
      const other = await signup(t.app);
      const theirs = await upload(other);
      const testMode = await upload(m, { 'x-mode': 'test' });
      for (const image of [theirs, testMode]) {
        const res = await call('PATCH', group(product.body.data.id, ok.body.data.id), { headers: m.auth, body: { image } });
        assert.equal(res.status, 422);
        assert.equal(res.body.error.details[0].path, 'image');
      }
      assert.equal((await call('GET', group(product.body.data.id, ok.body.data.id), { headers: m.auth })).body.data.image, mine);
    });

    it('refuses a sku code already used in the store with 409 naming the field', async () => {
      await variableProduct(t.app, m, { skus: [{ price: 10, quantityInStock: 1, sku: 'DUP-1' }] });
      const product = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'VARIABLE', name: 'Dup' } });
      const res = await call('POST', group(product.body.data.id), { headers: m.auth, body: { attributeName: 'Color', attributeValue: 'Red', skus: [{ price: 10, quantityInStock: 1, attributes: { Size: 'S' } }, { price: 10, quantityInStock: 1, sku: 'DUP-1', attributes: { Size: 'M' } }] } });
      assert.equal(res.status, 409);
      assert.equal(res.body.error.code, 'SKU_CODE_TAKEN');
      assert.equal(res.body.error.details[0].path, 'skus[1].sku');
      const other = await signup(t.app);
      const elsewhere = await variableProduct(t.app, other, { skus: [{ price: 10, quantityInStock: 1, sku: 'DUP-1' }] });
      assert.ok(elsewhere.skuIds[0], 'codes are unique per store, not across stores');
    });

    it('refuses a duplicate attribute combination within a product (409), in one request or across groups', async () => {
      const { productId } = await variableProduct(t.app, m, { skus: [{ price: 10, quantityInStock: 1, attributes: { Size: 'M' } }] });
      const same = await call('POST', group(productId), { headers: m.auth, body: { attributeName: 'color', attributeValue: 'RED', skus: [{ price: 10, quantityInStock: 1, attributes: { size: 'm' } }] } });
      assert.equal(same.status, 409);
      assert.equal(same.body.error.code, 'DUPLICATE_COMBINATION');
      const twice = await call('POST', group(productId), { headers: m.auth, body: { attributeName: 'Color', attributeValue: 'Blue', skus: [{ price: 10, quantityInStock: 1, attributes: { Size: 'M' } }, { price: 11, quantityInStock: 1, attributes: { Size: 'M' } }] } });
      assert.equal(twice.status, 422);
      assert.equal(twice.body.error.details[0].path, 'skus[1].attributes');
      const blue = await call('POST', group(productId), { headers: m.auth, body: { attributeName: 'Color', attributeValue: 'Blue', skus: [{ price: 10, quantityInStock: 1, attributes: { Size: 'M' } }] } });
      assert.equal(blue.status, 201, 'another colour with the same size is a different combination');
    });
  });

  describe('changing a group', () => {
    it('changes only the sent metadata fields', async () => {
      const { productId, groupId } = await variableProduct(t.app, m, { group: { colorId: 'color_red' } });
      const before = (await call('GET', group(productId, groupId), { headers: m.auth })).body.data;
      const res = await call('PATCH', group(productId, groupId), { headers: m.auth, body: { attributeValue: 'Crimson' } });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.attributeValue, 'Crimson');
      assert.equal(res.body.data.attributeName, before.attributeName);
      assert.equal(res.body.data.colorId, 'color_red');
      assert.deepEqual(res.body.data.skus.map((s: { price: number }) => s.price), before.skus.map((s: { price: number }) => s.price));
      const cleared = await call('PATCH', group(productId, groupId), { headers: m.auth, body: { colorId: null } });
      assert.equal(cleared.body.data.colorId, null);
      assert.equal(cleared.body.data.attributeValue, 'Crimson');
    });

    for (const field of ['price', 'quantityInStock', 'discount', 'sku', 'skus']) {
      it(`refuses ${field} on a group with 422 naming it and pointing at the SKU routes`, async () => {
        const { productId, groupId } = await variableProduct(t.app, m);
        const before = (await call('GET', group(productId, groupId), { headers: m.auth })).body.data;
        const res = await call('PATCH', group(productId, groupId), { headers: m.auth, body: { attributeValue: 'Blue', [field]: field === 'skus' ? [] : field === 'sku' ? 'X' : 5 } });
        assert.equal(res.status, 422);
        const detail = res.body.error.details.find((d: { path: string }) => d.path === field);
        assert.ok(detail, JSON.stringify(res.body.error.details));
        assert.match(detail.rule, /skus/);
        assert.deepEqual((await call('GET', group(productId, groupId), { headers: m.auth })).body.data, before, 'nothing changed, not even attributeValue');
      });
    }

    it('refuses renaming a group onto a sibling’s combination (409)', async () => {
      const { productId, groupId } = await variableProduct(t.app, m, { skus: [{ price: 10, quantityInStock: 1, attributes: { Size: 'M' } }] });
      await call('POST', group(productId), { headers: m.auth, body: { attributeName: 'Color', attributeValue: 'Blue', skus: [{ price: 10, quantityInStock: 1, attributes: { Size: 'M' } }] } });
      const res = await call('PATCH', group(productId, groupId), { headers: m.auth, body: { attributeValue: 'blue' } });
      assert.equal(res.status, 409);
      assert.equal(res.body.error.code, 'DUPLICATE_COMBINATION');
    });

    it('deletes the group and all its SKUs', async () => {
      const { productId, groupId, skuIds } = await variableProduct(t.app, m);
      const res = await call('DELETE', group(productId, groupId), { headers: m.auth });
      assert.equal(res.status, 200);
      assert.equal((await call('GET', group(productId, groupId), { headers: m.auth })).status, 404);
      for (const id of skuIds) assert.equal(await t.container.db.kysely.selectFrom('skus').select('id').where('id', '=', id).executeTakeFirst(), undefined);
      assert.deepEqual((await call('GET', `/v2/products/${productId}`, { headers: m.auth })).body.data.variantGroups, []);
    });
  });

  describe('SKUs', () => {
    it('adds a SKU (201) with price and quantity required and the rest optional', async () => {
      const { productId, groupId } = await variableProduct(t.app, m);
      const res = await call('POST', skuUrl(productId, groupId), { headers: m.auth, body: { price: 30, quantityInStock: 2, attributes: { Size: 'XXL' } } });
      assert.equal(res.status, 201);
      assert.deepEqual([res.body.data.price, res.body.data.discount, res.body.data.sku], [30, 0, null]);
      const missing = await call('POST', skuUrl(productId, groupId), { headers: m.auth, body: { sku: 'NOPRICE' } });
      assert.equal(missing.status, 422);
      assert.deepEqual(missing.body.error.details.map((d: { path: string }) => d.path).sort(), ['price', 'quantityInStock']);
    });

    it('changes only the sent fields', async () => {
      const { productId, groupId, skuIds } = await variableProduct(t.app, m);
      const before = (await call('GET', skuUrl(productId, groupId, skuIds[0]), { headers: m.auth })).body.data;
      const res = await call('PATCH', skuUrl(productId, groupId, skuIds[0]), { headers: m.auth, body: { discount: 15 } });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.discount, 15);
      for (const f of ['price', 'quantityInStock', 'sku', 'attributes']) assert.deepEqual(res.body.data[f], before[f], f);
      const price = await call('PATCH', skuUrl(productId, groupId, skuIds[0]), { headers: m.auth, body: { price: 1.01 } });
      assert.equal(price.body.data.price, 1.01);
      assert.equal(price.body.data.discount, 15);
    });

    for (const [name, body, path] of [
      ['a price of 1', { price: 1 }, 'price'],
      ['a discount of 100.5', { discount: 100.5 }, 'discount'],
      ['a negative stock', { quantityInStock: -3 }, 'quantityInStock'],
      ['an unknown field', { colour: 'red' }, '(body)'],
    ] as const) {
      it(`refuses ${name} on update with 422 naming ${path}, changing nothing`, async () => {
        const { productId, groupId, skuIds } = await variableProduct(t.app, m);
        const before = (await call('GET', skuUrl(productId, groupId, skuIds[0]), { headers: m.auth })).body.data;
        const res = await call('PATCH', skuUrl(productId, groupId, skuIds[0]), { headers: m.auth, body });
        assert.equal(res.status, 422);
        assert.ok(res.body.error.details.some((d: { path: string }) => d.path === path), JSON.stringify(res.body.error.details));
        assert.deepEqual((await call('GET', skuUrl(productId, groupId, skuIds[0]), { headers: m.auth })).body.data, before);
      });
    }

    it("answers a SKU change on a path that does not hold together with the error naming the part that is wrong, changing nothing", async () => {
      const a = await variableProduct(t.app, m, { name: 'Path A' });
      const b = await variableProduct(t.app, m, { name: 'Path B' });
      const second = await call('POST', group(a.productId), { headers: m.auth, body: { attributeName: 'Color', attributeValue: 'Green', skus: [{ price: 11, quantityInStock: 1 }] } });
      const simple = await call('POST', '/v1/products', { headers: m.auth, body: { type: 'SIMPLE', name: 'Path Poster', price: 9.5, quantityInStock: 2 } });
      const before = [(await call('GET', `/v2/products/${a.productId}`, { headers: m.auth })).raw, (await call('GET', `/v2/products/${b.productId}`, { headers: m.auth })).raw];
      const cases: Array<[string, string, number, string]> = [
        ['an unknown product', skuUrl('prd_unknown', a.groupId, a.skuIds[0]), 404, 'PRODUCT_NOT_FOUND'],
        ['a SIMPLE product', skuUrl(simple.body.data.id, a.groupId, a.skuIds[0]), 422, 'PRODUCT_NOT_VARIABLE'],
        ["another product's group", skuUrl(a.productId, b.groupId, b.skuIds[0]), 404, 'VARIANT_GROUP_NOT_FOUND'],
        ['an unknown group', skuUrl(a.productId, 'grp_unknown', a.skuIds[0]), 404, 'VARIANT_GROUP_NOT_FOUND'],
        ["a SKU of the product's other group", skuUrl(a.productId, second.body.data.id, a.skuIds[0]), 404, 'SKU_NOT_FOUND'],
        ["another product's SKU", skuUrl(a.productId, a.groupId, b.skuIds[0]), 404, 'SKU_NOT_FOUND'],
        ['an unknown SKU', skuUrl(a.productId, a.groupId, 'sku_unknown'), 404, 'SKU_NOT_FOUND'],
      ];
      for (const [label, url, status, code] of cases) {
        const res = await call('PATCH', url, { headers: m.auth, body: { price: 12 } });
        assert.equal(res.status, status, `${label}: ${res.raw}`);
        assert.equal(res.body.error.code, code, label);
      }
      const after = [(await call('GET', `/v2/products/${a.productId}`, { headers: m.auth })).raw, (await call('GET', `/v2/products/${b.productId}`, { headers: m.auth })).raw];
      assert.deepEqual(after, before);
    });

    it('refuses deleting the last SKU of a group (409: delete the group instead)', async () => {
      const { productId, groupId, skuIds } = await variableProduct(t.app, m);
      assert.equal((await call('DELETE', skuUrl(productId, groupId, skuIds[0]), { headers: m.auth })).status, 200);
      const last = await call('DELETE', skuUrl(productId, groupId, skuIds[1]), { headers: m.auth });
      assert.equal(last.status, 409);
      assert.equal(last.body.error.code, 'LAST_SKU');
      assert.match(last.body.message, /Delete the group/);
      assert.equal((await call('GET', skuUrl(productId, groupId, skuIds[1]), { headers: m.auth })).status, 200);
    });

    it('changes the product ETag after a price change, and answers 304 before it', async () => {
      const { productId, groupId, skuIds } = await variableProduct(t.app, m);
      const first = await call('GET', `/v2/products/${productId}`, { headers: m.auth });
      assert.match(String(first.headers.etag), ETAG);
      assert.equal((await call('GET', `/v2/products/${productId}`, { headers: { ...m.auth, 'if-none-match': String(first.headers.etag) } })).status, 304);
      await call('PATCH', skuUrl(productId, groupId, skuIds[0]), { headers: m.auth, body: { price: 99 } });
      const after = await call('GET', `/v2/products/${productId}`, { headers: { ...m.auth, 'if-none-match': String(first.headers.etag) } });
      assert.equal(after.status, 200);
      assert.notEqual(after.headers.etag, first.headers.etag);
    });
  });

  describe('If-Match', () => {
    it('proceeds on the current ETag and answers with the new one; refuses a stale one with 412 and the current ETag', async () => {
      const { productId, groupId, skuIds } = await variableProduct(t.app, m);
      const url = skuUrl(productId, groupId, skuIds[0]);
      const read = await call('GET', url, { headers: m.auth });
      const ok = await call('PATCH', url, { headers: { ...m.auth, 'if-match': String(read.headers.etag) }, body: { price: 31 } });
      assert.equal(ok.status, 200);
      const reread = await call('GET', url, { headers: m.auth });
      assert.equal(ok.headers.etag, reread.headers.etag, 'the write answers with the ETag the GET now has');
      const stale = await call('PATCH', url, { headers: { ...m.auth, 'if-match': String(read.headers.etag) }, body: { price: 32 } });
      assert.equal(stale.status, 412);
      assert.equal(stale.body.error.code, 'PRECONDITION_FAILED');
      assert.equal(stale.headers.etag, reread.headers.etag);
      assert.equal((await call('GET', url, { headers: m.auth })).body.data.price, 31, 'the stale write changed nothing');
      const weak = await call('PATCH', url, { headers: { ...m.auth, 'if-match': `W/${reread.headers.etag}` }, body: { price: 33 } });
      assert.equal(weak.status, 412, 'If-Match uses strong comparison');
      assert.equal((await call('PATCH', url, { headers: { ...m.auth, 'if-match': '*' }, body: { price: 34 } })).status, 200);
    });

    it('guards group changes and deletes, SKU deletes and product changes the same way', async () => {
      const { productId, groupId, skuIds } = await variableProduct(t.app, m);
      const g = await call('GET', group(productId, groupId), { headers: m.auth });
      await call('PATCH', skuUrl(productId, groupId, skuIds[0]), { headers: m.auth, body: { price: 40 } });
      assert.equal((await call('PATCH', group(productId, groupId), { headers: { ...m.auth, 'if-match': String(g.headers.etag) }, body: { attributeValue: 'X' } })).status, 412, 'a SKU change makes the group stale');
      assert.equal((await call('DELETE', group(productId, groupId), { headers: { ...m.auth, 'if-match': String(g.headers.etag) } })).status, 412);
      const s = await call('GET', skuUrl(productId, groupId, skuIds[1]), { headers: m.auth });
      await call('PATCH', skuUrl(productId, groupId, skuIds[1]), { headers: m.auth, body: { discount: 1 } });
      assert.equal((await call('DELETE', skuUrl(productId, groupId, skuIds[1]), { headers: { ...m.auth, 'if-match': String(s.headers.etag) } })).status, 412);
      const p = await call('GET', `/v1/products/${productId}`, { headers: m.auth });
      assert.equal((await call('PATCH', `/v1/products/${productId}`, { headers: { ...m.auth, 'if-match': String(p.headers.etag) }, body: { name: 'Renamed' } })).status, 200);
      assert.equal((await call('PATCH', `/v1/products/${productId}`, { headers: { ...m.auth, 'if-match': String(p.headers.etag) }, body: { name: 'Again' } })).status, 412);
      assert.equal((await call('DELETE', `/v1/products/${productId}`, { headers: { ...m.auth, 'if-match': String(p.headers.etag) } })).status, 412);
      assert.equal((await call('GET', `/v1/products/${productId}`, { headers: m.auth })).body.data.name, 'Renamed');
    });
  });

  describe('tenants and permissions', () => {
    it("answers another store's product, group or SKU with 404 on every path segment, changing nothing", async () => {
      const mine = await variableProduct(t.app, m);
      const other = await signup(t.app);
      const theirs = await variableProduct(t.app, other);
      const attempts: Array<[string, string, unknown?]> = [
        ['POST', group(theirs.productId), { attributeName: 'Color', attributeValue: 'Blue', skus: [{ price: 10, quantityInStock: 1 }] }],
        ['GET', group(theirs.productId, theirs.groupId)],
        ['PATCH', group(theirs.productId, theirs.groupId), { attributeValue: 'Hacked' }],
        ['DELETE', group(theirs.productId, theirs.groupId)],
        ['POST', skuUrl(theirs.productId, theirs.groupId), { price: 10, quantityInStock: 1 }],
        ['PATCH', skuUrl(theirs.productId, theirs.groupId, theirs.skuIds[0]), { price: 10 }],
        ['DELETE', skuUrl(theirs.productId, theirs.groupId, theirs.skuIds[0])],
        // mixing my product with their group or SKU
        ['PATCH', group(mine.productId, theirs.groupId), { attributeValue: 'Hacked' }],
        ['PATCH', skuUrl(mine.productId, mine.groupId, theirs.skuIds[0]), { price: 10 }],
        ['DELETE', skuUrl(mine.productId, theirs.groupId, theirs.skuIds[0])],
        ['POST', skuUrl(mine.productId, theirs.groupId), { price: 10, quantityInStock: 1 }],
        ['GET', `/v2/products/${theirs.productId}`],
        ['PATCH', `/v1/products/${theirs.productId}`, { name: 'Hacked' }],
        ['DELETE', `/v1/products/${theirs.productId}`],
      ];
      const before = (await call('GET', `/v2/products/${theirs.productId}`, { headers: other.auth })).body.data;
      for (const [method, url, body] of attempts) {
        const res = await call(method as 'GET', url, { headers: m.auth, body });
        assert.equal(res.status, 404, `${method} ${url}`);
      }
      assert.deepEqual((await call('GET', `/v2/products/${theirs.productId}`, { headers: other.auth })).body.data, before);
    });

    it('keeps the test mode’s catalog apart from live', async () => {
      const live = await variableProduct(t.app, m);
      const asTest = await call('GET', `/v2/products/${live.productId}`, { headers: { ...m.auth, 'x-mode': 'test' } });
      assert.equal(asTest.status, 404);
    });

    it('refuses writes without products:write and reads without products:read (403 naming the permission)', async () => {
      const { productId, groupId, skuIds } = await variableProduct(t.app, m);
      const reader = await createApiKey(t.app, m, { permissions: ['products:read'] });
      const nobody = await createApiKey(t.app, m, { permissions: ['orders:read'] });
      for (const [method, url, body] of [
        ['POST', group(productId), { attributeName: 'Color', attributeValue: 'Blue', skus: [{ price: 10, quantityInStock: 1 }] }],
        ['PATCH', group(productId, groupId), { attributeValue: 'X' }],
        ['DELETE', group(productId, groupId)],
        ['POST', skuUrl(productId, groupId), { price: 10, quantityInStock: 1 }],
        ['PATCH', skuUrl(productId, groupId, skuIds[0]), { price: 10 }],
        ['DELETE', skuUrl(productId, groupId, skuIds[0])],
      ] as const) {
        const res = await call(method, url, { headers: { 'x-merchantapikey': reader.key }, body });
        assert.equal(res.status, 403, `${method} ${url}`);
        assert.match(res.body.message, /products:write/);
      }
      for (const url of [`/v2/products/${productId}`, '/v2/products', group(productId, groupId), skuUrl(productId, groupId, skuIds[0])]) {
        const res = await call('GET', url, { headers: { 'x-merchantapikey': nobody.key } });
        assert.equal(res.status, 403, url);
        assert.match(res.body.message, /products:read/);
        assert.equal((await call('GET', url, { headers: { 'x-merchantapikey': reader.key } })).status, 200);
      }
      const stock = await call('PATCH', skuUrl(productId, groupId, skuIds[0]), { headers: { 'x-merchantapikey': (await createApiKey(t.app, m, { permissions: ['products:write'] })).key }, body: { quantityInStock: 1 } });
      assert.equal(stock.status, 403, 'changing stock also needs inventory:write');
      assert.match(stock.body.message, /inventory:write/);
    });
  });

  describe('limits', () => {
    it('takes a group of 2,048 SKUs in one request and lists the product with all of them', async () => {
      const skus = Array.from({ length: 2048 }, (_, i) => ({ price: 10 + (i % 100), quantityInStock: i % 7, attributes: { Size: `S${i}` } }));
      const { productId, groupId, skuIds } = await variableProduct(t.app, m, { skus });
      assert.equal(skuIds.length, 2048);
      const tree = await call('GET', `/v2/products/${productId}`, { headers: m.auth });
      assert.equal(tree.body.data.variantGroups[0].skus.length, 2048);
      assert.equal(tree.body.data.skuCount, 2048);
      const res = await call('PATCH', skuUrl(productId, groupId, skuIds[1000]), { headers: m.auth, body: { price: 12.34 } });
      assert.equal(res.body.data.price, 12.34);
      const tooMany = await call('POST', group(productId), { headers: m.auth, body: { attributeName: 'Color', attributeValue: 'Blue', skus: Array.from({ length: 2049 }, (_, i) => ({ price: 10, quantityInStock: 1, attributes: { Size: `S${i}` } })) } });
      assert.equal(tooMany.status, 422);
      assert.equal(tooMany.body.error.details[0].path, 'skus');
    });
  });
});
