import type { Insertable, Kysely } from 'kysely';
import type { Mode } from '../../src/context.ts';
import { combinationKey } from '../../src/domain/catalog/catalog-rules.ts';
import { newId } from '../../src/domain/shared/ids.ts';
import { foldForSearch } from '../../src/domain/shared/text.ts';
import { slugify } from '../../src/domain/reference/specifications.ts';
import { fromDate } from '../../src/db/db.ts';
import type { CatalogSearchTable, Database, ProductCategoryTable, ProductTable, SkuTable, VariantGroupTable } from '../../src/db/schema.ts';

/**
 * The catalog seeder. It writes rows straight into `products`, `product_categories`, `variant_groups`, `skus` and
 * `catalog_search`
 * (one transaction per batch) because 100,000 products through `POST /v1/products` + `POST …/variant-groups` would
 * take the better part of the time budget (two HTTP requests, an audit row and several checks per product). The rows
 * are made exactly as the services make them: ids from `newId` (ULIDs, so they sort by creation time), combination
 * keys from `combinationKey`, `name_folded` from `foldForSearch`, slugs from `slugify`, timestamps from `fromDate`
 * (ISO-8601 text), prices in minor units; category rows carry the product's status, type and sort keys, and the search
 * rows its folded name and SKU codes, as the catalog store writes them. What is not written: the audit rows of the creations (nothing the measured
 * routes read).
 */

/** Every fifth product is VARIABLE: 3 groups (Color) × 4 SKUs (Size) = 12 SKUs. */
export const VARIABLE_EVERY = 5;
export const GROUP_VALUES = ['Red', 'Green', 'Blue'] as const;
export const SIZES = ['S', 'M', 'L', 'XL'] as const;

const ADJECTIVES = ['Cotton', 'Linen', 'Wool', 'Café', 'Crème', 'Señor', 'Classic', 'Vintage', 'Organic', 'Slim', 'Relaxed', 'Heavy'];
const NOUNS = ['Tee', 'Shirt', 'Hoodie', 'Mug', 'Cap', 'Scarf', 'Sock', 'Bag', 'Jacket', 'Apron', 'Poster', 'Notebook'];
const STATUSES = ['active', 'active', 'active', 'active', 'active', 'active', 'active', 'draft', 'draft', 'archived'] as const;

/** Rows per multi-row INSERT: stays under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const ROWS_PER_INSERT = 500;
/** Products per transaction. */
const PRODUCTS_PER_TRANSACTION = 2000;

export interface SeedTarget {
  kysely: Kysely<Database>;
  storeId: string;
  mode: Mode;
  /** Category ids of the store; product n is put in category n mod length (none when empty). */
  categoryIds: string[];
}

export interface SeedCounts {
  products: number;
  variantGroups: number;
  skus: number;
}

interface Batch {
  products: Insertable<ProductTable>[];
  categories: Insertable<ProductCategoryTable>[];
  groups: Insertable<VariantGroupTable>[];
  skus: Insertable<SkuTable>[];
  search: Insertable<CatalogSearchTable>[];
}

/** The name of seeded product number `n`; its slug is `slugify(name)`. */
export function productName(n: number): string {
  return `${ADJECTIVES[n % ADJECTIVES.length]} ${NOUNS[Math.floor(n / ADJECTIVES.length) % NOUNS.length]} ${String(n).padStart(6, '0')}`;
}

