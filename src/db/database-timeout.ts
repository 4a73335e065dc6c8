/** What a request was waiting for when the database bound ran out. */
export type DatabaseWait = 'connection' | 'query' | 'lock';

const WHAT: Record<DatabaseWait, string> = {
  connection: 'a database connection',
  query: 'the database to answer a query',
  lock: 'a database lock held by another connection',
};

/**
 * A database wait that ran past its bound (DATABASE_TIMEOUT_MS, docs/decisions/0008-database-bounds.md). Its `code`
 * makes `isDatabaseUnavailable` true, so every surface answers 503 with Retry-After instead of hanging.
 */
export class DatabaseTimeoutError extends Error {
  readonly code = 'DATABASE_TIMEOUT';
  readonly wait: DatabaseWait;
  readonly timeoutMs: number;

  constructor(wait: DatabaseWait, timeoutMs: number, options?: { cause?: unknown; detail?: string }) {
    super(`gave up waiting for ${WHAT[wait]} after ${timeoutMs} ms${options?.detail ? ` (${options.detail})` : ''}`, { cause: options?.cause });
    this.name = 'DatabaseTimeoutError';
    this.wait = wait;
    this.timeoutMs = timeoutMs;
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `work`'s outcome, or a DatabaseTimeoutError once `timeoutMs` has passed. `work` is not stopped (a promise cannot be):
 * `onLate` receives its value if it settles after the bound (to hand back a connection); a late rejection is dropped.
 */
export function within<T>(work: Promise<T>, timeoutMs: number, wait: DatabaseWait, onLate?: (value: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => {
      late = true;
      reject(new DatabaseTimeoutError(wait, timeoutMs));
    }, timeoutMs);
    work.then(
      (value) => {
        if (late) onLate?.(value);
        else {
          clearTimeout(timer);
          resolve(value);
        }
      },
      (error: unknown) => {
        if (late) return;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
