/**
 * @module What shared caches (a CDN, nginx) may do with the answers that are the same for every
 * caller: the page and a visitor's GET query. `CDN_S_MAXAGE_SECONDS` (default 60; 0 turns it
 * off) and `CDN_STALE_WHILE_REVALIDATE_SECONDS` (default 300) become their `Cache-Control`;
 * browsers keep `max-age=0`, so they revalidate with the ETag on every view.
 */

export type SharedCache = { sMaxAge: number; staleWhileRevalidate: number };

export const DEFAULT_SHARED_CACHE: SharedCache = { sMaxAge: 60, staleWhileRevalidate: 300 };
/** A day: an edit must not stay hidden longer than that when no purge reaches the CDN. */
const MAX_SECONDS = 86_400;

function readSeconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]?.trim() ?? "";
  if (text === "") return fallback;
  const seconds = Number(text);
  if (!/^\d+$/.test(text) || seconds > MAX_SECONDS) {
    throw new Error(`${name} must be an integer from 0 to ${MAX_SECONDS}, got "${env[name]}"`);
  }
  return seconds;
}

/**
 * The shared-cache lifetimes from the environment, or null when `CDN_S_MAXAGE_SECONDS=0`.
 * @throws Error with a one-line message when a value is invalid.
 */
export function readSharedCache(env: NodeJS.ProcessEnv): SharedCache | null {
  const sMaxAge = readSeconds(env, "CDN_S_MAXAGE_SECONDS", DEFAULT_SHARED_CACHE.sMaxAge);
  const staleWhileRevalidate = readSeconds(
    env,
    "CDN_STALE_WHILE_REVALIDATE_SECONDS",
    DEFAULT_SHARED_CACHE.staleWhileRevalidate,
  );
  return sMaxAge === 0 ? null : { sMaxAge, staleWhileRevalidate };
}

/** `Cache-Control` for an answer any caller may be given; `fallback` when shared caching is off. */
export function sharedCacheControl(cache: SharedCache | null, fallback: string): string {
  if (cache === null) return fallback;
  const stale =
    cache.staleWhileRevalidate > 0 ? `, stale-while-revalidate=${cache.staleWhileRevalidate}` : "";
  return `public, max-age=0, s-maxage=${cache.sMaxAge}${stale}`;
}
