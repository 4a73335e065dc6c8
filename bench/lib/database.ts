/**
 * A fresh database for one benchmark run, removed at the end: SQLite in a temporary directory, or a PostgreSQL
 * database of its own created through the admin URL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped with `drop()`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../../src/config.ts';

export type Engine = 'sqlite' | 'postgres';

export interface BenchDatabase {
  config: DatabaseConfig;
  /** The same database as a DATABASE_URL for `node src/main.ts serve`. */
  url: string;
  /** A directory of its own for uploaded files (inside the temporary directory). */
  filesDir: string;
  drop(): Promise<void>;
}

/** `prefix` names the temporary directory and the PostgreSQL database (letters, digits and underscores). */
export async function createBenchDatabase(engine: Engine, prefix: string): Promise<BenchDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), `${prefix.replaceAll('_', '-')}-`));
  const removeDir = () => rm(dir, { recursive: true, force: true });
  if (engine === 'sqlite') {
    const file = path.join(dir, 'bench.db');
    return { config: { kind: 'sqlite', file }, url: `sqlite:${file}`, filesDir: path.join(dir, 'files'), drop: removeDir };
  }
  const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
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
    config: { kind: 'postgres', url: url.href },
    url: url.href,
    filesDir: path.join(dir, 'files'),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
      await removeDir();
    },
  };
}

/** The `--engine` option: sqlite or postgres. */
export function parseEngine(value: string): Engine {
  if (value !== 'sqlite' && value !== 'postgres') throw new Error('--engine: sqlite or postgres');
  return value;
}
