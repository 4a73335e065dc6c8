import { type Kysely, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import type { Tenant } from '../context.ts';
import type { CatalogRepo, CredentialCheck, NewSku, ProductWithSkus, SkuAfterStockChange, SkuTree } from '../domain/catalog/ports.ts';
import type { Category, HeldProduct, Product, ProductHead, ProductQuery, ProductStatus, ProductType, Sku, SkuSummary, VariantGroup } from '../domain/catalog/types.ts';
import type { LocationUnits } from '../domain/inventory/types.ts';
import { DEFAULT_CURRENCY } from '../domain/shared/money.ts';
import { foldForSearch } from '../domain/shared/text.ts';
import { type Dialect, fromDate, rowLock, toDate } from './db.ts';
import { pageLimit } from './paging.ts';
import { PREPARED } from './postgres-bounded.ts';
import type { CategoryTable, Database, ProductTable, SkuTable, VariantGroupTable } from './schema.ts';
import { allocateLevels, insertDefaultLevels, releaseLevels, spreadStockChange } from './stock-repo.ts';
import { inTenant, tenantColumns } from './tenant.ts';

const CHUNK = 400;

/**
 * PostgreSQL: what a product row brings besides its own columns when the tree reads ask for it (`treeColumns`), so a
 * product, or a page of them, is read with everything it shows in one statement.
 */
interface TreeRow {
  /** The relations, groups and SKUs; null when the caller holds the product and nothing of it changed since (`since`). */
  tree: {
    c: string[];
    i: string[];
    s: Record<string, string>;
    g: Selectable<VariantGroupTable>[];
    k: Selectable<SkuTable>[];
  } | null;
  tree_currency: string | null;
  /** The statement's snapshot (`pg_current_snapshot()`): what the tree is as of, or the product found unchanged at. */
  tree_snapshot: string;
  /** With a credential's check (`TreeRead.credential`): whether its store changed as a whole since the check's snapshot. */
  credential_changed?: boolean;
}

type PageRow = Selectable<ProductTable> & Partial<TreeRow>;

/**
 * PostgreSQL's tree reads: `since` maps the ids of products the caller holds to the snapshot its copy was read, or last
 * found unchanged, under (the product memo of decision 0013, kept by the catalog change log on this engine).
 */
interface TreeRead {
  since: Readonly<Record<string, string>>;
  /** A kept store context's check, answered by the same statement (`CredentialCheck`). */
  credential?: CredentialCheck | undefined;
}

/**
 * The columns that bring a product's relations, variant groups, SKUs and store currency with its row (PostgreSQL's
 * JSON aggregates; the orders are those of `relations` and `skuTrees`), unless the caller holds the product and the
 * catalog change log has no row of it (or of its whole store) committed since the caller's snapshot: then `tree` is
 * null, and the aggregates are not computed. The look is the front cache's (src/db/db.ts, `CHANGED_SINCE`): rows from
 * the snapshot's xmin on, of a transaction the snapshot did not see, walked down the `(store_id, txid)` index
 * (`ORDER BY … LIMIT 1`, a probe per product, never a hash of the log). Timestamps arrive as ISO-8601 text, which
 * `toDate` reads as it reads SQLite's.
 */
function treeColumns(tenant: Tenant, read: TreeRead) {
  const tree = sql<TreeRow['tree']>`json_build_object(
    'c', coalesce((select json_agg(c.category_id order by c.position, c.category_id) from product_categories c where c.product_id = products.id), '[]'),
    'i', coalesce((select json_agg(i.file_id order by i.position, i.file_id) from product_images i where i.product_id = products.id), '[]'),
    's', coalesce((select json_object_agg(s.specification_id, s.value order by s.specification_id) from product_specifications s where s.product_id = products.id), '{}'),
    'g', coalesce((select json_agg(g order by g.id) from variant_groups g where g.product_id = products.id and g.store_id = products.store_id and g.mode = products.mode), '[]'),
    'k', coalesce((select json_agg(k order by k.group_id, k.id) from skus k where k.product_id = products.id and k.store_id = products.store_id and k.mode = products.mode), '[]'))`;
  const held = Object.keys(read.since).length === 0 ? null : JSON.stringify(read.since);
  const since = sql`(${held}::jsonb ->> products.id)::pg_snapshot`;
  return [
    (held === null
      ? tree
      : sql<TreeRow['tree']>`case when ${since} is not null and (
          select 1 from catalog_changes cc
          where cc.store_id = products.store_id and cc.txid >= pg_snapshot_xmin(${since}) and not pg_visible_in_snapshot(cc.txid, ${since})
            and (cc.product_id = products.id or cc.product_id is null)
          order by cc.store_id desc, cc.txid desc limit 1
        ) is null then null else ${tree} end`
    ).as('tree'),
    // The store's, not the row's: a product not found (`productTreeRow`) still brings it.
    sql<string | null>`(select st.currency from stores st where st.id = ${tenant.storeId})`.as('tree_currency'),
    // Sent as a named prepared statement (decision 0039): planning these took most of their database time.
    sql<string>`pg_current_snapshot()::text ${sql.raw(PREPARED)}`.as('tree_snapshot'),
    ...(read.credential === undefined ? [] : [credentialChanged(read.credential)]),
  ];
}

/**
 * Whether the catalog change log holds a whole-store row of the check's store committed since its snapshot: the
 * principal memo's look (src/db/db.ts, `CHANGED_SINCE` for a check of no products), as a column of the read it rides on
 * (decision 0044). Not correlated with the rows: PostgreSQL computes it once per statement.
 */
function credentialChanged(check: CredentialCheck) {
  const since = sql`${check.since}::pg_snapshot`;
  return sql<boolean>`((
    select 1 from catalog_changes cc
    where cc.store_id = ${check.storeId} and cc.txid >= pg_snapshot_xmin(${since}) and not pg_visible_in_snapshot(cc.txid, ${since})
      and cc.product_id is null
    order by cc.store_id desc, cc.txid desc limit 1
  ) is not null)`.as('credential_changed');
}

/** Fills in the check's outcome from a row of the statement that carried it. */
function answer(check: CredentialCheck | undefined, row: Partial<TreeRow> | undefined): void {
  if (check === undefined || row?.tree_snapshot === undefined || row.credential_changed === undefined) return;
  check.outcome = { changed: row.credential_changed, snapshot: row.tree_snapshot };
}

/** Groups and SKUs (each ordered by id) as each product's tree: its single SKU (SIMPLE) and its groups with theirs. */
function assembleTrees(groups: Selectable<VariantGroupTable>[], skus: Selectable<SkuTable>[]): Map<string, SkuTree> {
  const out = new Map<string, SkuTree>();
  const treeOf = (productId: string) => out.get(productId) ?? out.set(productId, { simpleSku: null, variantGroups: [] }).get(productId)!;
  const byGroup = new Map<string, Sku[]>();
  for (const s of skus) {
    if (s.group_id === null) treeOf(s.product_id).simpleSku = toSku(s);
    else (byGroup.get(s.group_id) ?? byGroup.set(s.group_id, []).get(s.group_id)!).push(toSku(s));
  }
  for (const g of groups) treeOf(g.product_id).variantGroups.push(toGroup(g, byGroup.get(g.id) ?? []));
  return out;
}

/**
 * The most products a search sorts itself (docs/catalog.md): a search matching more walks the sort order instead, and
 * finds its page within 21 × catalog / SEARCH_CANDIDATES rows (2,100 at 100,000 products).
 */
export const SEARCH_CANDIDATES = 1000;

export function toSku(r: Selectable<SkuTable>): Sku {
  return {
    id: r.id,
    productId: r.product_id,
    groupId: r.group_id,
    sku: r.sku,
    priceMinor: Number(r.price_minor),
    discountBp: Number(r.discount_bp),
    quantityInStock: Number(r.quantity_in_stock),
    attributes: JSON.parse(r.attributes) as Record<string, string>,
    taxClass: r.tax_class ?? null,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

function toGroup(r: Selectable<VariantGroupTable>, skus: Sku[]): VariantGroup {
  return {
    id: r.id,
    productId: r.product_id,
    attributeName: r.attribute_name,
    attributeValue: r.attribute_value,
    imageFileId: r.image_file_id,
    colorId: r.color_id,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
    skus,
  };
}

function toCategory(r: Selectable<CategoryTable>): Category {
  return {
    id: r.id,
    parentId: r.parent_id,
    name: r.name,
    slug: r.slug,
    position: Number(r.position),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  };
}

function chunks<T>(rows: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Products, categories, variant groups and SKUs. Every method takes the tenant first and filters on it (`inTenant`). */
export function createCatalogRepo(db: Kysely<Database>, dialect: Dialect, options: { searchCandidates?: number } = {}): CatalogRepo {
  const locked = rowLock(dialect);
  /** Whether the product is the tenant's: the child tables (categories, images, specifications) carry no tenant. */
  const ownsProduct = async (tenant: Tenant, productId: string) =>
    (await db.selectFrom('products').select('id').where(inTenant(tenant)).where('id', '=', productId).executeTakeFirst()) !== undefined;
  const searchLimit = options.searchCandidates ?? SEARCH_CANDIDATES;

  /** The categories, images and specifications of products, in one statement per CHUNK products. */
  async function relations(productIds: string[]) {
    const categories = new Map<string, string[]>();
    const images = new Map<string, string[]>();
    const specifications = new Map<string, Record<string, string>>();
    for (const ids of chunks(productIds)) {
      const rows = await db
        .selectFrom('product_categories')
        .select(['product_id', sql<string>`'c'`.as('kind'), 'category_id as ref', 'position', sql<string | null>`null`.as('value')])
        .where('product_id', 'in', ids)
        .unionAll(db.selectFrom('product_images').select(['product_id', sql<string>`'i'`.as('kind'), 'file_id as ref', 'position', sql<string | null>`null`.as('value')]).where('product_id', 'in', ids))
        .unionAll(db.selectFrom('product_specifications').select(['product_id', sql<string>`'s'`.as('kind'), 'specification_id as ref', sql<number>`0`.as('position'), 'value']).where('product_id', 'in', ids))
        .orderBy('product_id')
        .orderBy('kind')
        .orderBy('position')
        .orderBy('ref')
        .execute();
      for (const r of rows) {
        if (r.kind === 'c') (categories.get(r.product_id) ?? categories.set(r.product_id, []).get(r.product_id)!).push(r.ref);
        else if (r.kind === 'i') (images.get(r.product_id) ?? images.set(r.product_id, []).get(r.product_id)!).push(r.ref);
        else (specifications.get(r.product_id) ?? specifications.set(r.product_id, {}).get(r.product_id)!)[r.ref] = r.value!;
      }
    }
    return { categories, images, specifications };
  }

  const headOf = (r: Selectable<ProductTable>): ProductHead => {
    const status = r.status as ProductStatus;
    return r.revision === undefined ? { id: r.id, status } : { id: r.id, status, revision: Number(r.revision) };
  };

  function toProducts(rows: Selectable<ProductTable>[], rel: Awaited<ReturnType<typeof relations>>): Product[] {
    return rows.map((r) => ({
      ...headOf(r),
      type: r.type as ProductType,
      name: r.name,
      slug: r.slug,
      description: r.description,
      status: r.status as ProductStatus,
      categoryIds: rel.categories.get(r.id) ?? [],
      imageFileIds: rel.images.get(r.id) ?? [],
      specifications: rel.specifications.get(r.id) ?? {},
      taxClass: r.tax_class,
      createdAt: toDate(r.created_at),
      updatedAt: toDate(r.updated_at),
    }));
  }

  /** The products of `rows` in order; those `skip` says the caller holds as `{ held: head }`, their relations not read. */
  async function productsUnlessHeld(rows: Selectable<ProductTable>[], skip?: (head: ProductHead) => boolean): Promise<Array<Product | HeldProduct>> {
    const heads = rows.map(headOf);
    const held = heads.map((h) => skip?.(h) ?? false);
    const wanted = rows.filter((_, i) => !held[i]);
    const loaded = toProducts(wanted, await relations(wanted.map((r) => r.id)));
    let next = 0;
    return heads.map((head, i) => (held[i] ? { held: head } : loaded[next++]!));
  }

  /**
   * A page of one category's products, without a search: the page's product ids are read from `product_categories`
   * alone (one range of its `(category_id, [status], [type], sort, product_id)` index, at most `limit + 1` entries), and
   * only then are those products read by id. The LIMIT inside the derived table keeps both engines from joining first:
   * PostgreSQL otherwise merge-joins the category with the whole products key to sort by id (tens of thousands of rows
   * on a middle page at 100,000 products). A category's products all belong to its store and mode (categories are
   * checked when a product is filed), so the store and mode condition after the LIMIT never shortens a page.
   */
  async function categoryPage(
    tenant: Tenant,
    query: ProductQuery & { categoryId: string },
    sortColumn: 'name_folded' | 'updated_at' | null,
    descending: boolean,
    after: { value: string; id: string } | undefined,
    trees: TreeRead | false,
  ): Promise<PageRow[]> {
    const direction = descending ? 'desc' : 'asc';
    let page = db
      .selectFrom('product_categories')
      .select(['product_categories.product_id as product_id', sql.ref(`product_categories.${sortColumn ?? 'product_id'}`).as('sort_value')])
      .where('product_categories.category_id', '=', query.categoryId);
    if (query.status) page = page.where('product_categories.status', '=', query.status);
    if (query.type) page = page.where('product_categories.type', '=', query.type);
    if (after) {
      const op = descending ? '<' : '>';
      if (!sortColumn) page = page.where('product_categories.product_id', op, after.id);
      else page = page.where(sql<boolean>`(${sql.ref(`product_categories.${sortColumn}`)}, product_categories.product_id) ${sql.raw(op)} (${after.value}, ${after.id})`);
    }
    if (sortColumn) page = page.orderBy(sql.ref(`product_categories.${sortColumn}`), direction);
    page = page.orderBy('product_categories.product_id', direction).$call(pageLimit(query.limit));
    const rows = await db
      .selectFrom(page.as('page'))
      .crossJoin('products')
      .whereRef('products.id', '=', 'page.product_id')
      .where(inTenant(tenant, 'products'))
      .selectAll('products')
      .$if(trees !== false, (q) => q.select(treeColumns(tenant, trees as TreeRead)))
      .orderBy('page.sort_value', direction)
      .orderBy('page.product_id', direction)
      .execute();
    return rows;
  }

  /**
   * The products whose name or a SKU code may contain the (folded) search text, under the list's other filters, from
   * the trigram index (migration 0013): a superset of the matches, the list applying the exact condition after. Null
   * when the index cannot narrow the search (no run of three characters without `%` or `_` to look up) or when more
   * than `searchLimit` products (SEARCH_CANDIDATES) may match, where walking the sort order finds a page sooner.
   */
  async function searchCandidates(tenant: Tenant, query: ProductQuery): Promise<string[] | null> {
    const text = query.q!;
    if (!text.split(/[%_]/).some((run) => [...run].length >= 3)) return null;
    const texts = db.selectFrom('catalog_search').select('catalog_search.product_id').where(inTenant(tenant, 'catalog_search'));
    // SQLite's FTS5 trigram index serves LIKE without ESCAPE only, so `%` and `_` in the text match anything there
    // (a superset still); PostgreSQL's pg_trgm serves the exact, escaped pattern (backslash is its default escape).
    const matching =
      dialect === 'postgres'
        ? texts.where('catalog_search.text', 'ilike', likePattern(text))
        : texts.where('catalog_search.id', 'in', sql<number>`(select rowid from catalog_search_fts where text like ${`%${text}%`})`);
    // The matching texts are read from the trigram index first, all of them (a materialized CTE): asked for the first
    // distinct products directly, PostgreSQL walks the product index in order instead, filtering every text of the store.
    let q = db
      .with((cte) => cte('matches').materialized(), () => matching)
      .selectFrom('matches')
      .select('matches.product_id')
      .distinct();
    if (query.status || query.type) {
      const { status, type } = query;
      q = q.where((eb) => {
        // The store and mode again, so that PostgreSQL, when it hashes the products that pass instead of probing each
        // match, reads the store's products through its (store, mode, status, type) indexes, not every store's.
        let product = eb
          .selectFrom('products')
          .select('products.id')
          .whereRef('products.id', '=', 'matches.product_id')
          .where(inTenant(tenant, 'products'));
        if (status) product = product.where('products.status', '=', status);
        if (type) product = product.where('products.type', '=', type);
        return eb.exists(product);
      });
    }
    if (query.categoryId) {
      const categoryId = query.categoryId;
      q = q.where((eb) =>
        eb.exists(eb.selectFrom('product_categories').select('product_categories.product_id').whereRef('product_categories.product_id', '=', 'matches.product_id').where('product_categories.category_id', '=', categoryId)),
      );
    }
    const rows = await q.limit(searchLimit + 1).execute();
    return rows.length > searchLimit ? null : rows.map((r) => r.product_id);
  }

  /** A product's row. */
  function productRow(tenant: Tenant, id: string): Promise<Selectable<ProductTable> | undefined> {
    return db.selectFrom('products').selectAll('products').where(inTenant(tenant, 'products')).where('products.id', '=', id).executeTakeFirst();
  }

  /**
   * PostgreSQL: a product's row with its tree (`treeColumns`), or `row` undefined when the store has no such product;
   * one row either way (the product joined to a row of its own), so a product not found still brings the store's
   * currency, the snapshot and the credential's check in the same statement.
   */
  async function productTreeRow(tenant: Tenant, id: string, read: TreeRead): Promise<{ row: PageRow | undefined; currency: string }> {
    const found = (await db
      .selectFrom(sql<{ one: number }>`(select 1 as one)`.as('one'))
      .leftJoin('products', (join) => join.on(inTenant(tenant, 'products')).on('products.id', '=', id))
      .selectAll('products')
      .select(treeColumns(tenant, read))
      .executeTakeFirstOrThrow()) as PageRow;
    answer(read.credential, found);
    return { row: found.id === null ? undefined : found, currency: found.tree_currency ?? DEFAULT_CURRENCY };
  }

  /**
   * The rows of `listProducts` and `listTreesUnlessHeld` (see CatalogRepo); with `trees` (PostgreSQL), each row also
   * brings its product's relations, groups, SKUs and store currency (`treeColumns`), in the same statement.
   */
  async function listPage(tenant: Tenant, query: ProductQuery, after: { value: string; id: string } | undefined, trees: TreeRead | false): Promise<PageRow[]> {
    const descending = query.sort.startsWith('-');
    const field = query.sort.replace('-', '');
    const sortColumn = field === 'name' ? 'name_folded' : field === 'updatedAt' ? 'updated_at' : null;
    if (query.categoryId && !query.q) return categoryPage(tenant, query as ProductQuery & { categoryId: string }, sortColumn, descending, after, trees);
    const candidates = query.q ? await searchCandidates(tenant, query) : null;
    if (candidates?.length === 0) return [];
    // The table whose index serves the page (its filter and sort columns, and its product id) comes first, or, for a
    // search's few candidates, `products` looked up by id. SQLite keeps the order of a CROSS JOIN (its documented
    // join-order hint; left alone it may walk the store's products and probe each for the category); PostgreSQL
    // plans a CROSS JOIN with a WHERE condition as any join.
    const from = query.categoryId ? 'product_categories' : 'products';
    const idColumn = query.categoryId ? 'product_categories.product_id' : 'products.id';
    let q = !query.categoryId
      ? db.selectFrom('products')
      : ((candidates ? db.selectFrom('products').crossJoin('product_categories') : db.selectFrom('product_categories').crossJoin('products'))
          .whereRef('product_categories.product_id', '=', 'products.id')
          .where('product_categories.category_id', '=', query.categoryId) as unknown as SelectQueryBuilder<Database, 'products', object>);
    q = q.where(inTenant(tenant, 'products'));
    if (query.status) q = q.where(sql.ref(`${from}.status`), '=', query.status);
    if (query.type) q = q.where(sql.ref(`${from}.type`), '=', query.type);
    if (candidates) q = q.where('products.id', 'in', candidates);
    if (query.q) {
      // The exact condition: the folded name, or one of the product's folded SKU codes (catalog_search), contains the
      // folded text. Both are folded alike in JavaScript, so case and accents match the same on both engines.
      const pattern = likePattern(query.q);
      q = q.where((eb) =>
        eb.or([
          eb(sql`products.name_folded`, 'like', sql`${pattern} escape '\\'`),
          // `(select … limit 1) is not null`, not `exists (…)`: PostgreSQL may turn an EXISTS into one hashed set of
          // every matching text of the store (a scan of the table for a search too short for trigrams) where a probe
          // of the product's texts, for each product the walk reads, costs a few rows. A scalar subquery it probes.
          eb(
            eb
              .selectFrom('catalog_search')
              .select('catalog_search.id')
              .whereRef('catalog_search.product_id', '=', 'products.id')
              .where(sql`catalog_search.text`, 'like', sql`${pattern} escape '\\'`)
              .limit(1),
            'is not',
            null,
          ),
        ]),
      );
    }
    if (after) {
      const op = descending ? '<' : '>';
      if (!sortColumn) {
        q = q.where(sql.ref(idColumn), op, after.id);
        // By creation in a category, the same bound on `products.id` too: PostgreSQL may merge-join the two tables in
        // id order, and then reads neither from the start.
        if (query.categoryId) q = q.where('products.id', op, after.id);
      }
      // A row-value comparison `(column, id) > (value, id)`, not `a > v or (a = v and id > i)`: both engines use it as
      // an index range, so a deep page costs what the first one does (bench/catalog.md).
      else q = q.where(sql<boolean>`(${sql.ref(`${from}.${sortColumn}`)}, ${sql.ref(idColumn)}) ${sql.raw(op)} (${after.value}, ${after.id})`);
    }
    const direction = descending ? 'desc' : 'asc';
    // A search's candidates are sorted as they are: SQLite's unary `+` (a no-op on any value) keeps it from walking a
    // sort index instead of looking the candidates up by id.
    const orderKey = (column: string) => (candidates && dialect === 'sqlite' ? sql`+${sql.ref(column)}` : sql.ref(column));
    if (sortColumn) q = q.orderBy(orderKey(`${from}.${sortColumn}`), direction);
    return q
      .selectAll('products')
      .$if(trees !== false, (qb) => qb.select(treeColumns(tenant, trees as TreeRead)))
      .orderBy(orderKey(idColumn), direction)
      .$call(pageLimit(query.limit))
      .execute();
  }

  /** The store's currency (its code; USD for a store that has none). */
  async function currencyCode(tenant: Tenant): Promise<string> {
    return (await db.selectFrom('stores').select('currency').where('id', '=', tenant.storeId).executeTakeFirst())?.currency ?? DEFAULT_CURRENCY;
  }

  /** Each product's SKUs in two reads: its single SKU of a SIMPLE product (or none) and its variant groups, with theirs. */
  async function skuTreesOf(tenant: Tenant, productIds: string[]): Promise<Map<string, SkuTree>> {
    const out = new Map<string, SkuTree>();
    for (const id of productIds) out.set(id, { simpleSku: null, variantGroups: [] });
    for (const ids of chunks(productIds)) {
      const [groups, skus] = await Promise.all([
        db.selectFrom('variant_groups').selectAll().where(inTenant(tenant)).where('product_id', 'in', ids).orderBy('product_id').orderBy('id').execute(),
        db.selectFrom('skus').selectAll().where(inTenant(tenant)).where('product_id', 'in', ids).orderBy('group_id').orderBy('id').execute(),
      ]);
      for (const [id, tree] of assembleTrees(groups, skus)) out.set(id, tree);
    }
    return out;
  }

  /**
   * The tree reads on SQLite: the products `skip` says the caller holds at the store's currency (the memo of decision
   * 0013) come back held, their relations and SKUs not read; the others with theirs.
   */
  async function treesUnlessHeld(tenant: Tenant, rows: Selectable<ProductTable>[], skip: (head: ProductHead, currency: string) => boolean, currency: string): Promise<Array<ProductWithSkus | HeldProduct>> {
    const products = await productsUnlessHeld(rows, (head) => skip(head, currency));
    const wanted = products.filter((p): p is Product => !('held' in p));
    const skus = wanted.length === 0 ? new Map<string, SkuTree>() : await skuTreesOf(tenant, wanted.map((p) => p.id));
    return products.map((p) => ('held' in p ? p : { ...p, ...skus.get(p.id)! }));
  }

  /**
   * Rows that brought their trees (`treeColumns`, PostgreSQL) as the products with their SKUs, or held when `skip` says
   * so. Each head carries the statement's snapshot and, for a product the caller named in `since`, whether it was found
   * unchanged (its tree not read). One found unchanged that `skip` then does not take (the caller's copy went meanwhile)
   * is read again, whole.
   */
  async function treesOfRows(tenant: Tenant, rows: PageRow[], skip: (head: ProductHead, currency: string) => boolean): Promise<Array<ProductWithSkus | HeldProduct>> {
    const read = await Promise.all(
      rows.map(async (row) => {
        const head: ProductHead = { ...headOf(row), snapshot: row.tree_snapshot!, unchanged: row.tree === null };
        if (skip(head, row.tree_currency ?? DEFAULT_CURRENCY)) return { held: head };
        const whole = row.tree === null ? (await productTreeRow(tenant, row.id, { since: {} })).row : row;
        if (whole === undefined) return null; // deleted since the first statement: gone from the answer too
        const tree = whole.tree!;
        const [product] = toProducts([whole], { categories: new Map([[whole.id, tree.c]]), images: new Map([[whole.id, tree.i]]), specifications: new Map([[whole.id, tree.s]]) });
        return { ...product!, snapshot: whole.tree_snapshot!, ...(assembleTrees(tree.g, tree.k).get(whole.id) ?? { simpleSku: null, variantGroups: [] }) };
      }),
    );
    return read.filter((p) => p !== null);
  }

  type Wants = ReadonlyArray<{ skuId: string; quantity: number }>;

  /** One conditional update per SKU, in the caller's order (SKU id: the lock order of decision 0030); stops at the first short one. */
  async function takeStockEach(tenant: Tenant, wants: Wants, now: Date): Promise<{ skus: Sku[] } | { short: string }> {
    const skus: Sku[] = [];
    for (const want of wants) {
      const row = await db
        .updateTable('skus')
        .set({ quantity_in_stock: sql`quantity_in_stock - ${want.quantity}`, updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('id', '=', want.skuId)
        .where(sql<boolean>`quantity_in_stock >= ${want.quantity}`)
        .returningAll()
        .executeTakeFirst();
      if (!row) return { short: want.skuId };
      skus.push(toSku(row));
    }
    return { skus };
  }

  /**
   * PostgreSQL, distinct SKUs: `takeStockEach` in one statement. The SKU rows are locked in SKU-id order first (the
   * lock order of decision 0030), then each gets its conditional update: a row locked is changed and checked in its
   * latest version (an update reads a row changed since the statement began again), so a row not updated has too
   * little stock, the same refusal (the first such SKU in the caller's order; the caller's transaction rolls back).
   */
  async function takeStockAtOnce(tenant: Tenant, wants: Wants, now: Date): Promise<{ skus: Sku[] } | { short: string }> {
    const ids = sql.join(wants.map((w) => w.skuId));
    const wanted = sql.join(wants.map((w) => sql`(${w.skuId}, cast(${w.quantity} as integer))`));
    const { rows } = await sql<Selectable<SkuTable>>`with "locked" as materialized (select "id" from "skus" where ${inTenant(tenant)} and "id" in (${ids}) order by "id" for update), "wanted" ("id", "quantity") as (values ${wanted}) update "skus" set "quantity_in_stock" = "skus"."quantity_in_stock" - "wanted"."quantity", "updated_at" = ${fromDate(now)} from "locked" join "wanted" on "wanted"."id" = "locked"."id" where "skus"."id" = "locked"."id" and "skus"."quantity_in_stock" >= "wanted"."quantity" returning "skus".*`.execute(db);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const skus: Sku[] = [];
    for (const want of wants) {
      const row = byId.get(want.skuId);
      if (!row) return { short: want.skuId };
      skus.push(toSku(row));
    }
    return { skus };
  }

  return {
    // ---- products -----------------------------------------------------------------------------------------

    async insertProduct(tenant: Tenant, p: Product, nameFolded: string): Promise<void> {
      await db
        .insertInto('products')
        .values({
          id: p.id,
          ...tenantColumns(tenant),
          type: p.type,
          name: p.name,
          name_folded: nameFolded,
          slug: p.slug,
          description: p.description,
          status: p.status,
          tax_class: p.taxClass,
          created_at: fromDate(p.createdAt),
          updated_at: fromDate(p.updatedAt),
        })
        .execute();
      await db.insertInto('catalog_search').values({ ...tenantColumns(tenant), product_id: p.id, source_id: p.id, text: nameFolded }).execute();
    },

    async updateProduct(
      tenant: Tenant,
      id: string,
      set: { name?: string; nameFolded?: string; slug?: string; description?: string | null; status?: ProductStatus; taxClass?: string },
      now: Date,
    ): Promise<void> {
      const result = await db
        .updateTable('products')
        .set({
          ...(set.name !== undefined ? { name: set.name, name_folded: set.nameFolded! } : {}),
          ...(set.slug !== undefined ? { slug: set.slug } : {}),
          ...(set.description !== undefined ? { description: set.description } : {}),
          ...(set.status !== undefined ? { status: set.status } : {}),
          ...(set.taxClass !== undefined ? { tax_class: set.taxClass } : {}),
          updated_at: fromDate(now),
        })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return;
      await db
        .updateTable('product_categories')
        .set({
          ...(set.name !== undefined ? { name_folded: set.nameFolded! } : {}),
          ...(set.status !== undefined ? { status: set.status } : {}),
          updated_at: fromDate(now),
        })
        .where('product_id', '=', id)
        .execute();
      if (set.name !== undefined) await db.updateTable('catalog_search').set({ text: set.nameFolded! }).where('source_id', '=', id).execute();
    },

    /** Marks a product changed (a group or SKU of it changed). */
    async touchProduct(tenant: Tenant, id: string, now: Date): Promise<void> {
      if (dialect === 'postgres') {
        // One round trip: the category rows are touched by the statement that touches the product (a data-modifying
        // CTE; SQLite has none), only when the product is the tenant's.
        await db
          .with('touched', (w) => w.updateTable('products').set({ updated_at: fromDate(now) }).where(inTenant(tenant)).where('id', '=', id).returning('id'))
          .updateTable('product_categories')
          .set({ updated_at: fromDate(now) })
          .where('product_id', 'in', (eb) => eb.selectFrom('touched').select('touched.id'))
          .execute();
        return;
      }
      const result = await db.updateTable('products').set({ updated_at: fromDate(now) }).where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) await db.updateTable('product_categories').set({ updated_at: fromDate(now) }).where('product_id', '=', id).execute();
    },

    async deleteProduct(tenant: Tenant, id: string): Promise<boolean> {
      const result = await db.deleteFrom('products').where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /**
     * The product's type, taking a write lock on its row on PostgreSQL so concurrent writes to one product (its
     * groups, SKUs, preconditions) run one after another. SQLite transactions are serialised already.
     */
    async lockProduct(tenant: Tenant, id: string): Promise<{ id: string; type: ProductType } | undefined> {
      let q = db.selectFrom('products').select(['id', 'type']).where(inTenant(tenant)).where('id', '=', id);
      q = locked(q);
      const row = await q.executeTakeFirst();
      return row && { id: row.id, type: row.type as ProductType };
    },

    async findProduct(tenant: Tenant, id: string): Promise<Product | undefined> {
      const row = await productRow(tenant, id);
      return row && ((await productsUnlessHeld([row]))[0] as Product);
    },

    async findTreeUnlessHeld(tenant, id, skip, since = {}, credential = undefined) {
      if (dialect === 'postgres') {
        const { row, currency } = await productTreeRow(tenant, id, { since, credential });
        return { currency, product: row && (await treesOfRows(tenant, [row], skip))[0] };
      }
      const currency = await currencyCode(tenant);
      const row = await productRow(tenant, id);
      return { currency, product: row && (await treesUnlessHeld(tenant, [row], skip, currency))[0] };
    },

    async slugTaken(tenant: Tenant, slug: string, exceptId?: string): Promise<boolean> {
      let q = db.selectFrom('products').select('id').where(inTenant(tenant)).where('slug', '=', slug);
      if (exceptId) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    /** Slugs of this store starting with `base`, to pick a free `base-2`, `base-3`… */
    async slugsLike(tenant: Tenant, base: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom('products')
        .select('slug')
        .where(inTenant(tenant))
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base.replace(/[\\%_]/g, (c) => `\\${c}`)}-%`)]))
        .execute();
      return new Set(rows.map((r) => r.slug));
    },

    /** Sets a product's categories, each row carrying the product's filters and sort keys as they are now. */
    async replaceCategories(tenant: Tenant, productId: string, categoryIds: string[]): Promise<void> {
      const product = await db.selectFrom('products').select(['status', 'type', 'name_folded', 'updated_at']).where(inTenant(tenant)).where('id', '=', productId).executeTakeFirst();
      if (!product) return;
      await db.deleteFrom('product_categories').where('product_id', '=', productId).execute();
      if (categoryIds.length === 0) return;
      await db
        .insertInto('product_categories')
        .values(categoryIds.map((category_id, position) => ({ product_id: productId, category_id, position, ...product, updated_at: fromDate(toDate(product.updated_at)) })))
        .execute();
    },

    async replaceImages(tenant: Tenant, productId: string, fileIds: string[]): Promise<void> {
      if (!(await ownsProduct(tenant, productId))) return;
      await db.deleteFrom('product_images').where('product_id', '=', productId).execute();
      if (fileIds.length > 0) {
        await db.insertInto('product_images').values(fileIds.map((file_id, position) => ({ product_id: productId, file_id, position }))).execute();
      }
    },

    async replaceSpecifications(tenant: Tenant, productId: string, values: Record<string, string>): Promise<void> {
      if (!(await ownsProduct(tenant, productId))) return;
      await db.deleteFrom('product_specifications').where('product_id', '=', productId).execute();
      const rows = Object.entries(values).map(([specification_id, value]) => ({ product_id: productId, specification_id, value }));
      if (rows.length > 0) await db.insertInto('product_specifications').values(rows).execute();
    },

    /**
     * One page of products (up to `limit + 1` rows, so the caller can tell whether more follow), ordered by the sort
     * key and then id; `after` is the sort value and id of the last row of the previous page (keyset pagination, so
     * a page costs the same however deep it is). `query.q` is folded already (foldForSearch).
     *
     * Every filter × sort reads its page from one index range (docs/catalog.md, "The product list at 100,000
     * products"): without a category from `products` (migrations 0003, 0012); with one from `product_categories`, whose
     * rows carry the product's status, type and sort keys (migration 0013), joined to `products` by id. A search first
     * asks the trigram index for the matching products under the same filters; up to SEARCH_CANDIDATES of them, the page
     * is those few sorted; more, and the page walks the sort order as without a search, which then finds its rows
     * within 21 × catalog / SEARCH_CANDIDATES rows.
     */
    async listProducts(tenant: Tenant, query: ProductQuery, after?: { value: string; id: string }): Promise<Product[]> {
      return (await productsUnlessHeld(await listPage(tenant, query, after, false))) as Product[];
    },

    async listTreesUnlessHeld(tenant, query, after, skip, since = {}, credential = undefined) {
      if (dialect === 'postgres') {
        const rows = await listPage(tenant, query, after, { since, credential });
        // An empty page has no row to answer the check on: the context is checked the usual way.
        answer(credential, rows[0]);
        const currency = rows[0]?.tree_currency ?? (await currencyCode(tenant));
        return { currency, rows: await treesOfRows(tenant, rows, skip) };
      }
      const currency = await currencyCode(tenant);
      return { currency, rows: await treesUnlessHeld(tenant, await listPage(tenant, query, after, false), skip, currency) };
    },

    /** The sort value of a product row for a keyset cursor. */
    async sortValue(tenant: Tenant, id: string, field: 'name' | 'updatedAt'): Promise<string | undefined> {
      const row = await db.selectFrom('products').select(['name_folded', 'updated_at']).where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      return field === 'name' ? row.name_folded : typeof row.updated_at === 'string' ? row.updated_at : row.updated_at.toISOString();
    },

    async skuSummaries(tenant: Tenant, productIds: string[]): Promise<Map<string, SkuSummary>> {
      const out = new Map<string, SkuSummary>();
      for (const ids of chunks(productIds)) {
        const rows = await db
          .selectFrom('skus')
          .select((eb) => [
            'product_id',
            eb.fn.countAll<number>().as('n'),
            eb.fn.sum<number>('quantity_in_stock').as('stock'),
            eb.fn.min<number>('price_minor').as('min_price'),
            eb.fn.max<number>('price_minor').as('max_price'),
          ])
          .where(inTenant(tenant))
          .where('product_id', 'in', ids)
          .groupBy('product_id')
          .execute();
        for (const r of rows) {
          out.set(r.product_id, {
            skuCount: Number(r.n),
            totalStock: Number(r.stock ?? 0),
            minPriceMinor: r.min_price === null ? null : Number(r.min_price),
            maxPriceMinor: r.max_price === null ? null : Number(r.max_price),
          });
        }
      }
      return out;
    },

    async simpleSkus(tenant: Tenant, productIds: string[]): Promise<Map<string, Sku>> {
      const out = new Map<string, Sku>();
      for (const ids of chunks(productIds)) {
        const rows = await db.selectFrom('skus').selectAll().where(inTenant(tenant)).where('product_id', 'in', ids).where('group_id', 'is', null).execute();
        for (const r of rows) out.set(r.product_id, toSku(r));
      }
      return out;
    },

    skuTrees: skuTreesOf,

    // ---- variant groups -----------------------------------------------------------------------------------

    async insertGroup(tenant: Tenant, g: Omit<VariantGroup, 'skus'>): Promise<void> {
      await db
        .insertInto('variant_groups')
        .values({
          id: g.id,
          ...tenantColumns(tenant),
          product_id: g.productId,
          attribute_name: g.attributeName,
          attribute_value: g.attributeValue,
          image_file_id: g.imageFileId,
          color_id: g.colorId,
          created_at: fromDate(g.createdAt),
          updated_at: fromDate(g.updatedAt),
        })
        .execute();
    },

    async findGroup(tenant: Tenant, productId: string, groupId: string): Promise<VariantGroup | undefined> {
      const row = await db
        .selectFrom('variant_groups')
        .selectAll()
        .where(inTenant(tenant))
        .where('product_id', '=', productId)
        .where('id', '=', groupId)
        .executeTakeFirst();
      if (!row) return undefined;
      const skus = await db.selectFrom('skus').selectAll().where('group_id', '=', groupId).orderBy('id').execute();
      return toGroup(row, skus.map(toSku));
    },

    async groupHeader(tenant: Tenant, productId: string, groupId: string): Promise<Omit<VariantGroup, 'skus'> | undefined> {
      const row = await db
        .selectFrom('variant_groups')
        .selectAll()
        .where(inTenant(tenant))
        .where('product_id', '=', productId)
        .where('id', '=', groupId)
        .executeTakeFirst();
      if (!row) return undefined;
      const { skus: _skus, ...header } = toGroup(row, []);
      return header;
    },

    async countGroups(tenant: Tenant, productId: string): Promise<number> {
      const row = await db.selectFrom('variant_groups').select((eb) => eb.fn.countAll<number>().as('n')).where(inTenant(tenant)).where('product_id', '=', productId).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async updateGroup(
      tenant: Tenant,
      groupId: string,
      set: { attributeName?: string; attributeValue?: string; imageFileId?: string | null; colorId?: string | null },
      now: Date,
    ): Promise<void> {
      await db
        .updateTable('variant_groups')
        .set({
          ...(set.attributeName !== undefined ? { attribute_name: set.attributeName } : {}),
          ...(set.attributeValue !== undefined ? { attribute_value: set.attributeValue } : {}),
          ...(set.imageFileId !== undefined ? { image_file_id: set.imageFileId } : {}),
          ...(set.colorId !== undefined ? { color_id: set.colorId } : {}),
          updated_at: fromDate(now),
        })
        .where(inTenant(tenant))
        .where('id', '=', groupId)
        .execute();
    },

    async deleteGroup(tenant: Tenant, groupId: string): Promise<void> {
      await db
        .deleteFrom('catalog_search')
        .where('source_id', 'in', (eb) => eb.selectFrom('skus').select('skus.id').where(inTenant(tenant)).where('group_id', '=', groupId))
        .execute();
      await db.deleteFrom('skus').where(inTenant(tenant)).where('group_id', '=', groupId).execute();
      await db.deleteFrom('variant_groups').where(inTenant(tenant)).where('id', '=', groupId).execute();
    },

    // ---- SKUs ---------------------------------------------------------------------------------------------

    async insertSkus(tenant: Tenant, rows: NewSku[], now: Date): Promise<void> {
      const at = fromDate(now);
      for (const batch of chunks(rows, 200)) {
        await db
          .insertInto('skus')
          .values(
            batch.map((s) => ({
              id: s.id,
              ...tenantColumns(tenant),
              product_id: s.productId,
              group_id: s.groupId,
              sku: s.sku,
              price_minor: s.priceMinor,
              discount_bp: s.discountBp,
              quantity_in_stock: s.quantityInStock,
              attributes: JSON.stringify(s.attributes),
              combination_key: s.combinationKey,
              tax_class: s.taxClass,
              created_at: at,
              updated_at: at,
            })),
          )
          .execute();
        // Their stock is at the store's default location (docs/fulfilment.md).
        await insertDefaultLevels(db, tenant, batch, now);
        const searchable = batch.filter((s) => s.sku !== null);
        if (searchable.length > 0) {
          await db
            .insertInto('catalog_search')
            .values(searchable.map((s) => ({ ...tenantColumns(tenant), product_id: s.productId, source_id: s.id, text: foldForSearch(s.sku!) })))
            .execute();
        }
      }
    },

    async findSku(tenant: Tenant, skuId: string): Promise<Sku | undefined> {
      const row = await db.selectFrom('skus').selectAll().where(inTenant(tenant)).where('id', '=', skuId).executeTakeFirst();
      return row && toSku(row);
    },

    async updateSku(
      tenant: Tenant,
      skuId: string,
      set: { sku?: string | null; priceMinor?: number; discountBp?: number; quantityInStock?: number; attributes?: Record<string, string>; combinationKey?: string; taxClass?: string | null },
      now: Date,
    ): Promise<SkuAfterStockChange | undefined> {
      // Setting the stock figure changes the default location's stock by the difference (docs/fulfilment.md): read the
      // figure under the row's lock first.
      const before =
        set.quantityInStock === undefined
          ? undefined
          : await locked(db.selectFrom('skus').select('quantity_in_stock').where(inTenant(tenant)).where('id', '=', skuId)).executeTakeFirst();
      const result = await db
        .updateTable('skus')
        .set({
          ...(set.sku !== undefined ? { sku: set.sku } : {}),
          ...(set.priceMinor !== undefined ? { price_minor: set.priceMinor } : {}),
          ...(set.discountBp !== undefined ? { discount_bp: set.discountBp } : {}),
          ...(set.quantityInStock !== undefined ? { quantity_in_stock: set.quantityInStock } : {}),
          ...(set.attributes !== undefined ? { attributes: JSON.stringify(set.attributes) } : {}),
          ...(set.combinationKey !== undefined ? { combination_key: set.combinationKey } : {}),
          ...(set.taxClass !== undefined ? { tax_class: set.taxClass } : {}),
          updated_at: fromDate(now),
        })
        .where(inTenant(tenant))
        .where('id', '=', skuId)
        .returningAll()
        .executeTakeFirst();
      const levelChanges =
        result && before && set.quantityInStock !== undefined ? await spreadStockChange(db, tenant, skuId, set.quantityInStock - Number(before.quantity_in_stock), now) : [];
      if (result && set.sku !== undefined) {
        await db.deleteFrom('catalog_search').where('source_id', '=', skuId).execute();
        if (set.sku !== null) {
          await db.insertInto('catalog_search').values({ ...tenantColumns(tenant), product_id: result.product_id, source_id: skuId, text: foldForSearch(set.sku) }).execute();
        }
      }
      return result && { ...toSku(result), levelChanges };
    },

    async setCombinationKeys(tenant: Tenant, keys: Array<{ id: string; combinationKey: string }>): Promise<void> {
      for (const k of keys) {
        await db.updateTable('skus').set({ combination_key: k.combinationKey }).where(inTenant(tenant)).where('id', '=', k.id).execute();
      }
    },

    async deleteSku(tenant: Tenant, skuId: string): Promise<void> {
      await db.deleteFrom('catalog_search').where(inTenant(tenant)).where('source_id', '=', skuId).execute();
      await db.deleteFrom('skus').where(inTenant(tenant)).where('id', '=', skuId).execute();
    },

    async countSkus(tenant: Tenant, productId: string, groupId?: string): Promise<number> {
      let q = db.selectFrom('skus').select((eb) => eb.fn.countAll<number>().as('n')).where(inTenant(tenant)).where('product_id', '=', productId);
      if (groupId) q = q.where('group_id', '=', groupId);
      return Number((await q.executeTakeFirstOrThrow()).n);
    },

    /** Which of these merchant SKU codes are already used in the store (optionally by a SKU other than `exceptId`). */
    async skuCodesTaken(tenant: Tenant, codes: string[], exceptId?: string): Promise<Set<string>> {
      const taken = new Set<string>();
      for (const batch of chunks(codes)) {
        let q = db.selectFrom('skus').select('sku').where(inTenant(tenant)).where('sku', 'in', batch);
        if (exceptId) q = q.where('id', '!=', exceptId);
        for (const r of await q.execute()) if (r.sku) taken.add(r.sku);
      }
      return taken;
    },

    /** Which of these combination keys a product already has (optionally ignoring some SKUs). */
    async combinationsTaken(tenant: Tenant, productId: string, keys: string[], exceptIds: string[] = []): Promise<Set<string>> {
      const taken = new Set<string>();
      for (const batch of chunks(keys)) {
        let q = db.selectFrom('skus').select('combination_key').where(inTenant(tenant)).where('product_id', '=', productId).where('combination_key', 'in', batch);
        if (exceptIds.length > 0) q = q.where('id', 'not in', exceptIds);
        for (const r of await q.execute()) taken.add(r.combination_key);
      }
      return taken;
    },

    /**
     * Changes stock by `delta` in one statement that cannot take it below zero, whatever runs concurrently.
     * Returns the SKU as it is after the change, or null when the SKU does not exist or has too little stock.
     */
    async adjustStock(tenant: Tenant, skuId: string, delta: number, now: Date): Promise<SkuAfterStockChange | null> {
      const row = await db
        .updateTable('skus')
        .set({ quantity_in_stock: sql`quantity_in_stock + ${delta}`, updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('id', '=', skuId)
        .where(sql<boolean>`quantity_in_stock + ${delta} >= 0`)
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      // The levels follow, under the row lock this update holds (docs/fulfilment.md).
      return { ...toSku(row), levelChanges: await spreadStockChange(db, tenant, skuId, delta, now) };
    },

    async allocateStock(tenant: Tenant, wants: ReadonlyArray<{ skuId: string; quantity: number }>, now: Date) {
      // PostgreSQL: one round trip for all SKUs. SQLite: one statement per SKU, which its engine runs faster than the
      // one over the list (measured per checkout: 85 µs for two against 250 µs; decision 0041).
      const taken = dialect === 'postgres' && wants.length > 1 && new Set(wants.map((w) => w.skuId)).size === wants.length ? await takeStockAtOnce(tenant, wants, now) : await takeStockEach(tenant, wants, now);
      if ('short' in taken) return taken;
      // The levels follow, under the row locks these updates hold (docs/fulfilment.md).
      const levels = await allocateLevels(db, tenant, wants, now);
      return { allocated: wants.map((want, i) => ({ sku: taken.skus[i]!, allocations: levels.get(want.skuId)! })) };
    },

    async releaseStock(tenant: Tenant, skuId: string, units: readonly LocationUnits[], now: Date) {
      const before = await locked(db.selectFrom('skus').select('quantity_in_stock').where(inTenant(tenant)).where('id', '=', skuId)).executeTakeFirst();
      if (!before) return null;
      const onSale = await releaseLevels(db, tenant, skuId, units, now);
      const row = await db
        .updateTable('skus')
        .set({ quantity_in_stock: sql`quantity_in_stock + ${onSale}`, updated_at: fromDate(now) })
        .where(inTenant(tenant))
        .where('id', '=', skuId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { sku: toSku(row), from: Number(before.quantity_in_stock) };
    },

    /** The SKU, locked for update on PostgreSQL. */
    async lockSku(tenant: Tenant, skuId: string): Promise<Sku | undefined> {
      let q = db.selectFrom('skus').selectAll().where(inTenant(tenant)).where('id', '=', skuId);
      q = locked(q);
      const row = await q.executeTakeFirst();
      return row && toSku(row);
    },

    /** Whether the store (either mode) holds any amount in its currency: SKUs, promotions or orders. */
    async storeHasAmounts(storeId: string): Promise<boolean> {
      for (const table of ['skus', 'promotions', 'orders'] as const) {
        if (await db.selectFrom(table).select('id').where('store_id', '=', storeId).limit(1).executeTakeFirst()) return true;
      }
      return false;
    },

    // ---- categories ---------------------------------------------------------------------------------------

    async insertCategory(tenant: Tenant, c: Category): Promise<void> {
      await db
        .insertInto('categories')
        .values({
          id: c.id,
          ...tenantColumns(tenant),
          parent_id: c.parentId,
          name: c.name,
          slug: c.slug,
          position: c.position,
          created_at: fromDate(c.createdAt),
          updated_at: fromDate(c.updatedAt),
        })
        .execute();
    },

    /** The category, its row locked until the transaction ends on PostgreSQL (SQLite runs one writer at a time). */
    async lockCategory(tenant: Tenant, id: string): Promise<Category | undefined> {
      let q = db.selectFrom('categories').selectAll().where(inTenant(tenant)).where('id', '=', id);
      q = locked(q);
      const row = await q.executeTakeFirst();
      return row && toCategory(row);
    },

    async findCategory(tenant: Tenant, id: string): Promise<Category | undefined> {
      const row = await db.selectFrom('categories').selectAll().where(inTenant(tenant)).where('id', '=', id).executeTakeFirst();
      return row && toCategory(row);
    },

    async listCategories(tenant: Tenant): Promise<Category[]> {
      const rows = await db.selectFrom('categories').selectAll().where(inTenant(tenant)).orderBy('position').orderBy('name').orderBy('id').execute();
      return rows.map(toCategory);
    },

    async categoriesExisting(tenant: Tenant, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('categories').select('id').where(inTenant(tenant)).where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },

    async categorySlugTaken(tenant: Tenant, slug: string, exceptId?: string): Promise<boolean> {
      let q = db.selectFrom('categories').select('id').where(inTenant(tenant)).where('slug', '=', slug);
      if (exceptId) q = q.where('id', '!=', exceptId);
      return (await q.executeTakeFirst()) !== undefined;
    },

    async updateCategory(
      tenant: Tenant,
      id: string,
      set: { parentId?: string | null; name?: string; slug?: string; position?: number },
      now: Date,
    ): Promise<void> {
      await db
        .updateTable('categories')
        .set({
          ...(set.parentId !== undefined ? { parent_id: set.parentId } : {}),
          ...(set.name !== undefined ? { name: set.name } : {}),
          ...(set.slug !== undefined ? { slug: set.slug } : {}),
          ...(set.position !== undefined ? { position: set.position } : {}),
          updated_at: fromDate(now),
        })
        .where(inTenant(tenant))
        .where('id', '=', id)
        .execute();
    },

    async categoryUsage(tenant: Tenant, id: string): Promise<{ children: number; products: number }> {
      const [children, products] = await Promise.all([
        db.selectFrom('categories').select((eb) => eb.fn.countAll<number>().as('n')).where(inTenant(tenant)).where('parent_id', '=', id).executeTakeFirstOrThrow(),
        db.selectFrom('product_categories').select((eb) => eb.fn.countAll<number>().as('n')).where('category_id', '=', id).executeTakeFirstOrThrow(),
      ]);
      return { children: Number(children.n), products: Number(products.n) };
    },

    async deleteCategory(tenant: Tenant, id: string): Promise<void> {
      await db.deleteFrom('categories').where(inTenant(tenant)).where('id', '=', id).execute();
    },
  };
}

