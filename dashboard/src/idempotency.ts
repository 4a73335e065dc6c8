import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';

/** A random UUID v4 for an `Idempotency-Key`; `crypto.randomUUID` exists only in secure contexts (HTTPS or localhost). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * One `Idempotency-Key` per submission of the same values, and no second send while one is in flight: a double click
 * or a retry after a lost answer sends the same key, so the service acts once; other values start a new submission.
 */
export function useSubmission() {
  const last = useRef<{ values: string; key: string } | null>(null);
  const sending = useRef(false);
  return {
    /** Whether a submission is waiting for its answer. */
    inFlight: () => sending.current,
    /** The key to send with these values, or null when a submission is already in flight (send nothing then). */
    begin(values = ''): string | null {
      if (sending.current) return null;
      sending.current = true;
      if (last.current?.values !== values) last.current = { values, key: newIdempotencyKey() };
      return last.current.key;
    },
    /** The answer came back (whatever it was): another submission may go. */
    settled(): void {
      sending.current = false;
    },
    /** Done, or the values were edited: the next submission is a new one. */
    forget(): void {
      last.current = null;
    },
  };
}

/**
 * A request sent once per submission ({@link useSubmission}): `submit(values, same)` sends `values` with the key of the
 * submission `same` identifies (a double click or a retry with the same `same` reuses the key, nothing goes while one
 * is in flight); `edited()` starts a new submission and drops the last refusal.
 */
export function useSubmitted<V, R>(send: (values: V, idempotencyKey: string) => Promise<R>, options: { onSuccess?: (result: R) => void; onSettled?: () => void } = {}) {
  const submission = useSubmission();
  const mutation = useMutation({
    mutationFn: (input: { values: V; key: string }) => send(input.values, input.key),
    onSuccess: (result) => {
      submission.forget();
      options.onSuccess?.(result);
    },
    onSettled: () => {
      submission.settled();
      options.onSettled?.();
    },
  });
  return {
    mutation,
    submit(values: V, same = '') {
      const key = submission.begin(same);
      if (key !== null) mutation.mutate({ values, key });
    },
    edited() {
      submission.forget();
      if (mutation.isError) mutation.reset();
    },
  };
}
