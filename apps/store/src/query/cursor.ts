/**
 * @module Opaque cursors for cursor paging (protocol.md §3.4). A cursor carries the collection,
 * raw filter, sort, offset and limit, and is HMAC-signed so clients cannot forge or edit it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { validationError, violation } from "../errors.ts";
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

export function encodeCursor(state: CursorState, key: Uint8Array): string {
  const payload = Buffer.from(
    JSON.stringify([state.collectionId, state.filter, state.sort, state.offset, state.limit]),
  ).toString("base64url");
  return `${payload}.${sign(payload, key).toString("base64url")}`;
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
  const [payload, mac, extra] = cursor.split(".");
  if (payload === undefined || mac === undefined || extra !== undefined) throw invalid();
  const expected = sign(payload, key);
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
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
  const payload = Buffer.from(
    JSON.stringify({
      c: state.call,
      i: state.collectionId,
      r: state.request,
      o: state.offset,
      l: state.limit,
    }),
  ).toString("base64url");
  return `${payload}.${sign(payload, key).toString("base64url")}`;
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
  const [payload, mac, extra] = cursor.split(".");
  if (payload === undefined || mac === undefined || extra !== undefined) throw invalid();
  const expected = sign(payload, key);
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
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
