/**
 * @module Validates a QueryDataItems request (docs/protocol.md §2.3, §3.3, §3.4) into a resolved
 * query: filter, sort, projection and one page window, whether paged by offset or by cursor.
 */
import { validationError, violation } from "../errors.ts";
import { decodeCursor, resumedWindow } from "./cursor.ts";
import { parseFilter } from "./parse-filter.ts";
import {
  createViolationCollector,
  DEFAULT_LIMIT,
  type RawSort,
  readCollectionId,
  readCursorPaging,
  readFields,
  readPaging,
  readSort,
  toSortSpec,
} from "./request-fields.ts";
import type { FieldPath, FilterNode, SortSpec } from "./types.ts";
import { isPlainObject } from "./values.ts";

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
  const { collect, throwIfAny, violations } = createViolationCollector();
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
  const fields = collect([], () => readFields(query.fields, "query.fields"));
  const cursorPaging = query.cursorPaging;
  const cursor =
    cursorPaging == null
      ? null
      : collect(null, () => readCursorPaging(cursorPaging, "query.cursorPaging"));
  let resolved: Window;
  if (cursor?.value) {
    resolved = collect(emptyWindow("cursor"), () =>
      resumeCursor(cursor.value, cursor.limit, collectionId, cursorKey),
    );
  } else {
    const window =
      cursor === null
        ? collect({ offset: 0, limit: DEFAULT_LIMIT }, () =>
            readPaging(query.paging ?? {}, "query.paging"),
          )
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
  throwIfAny("invalid query");
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

/** The window a cursor points at; the request's limit, when sent, overrides the cursor's. */
function resumeCursor(
  cursor: string,
  requestedLimit: number | null,
  collectionId: string,
  cursorKey: Uint8Array,
): Window {
  const at = "query.cursorPaging.cursor";
  const state = decodeCursor(cursor, cursorKey);
  const window = resumedWindow(state, collectionId, requestedLimit, at);
  const rawSort = readSort(state.sort, at);
  return {
    filter: parseFilter(state.filter, at),
    rawFilter: state.filter,
    rawSort,
    sort: toSortSpec(rawSort),
    paging: "cursor",
    ...window,
  };
}
