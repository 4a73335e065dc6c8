/**
 * Webhooks (issue 17, bench/webhooks.md): what the outbox adds to an order write, and how fast the delivery worker
 * empties it.
 *
 *   node bench/webhooks.ts [--engine auto|sqlite|postgres] [--json out.json]
 *
 * (a) Order placement, `POST /v1/orders` with one line (quantity 1; the same store, SKU with plenty of stock,
 *     customer and API key every time) in three arms run in this process and interleaved in rounds (the arms' order
 *     rotates every round): no webhook endpoint at all (the baseline); one enabled endpoint subscribed to `*` with the
 *     delivery worker stopped (the outbox is written: order.created and sku.stock_changed); the same endpoint with the
 *     worker running and delivering to a loopback receiver. Per arm: median and p95 per order, the median of the
 *     per-round ratios to the baseline (the verdict), the ratio of the medians, CPU per order.
 * (b) Delivery throughput: N orders queued with the worker stopped, then the worker started (WEBHOOK_DEFAULTS:
 *     16 deliveries in flight per instance, 4 per endpoint) and timed until every delivery has succeeded; 1 endpoint
 *     and 4 endpoints with the orders spread over many SKUs, and 1 endpoint with every order on one SKU (the stock
 *     events of one resource reach an endpoint one at a time, in order).
 *
 * The app is the real one (`buildApp` + `app.inject`, no socket on the order side; logging off; rate limits raised out
 * of reach but counted), on a fresh database: SQLite in a temporary directory, PostgreSQL a database of its own on
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL), dropped at the end. Deliveries go over real HTTP on loopback to
 * bench/webhook-receiver.ts, a child process that answers 200 at once. This process (the app, its worker) and the
 * PostgreSQL backends serving it are pinned to core 0, the receiver to core 1 (BENCH_PIN=0: no pinning).
 *
 * Engines: `auto` (default) runs SQLite, then PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 * Environment: BENCH_ORDERS (timed orders per arm, 900), BENCH_ROUNDS (9), BENCH_WARMUP_ORDERS (50 per arm),
 * BENCH_QUEUED (orders queued per throughput case, 2,000; 2 × BENCH_ORDERS when that is set below 1,000),
 * BENCH_HOT_QUEUED (orders queued for the one-SKU case, 500 at most), BENCH_SKUS (SKUs the other throughput cases'
 * orders are spread over, 64), BENCH_DRAIN_TIMEOUT (seconds a drain may take before the case is reported as
 * incomplete, 600), BENCH_QUIET_WAIT (seconds the whole run may wait for a quiet machine, 20), BENCH_PIN (1),
 * BENCH_PROFILE (a directory: a CPU profile of each throughput drain is written there; profiling costs throughput, so
 * compare profiles only with profiles).
 *
 * The worker and the transport run unchanged; the bench wraps three methods of the webhook repository the worker
 * calls (claim, release, record an attempt) to count their calls and rows and to note the moment the last delivery is
 * recorded (an increment and a comparison per call; no polling during a timed run).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { cpus, release, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { type Config, DEFAULT_DATABASE_TIMEOUT_MS, WEBHOOK_DEFAULTS } from '../src/config.ts';
import { type Container, createContainer } from '../src/container.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { rateLimits } from '../src/http/rate-limit-policies.ts';
import { seed } from '../src/seed.ts';
import { insertCustomer } from '../test/helpers/catalog.ts';
import { cpuNow, fullGc, ms, type Summary, summarize, timeOnce } from './catalog/stats.ts';
import { type BenchDatabase, createBenchDatabase, type Engine, parseEngine } from './lib/database.ts';
import { atExit, CLIENT_CORE, createPacer, get, intFromEnv, NODE, pinToServerCore, runCleanups, SERVER_CORE, start, tail, TASKSET, table, waitForLine } from './lib/load.ts';

const { values: args } = parseArgs({ options: { engine: { type: 'string', default: 'auto' }, json: { type: 'string' } } });

const ORDERS = intFromEnv('BENCH_ORDERS', 900, 3, 100_000);
const ROUNDS = intFromEnv('BENCH_ROUNDS', 9, 1, 100);
const WARMUP = intFromEnv('BENCH_WARMUP_ORDERS', 50, 0, 10_000);
/** 2,000; a BENCH_ORDERS below 1,000 given for a short (smoke) run makes it 2 × BENCH_ORDERS. */
const QUEUED = intFromEnv('BENCH_QUEUED', process.env.BENCH_ORDERS && ORDERS < 1000 ? 2 * ORDERS : 2000, 1, 100_000);
const SKUS = intFromEnv('BENCH_SKUS', 64, 1, 2048);
/**
 * Orders queued for the one-SKU case: fewer by default, because there the worker's claim costs grow with the length of
 * the SKU's chain of deliveries (bench/webhooks.md), and 2,000 would take minutes.
 */
