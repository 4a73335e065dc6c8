import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiWithEtag, type Tenant } from './api/client.ts';
import { type Change, changedFields, isConflict } from './components/Conflict.tsx';
import { fieldErrors } from './components/Field.tsx';

/** A version of a resource as an editor loaded it: its value and the ETag its save sends back as `If-Match`. */
export interface Loaded<T> {
  value: T;
  etag: string | null;
}

/** The `If-Match` header for a loaded version (none when the GET gave no ETag). */
export function ifMatch(etag: string | null): Record<string, string> {
  return etag ? { 'If-Match': etag } : {};
}

/** Reads a resource with its ETag; `fresh` revalidates past the browser's cache. */
export async function loadTagged<T>(path: string, tenant: Tenant | undefined, options: { signal?: AbortSignal | undefined; fresh?: boolean } = {}): Promise<Loaded<T>> {
  const r = await apiWithEtag<T>(path, { tenant, ...options });
  return { value: r.body.data, etag: r.etag };
}

/** A save that got 412: what the editor tried to save, the version it was based on and the one the service holds now. */
export interface EditorConflictState<T, C> {
  changes: C;
  loaded: Loaded<T>;
  /** null while the current version loads */
  current: Loaded<T> | null;
  /** the shown fields that differ (null while the current version loads) */
  fields: Change[] | null;
  /** re-reading the current version failed */
  error: unknown;
}

/**
 * The shown fields that differ between two versions, by their labels, each value shown as the merchant reads it
 * (`show`: money, dates in the store's zone), with what the editor was about to save there (`yours`).
 */
export function labelledChanges<T extends object>(
  labels: Partial<Record<keyof T & string, string>>,
  show?: (field: keyof T & string, value: unknown) => string,
): (loaded: T, current: T, yours: Partial<T>) => Change[] {
  if (!show) return (loaded, current, yours) => changedFields<T>(loaded, current, labels, yours);
  const view = (value: Partial<T>): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const field of Object.keys(labels) as (keyof T & string)[]) if (field in value) out[field] = show(field, value[field]);
    return out;
  };
  return (loaded, current, yours) => changedFields<Record<string, string>>(view(loaded), view(current), labels as Record<string, string>, view(yours));
}

/**
 * The save-and-412 cycle every editor uses (docs/dashboard.md, "Editors and If-Match"):
 *
 * - `save(changes, from)` writes only the changed fields with `If-Match: <from's ETag>` (PATCH or PUT: `write` sends
 *   them), then re-reads the resource past the browser cache (`read`, `fresh`), so a cached read route cannot show
 *   the old version afterwards; that read is handed to `onSaved` as the new base.
 * - A 412 re-reads the current version (`fresh`) and compares it with `from` on the fields the editor shows
 *   (`changed`). When none of them changed (someone else moved a field this editor does not show, such as the next
 *   order number), the same changes are sent once more, automatically, with the current ETag; a second 412 shows the
 *   conflict. Otherwise `conflict` holds it for `ConflictPanel`: `loadTheirs()` hands the current version to the form
 *   (`onTheirs`), `saveMine()` re-sends the same changes with the current ETag, so a third change is caught again.
 *
 * The base version is the caller's: it is pinned when the editor opens and only a save or "Load their version" moves it.
 */
