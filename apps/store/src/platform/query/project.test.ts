import { describe, expect, test } from "vitest";
import { project } from "./project.ts";

const DATA = { _id: "x", a: 1, b: { c: 2, d: 3 }, e: null };

describe("project", () => {
  test("an empty list keeps every field", () => {
    expect(project(DATA, [])).toBe(DATA);
  });

  test("keeps _id and the listed fields", () => {
    expect(project(DATA, [["a"]])).toEqual({ _id: "x", a: 1 });
  });

  test("keeps nested fields inside their parents", () => {
    expect(project(DATA, [["b", "d"]])).toEqual({ _id: "x", b: { d: 3 } });
  });

  test("merges several nested fields of one parent", () => {
    expect(
      project(DATA, [
        ["b", "c"],
        ["b", "d"],
      ]),
    ).toEqual({ _id: "x", b: { c: 2, d: 3 } });
  });

  test("keeps null values and skips missing fields", () => {
    expect(project(DATA, [["e"], ["missing"]])).toEqual({ _id: "x", e: null });
  });

  test("a field named __proto__ stays an own property", () => {
    const data = JSON.parse('{"_id":"x","__proto__":{"polluted":true}}') as Record<string, unknown>;
    const result = project(data, [["__proto__", "polluted"]]);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(JSON.stringify(result)).toBe('{"_id":"x","__proto__":{"polluted":true}}');
  });
});