const HOT_QUEUED = intFromEnv('BENCH_HOT_QUEUED', Math.min(QUEUED, 500), 1, 100_000);
const DRAIN_TIMEOUT_MS = intFromEnv('BENCH_DRAIN_TIMEOUT', 600, 5, 3600) * 1000;
const QUIET_WAIT = intFromEnv('BENCH_QUIET_WAIT', 20, 0, 600);
/** BENCH_PROFILE=<dir>: a CPU profile (.cpuprofile) of each throughput drain, written there (costs throughput). */
const PROFILE_DIR = process.env.BENCH_PROFILE || undefined;
const PIN = process.env.BENCH_PIN !== '0' && TASKSET && CLIENT_CORE !== undefined;
/** Orders per arm per round (the last round may be shorter, so the arms get exactly BENCH_ORDERS each). */
const PER_ROUND = Math.ceil(ORDERS / ROUNDS);

if (process.env.TEST_DATABASE_URL && !process.env.BENCH_DATABASE_URL) process.env.BENCH_DATABASE_URL = process.env.TEST_DATABASE_URL;
const ENGINES: Engine[] = args.engine === 'auto' ? ['sqlite', ...(process.env.BENCH_DATABASE_URL ? (['postgres'] as const) : [])] : [parseEngine(args.engine)];

const WEBHOOKS = { ...WEBHOOK_DEFAULTS, allowLoopback: true };
const STOCK = 1_000_000_000;

const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const say = (line: string) => process.stderr.write(`${line}\n`);
const pacer = createPacer(QUIET_WAIT);

// ---- CPU accounting (Linux /proc) ------------------------------------------------------------------------------

/** utime + stime of a process in seconds (clock ticks of 1/100 s), or undefined once it is gone. */
function processSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Busy and total jiffies of the whole machine (the `cpu` line of /proc/stat). */
function machineJiffies(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
    const total = fields.reduce((a, b) => a + b, 0);
    return { busy: total - fields[3]! - fields[4]!, total };
  } catch {
    return undefined;
  }
}

interface CpuSnapshot {
  at: number;
  /** This process, every thread (µs). */
  app: NodeJS.CpuUsage;
  receiver: number | undefined;
  backends: Map<number, number>;
  machine: { busy: number; total: number } | undefined;
}

/** CPU seconds over a window: this process, the PostgreSQL backends serving it, the receiver, and everyone else (in cores). */
interface CpuWindow {
  seconds: number;
  app: number;
  backends: number;
  receiver: number;
  /** Cores used by other processes on average; undefined without /proc. */
  other: number | undefined;
}

function snapshot(receiverPid: number | undefined, backendPids: number[]): CpuSnapshot {
  const backends = new Map<number, number>();
  for (const pid of backendPids) {
    const s = processSeconds(pid);
    if (s !== undefined) backends.set(pid, s);
  }
  return { at: performance.now(), app: process.cpuUsage(), receiver: receiverPid === undefined ? undefined : processSeconds(receiverPid), backends, machine: machineJiffies() };
}

function cpuWindow(a: CpuSnapshot, b: CpuSnapshot): CpuWindow {
  const seconds = (b.at - a.at) / 1000;
  const app = (b.app.user - a.app.user + b.app.system - a.app.system) / 1e6;
  // A backend that appeared during the window spent all its CPU inside it.
  let backends = 0;
  for (const [pid, s] of b.backends) backends += s - (a.backends.get(pid) ?? 0);
  const receiver = a.receiver !== undefined && b.receiver !== undefined ? b.receiver - a.receiver : 0;
  let other: number | undefined;
  if (a.machine && b.machine && b.machine.total > a.machine.total) {
    const cores = ((b.machine.busy - a.machine.busy) / (b.machine.total - a.machine.total)) * cpus().length;
    other = Math.max(0, cores - (app + backends + receiver) / seconds);
  }
  return { seconds, app, backends, receiver, other };
}

function addWindow(into: CpuWindow, w: CpuWindow): void {
  into.seconds += w.seconds;
  into.app += w.app;
  into.backends += w.backends;
  into.receiver += w.receiver;
  // Other processes: a time-weighted mean over the windows.
  if (w.other !== undefined) into.other = ((into.other ?? 0) * (into.seconds - w.seconds) + w.other * w.seconds) / into.seconds;
}

const emptyWindow = (): CpuWindow => ({ seconds: 0, app: 0, backends: 0, receiver: 0, other: undefined });

/** The V8 profiler of this process (node:inspector), started now; `stop(name)` writes `<dir>/<name>.cpuprofile`. */
async function startProfile() {
  const session = new Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
  await post('Profiler.start');
  return {
    async stop(name: string): Promise<string> {
      const { profile } = (await post('Profiler.stop')) as { profile: object };
      session.disconnect();
      mkdirSync(PROFILE_DIR!, { recursive: true });
      const file = path.join(PROFILE_DIR!, `${name}.cpuprofile`);
      writeFileSync(file, JSON.stringify(profile));
      return file;
    },
  };
}

// ---- the receiver ------------------------------------------------------------------------------------------------

interface Receiver {
  url: string;
  pid: number | undefined;
  stats(): Promise<{ requests: number; bodyBytes: number; connections: number }>;
}

