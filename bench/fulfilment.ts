/**
 * Fulfilment (issue 36): what allocating an order over three stock locations adds to placing it.
 *
 *   node bench/fulfilment.ts [--engine auto|sqlite|postgres] [--json out.json]      (npm run bench:fulfilment)
 *
 * Two stores on one fresh database, set up alike: the same 30 active SKUs (stock out of reach), a customer, an API key.
 * In the **one** store every SKU's stock is at its default location; in the **three** store there are three locations
 * and each SKU's stock is at one of them (SKU i at location i mod 3), so every order's lines are allocated from three
 * locations. Each order has 30 lines (quantity 1): the three-location order writes the same allocation rows, spread.
 *
 * The two arms are interleaved in rounds (their order alternating each round), `POST /v1/orders` through
 * `app.inject` (the real app, no socket; logging off; rate limits out of reach). Per arm: median and p95 wall time per
 * order and main-thread CPU per order; the verdict is the **median of the per-round ratios** three / one of the median
 * order time (aim: under 1.20, i.e. under 20 % more).
 *
 * Environment: BENCH_ORDERS (timed orders per arm, 400), BENCH_ROUNDS (8), BENCH_WARMUP_ORDERS (20 per arm).
 * A smoke run that only checks the bench starts and finishes: BENCH_ORDERS=4 BENCH_ROUNDS=2 BENCH_WARMUP_ORDERS=1.
 * PostgreSQL: `--engine postgres` with BENCH_DATABASE_URL (or TEST_DATABASE_URL); `auto` runs SQLite, then PostgreSQL
 * when one is set.
 */
import { benchStore, runOrderArms } from './lib/order-arms.ts';

const LINES = 30;
const STOCK = 1_000_000;

type Order = { lines: Array<{ allocations: Array<{ locationId: string }> }> };

/** A store whose SKUs' stock is all at its default location (`locations` 1), or each SKU's at one of three locations (SKU i at i mod 3). */
async function setUpStore(app: Parameters<typeof benchStore>[0], container: Parameters<typeof benchStore>[1], n: number, locations: 1 | 3) {
  const store = await benchStore(app, container, n, { lines: LINES, sku: () => ({ quantityInStock: locations === 1 ? STOCK : 0 }) });
  const { call, headers, skus } = store;
  if (locations === 3) {
    const places = await Promise.all(['East', 'Centre', 'West'].map((name) => call<{ id: string }>('POST', '/v1/locations', headers, { name }, 201)));
    for (const [i, sku] of skus.entries()) await call('POST', `/v1/locations/${places[i % 3]!.id}/adjustments`, headers, { skuId: sku.id, delta: STOCK, reason: 'received' }, 201);
  }
  return { place: store.placer<Order>({ customerId: store.customerId, lines: skus.map((s) => ({ skuId: s.id, quantity: 1 })) }) };
}

/** The locations an order's lines were allocated at. */
const spread = (order: Order) => new Set(order.lines.flatMap((l) => l.allocations.map((a) => a.locationId))).size;

runOrderArms({
  name: 'fulfilment',
  arms: ['one', 'three'] as const,
  setUp: async (app, container) => ({ one: await setUpStore(app, container, 1, 1), three: await setUpStore(app, container, 2, 3) }),
  ready: `two stores of ${LINES} SKUs each, one with all stock at its default location, one with each SKU at one of three locations`,
  check: async (stores) => {
    const sampleLocations = spread(await stores.three.place());
    if (sampleLocations !== 3) throw new Error(`the three-location order was allocated at ${sampleLocations} locations`);
    if (spread(await stores.one.place()) !== 1) throw new Error('the one-location order was allocated at more than one location');
    return { locations: sampleLocations };
  },
  title: `Placing an order of ${LINES} lines: lines from three locations against one location`,
  verdictLine: (r) =>
    `${r.engine}: three / one = ${r.verdict.toFixed(3)} (median of per-round ratios; aim < 1.20: ${r.verdict < 1.2 ? 'met' : 'NOT met'}); a three-location order was allocated at ${r.sample.locations} locations`,
});
