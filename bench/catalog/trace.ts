import SqliteDatabase from 'better-sqlite3';

/** One SQL statement run while tracing: its text, parameters, execution time and preparation time (ms). */
export interface TracedStatement {
  sql: string;
  parameters: unknown[];
  ms: number;
  /** `prepare` (parse and plan): paid again on every query, as Kysely's SQLite driver prepares each time. */
  prepareMs: number;
}

type Runner = (...args: unknown[]) => unknown;
interface StatementLike {
  all: Runner;
  run: Runner;
  get: Runner;
  iterate: Runner;
}

let recording: TracedStatement[] | null = null;

/**
 * Wraps better-sqlite3's `Database.prototype.prepare` so that, while `traceStatements` runs, every statement Kysely
 * prepares is recorded with its parameters and timed. Outside `traceStatements` the wrapper only checks one variable,
 * and it is installed only when the bench is asked for a trace (`--trace`), so measured runs never pay for it.
 */
export function installStatementTrace(): void {
  const proto = SqliteDatabase.prototype as unknown as { prepare: (sql: string) => StatementLike; __benchTraced?: boolean };
  if (proto.__benchTraced) return;
  proto.__benchTraced = true;
  const original = proto.prepare;
  proto.prepare = function prepare(this: unknown, sql: string): StatementLike {
    if (recording === null) return original.call(this, sql);
    const prepared = process.hrtime.bigint();
    const stmt = original.call(this, sql);
    const prepareMs = Number(process.hrtime.bigint() - prepared) / 1e6;
    const log = recording;
    for (const method of ['all', 'run', 'get', 'iterate'] as const) {
      const run = stmt[method].bind(stmt);
      stmt[method] = (...args: unknown[]) => {
        const started = process.hrtime.bigint();
        const out = run(...args);
        log.push({ sql, parameters: Array.isArray(args[0]) ? (args[0] as unknown[]) : args, ms: Number(process.hrtime.bigint() - started) / 1e6, prepareMs });
        return out;
      };
    }
    return stmt;
  };
}

/** Runs `work` and returns the SQL statements it ran (needs `installStatementTrace` first). */
export async function traceStatements(work: () => Promise<void>): Promise<TracedStatement[]> {
  const log: TracedStatement[] = [];
  recording = log;
  try {
    await work();
  } finally {
    recording = null;
  }
  return log;
}

/** SQLite's EXPLAIN QUERY PLAN of a traced statement, one `detail` line per step. */
export function queryPlan(connection: SqliteDatabase.Database, statement: TracedStatement): string[] {
  if (!/^\s*(select|update|delete|insert|with)/i.test(statement.sql)) return [];
  const rows = connection.prepare(`explain query plan ${statement.sql}`).all(...statement.parameters) as Array<{ detail: string }>;
  return rows.map((r) => r.detail);
}