async function startReceiver(): Promise<Receiver> {
  const child = start(PIN ? CLIENT_CORE : undefined, NODE, ['bench/webhook-receiver.ts']);
  const output = tail(child);
  const match = await waitForLine(child, /is listening on (http:\/\/127\.0\.0\.1:\d+)/, 'the webhook receiver', output);
  const base = match[1]!;
  return {
    url: `${base}/hook`,
    pid: child.pid,
    async stats() {
      const res = await get(`${base}/stats`);
      if (res.status !== 200) throw new Error(`receiver stats: ${res.status}`);
      return JSON.parse(res.body.toString('utf8')) as { requests: number; bodyBytes: number; connections: number };
    },
  };
}

// ---- the worker, observed ----------------------------------------------------------------------------------------

interface WorkerCounters {
  claims: number;
  claimed: number;
  releases: number;
  released: number;
  recorded: number;
  succeeded: number;
  notSucceeded: number;
  /** Deliveries in flight (this one included) each time an attempt was recorded: the worker's actual concurrency. */
  inFlightSum: number;
  /** The transport's duration of each attempt (ms, as the worker records it). */
  sendMs: number[];
  /** performance.now() when the latest successful attempt was recorded. */
  lastSuccessAt: number;
}

/**
 * Counts what the delivery worker asks of the webhook repository, and lets the bench wait for the nth recorded
 * success without polling. The worker calls these methods through `container.repos.webhooks` at call time.
 */
function observeWorker(container: Container) {
  const counters: WorkerCounters = { claims: 0, claimed: 0, releases: 0, released: 0, recorded: 0, succeeded: 0, notSucceeded: 0, inFlightSum: 0, sendMs: [], lastSuccessAt: 0 };
  const waiters: Array<{ target: number; resolve: () => void }> = [];
  const repo = container.repos.webhooks;
  const worker = container.services.webhookDelivery;
  const claim = repo.claimDueAcrossStores;
  const releaseRows = repo.releaseAcrossStores;
  repo.claimDueAcrossStores = async (...a) => {
    counters.claims += 1;
    const rows = await claim(...a);
    counters.claimed += rows.length;
    return rows;
  };
  repo.releaseAcrossStores = async (ids, holder) => {
    if (ids.length > 0) {
      counters.releases += 1;
      counters.released += ids.length;
    }
    return releaseRows(ids, holder);
  };
  // The worker records each attempt with one call of the repository, all-or-nothing on its own: count it once it has.
  const record = repo.recordAttemptAcrossStores;
  repo.recordAttemptAcrossStores = async (delivery, holder, outcome, now) => {
    counters.inFlightSum += worker.inFlight;
    await record(delivery, holder, outcome, now);
    counters.sendMs.push(outcome.attempt.durationMs);
    counters.recorded += 1;
    if (outcome.status === 'succeeded') {
      counters.succeeded += 1;
      counters.lastSuccessAt = performance.now();
      for (let i = waiters.length - 1; i >= 0; i -= 1) {
        if (counters.succeeded >= waiters[i]!.target) waiters.splice(i, 1)[0]!.resolve();
      }
    } else counters.notSucceeded += 1;
  };
  return {
    counters,
    snapshot: (): WorkerCounters => ({ ...counters, sendMs: [...counters.sendMs] }),
    /** Resolves once `count` more successes than `base` have been recorded; rejects after the drain timeout. */
    succeeded(base: number, count: number, what: string, diagnose: () => Promise<string>): Promise<void> {
      const target = base + count;
      if (counters.succeeded >= target) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const waiter = {
          target,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          void diagnose().then((d) => reject(new Error(`${what}: ${counters.succeeded - base} of ${count} deliveries succeeded after ${DRAIN_TIMEOUT_MS / 1000} s (BENCH_DRAIN_TIMEOUT); by status: ${d}`)));
        }, DRAIN_TIMEOUT_MS);
        waiters.push(waiter);
      });
    },
  };
}

function counterDelta(a: WorkerCounters, b: WorkerCounters) {
  return {
    claims: b.claims - a.claims,
    claimed: b.claimed - a.claimed,
    releases: b.releases - a.releases,
    released: b.released - a.released,
    recorded: b.recorded - a.recorded,
    succeeded: b.succeeded - a.succeeded,
    notSucceeded: b.notSucceeded - a.notSucceeded,
    meanInFlight: b.recorded > a.recorded ? (b.inFlightSum - a.inFlightSum) / (b.recorded - a.recorded) : 0,
    sendMs: b.sendMs.slice(a.sendMs.length),
  };
}

// ---- results -----------------------------------------------------------------------------------------------------

type Arm = 'baseline' | 'outbox' | 'deliver';
const ARMS: Arm[] = ['baseline', 'outbox', 'deliver'];
const ARM_LABELS: Record<Arm, string> = {
  baseline: 'no endpoint (baseline)',
  outbox: '1 endpoint `*`, worker stopped (outbox written)',
  deliver: '1 endpoint `*`, worker delivering',
};

