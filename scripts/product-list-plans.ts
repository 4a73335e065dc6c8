/**
 * The query plans of the product list (`GET /v1/products`, `/v2/products`, the `list_products` MCP tool) for every
 * filter × sort, on the first page and on a page in the middle of the catalog (keyset cursor), against one store seeded
 * with 100,000 products (bench/catalog/seed.ts: a fifth VARIABLE; 70 % active, 20 % draft, 10 % archived; twelve
 * categories, a thirteenth left empty), beside a neighbour store of 20,000 products (the same names and SKU codes, no
 * categories), so a plan that reads another store's rows shows it. docs/catalog.md ("The product list at 100,000
 * products") records its output and what it means.
 *
 *   node scripts/product-list-plans.ts [--engine sqlite|postgres] [--products 100000] [--neighbour 20000] [--only status,q=]
 *
 * It prints the SQL the catalog store runs (`createCatalogRepo(…).listProducts`, captured through Kysely's log) and
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
import { seedProducts } from '../bench/catalog/seed.ts';
import { buildApp } from '../src/app.ts';
import { type Config, type DatabaseConfig, DEFAULT_DATABASE_TIMEOUT_MS } from '../src/config.ts';
import { createContainer } from '../src/container.ts';
import type { ProductQuery, ProductSort } from '../src/domain/catalog/types.ts';
import { foldForSearch } from '../src/domain/shared/text.ts';
import { rateLimits } from '../src/http/rate-limit-policies.ts';
import { seed } from '../src/seed.ts';
import { createCatalogRepo } from '../src/db/catalog-repo.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import type { Database } from '../src/db/schema.ts';

const { values: args } = parseArgs({
  options: {
    engine: { type: 'string', default: 'sqlite' },
    products: { type: 'string', default: '100000' },
    neighbour: { type: 'string', default: '20000' },
    only: { type: 'string' },
  },
});
const ENGINE = args.engine;
const PRODUCTS = Number(args.products);
const NEIGHBOUR = Number(args.neighbour);
if (ENGINE !== 'sqlite' && ENGINE !== 'postgres') throw new Error('--engine: sqlite or postgres');
if (!Number.isInteger(PRODUCTS) || PRODUCTS < 100 || PRODUCTS > 1_000_000) throw new Error('--products: a whole number from 100 to 1000000');
if (!Number.isInteger(NEIGHBOUR) || NEIGHBOUR < 0 || NEIGHBOUR > 1_000_000) throw new Error('--neighbour: a whole number from 0 to 1000000');
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
function filterCases(categoryId: string, emptyCategoryId: string): Array<{ label: string; query: Partial<ProductQuery> }> {
  return [
    { label: 'no filter', query: {} },
    { label: 'status=archived (10 %)', query: { status: 'archived' } },
    { label: 'status=active (70 %)', query: { status: 'active' } },
    { label: 'type=VARIABLE (20 %)', query: { type: 'VARIABLE' } },
    { label: 'status=archived&type=VARIABLE (2 %)', query: { status: 'archived', type: 'VARIABLE' } },
    { label: 'categoryId (1 of 12)', query: { categoryId } },
    { label: 'categoryId&status=archived', query: { categoryId, status: 'archived' } },
    { label: 'categoryId&type=VARIABLE', query: { categoryId, type: 'VARIABLE' } },
    { label: 'categoryId (empty category)', query: { categoryId: emptyCategoryId } },
    { label: 'q=hoodie (1 of 12 names)', query: { q: 'hoodie' } },
    { label: 'q=bench-0500 (SKU codes)', query: { q: 'bench-0500' } },
    { label: 'q=nothing-matches', query: { q: 'nothing-matches' } },
    { label: 'q=hoodie&status=archived', query: { q: 'hoodie', status: 'archived' } },
    { label: 'q=hoodie&categoryId', query: { q: 'hoodie', categoryId } },
    { label: 'q=ca (two letters)', query: { q: 'ca' } },
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
    for (let i = 1; i <= 13; i += 1) {
      const res = await app.inject({ method: 'POST', url: '/v1/categories', headers: { authorization: `Bearer ${token}`, 'x-merchantid': store.id }, payload: { name: `Category ${i}` } });
      categoryIds.push(res.json().data.id);
    }
    // A neighbour store with a catalog of its own (the same names and codes): a plan that reads its rows shows here.
    const neighbour = await app.inject({ method: 'POST', url: '/v1/auth/signup', payload: { email: 'neighbour@example.com', password: 'correct horse battery staple', name: 'Neighbour', storeName: 'Neighbour' } });
    const neighbourStoreId = (neighbour.json().data as { store: { id: string } }).store.id;
    await app.close();
    const started = Date.now();
    // Twelve categories share the catalog; the thirteenth stays empty.
    await seedProducts({ kysely: container.db.kysely, storeId: store.id, mode: 'live', categoryIds: categoryIds.slice(0, 12) }, 0, PRODUCTS, (done) => {
      if (done % 20_000 === 0) say(`seeded ${done}/${PRODUCTS} products (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    });
    await seedProducts({ kysely: container.db.kysely, storeId: neighbourStoreId, mode: 'live', categoryIds: [] }, PRODUCTS, PRODUCTS + NEIGHBOUR, (done) => {
      if ((done - PRODUCTS) % 20_000 === 0) say(`seeded ${done - PRODUCTS}/${NEIGHBOUR} products of a neighbour store`);
    });
    if (pool) await sql`analyze`.execute(logged);

    // The cursor of a page deep in the list: the middle row of each case's own result in its order (the name matches
    // of a search approximate its result; SKU-code matches aside, they are the same rows).
    const middleOf = async (filter: Partial<ProductQuery>, sort: ProductSort): Promise<{ value: string; id: string } | undefined> => {
      const field = sort.replace('-', '');
      const column = field === 'name' ? 'name_folded' : field === 'updatedAt' ? 'updated_at' : 'id';
      let q = logged.selectFrom('products').where('store_id', '=', store.id).where('mode', '=', 'live');
      if (filter.status) q = q.where('status', '=', filter.status);
      if (filter.type) q = q.where('type', '=', filter.type);
      if (filter.q) q = q.where('name_folded', 'like', `%${foldForSearch(filter.q)}%`);
      if (filter.categoryId) {
        const categoryId = filter.categoryId;
        q = q.where((eb) => eb.exists(eb.selectFrom('product_categories').select('product_id').whereRef('product_categories.product_id', '=', 'products.id').where('category_id', '=', categoryId)));
      }
      const { n } = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const direction = sort.startsWith('-') ? 'desc' : 'asc';
      const row = await q.select(['id', 'name_folded', 'updated_at']).orderBy(column, direction).orderBy('id', direction).offset(Math.floor(Number(n) / 2)).limit(1).executeTakeFirst();
      if (!row) return undefined;
      const value = field === 'name' ? row.name_folded : field === 'updatedAt' ? (typeof row.updated_at === 'string' ? row.updated_at : row.updated_at.toISOString()) : '';
      return { value, id: row.id };
    };

    const catalog = createCatalogRepo(logged, database.config.kind);
    const out: string[] = [`# Product list plans: ${ENGINE}, ${PRODUCTS.toLocaleString('en')} products in one store`, ''];
    for (const filter of filterCases(categoryIds[1]!, categoryIds[12]!)) {
      if (ONLY && !ONLY.some((o) => filter.label.includes(o))) continue;
      for (const sort of SORTS) {
        const after = await middleOf(filter.query, sort);
        for (const page of ['first page', 'middle page'] as const) {
          if (page === 'middle page' && !after) continue; // an empty result has no middle
          captured.length = 0;
          const query: ProductQuery = { limit: 20, sort, ...filter.query, ...(filter.query.q ? { q: foldForSearch(filter.query.q) } : {}) };
          await catalog.listProducts({ storeId: store.id, mode: 'live' }, query, page === 'first page' ? undefined : after);
          // The statements of the page: a search's candidates first, then the page; not the reads of its relations.
          const relationsAt = captured.findIndex((c) => /^select \* from "product_(categories|images|specifications)" where "product_id" in/.test(c.sql));
          const statements = captured.slice(0, relationsAt === -1 ? captured.length : relationsAt);
          if (statements.length === 0) throw new Error('no statement captured');
          out.push(`## ${filter.label} · sort=${sort} · ${page}`, '');
          for (const statement of statements) {
            out.push('```sql', statement.sql, '```', '');
            out.push('```', ...(await explain(statement)), '```', '');
          }
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
