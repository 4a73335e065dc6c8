import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/**
 * A secret the API shows once (a new API key, an invitation token): focused when it appears, with a warning, a Copy
 * button that says whether copying worked, and Done. A `note` (what else happened, e.g. an invitation mailed) comes
 * first and describes the panel, so it is read out when the panel takes the focus.
 */
export function ShownOnce(props: {
  heading: ReactNode;
  note?: ReactNode;
  warning: ReactNode;
  /** What the secret is called in the buttons and messages: "key", "token". */
  noun: string;
  secret: string;
  testId: string;
  secretTestId: string;
  onDone: () => void;
}) {
  const headingId = useId();
  const noteId = useId();
  const ref = useRef<HTMLElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    ref.current?.focus();
  }, []);
  const doCopy = async () => {
    try {
      await navigator.clipboard.writeText(props.secret);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  return (
    <section ref={ref} className="panel secret-panel" aria-labelledby={headingId} aria-describedby={props.note ? noteId : undefined} tabIndex={-1} data-testid={props.testId}>
      <h2 id={headingId}>{props.heading}</h2>
      {props.note ? (
        <p id={noteId} className="shown-once-note" data-testid={`${props.testId}-note`}>
          {props.note}
        </p>
      ) : null}
      <p className="warning">{props.warning}</p>
      <p className="secret">
        <code data-testid={props.secretTestId}>{props.secret}</code>
      </p>
      <div className="actions">
        <button type="button" className="button button-primary" onClick={doCopy}>
          Copy {props.noun}
        </button>
        <button type="button" className="button" onClick={props.onDone}>
          Done
        </button>
      </div>
      <p role="status" className="muted">
        {copy === 'copied' ? 'Copied to the clipboard.' : copy === 'failed' ? `Copying failed: select the ${props.noun} and copy it by hand.` : ''}
      </p>
    </section>
  );
}
