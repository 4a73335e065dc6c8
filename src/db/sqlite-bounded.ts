import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  createQueryId,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  IdentifierNode,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  RawNode,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { DatabaseTimeoutError, sleep } from './database-timeout.ts';
import { asUniqueConflict } from './unique-conflicts.ts';

/**
 * Kysely over one better-sqlite3 connection, with every wait bounded (docs/decisions/0008-database-bounds.md).
 *
 * better-sqlite3 is synchronous: with SQLite's own `busy_timeout`, a statement waiting for another connection's write
 * lock blocks the whole event loop, so every other request stalls behind it. Here the connection runs with
 * `busy_timeout = 0` and a statement that meets SQLITE_BUSY is retried after short asynchronous sleeps until the
 * bound, then fails with a DatabaseTimeoutError (503). While it sleeps outside a transaction it lets go of the
 * connection, so reads (which WAL never blocks) go on meanwhile.
 *
 * Kysely's own SqliteDriver is the model; the differences: write transactions begin with `BEGIN IMMEDIATE` (the write
 * lock is taken at BEGIN, where waiting helps; a deferred transaction that read first can meet SQLITE_BUSY_SNAPSHOT
 * later, which no wait cures), and the single-connection mutex lives here with a bounded wait (Kysely's has none), so
 * requests queued behind a stuck one also answer within the bound instead of n × bound.
 */

/** Longest asynchronous sleep between two attempts of a statement that met SQLITE_BUSY. */
const MAX_BACKOFF_MS = 50;

/** One holder at a time, first come first served; a waiter gives up (DatabaseTimeoutError) after its bound. */
class ConnectionLock {
  #held = false;
  readonly #waiters: Array<() => void> = [];

  /** Resolves once the lock is ours; `timeoutMs` undefined waits as long as it takes; `first` jumps the queue. */
  acquire(timeoutMs: number | undefined, first = false): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          const index = this.#waiters.indexOf(grant);
          if (index !== -1) this.#waiters.splice(index, 1);
          reject(new DatabaseTimeoutError('connection', timeoutMs, { detail: 'the SQLite connection stayed busy with other requests' }));
        }, timeoutMs);
      }
      if (first) this.#waiters.unshift(grant);
      else this.#waiters.push(grant);
    });
  }

  /** Hands the lock to the next waiter (it stays held), or frees it. */
  release(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#held = false;
  }
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/** Prepared statements kept per connection, by SQL text (least recently used dropped first). */
export const STATEMENT_CACHE_SIZE = 500;

class BoundedSqliteConnection implements DatabaseConnection {
  readonly #db: BetterSqlite3.Database;
  readonly #lock: ConnectionLock;
  readonly #timeoutMs: number;
  /**
   * The app runs the same few hundred SQL texts again and again; preparing one (parse and plan) cost as much as running
   * it (bench/catalog.md, finding 2). Safe because `#runOnce` runs a statement to completion (`all`, `run`) before
   * anything else can use it; streaming (`iterate`) prepares its own. SQLite re-prepares a cached statement by itself
   * when the schema changes (migrations).
   */
  readonly #statements = new Map<string, BetterSqlite3.Statement>();

  constructor(db: BetterSqlite3.Database, lock: ConnectionLock, timeoutMs: number) {
    this.#db = db;
    this.#lock = lock;
    this.#timeoutMs = timeoutMs;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.run<R>(compiledQuery.sql, compiledQuery.parameters, this.#timeoutMs);
  }

  /**
   * Runs one statement (the caller holds the lock), retrying it while SQLite answers SQLITE_BUSY, for at most
   * `timeoutMs`. Outside a transaction the lock is let go during each sleep (the statement has not started, so other
   * statements may use the connection meanwhile) and taken back ahead of the queue.
   */
  async run<R>(sql: string, parameters: ReadonlyArray<unknown>, timeoutMs: number): Promise<QueryResult<R>> {
    const deadline = performance.now() + timeoutMs;
    let backoff = 1;
    for (;;) {
      try {
        return this.#runOnce<R>(sql, parameters);
      } catch (error) {
        if (!isBusy(error)) throw asUniqueConflict(error);
        // SQLite's rule: retry a COMMIT or a statement outside a transaction; inside one, roll back instead (as Kysely
        // does when this throws). After BEGIN IMMEDIATE this hardly happens (SQLITE_BUSY_SNAPSHOT, say); still a 503.
        if (this.#db.inTransaction && !/^\s*commit\b/i.test(sql)) throw error;
        const left = deadline - performance.now();
        if (left <= 0) {
          throw new DatabaseTimeoutError('lock', timeoutMs, { cause: error, detail: 'another connection holds the SQLite write lock' });
        }
        const pause = Math.min(backoff, left);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
        if (this.#db.inTransaction) {
          await sleep(pause);
        } else {
          this.#lock.release();
          await sleep(pause);
          await this.#lock.acquire(undefined, true);
        }
      }
    }
  }

  #prepared(sql: string): BetterSqlite3.Statement {
    let stmt = this.#statements.get(sql);
    if (stmt) {
      this.#statements.delete(sql);
    } else {
      stmt = this.#db.prepare(sql);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.delete(this.#statements.keys().next().value as string);
    }
    this.#statements.set(sql, stmt);
    return stmt;
  }

