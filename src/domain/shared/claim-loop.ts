/**
 * After a failed attempt, when the next one is due: the schedule's next delay with ±20 % jitter, so work that failed
 * together is not retried together. `null` once the schedule is used up. Used by both outboxes (webhook deliveries,
 * mail) with their own schedules.
 */
export function nextAttemptAt(attemptsMade: number, at: Date, scheduleSeconds: readonly number[], random: () => number = Math.random): Date | null {
  const delay = scheduleSeconds[attemptsMade - 1];
  if (delay === undefined) return null;
  const jitter = 0.8 + 0.4 * random();
  return new Date(at.getTime() + Math.round(delay * 1000 * jitter));
}

/**
 * The loop an outbox sender runs in each instance (the webhook delivery worker, the mail sender): claim what is due,
 * as far as the bounds allow, and start each item; claim again when an item is done, when a commit queued work
 * (`notify`), and at every poll. One claim runs at a time; a call that comes while one runs makes it go round once
 * more. The leases that keep two instances from taking the same item are the claim's (the repositories'); this only
 * paces the claims and keeps count of the work in flight.
 */
export function createClaimLoop<T>(deps: {
  /** Items in flight in this instance. */
  concurrency: number;
  pollMs: number;
  /** How long `stop` waits for the items in flight unless told otherwise. */
  stopWaitMs: number;
  /** Claims at most `free` (at least 1) items and says whether to claim again at once (the claim came back full). */
  claim(free: number): Promise<{ items: readonly T[]; more: boolean }>;
  /** Does one item. */
  run(item: T): Promise<void>;
  /** `run` failed: the item is tried again when its lease ends. */
  runFailed(error: unknown, item: T): void;
  /** A claim failed: the next poll claims again. */
  claimFailed(error: unknown): void;
}) {
  const inFlight = new Set<Promise<void>>();
  let running = false;
  let ticking = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  function start(item: T): void {
    const work = deps
      .run(item)
      .catch((error: unknown) => deps.runFailed(error, item))
      .finally(() => {
        inFlight.delete(work);
        if (running) void tick();
      });
    inFlight.add(work);
  }

  async function tick(): Promise<void> {
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    try {
      do {
        again = false;
        const free = deps.concurrency - inFlight.size;
        if (!running || free <= 0) break;
        const { items, more } = await deps.claim(free);
        for (const item of items) start(item);
        if (more) again = true;
      } while (again && running);
    } catch (error) {
      deps.claimFailed(error);
    } finally {
      ticking = false;
    }
  }

  return {
    /** Starts polling (and claiming at once). */
    start(): void {
      if (running) return;
      running = true;
      timer = setInterval(() => void tick(), deps.pollMs);
      timer.unref();
      void tick();
    },
    /** A commit queued work: look now rather than at the next poll. */
    notify(): void {
      if (running) void tick();
    },
    /** Stops claiming and waits (at most `waitMs`) for the items in flight; an unfinished one is tried again later. */
    async stop(waitMs = deps.stopWaitMs): Promise<void> {
      running = false;
      if (timer) clearInterval(timer);
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...inFlight]), new Promise((resolve) => { timeout = setTimeout(resolve, waitMs); })]);
      clearTimeout(timeout);
    },
    /** Items in flight now. */
    get inFlight(): number {
      return inFlight.size;
    },
  };
}
