import SqliteDatabase from 'better-sqlite3';

type Prepare = (sql: string) => unknown;

/**
 * EXPERIMENT (`--stmt-cache`), not what the app does: keeps better-sqlite3 statements by SQL text, per connection,
 * so a query the app runs again is not parsed and planned again. Kysely's SQLite driver calls `prepare` for every
 * query; this shows what a statement cache in `openSqlite` (src/db/db.ts) would save. Safe for this app because it
 * never streams (`iterate`) a query, so a cached statement is never busy when it is reused.
 */
export function installStatementCache(limit = 500): void {
  const proto = SqliteDatabase.prototype as unknown as { prepare: Prepare; __benchCached?: boolean };
  if (proto.__benchCached) return;
  proto.__benchCached = true;
  const original = proto.prepare;
  const caches = new WeakMap<object, Map<string, unknown>>();
  proto.prepare = function prepare(this: object, sql: string): unknown {
    let cache = caches.get(this);
    if (!cache) {
      cache = new Map();
      caches.set(this, cache);
    }
    const hit = cache.get(sql);
    if (hit) {
      cache.delete(sql);
      cache.set(sql, hit);
      return hit;
    }
    const stmt = original.call(this, sql);
    cache.set(sql, stmt);
    if (cache.size > limit) cache.delete(cache.keys().next().value as string);
    return stmt;
  };
}
