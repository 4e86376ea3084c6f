/**
 * @module Paging for the calls whose whole answer is computed in memory (distinct values,
 * aggregations, referenced items): offset paging or signed cursors that carry the call's own
 * request fields, so a cursor-only follow-up request (docs/protocol.md §3.4) resumes the same call.
 */
import { violation } from "../../platform/errors.ts";
import { decodeCallCursor, encodeCallCursor, resumedWindow } from "../../platform/query/cursor.ts";
import {
  createViolationCollector,
  DEFAULT_LIMIT,
  readCursorPaging,
  readOptionalBoolean,
  readPaging,
} from "../../platform/query/request-fields.ts";

export type PageWindow = { paging: "offset" | "cursor"; offset: number; limit: number };

export type PagedCall = {
  /** The fields that define the call: from the body, or from the cursor when one is sent. */
  fields: Record<string, unknown>;
  window: PageWindow;
  returnTotalCount: boolean;
};

export type PagingMetadata = {
  count: number;
  offset: number;
  total?: number;
  tooManyToCount: false;
  cursors: { next: string | null; prev: string | null };
  hasNext: boolean;
};

export type PagedCallContext = {
  call: string;
  collectionId: string;
  key: Uint8Array;
  /** The body fields a cursor carries (filter, order, ...). */
  carried: readonly string[];
};

/**
 * Reads `paging` or `cursorPaging` (never both) and `returnTotalCount`.
 * @throws ApiError VALIDATION_FAILED for bad paging or a cursor of another call or collection.
 */
export function readPagedCall(body: Record<string, unknown>, context: PagedCallContext): PagedCall {
  const { collect, throwIfAny, violations } = createViolationCollector();
  if (body.paging != null && body.cursorPaging != null) {
    violations.push(
      violation("paging", "paging and cursorPaging cannot be used together", "OTHER"),
    );
  }
  const returnTotalCount = collect(undefined, () =>
    readOptionalBoolean(body.returnTotalCount, "returnTotalCount"),
  );
  const fields = Object.fromEntries(context.carried.map((name) => [name, body[name]]));
  let call: PagedCall = {
    fields,
    window: { paging: "offset", offset: 0, limit: DEFAULT_LIMIT },
    returnTotalCount: returnTotalCount === true,
  };
  if (body.cursorPaging != null) {
    const cursor = collect(null, () => readCursorPaging(body.cursorPaging, "cursorPaging"));
    if (cursor?.value) {
      call = collect(call, () => resume(cursor.value, cursor.limit, context));
    } else if (cursor) {
      call.window = { paging: "cursor", offset: 0, limit: cursor.limit ?? DEFAULT_LIMIT };
    }
  } else if (body.paging != null) {
    const paging = collect(null, () => readPaging(body.paging, "paging"));
    if (paging) call.window = { paging: "offset", ...paging };
  }
  throwIfAny();
  return call;
}

function resume(cursor: string, limit: number | null, context: PagedCallContext): PagedCall {
  const at = "cursorPaging.cursor";
  const state = decodeCallCursor(cursor, context.call, context.key, at);
  const window = resumedWindow(state, context.collectionId, limit, at);
  const fields = typeof state.request === "object" && state.request !== null ? state.request : {};
  return {
    fields: fields as Record<string, unknown>,
    window: { paging: "cursor", ...window },
    returnTotalCount: false,
  };
}

/**
 * The paging metadata of one page of `window`. `cursorAt` signs a cursor to an offset when the
 * call pages by cursor; null for offset paging, which answers no cursors.
 */
export function pagingMetadata(
  window: { offset: number; limit: number },
  page: { count: number; hasNext: boolean; total?: number },
  cursorAt: ((offset: number) => string) | null,
): PagingMetadata {
  const { offset, limit } = window;
  return {
    count: page.count,
    offset,
    ...(page.total === undefined ? {} : { total: page.total }),
    tooManyToCount: false,
    cursors:
      cursorAt === null
        ? { next: null, prev: null }
        : {
            next: page.hasNext ? cursorAt(offset + limit) : null,
            prev: offset > 0 ? cursorAt(Math.max(0, offset - limit)) : null,
          },
    hasNext: page.hasNext,
  };
}

/** One page of a computed answer, with its paging metadata and cursors. */
export function pageOf<T>(
  all: readonly T[],
  call: PagedCall,
  context: PagedCallContext,
): { page: T[]; pagingMetadata: PagingMetadata } {
  const { offset, limit, paging } = call.window;
  const page = all.slice(offset, offset + limit);
  const cursorAt = (at: number) =>
    encodeCallCursor(
      {
        call: context.call,
        collectionId: context.collectionId,
        request: call.fields,
        offset: at,
        limit,
      },
      context.key,
    );
  return {
    page,
    pagingMetadata: pagingMetadata(
      call.window,
      {
        count: page.length,
        hasNext: all.length > offset + limit,
        ...(call.returnTotalCount && paging === "offset" ? { total: all.length } : {}),
      },
      paging === "cursor" ? cursorAt : null,
    ),
  };
}
