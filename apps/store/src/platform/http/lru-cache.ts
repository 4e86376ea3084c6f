/**
 * @module A bounded map that evicts entries not used lately (the CLOCK approximation of LRU): a
 * `Map` keeps insertion order; a hit only marks its entry, and eviction gives a marked entry a
 * second chance (moves it to the end, unmarked) before removing the oldest unmarked one. Hits,
 * the hot path, then cost a lookup and no reordering. Bounded by entry count and, optionally, by
 * a total weight (bytes, say) that `weigh` gives each value.
 */
export type LruCache<K, V> = {
  get(key: K): V | undefined;
  /** Stores the value; one heavier than `maxWeight` alone is not stored. */
  set(key: K, value: V): void;
  delete(key: K): void;
  clear(): void;
  readonly size: number;
  readonly weight: number;
};

export type LruOptions<V> = {
  maxEntries: number;
  maxWeight?: number;
  weigh?: (value: V) => number;
};

/** @throws RangeError when `maxEntries` is not a positive integer. */
export function createLruCache<K, V>(options: number | LruOptions<V>): LruCache<K, V> {
  const {
    maxEntries,
    maxWeight = Number.POSITIVE_INFINITY,
    weigh = () => 0,
  } = typeof options === "number" ? { maxEntries: options } : options;
  if (!Number.isInteger(maxEntries) || maxEntries < 1) {
    throw new RangeError(`maxEntries must be a positive integer, got ${maxEntries}`);
  }
  const entries = new Map<K, { value: V; weight: number; used: boolean }>();
  let weight = 0;

  function remove(key: K): void {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    weight -= entry.weight;
  }

  function evictOne(): void {
    for (const [key, entry] of entries) {
      entries.delete(key);
      if (entry.used) {
        entry.used = false;
        entries.set(key, entry);
        continue;
      }
      weight -= entry.weight;
      return;
    }
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      entry.used = true;
      return entry.value;
    },
    set(key, value) {
      remove(key);
      const entryWeight = weigh(value);
      if (entryWeight > maxWeight) return;
      // Room is made first, so the new entry is never the one evicted.
      while (entries.size > 0 && (entries.size >= maxEntries || weight + entryWeight > maxWeight)) {
        evictOne();
      }
      entries.set(key, { value, weight: entryWeight, used: false });
      weight += entryWeight;
    },
    delete: remove,
    clear() {
      entries.clear();
      weight = 0;
    },
    get size() {
      return entries.size;
    },
    get weight() {
      return weight;
    },
  };
}
