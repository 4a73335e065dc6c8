import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { isConflict } from './components/Conflict.tsx';

/** A version of a resource as an editor loaded it: its data and the ETag it sends back as `If-Match`. */
export interface Loaded<T> {
  data: T;
  etag: string | null;
}

/** The `If-Match` header for a loaded version (none when the GET gave no ETag). */
export function ifMatch(etag: string | null): Record<string, string> {
  return etag ? { 'If-Match': etag } : {};
}

/**
 * The save-and-412 cycle of an editor (the rule for every editor): `save(changes)` writes with `If-Match:
 * <the ETag of the version the editor loaded>` and then re-reads the resource (`fresh`), which becomes the new base.
 * A 412 re-reads the current version into `conflict`: `loadTheirs()` makes it the base (the caller resets its form to
 * it), `saveMine()` sends the same changes again with the current ETag, so a third change in between is caught again.
 *
 * `base` is captured when the editor opens, not followed: a background refetch never replaces what the merchant is
 * editing against.
 */
export function useEtagEditor<T, C>(options: {
  initial: Loaded<T>;
  /** Writes the changes with these headers (If-Match). */
  write: (changes: C, headers: Record<string, string>) => Promise<unknown>;
  /** Reads the current version past the browser cache. */
  read: () => Promise<Loaded<T>>;
  onSaved?: (current: Loaded<T>) => void;
}) {
  const [base, setBase] = useState<Loaded<T>>(options.initial);
  const [conflict, setConflict] = useState<{ changes: C; current: Loaded<T> | null; error: unknown } | null>(null);

  const save = useMutation({
    mutationFn: async (input: { changes: C; etag: string | null }) => {
      await options.write(input.changes, ifMatch(input.etag));
      return options.read();
    },
    onSuccess: (current) => {
      setConflict(null);
      setBase(current);
      options.onSaved?.(current);
    },
    onError: (error, input) => {
      if (!isConflict(error)) return;
      setConflict({ changes: input.changes, current: null, error: null });
      options.read().then(
        (current) => setConflict({ changes: input.changes, current, error: null }),
        (readError: unknown) => setConflict({ changes: input.changes, current: null, error: readError }),
      );
    },
  });

  return {
    base,
    save,
    /** The 412 in progress: what this editor tried to save and the version the service holds now (null while it loads). */
    conflict,
    submit(changes: C) {
      if (save.isPending) return;
      setConflict(null);
      save.mutate({ changes, etag: base.etag });
    },
    /** Drops the merchant's changes: the current version becomes the base (returned, to reset the form to it). */
    loadTheirs(): Loaded<T> | null {
      const current = conflict?.current ?? null;
      if (current) setBase(current);
      setConflict(null);
      save.reset();
      return current;
    },
    /** Sends the same changes again over the current version. */
    saveMine() {
      const current = conflict?.current;
      if (!current || save.isPending) return;
      save.mutate({ changes: conflict.changes, etag: current.etag });
    },
  };
}
