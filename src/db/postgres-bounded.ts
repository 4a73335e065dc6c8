import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { DatabaseTimeoutError, within } from './database-timeout.ts';
import { heldWritesQuery } from './held-writes.ts';
import { asUniqueConflict } from './unique-conflicts.ts';

/**
 * The pg pool as Kysely's PostgresDialect sees it, with a client-side bound on every query
 * (docs/decisions/0008-database-bounds.md).
 *
 * The server's `statement_timeout` ends a slow statement, but a server that does not answer at all (stopped, or a
 * network that drops packets) never sends that error. pg's own `query_timeout` rejects the promise yet leaves the query
 * active on the client, and Kysely hands the client back to the pool as healthy, so the next query on it waits behind
 * the stuck one. Here a query that outlives its bound rejects with a DatabaseTimeoutError and marks its client
 * abandoned: later queries on it fail at once (so Kysely's rollback does not wait another bound), and releasing it
 * destroys it (`release(err)`) instead of returning it to the pool.
 *
 * A transaction's writes marked HOLDABLE are held on its connection and sent, as one statement, before its next
 * statement or its COMMIT (held-writes.ts).
 *
 * Waiting for a client is bounded by the pool itself: pg-pool's `connectionTimeoutMillis` covers both waiting for a
 * free client and opening a new connection (the socket is destroyed when it runs out).
 */
export function boundedPool(pool: pg.Pool, queryTimeoutMs: number): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const names = preparedNames();
  return {
    get options() {
      return pool.options;
    },
    async connect() {
      const client = await pool.connect();
      let bounded = wrapped.get(client);
      if (!bounded) {
        bounded = boundedClient(client, queryTimeoutMs, names);
        wrapped.set(client, bounded);
      }
      return bounded;
    },
    end: () => pool.end(),
  };
}

/**
 * Marks a statement to be sent as a named prepared statement (put anywhere in its text, as a comment): the hot reads of
 * the uncached path (the product and page statements with their trees, decision 0039), whose planning took most of
 * their database time. PostgreSQL parses and analyses a named statement once per connection and may keep its plan.
 */
export const PREPARED = '/* prepared */';

/**
 * The names of the prepared statements, one per distinct text (at most MAX_PREPARED; later texts go unnamed, so a
 * connection never holds more). A statement whose result type changed under it (a migration added a column while
 * this process runs: "cached plan must not change result type") gets a new name and is sent again once.
 */
function preparedNames() {
  const MAX_PREPARED = 64;
  const names = new Map<string, string>();
  let next = 0;
  return {
    of(text: string): string | undefined {
      const name = names.get(text);
      if (name !== undefined || names.size >= MAX_PREPARED) return name;
      const fresh = `prepared_${next++}`;
      names.set(text, fresh);
      return fresh;
    },
    renew(text: string): string {
      const fresh = `prepared_${next++}`;
      names.set(text, fresh);
      return fresh;
    },
  };
}

/** PostgreSQL's feature_not_supported, which a prepared statement whose result type changed fails with. */
const RESULT_TYPE_CHANGED = '0A000';

function boundedClient(client: pg.PoolClient, timeoutMs: number, names: ReturnType<typeof preparedNames>): PostgresPoolClient {
  let abandoned = false;
  const send = (sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<unknown>> => {
    const name = sql.includes(PREPARED) ? names.of(sql) : undefined;
    if (name === undefined) return client.query(sql, parameters as unknown[]) as unknown as Promise<PostgresQueryResult<unknown>>;
    const named = (n: string) => client.query({ name: n, text: sql, values: parameters as unknown[] }) as unknown as Promise<PostgresQueryResult<unknown>>;
    return named(name).catch((error: { code?: string }) => {
      if (error?.code !== RESULT_TYPE_CHANGED) throw error;
      return named(names.renew(sql));
    });
  };
  const statements = heldWritesQuery((sql, parameters) => {
    if (abandoned) {
      return Promise.reject(new DatabaseTimeoutError('query', timeoutMs, { detail: 'an earlier query on this connection timed out' }));
    }
    return within(send(sql, parameters), timeoutMs, 'query').catch((error: unknown) => {
      if (error instanceof DatabaseTimeoutError) abandoned = true;
      throw asUniqueConflict(error);
    });
  });
  const bounded = {
    get processID() {
      return (client as unknown as { processID?: number }).processID;
    },
    query: statements.query,
    release(destroy?: boolean) {
      statements.forget();
      client.release(abandoned ? new Error('a query on this connection timed out') : destroy);
    },
  };
  return bounded as unknown as PostgresPoolClient;
}

/** One `select 1` within `timeoutMs`, waiting for a client included (readiness: shorter than the request bound). */
export async function pingWithin(pool: pg.Pool, timeoutMs: number): Promise<void> {
  const started = performance.now();
  const client = await within(pool.connect(), timeoutMs, 'connection', (late) => late.release());
  const left = Math.max(1, timeoutMs - (performance.now() - started));
  let failed: unknown;
  try {
    await within(client.query('select 1'), left, 'query');
  } catch (error) {
    failed = error;
    throw error;
  } finally {
    // A client whose query did not come back is destroyed, not returned to the pool.
    client.release(failed instanceof Error ? failed : undefined);
  }
}
