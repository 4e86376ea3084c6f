import { describe, expect, test } from "vitest";
import { ApiError } from "../errors.ts";
import { type CursorState, decodeCursor, encodeCursor } from "./cursor.ts";

const KEY = new Uint8Array(32).fill(1);
const STATE: CursorState = {
  collectionId: "Clients",
  filter: { name: { $startsWith: "é" } },
  sort: [{ fieldName: "order", order: "DESC" }],
  offset: 20,
  limit: 10,
};

describe("cursors", () => {
  test("round-trip collection, filter, sort, offset and limit", () => {
    expect(decodeCursor(encodeCursor(STATE, KEY), KEY)).toEqual(STATE);
  });

  test("are URL-safe", () => {
    expect(encodeCursor(STATE, KEY)).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });

  test.each([
    ["another key", (c: string) => c, new Uint8Array(32).fill(2)],
    ["an edited payload", (c: string) => `x${c}`, KEY],
    ["a truncated signature", (c: string) => c.slice(0, -2), KEY],
    ["no signature", (c: string) => c.split(".")[0] ?? "", KEY],
    ["extra parts", (c: string) => `${c}.x`, KEY],
    ["garbage", () => "%%%", KEY],
  ])("with %s are rejected as a validation error", (_name, mangle, key) => {
    const cursor = mangle(encodeCursor(STATE, KEY));
    expect(() => decodeCursor(cursor, key)).toThrow(ApiError);
  });
});
