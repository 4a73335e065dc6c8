import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiWithEtag, type Tenant } from '../api/client.ts';
import { isConflict } from '../components/Conflict.tsx';

/** A resource as an editor loaded it, with the ETag its save sends back as `If-Match`. */
export interface Loaded<T> {
  value: T;
  etag: string | null;
}

export async function loadTagged<T>(path: string, tenant: Tenant, options: { signal?: AbortSignal; fresh?: boolean } = {}): Promise<Loaded<T>> {
  const r = await apiWithEtag<T>(path, { tenant, ...options });
  return { value: r.body.data, etag: r.etag };
}

/** A save that got 412: what it tried to send, and the version the service holds now (null while it loads). */
export interface Conflict<T> {
  /** the version the refused save was based on */
  loaded: Loaded<T>;
  body: unknown;
  yours: Partial<T>;
  current: Loaded<T> | null;
  error: unknown; // re-reading the current version failed
}

/**
 * One editor's load-and-save cycle with `If-Match`:
 *
 * - `base` is the version the form was filled from, pinned: a background refetch does not move it, so a save always
 *   sends the ETag of what the merchant saw. `version` (a React key for the form) changes whenever the form must be refilled from `base`, and with the store or mode.
 * - `save(body, yours)` sends `method` with `If-Match: <base's ETag>` (the server ignores it where it does not check
 *   it yet). After a save, the ETag is the response's when it carries one, else a fresh GET's.
 * - A 412 re-reads the resource past the browser cache (`fresh`) into `conflict`; `reload()` takes their version (the
 *   form is refilled), `overwrite()` sends the same body again with their ETag (a third change is caught again).
 */
export function useEtagEditor<T>(options: {
  tenant: Tenant;
  path: string;
  queryKey: readonly unknown[];
  enabled: boolean;
  method?: 'PATCH' | 'PUT';
  onSaved?: (saved: T) => void;
  /** A 412 said the resource changed elsewhere: lists showing it are out of date (invalidate them). */
  onStale?: () => void;
}) {
  const { tenant, path, queryKey, enabled, method = 'PATCH', onSaved, onStale } = options;
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey, enabled, queryFn: ({ signal }) => loadTagged<T>(path, tenant, { signal }) });
  // What is pinned belongs to one resource of one store and mode (the query key): switching mode or store starts over.
  const identity = JSON.stringify(queryKey);
  const [pinnedState, setPinnedState] = useState<{ identity: string; loaded: Loaded<T> } | null>(null);
  const [refills, setRefills] = useState(0);
  const [conflictState, setConflictState] = useState<{ identity: string; conflict: Conflict<T> } | null>(null);
  const pinned = pinnedState?.identity === identity ? pinnedState.loaded : null;
  const conflict = conflictState?.identity === identity ? conflictState.conflict : null;
  const setPinned = (loaded: Loaded<T>) => setPinnedState({ identity, loaded });
  const setConflict = (update: (c: Conflict<T> | null) => Conflict<T> | null) =>
    setConflictState((s) => {
      const next = update(s?.identity === identity ? s.conflict : null);
      return next ? { identity, conflict: next } : null;
    });
  useEffect(() => {
    if (pinned === null && query.data) setPinnedState({ identity, loaded: query.data });
  }, [pinned, query.data, identity]);
  const base = pinned ?? query.data ?? null;
  const version = `${identity}#${refills}`;

  const take = (loaded: Loaded<T>) => {
    setPinned(loaded);
    queryClient.setQueryData(queryKey, loaded);
    setRefills((v) => v + 1);
  };

  const readCurrent = () => {
    loadTagged<T>(path, tenant, { fresh: true }).then(
      (current) => setConflict((c) => (c ? { ...c, current, error: null } : c)),
      (error: unknown) => setConflict((c) => (c ? { ...c, error } : c)),
    );
  };

  const mutation = useMutation({
    mutationFn: async (input: { body: unknown; yours: Partial<T>; loaded: Loaded<T> }) => {
      const etag = input.loaded.etag;
      const r = await apiWithEtag<T>(path, { tenant, method, body: input.body, headers: etag ? { 'If-Match': etag } : undefined });
      return r.etag ? { value: r.body.data, etag: r.etag } : await loadTagged<T>(path, tenant, { fresh: true });
    },
    onSuccess: (saved) => {
      setConflict(() => null);
      take(saved);
      onSaved?.(saved.value);
    },
    onError: (error, input) => {
      if (!isConflict(error)) return;
      onStale?.();
      setConflict(() => ({ loaded: input.loaded, body: input.body, yours: input.yours, current: null, error: null }));
      readCurrent();
    },
  });

  return {
    query,
    base,
    version,
    conflict,
    saving: mutation.isPending,
    /** The last save's error, unless it was a 412 (the conflict panel shows those). */
    error: mutation.error && !isConflict(mutation.error) ? mutation.error : null,
    save(body: unknown, yours: Partial<T>) {
      if (mutation.isPending || !base) return;
      setConflict(() => null);
      mutation.mutate({ body, yours, loaded: base });
    },
    /** Their version into the form; the merchant's edits are dropped. */
    reload() {
      if (!conflict?.current) return;
      take(conflict.current);
      setConflict(() => null);
      mutation.reset();
    },
    /** The merchant's edits over theirs, sent with their ETag. */
    overwrite() {
      if (!conflict?.current || mutation.isPending) return;
      const current = conflict.current;
      setPinned(current);
      mutation.mutate({ body: conflict.body, yours: conflict.yours, loaded: current });
    },
    /** Forget a failed save (the form was edited). */
    resetError() {
      if (mutation.isError) mutation.reset();
    },
  };
}
