/**
 * API answer compression (issue 38, item 5): what gzip and brotli at a few levels save on the wire and cost the server
 * in CPU, on the catalog list answer `GET /v2/products?limit=50` (about 107 KB: 50 VARIABLE products of four Size SKUs
 * with 100-character descriptions, as `bench/catalog-reads.ts` makes them).
 *
 *   node bench/compression.ts [--engine sqlite|postgres] [--json out.json]      (npm run bench:compression)
 *
 * One fresh database, the real app through `app.inject` (no socket; logging off; rate limits out of reach). For each
 * arm — none, gzip 1/6/9, brotli 1/4/5/11 — the body is compressed with `compress()` from
 * `src/http/plugins/compression.ts` (the function the API_COMPRESSION hook calls), and the report gives:
 * - **bytes on the wire**: the body as sent plus the headers the app sends with it (measured on the uncompressed
 *   answer; a compressed one adds `Content-Encoding`), and the ratio to none;
 * - **CPU per response**: the main thread's CPU to produce the answer uncompressed (`app.inject`, database read and
 *   JSON included) and what each coding adds to it (the compression alone, timed in a loop), as milliseconds and as a
 *   share of the response's own CPU;
 * - **transfer time saved** at 10 Mbit/s and 100 Mbit/s, against the CPU added (what a phone on a mobile link, and a
 *   server-side integration, would gain).
 * Arms are interleaved in rounds (their order rotating each round); the figures are medians of the per-round means.
 *
 * Environment: BENCH_PRODUCTS (50: one full page), BENCH_ITERATIONS (200 compressions or responses per arm and
 * round), BENCH_ROUNDS (5). A smoke run that only checks the bench starts and finishes:
 * `BENCH_ITERATIONS=3 BENCH_ROUNDS=1 npm run bench:compression`. Run it at length only on a quiet machine.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { type ApiCoding, compress } from '../src/http/plugins/compression.ts';
import { cpuNow, fullGc } from './catalog/stats.ts';
import { parseEngine } from './lib/database.ts';
import { withInProcessApp } from './lib/in-process.ts';
import { intFromEnv } from './lib/load.ts';

const { values: args } = parseArgs({ options: { engine: { type: 'string', default: 'sqlite' }, json: { type: 'string' } } });
const ENGINE = parseEngine(args.engine);
const PRODUCTS = intFromEnv('BENCH_PRODUCTS', 50, 1, 1000);
const ITERATIONS = intFromEnv('BENCH_ITERATIONS', 200, 1, 100_000);
const ROUNDS = intFromEnv('BENCH_ROUNDS', 5, 1, 100);
const SIZES = ['S', 'M', 'L', 'XL'] as const;
const URL_LIST = '/v2/products?limit=50';

const ARMS: ReadonlyArray<ApiCoding | null> = [
  null,
  { coding: 'gzip', level: 1 },
  { coding: 'gzip', level: 6 },
  { coding: 'gzip', level: 9 },
  { coding: 'br', level: 1 },
  { coding: 'br', level: 4 },
  { coding: 'br', level: 5 },
  { coding: 'br', level: 11 },
];
const nameOf = (arm: ApiCoding | null) => (arm ? `${arm.coding}:${arm.level}` : 'none');

const started = Date.now();
const say = (line: string) => process.stderr.write(`[${((Date.now() - started) / 1000).toFixed(1)} s] ${line}\n`);

async function setUp(app: FastifyInstance): Promise<Record<string, string>> {
  const call = async <T>(method: 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload: object, status: number): Promise<T> => {
    const res = await app.inject({ method, url, headers, payload });
    if (res.statusCode !== status) throw new Error(`${method} ${url}: expected ${status}, got ${res.statusCode} ${res.body.slice(0, 300)}`);
    return (res.json() as { data: T }).data;
  };
  const signup = await call<{ token: string }>('POST', '/v1/auth/signup', {}, { email: 'compression@example.com', password: 'correct horse battery staple', name: 'Bench', storeName: 'Compression store' }, 201);
  const key = await call<{ key: string }>('POST', '/v1/api-keys', { authorization: `Bearer ${signup.token}` }, { name: 'compression bench' }, 201);
  const headers = { 'x-merchantapikey': key.key };
  for (let i = 1; i <= PRODUCTS; i += 1) {
    const name = `Product ${String(i).padStart(4, '0')}`;
    const description = `${name}: a plain product of the catalog read benchmark, sold in four sizes, S, M, L and XL.`.padEnd(100, '.');
    const { id } = await call<{ id: string }>('POST', '/v1/products', headers, { type: 'VARIABLE', name, description, status: 'draft' }, 201);
    for (const [k, size] of SIZES.entries()) {
      const sku = { sku: `P${String(i).padStart(4, '0')}-${size}`, price: (1000 + ((i * 37) % 9000) + k * 100) / 100, quantityInStock: 100 + k };
      await call('POST', `/v2/products/${id}/variant-groups`, headers, { attributeName: 'Size', attributeValue: size, skus: [sku] }, 201);
    }
    await call('PATCH', `/v1/products/${id}`, headers, { status: 'active' }, 200);
  }
  return headers;
}

interface ArmResult {
  arm: string;
  bodyBytes: number;
  wireBytes: number;
  /** CPU ms the coding adds per response (0 for none) */
  addedCpuMs: number;
}

