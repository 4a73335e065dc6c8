import type { ReactNode } from 'react';
import { ErrorPanel, Loading } from './ErrorPanel.tsx';

/** What a list needs of its query (TanStack Query's result, paged or not). */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The states a list shows before its rows, the same on every page: "Loading {what}…", the error with Try again when
 * nothing could be loaded (a later page's failure shows at Load more, under rows already shown), the list's own empty
 * text, and otherwise the rows (`children`). `keepWhenEmpty`: the empty text goes above `children` instead of
 * replacing them, for a section whose children hold more than the rows (an order's shipments and its Ship items form).
 */
export function ListStates({
  query,
  items,
  what,
  failed,
  empty,
  keepWhenEmpty = false,
  children,
}: { query: ListQuery; items: readonly unknown[]; what: string; failed: string; empty: ReactNode; keepWhenEmpty?: boolean; children: ReactNode }) {
  if (query.isPending) return <Loading what={what} />;
  if (query.isError && items.length === 0) return <ErrorPanel error={query.error} title={failed} onRetry={() => query.refetch()} />;
  if (items.length === 0 && !keepWhenEmpty) return <>{empty}</>;
  return (
    <>
      {items.length === 0 ? empty : null}
      {children}
    </>
  );
}
