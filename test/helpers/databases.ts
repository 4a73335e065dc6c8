import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe } from 'node:test';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/config.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface TestDatabase {
  kind: DatabaseKind;
  config: DatabaseConfig;
  /** Removes the database (SQLite: its directory; PostgreSQL: DROP DATABASE). */
  drop(): Promise<void>;
}

/**
 * The engines this run tests on. SQLite always; PostgreSQL when TEST_DATABASE_URL is set. In CI (CI=true) a missing
 * TEST_DATABASE_URL is a failure, never a silent skip.
 */
export function databaseKinds(): DatabaseKind[] {
  if (process.env.TEST_DATABASE_URL) return ['sqlite', 'postgres'];
  if (process.env.CI) throw new Error('CI is set but TEST_DATABASE_URL is not: the PostgreSQL suite must run in CI.');
  return ['sqlite'];
}

let skipNoticeShown = false;

/** Runs `suite` once per engine, each inside a describe named after it. */
export function describeEachDatabase(title: string, suite: (kind: DatabaseKind) => void): void {
  for (const kind of databaseKinds()) describe(`${title} [${kind}]`, () => suite(kind));
  if (!process.env.TEST_DATABASE_URL) {
    describe.skip(`${title} [postgres] skipped: set TEST_DATABASE_URL=postgres://… to run it`, () => {});
    if (!skipNoticeShown) {
      skipNoticeShown = true;
      process.stderr.write('PostgreSQL suites skipped: TEST_DATABASE_URL is not set.\n');
    }
  }
}

/** A fresh, empty database of the given kind, used by one test file and dropped after. */
export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'commerce-test-'));
    return {
      kind,
      config: { kind: 'sqlite', file: path.join(dir, 'test.db') },
      drop: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const { url, drop } = await createPostgresDatabase(adminUrl, 'commerce_test');
  return { kind, config: { kind: 'postgres', url }, drop };
}

/**
 * A new PostgreSQL database named `<prefix>_<pid>_<random>`, created through `adminUrl` (a role that may create
 * databases): its URL, and `drop()` (DROP DATABASE … WITH (FORCE)). Also used by the benchmarks (bench/lib/database.ts).
 */
export async function createPostgresDatabase(adminUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
