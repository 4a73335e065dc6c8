import { LRUCache } from 'lru-cache';

/**
 * A map that keeps the most recently used entries within `max` units of `size` (measured when an entry is set), on
 * `lru-cache`: its recency order is a linked list of array indices, so a hit moves no map entry. The hand-written
 * version before it moved each hit to the end of a Map (delete, then set); on the hot reads (50 products a page, every
 * request) that churn grew and rehashed the Map's table in the old generation, which set off a full collection about
 * once a second under load: measured in decision 0043.
 */
export function boundedLru<V extends object>(max: number, size: (value: V) => number) {
  // lru-cache measures sizes as positive integers; an empty value still holds an entry.
  const entries = new LRUCache<string, V>({ maxSize: max, sizeCalculation: (value) => Math.max(1, Math.ceil(size(value))) });
  return {
    get(key: string): V | undefined {
      return entries.get(key);
    },
    /** Adds or replaces an entry; setting an entry again measures it again (it grew). One larger than `max` is not kept. */
    set(key: string, value: V): void {
      // lru-cache measures a value when it replaces another; the same value set again (it grew) is measured again here.
      if (entries.peek(key) === value) entries.delete(key);
      entries.set(key, value);
    },
    delete(key: string): void {
      entries.delete(key);
    },
    clear(): void {
      entries.clear();
    },
    size: () => ({ entries: entries.size, total: entries.calculatedSize }),
  };
}
