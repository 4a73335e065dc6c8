import { useEffect, useRef } from 'react';

/**
 * Keyboard focus for inline editors: `opened` focuses the first field of a form when it appears (the button that
 * opened it is gone), and `useReturnFocus(open)` puts focus back on the control marked `data-return-focus={key}` when
 * the editor or confirmation `key` closes, instead of leaving it on the page's body.
 */
export function focusFirstField(form: HTMLElement | null): void {
  form?.querySelector<HTMLElement>('input:not([type=hidden]):not([readonly]), select, textarea')?.focus();
}

export function useReturnFocus(open: string | null): void {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const was = previous.current;
    previous.current = open;
    if (was !== null && open === null) document.querySelector<HTMLElement>(`[data-return-focus="${CSS.escape(was)}"]`)?.focus();
  }, [open]);
}
