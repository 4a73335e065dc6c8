import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Queries whose next read must go past the browser's HTTP cache: the dashboard changed what they show, and their route
 * answers with a cache window (`max-age` for `X-Service-Client: dashboard`, docs/http-caching.md) that would otherwise
 * serve the old answer until it ends. The window stays as the API promises it; only the dashboard's own next read,
 * after its own change, revalidates (`fresh`: `cache: 'no-cache'`, an ETag round trip).
 */
const pastCache = new Set<string>();

/** After a change of ours: the query refetches, past the browser's cache, once. */
export function invalidatePastCache(queryClient: QueryClient, queryKey: QueryKey): void {
  pastCache.add(JSON.stringify(queryKey));
  void queryClient.invalidateQueries({ queryKey });
}

/** For a query function: whether this read must go past the cache (true once after `invalidatePastCache`). */
export function readPastCache(queryKey: QueryKey): boolean {
  return pastCache.delete(JSON.stringify(queryKey));
}
