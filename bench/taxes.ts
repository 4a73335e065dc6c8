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
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../src/container.ts';
import { insertCustomer } from '../test/helpers/catalog.ts';
import { cpuNow, fullGc, type Summary, summarize, timeOnce } from './catalog/stats.ts';
import { createBenchDatabase, type Engine, parseEngine } from './lib/database.ts';
import { inProcessApp } from './lib/in-process.ts';
import { atExit, intFromEnv, runCleanups } from './lib/load.ts';

const { values: args } = parseArgs({ options: { engine: { type: 'string', default: 'auto' }, json: { type: 'string' } } });

const ORDERS = intFromEnv('BENCH_ORDERS', 400, 2, 100_000);
const ROUNDS = intFromEnv('BENCH_ROUNDS', 8, 1, 100);
const WARMUP = intFromEnv('BENCH_WARMUP_ORDERS', 20, 0, 10_000);
const LINES = 50;
const STOCK = 1_000_000_000;
const PER_ROUND = Math.ceil(ORDERS / ROUNDS);

if (process.env.TEST_DATABASE_URL && !process.env.BENCH_DATABASE_URL) process.env.BENCH_DATABASE_URL = process.env.TEST_DATABASE_URL;
const ENGINES: Engine[] = args.engine === 'auto' ? ['sqlite', ...(process.env.BENCH_DATABASE_URL ? (['postgres'] as const) : [])] : [parseEngine(args.engine)];

const started = Date.now();
const say = (line: string) => process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}\n`);

type Arm = 'untaxed' | 'taxed';
interface ArmResult {
  wall: Summary;
  cpuPerOrderMs: number;
}
interface EngineResult {
  engine: Engine;
  arms: Record<Arm, ArmResult>;
  /** taxed / untaxed median order time, per round */
  roundRatios: number[];
  verdict: number;
  /** what one taxed order was charged, to show the orders really carry tax */
  sampleTax: { tax: number; taxLines: number; total: number };
}

async function setUpStore(app: FastifyInstance, container: Container, n: number, taxed: boolean) {
  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object, status = 200): Promise<T> => {
    const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    if (res.statusCode !== status) throw new Error(`${method} ${url}: expected ${status}, got ${res.statusCode} ${res.body.slice(0, 300)}`);
    return (res.json() as { data: T }).data;
  };
  const signup = await call<{ token: string; store: { id: string } }>('POST', '/v1/auth/signup', {}, { email: `bench${n}@example.com`, password: 'correct horse battery staple', name: 'Bench', storeName: `Bench ${n}` }, 201);
  const key = await call<{ key: string }>('POST', '/v1/api-keys', { authorization: `Bearer ${signup.token}` }, { name: 'bench' }, 201);
  const headers = { 'x-merchantapikey': key.key };
  const classes = ['standard', 'reduced', 'zero'];
  const productId = (await call<{ id: string }>('POST', '/v1/products', headers, { type: 'VARIABLE', name: 'Bench Tee', ...(taxed ? { taxClass: 'standard' } : {}) }, 201)).id;
  const group = await call<{ skus: Array<{ id: string }> }>(
    'POST',
    `/v2/products/${productId}/variant-groups`,
    headers,
    {
      attributeName: 'Color',
      attributeValue: 'Red',
      skus: Array.from({ length: LINES }, (_, i) => ({ price: 10 + i + 0.99, quantityInStock: STOCK, attributes: { Size: `S${i + 1}` }, ...(taxed ? { taxClass: classes[i % 3] } : {}) })),
    },
    201,
  );
  await call('PATCH', `/v1/products/${productId}`, headers, { status: 'active' });
  const zone = await call<{ id: string }>('POST', '/v1/delivery/zones', headers, { name: 'US', regions: [{ countryId: 'US' }] }, 201);
  const option = await call<{ id: string }>('POST', `/v1/delivery/zones/${zone.id}/options`, headers, { name: 'Standard', fee: 4.99 }, 201);
  if (taxed) {
    await call('PATCH', '/v1/settings', headers, { pricesIncludeTax: true });
    await call('POST', '/v1/tax-regions', headers, { countryId: 'US', rates: { standard: 2000, reduced: 500, zero: 0 } }, 201);
    await call('POST', '/v1/tax-regions', headers, { countryId: 'US', stateId: 'US-IL', rates: { standard: 625, reduced: 100 } }, 201);
  }
  // insertCustomer gives the customer an address in US-IL.
  const customerId = await insertCustomer({ container }, signup.store.id);
  const body = { customerId, deliveryOptionId: option.id, lines: group.skus.map((s) => ({ skuId: s.id, quantity: 1 })) };
  return {
    async place(): Promise<{ tax: number; taxLines: unknown[]; total: number }> {
      const res = await app.inject({ method: 'POST', url: '/v1/orders', headers, payload: body });
      if (res.statusCode !== 201) throw new Error(`POST /v1/orders: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return (res.json() as { data: { tax: number; taxLines: unknown[]; total: number } }).data;
    },
  };
}

