import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { boundedPool, pingWithin } from './postgres-bounded.ts';
import type { Database } from './schema.ts';
import { boundedSqlite } from './sqlite-bounded.ts';

/** pg, loaded with the first PostgreSQL pool (only on PostgreSQL): src/outbound/lazy-modules.ts says why. */
let pgLoaded: typeof import('pg') | undefined;
const pgModule = (): typeof import('pg') => (pgLoaded ??= createRequire(import.meta.url)('pg') as typeof import('pg'));

export type Dialect = 'sqlite' | 'postgres';

/**
 * The row-lock policy, decided here once: a read that must hold its row until the transaction ends gets
 * `FOR UPDATE` on PostgreSQL; SQLite needs none (its transactions start with BEGIN IMMEDIATE, one writer at a time).
 */
export function rowLock(dialect: Dialect): <Q extends { forUpdate(): Q }>(query: Q) => Q {
  return dialect === 'postgres' ? (query) => query.forUpdate() : (query) => query;
}

/** An open database: the Kysely instance plus what the rest of the code needs to know about the engine. */
export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /**
   * Readiness: resolves when the database answers within the readiness bound (`readinessTimeoutMs`), and on SQLite
   * when the write lock can be taken; rejects otherwise.
   */
  ping(): Promise<void>;
  /**
   * Runs `work` without the statement bounds, for migrations: they may wait for another instance's migration lock or
   * build an index on a large table. PostgreSQL: a separate one-connection pool (connecting is still bounded);
   * SQLite: the same connection (its statements cannot be interrupted anyway; waits for another process's lock stay
   * bounded).
   */
  unbounded<T>(work: (kysely: Kysely<Database>) => Promise<T>): Promise<T>;
  /**
   * Reads a mark that changes whenever the database's content may have changed, whoever changed it, and calls back
   * with it (undefined when it cannot be read: the database closed or not answering). Two equal marks mean nothing was
   * written in between, so what was read after the first is still what the database holds. The mark is read after
   * the call: never one read before (a request arriving after a write must not meet the mark from before it).
   * - SQLite: `total_changes()` (every row this connection inserted, updated or deleted, rolled back or not),
   *   `PRAGMA data_version` (changes when another connection commits) and the catalog change log's last id; no mark
   *   while the app's connection is inside a transaction (the log's last id could still be rolled back and handed out
   *   again). Synchronous, about 7 µs.
   * - PostgreSQL: the current snapshot (`pg_current_snapshot()`: equal snapshots mean no transaction that wrote
   *   anything, anywhere in the cluster, ended in between); one round trip on a connection of its own, shared by
   *   every call made while the previous round trip was out.
   *
   * With a `check` (an answer kept under the mark `since` and what it was made of), the callback also says whether
   * nothing it depends on changed between `since` and the mark read now: no row of the catalog change log
   * (migration 0027) for its store as a whole, for its products, or (for a list) for any product row of the store.
   * Equal marks are unchanged without looking; on PostgreSQL the look is part of the same round trip.
   */
  changeMark: ChangeMark;
  /** Closes every connection; idempotent. */
  close(): Promise<void>;
}

/** What a kept product answer is made of, besides its credential (Db.changeMark): a store's products, or a list of them. */
export interface CatalogScope {
  storeId: string;
  /** The products the answer shows. */
  products: readonly string[];
  /**
   * A list's page also changes with other products of the store: `moves`, with any that may have moved in or out of a
   * list or within it (a product created, deleted, or its status, type, name, categories or search texts changed);
   * `any` (a list ordered by time of last change), with any change to any of them. Undefined: one product.
   */
  list?: 'moves' | 'any';
}

/** A scope's `list` as the change log's queries compare it: 1 matches the rows that move products, 2 every row. */
const LIST_LEVEL = { none: 0, moves: 1, any: 2 } as const;

/** An answer kept under the mark `since` (Db.changeMark). */
export interface MarkCheck extends CatalogScope {
  since: string;
}

/**
 * Calls back with the database's change mark (Db.changeMark) and, with a check, whether nothing the checked answer
 * depends on changed since its mark (false without a check).
 */
export type ChangeMark = (done: (mark: string | undefined, unchanged: boolean) => void, check?: MarkCheck) => void;

