/**
 * Catalog reads under load against a same-run in-memory baseline (issue #14; bench/README.md).
 *
 *   npm run bench:reads [-- --engine sqlite|postgres]      (= node bench/catalog-reads.ts)
 *
 * 1. Starts the app (`node src/main.ts serve`) pinned to core 0 on a fresh database: SQLite in a temporary directory
 *    (default), or with `--engine postgres` a database of its own created on BENCH_DATABASE_URL (default
 *    postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end. On PostgreSQL the backends serving the
 *    app's connections are pinned to core 0 too before every run, and their CPU counts as the server's: the whole
 *    server side on one core, wrk on the other.
 * 2. Seeds the catalog through the public API as a merchant would: sign up, create an API key, then with that key
 *    1,000 products `Product 0001` … `Product 1000` (active, VARIABLE, a ~100-character description), each with four
 *    variant groups Size S / M / L / XL of one SKU each (`P0001-S`, price (1000 + (i × 37 mod 9000) + k × 100) / 100
 *    for the k-th size, stock 100 + k); products in parallel batches, progress on stderr.
 * 3. Reads the whole catalog back from the app's `GET /v2/products` pages and starts bench/catalog-reads-baseline.ts
 *    (a bare `node:http` server, also on core 0) with it, then checks that the baseline's list and every product it
 *    serves hold exactly the app's data. On PostgreSQL a second copy of it runs as the **one-statement floor** (each
 *    request waits for one trivial statement to PostgreSQL first): what no uncached path that asks the database per
 *    request can beat on the same core.
 * 4. Runs wrk (1 thread, BENCH_CONNECTIONS connections, on core 1) on two workloads, each against the app (with
 *    `X-MerchantApiKey`) and the baseline: the first page of 50 (`GET /v2/products?limit=50` vs `GET /products?limit=50`)
 *    and one product, rotating over the 1,000 (`GET /v2/products/{id}` vs `GET /products/{slug}`, a wrk Lua script
 *    walking the list). A warm-up of each, then BENCH_ROUNDS rounds alternating baseline and app.
 * 5. Checks every run (no connection errors, timeouts or statuses >= 400; bytes per response as expected) and accounts
 *    CPU from /proc like bench/countries.ts (disturbed runs repeated and left out).
 * 6. Prints req/s, p50/p99, bytes per response, the verdict per workload (median of the per-round ratios app /
 *    baseline) against the aims (list >= 0.25, get >= 0.30) and the app's RSS after the load (aim <= 200 MiB). Exit
 *    code 0 either way: a measurement, not a test. Results go to bench/results/ (git-ignored).
 *
 * Tunables (env): BENCH_CONNECTIONS (50), BENCH_DURATION seconds per run (10), BENCH_WARMUP seconds per case (5),
 * BENCH_ROUNDS (3), BENCH_QUIET_WAIT (20), BENCH_SEED_CONCURRENCY products created at once (8).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import os from 'node:os';
import path from 'node:path';
import { type BenchDatabase, createBenchDatabase, parseEngine } from './lib/database.ts';
import { appArgs, atExit, CPUS, createPacer, FOREIGN_LIMIT, HOST, hasWrk, intFromEnv, killAll, type LoadResult, loadSettings,
  measureRun, median, NODE, perRoundRatios, pinningNote, pinSelf, pinToServerCore, processMemory, ROOT,
  type RunFigures, responseSize, runCleanups, runLine, runProblems, SUMMARY_COLUMNS, type Server, startServer, stop,
  summarizeRuns, summaryCells, table, wrk, writeWrkScript } from './lib/load.ts';

const { values: args } = parseArgs({ options: { engine: { type: 'string', default: 'sqlite' } } });
const ENGINE = parseEngine(args.engine);

const SETTINGS = loadSettings({ connections: 50, duration: 10, warmup: 5, rounds: 3 });
const { connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, rounds: ROUNDS } = SETTINGS;
/** Products created at once while seeding. */
const SEED_CONCURRENCY = intFromEnv('BENCH_SEED_CONCURRENCY', 8, 1, 64);

