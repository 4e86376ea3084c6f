/**
 * @module Validates a QueryDataItems request (protocol.md §2.3, §3.3, §3.4) into a resolved
 * query: filter, sort, projection and one page window, whether paged by offset or by cursor.
 */
import { ApiError, type FieldViolation, validationError, violation } from "../errors.ts";
import { decodeCursor } from "./cursor.ts";
import { parseFieldPath, parseFilter } from "./parse-filter.ts";
import type { FieldPath, FilterNode, SortOrder, SortSpec } from "./types.ts";
import { isPlainObject } from "./values.ts";

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 1000;
export const MAX_OFFSET = 1_000_000_000;
const MAX_SORT_FIELDS = 32;
const MAX_PROJECTED_FIELDS = 1000;
const MAX_COLLECTION_ID_LENGTH = 256;

export type RawSort = { fieldName: string; order: SortOrder }[];

type Window = Omit<ResolvedQuery, "collectionId" | "fields" | "returnTotalCount">;

export type ResolvedQuery = {
  collectionId: string;
  filter: FilterNode;
  sort: SortSpec;
  /** The validated filter and sort as sent, kept so cursors can carry them. */
  rawFilter: unknown;
  rawSort: RawSort;
  /** Projection; empty means every field. */
  fields: FieldPath[];
  paging: "offset" | "cursor";
  offset: number;
  limit: number;
  returnTotalCount: boolean;
};

/**
 * Validates a query request body.
 * @throws ApiError VALIDATION_FAILED listing every violation found.
 */
export function parseQueryRequest(body: unknown, cursorKey: Uint8Array): ResolvedQuery {
  const violations: FieldViolation[] = [];
  const collect = <T>(fallback: T, read: () => T): T => {
    try {
      return read();
    } catch (error) {
      if (error instanceof ApiError && error.violations.length > 0) {
        violations.push(...error.violations);
        return fallback;
      }
      throw error;
    }
  };
  if (!isPlainObject(body)) {
    throw validationError(
      [violation("body", "request body must be a JSON object")],
      "invalid query",
    );
  }
  const collectionId = collect("", () => readCollectionId(body.dataCollectionId));
  const query = body.query ?? {};
  if (!isPlainObject(query)) {
    throw validationError([violation("query", "query must be an object")], "invalid query");
  }
  if (query.paging != null && query.cursorPaging != null) {
    violations.push(violation("query", "paging and cursorPaging cannot be used together", "OTHER"));
  }
  const returnTotalCount = body.returnTotalCount ?? false;
  if (typeof returnTotalCount !== "boolean") {
    violations.push(violation("returnTotalCount", "must be a boolean"));
  }
  const fields = collect([], () => readFields(query.fields));
  const cursorPaging = query.cursorPaging;
  const cursor = cursorPaging == null ? null : collect(null, () => readCursor(cursorPaging));
  let resolved: Window;
  if (cursor?.value) {
    resolved = collect(emptyWindow("cursor"), () =>
      resumeCursor(cursor.value, cursor.limit, collectionId, cursorKey),
    );
  } else {
    const window =
      cursor === null
        ? collect({ offset: 0, limit: DEFAULT_LIMIT }, () => readPaging(query.paging ?? {}))
        : { offset: 0, limit: cursor.limit ?? DEFAULT_LIMIT };
    const filter = collect<FilterNode>({ type: "and", nodes: [] }, () => parseFilter(query.filter));
    const rawSort = collect<RawSort>([], () => readSort(query.sort, "query.sort"));
    resolved = {
      ...window,
      filter,
      rawFilter: query.filter ?? {},
      rawSort,
      sort: toSortSpec(rawSort),
      paging: cursorPaging == null ? "offset" : "cursor",
    };
  }
  if (violations.length > 0) throw validationError(violations, "invalid query");
  return { ...resolved, collectionId, fields, returnTotalCount: returnTotalCount === true };
}

function emptyWindow(paging: "offset" | "cursor"): Window {
  return {
    filter: { type: "and", nodes: [] },
    sort: [],
    rawFilter: {},
    rawSort: [],
    paging,
    offset: 0,
    limit: DEFAULT_LIMIT,
  };
}

