import { AsyncLocalStorage } from 'node:async_hooks';
import { CompiledQuery, type DatabaseConnection, type Driver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import type { Database } from './schema.ts';

/**
 * Writes of a PostgreSQL transaction whose results nobody reads, held until just before COMMIT and sent as one
 * statement of data-modifying CTEs (issue 37):
 *
 * - Held are only the statements of the repository methods `createRepos` names (a write whose caller needs no result:
 *   no RETURNING used, no row count checked, no unique conflict caught) and the transaction's audit entries.
 * - Before any other repository call of the transaction, the held writes are sent (so every read sees them, whatever
 *   table it reads), except a call `createRepos` names with the tables it reads when none of them has a held write;
 *   the audit log's own read sends them too.
 * - A write to a table that already has a held write is held only when both insert (new rows); otherwise the held ones
 *   are sent first, so one statement never changes a row twice nor reads a row it changed.
 * - The last step of the unit of work sends them, inside the transaction: a statement that fails (a constraint) fails
 *   the transaction, which rolls back everything, as it would have at the call. Foreign keys that are not deferrable
 *   are checked at the end of the statement, so a held write may name a row an earlier held write inserts.
 * SQLite holds nothing: no data-modifying CTEs there, and a statement there is a function call, not a round trip.
 */
export interface HeldWrites {
  /** Holds `query` (an `insert into`, `update` or `delete from` of one table), sending what cannot share its statement first. */
  hold(query: CompiledQuery): Promise<void>;
  /** Sends the held writes, if any, in one statement. */
  flush(): Promise<void>;
  /** How many writes are held. */
  readonly size: number;
  /** Whether a held write writes one of `tables`. */
  writesAny(tables: readonly string[]): boolean;
}

interface Held {
  table: string;
  insert: boolean;
  query: CompiledQuery;
}

/** The table a held statement writes, and whether it inserts; undefined for a statement that cannot be held. */
function target(query: CompiledQuery): { table: string; insert: boolean } | undefined {
  // Parameters are renumbered when statements are joined: a statement with a quoted literal or dollar quoting could
  // carry a `$n` that is not a parameter, so such a statement is sent as it is.
  if (query.sql.includes("'") || query.sql.includes('$$')) return undefined;
  const match = /^(insert into|update|delete from) "([a-z_]+)" /.exec(query.sql);
  return match ? { table: match[2]!, insert: match[1] === 'insert into' } : undefined;
}

/** The statements as one: all but the last as data-modifying CTEs of the last, parameters renumbered in order. */
function joined(queries: readonly CompiledQuery[]): CompiledQuery {
  if (queries.length === 1) return queries[0]!;
  const parameters: unknown[] = [];
  const parts = queries.map((q) => {
    const offset = parameters.length;
    parameters.push(...q.parameters);
    return q.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  });
  const last = parts.pop()!;
  return CompiledQuery.raw(`with ${parts.map((sql, i) => `"held_${i}" as (${sql})`).join(', ')} ${last}`, parameters);
}

/** The held writes of one PostgreSQL transaction (`trx`). */
export function createHeldWrites(trx: Kysely<Database>): HeldWrites {
  let held: Held[] = [];
  const flush = async () => {
    if (held.length === 0) return;
    const writes = held;
    held = [];
    await trx.executeQuery(joined(writes.map((w) => w.query)));
  };
  return {
    async hold(query) {
      const to = target(query);
      if (to === undefined) {
        await flush();
        await trx.executeQuery(query);
        return;
      }
      if (held.some((h) => h.table === to.table && !(h.insert && to.insert))) await flush();
      held.push({ ...to, query });
    },
    flush,
    get size() {
      return held.length;
    },
    writesAny(tables) {
      return held.some((h) => tables.includes(h.table));
    },
  };
}

const capturing = new AsyncLocalStorage<(query: CompiledQuery) => void>();

/** A PostgreSQL connection that sends nothing: it hands each statement to the capture running it (`statementOf`). */
const recordingConnection: DatabaseConnection = {
  async executeQuery(query) {
    const sink = capturing.getStore();
    if (!sink) throw new Error('A statement reached the recording database outside statementOf.');
    sink(query);
    return { rows: [] };
  },
  // biome-ignore lint/correctness/useYield: a held write never streams; the generator only refuses.
  async *streamQuery() {
    throw new Error('A held write does not stream.');
  },
};

const recordingDriver: Driver = {
  async init() {},
  async acquireConnection() {
    return recordingConnection;
  },
  async beginTransaction() {},
  async commitTransaction() {},
  async rollbackTransaction() {},
  async releaseConnection() {},
  async destroy() {},
};

/**
 * A Kysely instance of PostgreSQL's SQL that records instead of sending: a repository bound to it makes the statement
 * one of its methods would send, for `statementOf`. Its answers are empty, so only methods that read no result qualify.
 */
export const recordingDb = new Kysely<Database>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => recordingDriver,
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/** The statement `write` sends to `recordingDb` (a repository method bound to it), unsent; undefined when it sends none. */
export async function statementOf(write: () => Promise<unknown>): Promise<CompiledQuery | undefined> {
  const statements: CompiledQuery[] = [];
  await capturing.run((query) => statements.push(query), write);
  if (statements.length > 1) throw new Error(`A held write sends at most one statement; this one sent ${statements.length}.`);
  return statements[0];
}
