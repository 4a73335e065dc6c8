import { useEffect, useId, useRef } from 'react';
import { ApiError } from '../api/errors.ts';
import { ErrorPanel } from './ErrorPanel.tsx';

/** One field that differs between the version an editor loaded and the version the service holds now. */
export interface Change {
  field: string;
  label: string;
  loaded: string;
  current: string;
  yours: string | null; // what this editor was about to save there, when it changed the field too
}

/** A 412: the resource changed since the editor loaded it (its `If-Match` no longer matches). */
export function isConflict(error: unknown): boolean {
  return error instanceof ApiError && error.status === 412;
}

/** A field's value as the conflict panel shows it by default. */
export function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * The fields that differ between `loaded` and `current` (the labelled ones, in label order), with what the editor
 * would have saved there. Values compare as JSON, so nested fields (attributes, lists) compare by content.
 */
export function changedFields<T extends object>(loaded: T, current: T, labels: Partial<Record<keyof T & string, string>>, yours?: Partial<T>): Change[] {
  const changes: Change[] = [];
  for (const [field, label] of Object.entries(labels) as [keyof T & string, string][]) {
    const before = loaded[field];
    const now = current[field];
    if (JSON.stringify(before) === JSON.stringify(now)) continue;
    const mine = yours && field in yours ? yours[field] : undefined;
    changes.push({ field, label, loaded: shown(before), current: shown(now), yours: mine === undefined ? null : shown(mine) });
  }
  return changes;
}

/**
 * What an editor shows after its save got 412: someone else saved first. It lists what they changed, and offers to
 * load their version (the merchant's edits are dropped) or to save the merchant's edits over theirs (sent with the
 * new ETag, so a third change in between is caught again).
 */
export function ConflictPanel({
  what,
  changes,
  onReload,
  onOverwrite,
  busy,
}: {
  what: string;
  changes: Change[] | null; // null: the current version is still loading
  onReload: () => void;
  onOverwrite: () => void;
  busy: boolean;
}) {
  const headingId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div ref={ref} className="conflict" role="alertdialog" aria-labelledby={headingId} tabIndex={-1} data-testid="conflict">
      <p id={headingId} className="confirm-title">
        Someone else changed {what} since you opened it. Your changes were not saved.
      </p>
      {changes === null ? (
        <p className="loading" role="status">
          Loading the current version…
        </p>
      ) : changes.length === 0 ? (
        <p>None of the fields shown here changed; only something else about it did.</p>
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">What changed</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">When you opened it</th>
                <th scope="col">Now</th>
                <th scope="col">Your edit</th>
              </tr>
            </thead>
            <tbody>
              {changes.map((c) => (
                <tr key={c.field} data-testid="conflict-change">
                  <th scope="row">{c.label}</th>
                  <td>{c.loaded}</td>
                  <td>{c.current}</td>
                  <td>{c.yours ?? '(unchanged)'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="actions">
        <button type="button" className="button button-primary" onClick={onReload} disabled={busy || changes === null}>
          Load their version
        </button>
        <button type="button" className="button" onClick={onOverwrite} disabled={busy || changes === null}>
          Save mine over theirs
        </button>
      </div>
    </div>
  );
}

/**
 * An editor's 412 (`useEtagSave`'s `conflict`): the panel above with the shown fields someone else changed, or, when
 * their version could not be read, the error.
 */
export function EditorConflict({
  what,
  conflict,
  busy,
  onReload,
  onOverwrite,
}: {
  what: string;
  conflict: { fields: Change[] | null; error: unknown };
  busy: boolean;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  if (conflict.error) return <ErrorPanel error={conflict.error} title={`Someone else changed ${what}, and its current version could not be loaded.`} />;
  return <ConflictPanel what={what} changes={conflict.fields} onReload={onReload} onOverwrite={onOverwrite} busy={busy} />;
}
