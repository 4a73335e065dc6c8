import { z } from 'zod';
import type { Tenant } from '../context.ts';
import type { HeldCheck } from '../domain/catalog/product-service.ts';
import type { HeldProduct, ProductTree } from '../domain/catalog/types.ts';
import type { Currency } from '../domain/shared/money.ts';
import { ProductTreeRecord, toProductTreeRecord } from '../wire/catalog.ts';
import { boundedLru } from './bounded-lru.ts';
import { type Representation, representationOf } from './representation-memo.ts';
import { envelope, ok } from '../wire/envelope.ts';
import { okPage, pagedEnvelope } from '../wire/page.ts';
import { responseSerializerCompiler } from './response-serializer.ts';

/** What the memo holds of one product: its JSON as `GET /v2/products/{id}` sends it in `data`, and what it depends on. */
interface Entry {
  /** SQLite: the product's revision (decision 0013). */
  revision?: number;
  /**
   * PostgreSQL: the snapshot the JSON is the product as of, moved on each time a read finds the product unchanged
   * since (the catalog change log, decision 0028), and when that was.
   */
  snapshot?: string;
  checkedAt: number;
  currency: string;
  json: string;
  /** The whole `GET /v2/products/{id}` response, made on the first such read. */
  alone?: Representation;
  /** Its own number: a kept page names its products' entries, so it is served while they are the products. */
  serial: number;
}

/**
 * Product JSON and single-product responses: about 3,000 products of the benchmark's size read both ways (2.7 KB each
 * way), 6,000 read in lists only. Counted in characters of JSON plus bytes of responses; ASCII text takes a byte a
 * character.
 */
export const PRODUCT_MEMO_CHARS = 16 * 1024 * 1024;
/** Whole list pages (107 KB for 50 such products): the pages asked for again and again, a storefront's first pages. */
export const PAGE_MEMO_BYTES = 8 * 1024 * 1024;
/**
 * PostgreSQL: how long a copy is trusted after its snapshot was last checked. The cleanup job deletes catalog change
 * log rows after an hour; a copy asked about against an older snapshot could miss a change whose row was deleted, so
 * one not checked for half an hour is read again.
 */
export const SNAPSHOT_TRUST_MS = 30 * 60 * 1000;
/** The products a list URL answered last (PostgreSQL: whose copies the next read of the URL names in `since`). */
const LAST_PAGES_CHARS = 1024 * 1024;

const currencyKey = (c: Currency) => `${c.code}:${c.digits}`;

/**
 * The v2 product reads' memo of serialized products (docs/decisions/0013-product-representation-memo.md): a product's
 * `ProductTreeRecord` JSON, kept under its store, mode and id with what says it is the product now:
 * - SQLite: its revision and the store currency. The database raises a product's revision with every change to
 *   anything its representation shows (migration 0015), so an entry whose revision equals the one just read is the
 *   product as it is now.
 * - PostgreSQL: the snapshot it was read under. A read names the copies it could use (`since`, by product id) and the
 *   statement reads a product's tree only when the catalog change log (migration 0027) has a row of it, or of its
 *   whole store (its currency among others), committed since that snapshot; otherwise the copy is the product as of
 *   the statement's snapshot, which becomes the copy's (decision 0028).
 * A hit skips reading the product's SKUs and groups, mapping them, validating them against the response schema and
 * serializing them. A page made only of kept products is kept whole as well (bytes and ETag), under its products'
 * entries, the currency, the limit and the next cursor: everything its bytes depend on. Bounded by `maxChars` of
 * product JSON and single-product responses and `maxPageBytes` of pages; the least recently used entries go first.
 */
