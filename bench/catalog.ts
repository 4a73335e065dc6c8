/**
 * Catalog scale benchmark (bench/catalog.md): grows one store's catalog to 1k, 10k and 100k products and measures, at
 * each size, the v2 product list (first, 20th and middle page of 50, in the default order and sorted by name), the v2
 * product get (a 12-SKU product and a 2,048-SKU one) and a price change of one SKU of the 2,048-SKU product (over
 * HTTP and calling the variant service directly).
 *
 *   node bench/catalog.ts [--sizes 1000,10000,100000] [--runs 200] [--engine sqlite|postgres] [--trace] [--json out.json]
 *                         [--pragma name=value …] [--stmt-cache]   (SQLite experiments, see bench/catalog.md)
 *
 * Everything runs in this process against the real app (`buildApp` + `app.inject`, an API key as the credential) on a
 * fresh database in a temporary directory (SQLite) or a database of its own (PostgreSQL, `--engine postgres`, admin
 * URL from BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres), removed at the end.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { type Config, type DatabaseConfig, DEFAULT_DATABASE_TIMEOUT_MS } from '../src/config.ts';
import { type Container, createContainer } from '../src/container.ts';
import { rateLimits } from '../src/http/rate-limit-policies.ts';
import type { StoreContext } from '../src/context.ts';
import { slugify } from '../src/domain/reference/specifications.ts';
import { seed } from '../src/seed.ts';
import type { Database } from '../src/db/schema.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { installStatementCache } from './catalog/experiments.ts';
import { createBenchDatabase, parseEngine } from './lib/database.ts';
import { productName, type SeedTarget, seedProducts, VARIABLE_EVERY } from './catalog/seed.ts';
import { cpuNow, fullGc, type Measured, measure, measurePaired, ms, type Paired, summarize, timeOnce } from './catalog/stats.ts';
import { installStatementTrace, queryPlan, type TracedStatement, traceStatements } from './catalog/trace.ts';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,10000,100000' },
    runs: { type: 'string', default: '200' },
    engine: { type: 'string', default: 'sqlite' },
    trace: { type: 'boolean', default: false },
    json: { type: 'string' },
    pragma: { type: 'string', multiple: true, default: [] },
    'stmt-cache': { type: 'boolean', default: false },
  },
});
const SIZES = args.sizes.split(',').map((s) => Number(s.trim()));
const RUNS = Number(args.runs);
const ENGINE = parseEngine(args.engine);
if (SIZES.some((s) => !Number.isInteger(s) || s < 1000 || s > 1_000_000) || SIZES.some((s, i) => i > 0 && s <= SIZES[i - 1]!)) {
  // 1,000: the 20th page of 50 must exist.
  throw new Error('--sizes: increasing whole numbers from 1000 to 1000000');
}
if (!Number.isInteger(RUNS) || RUNS < 20 || RUNS > 5000) throw new Error('--runs: a whole number from 20 to 5000');
/** Experiments only (bench/catalog.md): SQLite pragmas set on the app's connection after it opens, e.g. cache_size=-65536. */
const PRAGMAS = args.pragma;
if (PRAGMAS.some((p) => !/^[a-z_]+ *= *-?[0-9a-z_]+$/i.test(p)) || (PRAGMAS.length > 0 && ENGINE !== 'sqlite')) throw new Error('--pragma: name=value, SQLite only');
/** Experiment only (bench/catalog.md): a prepared-statement cache on the app's SQLite connection. */
const STMT_CACHE = args['stmt-cache'];
if (STMT_CACHE && (ENGINE !== 'sqlite' || args.trace)) throw new Error('--stmt-cache: SQLite only, and not with --trace');
const EXPERIMENTS = [...PRAGMAS.map((p) => `pragma ${p}`), ...(STMT_CACHE ? ['prepared-statement cache'] : [])];

/** Requests of the heavy reads (whole 2,048-SKU product) are fewer: each moves ~0.5 MB of JSON. */
const HEAVY_RUNS = Math.max(20, Math.round(RUNS / 4));
const WARMUP = 20;
const DEEP_PAGE = 20;
const PAGE = 50;
/** The 2,048-SKU product: 16 groups (Color) × 128 SKUs (8 sizes × 16 lengths), created through the API. */
const BIG_GROUPS = 16;
const BIG_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'];
const BIG_LENGTHS = Array.from({ length: 16 }, (_, i) => `${26 + i}in`);
/** Products of the control store (as many as the growing store has at 1k: 1,000 seeded + the 2,048-SKU one). */
const CONTROL_PRODUCTS = 1001;
/** The typical VARIABLE product measured: seeded product number 500 (3 groups × 4 SKUs). */
const TYPICAL_N = 100 * VARIABLE_EVERY;

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const say = (line: string) => process.stderr.write(`${line}\n`);

