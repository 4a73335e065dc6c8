import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../src/container.ts';
import { insertCustomer } from '../../test/helpers/catalog.ts';
import { cpuNow, fullGc, type Summary, summarize, timeOnce } from '../catalog/stats.ts';
import { type Engine, parseEngine } from './database.ts';
import { withInProcessApp } from './in-process.ts';
import { intFromEnv, runCleanups } from './load.ts';

// The scaffolding of an A/B benchmark of placing orders (bench/taxes.ts, bench/fulfilment.ts): two stores set up alike
// but for what is measured, `POST /v1/orders` through `app.inject`, the two arms interleaved in rounds.

export interface ArmResult {
  wall: Summary;
  cpuPerOrderMs: number;
}

export interface ArmsResult<A extends string, S> {
  engine: Engine;
  arms: Record<A, ArmResult>;
  /** other / base median order time, per round */
  roundRatios: number[];
  /** the median of the per-round ratios */
  verdict: number;
  /** what the bench's check found in one order of each arm, for the report */
  sample: S;
}

type Call = <T = unknown>(method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object, status?: number) => Promise<T>;

/** A request through `app.inject` that must answer `status` (200 unless said); its `data`. */
export function injectCall(app: FastifyInstance): Call {
  return async <T = unknown>(method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object, status = 200): Promise<T> => {
    const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    if (res.statusCode !== status) throw new Error(`${method} ${url}: expected ${status}, got ${res.statusCode} ${res.body.slice(0, 300)}`);
    return (res.json() as { data: T }).data;
  };
}

/**
 * Bench store number `n`: a merchant signed up, an API key (`headers`), an active VARIABLE product "Bench Tee"
 * (`product`: more of its body) with one group of `lines` SKUs (`sku(i)`: more of SKU i's body), and a customer with
 * an address in US-IL. `placer(body)` places an order (201) and answers it.
 */
export async function benchStore(app: FastifyInstance, container: Container, n: number, options: { lines: number; product?: object; sku: (i: number) => object }) {
  const call = injectCall(app);
  const signup = await call<{ token: string; store: { id: string } }>('POST', '/v1/auth/signup', {}, { email: `bench${n}@example.com`, password: 'correct horse battery staple', name: 'Bench', storeName: `Bench ${n}` }, 201);
  const key = await call<{ key: string }>('POST', '/v1/api-keys', { authorization: `Bearer ${signup.token}` }, { name: 'bench' }, 201);
  const headers = { 'x-merchantapikey': key.key };
  const productId = (await call<{ id: string }>('POST', '/v1/products', headers, { type: 'VARIABLE', name: 'Bench Tee', ...options.product }, 201)).id;
  const group = await call<{ skus: Array<{ id: string }> }>(
    'POST',
    `/v2/products/${productId}/variant-groups`,
    headers,
    { attributeName: 'Color', attributeValue: 'Red', skus: Array.from({ length: options.lines }, (_, i) => ({ price: 10 + i + 0.99, attributes: { Size: `S${i + 1}` }, ...options.sku(i) })) },
    201,
  );
  await call('PATCH', `/v1/products/${productId}`, headers, { status: 'active' });
  const customerId = await insertCustomer({ container }, signup.store.id);
  return {
    call,
    headers,
    skus: group.skus,
    customerId,
    placer<O>(body: object) {
      return async (): Promise<O> => {
        const res = await app.inject({ method: 'POST', url: '/v1/orders', headers, payload: body });
        if (res.statusCode !== 201) throw new Error(`POST /v1/orders: ${res.statusCode} ${res.body.slice(0, 300)}`);
        return (res.json() as { data: O }).data;
      };
    },
  };
}

/**
 * Runs the bench on each engine of `--engine auto|sqlite|postgres` (auto: SQLite, then PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set), each on a fresh database with the app in this process: `setUp`
 * makes the two arms' stores, `check` places one order of each and makes sure they are what the arms say (its answer
 * goes in the report), then BENCH_WARMUP_ORDERS (20) per arm, then BENCH_ORDERS (400) per arm in BENCH_ROUNDS (8)
 * rounds, the arms' order alternating each round. Prints the report (`title`, a table per arm, `verdictLine` per
 * engine); `--json file` writes the results.
 */
