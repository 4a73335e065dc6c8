import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
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

/** A create form's buttons: the submit (its busy words while the request is out) and Cancel. */
export function CreateActions({ busy, label, busyLabel, onCancel }: { busy: boolean; label: string; busyLabel: string; onCancel: () => void }) {
  return (
    <div className="actions">
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      <button type="button" className="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
