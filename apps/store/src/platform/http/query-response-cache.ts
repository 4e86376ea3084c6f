/**
 * @module Serialised query responses kept per normalised request until the content version
 * changes (docs/benchmarks.md: the page's five queries return the same bytes to every visitor).
 * A miss reads the version and runs the query in one transaction, so an entry never holds
 * data newer or older than the version it is filed under.
 */
import { type CompressedBody, createCompressedBody } from "./compressed-body.ts";
import { createLruCache } from "./lru-cache.ts";

export type VersionedSource = {
  /** Bumped by every item write, whichever process writes. */
  contentVersion(): number;
  transaction<T>(fn: () => T): T;
};

export type QueryResponseCacheOptions = {
  maxEntries?: number;
  /** Bound on the bytes held (each entry counted at twice its JSON, for its compressed forms). */
  maxBytes?: number;
};

export type QueryResponseCache = ReturnType<typeof createQueryResponseCache>;

export function createQueryResponseCache(
  source: VersionedSource,
  { maxEntries = 1000, maxBytes = 64 * 1024 * 1024 }: QueryResponseCacheOptions = {},
) {
  const entries = createLruCache<string, CompressedBody>({
    maxEntries,
    maxWeight: maxBytes,
    weigh: (entry) => 2 * entry.body.byteLength,
  });
  let version: number | null = null;

  return {
    /**
     * The response for `key`: from the cache when the content is unchanged, else `compute()`
     * serialised as JSON (and kept). Errors thrown by `compute` pass through and are not kept.
     */
    get(key: string, compute: () => unknown): CompressedBody {
      const current = source.contentVersion();
      if (current !== version) {
        entries.clear();
        version = current;
      }
      const cached = entries.get(key);
      if (cached !== undefined) return cached;
      const fresh = source.transaction(() => ({
        version: source.contentVersion(),
        json: JSON.stringify(compute()),
      }));
      const body = createCompressedBody(fresh.json);
      if (fresh.version === version) entries.set(key, body);
      return body;
    },
    get size() {
      return entries.size;
    },
  };
}
