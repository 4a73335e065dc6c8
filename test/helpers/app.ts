import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../src/app.ts';
import { type Config, DEFAULT_DATABASE_TIMEOUT_MS, defaultFilesDir } from '../../src/config.ts';
import { type RateLimits, rateLimits } from '../../src/http/rate-limit-policies.ts';
import { type Container, createContainer } from '../../src/container.ts';
import { seed } from '../../src/seed.ts';
import { migrateToLatest } from '../../src/db/migrations/index.ts';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.ts';

export interface TestApp {
  app: FastifyInstance;
  container: Container;
  database: TestDatabase;
  close(): Promise<void>;
}

export const TEST_BASE_URL = 'http://127.0.0.1:3000';

const PLENTY = { limit: 1_000_000, windowSeconds: 60 };

/** The container behind each test app, for helpers that set up state the API only reaches through mail. */
const containers = new WeakMap<FastifyInstance, Container>();

/** The container of an app started by `startTestApp`; undefined for another (an app reached over HTTP only). */
export function containerOf(app: FastifyInstance): Container | undefined {
  return containers.get(app);
}

/**
 * The rate limits of a test app: a test file makes thousands of requests (sign-ups, sign-ins, authorizations) from
 * one address, 127.0.0.1, so the per-address and per-credential limits are lifted; app registration keeps its real
 * limits (its tests register from an address of their own each time, `nextAddress`). test/rate-limits.test.ts runs
 * the real defaults.
 */
export const TEST_RATE_LIMITS: RateLimits = rateLimits({
  public: PLENTY,
  credential: PLENTY,
  'publishable-key': PLENTY,
  'bad-credentials': PLENTY,
  'sign-up': PLENTY,
  'sign-up-all': PLENTY,
  'sign-in': PLENTY,
  'oauth-authorize': PLENTY,
  'oauth-token': PLENTY,
  'oauth-revoke': PLENTY,
});

/**
 * The real app on a real, fresh database: migrated and seeded exactly as `npm start` does.
 * `extend` may register extra routes before the app is ready (to exercise cross-cutting plugins). `baseUrl` sets
 * BASE_URL (the OAuth issuer); `config` overrides other settings. `database` runs a second instance on another app's
 * database (left for that app to drop), as two server processes would share one.
 */
export async function startTestApp(
  kind: DatabaseKind,
  options: Omit<AppOptions, 'container'> & {
    extend?: (app: FastifyInstance) => void | Promise<void>;
    redisUrl?: string;
    baseUrl?: string;
    database?: TestDatabase;
    rateLimits?: RateLimits;
    /** Settings on top of the test defaults (connector links, legal pages, …). */
    config?: Partial<Config>;
    /** DATABASE_TIMEOUT_MS (default 5000, as in production); tests that make the database hang use less. */
    databaseTimeoutMs?: number;
  } = {},
): Promise<TestApp> {
  const shared = options.database;
  const database = shared ?? (await createTestDatabase(kind));
  // SQLite: FILES_DIR's default, inside the database's temporary directory; PostgreSQL: a temporary directory.
  const filesDir = database.config.kind === 'sqlite' ? defaultFilesDir(database.config) : await mkdtemp(path.join(tmpdir(), 'commerce-files-'));
  // A second instance on a shared database leaves the database (and its files) to the first.
  const drop = async () => {
    if (shared) return;
    await database.drop();
    await rm(filesDir, { recursive: true, force: true });
  };
  const config: Config = {
    database: database.config,
    host: '127.0.0.1',
    port: 0,
    baseUrl: options.baseUrl ?? TEST_BASE_URL,
    logLevel: options.logStream ? 'info' : 'silent',
    redisUrl: options.redisUrl ?? null,
    trustProxy: false,
    filesDir,
    databaseTimeoutMs: options.databaseTimeoutMs ?? DEFAULT_DATABASE_TIMEOUT_MS,
    rateLimits: options.rateLimits ?? TEST_RATE_LIMITS,
    ...options.config,
  };
  const container = createContainer(config);
  try {
    await migrateToLatest(container.db);
    await seed(container);
    const {
      extend,
      redisUrl: _redis,
      baseUrl: _baseUrl,
      database: _database,
      rateLimits: _limits,
      config: _config,
      databaseTimeoutMs: _timeout,
      ...appOptions
    } = options;
    const app = await buildApp({ container, ...appOptions });
    await extend?.(app);
    await app.ready();
    containers.set(app, container);
    return {
      app,
      container,
      database,
      async close() {
        await app.close();
        await container.close();
        await drop();
      },
    };
  } catch (error) {
    await container.close();
    await drop();
    throw error;
  }
}
