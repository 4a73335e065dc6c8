import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './index.ts';

/**
 * `catalog_changes`: one row for every change to what a store's product reads are made of, written by triggers in the
 * transaction that makes the change, so no route, job or hand-written statement can forget it
 * (docs/decisions/0028-catalog-changes-per-store.md). A row names the store, the product when the change concerns one
 * product (`product_id` null: the whole store, such as its currency or who may read it), and whether it may change
 * which products a list shows or in what order (`list` 1: a product row, its categories, or anything store-wide).
 *
 * The front cache asks "did anything this answer depends on change since it was kept?" instead of "did anything in the
 * database change?": a write in another store, or to another product of the same store, leaves the answer kept.
 * - SQLite: writers take turns, so row ids are handed out in commit order; a kept answer remembers the last id.
 * - PostgreSQL: ids are handed out at insert and become visible at commit, in another order, so a row also carries its
 *   transaction id (`txid`), and a kept answer remembers the snapshot it was read under: a change is new when its
 *   transaction is visible now and was not visible in that snapshot (`pg_visible_in_snapshot`). Rows are only ever
 *   inserted, so no row lock is taken that two orders could wait on in a cycle (decision 0013's objection to a counter).
 * The cleanup job deletes rows older than an hour; kept answers live at most a few minutes.
 */

interface Source {
  table: string;
  /**
   * Rows (store_id, product_id, list) to insert for one row of the table, `r` being `new` or `old`; `distinct` is the
   * engine's null-safe "differs" operator when the row is the new row of an update (undefined otherwise).
   */
  rows: (r: string, distinct?: string) => string;
  /** Only these columns' updates count (the others change nothing a product read shows). */
  updateOf?: string[];
  /** Logs inserts (a new API key, say, changes no answer kept for another key: it is not logged). */
  inserts?: boolean;
  /** SQLite: the condition an update must meet to count. */
  sqliteWhen?: string;
  /** The columns that place a row (store, product): an update logs the old row too only when one of them changed. */
  keys: string[];
}

// Every select ends with a where clause, so a condition can be added with `and`.
const ofProduct = (list: 0 | 1) => (r: string) => `select p.store_id, ${r}.product_id, ${list} from products p where p.id = ${r}.product_id`;
const withStore = (list: 0 | 1) => (r: string) => `select ${r}.store_id, ${r}.product_id, ${list} where true`;

const SOURCES: Source[] = [
  // A product row: a new or deleted product, or one whose status, type, name or creation time changed, may move in or
  // out of a list, or within it (list 1); a change of its other columns (its description, its time of last change)
  // moves it only in a list sorted by that time, which depends on every change anyway.
  {
    table: 'products',
    rows: (r, distinct) =>
      `select ${r}.store_id, ${r}.id, ${
        distinct === undefined ? 1 : `case when ${LIST_COLUMNS.map((c) => `new.${c} ${distinct} old.${c}`).join(' or ')} then 1 else 0 end`
      } where true`,
    keys: ['store_id'],
    inserts: true,
    sqliteWhen: 'new.revision = old.revision',
  },
  // A product's searchable texts (its name and SKU codes): a list with `q` shows what matches them.
  { table: 'catalog_search', rows: withStore(1), keys: ['store_id', 'product_id'], inserts: true },
  { table: 'product_categories', rows: ofProduct(1), keys: ['product_id'], inserts: true, updateOf: ['product_id', 'category_id', 'position'] },
  { table: 'product_images', rows: ofProduct(0), keys: ['product_id'], inserts: true },
  { table: 'product_specifications', rows: ofProduct(0), keys: ['product_id'], inserts: true },
  { table: 'variant_groups', rows: withStore(0), keys: ['store_id', 'product_id'], inserts: true },
  { table: 'skus', rows: withStore(0), keys: ['store_id', 'product_id'], inserts: true },
  // The store (its currency formats every price) and whoever may read it: the whole store.
  { table: 'stores', rows: (r) => `select ${r}.id, null, 1 where true`, keys: [] },
  { table: 'store_members', rows: (r) => `select ${r}.store_id, null, 1 where true`, keys: ['store_id'], inserts: true },
  // An API key's time of last use is written once a minute and changes no answer (kept answers expire then anyway).
  { table: 'api_keys', rows: (r) => `select ${r}.store_id, null, 1 where true`, keys: ['store_id'], updateOf: ['store_id', 'mode', 'key_hash', 'permissions', 'created_by', 'revoked_at'] },
  { table: 'users', rows: (r) => `select m.store_id, null, 1 from store_members m where m.user_id = ${r}.id`, keys: [] },
];

