import { z } from 'zod';
import { envelope, ok } from './envelope.ts';

/**
 * How one list pages: the largest and the default `limit`, the longest `cursor` it takes, and the rules its
 * refusals name (each list keeps the wording it has always answered with; zod's own where none is given).
 */
export interface PageRule {
  maxLimit: number;
  defaultLimit: number;
  cursorLength: number;
  /** The rule a `limit` that is not a number breaks. */
  limitNotANumber?: string;
  /** The rule a `cursor` longer than `cursorLength` breaks. */
  cursorTooLong?: string;
}

/** Most lists: 1 to 100 items a page, 20 unless asked, cursors up to 500 characters. */
export const PAGE: PageRule = { maxLimit: 100, defaultLimit: 20, cursorLength: 500 };

/** The order, promotion and audit-log lists: as `PAGE`, with cursors up to 200 characters. */
export const PAGE_SHORT_CURSOR: PageRule = { ...PAGE, cursorLength: 200 };

/** The lists whose refusals name every rule (customers, reviews, promo ads): as `PAGE`. */
export const PAGE_NAMING_RULES: PageRule = { ...PAGE, limitNotANumber: 'must be a number', cursorTooLong: 'must be a nextCursor returned by this list' };

/**
 * The `limit` and `cursor` of a list request: as query-string fields (coerced from text) for a REST route, or as
 * tool arguments (numbers, described for the assistant) for an MCP tool. Spread them before the list's filters.
 */
export function pageFields(rule: PageRule, from: 'query' | 'arguments') {
  const number = from === 'query' ? z.coerce.number(rule.limitNotANumber === undefined ? undefined : { error: rule.limitNotANumber }) : z.number();
  const limit = number
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(rule.maxLimit, `must be at most ${rule.maxLimit}`)
    .default(rule.defaultLimit);
  const cursor = z.string().max(rule.cursorLength, rule.cursorTooLong).optional();
  if (from === 'query') return { limit, cursor };
  return {
    limit: limit.describe(`how many to return (1-${rule.maxLimit}, default ${rule.defaultLimit})`),
    cursor: cursor.describe('pagination.nextCursor of the previous page, to get the next one'),
  };
}

/** The `pagination` of a page of a list; `nextCursorNote` says how to ask for the next page, where the list says it. */
export function pageSchema(nextCursorNote?: string) {
  const nextCursor = z.string().nullable();
  return z.object({ limit: z.number().int(), nextCursor: nextCursorNote === undefined ? nextCursor : nextCursor.describe(nextCursorNote), hasMore: z.boolean() });
}

/** The `pagination` of the REST lists. */
export const Pagination = pageSchema();

/** A REST list response: the envelope of `data` plus its `pagination`. */
export function pagedEnvelope<T extends z.ZodType, P extends z.ZodType = typeof Pagination>(data: T, page: P = Pagination as unknown as P) {
  return envelope(data).extend({ pagination: page });
}

export function pagination(limit: number, nextCursor: string | null): { limit: number; nextCursor: string | null; hasMore: boolean } {
  return { limit, nextCursor, hasMore: nextCursor !== null };
}

/** A REST list response body: the envelope of a page's items and its `pagination`. */
export function okPage<T>(message: string, data: T, limit: number, nextCursor: string | null) {
  return { ...ok(message, data), pagination: pagination(limit, nextCursor) };
}
