/**
 * Taxes (issue 35): what the tax calculation adds to placing an order.
 *
 *   node bench/taxes.ts [--engine auto|sqlite|postgres] [--json out.json]      (npm run bench:taxes)
 *
 * Two stores on one fresh database, set up alike: the same 50 active SKUs (stock out of reach), one delivery zone and
 * option, a customer, an API key. The **taxed** store has tax regions (the country of the customer's address at
 * 20 % standard / 5 % reduced, and a state region that wins over it), prices including tax, and its SKUs split
 * between the standard, reduced and zero classes; the **untaxed** store has no tax region (an order carries no tax, as
 * before taxes). Each order has 50 lines (quantity 1) and the delivery option: the taxed order has 51 tax lines.
 *
 * The two arms are interleaved in rounds (their order alternating each round), `POST /v1/orders` through
 * `app.inject` (the real app, no socket; logging off; rate limits out of reach). Per arm: median and p95 wall time per
 * order and main-thread CPU per order; the verdict is the **median of the per-round ratios** taxed / untaxed of the
 * median order time (aim: under 1.10, i.e. under 10 % added).
 *
 * Environment: BENCH_ORDERS (timed orders per arm, 400), BENCH_ROUNDS (8), BENCH_WARMUP_ORDERS (20 per arm).
 * A smoke run that only checks the bench starts and finishes: BENCH_ORDERS=4 BENCH_ROUNDS=2 BENCH_WARMUP_ORDERS=1.
 * PostgreSQL: `--engine postgres` with BENCH_DATABASE_URL (or TEST_DATABASE_URL); `auto` runs SQLite, then PostgreSQL
 * when one is set.
 */
import { benchStore, runOrderArms } from './lib/order-arms.ts';

const LINES = 50;
const STOCK = 1_000_000_000;
const CLASSES = ['standard', 'reduced', 'zero'];

type Order = { tax: number; taxLines: unknown[]; total: number };

/** A store with a US delivery zone and option; `taxed`: tax regions for US and US-IL, prices including tax, SKUs over three tax classes. */
async function setUpStore(app: Parameters<typeof benchStore>[0], container: Parameters<typeof benchStore>[1], n: number, taxed: boolean) {
  const store = await benchStore(app, container, n, {
    lines: LINES,
    product: taxed ? { taxClass: 'standard' } : {},
    sku: (i) => ({ quantityInStock: STOCK, ...(taxed ? { taxClass: CLASSES[i % 3] } : {}) }),
  });
  const { call, headers } = store;
  const zone = await call<{ id: string }>('POST', '/v1/delivery/zones', headers, { name: 'US', regions: [{ countryId: 'US' }] }, 201);
  const option = await call<{ id: string }>('POST', `/v1/delivery/zones/${zone.id}/options`, headers, { name: 'Standard', fee: 4.99 }, 201);
  if (taxed) {
    await call('PATCH', '/v1/settings', headers, { pricesIncludeTax: true });
    await call('POST', '/v1/tax-regions', headers, { countryId: 'US', rates: { standard: 2000, reduced: 500, zero: 0 } }, 201);
    await call('POST', '/v1/tax-regions', headers, { countryId: 'US', stateId: 'US-IL', rates: { standard: 625, reduced: 100 } }, 201);
  }
  // The bench store's customer has an address in US-IL.
  return { place: store.placer<Order>({ customerId: store.customerId, deliveryOptionId: option.id, lines: store.skus.map((s) => ({ skuId: s.id, quantity: 1 })) }) };
}

runOrderArms({
  name: 'taxes',
  arms: ['untaxed', 'taxed'] as const,
  setUp: async (app, container) => ({ untaxed: await setUpStore(app, container, 1, false), taxed: await setUpStore(app, container, 2, true) }),
  ready: `two stores of ${LINES} SKUs each, one with tax regions (prices including tax)`,
  check: async (stores) => {
    const sample = await stores.taxed.place();
    if (!(sample.tax > 0) || sample.taxLines.length !== LINES + 1) throw new Error(`the taxed order carries no tax: ${JSON.stringify({ tax: sample.tax, lines: sample.taxLines.length })}`);
    if ((await stores.untaxed.place()).tax !== 0) throw new Error('the untaxed order carries tax');
    return { tax: sample.tax, taxLines: sample.taxLines.length, total: sample.total };
  },
  title: `Placing an order of ${LINES} lines with delivery: taxed store against untaxed store`,
  verdictLine: (r) =>
    `${r.engine}: taxed / untaxed = ${r.verdict.toFixed(3)} (median of per-round ratios; aim < 1.10: ${r.verdict < 1.1 ? 'met' : 'NOT met'}); a taxed order: tax ${r.sample.tax} in total ${r.sample.total}, ${r.sample.taxLines} tax lines`,
});
