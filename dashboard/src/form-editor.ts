import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiWithEtag, type Tagged, type Tenant } from './api/client.ts';
import { ApiError } from './api/errors.ts';
import { type Change, changedFields, isConflict } from './components/Conflict.tsx';
import { fieldErrors } from './components/Field.tsx';

/** A version of a resource and the ETag it came with (what `If-Match` sends back). */
export interface Version<T> {
  data: T;
  etag: string | null;
}

function version<T>(tagged: Tagged<T>): Version<T> {
  return { data: tagged.body.data, etag: tagged.etag };
}

export interface EditorOptions<T extends object, F> {
  /** The query key of the editor's own cache entry (the version it loaded, with its ETag). */
  queryKey: readonly unknown[];
  /** The resource: GET loads it, PATCH saves it. */
  path: string;
  tenant?: Tenant | undefined;
  enabled?: boolean;
  /** The form's values for a version. */
  toForm(data: T): F;
  /** The PATCH body: only what the form changed against the version it started from (`{}`: nothing to save). */
  patchOf(form: F, loaded: T): Partial<Record<keyof T & string, unknown>>;
  /** The fields a conflict lists, with their labels. */
  labels: Partial<Record<keyof T & string, string>>;
  /** After a save: bring the other cache entries that show this resource up to date. */
  onSaved?(data: T): void;
}

/** Where an editor stands after a save that got 412: the current version (null while it loads) and what differs. */
export interface ConflictState<T> {
  current: Version<T> | null;
  changes: Change[] | null;
  error: unknown;
}

/**
 * An editor of one resource with optimistic concurrency: it loads the resource with its ETag
 * (`apiWithEtag`), saves with `If-Match: <that ETag>` only the fields the form changed, and on 412 re-reads the
 * resource past the browser cache (`fresh`) to show what someone else changed: "Load their version" restarts the
 * form from it, "Save mine over theirs" sends the same changes with the new ETag.
 *
 * After a save the resource is read again with `fresh` (a request that revalidates past the browser cache), so its
 * new version replaces the old one in the browser's HTTP cache as well as in the editor's cache entry: a cached read
 * route (`max-age`) would otherwise keep answering the old version for the rest of its window.
 */
export function useEditor<T extends object, F>(options: EditorOptions<T, F>) {
  const queryClient = useQueryClient();
  const { queryKey, path, tenant, toForm, patchOf, labels, onSaved } = options;
  const query = useQuery({
    queryKey,
    enabled: options.enabled ?? true,
    queryFn: ({ signal }) => apiWithEtag<T>(path, { tenant, signal }).then(version),
    // Opening the editor reads the resource again (the browser's cache answers within the route's window); the form
    // starts from that read, and a later refetch never resets what the merchant is typing.
    staleTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
  const [base, setBase] = useState<Version<T> | null>(null);
  const [form, setForm] = useState<F | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [conflict, setConflict] = useState<ConflictState<T> | null>(null);
  const [saved, setSaved] = useState(false);
  const pending = useRef<Partial<Record<keyof T & string, unknown>> | null>(null);

  // The version read when the editor opened starts the form.
  useEffect(() => {
    if (query.data && !query.isFetching && base === null) {
      setBase(query.data);
      setForm(toForm(query.data.data));
    }
  }, [query.data, query.isFetching, base, toForm]);

  // A newer version read in the background (another editor on the page changed a shared field, and invalidated this
  // one) restarts the form, unless the merchant has changed something in it: then their save meets If-Match.
  useEffect(() => {
    if (!query.data || query.isFetching || base === null || query.data === base || saving || conflict !== null || form === null) return;
    if (Object.keys(patchOf(form, base.data)).length > 0) return;
    setBase(query.data);
    setForm(toForm(query.data.data));
  }, [query.data, query.isFetching, base, saving, conflict, form, patchOf, toForm]);

  const start = (v: Version<T>) => {
    setBase(v);
    setForm(toForm(v.data));
    queryClient.setQueryData(queryKey, v);
  };

  /** PATCHes `body` with `If-Match` naming `from`, the version these changes were made against. */
  const send = async (body: Partial<Record<keyof T & string, unknown>>, from: Version<T>) => {
    setSaving(true);
    setError(null);
    setSaved(false);
    try {
      await apiWithEtag<T>(path, { tenant, method: 'PATCH', body, headers: from.etag ? { 'If-Match': from.etag } : {} });
      // The saved version, past the browser cache (which would hold the old one for the route's window).
      const fresh = version(await apiWithEtag<T>(path, { tenant, fresh: true }));
      start(fresh);
      setConflict(null);
      pending.current = null;
      setSaved(true);
      onSaved?.(fresh.data);
    } catch (e) {
      if (isConflict(e)) {
        pending.current = body;
        setConflict({ current: null, changes: null, error: null });
        try {
          const current = version(await apiWithEtag<T>(path, { tenant, fresh: true }));
          setConflict({ current, changes: changedFields(from.data, current.data, labels, body as Partial<T>), error: null });
        } catch (reread) {
          setConflict({ current: null, changes: null, error: reread });
        }
      } else {
        setError(e);
      }
    } finally {
      setSaving(false);
    }
  };

  return {
    query,
    /** The version the form started from. */
    base,
    form,
    /** Changes the form; a saved notice or an error about the previous values goes. */
    edit(update: (previous: F) => F) {
      setForm((previous) => (previous === null ? previous : update(previous)));
      setSaved(false);
      if (error) setError(null);
    },
    /** What a save would send now (`{}`: nothing changed). */
    changes: (): Partial<Record<keyof T & string, unknown>> => (form !== null && base ? patchOf(form, base.data) : {}),
    saving,
    saved,
    error,
    conflict,
    async save() {
      if (form === null || base === null || saving) return;
      const body = patchOf(form, base.data);
      if (Object.keys(body).length === 0) {
        setSaved(true);
        return;
      }
      await send(body, base);
    },
    /** After a conflict: the form restarts from the current version; the merchant's edits go. */
    loadTheirs() {
      if (!conflict?.current) return;
      start(conflict.current);
      setConflict(null);
      pending.current = null;
    },
    /** After a conflict: the same changes again, with the current version's ETag. */
    async saveMineOverTheirs() {
      if (!conflict?.current || !pending.current || saving) return;
      await send(pending.current, conflict.current);
    },
  };
}

/**
 * The API's errors by field path, to show next to the fields: validation errors (400/422, `fieldErrors`) and
 * refusals that name a field of the body (a 409 such as `CURRENCY_LOCKED` with `details[].path`).
 */
export function editorFieldErrors(error: unknown): Map<string, string> {
  const errors = fieldErrors(error);
  if (error instanceof ApiError && error.status === 409) {
    for (const d of error.details) if (d.path && d.rule && (d.in === undefined || d.in === 'body') && !errors.has(d.path)) errors.set(d.path, d.rule);
  }
  return errors;
}

/** `value` trimmed, or null when empty (the API's "no value"). */
export function orNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}
