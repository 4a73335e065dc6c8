/**
 * Checkout completion (issue 37): SQL statements per completed checkout, and throughput at 20 concurrent checkouts.
 *
 *   node bench/checkout.ts [--engine auto|sqlite|postgres] [--json out.json]      (npm run bench:checkout)
 *
 * One store in test mode on a fresh database: 3 active SKUs (stock out of reach), a delivery zone and option, a tax
 * region, a publishable key; the built-in test provider takes the cards. A completed checkout is what a shopper's
 * browser does once the cart is filled: `POST /v1/carts/{id}/checkout`, then the pay page (`GET /pay/{token}`, the
 * card form `POST /pay/{token}` with 4242 4242 4242 4242, which completes the payment and moves the order to paid,
 * queueing the confirmation mail and `checkout.completed`), through `app.inject` (the real app, no socket; logging
 * off; the rate limits as BENCH_RATE_LIMITS below). Filling the cart (create, lines, address) is set-up, not counted.
 *
 * 1. **Statements**: every statement the app sends to the database during one completed checkout, counted at the
 *    driver (pg's `Client#query`; better-sqlite3's statement runs), BEGIN/COMMIT included, over BENCH_SAMPLES
 *    checkouts (median). The test provider's own bookkeeping (`test_provider_*` tables, a stand-in for Stripe's API)
 *    is counted apart. Aim: at most 30 (Saleor #14857 counts 230 for one `checkoutComplete`).
 * 2. **Throughput**: BENCH_CHECKOUTS ready carts checked out and paid by BENCH_CONCURRENCY (20) workers at once:
 *    completed checkouts per second, and the median and p95 time of the checkout request alone and of the whole.
 *
 * Environment: BENCH_SAMPLES (20), BENCH_CHECKOUTS (400), BENCH_CONCURRENCY (20), BENCH_WARMUP (20), BENCH_RATE_LIMITS
 * (`RATE_LIMITS` syntax; default: every policy a checkout counts against out of reach, the card form's `sign-in` included).
 * A smoke run that only checks the bench starts and finishes: BENCH_SAMPLES=2 BENCH_CHECKOUTS=4 BENCH_WARMUP=1.
 * PostgreSQL: `--engine postgres` with BENCH_DATABASE_URL (or TEST_DATABASE_URL); `auto` runs SQLite, then PostgreSQL
 * when one is set.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { parseRateLimitOverrides, rateLimits } from '../src/http/rate-limit-policies.ts';
import { type Summary, summarize } from './catalog/stats.ts';
import { type Engine, parseEngine } from './lib/database.ts';
import { withInProcessApp } from './lib/in-process.ts';
import { intFromEnv, runCleanups } from './lib/load.ts';

const { values: args } = parseArgs({ options: { engine: { type: 'string', default: 'auto' }, json: { type: 'string' } } });

const SAMPLES = intFromEnv('BENCH_SAMPLES', 20, 1, 10_000);
const CHECKOUTS = intFromEnv('BENCH_CHECKOUTS', 400, 1, 100_000);
const CONCURRENCY = intFromEnv('BENCH_CONCURRENCY', 20, 1, 1000);
const WARMUP = intFromEnv('BENCH_WARMUP', 20, 0, 10_000);
const AIM = 30;
/**
 * The rate limits of the run, written as an operator writes `RATE_LIMITS` (docs/configuration.md) for a load test from
 * one address: every policy a completed checkout counts against, out of reach. `sign-in` is the pay page's card form
 * (`POST /pay/{token}`, 30 a minute per address by default): 20 workers from one address pass it within a second.
 * BENCH_RATE_LIMITS, when set, is used instead (the same syntax). The production defaults stay as they are.
 */
const BENCH_RATE_LIMITS =
  process.env.BENCH_RATE_LIMITS ??
  ['credential', 'public', 'publishable-key', 'cart-create', 'cart-writes', 'checkout', 'sign-in'].map((name) => `${name}=1000000000/60`).join(',');
const parsedRateLimits = parseRateLimitOverrides(BENCH_RATE_LIMITS);
if (typeof parsedRateLimits === 'string') throw new Error(`BENCH_RATE_LIMITS: ${parsedRateLimits}`);
const benchRateLimits = rateLimits(parsedRateLimits);

