/**
 * @module PostgreSQL can store no NUL character (U+0000) in text or jsonb, so the PostgreSQL
 * adapter replaces it with U+FFFD in stored data and in query operands alike, before either
 * reaches SQL (as values.ts `wellFormed` does for lone surrogates), and both sides still agree.
 */
import { isPlainObject } from "../../query/values.ts";

/** The text with each NUL replaced by U+FFFD. */
export function textWithoutNul(text: string): string {
  return text.replaceAll("\u0000", "\uFFFD");
}

/** `textWithoutNul` applied to every string and key of a JSON value. */
export function withoutNul<T>(value: T): T;
export function withoutNul(value: unknown): unknown {
  if (typeof value === "string") return textWithoutNul(value);
  if (Array.isArray(value)) return value.map(withoutNul);
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [textWithoutNul(key), withoutNul(inner)]),
    );
  }
  return value;
}
