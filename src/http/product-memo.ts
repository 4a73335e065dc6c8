import type { FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tenant } from '../context.ts';
import type { HeldCheck, HeldProduct } from '../domain/catalog/product-service.ts';
import type { ProductTree } from '../domain/catalog/types.ts';
import type { Currency } from '../domain/shared/money.ts';
import { ProductTreeRecord, toProductTreeRecord } from '../wire/catalog.ts';
import { envelope, ok } from '../wire/envelope.ts';
import { okPage, pagedEnvelope } from '../wire/page.ts';

/** What the memo holds of one product: its JSON as `GET /v2/products/{id}` sends it in `data`, and what it depends on. */
interface Entry {
  revision: number;
  currency: string;
  json: string;
}

/** About 6,000 products of the benchmark's size (2.7 KB each); JavaScript strings of ASCII text take a byte a character. */
export const PRODUCT_MEMO_CHARS = 16 * 1024 * 1024;

const currencyKey = (c: Currency) => `${c.code}:${c.digits}`;

/**
 * The v2 product reads' memo of serialized products (docs/decisions/0013-product-representation-memo.md): a product's
 * `ProductTreeRecord` JSON, kept under its store, mode, id, revision and the store currency. The database raises a
 * product's revision with every change to anything its representation shows (migration 0015, SQLite), so an entry
 * whose revision equals the one just read is the product as it is now; a product read without a revision
 * (PostgreSQL) is neither looked up nor kept. A hit skips reading the product's SKUs and groups, mapping them,
 * validating them against the response schema and serializing them. Bounded by `maxChars` of JSON; the least recently
 * used entries go first.
 */
export function createProductTreeMemo(maxChars = PRODUCT_MEMO_CHARS) {
  const entries = new Map<string, Entry>();
  let chars = 0;

  const keyOf = (tenant: Tenant, id: string) => `${tenant.storeId}\u0000${tenant.mode}\u0000${id}`;

  function keep(key: string, entry: Entry): void {
    const old = entries.get(key);
    if (old) {
      chars -= old.json.length;
      entries.delete(key);
    }
    entries.set(key, entry);
    chars += entry.json.length;
    while (chars > maxChars && entries.size > 0) {
      const [oldestKey, oldest] = entries.entries().next().value as [string, Entry];
      entries.delete(oldestKey);
      chars -= oldest.json.length;
    }
  }

  /**
   * One request's use of the memo: `held` looks a product up (and pins what it finds for this request, so an eviction
   * in between cannot lose it); `json` gives a product's JSON, from the pin or, for a product whose tree was read, by
   * serializing it through the response schema (the allow-list) and keeping the result.
   */
  function forRequest(tenant: Tenant) {
    const pinned = new Map<string, string>();
    const held: HeldCheck = (product, currency) => {
      if (product.revision === undefined) return false;
      const key = keyOf(tenant, product.id);
      const entry = entries.get(key);
      if (!entry || entry.revision !== product.revision || entry.currency !== currencyKey(currency)) return false;
      entries.delete(key);
      entries.set(key, entry);
      pinned.set(product.id, entry.json);
      return true;
    };
    const json = (item: ProductTree | HeldProduct, currency: Currency): string => {
      if ('held' in item) return pinned.get(item.held.id)!;
      const text = serializeProduct(toProductTreeRecord(item, currency));
      if (item.revision !== undefined) keep(keyOf(tenant, item.id), { revision: item.revision, currency: currencyKey(currency), json: text });
      return text;
    };
    return { held, json };
  }

  return {
    forRequest,
    /** Entries and characters held (tests, diagnostics). */
    size: () => ({ entries: entries.size, chars }),
  };
}

export type ProductTreeMemo = ReturnType<typeof createProductTreeMemo>;

// Serialized by the serializer the routes' response schemas get (app.ts), so the bytes are those it would produce and a
// record that breaks the schema fails as any response would. The bodies around the products come from the same
// schemas with a stand-in for the data: `JSON.stringify` of an array is its elements' JSON joined by commas.
type Serialize = (data: unknown) => string;
const serializerFor = (schema: z.ZodType, url: string) => serializerCompiler({ schema, method: 'GET', url }) as Serialize;
const serializeProduct = serializerFor(ProductTreeRecord, '/v2/products/:productId');

const PLACEHOLDER = '\u0000product';
const PLACEHOLDER_JSON = JSON.stringify(PLACEHOLDER);
const serializeProductShell = serializerFor(envelope(z.literal(PLACEHOLDER)), '/v2/products/:productId');

/** `{ status, message, data: <product> }` as the response schema `envelope(ProductTreeRecord)` serializes it. */
export function productBody(message: string, productJson: string): string {
  const shell = serializeProductShell(ok(message, PLACEHOLDER));
  const at = shell.indexOf(PLACEHOLDER_JSON);
  return `${shell.slice(0, at)}${productJson}${shell.slice(at + PLACEHOLDER_JSON.length)}`;
}

const serializeListShell = serializerFor(pagedEnvelope(z.array(ProductTreeRecord)), '/v2/products');
const EMPTY_DATA = '"data":[]';

/** `{ status, message, data: [<products>], pagination }` as the response schema `pagedEnvelope(z.array(ProductTreeRecord))` serializes it. */
export function productPageBody(message: string, productJsons: string[], limit: number, nextCursor: string | null): string {
  const shell = serializeListShell(okPage(message, [], limit, nextCursor));
  const at = shell.indexOf(EMPTY_DATA) + EMPTY_DATA.length - 1;
  return `${shell.slice(0, at)}${productJsons.join(',')}${shell.slice(at)}`;
}

/** Sends JSON serialized already: Fastify's serializer (and the response schema's) is skipped for a string of JSON. */
export function sendJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
