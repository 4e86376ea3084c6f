/**
 * @module Readers for the fields data-items requests share (docs/protocol.md §2.2, §3.3, §3.4):
 * each validates one raw JSON value and throws a 400 validation error naming the field.
 */
import { ApiError, type FieldViolation, validationError, violation } from "../errors.ts";
import { parseFieldPath } from "./parse-filter.ts";
import type { FieldPath, SortOrder, SortSpec } from "./types.ts";
import { isPlainObject } from "./values.ts";

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;
export const MAX_OFFSET = 1_000_000_000;
export const MAX_ITEM_ID_LENGTH = 128;
const MAX_SORT_FIELDS = 32;
const MAX_PROJECTED_FIELDS = 1000;
const MAX_COLLECTION_ID_LENGTH = 256;

export type RawSort = { fieldName: string; order: SortOrder }[];

/** Runs readers and gathers every violation they throw, so one 400 can list them all. */
export function createViolationCollector() {
  const violations: FieldViolation[] = [];
  return {
    violations,
    collect<T>(fallback: T, read: () => T): T {
      try {
        return read();
      } catch (error) {
        if (error instanceof ApiError && error.violations.length > 0) {
          violations.push(...error.violations);
          return fallback;
        }
        throw error;
      }
    },
    /** Throws the gathered violations, if any, as one 400. */
    throwIfAny(message = "invalid request"): void {
      if (violations.length > 0) throw validationError(violations, message);
    },
  };
}

/** The request body as an object, or a 400. */
export function readBody(raw: unknown): Record<string, unknown> {
  if (!isPlainObject(raw)) {
    throw validationError([violation("body", "request body must be a JSON object")]);
  }
  return raw;
}

export function readCollectionId(raw: unknown, field = "dataCollectionId"): string {
  if (typeof raw !== "string" || raw.length === 0) {
    throw validationError([violation(field, "must not be empty", "REQUIRED_FIELD")]);
  }
  if (raw.length > MAX_COLLECTION_ID_LENGTH) {
    throw validationError([
      violation(field, `must be at most ${MAX_COLLECTION_ID_LENGTH} characters`, "MAX", {
        threshold: MAX_COLLECTION_ID_LENGTH,
      }),
    ]);
  }
  return raw;
}

/** A required item id: a non-empty string of at most 128 characters. */
export function readItemId(raw: unknown, field: string): string {
  if (typeof raw !== "string" || raw.length === 0) {
    throw validationError([violation(field, "must be a non-empty string", "REQUIRED_FIELD")]);
  }
  if (raw.length > MAX_ITEM_ID_LENGTH) {
    throw validationError([
      violation(field, `must be at most ${MAX_ITEM_ID_LENGTH} characters`, "MAX", {
        threshold: MAX_ITEM_ID_LENGTH,
      }),
    ]);
  }
  return raw;
}

export function readOptionalBoolean(raw: unknown, field: string): boolean | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== "boolean") throw validationError([violation(field, "must be a boolean")]);
  return raw;
}

export function readInteger(
  raw: unknown,
  field: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined || raw === null) return fallback;
  if (typeof raw !== "number" || !Number.isInteger(raw)) {
    throw validationError([violation(field, "must be an integer")]);
  }
  if (raw < min)
    throw validationError([violation(field, `must be at least ${min}`, "MIN", { threshold: min })]);
  if (raw > max)
    throw validationError([violation(field, `must be at most ${max}`, "MAX", { threshold: max })]);
  return raw;
}

/** `{limit, offset}` at `at` (e.g. `query.paging`), with the protocol's defaults. */
export function readPaging(raw: unknown, at: string): { offset: number; limit: number } {
  if (!isPlainObject(raw)) throw validationError([violation(at, "must be an object")]);
  const { collect, throwIfAny } = createViolationCollector();
  const limit = collect(DEFAULT_LIMIT, () =>
    readInteger(raw.limit, `${at}.limit`, DEFAULT_LIMIT, 1, MAX_LIMIT),
  );
  const offset = collect(0, () => readInteger(raw.offset, `${at}.offset`, 0, 0, MAX_OFFSET));
  throwIfAny();
  return { offset, limit };
}

/** `{limit?, cursor?}` at `at` (e.g. `query.cursorPaging`); an empty cursor means the first page. */
export function readCursorPaging(
  raw: unknown,
  at: string,
): { value: string; limit: number | null } {
  if (!isPlainObject(raw)) throw validationError([violation(at, "must be an object")]);
  const limit =
    raw.limit === undefined || raw.limit === null
      ? null
      : readInteger(raw.limit, `${at}.limit`, DEFAULT_LIMIT, 1, MAX_LIMIT);
  const value = raw.cursor ?? "";
  if (typeof value !== "string") {
    throw validationError([violation(`${at}.cursor`, "must be a string")]);
  }
  return { value, limit };
}

export function readSortOrder(raw: unknown, field: string): SortOrder | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (raw !== "ASC" && raw !== "DESC") {
    throw validationError([
      violation(field, "must be ASC or DESC", "INVALID_ENUM_VALUE", { allowed: ["ASC", "DESC"] }),
    ]);
  }
  return raw;
}

export function readSort(raw: unknown, at: string): RawSort {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw validationError([violation(at, "sort must be an array")]);
  if (raw.length > MAX_SORT_FIELDS) {
    throw validationError([
      violation(at, `sort must have at most ${MAX_SORT_FIELDS} fields`, "MAX_SIZE", {
        threshold: MAX_SORT_FIELDS,
      }),
    ]);
  }
  return raw.map((entry: unknown, i) => {
    const entryAt = `${at}[${i}]`;
    if (!isPlainObject(entry))
      throw validationError([violation(entryAt, "must be {fieldName, order}")]);
    const fieldName = entry.fieldName;
    parseFieldPath(fieldName, `${entryAt}.fieldName`);
    const order = readSortOrder(entry.order, `${entryAt}.order`) ?? "ASC";
    return { fieldName: fieldName as string, order };
  });
}

export function toSortSpec(sort: RawSort, at = "query.sort"): SortSpec {
  return sort.map(({ fieldName, order }) => ({ path: parseFieldPath(fieldName, at), order }));
}

/** A projection list; empty (or absent) means every field. */
export function readFields(raw: unknown, at: string): FieldPath[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw))
    throw validationError([violation(at, "must be an array of field names")]);
  if (raw.length > MAX_PROJECTED_FIELDS) {
    throw validationError([
      violation(at, `must list at most ${MAX_PROJECTED_FIELDS} fields`, "MAX_SIZE", {
        threshold: MAX_PROJECTED_FIELDS,
      }),
    ]);
  }
  return raw.map((field: unknown, i) => parseFieldPath(field, `${at}[${i}]`));
}
