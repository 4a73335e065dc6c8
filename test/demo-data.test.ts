import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { seed } from '../src/seed.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { describeEachDatabase } from './helpers/databases.ts';
import { client } from './helpers/merchants.ts';

const DAY_MS = 86_400_000;

describeEachDatabase('demo store data', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof client>;
  let headers: Record<string, string>;
  const lines: string[] = [];
  before(async () => {
    t = await startTestApp(kind);
    call = client(t.app);
    const { demo } = await seed(t.container, (line, final) => final && lines.push(line), { demo: true });
    assert.ok(demo, 'a database without users gets the demo merchant');
    headers = { 'x-merchantapikey': demo.apiKey };
  });
  after(() => t?.close());

  /** Every item of a paginated list. */
  async function all(url: string): Promise<any[]> {
    const items: any[] = [];
    let cursor: string | null = null;
    do {
      const res = await call('GET', `${url}${url.includes('?') ? '&' : '?'}limit=50${cursor ? `&cursor=${cursor}` : ''}`, { headers });
      assert.equal(res.status, 200, res.raw);
      items.push(...res.body.data);
      cursor = res.body.pagination?.nextCursor ?? null;
    } while (cursor);
    return items;
  }

  it('fills the demo store with products (some VARIABLE with SKUs), customers and two months of orders, reporting progress', async () => {
    const products = await all('/v2/products');
    assert.ok(products.length >= 25, `${products.length} products`);
    const variable = products.filter((p) => p.type === 'VARIABLE');
    assert.ok(variable.length >= 3, `${variable.length} VARIABLE products`);
    for (const p of variable) {
      assert.ok(p.variantGroups.length >= 2, `${p.name} has variant groups`);
      assert.ok(p.variantGroups.every((g: { skus: unknown[] }) => g.skus.length >= 2), `${p.name} has SKUs in each group`);
    }
    assert.ok(products.every((p) => p.status === 'active'), 'the demo catalog is on sale');
    const pictured = products.filter((p) => p.imageFileIds.length > 0);
    assert.ok(pictured.length >= 3, `${pictured.length} products with an image`);
    const image = await t.app.inject({ method: 'GET', url: `/v1/files/${pictured[0].imageFileIds[0]}`, headers });
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers['content-type'], 'image/png');
    assert.equal(image.rawPayload.subarray(1, 4).toString(), 'PNG', 'a real PNG');

    const customers = await all('/v1/customers');
    assert.ok(customers.length >= 10, `${customers.length} customers`);

    const orders = await all('/v1/orders');
    assert.ok(orders.length >= 50, `${orders.length} orders`);
    const times = orders.map((o) => Date.parse(o.createdAt));
    assert.ok(Math.max(...times) - Math.min(...times) > 30 * DAY_MS, 'orders span more than 30 days');
    assert.ok(Math.min(...times) > Date.now() - 61 * DAY_MS && Math.max(...times) <= Date.now(), 'within the last 60 days, none in the future');
    const statuses = new Set(orders.map((o) => o.status));
    assert.ok(statuses.size >= 3, `statuses: ${[...statuses].join(', ')}`);

    for (const kind of ['categories', 'products', 'customers', 'orders']) {
      assert.ok(lines.some((l) => l.startsWith(`seeding demo store: ${kind} `)), `a final progress line for ${kind}`);
    }
  });

  it('gives the overview chart and the low-stock list something to show', async () => {
    const summary = await call('GET', '/v1/dashboard/overview/summary?period=30d', { headers });
    assert.equal(summary.status, 200, summary.raw);
    assert.ok(summary.body.data.period.salesTotal > 0, 'sales in the last 30 days');
    const busyDays = summary.body.data.series.filter((d: { salesTotal: number }) => d.salesTotal > 0);
    assert.ok(busyDays.length >= 5, `${busyDays.length} days with sales`);
    const lowStock = await call('GET', '/v1/dashboard/overview/low-stock', { headers });
    assert.equal(lowStock.status, 200, lowStock.raw);
    assert.ok(lowStock.body.data.skus.length >= 1, 'at least one SKU runs low');
    assert.ok(lowStock.body.data.skus.some((s: { groupId: string | null }) => s.groupId !== null), 'variants among them');
  });

  it('adds nothing on a second seed run: demo data only on a database without users', async () => {
    const counts = async () => Promise.all(['/v2/products', '/v1/customers', '/v1/orders'].map(async (url) => (await all(url)).length));
    const before = await counts();
    const again = await seed(t.container, undefined, { demo: true });
    assert.equal(again.demo, null);
    assert.deepEqual(await counts(), before);
  });
});