interface ArmResult {
  orders: number;
  wall: Summary;
  /** Median per order in each round. */
  roundMedians: number[];
  /** Median of the per-round ratios to the baseline's round median (the verdict). */
  ratio: number;
  perRoundRatios: number[];
  ratioOfMedians: number;
  ratioOfP95: number;
  /** CPU per order over the timed blocks, ms: this process (all threads), PostgreSQL backends. */
  appCpuMs: number;
  backendCpuMs: number;
  /** Main-thread CPU per order, ms. */
  threadCpuMs: number;
  /** deliver: CPU per order from the block's first order to its last delivery recorded (the drain included). */
  appCpuWithDrainMs?: number;
  backendCpuWithDrainMs?: number;
  /** deliver: deliveries still pending when a block's last order was answered, and the time the worker then needed. */
  backlog?: number[];
  drainMs?: number[];
  otherCpu: number | undefined;
}

interface ThroughputResult {
  label: string;
  endpoints: number;
  skus: number;
  orders: number;
  events: number;
  deliveries: number;
  seconds: number;
  deliveriesPerSecond: number;
  eventsPerSecond: number;
  meanInFlight: number;
  sendMs: Summary;
  appCpuUsPerDelivery: number;
  backendCpuUsPerDelivery: number;
  receiverCpuUsPerDelivery: number;
  otherCpu: number | undefined;
  connectionsPerDelivery: number;
  claimsPerDelivery: number;
  claimedPerDelivery: number;
  releasedPerDelivery: number;
  failedAttempts: number;
  errors: Array<{ error: string; n: number }>;
  queueSeconds: number;
}

interface EngineResult {
  engine: Engine;
  server: string;
  eventsPerOrder: Record<string, number>;
  arms: Record<Arm, ArmResult>;
  throughput: ThroughputResult[];
}

// ---- one engine --------------------------------------------------------------------------------------------------

async function runEngine(engine: Engine, receiver: Receiver): Promise<EngineResult> {
  const database = await createBenchDatabase(engine, 'commerce_bench_webhooks');
  let container: Container | undefined;
  let app: FastifyInstance | undefined;
  const cleanup = async () => {
    await app?.close().catch(() => {});
    await container?.close().catch(() => {});
    await database.drop();
  };
  let cleaned = false;
  const cleanupOnce = async () => {
    if (cleaned) return;
    cleaned = true;
    await cleanup();
  };
  atExit(cleanupOnce);
  try {
    const config: Config = {
      database: database.config,
      host: '127.0.0.1',
      port: 0,
      baseUrl: 'http://127.0.0.1:3000',
      logLevel: 'silent',
      redisUrl: null,
      trustProxy: false,
      filesDir: database.filesDir,
      // One API key places every order: its limit is raised out of reach (still counted per request).
      rateLimits: rateLimits({ credential: { limit: 1_000_000_000, windowSeconds: 60 } }),
      databaseTimeoutMs: DEFAULT_DATABASE_TIMEOUT_MS,
      webhooks: WEBHOOKS,
    };
    container = createContainer(config);
    await migrateToLatest(container.db);
    await seed(container);
    app = await buildApp({ container });
    await app.ready();
    let server = 'SQLite (better-sqlite3, WAL, synchronous=NORMAL)';
    if (engine === 'postgres') {
      const { rows } = await sql<{ version: string }>`select version() as version`.execute(container.db.kysely);
      server = rows[0]!.version.replace(/ on .*$/, '');
    }
    return await measureEngine(engine, server, app, container, database, receiver);
  } finally {
    await cleanupOnce();
  }
}