async function main(): Promise<void> {
  return withInProcessApp(ENGINE, 'commerce_bench_compression', { apiCompression: null }, async (running) => {
    const { app } = running;
    const headers = await setUp(app);
    const inApp = app;
    const read = async () => {
      const res = await inApp.inject({ method: 'GET', url: URL_LIST, headers });
      if (res.statusCode !== 200) throw new Error(`GET ${URL_LIST}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res;
    };
    const sample = await read();
    const body = sample.rawPayload;
    const headerBytes = Object.entries(sample.headers).reduce((n, [name, value]) => n + name.length + 4 + String(value).length, 'HTTP/1.1 200 OK\r\n\r\n'.length);
    say(`${ENGINE}: ${PRODUCTS} products; ${URL_LIST} answers ${body.length} B of JSON and ${headerBytes} B of headers`);

    const responseCpu: number[] = [];
    const added = new Map<string, number[]>(ARMS.map((a) => [nameOf(a), []]));
    for (let round = 0; round < ROUNDS; round += 1) {
      fullGc();
      const before = cpuNow();
      for (let i = 0; i < ITERATIONS; i += 1) await read();
      responseCpu.push((cpuNow() - before) / ITERATIONS);
      const order = ARMS.map((_, i) => ARMS[(i + round) % ARMS.length]!);
      for (const arm of order) {
        if (arm === null) {
          added.get('none')!.push(0);
          continue;
        }
        fullGc();
        const t0 = cpuNow();
        for (let i = 0; i < ITERATIONS; i += 1) compress(body, arm);
        added.get(nameOf(arm))!.push((cpuNow() - t0) / ITERATIONS);
      }
      say(`round ${round + 1}/${ROUNDS}: response ${responseCpu.at(-1)!.toFixed(3)} ms CPU; ${ARMS.filter((a) => a).map((a) => `${nameOf(a)} +${added.get(nameOf(a))!.at(-1)!.toFixed(3)} ms`).join(', ')}`);
    }
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
    };
    const baseCpu = median(responseCpu);
    const results: ArmResult[] = ARMS.map((arm) => {
      const bodyBytes = arm ? compress(body, arm).length : body.length;
      const wireBytes = bodyBytes + headerBytes + (arm ? `content-encoding: ${arm.coding}\r\n`.length : 0);
      return { arm: nameOf(arm), bodyBytes, wireBytes, addedCpuMs: median(added.get(nameOf(arm))!) };
    });
    const none = results[0]!;
    const ms = (bytes: number, mbit: number) => (bytes * 8) / (mbit * 1000);
    const lines = [
      `${URL_LIST} (${PRODUCTS} products, ${ENGINE}): ${body.length} B JSON; response CPU ${baseCpu.toFixed(3)} ms (median of ${ROUNDS} rounds of ${ITERATIONS})`,
      '',
      '| Coding | Body B | On the wire B | × none | CPU added ms | CPU added % of response | Saved at 10 Mbit/s ms | Saved at 100 Mbit/s ms |',
      '|---|---|---|---|---|---|---|---|',
      ...results.map(
        (r) =>
          `| ${r.arm} | ${r.bodyBytes} | ${r.wireBytes} | ${(r.wireBytes / none.wireBytes).toFixed(3)} | ${r.addedCpuMs.toFixed(3)} | ${((100 * r.addedCpuMs) / baseCpu).toFixed(1)} % | ${ms(none.wireBytes - r.wireBytes, 10).toFixed(1)} | ${ms(none.wireBytes - r.wireBytes, 100).toFixed(2)} |`,
      ),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (args.json) writeFileSync(args.json, JSON.stringify({ engine: ENGINE, products: PRODUCTS, iterations: ITERATIONS, rounds: ROUNDS, jsonBytes: body.length, headerBytes, responseCpuMs: baseCpu, results }, null, 2));
  });
}

await main();