export function useEtagSave<T, C>(options: {
  write: (changes: C, headers: Record<string, string>) => Promise<unknown>;
  /** Reads the current version past the browser's cache. */
  read: () => Promise<Loaded<T>>;
  /** The shown fields that differ between the loaded and the current version (empty: none the merchant sees). */
  changed: (loaded: T, current: T, changes: C) => Change[];
  onSaved?: (saved: Loaded<T>) => void;
  onTheirs?: (current: Loaded<T>) => void;
  /** A 412 said the resource changed elsewhere: lists showing it are out of date. */
  onStale?: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [conflict, setConflict] = useState<EditorConflictState<T, C> | null>(null);
  const sending = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  const attempt = async (changes: C, from: Loaded<T>, retried: boolean): Promise<void> => {
    const o = latest.current;
    try {
      await o.write(changes, ifMatch(from.etag));
    } catch (e) {
      if (!isConflict(e)) {
        setError(e);
        return;
      }
      o.onStale?.();
      if (retried) setConflict({ changes, loaded: from, current: null, fields: null, error: null });
      let current: Loaded<T>;
      try {
        current = await o.read();
      } catch (readError) {
        setConflict({ changes, loaded: from, current: null, fields: null, error: readError });
        return;
      }
      const fields = latest.current.changed(from.value, current.value, changes);
      // Nothing the merchant sees changed: their save stands as it is, over the current version (once).
      if (fields.length === 0 && !retried) return attempt(changes, current, true);
      setConflict({ changes, loaded: from, current, fields, error: null });
      return;
    }
    const saved = await latest.current.read().catch((e: unknown) => {
      setError(e);
      return null;
    });
    setConflict(null);
    if (saved) latest.current.onSaved?.(saved);
  };

  const run = async (changes: C, from: Loaded<T>) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      await attempt(changes, from, false);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return {
    busy,
    /** The last save's error, unless it was a 412 (the conflict shows those). */
    error,
    conflict,
    save: (changes: C, from: Loaded<T>) => run(changes, from),
    /** Drops the merchant's changes: the current version goes to the form (`onTheirs`) and is returned. */
    loadTheirs(): Loaded<T> | null {
      const current = conflict?.current ?? null;
      if (current) latest.current.onTheirs?.(current);
      setConflict(null);
      setError(null);
      return current;
    },
    /** Sends the same changes again over the current version. */
    saveMine() {
      if (!conflict?.current) return;
      void run(conflict.changes, conflict.current);
    },
    /** The form was edited: an old error no longer applies. */
    clearError: () => setError(null),
    cancel() {
      setConflict(null);
      setError(null);
    },
  };
}

/**
 * An editor of one resource read through a query (`queryKey`, `path`): the version read when it opens is pinned as
 * its base (a background refetch does not move it); `version` (a React key for the form) changes whenever the form
 * must be refilled from `base`, and with the store or mode (a new query key starts over). `save(body, yours)` sends
 * `method` (PATCH or PUT) through {@link useEtagSave}.
 */
export function useEtagEditor<T extends object>(options: {
  tenant: Tenant;
  path: string;
  queryKey: readonly unknown[];
  enabled: boolean;
  method?: 'PATCH' | 'PUT';
  labels: Partial<Record<keyof T & string, string>>;
  show?: (field: keyof T & string, value: unknown) => string;
  onSaved?: (saved: T) => void;
  onStale?: () => void;
}) {
  const { tenant, path, queryKey, enabled, method = 'PATCH', labels, show, onSaved, onStale } = options;
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey, enabled, queryFn: ({ signal }) => loadTagged<T>(path, tenant, { signal }) });
  // What is pinned belongs to one resource of one store and mode (the query key): switching mode or store starts over.
  const identity = JSON.stringify(queryKey);
  const [pinnedState, setPinnedState] = useState<{ identity: string; loaded: Loaded<T> } | null>(null);
  const [refills, setRefills] = useState(0);
  const pinned = pinnedState?.identity === identity ? pinnedState.loaded : null;
  useEffect(() => {
    if (pinned === null && query.data) setPinnedState({ identity, loaded: query.data });
  }, [pinned, query.data, identity]);
  const base = pinned ?? query.data ?? null;
  const take = (loaded: Loaded<T>) => {
    setPinnedState({ identity, loaded });
    // A read still in flight (started before this version existed) must not land over it.
    void queryClient.cancelQueries({ queryKey, exact: true });
    queryClient.setQueryData(queryKey, loaded);
    setRefills((v) => v + 1);
  };
  const changed = labelledChanges(labels, show);
  const editor = useEtagSave<T, { body: unknown; yours: Partial<T> }>({
    write: (c, headers) => apiWithEtag<T>(path, { tenant, method, body: c.body, headers }),
    read: () => loadTagged<T>(path, tenant, { fresh: true }),
    changed: (loaded, current, c) => changed(loaded, current, c.yours),
    onSaved: (saved) => {
      take(saved);
      onSaved?.(saved.value);
    },
    onTheirs: take,
    ...(onStale ? { onStale } : {}),
  });
  const [conflictIdentity, setConflictIdentity] = useState(identity);
  if (conflictIdentity !== identity) {
    setConflictIdentity(identity);
    editor.cancel();
  }
  return {
    query,
    base,
    version: `${identity}#${refills}`,
    conflict: editor.conflict,
    saving: editor.busy,
    error: editor.error,
    save(body: unknown, yours: Partial<T>) {
      if (!base) return;
      editor.cancel();
      void editor.save({ body, yours }, base);
    },
    /** Their version into the form; the merchant's edits are dropped. */
    reload: () => {
      editor.loadTheirs();
    },
    /** The merchant's edits over theirs, sent with their ETag. */
    overwrite: editor.saveMine,
    /** Forget a failed save (the form was edited). */
    resetError: editor.clearError,
  };
}

