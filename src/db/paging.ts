/**
 * The LIMIT of a page query: one row more than the page, so the service can tell whether another page follows
 * (domain/pagination.ts `pageOf` keeps `limit` rows and writes the cursor when that row came). Use it as
 * `query.$call(pageLimit(limit))`.
 */
export function pageLimit(limit: number) {
  return <Q extends { limit(rows: number): Q }>(query: Q): Q => query.limit(limit + 1);
}
