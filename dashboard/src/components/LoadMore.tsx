import type { ReactNode } from 'react';
import { ErrorPanel } from './ErrorPanel.tsx';

/**
 * "Load more" under a list read a page at a time (`useInfiniteQuery` following the API's `pagination.nextCursor`):
 * the button while there is a next page, `done` (e.g. "That is every order.") once there is none, and above it the
 * error of a next page that could not be read (`failed`, its title) with Try again.
 */
export function LoadMore({
  query,
  label = 'Load more',
  done = null,
  failed,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; isFetchNextPageError: boolean; error: unknown; fetchNextPage: () => unknown };
  label?: string;
  done?: ReactNode;
  failed: string;
}) {
  return (
    <>
      {query.isFetchNextPageError ? <ErrorPanel error={query.error} title={failed} onRetry={() => query.fetchNextPage()} /> : null}
      {query.hasNextPage ? (
        <div className="actions">
          <button type="button" className="button" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading more…' : label}
          </button>
        </div>
      ) : (
        done
      )}
    </>
  );
}