/** BENCH_PRODUCTS only to try the harness quickly; the figures are for 1,000. */
const PRODUCTS = intFromEnv('BENCH_PRODUCTS', 1000, 60, 100_000);
const SIZES = ['S', 'M', 'L', 'XL'] as const;
const PAGE = 50;
const AIM_RSS_MIB = 200;
const MIB = 1024 * 1024;

const say = (line: string) => process.stderr.write(`${line}\n`);

// ---------------------------------------------------------------------------------------------------------------
// The catalog

interface Product {
  id: string;
  slug: string;
  name: string;
  variantGroups: Array<{ id: string; attributeName: string; attributeValue: string; skus: Array<{ id: string; sku: string | null; price: number; quantityInStock: number }> }>;
}

/** Product number `i` (1-based) as the merchant creates it: the product, then its four Size groups of one SKU. */
function productBody(i: number) {
  const name = `Product ${String(i).padStart(4, '0')}`;
  const description = `${name}: a plain product of the catalog read benchmark, sold in four sizes, S, M, L and XL.`.padEnd(100, '.');
  return { type: 'VARIABLE', name, description, status: 'active' };
}

function groupBodies(i: number) {
  const code = `P${String(i).padStart(4, '0')}`;
  return SIZES.map((size, k) => ({
    attributeName: 'Size',
    attributeValue: size,
    skus: [{ sku: `${code}-${size}`, price: (1000 + ((i * 37) % 9000) + k * 100) / 100, quantityInStock: 100 + k }],
  }));
}

async function call(base: string, method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, body?: object): Promise<{ status: number; json: { data: unknown; pagination?: { nextCursor: string | null } } }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return { status: res.status, json: JSON.parse(text) };
}