/** The rows of product number `n` (1-based, unique within the run), created at `now`. */
function productRows(target: SeedTarget, n: number, now: Date, batch: Batch): void {
  const { storeId, mode } = target;
  const at = fromDate(now);
  const variable = n % VARIABLE_EVERY === 0;
  const name = productName(n);
  const id = newId('prd', now);
  const product = {
    id,
    store_id: storeId,
    mode,
    type: variable ? 'VARIABLE' : 'SIMPLE',
    name,
    name_folded: foldForSearch(name),
    slug: slugify(name),
    description: n % 3 === 0 ? null : `${name}: a product of the benchmark catalog.`,
    // By n / 7, not n: a status independent of the type (n mod 5) and the category (n mod the categories), so every
    // combination of filters has products (with n mod 10, every VARIABLE product was active).
    status: STATUSES[Math.floor(n / 7) % STATUSES.length]!,
    created_at: at,
    updated_at: at,
  };
  batch.products.push(product);
  batch.search.push({ store_id: storeId, mode, product_id: id, source_id: id, text: product.name_folded });
  if (target.categoryIds.length > 0) {
    const { status, type, name_folded } = product;
    batch.categories.push({ product_id: id, category_id: target.categoryIds[n % target.categoryIds.length]!, position: 0, status, type, name_folded, updated_at: at });
  }
  const code = `BENCH-${String(n).padStart(6, '0')}`;
  const base = 500 + (n % 200) * 25; // minor units: 5.00 … 54.75
  if (!variable) {
    const skuId = newId('sku', now);
    batch.search.push({ store_id: storeId, mode, product_id: id, source_id: skuId, text: foldForSearch(code) });
    batch.skus.push({
      id: skuId,
      store_id: storeId,
      mode,
      product_id: id,
      group_id: null,
      sku: code,
      price_minor: base,
      discount_bp: n % 4 === 0 ? 1000 : 0,
      quantity_in_stock: n % 17,
      attributes: JSON.stringify({}),
      combination_key: combinationKey(null, {}),
      created_at: at,
      updated_at: at,
    });
    return;
  }
  for (const [g, value] of GROUP_VALUES.entries()) {
    const group = { id: newId('vgr', now), attributeName: 'Color', attributeValue: value };
    batch.groups.push({
      id: group.id,
      store_id: storeId,
      mode,
      product_id: id,
      attribute_name: group.attributeName,
      attribute_value: group.attributeValue,
      image_file_id: null,
      color_id: null,
      created_at: at,
      updated_at: at,
    });
    for (const [s, size] of SIZES.entries()) {
      const attributes = { Size: size };
      const skuId = newId('sku', now);
      const sku = `${code}-${value.toUpperCase()}-${size}`;
      batch.search.push({ store_id: storeId, mode, product_id: id, source_id: skuId, text: foldForSearch(sku) });
      batch.skus.push({
        id: skuId,
        store_id: storeId,
        mode,
        product_id: id,
        group_id: group.id,
        sku,
        price_minor: base + s * 100,
        discount_bp: 0,
        quantity_in_stock: (n + g * 4 + s) % 23,
        attributes: JSON.stringify(attributes),
        combination_key: combinationKey(group, attributes),
        created_at: at,
        updated_at: at,
      });
    }
  }
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await insert(rows.slice(i, i + ROWS_PER_INSERT));
}

/**
 * Adds seeded products number `from + 1` … `to` to the store, one transaction per 2,000 products, calling
 * `progress(done)` after each transaction. Returns the rows written.
 */
export async function seedProducts(target: SeedTarget, from: number, to: number, progress: (done: number) => void): Promise<SeedCounts> {
  const counts: SeedCounts = { products: 0, variantGroups: 0, skus: 0 };
  for (let start = from; start < to; start += PRODUCTS_PER_TRANSACTION) {
    const end = Math.min(to, start + PRODUCTS_PER_TRANSACTION);
    const batch: Batch = { products: [], categories: [], groups: [], skus: [], search: [] };
    const now = new Date();
    for (let n = start + 1; n <= end; n += 1) productRows(target, n, now, batch);
    await target.kysely.transaction().execute(async (trx) => {
      await insertChunked(batch.products, (rows) => trx.insertInto('products').values(rows).execute());
      await insertChunked(batch.categories, (rows) => trx.insertInto('product_categories').values(rows).execute());
      await insertChunked(batch.groups, (rows) => trx.insertInto('variant_groups').values(rows).execute());
      await insertChunked(batch.skus, (rows) => trx.insertInto('skus').values(rows).execute());
      await insertChunked(batch.search, (rows) => trx.insertInto('catalog_search').values(rows).execute());
    });
    counts.products += batch.products.length;
    counts.variantGroups += batch.groups.length;
    counts.skus += batch.skus.length;
    progress(end);
  }
  return counts;
}