/** The measured operations, in report order. */
const LABELS: Record<string, string> = {
  listFirst: 'GET /v2/products?limit=50 — first page',
  listDeep: `GET /v2/products?limit=50 — page ${DEEP_PAGE} (nextCursor)`,
  listMiddle: 'GET /v2/products?limit=50 — middle page',
  listWalk: 'walk: every page from 1 to the middle, once each',
  nameFirst: 'GET /v2/products?limit=50&sort=name — first page',
  nameDeep: `GET /v2/products?limit=50&sort=name — page ${DEEP_PAGE}`,
  nameMiddle: 'GET /v2/products?limit=50&sort=name — middle page',
  updatedMiddle: 'GET /v2/products?limit=50&sort=-updatedAt — middle page',
  listBig: 'GET /v2/products?limit=50&sort=createdAt — page holding the 2,048-SKU product',
  getTypical: 'GET /v2/products/{id} — 12 SKUs',
  getBig: 'GET /v2/products/{id} — 2,048 SKUs',
  patchHttp: 'PATCH /v2/products/{p}/variant-groups/{g}/skus/{s} {price} — 2,048-SKU product',
  patchDirect: 'variants.updateSku(…, {price}) — same SKU, no HTTP',
};

// ---- the database and the app ------------------------------------------------------------------------------

interface Reply {
  status: number;
  body: string;
}

async function call(app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object): Promise<Reply> {
  const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  return { status: res.statusCode, body: res.body };
}

async function expectJson(res: Promise<Reply>, status: number, what: string): Promise<{ data: unknown }> {
  const r = await res;
  if (r.status !== status) throw new Error(`${what}: expected ${status}, got ${r.status} ${r.body.slice(0, 300)}`);
  return JSON.parse(r.body) as { data: unknown };
}

// ---- results -----------------------------------------------------------------------------------------------

interface KeysetPreview {
  /** The store's query as it is (OR of two comparisons) and the suggested row-value comparison, same parameters. */
  current: { median: number; plan: string[] };
  rowValue: { median: number; plan: string[] };
  sameRows: boolean;
}

interface SizeResult {
  products: number;
  skus: number;
  seedSeconds: number;
  middlePage: number;
  /** 1-minute load average of the machine before and after measuring this size. */
  load: [number, number];
  results: Record<string, Measured & { bytes: number }>;
  /** The same request on this store and on the control store (1,001 products), in turn: medians and their ratio. */
  paired: Record<string, Paired>;
  traces?: Record<string, { statements: number; sqlMs: number; prepareMs: number; slowest: Array<{ ms: number; sql: string; plan: string[] }> }>;
  keyset?: KeysetPreview;
}

// ---- the run -----------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const database = await createBenchDatabase(ENGINE, 'commerce_bench_catalog');
  let container: Container | undefined;
  let app: FastifyInstance | undefined;
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await app?.close().catch(() => {});
    await container?.close().catch(() => {});
    await database.drop();
  };
  process.once('SIGINT', () => {
    say('interrupted: removing the benchmark database');
    void cleanup().finally(() => process.exit(130));
  });
  try {
    if (args.trace && ENGINE === 'sqlite') installStatementTrace();
    if (STMT_CACHE) installStatementCache();
    const config: Config = {
      database: database.config,
      host: '127.0.0.1',
      port: 0,
      baseUrl: 'http://127.0.0.1:3000',
      logLevel: 'silent',
      redisUrl: null,
      trustProxy: false,
      filesDir: database.filesDir,
      // One client and one API key: the per-credential limit is raised out of reach (still counted per request).
      rateLimits: rateLimits({ credential: { limit: 1_000_000_000, windowSeconds: 60 } }),
      databaseTimeoutMs: DEFAULT_DATABASE_TIMEOUT_MS,
    };
    container = createContainer(config);
    // SQLite: the app uses one connection, so a pragma run through Kysely applies to every later query.
    for (const pragma of PRAGMAS) await sql.raw(`pragma ${pragma}`).execute(container.db.kysely);
    await migrateToLatest(container.db);
    await seed(container);
    app = await buildApp({ container });
    await app.ready();
    const results = await run(app, container, database.config);
    printReport(results);
    if (args.json) {
      writeFileSync(args.json, `${JSON.stringify({ engine: ENGINE, runs: RUNS, heavyRuns: HEAVY_RUNS, experiments: EXPERIMENTS, machine: machine(), labels: LABELS, sizes: results }, null, 2)}\n`);
    }
  } finally {
    await cleanup();
  }
  say(`done in ${elapsed()}; benchmark database removed`);
}

