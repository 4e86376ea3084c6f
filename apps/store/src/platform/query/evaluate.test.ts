import { describe, expect, test } from "vitest";
import {
  CASE_DOCUMENTS,
  FILTER_CASES,
  FILTER_SORT_CASES,
  SORT_CASES,
} from "../../main/test-kit/query-cases.ts";
import { compareItems, matches } from "./evaluate.ts";

describe("matches", () => {
  test.each(FILTER_CASES)("$name", ({ filter, ids }) => {
    const matched = CASE_DOCUMENTS.filter((doc) => matches(doc, filter)).map((doc) => doc._id);
    expect(matched).toEqual(ids);
  });

  test("throws a validation error for a malformed filter", () => {
    expect(() => matches({}, { n: { $regex: "x" } })).toThrow("invalid query");
  });
});

describe("compareItems", () => {
  test.each(SORT_CASES)("$name", ({ sort, ids }) => {
    const spec = sort.map((s) => ({ path: s.fieldName.split("."), order: s.order ?? "ASC" }));
    const sorted = [...CASE_DOCUMENTS].sort((a, b) => compareItems(a, b, spec));
    expect(sorted.map((doc) => doc._id)).toEqual(ids);
  });
});

describe("filter with sort", () => {
  test.each(FILTER_SORT_CASES)("$name", ({ filter, sort, ids }) => {
    const spec = sort.map((s) => ({ path: s.fieldName.split("."), order: s.order ?? "ASC" }));
    const sorted = CASE_DOCUMENTS.filter((doc) => matches(doc, filter)).sort((a, b) =>
      compareItems(a, b, spec),
    );
    expect(sorted.map((doc) => doc._id)).toEqual(ids);
  });
});
