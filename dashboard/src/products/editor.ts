import { useEffect, useRef, useState } from 'react';
import { isConflict } from '../components/Conflict.tsx';

/** A resource as an editor loaded it: the value and the ETag its save sends back as If-Match. */
export interface Loaded<T> {
  value: T;
  etag: string | null;
}

/** A save that got 412: what the merchant tried to save, and the version the service holds now (null while loading). */
export interface Conflict<T, P> {
  patch: P;
  current: Loaded<T> | null;
}

/**
 * The save path of an editor (docs/dashboard.md, "Products"): `save(patch, loaded)` sends the patch with
 * `If-Match: <loaded ETag>`. On 412 it re-reads the resource past the browser cache and holds the conflict; then
 * `takeTheirs()` hands the current version to the form, and `saveMineOverTheirs()` re-sends the same patch with the
 * current ETag (a third change in between is caught again). Any other error is kept for the form to show.
 */
export function useEditorSave<T, P>(options: {
  write: (patch: P, etag: string | null) => Promise<Loaded<T>>;
  reread: () => Promise<Loaded<T>>;
  onSaved: (saved: Loaded<T>) => void;
  onTheirs: (current: Loaded<T>) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [conflict, setConflict] = useState<Conflict<T, P> | null>(null);
  const sending = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  const run = async (patch: P, etag: string | null) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      const saved = await latest.current.write(patch, etag);
      setConflict(null);
      latest.current.onSaved(saved);
    } catch (e) {
      if (!isConflict(e)) {
        setError(e);
        return;
      }
      setConflict({ patch, current: null });
      try {
        const current = await latest.current.reread();
        setConflict({ patch, current });
      } catch (readError) {
        setConflict(null);
        setError(readError);
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return {
    busy,
    error,
    conflict,
    save: (patch: P, loaded: Loaded<T>) => run(patch, loaded.etag),
    takeTheirs: () => {
      if (!conflict?.current) return;
      latest.current.onTheirs(conflict.current);
      setConflict(null);
    },
    saveMineOverTheirs: () => {
      if (!conflict?.current) return;
      void run(conflict.patch, conflict.current.etag);
    },
    /** The form was edited: an old error no longer applies. */
    clearError: () => setError(null),
    cancel: () => {
      setConflict(null);
      setError(null);
    },
  };
}

/**
 * Keyboard focus for inline editors: `opened` focuses the first field of a form when it appears (the button that
 * opened it is gone), and `useReturnFocus(open)` puts focus back on the control marked `data-return-focus={key}` when
 * the editor or confirmation `key` closes, instead of leaving it on the page's body.
 */
export function focusFirstField(form: HTMLElement | null): void {
  form?.querySelector<HTMLElement>('input:not([type=hidden]):not([readonly]), select, textarea')?.focus();
}

export function useReturnFocus(open: string | null): void {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const was = previous.current;
    previous.current = open;
    if (was !== null && open === null) document.querySelector<HTMLElement>(`[data-return-focus="${CSS.escape(was)}"]`)?.focus();
  }, [open]);
}
