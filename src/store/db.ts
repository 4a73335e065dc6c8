import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';

/** An open database: the Kysely instance plus what the rest of the code needs to know about the engine. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  /** Closes every connection; idempotent. */
  close(): Promise<void>;
}

// PostgreSQL returns int8 (count) and numeric (sum) as strings; the stores want numbers on both engines.
const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads do not accept a union of formats.
    return pg.types.getTypeParser(oid, format as any);
  },
};

export function openDatabase(config: DatabaseConfig): Db {
  if (config.kind === 'sqlite') return openSqlite(config.file);
  return openPostgres(config.url);
}

function openSqlite(file: string): Db {
  mkdirSync(path.dirname(file), { recursive: true });
  const connection = new SqliteDatabase(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  connection.pragma('synchronous = NORMAL');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }) });
  let closed: Promise<void> | undefined;
  return {
    kysely,
    dialect: 'sqlite',
    async ping() {
      if (!connection.open) throw new Error('the SQLite database is closed');
      await sql`select 1`.execute(kysely);
    },
    close() {
      closed ??= kysely.destroy();
      return closed;
    },
  };
}

function openPostgres(url: string): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    types: pgTypes,
  });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closed: Promise<void> | undefined;
  return {
    kysely,
    dialect: 'postgres',
    async ping() {
      await sql`select 1`.execute(kysely);
    },
    close() {
      closed ??= kysely.destroy();
      return closed;
    },
  };
}

/** Timestamps cross the store boundary as `Date`; SQLite keeps ISO-8601 text, PostgreSQL timestamptz. */
export function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** The value to bind for a timestamp: ISO-8601 UTC text, which both engines accept. */
export function fromDate(value: Date): string {
  return value.toISOString();
}

/** Booleans are stored as 0/1 (SQLite cannot bind booleans; PostgreSQL's boolean input accepts them). */
export function fromBool(value: boolean): 0 | 1 {
  return value ? 1 : 0;
}

export function toBool(value: boolean | number): boolean {
  return value === true || value === 1;
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
]);

/**
 * True when an error means the database cannot be reached right now (as opposed to a bad query): the caller answers
 * 503 with Retry-After instead of 500, and never 401 for a credential it could not check.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /database connection is not open|Connection terminated|timeout exceeded when trying to connect|driver has already been destroyed|Cannot use a pool after calling end/i.test(
        message,
      )
    ) {
      return true;
    }
  }
  return false;
}
