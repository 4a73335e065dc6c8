import { allShownAtFields, fieldErrors } from '../components/Field.tsx';

/** The API's complaints about the form's fields, by path (`fieldErrors`: 400/422 and the 409s that name a field). */
export function formErrors(error: unknown): Map<string, string> {
  return fieldErrors(error);
}

/**
 * Whether the form shows every complaint of `error` next to one of its fields (`shown` says which paths it shows);
 * otherwise the error panel shows the API's message and request id as well.
 */
export function shownAtFields(error: unknown, shown: (path: string) => boolean): boolean {
  return allShownAtFields(error, shown);
}

/** The error for `path` and for any path under it (`regions` shows `regions[1].stateId` too), first found. */
export function errorUnder(errors: Map<string, string>, path: string): string | null {
  for (const [p, rule] of errors) if (p === path || p.startsWith(`${path}[`) || p.startsWith(`${path}.`)) return p === path ? rule : `${p.slice(path.length)}: ${rule}`;
  return null;
}

/**
 * The number a numeric field holds, for the body: null when empty (an optional field cleared). An unreadable entry is
 * sent as text so the API refuses it naming the field ("must be a number"), rather than dropped.
 */
export function numberOrNull(text: string): number | string | null {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}

/** A number as a numeric field's text ('' for null). */
export function numberText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The fields of `draft` that differ from `base` (compared as JSON): what a PATCH sends. Undefined fields are left out. */
export function changedOnly<T extends object>(base: T, draft: Partial<T>): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(draft) as (keyof T)[]) {
    if (draft[key] !== undefined && JSON.stringify(draft[key]) !== JSON.stringify(base[key])) out[key] = draft[key];
  }
  return out;
}
