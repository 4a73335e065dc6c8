import { changedFields, ConflictPanel } from '../components/Conflict.tsx';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import type { Conflict } from './editor.ts';

/**
 * The 412 path of an editor: `ConflictPanel` listing the labelled fields someone else changed, each shown as the
 * merchant reads it (`show` formats a field: money, dates in the store's time zone), with what the merchant was
 * about to save there.
 */
export function EditorConflict<T extends object>({
  what,
  conflict,
  labels,
  show,
  busy,
  onReload,
  onOverwrite,
}: {
  what: string;
  conflict: Conflict<T>;
  labels: Partial<Record<keyof T & string, string>>;
  show: (field: keyof T & string, value: unknown) => string;
  busy: boolean;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  if (conflict.error) return <ErrorPanel error={conflict.error} title={`Someone else changed ${what}, and its current version could not be loaded.`} />;
  const view = (value: Partial<T>): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const field of Object.keys(labels) as (keyof T & string)[]) if (field in value) out[field] = show(field, value[field]);
    return out;
  };
  const changes = conflict.current
    ? changedFields<Record<string, string>>(view(conflict.loaded.value), view(conflict.current.value), labels as Record<string, string>, view(conflict.yours))
    : null;
  return <ConflictPanel what={what} changes={changes} onReload={onReload} onOverwrite={onOverwrite} busy={busy} />;
}
