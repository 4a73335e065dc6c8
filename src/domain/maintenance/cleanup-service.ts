import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';

/**
 * What expires, and how long after it ended it is kept before the cleanup deletes it (docs/security.md, "Retention").
 * An ended row is kept a while for the record and for theft detection (a rotated refresh token presented again
 * revokes its family only while it is still known); the audit log keeps the history of every grant and removal.
 */
export const RETENTION = [
  { kind: 'authorization-requests', label: 'authorization requests', keepDays: 1, ended: 'expired (15 minutes after the app sent the merchant)' },
  { kind: 'codes', label: 'authorization codes', keepDays: 1, ended: 'expired (60 seconds after issue), used or not' },
  { kind: 'access-tokens', label: 'app access tokens', keepDays: 1, ended: 'expired (1 hour after issue)' },
  { kind: 'refresh-tokens', label: 'app refresh tokens', keepDays: 30, ended: 'expired (30 days after issue), rotated or not' },
  {
    kind: 'grants',
    label: 'app authorizations (refresh-token families)',
    keepDays: 30,
    ended: 'revoked, or every code and token of it expired; their codes and tokens go with them',
  },
  { kind: 'sessions', label: 'sessions', keepDays: 30, ended: 'expired (7 days after sign-in) or signed out' },
  { kind: 'invitations', label: 'member invitations', keepDays: 30, ended: 'expired (7 days), revoked or accepted' },
  { kind: 'unused-clients', label: 'app registrations never approved', keepDays: 7, ended: 'registered, and no merchant has approved the app since' },
  { kind: 'idempotency-keys', label: 'Idempotency-Key records', keepDays: 0, ended: 'expired (24 hours after the request)' },
  { kind: 'connector-confirmations', label: 'AI connector confirmations acted on', keepDays: 0, ended: 'expired (10 minutes after the merchant was asked)' },
  {
    kind: 'webhook-events',
    label: 'webhook events with their deliveries and attempt log',
    keepDays: 30,
    ended: 'written, and none of its deliveries is still pending (retries end within about a day)',
  },
  {
    kind: 'webhook-previous-secrets',
    label: 'previous webhook signing secrets (kept for a rotation’s overlap)',
    keepDays: 0,
    ended: 'the overlap ended, so it no longer signs (the column is cleared; the endpoint and its current secret stay)',
  },
  { kind: 'email-messages', label: 'mail messages (the outbox and its delivery list)', keepDays: 30, ended: 'written, and no longer pending (retries end within about 9 hours)' },
  { kind: 'password-resets', label: 'password-reset tokens (their hashes)', keepDays: 1, ended: 'expired (30 minutes after the mail was sent) or used' },
  {
    kind: 'provider-events',
    label: 'payment provider event ids (kept to spot a duplicate delivery)',
    keepDays: 30,
    ended: 'received (providers retry an event for about 3 days, and a signature older than 5 minutes is refused anyway)',
  },
  { kind: 'carts', label: 'carts with their lines', keepDays: 0, ended: 'expired (14 days after their last change)' },
  {
    kind: 'checkout-holds',
    label: 'stock holds of unpaid storefront orders (the order is cancelled, its stock released)',
    keepDays: 0,
    ended: 'the hold ended unpaid (15 minutes after checkout; once 10 minutes past a 3-D Secure challenge)',
  },
  {
    kind: 'catalog-changes',
    label: 'the catalog change log (what tells kept product answers apart from changed ones)',
    keepDays: 0,
    ended: 'written more than an hour ago (a kept answer is checked against it within minutes)',
  },
] as const;

/** Catalog change rows are deleted this long after they were written (docs/decisions/0028-catalog-changes-per-store.md). */
export const CATALOG_CHANGES_KEPT_MS = 60 * 60 * 1000;

export type CleanupKind = (typeof RETENTION)[number]['kind'];

/** The storage the cleanup needs; `src/db/cleanup-repo.ts` implements it on both engines. */
export interface CleanupStorage {
  /**
   * Deletes up to `batch` rows of `kind` that ended before `endedBefore`; returns how many it deleted. Called until it
   * deletes fewer than `batch`, so no statement holds locks for long.
   */
  deleteEnded(kind: CleanupKind, endedBefore: Date, now: Date, batch: number): Promise<number>;
}

/** A lease on a named job: at most one holder at a time, across every instance sharing the database. */
export interface JobLocks {
  /** Takes the lease when nobody holds it (or the holder's lease ran out); true when taken. */
  acquire(name: string, holder: string, now: Date, leaseMs: number): Promise<boolean>;
  release(name: string, holder: string): Promise<void>;
}

export type CleanupReport = { ran: false; reason: string } | { ran: true; deleted: Record<CleanupKind, number> };

const LOCK = 'cleanup';
const BATCH = 1000;
/** Longer than a run takes; an instance that dies mid-run frees the job after it. */
const LEASE_MS = 15 * 60_000;

/**
 * The cleanup job: deletes what expired past its retention, kind by kind, in batches, under a lease so that at most
 * one instance runs it at a time. Run by `node src/main.ts cleanup` and periodically by `serve`.
 */
export function createCleanupService(deps: {
  storage: CleanupStorage;
  locks: JobLocks;
  clock?: () => Date;
  /**
   * Kinds whose end is not a delete but a service's work (`checkout-holds`: cancelling an order through its lifecycle),
   * each doing up to `batch` and answering how many it did.
   */
  tasks?: Partial<Record<CleanupKind, (now: Date, batch: number) => Promise<number>>>;
}) {
  const { storage, locks } = deps;
  const clock = deps.clock ?? (() => new Date());
  const holder = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  return {
    holder,

    /** One run. `progress` hears about each kind as it goes (`done` once the kind is finished). */
    async run(progress?: (label: string, deleted: number, done: boolean) => void): Promise<CleanupReport> {
      if (!(await locks.acquire(LOCK, holder, clock(), LEASE_MS))) {
        return { ran: false, reason: 'another instance is running the cleanup now' };
      }
      try {
        const deleted = {} as Record<CleanupKind, number>;
        for (const { kind, label, keepDays } of RETENTION) {
          const now = clock();
          const endedBefore = new Date(now.getTime() - keepDays * 24 * 3600 * 1000);
          let total = 0;
          for (;;) {
            const task = deps.tasks?.[kind];
            const n = task ? await task(now, BATCH) : await storage.deleteEnded(kind, endedBefore, now, BATCH);
            total += n;
            if (n < BATCH) break;
            progress?.(label, total, false);
          }
          deleted[kind] = total;
          progress?.(label, total, true);
        }
        return { ran: true, deleted };
      } finally {
        await locks.release(LOCK, holder);
      }
    },
  };
}

export type CleanupService = ReturnType<typeof createCleanupService>;

/**
 * Runs the cleanup every `intervalMs` (with up to 10% jitter, so instances started together do not all try at once),
 * the first time `firstDelayMs` after start. Failures are reported to `onError` and the next run goes on as planned.
 * Returns `stop`, which waits for a run in progress.
 */
export function scheduleCleanup(
  cleanup: Pick<CleanupService, 'run'>,
  options: { intervalMs: number; firstDelayMs?: number; onRun?: (report: CleanupReport) => void; onError?: (error: unknown) => void },
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const plan = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = cleanup
        .run()
        .then((report) => options.onRun?.(report), (error: unknown) => options.onError?.(error))
        .finally(() => {
          running = undefined;
          plan(options.intervalMs * (0.9 + Math.random() * 0.2));
        });
    }, delay);
    timer.unref();
  };
  plan(options.firstDelayMs ?? 60_000);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
