/**
 * @module A bounded least-recently-used map: a `Map` keeps insertion order, so a hit is moved to
 * the end and the first key is the one to evict. Bounded by entry count and, optionally, by a
 * total weight (bytes, say) that `weigh` gives each value.
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
  const entries = new Map<K, { value: V; weight: number }>();
  let weight = 0;

  function remove(key: K): void {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    weight -= entry.weight;
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value) {
      remove(key);
      const entryWeight = weigh(value);
      if (entryWeight > maxWeight) return;
      entries.set(key, { value, weight: entryWeight });
      weight += entryWeight;
      while (entries.size > maxEntries || weight > maxWeight) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        remove(oldest.value);
      }
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