export function createProductTreeMemo(maxChars = PRODUCT_MEMO_CHARS, maxPageBytes = PAGE_MEMO_BYTES, clock: () => number = Date.now) {
  const products = boundedLru<Entry>(maxChars, (e) => e.json.length + (e.alone?.body.length ?? 0));
  const pages = boundedLru<Representation>(maxPageBytes, (r) => r.body.length);
  const lastPages = boundedLru<string[]>(LAST_PAGES_CHARS, (ids) => ids.length * 40);
  let serials = 0;

  const keyOf = (tenant: Tenant, id: string) => `${tenant.storeId}\u0000${tenant.mode}\u0000${id}`;
  const kept = (e: Entry) => e.revision !== undefined || e.snapshot !== undefined;

  /**
   * One request's use of the memo: `since` names the copies a PostgreSQL read may use (and pins them); `held` says
   * whether a product read (or found unchanged) is held, and pins what it finds for this request, so an eviction in
   * between cannot lose it; `productBody` and `pageBody` make the response of the two routes from the pins and, for
   * products whose tree was read, by serializing them through the response schema (the allow-list) and keeping that.
   * `listUrl`: the list request's URL, whose last page's products `sinceForList` names.
   */
  function forRequest(tenant: Tenant, listUrl?: string) {
    const pinned = new Map<string, Entry>();
    const now = clock();
    const since = (ids: readonly string[]): Record<string, string> => {
      const out: Record<string, string> = {};
      for (const id of ids) {
        const entry = products.get(keyOf(tenant, id));
        if (entry?.snapshot === undefined || now - entry.checkedAt > SNAPSHOT_TRUST_MS) continue;
        pinned.set(id, entry);
        out[id] = entry.snapshot;
      }
      return out;
    };
    const listKey = listUrl === undefined ? undefined : `${tenant.storeId}\u0000${tenant.mode}\u0000${listUrl}`;
    const held: HeldCheck = (product, currency) => {
      if (product.snapshot !== undefined) {
        const entry = pinned.get(product.id);
        if (!product.unchanged || !entry || entry.currency !== currencyKey(currency)) return false;
        entry.snapshot = product.snapshot;
        entry.checkedAt = now;
        return true;
      }
      if (product.revision === undefined) return false;
      const entry = products.get(keyOf(tenant, product.id));
      if (!entry || entry.revision !== product.revision || entry.currency !== currencyKey(currency)) return false;
      pinned.set(product.id, entry);
      return true;
    };
    const entryOf = (item: ProductTree | HeldProduct, currency: Currency): Entry => {
      if ('held' in item) return pinned.get(item.held.id)!;
      const entry: Entry = {
        ...(item.revision !== undefined ? { revision: item.revision } : {}),
        ...(item.snapshot !== undefined ? { snapshot: item.snapshot } : {}),
        checkedAt: now,
        currency: currencyKey(currency),
        json: serializeProduct(toProductTreeRecord(item, currency)),
        serial: ++serials,
      };
      if (kept(entry)) products.set(keyOf(tenant, item.id), entry);
      return entry;
    };
    const idOf = (item: ProductTree | HeldProduct) => ('held' in item ? item.held.id : item.id);
    return {
      held,
      /** PostgreSQL: the copy of product `id` a read may use, by id (empty when there is none). */
      since: (id: string) => since([id]),
      /** PostgreSQL: the copies of the products this list URL answered last, by id. */
      sinceForList: () => {
        const ids = listKey === undefined ? undefined : lastPages.get(listKey);
        return ids === undefined ? {} : since(ids);
      },
      /** The `GET /v2/products/{id}` response. */
      productBody(item: ProductTree | HeldProduct, currency: Currency): Representation {
        const entry = entryOf(item, currency);
        if (!entry.alone) {
          entry.alone = representationOf(productEnvelope('Product retrieved', entry.json));
          if (kept(entry)) products.set(keyOf(tenant, idOf(item)), entry);
        }
        return entry.alone;
      },
      /** The `GET /v2/products` response. */
      pageBody(items: Array<ProductTree | HeldProduct>, currency: Currency, limit: number, nextCursor: string | null): Representation {
        const entries = items.map((item) => entryOf(item, currency));
        const jsons = entries.map((e) => e.json);
        if (!entries.every(kept)) return representationOf(productPageEnvelope('Products retrieved', jsons, limit, nextCursor));
        if (listKey !== undefined && entries.some((e) => e.snapshot !== undefined)) lastPages.set(listKey, items.map(idOf));
        const ids = items.map((item, i) => `${idOf(item)}:${entries[i]!.serial}`).join(',');
        const key = `${tenant.storeId}\u0000${tenant.mode}\u0000${currencyKey(currency)}\u0000${limit}\u0000${nextCursor ?? ''}\u0000${ids}`;
        let page = pages.get(key);
        if (!page) {
          page = representationOf(productPageEnvelope('Products retrieved', jsons, limit, nextCursor));
          pages.set(key, page);
        }
        return page;
      },
    };
  }

  return {
    forRequest,
    /** What is held (tests, diagnostics): product entries and characters, pages and bytes. */
    size: () => {
      const p = products.size();
      const g = pages.size();
      return { entries: p.entries, chars: p.total, pages: g.entries, pageBytes: g.total };
    },
  };
}

export type ProductTreeMemo = ReturnType<typeof createProductTreeMemo>;

// Serialized by the serializer the routes' response schemas get (./response-serializer.ts), so the bytes are those it would produce and a
// record that breaks the schema fails as any response would. The bodies around the products come from the same
// schemas with a stand-in for the data: `JSON.stringify` of an array is its elements' JSON joined by commas.
type Serialize = (data: unknown) => string;
const serializerFor = (schema: z.ZodType, url: string) => responseSerializerCompiler({ schema, method: 'GET', url }) as Serialize;
const serializeProduct = serializerFor(ProductTreeRecord, '/v2/products/:productId');

const PLACEHOLDER = '\u0000product';
const PLACEHOLDER_JSON = JSON.stringify(PLACEHOLDER);
const serializeProductShell = serializerFor(envelope(z.literal(PLACEHOLDER)), '/v2/products/:productId');

/** `{ status, message, data: <product> }` as the response schema `envelope(ProductTreeRecord)` serializes it. */
export function productEnvelope(message: string, productJson: string): string {
  const shell = serializeProductShell(ok(message, PLACEHOLDER));
  const at = shell.indexOf(PLACEHOLDER_JSON);
  return `${shell.slice(0, at)}${productJson}${shell.slice(at + PLACEHOLDER_JSON.length)}`;
}

const serializeListShell = serializerFor(pagedEnvelope(z.array(ProductTreeRecord)), '/v2/products');
const EMPTY_DATA = '"data":[]';

/** `{ status, message, data: [<products>], pagination }` as the response schema `pagedEnvelope(z.array(ProductTreeRecord))` serializes it. */
export function productPageEnvelope(message: string, productJsons: string[], limit: number, nextCursor: string | null): string {
  const shell = serializeListShell(okPage(message, [], limit, nextCursor));
  const at = shell.indexOf(EMPTY_DATA) + EMPTY_DATA.length - 1;
  return `${shell.slice(0, at)}${productJsons.join(',')}${shell.slice(at)}`;
}