export interface DatabaseBounds {
  /** DATABASE_TIMEOUT_MS: the bound on every wait for the database (docs/decisions/0008-database-bounds.md). */
  timeoutMs: number;
}

/** How long `/readyz` waits for the database: short, so a load balancer learns quickly. */
export function readinessTimeoutMs(timeoutMs: number): number {
  return Math.min(1000, timeoutMs);
}

/**
 * The client-side bound on one PostgreSQL query: the server's statement_timeout plus a margin, so that a live server's
 * own cancellation (57014, the connection stays usable) arrives first and only a silent server meets this one.
 */
export function pgQueryTimeoutMs(timeoutMs: number): number {
  return timeoutMs + 250;
}

/** A session idle inside a transaction this long is ended by PostgreSQL, releasing its locks (a vanished client). */
export function pgIdleInTransactionMs(timeoutMs: number): number {
  return Math.max(2 * timeoutMs, 10_000);
}

// PostgreSQL returns int8 (count) and numeric (sum) as strings; the stores want numbers on both engines.
const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads do not accept a union of formats.
    return pgModule().types.getTypeParser(oid, format as any);
  },
};

export function openDatabase(config: DatabaseConfig, bounds: DatabaseBounds): Db {
  if (config.kind === 'sqlite') return openSqlite(config.file, bounds.timeoutMs);
  return openPostgres(config.url, bounds.timeoutMs);
}