async function measureEngine(engine: Engine, server: string, app: FastifyInstance, container: Container, database: BenchDatabase, receiver: Receiver): Promise<EngineResult> {
  const db = container.db.kysely;
  const worker = container.services.webhookDelivery;
  const observed = observeWorker(container);

  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Record<string, string>, payload?: object, status = 200): Promise<T> => {
    const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    if (res.statusCode !== status) throw new Error(`${method} ${url}: expected ${status}, got ${res.statusCode} ${res.body.slice(0, 300)}`);
    return (res.json() as { data: T }).data;
  };

  // ---- set-up: a merchant, an API key, a product of SKUS SKUs with plenty of stock, a customer ----
  const signup = await call<{ token: string; store: { id: string } }>('POST', '/v1/auth/signup', {}, { email: 'bench@example.com', password: 'correct horse battery staple', name: 'Bench', storeName: 'Bench store' }, 201);
  const storeId = signup.store.id;
  const key = await call<{ key: string }>('POST', '/v1/api-keys', { authorization: `Bearer ${signup.token}` }, { name: 'bench' }, 201);
  const headers = { 'x-merchantapikey': key.key };
  const productId = (await call<{ id: string }>('POST', '/v1/products', headers, { type: 'VARIABLE', name: 'Bench Tee' }, 201)).id;
  const group = await call<{ skus: Array<{ id: string }> }>(
    'POST',
    `/v2/products/${productId}/variant-groups`,
    headers,
    { attributeName: 'Color', attributeValue: 'Red', skus: Array.from({ length: SKUS }, (_, i) => ({ price: 20, quantityInStock: STOCK, attributes: { Size: `S${i + 1}` } })) },
    201,
  );
  const skuIds = group.skus.map((s) => s.id);
  await call('PATCH', `/v1/products/${productId}`, headers, { status: 'active' });
  const customerId = await insertCustomer({ container }, storeId);
  say(`${engine}: store, API key, product with ${SKUS} SKUs (stock ${STOCK.toLocaleString('en-US')} each), customer (${elapsed()})`);

  const placeOrder = async (skuId: string) => {
    const res = await app.inject({ method: 'POST', url: '/v1/orders', headers, payload: { customerId, lines: [{ skuId, quantity: 1 }] } });
    if (res.statusCode !== 201) throw new Error(`POST /v1/orders: ${res.statusCode} ${res.body.slice(0, 300)}`);
  };
  const createEndpoint = async (description: string): Promise<string> => (await call<{ id: string }>('POST', '/v1/webhooks', headers, { url: receiver.url, eventTypes: ['*'], description }, 201)).id;
  const deleteEndpoint = (id: string) => call('DELETE', `/v1/webhooks/${id}`, headers);
  const byStatus = async (endpointIds: string[]) => {
    const rows = await db
      .selectFrom('webhook_deliveries')
      .select('status')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('endpoint_id', 'in', endpointIds)
      .groupBy('status')
      .execute();
    const out: Record<string, number> = {};
    for (const r of rows) out[r.status] = Number(r.n);
    return out;
  };
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  const eventTypes = async (endpointId: string) => {
    const rows = await db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_events as ev', 'ev.seq', 'd.event_seq')
      .select('ev.type')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('d.endpoint_id', '=', endpointId)
      .groupBy('ev.type')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
  };
  const backendPids = async () => (engine === 'postgres' ? database.backends() : []);
  const pinBackends = async () => {
    const pids = await backendPids();
    if (PIN) pinToServerCore(pids);
    return pids;
  };

  // ---- (a) order placement in three arms -----------------------------------------------------------------------
  const sku = skuIds[0]!;
  let eventsPerOrder: Record<string, number> | undefined;
  const samples: Record<Arm, number[]> = { baseline: [], outbox: [], deliver: [] };
  const roundMedians: Record<Arm, number[]> = { baseline: [], outbox: [], deliver: [] };
  const cpu: Record<Arm, CpuWindow> = { baseline: emptyWindow(), outbox: emptyWindow(), deliver: emptyWindow() };
  const threadCpu: Record<Arm, number> = { baseline: 0, outbox: 0, deliver: 0 };
  const withDrain = emptyWindow();
  const backlog: number[] = [];
  const drainMs: number[] = [];

  /** One arm's block of `n` orders, timed one by one when `record`; the endpoint is made before and removed after. */
  const block = async (arm: Arm, n: number, record: boolean) => {
    const endpointId = arm === 'baseline' ? undefined : await createEndpoint(`bench ${arm}`);
    if (arm === 'deliver') worker.start();
    const pids = await pinBackends();
    fullGc();
    const before = snapshot(receiver.pid, pids);
    const succeededBefore = observed.counters.succeeded;
    const thread0 = cpuNow();
    const wall: number[] = [];
    for (let i = 0; i < n; i += 1) wall.push(await timeOnce(() => placeOrder(sku)));
    const thread1 = cpuNow();
    const after = snapshot(receiver.pid, await backendPids());
    if (endpointId !== undefined) {
      const counts = await byStatus([endpointId]);
      if (arm === 'deliver') {
        const answered = performance.now();
        const pending = counts.pending ?? 0;
        await observed.succeeded(succeededBefore, total(counts), `${arm} block`, async () => JSON.stringify(await byStatus([endpointId])));
        const drained = snapshot(receiver.pid, await backendPids());
        await worker.stop();
        if (record) {
          backlog.push(pending);
          drainMs.push(Math.max(0, observed.counters.lastSuccessAt - answered));
          addWindow(withDrain, cpuWindow(before, drained));
        }
        const final = await byStatus([endpointId]);
        if (final.succeeded !== total(counts) || total(final) !== total(counts)) throw new Error(`deliver block: deliveries ${JSON.stringify(final)}, expected ${total(counts)} succeeded`);
      } else if ((counts.pending ?? 0) !== total(counts)) {
        throw new Error(`outbox block: deliveries ${JSON.stringify(counts)}, expected all pending (the worker is stopped)`);
      }
      const types = await eventTypes(endpointId);
      const perOrder = Object.fromEntries(Object.entries(types).map(([t, c]) => [t, c / n]));
      if (eventsPerOrder === undefined) eventsPerOrder = perOrder;
      else if (JSON.stringify(perOrder) !== JSON.stringify(eventsPerOrder)) throw new Error(`events per order changed: ${JSON.stringify(perOrder)} against ${JSON.stringify(eventsPerOrder)}`);
      await deleteEndpoint(endpointId);
    }
    if (record) {
      samples[arm].push(...wall);
      roundMedians[arm].push(summarize(wall).median);
      addWindow(cpu[arm], cpuWindow(before, after));
      threadCpu[arm] += thread1 - thread0;
    }
  };

  if (WARMUP > 0) {
    for (const arm of ARMS) await block(arm, WARMUP, false);
    say(`${engine} (a): warm-up, ${WARMUP} orders per arm (${elapsed()})`);
  }
  let left = ORDERS;
  for (let round = 0; round < ROUNDS && left > 0; round += 1) {
    const n = Math.min(PER_ROUND, left);
    left -= n;
    await pacer.waitForQuiet();
    const order = ARMS.map((_, i) => ARMS[(i + round) % ARMS.length]!);
    for (const arm of order) await block(arm, n, true);
    const r = roundMedians;
    say(
      `${engine} (a) round ${round + 1}/${ROUNDS} (${order.join(', ')}; ${n} orders each): medians ` +
        `${ARMS.map((a) => `${a} ${ms(r[a].at(-1)!)} ms`).join(', ')}; × baseline ${(r.outbox.at(-1)! / r.baseline.at(-1)!).toFixed(3)}, ${(r.deliver.at(-1)! / r.baseline.at(-1)!).toFixed(3)} (${elapsed()})`,
    );
  }
  const base = summarize(samples.baseline);
  const arms = {} as Record<Arm, ArmResult>;
  for (const arm of ARMS) {
    const wall = summarize(samples[arm]);
    const perRoundRatios = roundMedians[arm].map((m, i) => m / roundMedians.baseline[i]!);
    const orders = samples[arm].length;
    arms[arm] = {
      orders,
      wall,
      roundMedians: roundMedians[arm],
      ratio: medianOf(perRoundRatios),
      perRoundRatios,
      ratioOfMedians: wall.median / base.median,
      ratioOfP95: wall.p95 / base.p95,
      appCpuMs: (cpu[arm].app / orders) * 1000,
      backendCpuMs: (cpu[arm].backends / orders) * 1000,
      threadCpuMs: threadCpu[arm] / orders,
      otherCpu: cpu[arm].other,
      ...(arm === 'deliver' ? { appCpuWithDrainMs: (withDrain.app / orders) * 1000, backendCpuWithDrainMs: (withDrain.backends / orders) * 1000, backlog, drainMs } : {}),
    };
  }

  // ---- (b) delivery throughput ---------------------------------------------------------------------------------
  const cases = [
    { label: `1 endpoint, orders over ${SKUS} SKUs`, endpoints: 1, skus: SKUS, orders: QUEUED },
    { label: `4 endpoints, orders over ${SKUS} SKUs`, endpoints: 4, skus: SKUS, orders: QUEUED },
    { label: '1 endpoint, every order on one SKU', endpoints: 1, skus: 1, orders: HOT_QUEUED },
  ];
  const throughput: ThroughputResult[] = [];
  for (const c of cases) {
    // With BENCH_SKUS=1 the first case is already the one-SKU case.
    if (SKUS === 1 && throughput.some((t) => t.endpoints === c.endpoints && t.skus === 1)) continue;
    const ids: string[] = [];
    for (let i = 0; i < c.endpoints; i += 1) ids.push(await createEndpoint(`bench throughput ${i + 1}`));
    const q0 = performance.now();
    const tty = process.stderr.isTTY;
    for (let i = 0; i < c.orders; i += 1) {
      await placeOrder(skuIds[i % c.skus]!);
      if ((i + 1) % 500 === 0 || i + 1 === c.orders) {
        const line = `${engine} (b) ${c.label}: queued ${i + 1}/${c.orders} orders (${((performance.now() - q0) / 1000).toFixed(1)} s)`;
        if (tty) process.stderr.write(`\r\x1b[2K${line}${i + 1 === c.orders ? '\n' : ''}`);
        else say(line);
      }
    }
    const queueSeconds = (performance.now() - q0) / 1000;
    const queued = await byStatus(ids);
    const deliveries = total(queued);
    if ((queued.pending ?? 0) !== deliveries) throw new Error(`${c.label}: deliveries before the worker started ${JSON.stringify(queued)}, expected all pending`);
    const perOrder = Object.values(eventsPerOrder ?? {}).reduce((a, b) => a + b, 0) || 2;
    const events = deliveries / c.endpoints;
    if (events !== c.orders * perOrder) throw new Error(`${c.label}: ${events} events for ${c.orders} orders, expected ${perOrder} per order`);

    await pacer.waitForQuiet();
    const pids = await pinBackends();
    fullGc();
    const stats0 = await receiver.stats();
    const counters0 = observed.snapshot();
    const before = snapshot(receiver.pid, pids);
    const profile = PROFILE_DIR ? await startProfile() : undefined;
    const t0 = performance.now();
    worker.start();
    // A case that does not finish within BENCH_DRAIN_TIMEOUT is reported as incomplete (what succeeded by then), not fatal.
    let incomplete: string | undefined;
    try {
      await observed.succeeded(counters0.succeeded, deliveries, c.label, async () => JSON.stringify(await byStatus(ids)));
    } catch (error) {
      incomplete = (error as Error).message;
      say(`${engine} (b) ${incomplete}`);
    }
    const t1 = incomplete ? performance.now() : observed.counters.lastSuccessAt;
    const after = snapshot(receiver.pid, await backendPids());
    if (profile) say(`  CPU profile of the drain: ${await profile.stop(`webhooks-${engine}-${c.endpoints}ep-${c.skus}sku`)}`);
    await worker.stop();
    const counters = counterDelta(counters0, observed.snapshot());
    const stats1 = await receiver.stats();
    const final = await byStatus(ids);
    if (!incomplete && final.succeeded !== deliveries) throw new Error(`${c.label}: deliveries after the run ${JSON.stringify(final)}, expected ${deliveries} succeeded`);
    const done = incomplete ? counters.succeeded : deliveries;
    const errors = await db
      .selectFrom('webhook_attempts as a')
      .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
      .select('a.error')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('d.endpoint_id', 'in', ids)
      .where('a.error', 'is not', null)
      .groupBy('a.error')
      .execute();
    const w = cpuWindow(before, after);
    const seconds = (t1 - t0) / 1000;
    const requests = stats1.requests - stats0.requests;
    const result: ThroughputResult = {
      label: incomplete ? `${c.label} (INCOMPLETE: ${done} of ${deliveries} in ${DRAIN_TIMEOUT_MS / 1000} s)` : c.label,
      endpoints: c.endpoints,
      skus: c.skus,
      orders: c.orders,
      events,
      deliveries,
      seconds,
      deliveriesPerSecond: done / seconds,
      eventsPerSecond: done / c.endpoints / seconds,
      meanInFlight: counters.meanInFlight,
      sendMs: summarize(counters.sendMs),
      appCpuUsPerDelivery: (w.app / done) * 1e6,
      backendCpuUsPerDelivery: (w.backends / done) * 1e6,
      receiverCpuUsPerDelivery: (w.receiver / done) * 1e6,
      otherCpu: w.other,
      connectionsPerDelivery: (stats1.connections - stats0.connections) / Math.max(1, requests),
      claimsPerDelivery: counters.claims / done,
      claimedPerDelivery: counters.claimed / done,
      releasedPerDelivery: counters.released / done,
      failedAttempts: counters.notSucceeded,
      errors: errors.map((e) => ({ error: String(e.error), n: Number(e.n) })),
      queueSeconds,
    };
    throughput.push(result);
    say(
      `${engine} (b) ${c.label}: ${deliveries} deliveries (${events} events) in ${seconds.toFixed(2)} s: ${result.deliveriesPerSecond.toFixed(0)} deliveries/s, ` +
        `${result.eventsPerSecond.toFixed(0)} events/s; mean in flight ${result.meanInFlight.toFixed(1)}; ${requests} requests on ${stats1.connections - stats0.connections} connections` +
        `${result.failedAttempts > 0 ? `; ${result.failedAttempts} FAILED attempts` : ''} (${elapsed()})`,
    );
    for (const id of ids) await deleteEndpoint(id);
  }

  return { engine, server, eventsPerOrder: eventsPerOrder ?? {}, arms, throughput };
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

