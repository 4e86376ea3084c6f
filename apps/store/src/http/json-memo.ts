/**
 * @module Memoises a pure function of a parsed JSON body by the body's JSON text: the query
 * call's validation runs once per distinct request instead of on every repeat. Throws are not
 * memoised; bodies above `maxTextLength` are not either (their text costs as much as a parse).
 */
import { createLruCache } from "./lru-cache.ts";

/** The JSON text, or undefined when there is none (or it nests deeper than the stack allows). */
function jsonText(body: unknown): string | undefined {
  try {
    return JSON.stringify(body);
  } catch {
    return undefined;
  }
}

export type JsonMemoOptions = { maxEntries?: number; maxTextLength?: number };

export function memoizeByJson<T>(
  fn: (body: unknown) => T,
  { maxEntries = 1000, maxTextLength = 4096 }: JsonMemoOptions = {},
): (body: unknown) => T {
  const results = createLruCache<string, { value: T }>(maxEntries);
  return function memoized(body) {
    const text = jsonText(body);
    if (text === undefined || text.length > maxTextLength) return fn(body);
    const hit = results.get(text);
    if (hit !== undefined) return hit.value;
    const value = fn(body);
    results.set(text, { value });
    return value;
  };
}