  #runOnce<R>(sql: string, parameters: ReadonlyArray<unknown>): QueryResult<R> {
    const stmt = this.#prepared(sql);
    if (stmt.reader) return { rows: stmt.all(parameters) as R[] };
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return {
      insertId: lastInsertRowid != null ? BigInt(lastInsertRowid) : undefined,
      numAffectedRows: changes != null ? BigInt(changes) : undefined,
      rows: [],
    };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(compiledQuery.query)) throw new Error('Sqlite driver only supports streaming of select queries');
    for (const row of this.#db.prepare(compiledQuery.sql).iterate(compiledQuery.parameters)) yield { rows: [row as R] };
  }
}

function savepointCommand(command: string, name: string): RawNode {
  return RawNode.createWithChildren([RawNode.createWithSql(`${command} `), IdentifierNode.create(name)]);
}

class BoundedSqliteDriver implements Driver {
  readonly #db: BetterSqlite3.Database;
  readonly #lock = new ConnectionLock();
  readonly #timeoutMs: number;
  readonly #connection: BoundedSqliteConnection;

  constructor(db: BetterSqlite3.Database, timeoutMs: number) {
    this.#db = db;
    this.#timeoutMs = timeoutMs;
    this.#connection = new BoundedSqliteConnection(db, this.#lock, timeoutMs);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire(this.#timeoutMs);
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await connection.executeQuery(compileQuery(savepointCommand('savepoint', name), createQueryId()));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await connection.executeQuery(compileQuery(savepointCommand('rollback to', name), createQueryId()));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await connection.executeQuery(compileQuery(savepointCommand('release', name), createQueryId()));
  }

  async releaseConnection(): Promise<void> {
    this.#lock.release();
  }

  async destroy(): Promise<void> {
    this.#db.close();
  }

  /**
   * Readiness: takes the connection and the write lock (`BEGIN IMMEDIATE; ROLLBACK`) within `timeoutMs`. A plain
   * `select 1` succeeds under WAL while another process holds the write lock and every write would fail.
   */
  async probeWrite(timeoutMs: number): Promise<void> {
    await this.#lock.acquire(timeoutMs);
    try {
      if (!this.#db.open) throw new Error('The database connection is not open');
      await this.#connection.run('begin immediate', [], timeoutMs);
      await this.#connection.run('rollback', [], timeoutMs);
    } finally {
      this.#lock.release();
    }
  }
}

/** Kysely's SQLite adapter, except that this driver serialises access to its one connection itself (bounded). */
class BoundedSqliteAdapter extends SqliteAdapter {
  // false would make Kysely add its own mutex, whose wait has no bound; BoundedSqliteDriver has a bounded one.
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

export interface BoundedSqlite {
  dialect: Dialect;
  /** See BoundedSqliteDriver.probeWrite. */
  probeWrite(timeoutMs: number): Promise<void>;
}

/** A Kysely dialect over `db` whose waits end after `timeoutMs` (the connection should run with busy_timeout = 0). */
export function boundedSqlite(db: BetterSqlite3.Database, timeoutMs: number): BoundedSqlite {
  const driver = new BoundedSqliteDriver(db, timeoutMs);
  const dialect: Dialect = {
    createDriver: () => driver,
    createQueryCompiler: () => new SqliteQueryCompiler(),
    createAdapter: (): DialectAdapter => new BoundedSqliteAdapter(),
    createIntrospector: (kysely: Kysely<unknown>): DatabaseIntrospector => new SqliteIntrospector(kysely),
  };
  return { dialect, probeWrite: (ms) => driver.probeWrite(ms) };
}
