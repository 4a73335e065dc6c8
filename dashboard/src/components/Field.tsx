import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { ApiError } from '../api/errors.ts';
import { ErrorPanel } from './ErrorPanel.tsx';

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
export function Field({
  label,
  error,
  hint,
  hintAbove = false,
  errorName = label,
  children,
}: {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  hintAbove?: boolean; // the hint between the label and the control (a key's name: what to call it)
  errorName?: string; // how the error names the field, when not by its label ("Name must not be empty.")
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const hinted = hint ? (
    <p id={hintId} className={hintAbove ? 'muted' : 'field-hint'}>
      {hint}
    </p>
  ) : null;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {hintAbove ? hinted : null}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {hintAbove ? null : hinted}
      {error ? (
        <p id={errorId} className="field-error">
          {errorName} {error}.
        </p>
      ) : null}
    </div>
  );
}

/**
 * A labelled text input (text unless `type` says number, tel, date…) whose value is a string: the common case of {@link Field}.
 * `<TextField label="City" error={at('city')} value={city} onChange={setCity} maxLength={120} />`.
 */
export function TextField({
  label,
  error,
  hint,
  hintAbove,
  errorName,
  value,
  onChange,
  ref,
  type = 'text',
  ...input
}: { label: string; error?: string | null; hint?: ReactNode; hintAbove?: boolean; errorName?: string; value: string; onChange: (value: string) => void; ref?: Ref<HTMLInputElement> } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'aria-invalid' | 'aria-describedby'
>) {
  return (
    <Field label={label} error={error} hint={hint} hintAbove={hintAbove} errorName={errorName}>
      {(p) => <input ref={ref} type={type} {...input} {...p} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

/**
 * The API's complaints about fields, by path (`details[].path`, "sku.price" for nested fields as the API names them),
 * so each shows next to its field: the validation errors of a 400/422 and the conflicts of a 409 that name a field of
 * the body (`SKU_CODE_TAKEN` names `sku` or `skus[1].sku`, `SLUG_TAKEN` names `slug`), those about the body, or with
 * `where: 'query'` those about the querystring (a filter form). A detail without `in` comes from the service's own
 * checks and counts for either. Empty for any other error.
 */
export function fieldErrors(error: unknown, where: 'body' | 'query' = 'body'): Map<string, string> {
  const errors = new Map<string, string>();
  if (!(error instanceof ApiError)) return errors;
  if (error.status !== 400 && error.status !== 422 && !(error.status === 409 && where === 'body')) return errors;
  for (const d of error.details) {
    if (d.path && d.rule && (d.in === undefined || d.in === where) && !errors.has(d.path)) errors.set(d.path, d.rule);
  }
  return errors;
}

/** The fields a form shows errors at: their paths, or a test of a path (`skus[2].price`). */
export type ShownFields = readonly string[] | ((path: string) => boolean);

/**
 * Whether every complaint of `error` is shown next to a field of the form (then the form needs no general panel).
 * False for an error that names no field (a 409 without details, a 5xx, no answer): those must show in the panel.
 */
export function allShownAtFields(error: unknown, fields: ShownFields, where: 'body' | 'query' = 'body'): boolean {
  const errors = fieldErrors(error, where);
  const shown = typeof fields === 'function' ? fields : (path: string) => fields.includes(path);
  return errors.size > 0 && [...errors.keys()].every(shown);
}

/**
 * The rule every form holds: a refusal the form cannot show next to a field — no field named, a field it does not
 * have, a conflict, a failure of the service — shows in the error panel (the API's message and request id); when
 * every complaint is at its field, one line says nothing was done and points at them. Nothing for no error.
 */
export function FormRefusal({ error, shown, title, nothing = 'Nothing was saved' }: { error: unknown; shown: ShownFields; title: string; nothing?: string }) {
  if (!error) return null;
  if (!allShownAtFields(error, shown)) return <ErrorPanel error={error} title={title} />;
  return (
    <p className="field-error" role="alert">
      {nothing}: correct the fields marked above.
    </p>
  );
}
