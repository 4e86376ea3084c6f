import { ResponseShapeError } from "./errors.ts";
import { isRecord } from "./is-record.ts";
import type { JsonResponse } from "./request.ts";
import type { PagingMetadata } from "./types.ts";

/**
 * Returns `body[key]` when it passes `check`, else throws a {@link ResponseShapeError} saying
 * what was `expected`; the 200 bodies of the store are checked only as far as the client relies on them.
 */
export function readField<T>(
  { body, request }: JsonResponse,
  key: string,
  check: (value: unknown) => value is T,
  expected: string,
): T {
  const value = isRecord(body) ? body[key] : undefined;
  if (!check(value)) throw new ResponseShapeError(request, expected, body);
  return value;
}

/** An item envelope: `{"id", "data": {...}}`. */
export function isDataItemShape(value: unknown): value is { data: Record<string, unknown> } {
  return isRecord(value) && isRecord(value.data);
}

/** An array whose every element passes `check`. */
export function isArrayOf<T>(check: (value: unknown) => value is T) {
  return (value: unknown): value is T[] => Array.isArray(value) && value.every(check);
}

/** A number. */
export function isNumber(value: unknown): value is number {
  return typeof value === "number";
}

/** A boolean. */
export function isBoolean(value: unknown): value is boolean {
  return typeof value === "boolean";
}

/** Like {@link readField}, but an absent field reads as `fallback` (JSON encoders of protobuf messages omit defaults such as `false` and `0`). */
export function readFieldOr<T>(
  response: JsonResponse,
  key: string,
  check: (value: unknown) => value is T,
  fallback: T,
  expected: string,
): T {
  const isAbsent = isRecord(response.body) && response.body[key] === undefined;
  return isAbsent ? fallback : readField(response, key, check, expected);
}

/** Reads `pagingMetadata`, which every list answer carries (docs/protocol.md §3.5). */
export function readPagingMetadata(response: JsonResponse): PagingMetadata {
  const isMetadata = (value: unknown): value is PagingMetadata => isRecord(value);
  return readField(response, "pagingMetadata", isMetadata, '{"pagingMetadata": {...}}');
}
