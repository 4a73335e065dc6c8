/**
 * OAuth request parameters from a query string or an `application/x-www-form-urlencoded` body. RFC 6749 §3.1:
 * parameters sent without a value are treated as omitted, and no parameter may be sent more than once (checked by
 * check-no-duplicates).
 */
export interface OAuthParams {
  /** The value of a parameter sent once; undefined when absent or empty. */
  get(name: string): string | undefined;
  /** Every non-empty value of a parameter, in order. */
  all(name: string): string[];
  /** Names sent more than once (empty values count). */
  duplicates(): string[];
}

export function parseParams(encoded: string): OAuthParams {
  const search = new URLSearchParams(encoded);
  const counts = new Map<string, number>();
  for (const name of search.keys()) counts.set(name, (counts.get(name) ?? 0) + 1);
  return {
    get(name) {
      const values = search.getAll(name);
      return values.length === 1 && values[0] !== '' ? values[0] : undefined;
    },
    all(name) {
      return search.getAll(name).filter((v) => v !== '');
    },
    duplicates() {
      return [...counts].filter(([, n]) => n > 1).map(([name]) => name);
    },
  };
}

/** The raw query string of a request URL (without the `?`). */
export function queryOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? '' : url.slice(q + 1);
}
