/**
 * Counting attempts per key in a fixed window. One instance keeps counts in memory; several instances share them
 * through Redis (`store/redis-rate-limiter.ts`), selected by REDIS_URL.
 */
export interface RateLimiter {
  /** The current count for `key` and the seconds until its window ends (0 when there is no count). */
  peek(key: string): Promise<{ count: number; resetInSeconds: number }>;
  /** Adds one to `key`'s count, starting a window of `windowSeconds` on the first hit. Returns the new count. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetInSeconds: number }>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(clock: () => number = Date.now): RateLimiter {
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
  return {
    async peek(key) {
      const entry = live(key);
      return entry ? { count: entry.count, resetInSeconds: left(entry.endsAt) } : { count: 0, resetInSeconds: 0 };
    },
    async hit(key, windowSeconds) {
      // Drop expired windows now and then so the map cannot grow without bound.
      if (windows.size > 10_000) for (const k of windows.keys()) live(k);
      const entry = live(key) ?? { count: 0, endsAt: clock() + windowSeconds * 1000 };
      entry.count += 1;
      windows.set(key, entry);
      return { count: entry.count, resetInSeconds: left(entry.endsAt) };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}
