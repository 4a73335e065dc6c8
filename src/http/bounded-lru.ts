/** A map that keeps the most recently used entries within `max` units of `size` (measured when an entry is set). */
export function boundedLru<V>(max: number, size: (value: V) => number) {
  const entries = new Map<string, { value: V; size: number }>();
  let total = 0;
  return {
    get(key: string): V | undefined {
      const found = entries.get(key);
      if (found !== undefined) {
        entries.delete(key);
        entries.set(key, found);
      }
      return found?.value;
    },
    /** Adds or replaces an entry; setting an entry again measures it again (it grew). */
    set(key: string, value: V): void {
      const old = entries.get(key);
      if (old !== undefined) {
        total -= old.size;
        entries.delete(key);
      }
      const measured = size(value);
      entries.set(key, { value, size: measured });
      total += measured;
      while (total > max && entries.size > 0) {
        const [oldestKey, oldest] = entries.entries().next().value as [string, { value: V; size: number }];
        entries.delete(oldestKey);
        total -= oldest.size;
      }
    },
    delete(key: string): void {
      const found = entries.get(key);
      if (found === undefined) return;
      entries.delete(key);
      total -= found.size;
    },
    clear(): void {
      entries.clear();
      total = 0;
    },
    size: () => ({ entries: entries.size, total }),
  };
}