/**
 * A form over {@link useEtagEditor}-style loading for the account editors: the form's values (`toForm`) start from
 * the version read when it opens, `patchOf` sends only what changed, and a newer version read in the background
 * (another editor on the page changed a shared field, and invalidated this one) restarts the form unless the
 * merchant has changed something in it: then their save meets If-Match.
 */
export function useFormEditor<T extends object, F>(options: {
  /** The query key of the editor's own cache entry (the version it loaded, with its ETag). */
  queryKey: readonly unknown[];
  /** The resource: GET loads it, PATCH saves it. */
  path: string;
  tenant?: Tenant | undefined;
  enabled?: boolean;
  toForm(data: T): F;
  /** The PATCH body: only what the form changed against the version it started from (`{}`: nothing to save). */
  patchOf(form: F, loaded: T): Partial<Record<keyof T & string, unknown>>;
  labels: Partial<Record<keyof T & string, string>>;
  /** How the conflict panel shows a field's value (every labelled field; the default shows it as it is). */
  show?: (field: keyof T & string, value: unknown) => string;
  /** After a save: bring the other cache entries that show this resource up to date. */
  onSaved?(data: T): void;
}) {
  const queryClient = useQueryClient();
  const { queryKey, path, tenant, toForm, patchOf, labels, show, onSaved } = options;
  const changed = labelledChanges(labels, show);
  const query = useQuery({
    queryKey,
    enabled: options.enabled ?? true,
    queryFn: ({ signal }) => loadTagged<T>(path, tenant, { signal }),
    // Opening the editor reads the resource again (the browser's cache answers within the route's window); the form
    // starts from that read, and a later refetch never resets what the merchant is typing.
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  const [base, setBase] = useState<Loaded<T> | null>(null);
  const [form, setForm] = useState<F | null>(null);
  const [saved, setSaved] = useState(false);
  const start = (v: Loaded<T>) => {
    setBase(v);
    setForm(toForm(v.value));
    // A read still in flight (started before this version existed) must not land over it.
    void queryClient.cancelQueries({ queryKey, exact: true });
    queryClient.setQueryData(queryKey, v);
  };
  const editor = useEtagSave<T, Partial<Record<keyof T & string, unknown>>>({
    write: (body, headers) => apiWithEtag<T>(path, { tenant, method: 'PATCH', body, headers }),
    read: () => loadTagged<T>(path, tenant, { fresh: true }),
    changed: (loaded, current, body) => changed(loaded, current, body as Partial<T>),
    onSaved: (fresh) => {
      start(fresh);
      setSaved(true);
      onSaved?.(fresh.value);
    },
    onTheirs: start,
  });

  // The version read when the editor opened starts the form.
  useEffect(() => {
    if (query.data && !query.isFetching && base === null) {
      setBase(query.data);
      setForm(toForm(query.data.value));
    }
  }, [query.data, query.isFetching, base, toForm]);

  useEffect(() => {
    if (!query.data || query.isFetching || base === null || query.data === base || editor.busy || editor.conflict !== null || form === null) return;
    if (Object.keys(patchOf(form, base.value)).length > 0) return;
    setBase(query.data);
    setForm(toForm(query.data.value));
  }, [query.data, query.isFetching, base, editor.busy, editor.conflict, form, patchOf, toForm]);

  return {
    query,
    /** The version the form started from. */
    base,
    form,
    /** Changes the form; a saved notice or an error about the previous values goes. */
    edit(update: (previous: F) => F) {
      setForm((previous) => (previous === null ? previous : update(previous)));
      setSaved(false);
      if (editor.error) editor.clearError();
    },
    /** What a save would send now (`{}`: nothing changed). */
    changes: (): Partial<Record<keyof T & string, unknown>> => (form !== null && base ? patchOf(form, base.value) : {}),
    saving: editor.busy,
    saved,
    error: editor.error,
    conflict: editor.conflict,
    async save() {
      if (form === null || base === null || editor.busy) return;
      const body = patchOf(form, base.value);
      setSaved(false);
      if (Object.keys(body).length === 0) {
        setSaved(true);
        return;
      }
      await editor.save(body, base);
    },
    /** After a conflict: the form restarts from the current version; the merchant's edits go. */
    loadTheirs: () => {
      editor.loadTheirs();
    },
    /** After a conflict: the same changes again, with the current version's ETag. */
    saveMineOverTheirs: editor.saveMine,
  };
}

/**
 * The API's errors by field path, to show next to the fields: validation errors (400/422, `fieldErrors`) and
 * refusals that name a field of the body (a 409 such as `CURRENCY_LOCKED` with `details[].path`).
 */
export function editorFieldErrors(error: unknown): Map<string, string> {
  return fieldErrors(error);
}

/** `value` trimmed, or null when empty (the API's "no value"). */
export function orNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
