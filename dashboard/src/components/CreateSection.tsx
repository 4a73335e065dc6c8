import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useSubmitted } from '../idempotency.ts';
import { allShownAtFields } from './Field.tsx';
import { ErrorPanel } from './ErrorPanel.tsx';
import { Section } from './Section.tsx';

/**
 * A section that adds a record with a form it opens (a delivery zone, a tax region): its button until opened, then the
 * form, which takes the keyboard; when the form closes (added or cancelled) the button has it again. The last
 * addition's notice (`role="status"`) shows above; `intro` says what the record is while the form is closed.
 */
export function CreateSection({
  title,
  openLabel,
  formLabel,
  open,
  onOpen,
  created,
  intro,
  onSubmit,
  children,
}: {
  title: string;
  openLabel: string;
  formLabel: string;
  open: boolean;
  onOpen: () => void;
  created: string | null;
  intro: ReactNode;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const opener = useRef<HTMLButtonElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) form.current?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return (
    <Section
      title={title}
      actions={
        open ? null : (
          <button ref={opener} type="button" className="button button-primary" onClick={onOpen}>
            {openLabel}
          </button>
        )
      }
    >
      {created ? (
        <p className="notice" role="status">
          {created}
        </p>
      ) : null}
      {open ? (
        <form ref={form} tabIndex={-1} onSubmit={onSubmit} noValidate aria-label={formLabel}>
          {children}
        </form>
      ) : (
        intro
      )}
    </Section>
  );
}

/**
 * The state of a {@link CreateSection}'s form: its draft (`edit` merges a change in, which starts a new submission),
 * whether it is open, the last addition's notice (`created` gives it and does what else the addition needs), and the
 * request, sent once per submission of the same body.
 */
export function useCreateForm<D, R>(options: { empty: D; bodyOf: (draft: D) => unknown; send: (body: unknown, idempotencyKey: string) => Promise<R>; created: (record: R) => string }) {
  const { empty, bodyOf, created } = options;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<D>(empty);
  const [notice, setNotice] = useState<string | null>(null);
  const { mutation, submit, edited } = useSubmitted(options.send, {
    onSuccess: (record) => {
      setDraft(empty);
      setOpen(false);
      setNotice(created(record));
    },
  });
  return {
    draft,
    create: mutation,
    edit(change: Partial<D>) {
      setDraft((d) => ({ ...d, ...change }));
      edited();
      setNotice(null);
    },
    section: {
      open,
      onOpen: () => setOpen(true),
      created: notice,
      onSubmit(e: FormEvent<HTMLFormElement>) {
        e.preventDefault();
        const body = bodyOf(draft);
        submit(body, JSON.stringify(body));
      },
    },
    cancel() {
      setOpen(false);
      mutation.reset();
    },
  };
}

/** A create form's buttons (the submit, with its busy words while the request is out, and Cancel) and a refusal not shown at a field. */
export function CreateActions({
  form,
  label,
  busyLabel,
  failed,
  shown,
}: {
  form: Pick<ReturnType<typeof useCreateForm>, 'create' | 'cancel'>;
  label: string;
  busyLabel: string;
  failed: string;
  shown: (path: string) => boolean;
}) {
  const { create } = form;
  return (
    <>
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {create.isPending ? busyLabel : label}
        </button>
        <button type="button" className="button" onClick={form.cancel}>
          Cancel
        </button>
      </div>
      {create.isError && !allShownAtFields(create.error, shown) ? <ErrorPanel error={create.error} title={failed} /> : null}
    </>
  );
}