async function run(app: FastifyInstance, container: Container, dbConfig: DatabaseConfig): Promise<SizeResult[]> {
  /** A merchant with a store, an API key (the credential of every measured request) and twelve categories. */
  const merchant = async (name: string) => {
    const signup = await expectJson(
      call(app, 'POST', '/v1/auth/signup', {}, { email: `${name}@example.com`, password: 'correct horse battery staple', name, storeName: `${name} store` }),
      201,
      'signup',
    );
    const { token, store } = signup.data as { token: string; store: { id: string } };
    const key = await expectJson(call(app, 'POST', '/v1/api-keys', { authorization: `Bearer ${token}` }, { name: 'bench' }), 201, 'api key');
    const apiKey = (key.data as { key: string }).key;
    const headers = { 'x-merchantapikey': apiKey };
    const categoryIds: string[] = [];
    for (let i = 1; i <= 12; i += 1) {
      const c = await expectJson(call(app, 'POST', '/v1/categories', headers, { name: `Category ${i}` }), 201, 'category');
      categoryIds.push((c.data as { id: string }).id);
    }
    return { storeId: store.id, apiKey, headers, categoryIds };
  };
  const { storeId, apiKey, headers, categoryIds } = await merchant('bench');

  // The 2,048-SKU product, through the API as a merchant would make it.
  const big = await expectJson(call(app, 'POST', '/v1/products', headers, { type: 'VARIABLE', name: 'Zipped Mega Hoodie (2,048 SKUs)', status: 'active' }), 201, 'big product');
  const bigId = (big.data as { id: string }).id;
  const bigGroups: Array<{ id: string; skuIds: string[] }> = [];
  for (let g = 0; g < BIG_GROUPS; g += 1) {
    const skus = BIG_SIZES.flatMap((size, s) =>
      BIG_LENGTHS.map((length, l) => ({ price: 25 + s, quantityInStock: (g + s + l) % 40, sku: `MEGA-${g}-${size}-${length}`, attributes: { Size: size, Length: length } })),
    );
    const group = await expectJson(call(app, 'POST', `/v2/products/${bigId}/variant-groups`, headers, { attributeName: 'Color', attributeValue: `Shade ${g + 1}`, skus }), 201, 'big group');
    const data = group.data as { id: string; skus: Array<{ id: string }> };
    bigGroups.push({ id: data.id, skuIds: data.skus.map((s) => s.id) });
  }
  const bigSkuCount = bigGroups.reduce((n, g) => n + g.skuIds.length, 0);
  if (bigSkuCount !== 2048) throw new Error(`the big product has ${bigSkuCount} SKUs, not 2048`);
  // The SKU updated: in the middle of the product.
  const target = { groupId: bigGroups[8]!.id, skuId: bigGroups[8]!.skuIds[64]! };
  const patchUrl = `/v2/products/${bigId}/variant-groups/${target.groupId}/skus/${target.skuId}`;
  say(`set-up: store, API key, 12 categories, 2,048-SKU product through the API (${elapsed()})`);

  // The service-level caller: the same store context the HTTP layer builds for this API key.
  const auth = container.services.auth;
  const principal = await auth.authenticate({ requestId: 'bench', now: new Date() }, { apiKey, bearer: undefined });
  const baseCtx = await auth.storeContext({ requestId: 'bench', now: new Date() }, principal, {});
  let updates = 0;
  /** Two prices in turn, so every update (HTTP or direct) changes the price. */
  const nextPrice = () => {
    updates += 1;
    return updates % 2 === 0 ? 31.5 : 32.25;
  };

  const get = async (url: string, as: Record<string, string> = headers): Promise<Reply> => {
    const r = await call(app, 'GET', url, as);
    if (r.status !== 200) throw new Error(`GET ${url}: ${r.status} ${r.body.slice(0, 300)}`);
    return r;
  };
  const fullPage = (body: string) => {
    const page = JSON.parse(body) as { data: unknown[] };
    if (page.data.length !== PAGE) throw new Error(`a page of ${page.data.length} products, expected ${PAGE}`);
  };
  const skuCount = (n: number) => (body: string) => {
    const p = JSON.parse(body) as { data: { skuCount: number } };
    if (p.data.skuCount !== n) throw new Error(`a product with ${p.data.skuCount} SKUs, expected ${n}`);
  };
  const listUrl = (sort: string, cursor?: string) => `/v2/products?limit=${PAGE}${sort === '' ? '' : `&sort=${sort}`}${cursor === undefined ? '' : `&cursor=${cursor}`}`;

  /** Follows nextCursor from page 1 to `to`, timing each page once; returns the cursors of each page reached. */
  const walk = async (sort: string, to: number, as: Record<string, string> = headers) => {
    const cursors = new Map<number, string>();
    const wall: number[] = [];
    fullGc();
    const cpu0 = cpuNow();
    let cursor: string | undefined;
    let bytes = 0;
    for (let page = 1; page <= to; page += 1) {
      if (cursor !== undefined) cursors.set(page, cursor);
      let reply: Reply = { status: 0, body: '' };
      const url = listUrl(sort, cursor);
      wall.push(
        await timeOnce(async () => {
          reply = await call(app, 'GET', url, as);
        }),
      );
      if (reply.status !== 200) throw new Error(`walk ${sort} page ${page}: ${reply.status} ${reply.body.slice(0, 300)}`);
      const body = JSON.parse(reply.body) as { data: unknown[]; pagination: { nextCursor: string | null } };
      if (body.data.length !== PAGE || body.pagination.nextCursor === null) throw new Error(`walk ${sort} page ${page}: ${body.data.length} products, no next page`);
      bytes = reply.body.length;
      cursor = body.pagination.nextCursor;
    }
    // The CPU time of a walk also holds the parsing of each page for its cursor (its wall times do not).
    return { cursors, measured: { wall: summarize(wall), cpuMean: (cpuNow() - cpu0) / to }, bytes };
  };

  const productId = async (store: string, n: number) =>
    (
      await container.db.kysely
        .selectFrom('products')
        .select('id')
        .where('store_id', '=', store)
        .where('mode', '=', 'live')
        .where('slug', '=', slugify(productName(n)))
        .executeTakeFirstOrThrow()
    ).id;

  // The control store: 1,001 seeded products that never change, measured in turn with the growing store (paired
  // figures), so a difference between them is the catalog size and not the load of the machine at that moment.
  const control = await merchant('control');
  await seedProducts({ kysely: container.db.kysely, storeId: control.storeId, mode: 'live', categoryIds: control.categoryIds }, 0, CONTROL_PRODUCTS, () => {});
  const controlMiddle = Math.floor(CONTROL_PRODUCTS / PAGE / 2);
  const controlCursors = { '': (await walk('', DEEP_PAGE, control.headers)).cursors, name: (await walk('name', DEEP_PAGE, control.headers)).cursors };
  const controlTypical = await productId(control.storeId, TYPICAL_N);
  say(`control store: ${CONTROL_PRODUCTS} products (${elapsed()})`);

  const seedTarget: SeedTarget = { kysely: container.db.kysely, storeId, mode: 'live', categoryIds };
  const explainConnection = dbConfig.kind === 'sqlite' && args.trace ? new SqliteDatabase(dbConfig.file, { readonly: true }) : undefined;
  const out: SizeResult[] = [];
  let seeded = 0;
  let seedSeconds = 0;
  try {
    for (const size of SIZES) {
      // ---- grow ----
      const seedStarted = performance.now();
      const tty = process.stderr.isTTY;
      await seedProducts(seedTarget, seeded, size, (done) => {
        const line = `seeding products ${done}/${size} (${((performance.now() - seedStarted) / 1000).toFixed(1)} s)`;
        if (tty) process.stderr.write(`\r\x1b[2K${line}${done === size ? '\n' : ''}`);
        else if (done % 10_000 === 0 || done === size) say(line);
      });
      seedSeconds += (performance.now() - seedStarted) / 1000;
      seeded = size;
      // PostgreSQL: refresh the planner's statistics after the bulk load (autovacuum would, some time later).
      if (dbConfig.kind === 'postgres') await sql`analyze`.execute(container.db.kysely);
      const totalProducts = seeded + 1;
      const skuRow = await container.db.kysely.selectFrom('skus').select((eb) => eb.fn.countAll<number>().as('n')).where('store_id', '=', storeId).executeTakeFirstOrThrow();
      const typical = { id: await productId(storeId, TYPICAL_N) };
      say(`catalog: ${totalProducts} products, ${Number(skuRow.n)} SKUs (${elapsed()}); measuring…`);
      const middlePage = Math.floor(totalProducts / PAGE / 2);
      const results: SizeResult['results'] = {};
      const paired: SizeResult['paired'] = {};
      const cursors = new Map<string, Map<number, string>>();

      /**
       * Every measured operation once over. With `record` false it is the warm-up pass (run once, before the first
       * size is measured, so that size is not measured while the JIT is still compiling): nothing is kept.
       */
      const suite = async (record: boolean) => {
        const runs = record ? RUNS : 100;
        const heavyRuns = record ? HEAVY_RUNS : 20;
        const keep = (name: string, m: Measured, bytes: number, note = '') => {
          if (!record) return;
          results[name] = { ...m, bytes };
          say(`  ${LABELS[name]}${note}: median ${ms(m.wall.median)} ms, p95 ${ms(m.wall.p95)} ms, CPU ${ms(m.cpuMean)} ms per call`);
        };
        const timeGet = async (name: string, url: string, n: number, check: (body: string) => void) => {
          let bytes = 0;
          const m = await measure(WARMUP, n, async (i) => {
            const r = await get(url);
            // The body is checked on the warm-up requests only, so parsing it is not timed.
            if (i < WARMUP) check(r.body);
            bytes = r.body.length;
          });
          keep(name, m, bytes);
        };

        // Walks to the middle in the three orders, keeping their cursors (the default order's walk is a figure too).
        const walkTo = Math.max(DEEP_PAGE, middlePage);
        const byDefault = await walk('', walkTo);
        keep('listWalk', byDefault.measured, byDefault.bytes, ` (${walkTo} pages)`);
        cursors.set('', byDefault.cursors);
        cursors.set('name', (await walk('name', walkTo)).cursors);
        cursors.set('-updatedAt', (await walk('-updatedAt', walkTo)).cursors);
        const at = (sort: string, page: number) => cursors.get(sort)!.get(page)!;

        await timeGet('listFirst', listUrl(''), runs, fullPage);
        await timeGet('listDeep', listUrl('', at('', DEEP_PAGE)), runs, fullPage);
        await timeGet('listMiddle', listUrl('', at('', middlePage)), runs, fullPage);
        await timeGet('nameFirst', listUrl('name'), runs, fullPage);
        await timeGet('nameDeep', listUrl('name', at('name', DEEP_PAGE)), runs, fullPage);
        await timeGet('nameMiddle', listUrl('name', at('name', middlePage)), runs, fullPage);
        await timeGet('updatedMiddle', listUrl('-updatedAt', at('-updatedAt', middlePage)), runs, fullPage);
        await timeGet('listBig', listUrl('createdAt'), heavyRuns, fullPage);
        await timeGet('getTypical', `/v2/products/${typical.id}`, runs, skuCount(12));
        await timeGet('getBig', `/v2/products/${bigId}`, heavyRuns, skuCount(2048));

        let patchBytes = 0;
        const patch = await measure(WARMUP, runs, async (i) => {
          const price = nextPrice();
          const r = await call(app, 'PATCH', patchUrl, headers, { price });
          if (r.status !== 200) throw new Error(`PATCH: ${r.status} ${r.body.slice(0, 300)}`);
          if (i < WARMUP && (JSON.parse(r.body) as { data: { price: number } }).data.price !== price) throw new Error('the PATCH did not change the price');
          patchBytes = r.body.length;
        });
        keep('patchHttp', patch, patchBytes);
        const direct = await measure(WARMUP, runs, async (i) => {
          const price = nextPrice();
          const ctx: StoreContext = { ...baseCtx, requestId: `bench-direct-${updates}`, now: new Date() };
          const { sku } = await container.services.variants.updateSku(ctx, bigId, target.groupId, target.skuId, { price });
          if (i < WARMUP && sku.priceMinor !== Math.round(price * 100)) throw new Error('the direct update did not change the price');
        });
        keep('patchDirect', direct, 0);

        // Paired: this store and the control store, one request each in turn.
        const pair = async (name: string, url: string, controlUrl: string, check: (body: string) => void) => {
          const m = await measurePaired(WARMUP, runs, async (i) => {
            const r = await get(url);
            if (i < WARMUP) check(r.body);
          }, async (i) => {
            const r = await get(controlUrl, control.headers);
            if (i < WARMUP) check(r.body);
          });
          if (!record) return;
          paired[name] = m;
          say(`  paired ${LABELS[name]}: this store ${ms(m.store.median)} ms, control ${ms(m.control.median)} ms, ratio ${m.ratio.toFixed(2)}`);
        };
        await pair('listFirst', listUrl(''), listUrl(''), fullPage);
        await pair('listDeep', listUrl('', at('', DEEP_PAGE)), listUrl('', controlCursors[''].get(DEEP_PAGE)!), fullPage);
        await pair('listMiddle', listUrl('', at('', middlePage)), listUrl('', controlCursors[''].get(controlMiddle)!), fullPage);
        await pair('nameMiddle', listUrl('name', at('name', middlePage)), listUrl('name', controlCursors.name.get(controlMiddle)!), fullPage);
        await pair('getTypical', `/v2/products/${typical.id}`, `/v2/products/${controlTypical}`, skuCount(12));
      };

      if (out.length === 0) {
        const t0 = performance.now();
        await suite(false);
        say(`  (warm-up pass: ${((performance.now() - t0) / 1000).toFixed(1)} s, not recorded)`);
      }
      const load0 = loadavg()[0]!;
      await suite(true);
      const result: SizeResult = { products: totalProducts, skus: Number(skuRow.n), seedSeconds, middlePage, load: [load0, loadavg()[0]!], results, paired };

      if (args.trace) {
        // The suggested fix for the name / updatedAt keyset, timed against the store's query on the same cursor.
        result.keyset = await keysetPreview(container.db.kysely, dbConfig.kind, storeId, Math.floor(totalProducts / 2));
        say(`  keyset, sort=name middle page: as it is ${ms(result.keyset.current.median)} ms, row value ${ms(result.keyset.rowValue.median)} ms (same rows: ${result.keyset.sameRows})`);
      }
      if (explainConnection) {
        // The SQL of each kind of request, traced 21 times; the run with the median SQL time is reported.
        const total = (run: TracedStatement[]) => run.reduce((t, st) => t + st.ms + st.prepareMs, 0);
        const traced = async (fn: () => Promise<unknown>): Promise<TracedStatement[]> => {
          const runs: TracedStatement[][] = [];
          for (let i = 0; i < 21; i += 1) {
            runs.push(
              await traceStatements(async () => {
                await fn();
              }),
            );
          }
          return runs.sort((a, b) => total(a) - total(b))[10]!;
        };
        const traces: Record<string, TracedStatement[]> = {
          listMiddle: await traced(() => get(listUrl('', cursors.get('')!.get(middlePage)!))),
          nameMiddle: await traced(() => get(listUrl('name', cursors.get('name')!.get(middlePage)!))),
          getTypical: await traced(() => get(`/v2/products/${typical.id}`)),
          getBig: await traced(() => get(`/v2/products/${bigId}`)),
          patchHttp: await traced(() => call(app, 'PATCH', patchUrl, headers, { price: nextPrice() })),
        };
        result.traces = {};
        for (const [name, statements] of Object.entries(traces)) {
          const slowest = [...statements].sort((a, b) => b.ms - a.ms).slice(0, 3);
          result.traces[name] = {
            statements: statements.length,
            sqlMs: statements.reduce((t, st) => t + st.ms, 0),
            prepareMs: statements.reduce((t, st) => t + st.prepareMs, 0),
            slowest: slowest.map((st) => ({ ms: st.ms, sql: st.sql.replace(/(\?, ){3,}\?/g, '?, …, ?'), plan: queryPlan(explainConnection, st) })),
          };
        }
      }
      out.push(result);
    }
  } finally {
    explainConnection?.close();
  }
  return out;
}