// ---- report ------------------------------------------------------------------------------------------------------

function machine() {
  return { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version, kernel: `${process.platform} ${release()}` };
}

const pct = (v: number | undefined) => (v === undefined ? 'n/a' : `${(v * 100).toFixed(0)}%`);
const signed = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;

function report(results: EngineResult[]): string {
  const m = machine();
  const lines: string[] = [];
  lines.push(
    `Webhooks benchmark (issue 17): node ${m.node}, ${m.cpus} × ${m.cpuModel}, ${m.memoryGiB} GiB, ${m.kernel}; in-process app (buildApp + app.inject), ` +
      `deliveries over HTTP on loopback to bench/webhook-receiver.ts (200 at once); ` +
      `${PIN ? `app and database backends on core ${SERVER_CORE}, receiver on core ${CLIENT_CORE}` : 'no pinning'}; ` +
      `worker: WEBHOOK_DEFAULTS (${WEBHOOKS.concurrency} in flight per instance, ${WEBHOOKS.perEndpointConcurrency} per endpoint, poll ${WEBHOOKS.pollMs} ms) with allowLoopback`,
  );
  for (const r of results) {
    const { arms } = r;
    lines.push('');
    lines.push(`## ${r.engine}: ${r.server}`);
    lines.push('');
    const types = Object.entries(r.eventsPerOrder)
      .map(([t, n]) => `${t} × ${n}`)
      .join(', ');
    lines.push(
      `(a) POST /v1/orders, one line, quantity 1 (same store, SKU, customer, API key): ${ROUNDS} rounds × ${PER_ROUND} orders per arm ` +
        `(${arms.baseline.orders} per arm), arms interleaved (order rotating each round), after ${WARMUP} warm-up orders per arm. Events per order with \`*\`: ${types || 'none'}.`,
    );
    lines.push('');
    const rows = [['arm', 'median ms', 'p95 ms', 'x baseline (per-round median)', 'added', 'x baseline (medians)', 'x baseline (p95)', 'app CPU ms/order', 'PG CPU ms/order', 'other CPU', 'round medians (ms)']];
    for (const arm of ARMS) {
      const a = arms[arm];
      rows.push([
        ARM_LABELS[arm],
        ms(a.wall.median),
        ms(a.wall.p95),
        a.ratio.toFixed(3),
        arm === 'baseline' ? '' : signed(a.ratio),
        a.ratioOfMedians.toFixed(3),
        a.ratioOfP95.toFixed(3),
        ms(a.appCpuMs),
        r.engine === 'postgres' ? ms(a.backendCpuMs) : 'n/a',
        pct(a.otherCpu),
        a.roundMedians.map((v) => ms(v)).join(' / '),
      ]);
    }
    lines.push(table(rows));
    lines.push('');
    for (const arm of ['outbox', 'deliver'] as const) {
      const a = arms[arm];
      lines.push(
        `- aim "under 10 % added on order placement", ${ARM_LABELS[arm]}: ${signed(a.ratio)} (median of the per-round ratios): ${a.ratio < 1.1 ? 'MET' : 'NOT MET'}; ` +
          `per round: ${a.perRoundRatios.map((x) => x.toFixed(3)).join(' ')}`,
      );
    }
    const d = arms.deliver;
    lines.push(
      `- worker delivering: backlog when a block's last order was answered ${d.backlog!.join(' / ')} deliveries; the worker then needed ${d.drainMs!.map((v) => Math.round(v)).join(' / ')} ms ` +
        `to finish; CPU per order including that drain: app ${ms(d.appCpuWithDrainMs!)} ms${r.engine === 'postgres' ? `, PG ${ms(d.backendCpuWithDrainMs!)} ms` : ''} ` +
        `(baseline ${ms(arms.baseline.appCpuMs)} ms${r.engine === 'postgres' ? `, PG ${ms(arms.baseline.backendCpuMs)} ms` : ''})`,
    );
    lines.push(`- main-thread CPU per order: ${ARMS.map((a) => `${a} ${ms(arms[a].threadCpuMs)} ms`).join(', ')}`);
    lines.push('');
    lines.push(
      `(b) Delivery throughput: orders queued with the worker stopped (${QUEUED} per case; ${HOT_QUEUED} for the one-SKU case), then the worker started and timed until the last delivery was recorded as succeeded.`,
    );
    lines.push('');
    const trows = [
      ['case', 'orders', 'deliveries', 'events', 'seconds', 'deliveries/s', 'events/s', 'mean in flight', 'send ms p50/p95', 'app CPU us/delivery', 'PG CPU us/delivery', 'receiver CPU us/delivery', 'other CPU', 'connections/request', 'claims/delivery', 'rows claimed, released /delivery', 'failed attempts'],
    ];
    for (const t of r.throughput) {
      trows.push([
        t.label,
        String(t.orders),
        String(t.deliveries),
        String(t.events),
        t.seconds.toFixed(2),
        t.deliveriesPerSecond.toFixed(0),
        t.eventsPerSecond.toFixed(0),
        t.meanInFlight.toFixed(1),
        `${t.sendMs.median}/${t.sendMs.p95}`,
        t.appCpuUsPerDelivery.toFixed(0),
        r.engine === 'postgres' ? t.backendCpuUsPerDelivery.toFixed(0) : 'n/a',
        t.receiverCpuUsPerDelivery.toFixed(0),
        pct(t.otherCpu),
        t.connectionsPerDelivery.toFixed(2),
        t.claimsPerDelivery.toFixed(2),
        `${t.claimedPerDelivery.toFixed(2)}, ${t.releasedPerDelivery.toFixed(2)}`,
        String(t.failedAttempts),
      ]);
    }
    lines.push(table(trows));
    for (const t of r.throughput) {
      if (t.errors.length > 0) lines.push(`- ${t.label}: errors recorded: ${t.errors.map((e) => `${e.n} × ${e.error}`).join('; ')}`);
    }
    lines.push(`- queueing took ${r.throughput.map((t) => `${t.queueSeconds.toFixed(1)} s`).join(', ')} (not measured)`);
  }
  return `${lines.join('\n')}\n`;
}

// ---- main --------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (PIN) spawnSync('taskset', ['-a', '-p', '-c', SERVER_CORE, String(process.pid)], { stdio: 'ignore' });
  else if (process.env.BENCH_PIN !== '0') say('warning: not pinned (taskset missing or one CPU only)');
  say(`settings: BENCH_ORDERS=${ORDERS} BENCH_ROUNDS=${ROUNDS} BENCH_WARMUP_ORDERS=${WARMUP} BENCH_QUEUED=${QUEUED} BENCH_HOT_QUEUED=${HOT_QUEUED} BENCH_SKUS=${SKUS}; engines: ${ENGINES.join(', ')}`);
  const receiver = await startReceiver();
  const results: EngineResult[] = [];
  for (const engine of ENGINES) results.push(await runEngine(engine, receiver));
  const text = report(results);
  process.stdout.write(text);
  if (args.json) writeFileSync(args.json, `${JSON.stringify({ settings: { ORDERS, ROUNDS, WARMUP, QUEUED, HOT_QUEUED, SKUS, PIN, webhooks: WEBHOOKS }, machine: machine(), results }, null, 2)}\n`);
  say(`done in ${elapsed()}`);
}

try {
  await main();
} finally {
  await runCleanups();
}
process.exit(0);
