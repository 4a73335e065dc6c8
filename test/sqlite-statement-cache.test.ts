/**
 * The SQLite driver keeps prepared statements by SQL text (src/db/sqlite-bounded.ts). A cached statement must give
 * the answer a fresh one would: after the data changes, after the schema changes, after it failed, and when more
 * distinct statements ran than the cache keeps.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { UniqueConflict } from '../src/domain/shared/conflicts.ts';
import { type Db, openDatabase } from '../src/db/db.ts';
import { STATEMENT_CACHE_SIZE } from '../src/db/sqlite-bounded.ts';

describe('SQLite prepared-statement cache', () => {
  let dir: string;
  let db: Db;
  let k: Kysely<unknown>;
  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'stmt-cache-'));
    db = openDatabase({ kind: 'sqlite', file: path.join(dir, 'test.db') }, { timeoutMs: 5000 });
    k = db.kysely as unknown as Kysely<unknown>;
    await sql`create table t (id integer primary key, name text not null unique)`.execute(k);
  });
  after(async () => {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const names = async () => (await sql<{ name: string }>`select name from t order by id`.execute(k)).rows.map((r) => r.name);

  it('answers from the current data every time the same statement runs', async () => {
    await sql`insert into t (id, name) values (${1}, ${'a'})`.execute(k);
    assert.deepEqual(await names(), ['a']);
    await sql`insert into t (id, name) values (${2}, ${'b'})`.execute(k);
    assert.deepEqual(await names(), ['a', 'b']);
  });

  it('sees a column added after the statement was first prepared', async () => {
    const all = () => sql<Record<string, unknown>>`select * from t where id = ${1}`.execute(k);
    assert.deepEqual(Object.keys((await all()).rows[0] ?? {}), ['id', 'name']);
    await sql`alter table t add column note text`.execute(k);
    assert.deepEqual(Object.keys((await all()).rows[0] ?? {}), ['id', 'name', 'note']);
  });

  it('reuses a statement that failed, and still names the broken rule', async () => {
    const insert = (id: number, name: string) => sql`insert into t (id, name) values (${id}, ${name})`.execute(k);
    await assert.rejects(insert(3, 'a'), (error: unknown) => error instanceof UniqueConflict);
    await insert(3, 'c');
    assert.deepEqual(await names(), ['a', 'b', 'c']);
  });

  it('keeps working when more distinct statements ran than it keeps', async () => {
    for (let i = 0; i < STATEMENT_CACHE_SIZE + 50; i++) {
      const { rows } = await sql<{ n: number }>`select ${sql.lit(i)} as n`.execute(k);
      assert.equal(rows[0]?.n, i);
    }
    assert.deepEqual(await names(), ['a', 'b', 'c']);
  });
});