/**
 * The page after the `offset`-th product by name, as `listProducts` asks for it (`name_folded > v OR (name_folded = v
 * AND id > i)`) and as a row-value comparison (`(name_folded, id) > (v, i)`), 50 runs each, with their plans.
 */
async function keysetPreview(db: Kysely<Database>, dialect: DatabaseConfig['kind'], storeId: string, offset: number): Promise<KeysetPreview> {
  const { rows } = await sql<{ name_folded: string; id: string }>`select name_folded, id from products where store_id = ${storeId} and mode = 'live' order by name_folded, id limit 1 offset ${offset}`.execute(db);
  const { name_folded: value, id } = rows[0]!;
  const head = sql`select * from products where store_id = ${storeId} and mode = 'live'`;
  const tail = sql`order by name_folded asc, id asc limit ${PAGE + 1}`;
  const queries = {
    current: sql<{ id: string }>`${head} and (name_folded > ${value} or (name_folded = ${value} and id > ${id})) ${tail}`,
    rowValue: sql<{ id: string }>`${head} and (name_folded, id) > (${value}, ${id}) ${tail}`,
  };
  const out: Record<string, { median: number; plan: string[]; ids: string }> = {};
  for (const [name, query] of Object.entries(queries)) {
    let ids = '';
    const m = await measure(5, 50, async () => {
      ids = (await query.execute(db)).rows.map((r) => r.id).join(',');
    });
    const explained = await sql<Record<string, string>>`${sql.raw(dialect === 'sqlite' ? 'explain query plan' : 'explain')} ${query}`.execute(db);
    out[name] = { median: m.wall.median, plan: explained.rows.map((r) => (dialect === 'sqlite' ? r.detail! : r['QUERY PLAN']!)), ids };
  }
  return { current: { median: out.current!.median, plan: out.current!.plan }, rowValue: { median: out.rowValue!.median, plan: out.rowValue!.plan }, sameRows: out.current!.ids === out.rowValue!.ids };
}

