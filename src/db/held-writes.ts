import type { PostgresQueryResult } from 'kysely';
import { sql } from 'kysely';

/**
 * Writes of a PostgreSQL transaction whose results nobody reads, held on the transaction's connection until the next
 * statement and sent as one statement of data-modifying CTEs (issue 37):
 *
 * - A statement is holdable when it carries HOLDABLE (`.modifyEnd(holdable)`): a write whose caller needs no result
 *   (no RETURNING used, no row count checked, no unique conflict caught): the cart marked with its order, the pay link,
 *   the status page token, queued mail, a transaction's audit entries. A method whose caller starts reading its
 *   result must drop the marker.
 * - Sent on a connection inside a transaction (between `begin` and `commit` or `rollback`), a holdable statement is
 *   kept and answers at once with no rows and a row count of 0. Outside a transaction it is sent at once.
 * - Before any other statement on that connection (a read, another write, a savepoint, `commit`) the held ones are
 *   sent, in a statement and round trip of their own: every read sees them, whatever table it reads (joined into the
 *   read as CTEs it would not: one statement reads one snapshot), and the next write's answer (RETURNING, row count)
 *   stays its own. Their failure is that call's failure, with their own error (the unique indexes of held writes are
 *   none a domain rule names, so a caller catching its rule's conflict does not take theirs), and aborts the
 *   transaction. node-postgres does not pipeline, so the next statement goes out once they are answered. A read a
 *   repository answers from the transaction's memory sends nothing, so it sends nothing held either.
 * - A holdable write of a table that already has a held write is joined only when both insert (new rows); otherwise the
 *   held ones are sent first, so one statement never changes a row twice nor reads a row it changed.
 * - Before `commit` they are sent: one that fails (a constraint) fails the transaction with its database error, as it
 *   would have at the call, and Kysely rolls back everything. Foreign keys that are not deferrable are checked at the
 *   end of the statement, so a held write may name a row an earlier held write inserts. On `rollback` they are dropped.
 * SQLite holds nothing: HOLDABLE is a comment there (no data-modifying CTEs, and a statement is a call, not a round trip).
 */
export const HOLDABLE = '/* holdable */';

/** HOLDABLE for a query builder's `modifyEnd`. */
export const holdable = sql.raw(HOLDABLE);

type Send = (text: string, parameters: ReadonlyArray<unknown>) => Promise<PostgresQueryResult<unknown>>;

interface Held {
  table: string;
  insert: boolean;
  text: string;
  parameters: ReadonlyArray<unknown>;
}

/** The table a holdable statement writes, and whether it inserts; undefined for a statement that cannot be held. */
function target(text: string): { table: string; insert: boolean; command: 'INSERT' | 'UPDATE' | 'DELETE' } | undefined {
  // Parameters are renumbered when statements are joined: a statement with a quoted literal or dollar quoting could
  // carry a `$n` that is not a parameter, so such a statement is sent as it is.
  if (text.includes("'") || text.includes('$$')) return undefined;
  const match = /^(insert into|update|delete from) "([a-z_]+)" /.exec(text);
  if (!match) return undefined;
  const command = match[1] === 'insert into' ? 'INSERT' : match[1] === 'update' ? 'UPDATE' : 'DELETE';
  return { table: match[2]!, insert: command === 'INSERT', command };
}

/** The statements as one: all but the last as data-modifying CTEs of the last, parameters renumbered in order. */
function joined(writes: readonly Held[]): { text: string; parameters: unknown[] } {
  const parameters: unknown[] = [];
  const parts = writes.map((w) => {
    const offset = parameters.length;
    parameters.push(...w.parameters);
    return offset === 0 ? w.text : w.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  });
  const last = parts.pop()!;
  return { text: parts.length === 0 ? last : `with ${parts.map((text, i) => `"held_${i}" as (${text})`).join(', ')} ${last}`, parameters };
}

/**
 * One PostgreSQL connection's statements with its held writes: `query` sends through `send` what the rules above say
 * to send, and holds the rest; `forget` drops what is held and the transaction state (the connection goes back to
 * the pool, or is destroyed).
 */
export function heldWritesQuery(send: Send): { query: Send; forget(): void } {
  let inTransaction = false;
  let held: Held[] = [];
  const flush = async () => {
    if (held.length === 0) return;
    const writes = held;
    held = [];
    const statement = joined(writes);
    await send(statement.text, statement.parameters);
  };
  return {
    async query(text, parameters) {
      if (text === 'begin' || text.startsWith('start transaction')) {
        inTransaction = true;
        held = [];
        return send(text, parameters);
      }
      if (text === 'rollback') {
        inTransaction = false;
        held = [];
        return send(text, parameters);
      }
      if (text === 'commit') {
        // Out of the transaction whatever the held writes answer: on their failure Kysely sends `rollback`.
        inTransaction = false;
        await flush();
        return send(text, parameters);
      }
      const to = inTransaction && text.includes(HOLDABLE) ? target(text) : undefined;
      if (to === undefined) {
        await flush();
        return send(text, parameters);
      }
      if (held.some((h) => h.table === to.table && !(h.insert && to.insert))) await flush();
      held.push({ table: to.table, insert: to.insert, text, parameters });
      return { command: to.command, rowCount: 0, rows: [] };
    },
    forget() {
      inTransaction = false;
      held = [];
    },
  };
}