if (process.env.TEST_DATABASE_URL && !process.env.BENCH_DATABASE_URL) process.env.BENCH_DATABASE_URL = process.env.TEST_DATABASE_URL;
const ENGINES: Engine[] = args.engine === 'auto' ? ['sqlite', ...(process.env.BENCH_DATABASE_URL ? (['postgres'] as const) : [])] : [parseEngine(args.engine)];

const started = Date.now();
const say = (line: string) => process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}\n`);

/** Every statement sent to either engine's driver while `counting` is on (this process runs one app at a time). */
const sent: string[] = [];
let counting = false;
/**
 * The time spent in those statements, ms: SQLite's statement runs (synchronous, in this thread), PostgreSQL's from the
 * query sent to its answer (the round trip and any lock waited for). The test provider's own bookkeeping apart.
 */
let statementMs = 0;
const ownStatement = (text: string) => !/test_provider_/.test(text);
function countStatements(): void {
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
    const first = a[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    if (!counting || typeof text !== 'string') return (query as (...x: unknown[]) => unknown).apply(this, a);
    sent.push(text);
    const t0 = performance.now();
    const answer = (query as (...x: unknown[]) => unknown).apply(this, a);
    const done = () => {
      if (ownStatement(text)) statementMs += performance.now() - t0;
    };
    if (answer instanceof Promise) answer.then(done, done);
    return answer;
  } as typeof query;
  const probe = new SqliteDatabase(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('select 1')) as Record<'all' | 'run' | 'get' | 'iterate', (...x: unknown[]) => unknown> & { source: string };
  for (const method of ['all', 'run', 'get', 'iterate'] as const) {
    const original = statement[method];
    statement[method] = function (this: { source: string }, ...x: unknown[]) {
      if (!counting) return original.apply(this, x);
      sent.push(this.source);
      const t0 = performance.now();
      try {
        return original.apply(this, x);
      } finally {
        if (ownStatement(this.source)) statementMs += performance.now() - t0;
      }
    };
  }
  probe.close();
}

interface EngineResult {
  engine: Engine;
  statements: {
    median: number;
    min: number;
    max: number;
    testProvider: number;
    /** of one completed checkout, by step (the test provider's apart): the checkout request, the pay page shown, the card form sent (the payment completed), the page on return */
    steps: { checkout: number; payPage: number; pay: number; returnPage: number };
    /**
     * The checkout request and the card form (the payment's completion), one at a time, medians over the samples: the
     * wall time of the two requests (the app in this process) and the time spent in their statements (`statementMs`).
     */
    coreTime: { requestsMs: number; statementsMs: number };
    sample: string[];
  };
  throughput: { checkoutsPerSecond: number; checkout: Summary; completed: Summary; concurrency: number; checkouts: number };
}

async function setUp(app: FastifyInstance) {
  const call = async <T = unknown>(method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: object, status = 200): Promise<T> => {
    const res = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
    if (res.statusCode !== status) throw new Error(`${method} ${url}: expected ${status}, got ${res.statusCode} ${res.body.slice(0, 300)}`);
    return (res.json() as { data: T }).data;
  };
  const signup = await call<{ token: string }>('POST', '/v1/auth/signup', {}, { email: 'bench@example.com', password: 'correct horse battery staple', name: 'Bench', storeName: 'Bench' }, 201);
  const headers = { authorization: `Bearer ${signup.token}`, 'x-mode': 'test' };
  const productId = (await call<{ id: string }>('POST', '/v1/products', headers, { type: 'VARIABLE', name: 'Bench Tee' }, 201)).id;
  const group = await call<{ skus: Array<{ id: string }> }>(
    'POST',
    `/v2/products/${productId}/variant-groups`,
    headers,
    { attributeName: 'Color', attributeValue: 'Red', skus: ['S', 'M', 'L'].map((size, i) => ({ price: 19.99 + i, quantityInStock: 1_000_000_000, attributes: { Size: size } })) },
    201,
  );
  await call('PATCH', `/v1/products/${productId}`, headers, { status: 'active' });
  const zone = await call<{ id: string }>('POST', '/v1/delivery/zones', headers, { name: 'US', regions: [{ countryId: 'US' }] }, 201);
  const option = await call<{ id: string }>('POST', `/v1/delivery/zones/${zone.id}/options`, headers, { name: 'Standard', fee: 4.99 }, 201);
  await call('POST', '/v1/tax-regions', headers, { countryId: 'US', stateId: 'US-TX', rates: { standard: 625 } }, 201);
  const key = (await call<{ key: string }>('POST', '/v1/publishable-keys', headers, { name: 'Bench shop', mode: 'test' }, 201)).key;
  const skus = group.skus.map((s) => s.id);
  let n = 0;
  return {
    /** A cart with two lines, an email, an address and the delivery option: ready to check out. */
    async readyCart(): Promise<{ id: string; headers: Record<string, string> }> {
      n += 1;
      const made = await call<{ token: string; cart: { id: string } }>('POST', '/v1/carts', { 'x-publishablekey': key }, undefined, 201);
      const cartHeaders = { 'x-publishablekey': key, 'x-cart-token': made.token };
      await call('POST', `/v1/carts/${made.cart.id}/lines`, cartHeaders, { skuId: skus[n % 3], quantity: 2 }, 201);
      await call('POST', `/v1/carts/${made.cart.id}/lines`, cartHeaders, { skuId: skus[(n + 1) % 3], quantity: 1 }, 201);
      await call('PATCH', `/v1/carts/${made.cart.id}`, cartHeaders, {
        email: `shopper${n}@example.com`,
        shippingAddress: { name: 'Ada Shopper', line1: '1 Main St', city: 'Austin', postalCode: '78701', countryId: 'US', stateId: 'US-TX' },
        deliveryOptionId: option.id,
      });
      return { id: made.cart.id, headers: cartHeaders };
    },
    /** Checks the cart out (timed apart), then pays on the pay page as a browser does: the order is paid. */
    async complete(cart: { id: string; headers: Record<string, string> }, marks?: { checkedOut(): void; pageShown?(): void; paid?(): void }): Promise<void> {
      const placed = await call<{ payUrl: string }>('POST', `/v1/carts/${cart.id}/checkout`, cart.headers, undefined, 201);
      marks?.checkedOut();
      const path = new URL(placed.payUrl).pathname;
      const page = await app.inject({ method: 'GET', url: path });
      marks?.pageShown?.();
      const cookie = String(page.headers['set-cookie']).split(';')[0]!;
      const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
      if (!csrf) throw new Error(`the pay page has no form: ${page.body.slice(0, 300)}`);
      const form = new URLSearchParams({ csrf, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' }).toString();
      const paid = await app.inject({ method: 'POST', url: path, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
      if (paid.statusCode !== 303) throw new Error(`paying: ${paid.statusCode} ${paid.body.slice(0, 300)}`);
      marks?.paid?.();
      const after = await app.inject({ method: 'GET', url: path });
      if (!after.body.includes('This link has been paid')) throw new Error('the checkout was not paid');
    },
  };
}

async function runEngine(engine: Engine): Promise<EngineResult> {
  return withInProcessApp(engine, 'commerce_bench_checkout', {
    rateLimits: benchRateLimits,
    // The test provider's delayed event would land in the middle of later samples: far beyond the run.
    testProviderDelayMs: 3_600_000,
  }, async (running) => {
    const shop = await setUp(running.app);
    for (let i = 0; i < WARMUP; i += 1) await shop.complete(await shop.readyCart());
    say(`${engine}: store ready, warmed up (${WARMUP} completed checkouts)`);

    const counts: number[] = [];
    let provider = 0;
    let steps = { checkout: 0, payPage: 0, pay: 0, returnPage: 0 };
    let sample: string[] = [];
    const requestsMs: number[] = [];
    const statementsMs: number[] = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const cart = await shop.readyCart();
      sent.length = 0;
      counting = true;
      const ours = () => sent.filter(ownStatement).length;
      const at = { checkout: 0, payPage: 0, pay: 0 };
      const mark = () => ({ at: performance.now(), statementMs });
      const t = { start: mark(), checkedOut: mark(), pageShown: mark(), paid: mark() };
      statementMs = 0;
      t.start = mark();
      await shop.complete(cart, {
        checkedOut: () => {
          at.checkout = ours();
          t.checkedOut = mark();
        },
        pageShown: () => {
          at.payPage = ours();
          t.pageShown = mark();
        },
        paid: () => {
          at.pay = ours();
          t.paid = mark();
        },
      });
      counting = false;
      requestsMs.push(t.checkedOut.at - t.start.at + (t.paid.at - t.pageShown.at));
      statementsMs.push(t.checkedOut.statementMs - t.start.statementMs + (t.paid.statementMs - t.pageShown.statementMs));
      counts.push(ours());
      provider = sent.length - ours();
      steps = { checkout: at.checkout, payPage: at.payPage - at.checkout, pay: at.pay - at.payPage, returnPage: ours() - at.pay };
      sample = [...sent];
    }
    const sorted = [...counts].sort((a, b) => a - b);
    say(`${engine}: ${sorted[Math.floor(sorted.length / 2)]} statements per completed checkout (median of ${SAMPLES}): ${JSON.stringify(steps)}`);

    const carts: Array<{ id: string; headers: Record<string, string> }> = [];
    for (let i = 0; i < CHECKOUTS; i += 1) carts.push(await shop.readyCart());
    say(`${engine}: ${CHECKOUTS} carts ready; checking out with ${CONCURRENCY} at once`);
    const checkoutTimes: number[] = [];
    const completedTimes: number[] = [];
    let next = 0;
    const begin = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < carts.length) {
          const cart = carts[next++]!;
          const t0 = performance.now();
          await shop.complete(cart, { checkedOut: () => checkoutTimes.push(performance.now() - t0) });
          completedTimes.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - begin) / 1000;
    return {
      engine,
      statements: {
        median: sorted[Math.floor(sorted.length / 2)]!,
        min: sorted[0]!,
        max: sorted.at(-1)!,
        testProvider: provider,
        steps,
        coreTime: { requestsMs: summarize(requestsMs).median, statementsMs: summarize(statementsMs).median },
        sample,
      },
      throughput: { checkoutsPerSecond: CHECKOUTS / seconds, checkout: summarize(checkoutTimes), completed: summarize(completedTimes), concurrency: CONCURRENCY, checkouts: CHECKOUTS },
    };
  });
}

function report(results: EngineResult[]): string {
  const lines = ['Completed storefront checkouts: the checkout request, then the pay page and its card form (test provider)', ''];
  lines.push(`| Engine | statements / completed checkout (median, min–max) | checkout · pay page · card form · return | test provider (apart) | completed / s at ${CONCURRENCY} | checkout median / p95 ms | completed median / p95 ms |`);
  lines.push('|---|---|---|---|---|---|---|');
  for (const r of results) {
    const s = r.statements;
    const t = r.throughput;
    lines.push(`| ${r.engine} | ${s.median} (${s.min}–${s.max}) | ${s.steps.checkout} · ${s.steps.payPage} · ${s.steps.pay} · ${s.steps.returnPage} | ${s.testProvider} | ${t.checkoutsPerSecond.toFixed(1)} | ${t.checkout.median.toFixed(1)} / ${t.checkout.p95.toFixed(1)} | ${t.completed.median.toFixed(1)} / ${t.completed.p95.toFixed(1)} |`);
  }
  lines.push('');
  for (const r of results) {
    const core = r.statements.steps.checkout + r.statements.steps.pay;
    lines.push(`${r.engine}: ${r.statements.median} statements per completed checkout, pages included; ${core} for the checkout and the payment's completion alone (aim ≤ ${AIM}: ${core <= AIM ? 'met' : 'NOT met'})`);
    const time = r.statements.coreTime;
    lines.push(
      `${r.engine}: one at a time, the checkout request and the card form take ${time.requestsMs.toFixed(2)} ms (median), of which ${time.statementsMs.toFixed(2)} ms in their ${core} statements (${((100 * time.statementsMs) / time.requestsMs).toFixed(0)} %; ${((1000 * time.statementsMs) / core).toFixed(0)} µs a statement)`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  countStatements();
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