// ---- report ------------------------------------------------------------------------------------------------

function machine() {
  return { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version, platform: `${process.platform} ${process.arch}` };
}

function printReport(sizes: SizeResult[]): void {
  const m = machine();
  const lines: string[] = [];
  lines.push(
    `Catalog benchmark: ${ENGINE}, node ${m.node}, ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB; ${RUNS} timed requests per figure ` +
      `(${HEAVY_RUNS} for the 2,048-SKU reads) after ${WARMUP} warm-up, in-process app.inject${EXPERIMENTS.length > 0 ? `; EXPERIMENT: ${EXPERIMENTS.join(', ')}` : ''}`,
  );
  lines.push('');
  const header = ['operation', ...sizes.map((s) => `${s.products.toLocaleString('en-US')} products: median / p95 / CPU per call (ms)`)];
  lines.push(`| ${header.join(' | ')} |`);
  lines.push(`|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`);
  for (const name of Object.keys(LABELS)) {
    if (!sizes.every((s) => s.results[name])) continue;
    const cells = sizes.map((s) => {
      const r = s.results[name]!;
      return `${ms(r.wall.median)} / ${ms(r.wall.p95)} / ${ms(r.cpuMean)}`;
    });
    lines.push(`| ${LABELS[name]} | ${cells.join(' | ')} |`);
  }
  lines.push('');
  for (const s of sizes) {
    lines.push(
      `- ${s.products} products, ${s.skus} SKUs: seeded in ${s.seedSeconds.toFixed(1)} s (cumulative); middle page = page ${s.middlePage}; ` +
        `load average ${s.load[0].toFixed(2)} → ${s.load[1].toFixed(2)} while measuring`,
    );
  }
  lines.push('');
  const first = sizes[0]!;
  const last = sizes.at(-1)!;
  const ratio = (name: string, k: 'median' | 'cpu') => {
    const a = first.results[name]!;
    const b = last.results[name]!;
    return k === 'median' ? b.wall.median / a.wall.median : b.cpuMean / a.cpuMean;
  };
  if (sizes.length > 1) {
    lines.push(`Growth ${first.products.toLocaleString('en-US')} → ${last.products.toLocaleString('en-US')} products (wall median ratio / CPU per call ratio):`);
    for (const name of Object.keys(LABELS)) {
      if (first.results[name] && last.results[name]) lines.push(`- ${LABELS[name]}: ${ratio(name, 'median').toFixed(2)}× / ${ratio(name, 'cpu').toFixed(2)}×`);
    }
    const verdict = (names: string[]) => {
      const wall = Math.max(...names.map((n) => ratio(n, 'median')));
      const cpu = Math.max(...names.map((n) => ratio(n, 'cpu')));
      return `${wall <= 1.5 ? 'met' : 'MISSED'} by the wall median (worst ${wall.toFixed(2)}×), ${cpu <= 1.5 ? 'met' : 'MISSED'} by CPU (worst ${cpu.toFixed(2)}×)`;
    };
    lines.push(`Aim "page cost flat" (≤ 1.5×), default order (first, page ${DEEP_PAGE}, middle): ${verdict(['listFirst', 'listDeep', 'listMiddle'])}`);
    lines.push(`Same aim, sort=name (first, page ${DEEP_PAGE}, middle) and sort=-updatedAt (middle): ${verdict(['nameFirst', 'nameDeep', 'nameMiddle', 'updatedMiddle'])}`);
  }
  lines.push('');
  lines.push(`Paired with the control store (${CONTROL_PRODUCTS} products), one request each in turn: this store's median / control's median (ratio)`);
  lines.push('');
  lines.push(`| operation | ${sizes.map((s) => `${s.products.toLocaleString('en-US')} products`).join(' | ')} |`);
  lines.push(`|---|${sizes.map(() => '---:').join('|')}|`);
  const pairedNames = Object.keys(last.paired);
  for (const name of pairedNames) {
    lines.push(`| ${LABELS[name]} | ${sizes.map((s) => { const p = s.paired[name]!; return `${ms(p.store.median)} / ${ms(p.control.median)} (${p.ratio.toFixed(2)}×)`; }).join(' | ')} |`);
  }
  const pairedWorst = Math.max(...['listFirst', 'listDeep', 'listMiddle'].map((n) => last.paired[n]!.ratio));
  lines.push(`Aim "page cost flat" (≤ 1.5×) by the paired ratio at ${last.products.toLocaleString('en-US')} products, default order: ${pairedWorst <= 1.5 ? 'met' : 'MISSED'} (worst ${pairedWorst.toFixed(2)}×); sort=name middle page: ${last.paired.nameMiddle!.ratio.toFixed(2)}×`);
  lines.push('');
  const worstPatch = Math.max(...sizes.map((s) => s.results.patchHttp!.wall.median));
  lines.push(`Aim "SKU update on the 2,048-SKU product under 5 ms at the median" (HTTP, wall): ${worstPatch < 5 ? 'met' : 'MISSED'} (worst median ${ms(worstPatch)} ms)`);
  lines.push('');
  lines.push(
    `Response sizes at ${last.products} products: ${Object.entries(last.results)
      .filter(([, r]) => r.bytes > 0)
      .map(([k, r]) => `${k} ${(r.bytes / 1024).toFixed(1)} KiB`)
      .join(', ')}`,
  );
  for (const s of sizes) {
    if (s.keyset) {
      lines.push('');
      lines.push(`Keyset for sort=name, middle page, at ${s.products} products (SQL only, median of 50):`);
      lines.push(`- as listProducts asks (a > v OR (a = v AND id > i)): ${ms(s.keyset.current.median)} ms; plan: ${s.keyset.current.plan.join(' | ')}`);
      lines.push(`- row value ((a, id) > (v, i)): ${ms(s.keyset.rowValue.median)} ms; plan: ${s.keyset.rowValue.plan.join(' | ')}; same rows: ${s.keyset.sameRows}`);
    }
    if (s.traces) {
      lines.push('');
      lines.push(`SQL per request at ${s.products} products (median of 21 traced requests of each kind; its slowest statements by execution time):`);
      for (const [name, t] of Object.entries(s.traces)) {
        lines.push(`- ${name}: ${t.statements} statements, ${ms(t.sqlMs)} ms executing them + ${ms(t.prepareMs)} ms preparing them`);
        for (const slow of t.slowest) lines.push(`    ${ms(slow.ms)} ms  ${slow.sql.replace(/\s+/g, ' ')}\n      plan: ${slow.plan.join(' | ')}`);
      }
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

await main();
