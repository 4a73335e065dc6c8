/**
 * Counting attempts per key in a fixed window. One instance keeps counts in memory; several instances share them
 * through Redis (`store/redis-rate-limiter.ts`), selected by REDIS_URL.
 */
export interface RateLimiter {
  /** The current count for `key` and the seconds until its window ends (0 when there is no count). */
  peek(key: string): Promise<{ count: number; resetInSeconds: number }>;
  /** Adds one to `key`'s count, starting a window of `windowSeconds` on the first hit. Returns the new count. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>;
  /**
   * Takes one attempt of `key`'s budget of `limit` per window, atomically: when the count is below `limit` it is
   * raised by one (starting a window of `windowSeconds` on the first) and `allowed` is true; otherwise nothing
   * changes. Of any number of concurrent callers, on any number of instances sharing the store, at most `limit` are
   * allowed per window.
   */
  take(key: string, limit: number, windowSeconds: number): Promise<{ allowed: boolean; count: number; resetInSeconds: number }>;
  /** Gives one taken attempt back (never below zero), e.g. when the attempt turned out to be a success. */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** At most this many keys are kept in memory; the oldest windows go first beyond it. */
export const MEMORY_LIMITER_MAX_KEYS = 100_000;

export function createMemoryRateLimiter(clock: () => number = Date.now, maxKeys = MEMORY_LIMITER_MAX_KEYS): RateLimiter {
  // Insertion order is window-start order, so the first keys are the oldest windows.
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const entry = windows.get(key);
    if (entry && entry.endsAt <= clock()) {
      windows.delete(key);
      return undefined;
    }
    return entry;
  };
  const left = (endsAt: number) => Math.max(1, Math.ceil((endsAt - clock()) / 1000));
  const open = (key: string, windowSeconds: number) => {
    const existing = live(key);
    if (existing) return existing;
    while (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
    const entry = { count: 0, endsAt: clock() + windowSeconds * 1000 };
    windows.set(key, entry);
    return entry;
  };
  return {
    async peek(key) {
      const entry = live(key);
      return entry ? { count: entry.count, resetInSeconds: left(entry.endsAt) } : { count: 0, resetInSeconds: 0 };
    },
    async hit(key, windowSeconds) {
      const entry = open(key, windowSeconds);
      entry.count += 1;
      return { count: entry.count, resetInSeconds: left(entry.endsAt) };
    },
    async take(key, limit, windowSeconds) {
      // No await between the check and the increment: atomic within the process.
      const entry = open(key, windowSeconds);
      if (entry.count >= limit) return { allowed: false, count: entry.count, resetInSeconds: left(entry.endsAt) };
      entry.count += 1;
      return { allowed: true, count: entry.count, resetInSeconds: left(entry.endsAt) };
    },
    async release(key) {
      const entry = live(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}
