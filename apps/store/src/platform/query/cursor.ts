/**
 * @module Opaque cursors for cursor paging (docs/protocol.md §3.4). A cursor carries the
 * collection, raw filter, sort, offset and limit, HMAC-signed so clients cannot forge or edit it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { validationError, violation } from "../errors.ts";
import { MAX_LIMIT, MAX_OFFSET } from "./request-fields.ts";
import { isPlainObject } from "./values.ts";

export type CursorState = {
  collectionId: string;
  filter: unknown;
  sort: { fieldName: string; order: "ASC" | "DESC" }[];
  offset: number;
  limit: number;
};

const CURSOR_FIELD = "query.cursorPaging.cursor";

function sign(payload: string, key: Uint8Array): Buffer {
  return createHmac("sha256", key).update(payload).digest();
}

/** `<base64url(JSON)>.<base64url(HMAC)>` of a value. */
function seal(value: unknown, key: Uint8Array): string {
  const payload = Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${payload}.${sign(payload, key).toString("base64url")}`;
}

/** The value a sealed cursor carries; undefined when it is malformed or signed by another key. */
function unseal(cursor: string, key: Uint8Array): unknown {
  const [payload, mac, extra] = cursor.split(".");
  if (payload === undefined || mac === undefined || extra !== undefined) return undefined;
  const expected = sign(payload, key);
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
}

export function encodeCursor(state: CursorState, key: Uint8Array): string {
  return seal([state.collectionId, state.filter, state.sort, state.offset, state.limit], key);
}

/**
 * Verifies and decodes a cursor. The filter and sort inside are re-validated by the caller.
 * @throws ApiError VALIDATION_FAILED when the cursor is malformed or was not issued by this store.
 */
export function decodeCursor(cursor: string, key: Uint8Array): CursorState {
  const invalid = () =>
    validationError(
      [violation(CURSOR_FIELD, "cursor is invalid or was issued by another store")],
      "invalid query",
    );
  const decoded = unseal(cursor, key);
  if (!Array.isArray(decoded) || decoded.length !== 5) throw invalid();
  const [collectionId, filter, sort, offset, limit] = decoded as unknown[];
  if (
    typeof collectionId !== "string" ||
    !Array.isArray(sort) ||
    !sort.every(isPlainObject) ||
    !Number.isSafeInteger(offset) ||
    !Number.isSafeInteger(limit)
  ) {
    throw invalid();
  }
  return {
    collectionId,
    filter,
    sort: sort as CursorState["sort"],
    offset: offset as number,
    limit: limit as number,
  };
}

/** Where another paged call (distinct, aggregate, referenced) stands: its request and window. */
export type CallCursorState = {
  call: string;
  collectionId: string;
  /** The call's own request fields, re-validated by the caller on decode. */
  request: unknown;
  offset: number;
  limit: number;
};

export function encodeCallCursor(state: CallCursorState, key: Uint8Array): string {
  return seal(
    { c: state.call, i: state.collectionId, r: state.request, o: state.offset, l: state.limit },
    key,
  );
}

/**
 * Verifies and decodes a cursor issued by `encodeCallCursor` for the same call.
 * @throws ApiError VALIDATION_FAILED naming `field` when it is malformed, forged or for another call.
 */
export function decodeCallCursor(
  cursor: string,
  call: string,
  key: Uint8Array,
  field: string,
): CallCursorState {
  const invalid = () =>
    validationError(
      [violation(field, "cursor is invalid or was issued by another store or call")],
      "invalid request",
    );
  const decoded = unseal(cursor, key);
  if (
    !isPlainObject(decoded) ||
    decoded.c !== call ||
    typeof decoded.i !== "string" ||
    !Number.isSafeInteger(decoded.o) ||
    !Number.isSafeInteger(decoded.l)
  ) {
    throw invalid();
  }
  return {
    call,
    collectionId: decoded.i,
    request: decoded.r,
    offset: decoded.o as number,
    limit: decoded.l as number,
  };
}

/**
 * The window a decoded cursor resumes, within bounds; the request's limit, when sent, overrides
 * the cursor's.
 * @throws ApiError VALIDATION_FAILED at `at` when the cursor belongs to another collection.
 */
export function resumedWindow(
  state: { collectionId: string; offset: number; limit: number },
  collectionId: string,
  requestedLimit: number | null,
  at: string,
): { offset: number; limit: number } {
  if (state.collectionId !== collectionId) {
    throw validationError([
      violation(at, `cursor belongs to collection [${state.collectionId}]`, "OTHER"),
    ]);
  }
  return {
    offset: Math.min(Math.max(state.offset, 0), MAX_OFFSET),
    limit: requestedLimit ?? Math.min(Math.max(state.limit, 1), MAX_LIMIT),
  };
}
