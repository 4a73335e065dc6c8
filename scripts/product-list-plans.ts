/**
 * The query plans of the product list (`GET /v1/products`, `/v2/products`, the `list_products` MCP tool) for every
 * filter × sort, on the first page and on a page in the middle of the catalog (keyset cursor), against one store seeded
 * with 100,000 products (bench/catalog/seed.ts: a fifth VARIABLE; 70 % active, 20 % draft, 10 % archived; twelve
 * categories). docs/catalog.md ("The product list at 100,000 products") records its output and what it means.
 *
 *   node scripts/product-list-plans.ts [--engine sqlite|postgres] [--products 100000] [--only status,name]
 *
 * It prints the SQL the catalog store runs (`createCatalogStore(…).listProducts`, captured through Kysely's log) and
 * the engine's plan for it: SQLite's EXPLAIN QUERY PLAN (as the app runs it: no ANALYZE statistics), PostgreSQL's
 * EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) after an ANALYZE of the seeded tables, which shows the rows each step read and
 * threw away. It measures no time: this is not a benchmark (bench/catalog.ts is).
 *
 * The database is fresh (a temporary SQLite file, or a database of its own on the PostgreSQL server at
 * BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) and removed at the end.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { productName, seedProducts } from '../bench/catalog/seed.ts';
import { buildApp } from '../src/app.ts';
import { type Config, type DatabaseConfig, DEFAULT_DATABASE_TIMEOUT_MS } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import type { ProductQuery, ProductSort } from '../src/domain/catalog/types.ts';
import { foldForSearch } from '../src/domain/reference/reference-service.ts';
import { rateLimits } from '../src/http/rate-limit-policies.ts';
import { seed } from '../src/seed.ts';
import { createCatalogStore } from '../src/store/catalog-store.ts';
import { migrateToLatest } from '../src/store/migrations/index.ts';
import type { Database } from '../src/store/schema.ts';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    products: { type: 'string', default: '100000' },
    only: { type: 'string' },
  },
});
const ENGINE = args.engine;
const PRODUCTS = Number(args.products);
if (ENGINE !== 'sqlite' && ENGINE !== 'postgres') throw new Error('--engine: sqlite or postgres');
if (!Number.isInteger(PRODUCTS) || PRODUCTS < 100 || PRODUCTS > 1_000_000) throw new Error('--products: a whole number from 100 to 1000000');
const ONLY = args.only?.split(',').map((s) => s.trim()) ?? null;

const say = (line: string) => process.stderr.write(`${line}\n`);

async function createDatabase(): Promise<{ config: DatabaseConfig; dir: string; drop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'commerce-list-plans-'));
  const removeDir = () => rm(dir, { recursive: true, force: true });
  if (ENGINE === 'sqlite') return { config: { kind: 'sqlite', file: path.join(dir, 'plans.db') }, dir, drop: removeDir };
  const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `commerce_list_plans_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`).finally(() => admin.end());
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', url: url.href },
    dir,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`).finally(() => client.end());
      await removeDir();
    },
  };
}

/** The filters the list offers, one case each (the values are those of the seeded catalog). */
function filterCases(categoryId: string): Array<{ label: string; query: Partial<ProductQuery> }> {
  return [
    { label: 'no filter', query: {} },
    { label: 'status=archived (10 %)', query: { status: 'archived' } },
    { label: 'status=active (70 %)', query: { status: 'active' } },
    { label: 'type=VARIABLE (20 %)', query: { type: 'VARIABLE' } },
    { label: 'status=archived&type=VARIABLE (2 %)', query: { status: 'archived', type: 'VARIABLE' } },
    { label: 'categoryId (1 of 12)', query: { categoryId } },
    { label: 'categoryId&status=archived', query: { categoryId, status: 'archived' } },
    { label: 'q=hoodie (1 of 12 names)', query: { q: 'hoodie' } },
    { label: 'q=bench-0500 (SKU codes)', query: { q: 'bench-0500' } },
  ];
}

const SORTS: ProductSort[] = ['-createdAt', 'createdAt', 'name', '-name', '-updatedAt', 'updatedAt'];