/** Signs up, creates an API key, and creates the catalog with it. Returns the key and the owner's session token. */
async function seedCatalog(app: string): Promise<{ apiKey: string; token: string }> {
  const started = performance.now();
  const signup = await call(app, 'POST', '/v1/auth/signup', {}, { email: 'reads@example.com', password: 'correct horse battery staple', name: 'Reads', storeName: 'Reads store' });
  const { token } = signup.json.data as { token: string };
  const key = await call(app, 'POST', '/v1/api-keys', { authorization: `Bearer ${token}` }, { name: 'catalog reads benchmark' });
  const apiKey = (key.json.data as { key: string }).key;
  const headers = { 'x-merchantapikey': apiKey };
  let next = 1;
  let done = 0;
  const tty = process.stderr.isTTY;
  const worker = async () => {
    for (let i = next++; i <= PRODUCTS; i = next++) {
      const product = await call(app, 'POST', '/v1/products', headers, productBody(i));
      const id = (product.json.data as { id: string }).id;
      for (const group of groupBodies(i)) await call(app, 'POST', `/v2/products/${id}/variant-groups`, headers, group);
      done += 1;
      if (done % 50 === 0 || done === PRODUCTS) {
        const line = `seeding through the API: ${done}/${PRODUCTS} products (${((performance.now() - started) / 1000).toFixed(1)} s)`;
        process.stderr.write(tty ? `\r\x1b[2K${line}${done === PRODUCTS ? '\n' : ''}` : `${line}\n`);
      }
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
  return { apiKey, token };
}

/** The whole catalog as the app's `GET /v2/products` pages return it, in order. */
async function readCatalog(app: string, headers: Record<string, string>): Promise<Product[]> {
  const products: Product[] = [];
  let cursor: string | null = null;
  do {
    const page = await call(app, 'GET', `/v2/products?limit=${PAGE}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`, headers);
    products.push(...(page.json.data as Product[]));
    cursor = page.json.pagination?.nextCursor ?? null;
  } while (cursor !== null);
  const skus = products.reduce((n, p) => n + p.variantGroups.reduce((m, g) => m + g.skus.length, 0), 0);
  if (products.length !== PRODUCTS || skus !== PRODUCTS * SIZES.length) {
    throw new Error(`the app lists ${products.length} products with ${skus} SKUs, expected ${PRODUCTS} with ${PRODUCTS * SIZES.length}`);
  }
  return products;
}

/** Checks that the baseline serves exactly the app's data: the first page, and every product by slug vs by id. */
async function checkBaseline(app: string, baseline: string, headers: Record<string, string>, products: Product[]): Promise<void> {
  const [appPage, basePage] = await Promise.all([call(app, 'GET', `/v2/products?limit=${PAGE}`, headers), call(baseline, 'GET', `/products?limit=${PAGE}`, {})]);
  if (!isDeepStrictEqual(appPage.json.data, basePage.json.data)) throw new Error('the baseline list differs from the app list');
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < products.length; i = next++) {
      const p = products[i]!;
      const [a, b] = await Promise.all([call(app, 'GET', `/v2/products/${p.id}`, headers), call(baseline, 'GET', `/products/${p.slug}`, {})]);
      if (!isDeepStrictEqual(a.json.data, b.json.data)) throw new Error(`the baseline's ${p.slug} differs from the app's ${p.id}`);
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
}

/** A wrk `request` hook walking `paths` in turn (all connections share the walk). */
function rotation(paths: string[]): string {
  return `local paths = {\n${paths.map((p) => `  ${JSON.stringify(p)},`).join('\n')}\n}
local n = #paths
local i = 0
request = function()
  i = i % n + 1
  return wrk.format("GET", paths[i])
end
`;
}

// ---------------------------------------------------------------------------------------------------------------
// The runs

type Workload = 'list' | 'get';

/**
 * What else happens on the platform while the app is read (issue 33): nothing; another store's program changing one
 * SKU's stock in its own store 20 times a second; the same in the read store, to products on its last pages; orders
 * placed 10 times a second for products on the first page (the worst case: the page changes with every order); and
 * the quiet platform read with a session token, which the front cache never answers (the route's own path; on SQLite
 * the route still uses its memo of serialized products, decision 0013).
 */
const LIVE = ['quiet', 'other-store', 'same-store', 'orders', 'uncached'] as const;
type Live = (typeof LIVE)[number];

interface Case {
  name: string;
  workload: Workload;
  live: Live | 'baseline' | 'floor';
  side: 'baseline' | 'app' | 'floor';
  server: Server;
  url: string;
  headers: string[];
  script: string;
  /** list: every response has this size. get: bytes / responses within 2 % of this (the mean of a sample). */
  responseBytes: number;
  exact: boolean;
}

type Run = RunFigures & { case: string; round: number; writes?: { sent: number; failed: number } };

function verify(target: Case, result: LoadResult): void {
  const problems = runProblems(result);
  const perResponse = result.requests > 0 ? result.bytes / result.requests : 0;
  // A response cut off when the run ends is allowed for; an error page or a 304 among the 200s is not.
  const tolerance = target.exact ? Math.max(2, target.responseBytes * 0.001) : target.responseBytes * 0.02;
  if (Math.abs(perResponse - target.responseBytes) > tolerance) {
    problems.push(`${perResponse.toFixed(1)} bytes per response, expected ${target.exact ? '' : 'about '}${target.responseBytes.toFixed(0)}`);
  }
  if (problems.length > 0) throw new Error(`${target.name}: the run is not valid:\n  - ${problems.join('\n  - ')}`);
}

/** Sends `send(i)` `perSecond` times a second until stopped; counts what was sent and what failed. */
function pacedWrites(perSecond: number, send: (i: number) => Promise<unknown>): () => Promise<{ sent: number; failed: number }> {
  let i = 0;
  let failed = 0;
  const out = new Set<Promise<unknown>>();
  const timer = setInterval(() => {
    const p = send(i++).catch(() => {
      failed += 1;
    });
    out.add(p);
    void p.finally(() => out.delete(p));
  }, 1000 / perSecond);
  return async () => {
    clearInterval(timer);
    await Promise.all(out);
    return { sent: i, failed };
  };
}

/**
 * The app's database backends (PostgreSQL) are pinned to the server core before every run of the app, so the whole
 * server side shares one core while wrk has the other, and their CPU counts as the server's. A live workload's writer
 * starts a second before the run and stops after it.
 */
async function measure(target: Case, round: number, seconds: number, database: BenchDatabase, writer: (() => () => Promise<{ sent: number; failed: number }>) | undefined): Promise<Run> {
  const stopWriting = writer?.();
  if (stopWriting) await new Promise((resolve) => setTimeout(resolve, 1000));
  const helpers = target.side !== 'baseline' ? await database.backends() : [];
  pinToServerCore(helpers);
  const load = () => wrk(target.name, target.url, target.headers, CONNECTIONS, seconds, target.script);
  try {
    const { result: _, ...figures } = await measureRun(target.server, CONNECTIONS, load, (r) => verify(target, r), helpers);
    return { case: target.name, round, ...figures, ...(stopWriting ? { writes: await stopWriting() } : {}) };
  } catch (error) {
    await stopWriting?.();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  if (!hasWrk()) throw new Error('wrk is not on PATH: apt-get install -y wrk');
  pinSelf();
  const started = Date.now();
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'commerce-bench-reads-'));
  atExit(() => rmSync(tempDir, { recursive: true, force: true }));
  const database = await createBenchDatabase(ENGINE, 'commerce_bench_reads');
  atExit(() => database.drop());

  // 1. The app
  say(`starting the app on ${ENGINE} (migrate + reference data)...`);
  const app = await startServer(
    'the app',
    appArgs(['serve']),
    {
      ...process.env,
      DATABASE_URL: database.url,
      PORT: '0',
      HOST,
      LOG_LEVEL: 'silent',
      BASE_URL: '',
      SEED_DEMO: 'false',
      CLEANUP_INTERVAL_MINUTES: '0',
      // One merchant, one key, one address: the limits are raised out of reach but still counted per request; a 10^9
      // quota over 10^5 s keeps the RateLimit headers one length (the list's byte check compares response sizes).
      RATE_LIMITS: process.env.RATE_LIMITS ?? 'public=1000000000/100000,credential=1000000000/100000',
    },
    { closeStdin: true, timeoutMs: 120_000 },
  );

  // 2. The catalog, through the API
  const { apiKey, token } = await seedCatalog(app.url);
  const keyHeader = { 'x-merchantapikey': apiKey };
  const products = await readCatalog(app.url, keyHeader);
  // The other store: another merchant with one product of one SKU, and the read store's customer for the orders.
  const other = await call(app.url, 'POST', '/v1/auth/signup', {}, { email: 'other@example.com', password: 'correct horse battery staple', name: 'Other', storeName: 'Other store' });
  const otherKey = (await call(app.url, 'POST', '/v1/api-keys', { authorization: `Bearer ${(other.json.data as { token: string }).token}` }, { name: 'the other store' })).json.data as { key: string };
  const otherProduct = (await call(app.url, 'POST', '/v1/products', { 'x-merchantapikey': otherKey.key }, productBody(1))).json.data as { id: string };
  const otherGroup = (await call(app.url, 'POST', `/v2/products/${otherProduct.id}/variant-groups`, { 'x-merchantapikey': otherKey.key }, groupBodies(1)[0]!)).json.data as { id: string; skus: Array<{ id: string }> };
  const customer = (await call(app.url, 'POST', '/v1/customers', keyHeader, { name: 'Bench Shopper', email: 'shopper@example.com' })).json.data as { id: string };
  await database.analyze();

  // 3. The baseline, from what the app returned
  const catalogFile = path.join(tempDir, 'catalog.json');
  writeFileSync(catalogFile, JSON.stringify(products));
  const baseline = await startServer('the baseline', [path.join('bench', 'catalog-reads-baseline.ts'), catalogFile], { ...process.env, HOST, PORT: '0' });
  await checkBaseline(app.url, baseline.url, keyHeader, products);
  // PostgreSQL: the one-statement floor (the baseline waiting for one trivial statement per request).
  const floor = ENGINE === 'postgres'
    ? await startServer('the one-statement floor', [path.join('bench', 'catalog-reads-baseline.ts'), catalogFile], { ...process.env, HOST, PORT: '0', FLOOR_DATABASE_URL: database.url })
    : undefined;
  if (floor) await checkBaseline(app.url, floor.url, keyHeader, products.slice(0, 20));
  say(`catalog: ${products.length} products, ${products.length * SIZES.length} SKUs; the baseline serves the same data`);

  // The writers of the live workloads.
  const firstPage = products.slice(0, PAGE);
  const lastPages = products.slice(-200);
  const writers: Record<Live, (() => () => Promise<{ sent: number; failed: number }>) | undefined> = {
    quiet: undefined,
    uncached: undefined,
    'other-store': () =>
      pacedWrites(20, (i) =>
        call(app.url, 'PATCH', `/v2/products/${otherProduct.id}/variant-groups/${otherGroup.id}/skus/${otherGroup.skus[0]!.id}`, { 'x-merchantapikey': otherKey.key }, { quantityInStock: 100 + (i % 50) }),
      ),
    'same-store': () =>
      pacedWrites(20, (i) => {
        const p = lastPages[i % lastPages.length]!;
        const group = p.variantGroups[0]!;
        return call(app.url, 'PATCH', `/v2/products/${p.id}/variant-groups/${group.id}/skus/${group.skus[0]!.id}`, keyHeader, { quantityInStock: 100 + (i % 50) });
      }),
    orders: () =>
      pacedWrites(10, (i) => {
        const p = firstPage[i % firstPage.length]!;
        const sku = p.variantGroups[Math.floor(i / firstPage.length) % p.variantGroups.length]!.skus[0]!;
        return call(app.url, 'POST', '/v1/orders', keyHeader, { customerId: customer.id, lines: [{ skuId: sku.id, quantity: 1 }] });
      }),
  };

  // 4. The runs
  const report = writeWrkScript(path.join(tempDir, 'report.lua'));
  const appGet = writeWrkScript(path.join(tempDir, 'rotate-app.lua'), rotation(products.map((p) => `/v2/products/${p.id}`)));
  const baseGet = writeWrkScript(path.join(tempDir, 'rotate-baseline.lua'), rotation(products.map((p) => `/products/${p.slug}`)));
  const keyLine = [`X-MerchantApiKey: ${apiKey}`];
  const sessionLine = [`Authorization: Bearer ${token}`];
  const sampleMean = async (urls: string[], headers: string[]) => {
    const sizes = await Promise.all(urls.map((u) => responseSize(u, headers)));
    return sizes.reduce((a, b) => a + b, 0) / sizes.length;
  };
  const sample = products.slice(0, 20);
  const baseListBytes = await responseSize(`${baseline.url}/products?limit=${PAGE}`, []);
  const cases: Case[] = [
    { name: 'baseline list', workload: 'list', live: 'baseline', side: 'baseline', server: baseline, url: `${baseline.url}/products?limit=${PAGE}`, headers: [], script: report, responseBytes: baseListBytes, exact: true },
    { name: 'baseline get', workload: 'get', live: 'baseline', side: 'baseline', server: baseline, url: `${baseline.url}/products`, headers: [], script: baseGet, responseBytes: await sampleMean(sample.map((p) => `${baseline.url}/products/${p.slug}`), []), exact: false },
  ];
  if (floor) {
    cases.push(
      { name: 'floor list', workload: 'list', live: 'floor', side: 'floor', server: floor, url: `${floor.url}/products?limit=${PAGE}`, headers: [], script: report, responseBytes: baseListBytes, exact: true },
      { name: 'floor get', workload: 'get', live: 'floor', side: 'floor', server: floor, url: `${floor.url}/products`, headers: [], script: baseGet, responseBytes: await sampleMean(sample.map((p) => `${floor.url}/products/${p.slug}`), []), exact: false },
    );
  }
  for (const live of LIVE) {
    const headers = live === 'uncached' ? sessionLine : keyLine;
    cases.push(
      // Stock figures written during the run may change a page's length by a digit or two.
      { name: `${live} list`, workload: 'list', live, side: 'app', server: app, url: `${app.url}/v2/products?limit=${PAGE}`, headers, script: report, responseBytes: await responseSize(`${app.url}/v2/products?limit=${PAGE}`, headers), exact: live !== 'orders' },
      { name: `${live} get`, workload: 'get', live, side: 'app', server: app, url: `${app.url}/v2/products`, headers, script: appGet, responseBytes: await sampleMean(sample.map((p) => `${app.url}/v2/products/${p.id}`), headers), exact: false },
    );
  }
  process.stdout.write(
    `\ncatalog reads on ${ENGINE}: wrk, ${CONNECTIONS} connections, ${WARMUP} s warm-up per case, ` +
      `${ROUNDS} rounds x ${cases.length} cases x ${DURATION} s; ${pinningNote('wrk')}\n`,
  );
  const pacer = createPacer(SETTINGS.quietBudgetS);
  const writerOf = (target: Case) => (target.live === 'baseline' || target.live === 'floor' ? undefined : writers[target.live]);
  if (WARMUP > 0) {
    for (const target of cases) {
      await pacer.waitForQuiet();
      const run = await measure(target, 0, WARMUP, database, writerOf(target));
      process.stdout.write(`  warm-up ${target.name.padEnd(17)} ${run.reqPerSec.toFixed(0).padStart(7)} req/s${run.disturbed ? '  DISTURBED' : ''}\n`);
    }
  }
  const runs: Run[] = [];
  const memoryAfter: Record<string, ReturnType<typeof processMemory>> = {};
  for (let round = 1; round <= ROUNDS; round++) {
    // Every case once a round; the order of the cases alternates every round.
    for (const target of round % 2 === 1 ? cases : [...cases].reverse()) {
      const measured = await pacer.undisturbed(
        () => measure(target, round, DURATION, database, writerOf(target)),
        (run, repeating) => process.stdout.write(runLine(`round ${round} ${target.name.padEnd(17)}`, run, repeating)),
      );
      runs.push(...measured);
      if (target.side === 'app') memoryAfter[target.live] = processMemory(app.process.pid);
    }
  }
  const appMemory = processMemory(app.process.pid);
  const baselineMemory = processMemory(baseline.process.pid);

  // 5. Report
  const summary = cases.map((target) => ({ case: target.name, workload: target.workload, live: target.live, side: target.side, ...summarizeRuns(runs.filter((r) => r.case === target.name)) }));
  const byName = (name: string) => summary.find((s) => s.case === name)!;
  const fmt = (v: number | undefined) => (v === undefined ? 'n/a' : v.toFixed(3));
  const mib = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / MIB).toFixed(0)} MiB`);
  const ratio = (base: string, name: string) => {
    const perRound = perRoundRatios(runs, ROUNDS, base, name);
    return perRound.length > 0 ? median(perRound) : byName(name).reqPerSec / byName(base).reqPerSec;
  };
  /** The issue's aims: live over quiet per workload, the uncached path over the baseline, p99, memory. */
  const AIMS: Partial<Record<Live, Partial<Record<Workload, number>>>> = { 'other-store': { list: 0.9, get: 0.9 }, 'same-store': { get: 0.7 } };
  const AIM_UNCACHED: Record<Workload, number> = { list: 0.1, get: 0.15 };
  const AIM_P99_MS = 50;
  const verdicts = LIVE.flatMap((live) =>
    (['list', 'get'] as const).map((workload) => {
      const name = `${live} ${workload}`;
      const overBaseline = ratio(`baseline ${workload}`, name);
      const overQuiet = live === 'quiet' ? 1 : ratio(`quiet ${workload}`, name);
      const aimQuiet = AIMS[live]?.[workload];
      const aimBaseline = live === 'uncached' ? AIM_UNCACHED[workload] : undefined;
      const p99 = byName(name).latencyP99;
      const writes = runs.filter((r) => r.case === name && r.writes).map((r) => r.writes!);
      return {
        name,
        overBaseline,
        overQuiet,
        aimQuiet,
        aimBaseline,
        p99,
        p99Met: p99 !== undefined && p99 <= AIM_P99_MS,
        met: (aimQuiet === undefined || overQuiet >= aimQuiet) && (aimBaseline === undefined || overBaseline >= aimBaseline),
        writes: writes.length > 0 ? { sent: writes.reduce((n, w) => n + w.sent, 0), failed: writes.reduce((n, w) => n + w.failed, 0) } : undefined,
      };
    }),
  );
  const floorRows = floor ? (['list', 'get'] as const).map((workload) => ({ name: `floor ${workload}`, overBaseline: ratio(`baseline ${workload}`, `floor ${workload}`) })) : [];
  const rows = [SUMMARY_COLUMNS, ...summary.map((s) => summaryCells(s.case, s))];
  const unreliable = summary.some((s) => s.cleanRuns === 0) ? '  (UNRELIABLE: computed from disturbed runs)' : '';
  process.stdout.write(`\ncatalog reads, ${ENGINE}; medians of ${ROUNDS} rounds of ${DURATION} s (undisturbed runs)${unreliable}\n\n${table(rows)}\n\n`);
  const verdictRows = [
    ['case', 'x baseline', 'x quiet', 'aim', 'p99 ms (aim <= 50)', 'writes sent / failed', 'RSS after'],
    ...verdicts.map((v) => [
      v.name,
      fmt(v.overBaseline),
      fmt(v.overQuiet),
      v.aimQuiet !== undefined ? `x quiet >= ${v.aimQuiet}: ${v.met ? 'MET' : 'NOT MET'}` : v.aimBaseline !== undefined ? `x baseline >= ${v.aimBaseline}: ${v.met ? 'MET' : 'NOT MET'}` : '',
      `${v.p99 === undefined ? 'n/a' : v.p99.toFixed(1)} ${v.p99Met ? 'MET' : 'NOT MET'}`,
      v.writes ? `${v.writes.sent} / ${v.writes.failed}` : '',
      mib(memoryAfter[v.name.split(' ')[0]!]?.rss),
    ]),
    ...floorRows.map((f) => [`${f.name} (one statement a request)`, fmt(f.overBaseline), '', 'the most any uncached path can reach', '', '', '']),
  ];
  process.stdout.write(`${table(verdictRows)}\n\n`);
  const rssMet = Object.values(memoryAfter).every((m) => m !== undefined && m.rss / MIB <= AIM_RSS_MIB);
  process.stdout.write(
    `app RSS after the load: ${mib(appMemory?.rss)} (peak ${mib(appMemory?.peak)})  (aim <= ${AIM_RSS_MIB} MiB after every workload): ${rssMet ? 'MET' : 'NOT MET'}` +
      `;  baseline RSS ${mib(baselineMemory?.rss)}\n`,
  );
  process.stdout.write(
    `(p50/p99: wrk's; mean: connections / throughput; "server CPU" / "client CPU": CPU time of the server / wrk over ` +
      `wall time (one core = 100%); "CPU us/req": server CPU time per response; "other CPU": anything else on the machine.)\n`,
  );
  const disturbed = runs.filter((r) => r.disturbed).length;
  if (disturbed > 0) {
    process.stdout.write(`\n${disturbed} of ${runs.length} runs (marked *) were disturbed (others used more than ${FOREIGN_LIMIT} of a core) and are left out of the medians.\n`);
  }

  const resultsDir = path.join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const resultsFile = path.join(resultsDir, `catalog-reads-${ENGINE}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    resultsFile,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        engine: ENGINE,
        node: spawnSync(NODE, ['--version'], { encoding: 'utf8' }).stdout.trim(),
        cpus: CPUS,
        cpuModel: os.cpus()[0]?.model,
        config: { connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, rounds: ROUNDS },
        summary,
        verdicts,
        floor: floorRows,
        memory: { app: appMemory, after: memoryAfter, baseline: baselineMemory, aimMiB: AIM_RSS_MIB, met: rssMet },
        disturbedRuns: disturbed,
        runs,
      },
      null,
      2,
    )}\n`,
  );
  process.stdout.write(`results: ${path.relative(ROOT, resultsFile)} (total ${((Date.now() - started) / 1000).toFixed(0)} s)\n`);

  await Promise.all([stop(baseline.process), stop(app.process), ...(floor ? [stop(floor.process)] : [])]);
}

try {
  await main();
  await runCleanups();
} catch (error) {
  process.stderr.write(`\nbenchmark failed: ${(error as Error).message}\n`);
  killAll('SIGKILL');
  await runCleanups();
  process.exit(1);
}
