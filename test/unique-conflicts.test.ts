/**
 * The database layer names a broken uniqueness rule for the domain (src/db/unique-conflicts.ts), matching the index by
 * the name PostgreSQL reports and the columns SQLite reports. These tests pin that every named rule is a unique index
 * the migrations really create, with those columns, on both engines, and that driver errors of each shape map to it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { UniqueConflict } from '../src/domain/shared/conflicts.ts';
import { type Db, openDatabase } from '../src/db/db.ts';
import { migrateToLatest } from '../src/db/migrations/index.ts';
import { asUniqueConflict, UNIQUE_RULES } from '../src/db/unique-conflicts.ts';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from './helpers/databases.ts';

describe('unique conflicts from driver errors', () => {
  it('names the rule from a PostgreSQL 23505 by its constraint, and from SQLite by its columns', () => {
    const pg = asUniqueConflict(Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'skus_store_sku_uq' }));
    assert.ok(pg instanceof UniqueConflict);
    assert.equal(pg.rule, 'sku_code');
    const lite = asUniqueConflict(Object.assign(new Error('UNIQUE constraint failed: skus.product_id, skus.combination_key'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }));
    assert.ok(lite instanceof UniqueConflict);
    assert.equal(lite.rule, 'sku_combination');
  });

  it('calls an unlisted unique index "other" and leaves every other error as it is', () => {
    assert.equal((asUniqueConflict(Object.assign(new Error('x'), { code: '23505', constraint: 'api_keys_key_hash_key' })) as UniqueConflict).rule, 'other');
    const notNull = Object.assign(new Error('NOT NULL constraint failed: users.name'), { code: 'SQLITE_CONSTRAINT_NOTNULL' });
    assert.equal(asUniqueConflict(notNull), notNull);
    assert.equal(asUniqueConflict(null), null);
  });
});

describeEachDatabase('unique rules match the schema', (kind) => {
  let database: TestDatabase;
  let db: Db;
  before(async () => {
    database = await createTestDatabase(kind);
    db = openDatabase(database.config, { timeoutMs: 5000 });
    await migrateToLatest(db);
  });
  after(async () => {
    await db.close();
    await database.drop();
  });

  it('every rule is a unique index of the migrated schema, on exactly the listed columns', async () => {
    for (const { rule, constraint, columns } of UNIQUE_RULES) {
      const table = columns.split('.')[0] ?? '';
      const wanted = columns.split(', ').map((c) => c.split('.')[1]);
      let found: string[] | undefined;
      if (kind === 'postgres') {
        const { rows } = await sql<{ column: string }>`
          select a.attname as "column" from pg_index i
          join pg_class c on c.oid = i.indexrelid
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where c.relname = ${constraint} and i.indisunique
          order by array_position(i.indkey, a.attnum)`.execute(db.kysely);
        found = rows.map((r) => r.column);
      } else {
        const { rows: indexes } = await sql<{ name: string; unique: number }>`select name, "unique" from pragma_index_list(${table})`.execute(db.kysely);
        for (const index of indexes.filter((i) => i.unique === 1)) {
          const { rows } = await sql<{ name: string }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(db.kysely);
          if (rows.map((r) => r.name).join() === wanted.join()) found = rows.map((r) => r.name);
        }
      }
      assert.deepEqual(found, wanted, `${rule}: ${kind === 'postgres' ? constraint : columns}`);
    }
  });
});