async function main(): Promise<void> {
  const database = await createDatabase();
  const config: Config = {
    database: database.config,
    host: '127.0.0.1',
    port: 0,
    baseUrl: 'http://127.0.0.1:3000',
    logLevel: 'silent',
    redisUrl: null,
    trustProxy: false,
    filesDir: path.join(database.dir, 'files'),
    rateLimits: rateLimits(),
    databaseTimeoutMs: DEFAULT_DATABASE_TIMEOUT_MS,
  };
  const container = createContainer(config);
  // A second connection that logs the SQL the catalog store compiles, and runs the EXPLAINs.
  const captured: CompiledQuery[] = [];
  const log = (event: { level: string; query: CompiledQuery }) => {
    if (event.level === 'query') captured.push(event.query);
  };
  const sqlite = database.config.kind === 'sqlite' ? new SqliteDatabase(database.config.file) : null;
  const pool = database.config.kind === 'postgres' ? new pg.Pool({ connectionString: database.config.url, max: 1 }) : null;
  const logged = new Kysely<Database>({ dialect: sqlite ? new SqliteDialect({ database: sqlite }) : new PostgresDialect({ pool: pool! }), log });
  try {
    await migrateToLatest(container.db);
    await seed(container);
    const app = await buildApp({ container });
    await app.ready();
    const signup = await app.inject({ method: 'POST', url: '/v1/auth/signup', payload: { email: 'plans@example.com', password: 'correct horse battery staple', name: 'Plans', storeName: 'Plans' } });
    const { token, store } = signup.json().data as { token: string; store: { id: string } };
    const categoryIds: string[] = [];
    for (let i = 1; i <= 12; i += 1) {
      const res = await app.inject({ method: 'POST', url: '/v1/categories', headers: { authorization: `Bearer ${token}`, 'x-merchantid': store.id }, payload: { name: `Category ${i}` } });
      categoryIds.push(res.json().data.id);
    }
    await app.close();
    const started = Date.now();
    await seedProducts({ kysely: container.db.kysely, storeId: store.id, mode: 'live', categoryIds }, 0, PRODUCTS, (done) => {
      if (done % 20_000 === 0) say(`seeded ${done}/${PRODUCTS} products (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    });
    if (pool) await sql`analyze`.execute(logged);

    // The middle row of the catalog in each order: the cursor of a page deep in the list.
    const middle = PRODUCTS / 2;
    const mid = await logged.selectFrom('products').select(['id', 'name_folded', 'updated_at']).where('store_id', '=', store.id).orderBy('id').offset(middle).limit(1).executeTakeFirstOrThrow();
    const midName = foldForSearch(productName(middle));
    const midByName = await logged.selectFrom('products').select(['id', 'name_folded']).where('store_id', '=', store.id).where('name_folded', '=', midName).executeTakeFirstOrThrow();
    const updated = typeof mid.updated_at === 'string' ? mid.updated_at : mid.updated_at.toISOString();

    const catalog = createCatalogStore(logged, database.config.kind);
    const out: string[] = [`# Product list plans: ${ENGINE}, ${PRODUCTS.toLocaleString('en')} products in one store`, ''];
    for (const filter of filterCases(categoryIds[0]!)) {
      if (ONLY && !ONLY.some((o) => filter.label.includes(o))) continue;
      for (const sort of SORTS) {
        const field = sort.replace('-', '');
        const after = field === 'name' ? { value: midByName.name_folded, id: midByName.id } : field === 'updatedAt' ? { value: updated, id: mid.id } : { value: '', id: mid.id };
        for (const page of ['first page', 'middle page'] as const) {
          captured.length = 0;
          const query: ProductQuery = { limit: 20, sort, ...filter.query, ...(filter.query.q ? { q: foldForSearch(filter.query.q) } : {}) };
          await catalog.listProducts(store.id, 'live', query, page === 'first page' ? undefined : after);
          const statement = captured[0];
          if (!statement) throw new Error('no statement captured');
          out.push(`## ${filter.label} · sort=${sort} · ${page}`, '', '```sql', statement.sql, '```', '');
          out.push('```', ...(await explain(statement)), '```', '');
        }
      }
    }
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    await logged.destroy().catch(() => {});
    await container.close().catch(() => {});
    await database.drop();
  }

  async function explain(statement: CompiledQuery): Promise<string[]> {
    if (sqlite) {
      const rows = sqlite.prepare(`explain query plan ${statement.sql}`).all(...(statement.parameters as unknown[])) as Array<{ id: number; parent: number; detail: string }>;
      const depth = new Map<number, number>([[0, -1]]);
      return rows.map((r) => {
        const d = (depth.get(r.parent) ?? -1) + 1;
        depth.set(r.id, d);
        return `${'  '.repeat(d)}${r.detail}`;
      });
    }
    const result = await pool!.query(`explain (analyze, costs off, timing off, summary off) ${statement.sql}`, statement.parameters as unknown[]);
    return result.rows.map((r: Record<string, string>) => r['QUERY PLAN'] ?? '');
  }
}

await main();
