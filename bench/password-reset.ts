/**
 * Password reset (issue 18, docs/email.md): does the answer to `POST /v1/auth/password-reset` take the same time
 * whether an account has the email or not? The request path is meant to do the same work for both (count the attempt,
 * queue one message); the account is looked up only by the sender, later. This measures it.
 *
 *   node bench/password-reset.ts [--engine auto|sqlite|postgres]
 *
 * The real app (`buildApp` + `app.inject`, logging off, the sender stopped so only the request path is timed) on a
 * fresh database (SQLite in a temporary directory; PostgreSQL on BENCH_DATABASE_URL or TEST_DATABASE_URL, dropped at the
 * end). Two arms, interleaved request by request (known, unknown, known, … with the first arm alternating every round):
 * an email an account has, and one no account has; each request from its own client address and each email used at
 * most 5 times (the per-email limit), so no request is refused. Per arm: median and p95; the verdict is the median of
 * the per-round ratios known / unknown of the medians, with the spread of those ratios.
 *
 * Environment: BENCH_REQUESTS (per arm, 1,800), BENCH_ROUNDS (9), BENCH_WARMUP (100 per arm).
 */
import { cpus, release } from 'node:os';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.ts';
import { type Config, DEFAULT_DATABASE_TIMEOUT_MS, mailDefaults } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { rateLimits } from '../src/http/rate-limit-policies.ts';
import { seed } from '../src/seed.ts';
import { summarize } from './catalog/stats.ts';
import { createBenchDatabase, type Engine, parseEngine } from './lib/database.ts';
import { intFromEnv } from './lib/load.ts';

const { values: args } = parseArgs({ options: { engine: { type: 'string', default: 'auto' } } });
const REQUESTS = intFromEnv('BENCH_REQUESTS', 1800, 10, 100_000);
const ROUNDS = intFromEnv('BENCH_ROUNDS', 9, 1, 100);
const WARMUP = intFromEnv('BENCH_WARMUP', 100, 0, 10_000);
if (process.env.TEST_DATABASE_URL && !process.env.BENCH_DATABASE_URL) process.env.BENCH_DATABASE_URL = process.env.TEST_DATABASE_URL;
const ENGINES: Engine[] = args.engine === 'auto' ? ['sqlite', ...(process.env.BENCH_DATABASE_URL ? (['postgres'] as const) : [])] : [parseEngine(args.engine)];

const PLENTY = { limit: 10_000_000, windowSeconds: 60 };
const PER_EMAIL = 5;

async function run(engine: Engine) {
  const database = await createBenchDatabase(engine, 'bench_reset');
  const baseUrl = 'http://127.0.0.1:3000';
  const config: Config = {
    database: database.config,
    host: '127.0.0.1',
    port: 0,
    baseUrl,
    logLevel: 'silent',
    redisUrl: null,
    trustProxy: false,
    filesDir: database.filesDir,
    databaseTimeoutMs: DEFAULT_DATABASE_TIMEOUT_MS,
    rateLimits: rateLimits(Object.fromEntries(['public', 'credential', 'sign-in', 'sign-up', 'sign-up-all', 'bad-credentials'].map((n) => [n, PLENTY]))),
    mail: mailDefaults(baseUrl, '/tmp'),
  };
  const container = createContainer(config);
  try {
    await migrateToLatest(container.db);
    await seed(container);
    const app = await buildApp({ container });
    await app.ready();
    const total = REQUESTS + WARMUP;
    const accounts = Math.ceil(total / PER_EMAIL);
    // One real sign-up; the other accounts are copies of its user row (argon2 for each would take minutes).
    const first = await app.inject({ method: 'POST', url: '/v1/auth/signup', payload: { email: 'bench0@known.example', password: 'correct horse battery staple', name: 'Bench', storeName: 'Bench' } });
    if (first.statusCode !== 201) throw new Error(`signup: ${first.statusCode} ${first.body}`);
    const row = await container.db.kysely.selectFrom('users').selectAll().where('email', '=', 'bench0@known.example').executeTakeFirstOrThrow();
    for (let i = 1; i < accounts; i += 500) {
      const batch = Array.from({ length: Math.min(500, accounts - i) }, (_, j) => {
        const email = `bench${i + j}@known.example`;
        const at = new Date(row.created_at).toISOString();
        return { id: `usr_bench_${i + j}`, email, email_normalized: email, name: row.name, phone: row.phone, password_hash: row.password_hash, created_at: at, updated_at: at };
      });
      await container.db.kysely.insertInto('users').values(batch).execute();
    }
    let address = 0;
    const ask = async (email: string): Promise<number> => {
      address += 1;
      const remoteAddress = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
      const start = process.hrtime.bigint();
      const res = await app.inject({ method: 'POST', url: '/v1/auth/password-reset', payload: { email }, remoteAddress });
      const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
      if (res.statusCode !== 202) throw new Error(`${email}: ${res.statusCode} ${res.body}`);
      return elapsed;
    };
    let k = 0;
    let u = 0;
    const known = () => `bench${Math.floor(k++ / PER_EMAIL)}@known.example`;
    const unknown = () => `nobody${Math.floor(u++ / PER_EMAIL)}@unknown.example`;
    for (let i = 0; i < WARMUP; i += 1) {
      await ask(known());
      await ask(unknown());
    }
    const perRound = Math.ceil(REQUESTS / ROUNDS);
    const all = { known: [] as number[], unknown: [] as number[] };
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const samples = { known: [] as number[], unknown: [] as number[] };
      const n = Math.min(perRound, REQUESTS - round * perRound);
      for (let i = 0; i < n; i += 1) {
        if (round % 2 === 0) {
          samples.known.push(await ask(known()));
          samples.unknown.push(await ask(unknown()));
        } else {
          samples.unknown.push(await ask(unknown()));
          samples.known.push(await ask(known()));
        }
      }
      all.known.push(...samples.known);
      all.unknown.push(...samples.unknown);
      ratios.push(summarize(samples.known).median / summarize(samples.unknown).median);
    }
    const rows = await container.db.kysely.selectFrom('email_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const known$ = summarize(all.known);
    const unknown$ = summarize(all.unknown);
    const r = summarize(ratios);
    console.log(`\n${engine}: ${REQUESTS} requests per arm in ${ROUNDS} rounds (${WARMUP} warm-up), ${Number(rows.n)} messages queued`);
    console.log(`  known email    median ${known$.median.toFixed(3)} ms  p95 ${known$.p95.toFixed(3)} ms`);
    console.log(`  unknown email  median ${unknown$.median.toFixed(3)} ms  p95 ${unknown$.p95.toFixed(3)} ms`);
    console.log(`  known / unknown: median of per-round ratios ${r.median.toFixed(3)} (min ${r.min.toFixed(3)}, max ${r.max.toFixed(3)}); ratio of medians ${(known$.median / unknown$.median).toFixed(3)}`);
    await app.close();
  } finally {
    await container.close();
    await database.drop();
  }
}

console.log(`password reset timing: ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, Linux ${release()}, Node ${process.version}`);
for (const engine of ENGINES) await run(engine);
