import { type ReactNode, useEffect, useId, useRef } from 'react';
import { ErrorPanel } from './ErrorPanel.tsx';

/**
 * A confirmation before something that cannot be undone, naming what goes: focus moves to it, the danger button says
 * exactly what it does, Cancel leaves everything as it was.
 */
export function Confirm({
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  error,
  errorTitle,
  onConfirm,
  onCancel,
  testId,
}: {
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  error: unknown;
  errorTitle: string;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}) {
  const headingId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div ref={ref} className="confirm" role="alertdialog" aria-labelledby={headingId} tabIndex={-1} data-testid={testId}>
      <p id={headingId} className="confirm-title">
        {title}
      </p>
      {children}
      <div className="actions">
        <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {error ? <ErrorPanel error={error} title={errorTitle} /> : null}
    </div>
  );
}