export function runOrderArms<A extends string, St extends { place(): Promise<unknown> }, S>(bench: {
  name: string;
  arms: readonly [A, A];
  setUp: (app: FastifyInstance, container: Container) => Promise<Record<A, St>>;
  ready: string;
  check: (stores: Record<A, St>) => Promise<S>;
  title: string;
  verdictLine: (result: ArmsResult<A, S>) => string;
}): void {
  const { values: args } = parseArgs({ options: { engine: { type: 'string', default: 'auto' }, json: { type: 'string' } } });
  const ORDERS = intFromEnv('BENCH_ORDERS', 400, 2, 100_000);
  const ROUNDS = intFromEnv('BENCH_ROUNDS', 8, 1, 100);
  const WARMUP = intFromEnv('BENCH_WARMUP_ORDERS', 20, 0, 10_000);
  const PER_ROUND = Math.ceil(ORDERS / ROUNDS);
  if (process.env.TEST_DATABASE_URL && !process.env.BENCH_DATABASE_URL) process.env.BENCH_DATABASE_URL = process.env.TEST_DATABASE_URL;
  const engines: Engine[] = args.engine === 'auto' ? ['sqlite', ...(process.env.BENCH_DATABASE_URL ? (['postgres'] as const) : [])] : [parseEngine(args.engine)];
  const started = Date.now();
  const say = (line: string) => process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}\n`);
  const [base, other] = bench.arms;

  async function runEngine(engine: Engine): Promise<ArmsResult<A, S>> {
    return withInProcessApp(engine, `commerce_bench_${bench.name}`, {}, async (running) => {
      const stores = await bench.setUp(running.app, running.container);
      say(`${engine}: ${bench.ready}`);
      const sample = await bench.check(stores);
      for (let i = 0; i < WARMUP; i += 1) for (const arm of bench.arms) await stores[arm].place();
      say(`${engine}: warmed up (${WARMUP} orders per arm)`);

      const samples = { [base]: [], [other]: [] } as unknown as Record<A, number[]>;
      const cpu = { [base]: 0, [other]: 0 } as unknown as Record<A, number>;
      const roundRatios: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const count = Math.min(PER_ROUND, ORDERS - round * PER_ROUND);
        if (count <= 0) break;
        const arms: A[] = round % 2 === 0 ? [base, other] : [other, base];
        const medians: Partial<Record<A, number>> = {};
        for (const arm of arms) {
          fullGc();
          const times: number[] = [];
          const cpuBefore = cpuNow();
          for (let i = 0; i < count; i += 1) times.push(await timeOnce(() => stores[arm].place()));
          cpu[arm] += cpuNow() - cpuBefore;
          samples[arm].push(...times);
          medians[arm] = summarize(times).median;
        }
        roundRatios.push(medians[other]! / medians[base]!);
        say(`${engine}: round ${round + 1}/${ROUNDS}: ${base} ${medians[base]!.toFixed(2)} ms, ${other} ${medians[other]!.toFixed(2)} ms (× ${roundRatios.at(-1)!.toFixed(3)})`);
      }
      const sorted = [...roundRatios].sort((a, b) => a - b);
      const result = (arm: A): ArmResult => ({ wall: summarize(samples[arm]), cpuPerOrderMs: cpu[arm] / samples[arm].length });
      return {
        engine,
        arms: { [base]: result(base), [other]: result(other) } as Record<A, ArmResult>,
        roundRatios,
        verdict: sorted.length % 2 === 1 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2,
        sample,
      };
    });
  }

  function report(results: ArmsResult<A, S>[]): string {
    const lines = [`${bench.title} (${ORDERS} orders per arm, ${ROUNDS} rounds)`, ''];
    lines.push('| Engine | Arm | median ms | p95 ms | CPU ms/order |', '|---|---|---|---|---|');
    for (const r of results) {
      for (const arm of bench.arms) {
        const a = r.arms[arm];
        lines.push(`| ${r.engine} | ${arm} | ${a.wall.median.toFixed(2)} | ${a.wall.p95.toFixed(2)} | ${a.cpuPerOrderMs.toFixed(2)} |`);
      }
    }
    lines.push('');
    for (const r of results) lines.push(bench.verdictLine(r));
    return `${lines.join('\n')}\n`;
  }

  (async () => {
    const results: ArmsResult<A, S>[] = [];
    for (const engine of engines) results.push(await runEngine(engine));
    process.stdout.write(report(results));
    if (args.json) writeFileSync(args.json, `${JSON.stringify(results, null, 2)}\n`);
  })()
    .catch((error) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    })
    .finally(() => runCleanups());
}
