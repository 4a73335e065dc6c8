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
const LINES = 30;
const STOCK = 1_000_000;
const PER_ROUND = Math.ceil(ORDERS / ROUNDS);

if (process.env.TEST_DATABASE_URL && !process.env.BENCH_DATABASE_URL) process.env.BENCH_DATABASE_URL = process.env.TEST_DATABASE_URL;
const ENGINES: Engine[] = args.engine === 'auto' ? ['sqlite', ...(process.env.BENCH_DATABASE_URL ? (['postgres'] as const) : [])] : [parseEngine(args.engine)];

const started = Date.now();
const say = (line: string) => process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}\n`);

type Arm = 'one' | 'three';
interface ArmResult {
  wall: Summary;
  cpuPerOrderMs: number;
}
interface EngineResult {
  engine: Engine;
  arms: Record<Arm, ArmResult>;
  /** three / one median order time, per round */
  roundRatios: number[];
  verdict: number;
  /** the locations one order of the three-location store was allocated at, to show it really spreads */
  sampleLocations: number;
}

async function setUpStore(app: FastifyInstance, container: Container, n: number, locations: 1 | 3) {
  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object, status = 200): Promise<T> => {
    const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    if (res.statusCode !== status) throw new Error(`${method} ${url}: expected ${status}, got ${res.statusCode} ${res.body.slice(0, 300)}`);
    return (res.json() as { data: T }).data;
  };
  const signup = await call<{ token: string; store: { id: string } }>('POST', '/v1/auth/signup', {}, { email: `bench${n}@example.com`, password: 'correct horse battery staple', name: 'Bench', storeName: `Bench ${n}` }, 201);
  const key = await call<{ key: string }>('POST', '/v1/api-keys', { authorization: `Bearer ${signup.token}` }, { name: 'bench' }, 201);
  const headers = { 'x-merchantapikey': key.key };
  const productId = (await call<{ id: string }>('POST', '/v1/products', headers, { type: 'VARIABLE', name: 'Bench Tee' }, 201)).id;
  const group = await call<{ skus: Array<{ id: string }> }>(
    'POST',
    `/v2/products/${productId}/variant-groups`,
    headers,
    {
      attributeName: 'Color',
      attributeValue: 'Red',
      skus: Array.from({ length: LINES }, (_, i) => ({ price: 10 + i + 0.99, quantityInStock: locations === 1 ? STOCK : 0, attributes: { Size: `S${i + 1}` } })),
    },
    201,
  );
  await call('PATCH', `/v1/products/${productId}`, headers, { status: 'active' });
  if (locations === 3) {
    const places = await Promise.all(['East', 'Centre', 'West'].map((name) => call<{ id: string }>('POST', '/v1/locations', headers, { name }, 201)));
    for (const [i, sku] of group.skus.entries()) await call('POST', `/v1/locations/${places[i % 3]!.id}/adjustments`, headers, { skuId: sku.id, delta: STOCK, reason: 'received' }, 201);
  }
  const customerId = await insertCustomer({ container }, signup.store.id);
  const body = { customerId, lines: group.skus.map((s) => ({ skuId: s.id, quantity: 1 })) };
  return {
    async place(): Promise<{ lines: Array<{ allocations: Array<{ locationId: string }> }> }> {
      const res = await app.inject({ method: 'POST', url: '/v1/orders', headers, payload: body });
      if (res.statusCode !== 201) throw new Error(`POST /v1/orders: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return (res.json() as { data: { lines: Array<{ allocations: Array<{ locationId: string }> }> } }).data;
    },
  };
}

async function runEngine(engine: Engine): Promise<EngineResult> {
  const database = await createBenchDatabase(engine, 'commerce_bench_fulfilment');
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
    const stores: Record<Arm, Awaited<ReturnType<typeof setUpStore>>> = { one: await setUpStore(app, container, 1, 1), three: await setUpStore(app, container, 2, 3) };
    say(`${engine}: two stores of ${LINES} SKUs each, one with all stock at its default location, one with each SKU at one of three locations`);
    const spread = (order: { lines: Array<{ allocations: Array<{ locationId: string }> }> }) => new Set(order.lines.flatMap((l) => l.allocations.map((a) => a.locationId))).size;
    const sampleLocations = spread(await stores.three.place());
    if (sampleLocations !== 3) throw new Error(`the three-location order was allocated at ${sampleLocations} locations`);
    if (spread(await stores.one.place()) !== 1) throw new Error('the one-location order was allocated at more than one location');
    for (let i = 0; i < WARMUP; i += 1) for (const arm of ['one', 'three'] as const) await stores[arm].place();
    say(`${engine}: warmed up (${WARMUP} orders per arm)`);

    const samples: Record<Arm, number[]> = { one: [], three: [] };
    const cpu: Record<Arm, number> = { one: 0, three: 0 };
    const roundRatios: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const count = Math.min(PER_ROUND, ORDERS - round * PER_ROUND);
      if (count <= 0) break;
      const arms: Arm[] = round % 2 === 0 ? ['one', 'three'] : ['three', 'one'];
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
      roundRatios.push(medians.three! / medians.one!);
      say(`${engine}: round ${round + 1}/${ROUNDS}: one location ${medians.one!.toFixed(2)} ms, three ${medians.three!.toFixed(2)} ms (× ${roundRatios.at(-1)!.toFixed(3)})`);
    }
    const sorted = [...roundRatios].sort((a, b) => a - b);
    return {
      engine,
      arms: {
        one: { wall: summarize(samples.one), cpuPerOrderMs: cpu.one / samples.one.length },
        three: { wall: summarize(samples.three), cpuPerOrderMs: cpu.three / samples.three.length },
      },
      roundRatios,
      verdict: sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2,
      sampleLocations,
    };
  } finally {
    await cleanup();
  }
}

function report(results: EngineResult[]): string {
  const lines = [`Placing an order of ${LINES} lines: lines from three locations against one location (${ORDERS} orders per arm, ${ROUNDS} rounds)`, ''];
  lines.push('| Engine | Arm | median ms | p95 ms | CPU ms/order |', '|---|---|---|---|---|');
  for (const r of results) {
    for (const arm of ['one', 'three'] as const) {
      const a = r.arms[arm];
      lines.push(`| ${r.engine} | ${arm} | ${a.wall.median.toFixed(2)} | ${a.wall.p95.toFixed(2)} | ${a.cpuPerOrderMs.toFixed(2)} |`);
    }
  }
  lines.push('');
  for (const r of results) {
    const verdict = r.verdict < 1.2 ? 'met' : 'NOT met';
    lines.push(`${r.engine}: three / one = ${r.verdict.toFixed(3)} (median of per-round ratios; aim < 1.20: ${verdict}); a three-location order was allocated at ${r.sampleLocations} locations`);
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
