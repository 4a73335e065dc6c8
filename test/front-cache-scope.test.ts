import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import { behindTheBack } from './helpers/behind-the-back.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { variableProduct } from './helpers/catalog.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client, createApiKey, type Merchant, signup } from './helpers/merchants.ts';
import { type Answer, send } from './helpers/socket.ts';


/**
 * The front cache keeps an API key's product answers while nothing they show changed (the catalog change log,
 * docs/decisions/0028-catalog-changes-per-store.md): writes in another store, or to another product of the same store,
 * leave them kept; a write to what an answer shows is seen by the very next read, on every instance.
 */
describeEachDatabase('front cache: a kept answer changes with what it shows, and only then', (kind) => {
  let t: TestApp;
  let second: TestApp;
  let base: string;
  let secondBase: string;
  let m: Merchant;
  let other: Merchant;
  let key: string;
  let a: { productId: string; groupId: string; skuIds: string[] };
  let b: { productId: string; groupId: string; skuIds: string[] };
  let c: { productId: string; groupId: string; skuIds: string[] };
  const lines: Array<Record<string, unknown>> = [];

  before(async () => {
    t = await startTestApp(kind, { logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    second = await startTestApp(kind, { database: t.database, logStream: { write: (line) => void lines.push(JSON.parse(line)) } });
    await second.app.listen({ host: '127.0.0.1', port: 0 });
    secondBase = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
    m = await signup(t.app);
    other = await signup(t.app);
    key = (await createApiKey(t.app, m, { permissions: ['products:read'] })).key;
    a = await variableProduct(t.app, m, { name: 'Product A' });
    // B is the newest: the first page of one holds B, not A.
    b = await variableProduct(t.app, m, { name: 'Product B' });
    c = await variableProduct(t.app, other, { name: 'Another store’s product' });
  });
  after(async () => {
    await second?.close();
    await t?.close();
  });

  const fromFront = (answer: Answer) =>
    lines.some((line) => line.reqId === answer.headers['x-request-id'] && line.msg === 'request completed' && line.frontCache === true);
  const get = (url: string, at = base) => send(at, url, { 'x-merchantapikey': key });
  const one = () => `/v2/products/${a.productId}`;
  const page = '/v2/products?limit=1';
  const data = (answer: Answer) => JSON.parse(answer.body.toString()).data;

  /** GETs `url` until the front answers it (a key's first use writes its time of last use, so the route answers twice). */
  async function kept(url: string, at = base): Promise<Answer> {
    for (let i = 0; i < 6; i++) {
      const answer = await get(url, at);
      assert.equal(answer.status, 200, answer.body.toString());
      if (fromFront(answer)) return answer;
    }
    assert.fail(`${url}: the front cache answers by the sixth request`);
  }

  it('keeps both answers while another store writes, through the API and behind the app’s back', async () => {
    const keptOne = await kept(one());
    const keptPage = await kept(page);
    const patched = await client(t.app)('PATCH', `/v2/products/${c.productId}/variant-groups/${c.groupId}/skus/${c.skuIds[0]}`, { headers: other.auth, body: { price: 99 } });
    assert.equal(patched.status, 200, patched.raw);
    await behindTheBack(t, 'update skus set quantity_in_stock = quantity_in_stock + 1 where id = $1', [c.skuIds[1]]);
    await behindTheBack(t, 'update stores set currency = currency where id = $1', [other.storeId]);
    for (const [url, before] of [[one(), keptOne], [page, keptPage]] as const) {
      const again = await get(url);
      assert.equal(fromFront(again), true, `${url}: still kept after another store's writes`);
      assert.ok(again.body.equals(before.body));
    }
  });

  it('keeps a product while another product of the store changes, and a page unless its products change', async () => {
    await kept(one());
    await kept(page);
    // B's stock changes: B is on the page, A is not.
    await behindTheBack(t, 'update skus set quantity_in_stock = 40 where id = $1', [b.skuIds[0]]);
    const stillOne = await get(one());
    assert.equal(fromFront(stillOne), true, 'A is kept: B changed');
    const changedPage = await get(page);
    assert.equal(fromFront(changedPage), false, 'the page shows B');
    assert.equal(data(changedPage)[0].variantGroups[0].skus[0].quantityInStock, 40);

    await kept(page);
    const byLastChange = '/v2/products?limit=1&sort=-updatedAt';
    await kept(byLastChange);
    // A's price changes through the API (which also records the product's time of last change): A's answer changes
    // at once; the page of the newest (B only) stays; a page ordered by time of last change is read again.
    const patched = await client(t.app)('PATCH', `/v2/products/${a.productId}/variant-groups/${a.groupId}/skus/${a.skuIds[0]}`, { headers: m.auth, body: { price: 12.34 } });
    assert.equal(patched.status, 200, patched.raw);
    const changedOne = await get(one());
    assert.equal(fromFront(changedOne), false);
    assert.equal(data(changedOne).variantGroups[0].skus[0].price, 12.34);
    const stillPage = await get(page);
    assert.equal(fromFront(stillPage), true, 'the page does not show A');
    const reordered = await get(byLastChange);
    assert.equal(fromFront(reordered), false, 'A moved to the top of the page ordered by time of last change');
    assert.equal(data(reordered)[0].id, a.productId);

    // A SKU code is searchable text: a page found by it is read again.
    const search = '/v2/products?limit=5&q=zz-code';
    assert.equal(data(await kept(search)).length, 0);
    const coded = await client(t.app)('PATCH', `/v2/products/${a.productId}/variant-groups/${a.groupId}/skus/${a.skuIds[1]}`, { headers: m.auth, body: { sku: 'ZZ-CODE-1' } });
    assert.equal(coded.status, 200, coded.raw);
    const found = await get(search);
    assert.equal(fromFront(found), false);
    assert.deepEqual(data(found).map((p: { id: string }) => p.id), [a.productId]);

    // A product row can move a product into or out of a page: every page of the store is read again.
    await kept(one());
    await kept(page);
    const renamed = await client(t.app)('PATCH', `/v1/products/${a.productId}`, { headers: m.auth, body: { name: 'Product A, renamed' } });
    assert.equal(renamed.status, 200, renamed.raw);
    assert.equal(fromFront(await get(page)), false, 'a product row changed: the page is read again');
    const renamedOne = await get(one());
    assert.equal(fromFront(renamedOne), false);
    assert.equal(data(renamedOne).name, 'Product A, renamed');
  });

  it('reads both again when the store itself changes (its currency formats every price)', async () => {
    await kept(one());
    await kept(page);
    await behindTheBack(t, 'update stores set currency = $1 where id = $2', ['EUR', m.storeId]);
    const changedOne = await get(one());
    assert.equal(fromFront(changedOne), false);
    assert.equal(data(changedOne).currency, 'EUR');
    const changedPage = await get(page);
    assert.equal(fromFront(changedPage), false);
    assert.equal(data(changedPage)[0].currency, 'EUR');
  });

  it('shows a write made through one instance on the next read through the other', async () => {
    for (const at of [base, secondBase]) {
      await kept(one(), at);
      await kept(page, at);
    }
    const patched = await client(t.app)('PATCH', `/v2/products/${a.productId}/variant-groups/${a.groupId}/skus/${a.skuIds[1]}`, { headers: m.auth, body: { price: 77.5 } });
    assert.equal(patched.status, 200, patched.raw);
    const there = await get(one(), secondBase);
    assert.equal(data(there).variantGroups[0].skus[1].price, 77.5, 'the other instance shows the write');
    const patchedB = await client(second.app)('PATCH', `/v2/products/${b.productId}/variant-groups/${b.groupId}/skus/${b.skuIds[1]}`, { headers: m.auth, body: { price: 66 } });
    assert.equal(patchedB.status, 200, patchedB.raw);
    const here = await get(page, base);
    assert.equal(data(here)[0].variantGroups[0].skus[1].price, 66, 'and the other way round');
  });
});
