import { describe, expect, test } from "vitest";
import { jsonDepth, readCondition, readDataItem } from "./item-input.ts";

describe("item input", () => {
  test("jsonDepth counts objects and arrays and stops early past the limit", () => {
    expect(jsonDepth(1, 10)).toBe(0);
    expect(jsonDepth({ a: [{ b: 1 }] }, 10)).toBe(3);
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonDepth(deep, 64)).toBe(65);
  });

  test("the id comes from data._id, else from dataItem.id, else null", () => {
    expect(readDataItem({ data: { _id: "a" } }, "d").id).toBe("a");
    expect(readDataItem({ id: "b", data: {} }, "d").id).toBe("b");
    expect(readDataItem({ data: { _id: null } }, "d").id).toBeNull();
  });

  test("a condition is exactly {filter}", () => {
    expect(readCondition(undefined)).toBeNull();
    expect(readCondition({ filter: { a: 1 } })).toEqual({
      type: "eq",
      path: ["a"],
      value: { kind: "number", value: 1 },
    });
    expect(() => readCondition({ a: 1 })).toThrow();
    expect(() => readCondition({ filter: {}, extra: 1 })).toThrow();
  });
});
