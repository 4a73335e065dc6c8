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
  revision: number;
  currency: string;
  json: string;
  /** The whole `GET /v2/products/{id}` response, made on the first such read. */
  alone?: Representation;
}

/**
 * Product JSON and single-product responses: about 3,000 products of the benchmark's size read both ways (2.7 KB each
 * way), 6,000 read in lists only. Counted in characters of JSON plus bytes of responses; ASCII text takes a byte a
 * character.
 */
export const PRODUCT_MEMO_CHARS = 16 * 1024 * 1024;
/** Whole list pages (107 KB for 50 such products): the pages asked for again and again, a storefront's first pages. */
export const PAGE_MEMO_BYTES = 8 * 1024 * 1024;

const currencyKey = (c: Currency) => `${c.code}:${c.digits}`;

/**
 * The v2 product reads' memo of serialized products (docs/decisions/0013-product-representation-memo.md): a product's
 * `ProductTreeRecord` JSON, kept under its store, mode, id, revision and the store currency. The database raises a
 * product's revision with every change to anything its representation shows (migration 0015, SQLite), so an entry
 * whose revision equals the one just read is the product as it is now; a product read without a revision
 * (PostgreSQL) is neither looked up nor kept. A hit skips reading the product's SKUs and groups, mapping them,
 * validating them against the response schema and serializing them. A page made only of products with revisions is
 * kept whole as well (bytes and ETag), under its products' ids and revisions, the currency, the limit and the next
 * cursor: everything its bytes depend on. Bounded by `maxChars` of product JSON and single-product responses and
 * `maxPageBytes` of pages; the least recently used entries go first.
 */
export function createProductTreeMemo(maxChars = PRODUCT_MEMO_CHARS, maxPageBytes = PAGE_MEMO_BYTES) {
  const products = boundedLru<Entry>(maxChars, (e) => e.json.length + (e.alone?.body.length ?? 0));
  const pages = boundedLru<Representation>(maxPageBytes, (r) => r.body.length);

  const keyOf = (tenant: Tenant, id: string) => `${tenant.storeId}\u0000${tenant.mode}\u0000${id}`;

  /**
   * One request's use of the memo: `held` looks a product up (and pins what it finds for this request, so an eviction
   * in between cannot lose it); `productBody` and `pageBody` make the response of the two routes from the pins and, for
   * products whose tree was read, by serializing them through the response schema (the allow-list) and keeping that.
   */
  function forRequest(tenant: Tenant) {
    const pinned = new Map<string, Entry>();
    const held: HeldCheck = (product, currency) => {
      if (product.revision === undefined) return false;
      const entry = products.get(keyOf(tenant, product.id));
      if (!entry || entry.revision !== product.revision || entry.currency !== currencyKey(currency)) return false;
      pinned.set(product.id, entry);
      return true;
    };
    const entryOf = (item: ProductTree | HeldProduct, currency: Currency): Entry => {
      if ('held' in item) return pinned.get(item.held.id)!;
      const entry: Entry = { revision: item.revision ?? -1, currency: currencyKey(currency), json: serializeProduct(toProductTreeRecord(item, currency)) };
      if (item.revision !== undefined) products.set(keyOf(tenant, item.id), entry);
      return entry;
    };
    const revisionOf = (item: ProductTree | HeldProduct) => ('held' in item ? item.held.revision : item.revision);
    return {
      held,
      /** The `GET /v2/products/{id}` response. */
      productBody(item: ProductTree | HeldProduct, currency: Currency): Representation {
        const entry = entryOf(item, currency);
        if (!entry.alone) {
          entry.alone = representationOf(productEnvelope('Product retrieved', entry.json));
          if (entry.revision >= 0) products.set(keyOf(tenant, 'held' in item ? item.held.id : item.id), entry);
        }
        return entry.alone;
      },
      /** The `GET /v2/products` response. */
      pageBody(items: Array<ProductTree | HeldProduct>, currency: Currency, limit: number, nextCursor: string | null): Representation {
        const jsons = items.map((item) => entryOf(item, currency).json);
        if (items.some((item) => revisionOf(item) === undefined)) return representationOf(productPageEnvelope('Products retrieved', jsons, limit, nextCursor));
        const ids = items.map((item) => `${'held' in item ? item.held.id : item.id}:${revisionOf(item)}`).join(',');
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