function openSqlite(file: string, timeoutMs: number): Db {
  mkdirSync(path.dirname(file), { recursive: true });
  const connection = new SqliteDatabase(file);
  // Switching to WAL may wait for another connection; at start-up SQLite's own (blocking) busy wait is harmless.
  connection.pragma(`busy_timeout = ${timeoutMs}`);
  connection.pragma('journal_mode = WAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('synchronous = NORMAL');
  // From now on no busy_timeout: SQLite's wait would block the event loop; the driver waits asynchronously instead.
  connection.pragma('busy_timeout = 0');
  const bounded = boundedSqlite(connection, timeoutMs);
  const kysely = new Kysely<Database>({ dialect: bounded.dialect });
  let closed: Promise<void> | undefined;
  // Prepared when first used: before the migrations ran there is no change log to read (and no mark).
  let statements: { mark: SqliteDatabase.Statement; changedSince: SqliteDatabase.Statement; rowsSince: SqliteDatabase.Statement } | undefined;
  const prepared = () =>
    (statements ??= {
      mark: connection
        .prepare("select total_changes(), data_version, (select seq from sqlite_sequence where name = 'catalog_changes') from pragma_data_version")
        .raw(),
      // Whether a change the checked answer depends on was logged after its mark's last id, up to the one read now (a
      // later one, committed by another process meanwhile, is after the new mark and found by the next check).
      changedSince: connection
        .prepare(
          `select exists (select 1 from catalog_changes where store_id = @store and id > @since and id <= @now
             and (product_id is null or @list = 2 or (@list = 1 and list = 1) or product_id in (select value from json_each(@products))))`,
        )
        .pluck(),
      rowsSince: connection.prepare('select id, product_id, list from catalog_changes where store_id = ? and id > ? and id <= ? order by id').raw(),
    });
  const logged = storeChanges((storeId, after, upto) => prepared().rowsSince.all(storeId, after, upto) as Array<[number, string | null, number]>);
  return {
    kysely,
    dialect: 'sqlite',
    ping: () => bounded.probeWrite(readinessTimeoutMs(timeoutMs)),
    changeMark(done, check) {
      let read: string | undefined;
      let unchanged = false;
      try {
        if (connection.open && !connection.inTransaction) {
          const { mark, changedSince } = prepared();
          const [changes, version, seq] = mark.get() as [number, number, number | null];
          read = `${changes}:${version}:${seq ?? 0}`;
          if (check !== undefined) {
            const since = Number(check.since.split(':')[2]);
            const known = Number.isSafeInteger(since) ? logged.unchangedSince(check, since, seq ?? 0) : false;
            unchanged =
              read === check.since ||
              known === true ||
              (known === undefined &&
                changedSince.get({ store: check.storeId, since, now: seq ?? 0, list: LIST_LEVEL[check.list ?? 'none'], products: JSON.stringify(check.products) }) === 0);
          }
        }
      } catch {
        // SQLITE_BUSY reading the WAL index, say: no mark, so nothing is answered from one.
        read = undefined;
        unchanged = false;
      }
      done(read, unchanged);
    },
    unbounded: (work) => work(kysely),
    close() {
      closed ??= kysely.destroy();
      return closed;
    },
  };
}

function pgPoolOptions(url: string, timeoutMs: number): pg.PoolConfig {
  return {
    connectionString: url,
    // Bounds waiting for a free client and opening a connection alike (pg-pool destroys the socket when it runs out).
    connectionTimeoutMillis: timeoutMs,
    types: pgTypes,
  };
}

function openPostgres(url: string, timeoutMs: number): Db {
  const pool = new (pgModule().Pool)({
    ...pgPoolOptions(url, timeoutMs),
    max: 10,
    idleTimeoutMillis: 30_000,
    // Sent in the startup message: the server ends a statement (57014) or an abandoned transaction by itself.
    statement_timeout: timeoutMs,
    idle_in_transaction_session_timeout: pgIdleInTransactionMs(timeoutMs),
  });
  // An idle client losing its connection must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool: boundedPool(pool, pgQueryTimeoutMs(timeoutMs)) }) });
  // The change mark's own connection (opened when first asked for), so marks never wait behind the app's queries.
  const marks = new (pgModule().Pool)({ ...pgPoolOptions(url, timeoutMs), max: 1, idleTimeoutMillis: 30_000, statement_timeout: timeoutMs, query_timeout: pgQueryTimeoutMs(timeoutMs) });
  marks.on('error', () => {});
  let closed: Promise<void> | undefined;
  return {
    kysely,
    dialect: 'postgres',
    ping: () => pingWithin(pool, readinessTimeoutMs(timeoutMs)),
    changeMark: batchedSnapshots(marks, readinessTimeoutMs(timeoutMs)),
    async unbounded(work) {
      const single = new (pgModule().Pool)({ ...pgPoolOptions(url, timeoutMs), max: 1 });
      single.on('error', () => {});
      const maintenance = new Kysely<Database>({ dialect: new PostgresDialect({ pool: single }) });
      try {
        return await work(maintenance);
      } finally {
        await maintenance.destroy();
      }
    },
    close() {
      closed ??= Promise.all([kysely.destroy(), marks.end()]).then(() => undefined);
      return closed;
    },
  };
}

/**
 * SQLite: what each store's catalog change log holds, in memory, read forward as the log grows (its rows' ids are
 * handed out in commit order): for each store, the last change of the whole store, of a product that may have moved
 * in a list, of anything, and of each product, so checking a kept answer is a few map lookups. A store is read once
 * per new last id (the rows written since, usually none or a few), not once per request. What was logged before a
 * store was first seen (`floor`) is not known here: a check reaching back before it answers undefined, and the caller
 * asks the log itself.
 */
function storeChanges(rowsSince: (storeId: string, after: number, upto: number) => Array<[number, string | null, number]>) {
  interface Known {
    at: number;
    floor: number;
    store: number;
    moves: number;
    any: number;
    products: Map<string, number>;
  }
  const MAX_STORES = 10_000;
  const MAX_PRODUCTS = 20_000;
  const stores = new Map<string, Known>();
  function known(storeId: string, seq: number): Known {
    let k = stores.get(storeId);
    if (k === undefined || k.products.size > MAX_PRODUCTS) {
      if (stores.size >= MAX_STORES) stores.clear();
      k = { at: seq, floor: seq, store: 0, moves: 0, any: 0, products: new Map() };
      stores.set(storeId, k);
      return k;
    }
    if (k.at < seq) {
      for (const [id, productId, list] of rowsSince(storeId, k.at, seq)) {
        k.any = id;
        if (productId === null) k.store = id;
        else k.products.set(productId, id);
        if (list === 1) k.moves = id;
      }
      k.at = seq;
    }
    return k;
  }
  return {
    /** Whether nothing of the check's scope was logged in (since, seq]; undefined when that reaches before what is known. */
    unchangedSince(check: MarkCheck, since: number, seq: number): boolean | undefined {
      const k = known(check.storeId, seq);
      if (since < k.floor || k.at !== seq) return undefined;
      if (k.store > since) return false;
      if (check.list === 'any' && k.any > since) return false;
      if (check.list === 'moves' && k.moves > since) return false;
      return check.products.every((p) => (k.products.get(p) ?? 0) <= since);
    },
  };
}

/**
 * PostgreSQL's change mark: the current snapshot (`xmin:xmax:xip…`). Calls made while a read is out wait for the next
 * one, sent when that read returns, so every caller gets a snapshot taken after its call, and under load one round trip
 * serves every request that arrived meanwhile. The checks of the callers in a batch go in the same statement: the
 * snapshot and the look into the catalog change log are the statement's own, so they agree. A change is new to a check
 * when its transaction is visible now and was not visible in the check's snapshot (transactions commit in another
 * order than they start, so no number could say "after"). A mark is only a shortcut: a read that takes longer than
 * `boundMs` answers its callers without a mark (they go the usual way, with the usual bounds), and so does every call
 * until it returns.
 */
function batchedSnapshots(marks: pg.Pool, boundMs: number): ChangeMark {
  type Waiting = { done: (mark: string | undefined, unchanged: boolean) => void; check: MarkCheck | undefined };
  let waiting: Waiting[] = [];
  let out = false;
  let late = false;
  const read = (): void => {
    const batch = waiting;
    waiting = [];
    out = true;
    late = false;
    const timer = setTimeout(() => {
      late = true;
      for (const { done } of batch) done(undefined, false);
    }, boundMs);
    // One look per distinct check: the requests for one kept answer (a storefront's first page) share its check object,
    // and under load a batch held about 19 requests with one answer's check between them (measured on the list page).
    const checks: Array<{ i: number; s: string; since: string; list: number; p: readonly string[] }> = [];
    const slots = new Map<MarkCheck, number>();
    const slotOf = batch.map(({ check }) => {
      if (check === undefined) return -1;
      let i = slots.get(check);
      if (i === undefined) {
        i = checks.length;
        slots.set(check, i);
        checks.push({ i, s: check.storeId, since: check.since, list: LIST_LEVEL[check.list ?? 'none'], p: check.products });
      }
      return i;
    });
    // Named prepared statements: parsed and planned once on the mark's connection, not on every mark (decision 0039).
    const query =
      checks.length === 0
        ? marks.query<[string, null]>({ name: 'mark', text: 'select pg_current_snapshot()::text, null', rowMode: 'array' })
        : marks.query<[string, number[]]>({ name: 'mark_check', text: CHANGED_SINCE, values: [JSON.stringify(checks)], rowMode: 'array' });
    query.then(
      (result) => settle(result.rows[0]?.[0], result.rows[0]?.[1] ?? []),
      () => settle(undefined, []),
    );
    const settle = (mark: string | undefined, changed: number[]): void => {
      clearTimeout(timer);
      const answered = late;
      out = false;
      if (waiting.length > 0) read();
      if (answered) return;
      const moved = new Set(changed);
      for (const [k, { done, check }] of batch.entries()) {
        done(mark, mark !== undefined && check !== undefined && (check.since === mark || !moved.has(slotOf[k]!)));
      }
    };
  };
  return (done, check) => {
    if (out && late) return done(undefined, false);
    waiting.push({ done, check });
    if (!out) read();
  };
}

/**
 * The snapshot, and which of the checks (a JSON array) met a change committed since their own snapshot. Each check is
 * a probe of the `(store_id, txid)` index from the newest row down to its snapshot's xmin (the ORDER BY and LIMIT make
 * PostgreSQL walk the index: asked with EXISTS it hashed the whole log, a few milliseconds per mark at a few thousand
 * rows, and the marks fell behind the requests).
 */
const CHANGED_SINCE = `select pg_current_snapshot()::text, coalesce((
  select json_agg(x.i) from json_to_recordset($1::json) as x(i int, s varchar(40), since pg_snapshot, list int, p json)
  where (
    select 1 from catalog_changes c
    where c.store_id = x.s and c.txid >= pg_snapshot_xmin(x.since) and not pg_visible_in_snapshot(c.txid, x.since)
      and (c.product_id is null or x.list = 2 or (x.list = 1 and c.list = 1) or c.product_id in (select json_array_elements_text(x.p)))
    order by c.store_id desc, c.txid desc limit 1
  ) is not null), '[]'::json)`;

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
  'DATABASE_TIMEOUT', // a bound of ours ran out (database-timeout.ts)
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout
  '57P05', // idle_session_timeout
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
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('SQLITE_BUSY'))) return true;
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
