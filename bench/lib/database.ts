/**
 * A fresh database for one benchmark run, removed at the end: SQLite in a temporary directory, or a PostgreSQL
 * database of its own created through the admin URL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped with `drop()`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/config.ts';
import { createPostgresDatabase } from '../../test/helpers/databases.ts';

export type Engine = 'sqlite' | 'postgres';

export interface BenchDatabase {
  config: DatabaseConfig;
  /** The same database as a DATABASE_URL for `node src/main.ts serve`. */
  url: string;
  /** A directory of its own for uploaded files (inside the temporary directory). */
  filesDir: string;
  /** The pids of the database server processes now serving this database (PostgreSQL backends; none for SQLite). */
  backends(): Promise<number[]>;
  /**
   * PostgreSQL: gathers the planner's statistics (`analyze`), as autovacuum does on its own within a minute of a bulk
   * load; this machine's server runs with autovacuum off, and without statistics the planner reads a page's SKUs by
   * scanning the store's. SQLite: nothing (the app's plans do not depend on statistics there).
   */
  analyze(): Promise<void>;
  drop(): Promise<void>;
}

/** `prefix` names the temporary directory and the PostgreSQL database (letters, digits and underscores). */
export async function createBenchDatabase(engine: Engine, prefix: string): Promise<BenchDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), `${prefix.replaceAll('_', '-')}-`));
  const removeDir = () => rm(dir, { recursive: true, force: true });
  if (engine === 'sqlite') {
    const file = path.join(dir, 'bench.db');
    return { config: { kind: 'sqlite', file }, url: `sqlite:${file}`, filesDir: path.join(dir, 'files'), backends: async () => [], analyze: async () => {}, drop: removeDir };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const postgres = await createPostgresDatabase(adminUrl, prefix);
  return {
    config: { kind: 'postgres', url: postgres.url },
    url: postgres.url,
    filesDir: path.join(dir, 'files'),
    async backends() {
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
        return rows.map((r) => r.pid);
      } finally {
        await client.end();
      }
    },
    async analyze() {
      const client = new pg.Client({ connectionString: postgres.url });
      await client.connect();
      try {
        await client.query('analyze');
      } finally {
        await client.end();
      }
    },
    async drop() {
      await postgres.drop();
      await removeDir();
    },
  };
}

/** The `--engine` option: sqlite or postgres. */
export function parseEngine(value: string): Engine {
  if (value !== 'sqlite' && value !== 'postgres') throw new Error('--engine: sqlite or postgres');
  return value;
}