async function runEngine(engine: Engine): Promise<EngineResult> {
  const database = await createBenchDatabase(engine, 'commerce_bench_taxes');
  let running: Awaited<ReturnType<typeof inProcessApp>> | undefined;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await running?.close();
    await database.drop();
  };
  atExit(cleanup);
  try {
    running = await inProcessApp(database);
    const { app, container } = running;
    const stores: Record<Arm, Awaited<ReturnType<typeof setUpStore>>> = { untaxed: await setUpStore(app, container, 1, false), taxed: await setUpStore(app, container, 2, true) };
    say(`${engine}: two stores of ${LINES} SKUs each, one with tax regions (prices including tax)`);
    const sample = await stores.taxed.place();
    if (!(sample.tax > 0) || sample.taxLines.length !== LINES + 1) throw new Error(`the taxed order carries no tax: ${JSON.stringify({ tax: sample.tax, lines: sample.taxLines.length })}`);
    const untaxedSample = await stores.untaxed.place();
    if (untaxedSample.tax !== 0) throw new Error('the untaxed order carries tax');
    for (let i = 0; i < WARMUP; i += 1) for (const arm of ['untaxed', 'taxed'] as const) await stores[arm].place();
    say(`${engine}: warmed up (${WARMUP} orders per arm)`);

    const samples: Record<Arm, number[]> = { untaxed: [], taxed: [] };
    const cpu: Record<Arm, number> = { untaxed: 0, taxed: 0 };
    const roundRatios: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const count = Math.min(PER_ROUND, ORDERS - round * PER_ROUND);
      if (count <= 0) break;
      const arms: Arm[] = round % 2 === 0 ? ['untaxed', 'taxed'] : ['taxed', 'untaxed'];
      const medians: Partial<Record<Arm, number>> = {};
      for (const arm of arms) {
        fullGc();
        const times: number[] = [];
        const cpuBefore = cpuNow();
        for (let i = 0; i < count; i += 1) times.push(await timeOnce(() => stores[arm].place()));
        cpu[arm] += cpuNow() - cpuBefore;
        samples[arm].push(...times);
        medians[arm] = summarize(times).median;
      }
      roundRatios.push(medians.taxed! / medians.untaxed!);
      say(`${engine}: round ${round + 1}/${ROUNDS}: untaxed ${medians.untaxed!.toFixed(2)} ms, taxed ${medians.taxed!.toFixed(2)} ms (× ${roundRatios.at(-1)!.toFixed(3)})`);
    }
    const sorted = [...roundRatios].sort((a, b) => a - b);
    return {
      engine,
      arms: {
        untaxed: { wall: summarize(samples.untaxed), cpuPerOrderMs: cpu.untaxed / samples.untaxed.length },
        taxed: { wall: summarize(samples.taxed), cpuPerOrderMs: cpu.taxed / samples.taxed.length },
      },
      roundRatios,
      verdict: sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2,
      sampleTax: { tax: sample.tax, taxLines: sample.taxLines.length, total: sample.total },
    };
  } finally {
    await cleanup();
  }
}

function report(results: EngineResult[]): string {
  const lines = [`Placing an order of ${LINES} lines with delivery: taxed store against untaxed store (${ORDERS} orders per arm, ${ROUNDS} rounds)`, ''];
  lines.push('| Engine | Arm | median ms | p95 ms | CPU ms/order |', '|---|---|---|---|---|');
  for (const r of results) {
    for (const arm of ['untaxed', 'taxed'] as const) {
      const a = r.arms[arm];
      lines.push(`| ${r.engine} | ${arm} | ${a.wall.median.toFixed(2)} | ${a.wall.p95.toFixed(2)} | ${a.cpuPerOrderMs.toFixed(2)} |`);
    }
  }
  lines.push('');
  for (const r of results) {
    const verdict = r.verdict < 1.1 ? 'met' : 'NOT met';
    lines.push(`${r.engine}: taxed / untaxed = ${r.verdict.toFixed(3)} (median of per-round ratios; aim < 1.10: ${verdict}); a taxed order: tax ${r.sampleTax.tax} in total ${r.sampleTax.total}, ${r.sampleTax.taxLines} tax lines`);
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const results: EngineResult[] = [];
  for (const engine of ENGINES) results.push(await runEngine(engine));
  process.stdout.write(report(results));
  if (args.json) writeFileSync(args.json, `${JSON.stringify(results, null, 2)}\n`);
}

main()
  .catch((error) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(() => runCleanups());
