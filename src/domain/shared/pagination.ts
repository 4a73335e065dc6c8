import { AppError, type ErrorDetail } from '../../errors.ts';

/**
 * Keyset pagination: a list is read in the order of a sort key that ends in the id, and a page is continued after the
 * key of the previous page's last item. Every list pages through this module: the repository reads one row more than
 * the page (`pageLimit`, db/paging.ts), `pageOf` keeps the page and writes the next cursor, and a `KeysetCursor` turns
 * the sort key into the opaque `nextCursor` and back.
 *
 * A cursor is the base64url of the key in one of two forms, each as the lists first issued it, so that the cursors
 * already handed out keep working: `idCursor` (lists ordered by id alone) writes the bare id, `tupleCursor` (a sort
 * value then the id, or a one-part key written as an array) writes the key as a JSON array.
 */
export interface KeysetCursor<K> {
  encode(key: K): string;
  /** The key of a cursor this list issued; any other string is refused with the list's 422 VALIDATION_FAILED. */
  decode(cursor: string): K;
}

/**
 * How a list refuses a cursor it did not issue, each as it always has: `not-issued` says the cursor is not one we
 * issued; `query` is the query validation answer (the message catalog-support's `invalid` writes), its detail marked
 * `in: 'query'`. Both name `cursor` and one rule.
 */
export type CursorRefusal = 'not-issued' | 'query';

const RULE = 'must be a nextCursor returned by this list';

function refusal(kind: CursorRefusal): AppError {
  if (kind === 'query') {
    const detail: ErrorDetail = { path: 'cursor', rule: RULE, in: 'query' };
    return new AppError('VALIDATION_FAILED', `The request is not valid: ${detail.path} ${detail.rule}.`, { details: [detail] });
  }
  return new AppError('VALIDATION_FAILED', 'The cursor is not one we issued. Use pagination.nextCursor from the previous page.', {
    details: [{ path: 'cursor', rule: RULE, in: 'query' }],
  });
}

const encodeText = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');
const decodeText = (cursor: string): string => Buffer.from(cursor, 'base64url').toString('utf8');

/**
 * The cursor of a list ordered by id alone: the id itself. `prefix` narrows the ids accepted to one kind (`ord`);
 * without it, any id of ours (ids.ts).
 */
export function idCursor(options: { prefix?: string; refusal: CursorRefusal }): KeysetCursor<string> {
  const pattern = new RegExp(`^${options.prefix ?? '[a-z]+'}_[0-9A-Z]{26}$`);
  return {
    encode: encodeText,
    decode(cursor) {
      const id = decodeText(cursor);
      if (!pattern.test(id)) throw refusal(options.refusal);
      return id;
    },
  };
}

/**
 * The cursor of the lists ordered by id alone that take any id of ours and refuse another cursor as `not-issued`:
 * promo ads, delivery zones, the audit log, reviews, customers and payment links.
 */
export const anyIdCursor = idCursor({ refusal: 'not-issued' });

/** The type of each part of a tuple key, as JSON carries it. */
type PartType = 'string' | 'number';
type TupleKey<S extends readonly PartType[]> = { -readonly [I in keyof S]: S[I] extends 'number' ? number : string };

/**
 * The cursor of a list ordered by a tuple key (`[name, id]`, `[quantity, id]`, or `[id]` where a list first wrote it
 * so): the JSON array of its parts, read back only when it is an array whose leading parts have the types of `shape`
 * (parts after those are ignored, as they always were).
 */
export function tupleCursor<const S extends readonly PartType[]>(shape: S, options: { refusal: CursorRefusal }): KeysetCursor<TupleKey<S>> {
  return {
    encode: (key) => encodeText(JSON.stringify(key)),
    decode(cursor) {
      let parts: unknown;
      try {
        parts = JSON.parse(decodeText(cursor));
      } catch {
        throw refusal(options.refusal);
      }
      if (!Array.isArray(parts) || !shape.every((type, i) => typeof parts[i] === type)) throw refusal(options.refusal);
      return parts.slice(0, shape.length) as TupleKey<S>;
    },
  };
}

/**
 * A page of a list from the rows its repository read (up to `limit + 1`, `pageLimit`): the first `limit` rows, and
 * when a row beyond them shows that more follow, the cursor of the last row kept (`cursorOf`; an async one gives a
 * promise of it). `nextCursor` is null on the last page.
 */
export function pageOf<T, C extends string | Promise<string>>(rows: readonly T[], limit: number, cursorOf: (last: T) => C): { items: T[]; nextCursor: C | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}

/** A page of a newest-first list, continued with `nextCursor`. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
