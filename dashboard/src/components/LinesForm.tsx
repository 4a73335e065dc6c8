import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import type { Schemas } from '../api/wire.ts';
import { editorFieldErrors } from '../editor.ts';
import { useSubmitted } from '../idempotency.ts';
import { Field, FormRefusal } from './Field.tsx';

type Line = Schemas['Order']['lines'][number];

/**
 * A button that opens a form in its place (Return items, Ship items). The form gets `done` (it closes, then `onDone`:
 * what it changed is read again) and `cancel` (it closes, nothing else).
 */
export function FormToggle({ label, onDone, children }: { label: string; onDone: () => void; children: (done: () => void, cancel: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  if (open)
    return children(() => {
      close();
      onDone();
    }, close);
  return (
    <p>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {label}
      </button>
    </p>
  );
}

/**
 * The state of a form that sends some of an order's lines (a quantity per line, 0 leaves it out) with other fields:
 * one `Idempotency-Key` per submission of the same values (`useSubmitted`), the keyboard on its first input when it
 * opens, the API's refusals by field, each line's mapped back from its place in what was sent (`lines[0].quantity`).
 */
export function useLinesForm<B extends { lines: Array<{ lineId?: string; quantity: number }> }>(options: {
  lines: Line[];
  initial: (line: Line) => number;
  send: (body: B, idempotencyKey: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const { lines, send, onDone } = options;
  const [quantities, setQuantities] = useState<Record<string, string>>(() => Object.fromEntries(lines.map((l) => [l.id, String(options.initial(l))])));
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => ref.current?.querySelector('input')?.focus(), []);
  const { mutation, submit, edited } = useSubmitted(send, { onSuccess: onDone });
  const picked = lines.map((l) => ({ lineId: l.id, quantity: Number(quantities[l.id] ?? '0') })).filter((l) => l.quantity !== 0);
  const errors = editorFieldErrors(mutation.error);
  return {
    lines,
    ref,
    mutation,
    errors,
    quantities,
    edited,
    setQuantity(lineId: string, value: string) {
      setQuantities({ ...quantities, [lineId]: value });
      edited();
    },
    lineError(lineId: string): string | undefined {
      const i = picked.findIndex((p) => p.lineId === lineId);
      return i < 0 ? undefined : (errors.get(`lines[${i}].quantity`) ?? errors.get(`lines[${i}].lineId`));
    },
    /** Sends the lines picked with `rest` (once: a second submit while one is out sends nothing). */
    submit(e: FormEvent<HTMLFormElement>, rest: Omit<B, 'lines'>) {
      e.preventDefault();
      const body = { lines: picked, ...rest } as B;
      submit(body, JSON.stringify(body));
    },
  };
}

/** What `LinesForm` shows of `useLinesForm`, whatever the body. */
type LinesFormView = Pick<ReturnType<typeof useLinesForm>, 'lines' | 'ref' | 'errors' | 'quantities' | 'setQuantity' | 'lineError'> & { mutation: { isPending: boolean; error: unknown } };

/**
 * The form of `useLinesForm`: its heading, what to enter, a quantity per line, the other fields (`children`), the
 * submit and "Keep everything as it is", and a refusal not shown at a field.
 */
export function LinesForm({
  form,
  testId,
  verb,
  past,
  intro,
  lineLabel,
  lineMax,
  onSubmit,
  submitLabel,
  submitDisabled = false,
  onCancel,
  fields,
  refusal,
  children,
}: {
  form: LinesFormView;
  testId: string;
  verb: string; // what the form does to the items: "Ship items", "Pick at least one item to ship"
  past: string; // "Nothing was shipped"
  intro: string;
  lineLabel: (line: Line) => string;
  lineMax: (line: Line) => number;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  submitDisabled?: boolean;
  onCancel: () => void;
  fields: string[]; // the paths of the other fields, where their refusals show
  refusal: string;
  children: ReactNode;
}) {
  const title = `${verb.charAt(0).toUpperCase()}${verb.slice(1)} items`;
  return (
    <form ref={form.ref} onSubmit={onSubmit} noValidate aria-label={title} data-testid={testId}>
      <h3>{title}</h3>
      <p className="muted">{intro}</p>
      {form.errors.get('lines') ? (
        <p className="field-error" role="alert">
          Pick at least one item to {verb} (a quantity above 0).
        </p>
      ) : null}
      {form.lines.map((l) => (
        <Field key={l.id} label={lineLabel(l)} error={form.lineError(l.id)}>
          {(p) => (
            <input {...p} type="number" inputMode="numeric" min="0" max={lineMax(l)} value={form.quantities[l.id] ?? '0'} onChange={(e) => form.setQuantity(l.id, e.target.value)} />
          )}
        </Field>
      ))}
      {children}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={form.mutation.isPending || submitDisabled}>
          {form.mutation.isPending ? 'Sending…' : submitLabel}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Keep everything as it is
        </button>
      </div>
      <FormRefusal
        error={form.mutation.error}
        shown={(path) => path === 'lines' || fields.includes(path) || /^lines\[\d+\]\.(quantity|lineId)$/.test(path)}
        title={refusal}
        nothing={`Nothing was ${past}`}
      />
    </form>
  );
}