function readCollectionId(raw: unknown): string {
  if (typeof raw !== "string" || raw.length === 0) {
    throw validationError([violation("dataCollectionId", "must not be empty", "REQUIRED_FIELD")]);
  }
  if (raw.length > MAX_COLLECTION_ID_LENGTH) {
    throw validationError([
      violation(
        "dataCollectionId",
        `must be at most ${MAX_COLLECTION_ID_LENGTH} characters`,
        "MAX",
        {
          threshold: MAX_COLLECTION_ID_LENGTH,
        },
      ),
    ]);
  }
  return raw;
}

function readInteger(
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

function readPaging(raw: unknown): { offset: number; limit: number } {
  if (!isPlainObject(raw)) throw validationError([violation("query.paging", "must be an object")]);
  const violations: FieldViolation[] = [];
  const read = (key: string, fallback: number, min: number, max: number) => {
    try {
      return readInteger(raw[key], `query.paging.${key}`, fallback, min, max);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      violations.push(...error.violations);
      return fallback;
    }
  };
  const limit = read("limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
  const offset = read("offset", 0, 0, MAX_OFFSET);
  if (violations.length > 0) throw validationError(violations);
  return { offset, limit };
}

function readCursor(raw: unknown): { value: string; limit: number | null } {
  if (!isPlainObject(raw)) {
    throw validationError([violation("query.cursorPaging", "must be an object")]);
  }
  const limit =
    raw.limit === undefined || raw.limit === null
      ? null
      : readInteger(raw.limit, "query.cursorPaging.limit", DEFAULT_LIMIT, 1, MAX_LIMIT);
  const value = raw.cursor ?? "";
  if (typeof value !== "string") {
    throw validationError([violation("query.cursorPaging.cursor", "must be a string")]);
  }
  return { value, limit };
}

/** The window a cursor points at; the request's limit, when sent, overrides the cursor's. */
function resumeCursor(
  cursor: string,
  requestedLimit: number | null,
  collectionId: string,
  cursorKey: Uint8Array,
): Window {
  const state = decodeCursor(cursor, cursorKey);
  if (state.collectionId !== collectionId) {
    throw validationError([
      violation(
        "query.cursorPaging.cursor",
        `cursor belongs to collection [${state.collectionId}]`,
        "OTHER",
      ),
    ]);
  }
  const rawSort = readSort(state.sort, "query.cursorPaging.cursor");
  return {
    filter: parseFilter(state.filter, "query.cursorPaging.cursor"),
    rawFilter: state.filter,
    rawSort,
    sort: toSortSpec(rawSort),
    paging: "cursor",
    offset: Math.min(Math.max(state.offset, 0), MAX_OFFSET),
    limit: requestedLimit ?? Math.min(Math.max(state.limit, 1), MAX_LIMIT),
  };
}

function readSort(raw: unknown, at: string): RawSort {
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
    const order = entry.order ?? "ASC";
    if (order !== "ASC" && order !== "DESC") {
      throw validationError([
        violation(`${entryAt}.order`, "must be ASC or DESC", "INVALID_ENUM_VALUE", {
          allowed: ["ASC", "DESC"],
        }),
      ]);
    }
    return { fieldName: fieldName as string, order };
  });
}

function toSortSpec(sort: RawSort): SortSpec {
  return sort.map(({ fieldName, order }) => ({
    path: parseFieldPath(fieldName, "query.sort"),
    order,
  }));
}

function readFields(raw: unknown): FieldPath[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw))
    throw validationError([violation("query.fields", "must be an array of field names")]);
  if (raw.length > MAX_PROJECTED_FIELDS) {
    throw validationError([
      violation("query.fields", `must list at most ${MAX_PROJECTED_FIELDS} fields`, "MAX_SIZE", {
        threshold: MAX_PROJECTED_FIELDS,
      }),
    ]);
  }
  return raw.map((field: unknown, i) => parseFieldPath(field, `query.fields[${i}]`));
}
