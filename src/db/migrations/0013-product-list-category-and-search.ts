import { type Kysely, sql } from 'kysely';
import { foldForSearch } from '../../domain/shared/text.ts';
import type { MigrationContext } from './index.ts';

/**
 * The product list's category filter and search at 100,000 products (docs/catalog.md, "The product list at 100,000
 * products").
 *
 * 1. `product_categories` carries the product's sort keys and equality filters (`status`, `type`, `name_folded`,
 *    `updated_at`; `product_id` orders by creation, ids being time-ordered), kept in step by every product write in the
 *    catalog store, with one index per filter combination × sort key. A category's page is then one index range of
 *    `product_categories`, as migration 0012 made the other filters one range of `products`, instead of a probe per
 *    product read in sort order (the whole store for an empty category).
 * 2. `catalog_search` holds each product's searchable texts, folded as the search folds its query: one row for the name
 *    (`source_id` the product's id) and one per SKU code (`source_id` the SKU's id), with a trigram index (an FTS5
 *    table with the trigram tokenizer on SQLite, kept in step by triggers; `pg_trgm` GIN on PostgreSQL, a trusted
 *    extension any database owner may create). A search then finds its matches from the index instead of reading the
 *    store's products in sort order.
 */
const CATEGORY_INDEXES: ReadonlyArray<readonly [name: string, columns: string[]]> = [
  ['product_categories_category_name_idx', ['category_id', 'name_folded', 'product_id']],
  ['product_categories_category_updated_idx', ['category_id', 'updated_at', 'product_id']],
  ['product_categories_category_status_idx', ['category_id', 'status', 'product_id']],
  ['product_categories_category_status_name_idx', ['category_id', 'status', 'name_folded', 'product_id']],
  ['product_categories_category_status_updated_idx', ['category_id', 'status', 'updated_at', 'product_id']],
  ['product_categories_category_type_idx', ['category_id', 'type', 'product_id']],
  ['product_categories_category_type_name_idx', ['category_id', 'type', 'name_folded', 'product_id']],
  ['product_categories_category_type_updated_idx', ['category_id', 'type', 'updated_at', 'product_id']],
  ['product_categories_category_status_type_idx', ['category_id', 'status', 'type', 'product_id']],
  ['product_categories_category_status_type_name_idx', ['category_id', 'status', 'type', 'name_folded', 'product_id']],
  ['product_categories_category_status_type_updated_idx', ['category_id', 'status', 'type', 'updated_at', 'product_id']],
];

const BATCH = 1000;

export async function up(db: Kysely<unknown>, { dialect, types }: MigrationContext): Promise<void> {
  // 1. The category rows carry the product's filters and sort keys. SQLite adds a NOT NULL column only with a default;
  // every row is filled from its product at once and every later write sets them.
  await db.schema.alterTable('product_categories').addColumn('status', 'varchar(10)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('product_categories').addColumn('type', 'varchar(10)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('product_categories').addColumn('name_folded', 'varchar(200)', (c) => c.notNull().defaultTo('')).execute();
  await db.schema
    .alterTable('product_categories')
    .addColumn('updated_at', types.timestamp, (c) => c.notNull().defaultTo(sql`'1970-01-01T00:00:00.000Z'`))
    .execute();
  await sql`
    update product_categories set
      status = (select p.status from products p where p.id = product_categories.product_id),
      type = (select p.type from products p where p.id = product_categories.product_id),
      name_folded = (select p.name_folded from products p where p.id = product_categories.product_id),
      updated_at = (select p.updated_at from products p where p.id = product_categories.product_id)
  `.execute(db);
  for (const [name, columns] of CATEGORY_INDEXES) await db.schema.createIndex(name).on('product_categories').columns(columns).execute();

  // 2. The search texts with a trigram index.
  await db.schema
    .createTable('catalog_search')
    .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('mode', 'varchar(8)', (c) => c.notNull())
    .addColumn('product_id', 'varchar(40)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('source_id', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('catalog_search_product_idx').on('catalog_search').column('product_id').execute();
  if (dialect === 'postgres') {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index catalog_search_text_trgm_idx on catalog_search using gin (text gin_trgm_ops)`.execute(db);
  } else {
    // An external-content FTS5 table over catalog_search (its integer primary key is a stable rowid), kept in step by
    // the triggers the FTS5 documentation gives for external content.
    await sql`create virtual table catalog_search_fts using fts5(text, content='catalog_search', content_rowid='id', tokenize='trigram')`.execute(db);
    await sql`create trigger catalog_search_ai after insert on catalog_search begin
      insert into catalog_search_fts(rowid, text) values (new.id, new.text); end`.execute(db);
    await sql`create trigger catalog_search_ad after delete on catalog_search begin
      insert into catalog_search_fts(catalog_search_fts, rowid, text) values ('delete', old.id, old.text); end`.execute(db);
    await sql`create trigger catalog_search_au after update on catalog_search begin
      insert into catalog_search_fts(catalog_search_fts, rowid, text) values ('delete', old.id, old.text);
      insert into catalog_search_fts(rowid, text) values (new.id, new.text); end`.execute(db);
  }
  await sql`
    insert into catalog_search (store_id, mode, product_id, source_id, text)
    select store_id, mode, id, id, name_folded from products
  `.execute(db);
  // SKU codes are folded as the search folds its query (case and accents), which SQL cannot do alike on both engines.
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; store_id: string; mode: string; product_id: string; sku: string }>`
      select id, store_id, mode, product_id, sku from skus where sku is not null and id > ${after} order by id limit ${BATCH}
    `.execute(db);
    if (rows.length === 0) break;
    await db
      .insertInto('catalog_search' as never)
      .values(rows.map((r) => ({ store_id: r.store_id, mode: r.mode, product_id: r.product_id, source_id: r.id, text: foldForSearch(r.sku) })) as never)
      .execute();
    after = rows[rows.length - 1]!.id;
  }
}
