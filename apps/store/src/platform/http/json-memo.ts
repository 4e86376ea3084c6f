/**
 * @module Memoises a pure function of a JSON request body: the query call's validation runs once
 * per distinct request instead of on every repeat. Keyed by the body's JSON text, either as
 * received (`memoizeByText`, which then skips parsing too) or re-serialised from the parsed
 * value (`memoizeByJson`). Throws are not memoised; texts above `maxTextLength` are not either.
 */
import { createLruCache } from "./lru-cache.ts";

export type JsonMemoOptions = { maxEntries?: number; maxTextLength?: number };

function createTextMemo<T>({ maxEntries = 1000, maxTextLength = 4096 }: JsonMemoOptions) {
  const results = createLruCache<string, { value: T }>(maxEntries);
  return function remembered(text: string, compute: () => T): T {
    if (text.length > maxTextLength) return compute();
    const hit = results.get(text);
    if (hit !== undefined) return hit.value;
    const value = compute();
    results.set(text, { value });
    return value;
  };
}

/** `fn` receives the text; repeats of the same text return the first result. */
export function memoizeByText<T>(
  fn: (text: string) => T,
  options: JsonMemoOptions = {},
): (text: string) => T {
  const remembered = createTextMemo<T>(options);
  return (text) => remembered(text, () => fn(text));
}

/** The JSON text, or undefined when there is none (or it nests deeper than the stack allows). */
function jsonText(body: unknown): string | undefined {
  try {
    return JSON.stringify(body);
  } catch {
    return undefined;
  }
}

/** `fn` receives the parsed body; bodies with the same JSON return the first result. */
export function memoizeByJson<T>(
  fn: (body: unknown) => T,
  options: JsonMemoOptions = {},
): (body: unknown) => T {
  const remembered = createTextMemo<T>(options);
  return function memoized(body) {
    const text = jsonText(body);
    return text === undefined ? fn(body) : remembered(text, () => fn(body));
  };
}
