import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { type Config, DEFAULT_DATABASE_TIMEOUT_MS } from '../../src/config.ts';
import { type Container, createContainer } from '../../src/container.ts';
import { migrateToLatest } from '../../src/db/migrations/index.ts';
import { rateLimits } from '../../src/http/rate-limit-policies.ts';
import { seed } from '../../src/seed.ts';
import { type BenchDatabase, createBenchDatabase, type Engine } from './database.ts';
import { atExit } from './load.ts';

/**
 * The real app in this process on a bench database, migrated and seeded as `npm start` does, for benchmarks that call
 * it through `app.inject` (no socket): logging off, rate limits out of reach, `more` on top (e.g. `apiCompression`).
 * `close()` closes the app and the container; dropping the database stays the caller's.
 */
export async function inProcessApp(database: BenchDatabase, more: Partial<Config> = {}): Promise<{ app: FastifyInstance; container: Container; close: () => Promise<void> }> {
  const config: Config = {
    database: database.config,
    host: '127.0.0.1',
    port: 0,
    baseUrl: 'http://127.0.0.1:3000',
    logLevel: 'silent',
    redisUrl: null,
    trustProxy: false,
    filesDir: database.filesDir,
    rateLimits: rateLimits({ credential: { limit: 1_000_000_000, windowSeconds: 60 } }),
    databaseTimeoutMs: DEFAULT_DATABASE_TIMEOUT_MS,
    ...more,
  };
  const container = createContainer(config);
  let app: FastifyInstance | undefined;
  const close = async () => {
    await app?.close().catch(() => {});
    await container.close().catch(() => {});
  };
  try {
    await migrateToLatest(container.db);
    await seed(container);
    app = await buildApp({ container });
    await app.ready();
    return { app, container, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * A fresh bench database on `engine` (named `name`) with the app in process on it (`inProcessApp` with `more`) for
 * `work`; afterwards, or at exit if the run is stopped, the app is closed and the database dropped, once.
 */
export async function withInProcessApp<T>(engine: Engine, name: string, more: Partial<Config>, work: (running: Awaited<ReturnType<typeof inProcessApp>>) => Promise<T>): Promise<T> {
  const database = await createBenchDatabase(engine, name);
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
    running = await inProcessApp(database, more);
    return await work(running);
  } finally {
    await cleanup();
  }
}
