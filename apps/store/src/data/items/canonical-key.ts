/** @module A string key under which equal values (dates by instant, objects by content) collide. */
import { dateOf, isPlainObject } from "../../platform/query/values.ts";

function canonical(value: unknown): unknown {
  const date = dateOf(value);
  if (date !== null) return { $date: date };
  if (Array.isArray(value)) return value.map(canonical);
  if (isPlainObject(value)) {
    return Object.keys(value)
      .sort()
      .map((key) => [key, canonical(value[key])]);
  }
  return value;
}

/** Values of different kinds never share a key (`1`, `"1"` and `true` stay apart). */
export function canonicalKey(value: unknown): string {
  return `${typeof value}:${JSON.stringify(canonical(value)) ?? "undefined"}`;
}