const INSERT = 'insert into catalog_changes (store_id, product_id, list)';

/** The product columns a list filters or orders by, besides its time of last change. */
const LIST_COLUMNS = ['store_id', 'mode', 'status', 'type', 'name_folded', 'created_at'];

/** The old row of an update, logged only when it was placed elsewhere than the new one. */
function movedRows(source: Source, distinct: string): string | undefined {
  if (source.keys.length === 0) return undefined;
  return `${INSERT} ${source.rows('old')} and (${source.keys.map((k) => `new.${k} ${distinct} old.${k}`).join(' or ')});`;
}

export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'sqlite') {
    await sql`create table catalog_changes (
      id integer primary key autoincrement,
      store_id varchar(40) not null,
      product_id varchar(40),
      list integer not null,
      created_at text not null default (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    )`.execute(db);
    await sql`create index catalog_changes_store_idx on catalog_changes (store_id, id)`.execute(db);
    await sql`create index catalog_changes_created_idx on catalog_changes (created_at)`.execute(db);
    // The sequence row exists from the start, so the change mark always has a number to read.
    await sql`insert into sqlite_sequence (name, seq) select 'catalog_changes', 0 where not exists (select 1 from sqlite_sequence where name = 'catalog_changes')`.execute(db);
    for (const source of SOURCES) {
      const name = (event: string) => sql.raw(`${source.table}_changes_${event}`);
      const table = sql.table(source.table);
      if (source.inserts) await sql`create trigger ${name('ai')} after insert on ${table} begin ${sql.raw(`${INSERT} ${source.rows('new')};`)} end`.execute(db);
      await sql`create trigger ${name('ad')} after delete on ${table} begin ${sql.raw(`${INSERT} ${source.rows('old')};`)} end`.execute(db);
      const of = source.updateOf ? sql.raw(` of ${source.updateOf.join(', ')}`) : sql.raw('');
      const when = source.sqliteWhen ? sql.raw(` when ${source.sqliteWhen}`) : sql.raw('');
      // An update logs the row as it is, and as it was when it moved to another store or product.
      await sql`create trigger ${name('au')} after update${of} on ${table}${when} begin
        ${sql.raw(`${INSERT} ${source.rows('new', 'is not')}; ${movedRows(source, 'is not') ?? ''}`)} end`.execute(db);
    }
    return;
  }
  await sql`create table catalog_changes (
    id bigint generated always as identity primary key,
    store_id varchar(40) not null,
    product_id varchar(40),
    list smallint not null,
    txid xid8 not null default pg_current_xact_id(),
    created_at timestamptz(3) not null default now()
  )`.execute(db);
  await sql`create index catalog_changes_store_idx on catalog_changes (store_id, txid)`.execute(db);
  await sql`create index catalog_changes_created_idx on catalog_changes (created_at)`.execute(db);
  for (const source of SOURCES) {
    const fn = sql.raw(`catalog_changes_${source.table}`);
    const moved = movedRows(source, 'is distinct from');
    const body = [
      `if tg_op = 'DELETE' then ${INSERT} ${source.rows('old')}; end if;`,
      `if tg_op = 'INSERT' then ${INSERT} ${source.rows('new')}; end if;`,
      `if tg_op = 'UPDATE' then ${INSERT} ${source.rows('new', 'is distinct from')}; end if;`,
      moved ? `if tg_op = 'UPDATE' then ${moved} end if;` : '',
      'return null;',
    ].join(' ');
    await sql`create function ${fn}() returns trigger language plpgsql as ${sql.lit(`begin ${body} end`)}`.execute(db);
    const events = [source.inserts ? 'insert' : undefined, source.updateOf ? `update of ${source.updateOf.join(', ')}` : 'update', 'delete'].filter(Boolean).join(' or ');
    await sql`create trigger ${sql.raw(`${source.table}_changes`)} after ${sql.raw(events)} on ${sql.table(source.table)} for each row execute function ${fn}()`.execute(db);
  }
}
