import { type ReactNode, useId } from 'react';
import { ApiError } from '../api/errors.ts';

/** The props a control needs to be labelled by its field and described by its hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * One labelled form control with an optional hint and the API's validation error for it (`details[].rule` of the
 * detail whose `path` names the field), wired for screen readers: `<Field label="Name" error={errors.get('name')}>
 * {(p) => <input {...p} value={name} onChange={…} />}</Field>`.
 */
export function Field({ label, error, hint, children }: { label: string; error?: string | null; hint?: ReactNode; children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {label} {error}.
        </p>
      ) : null}
    </div>
  );
}

/**
 * The API's validation errors by field path (`details[].path` of a 400/422, "sku.price" for nested fields as the API
 * names them), so each shows next to its field: those about the body, or with `where: 'query'` those about the
 * querystring (a filter form). A detail without `in` comes from the service's own checks and counts for either.
 * Empty for any other error.
 */
export function fieldErrors(error: unknown, where: 'body' | 'query' = 'body'): Map<string, string> {
  const errors = new Map<string, string>();
  if (!(error instanceof ApiError) || (error.status !== 400 && error.status !== 422)) return errors;
  for (const d of error.details) {
    if (d.path && d.rule && (d.in === undefined || d.in === where) && !errors.has(d.path)) errors.set(d.path, d.rule);
  }
  return errors;
}

/** Whether every field error of `error` is shown next to a field of the form (then the form needs no general panel). */
export function allShownAtFields(error: unknown, fields: readonly string[]): boolean {
  const errors = fieldErrors(error);
  return errors.size > 0 && [...errors.keys()].every((path) => fields.includes(path));
}
