import { describe, expect, it } from "vitest";
import type { DataQuery, Filter } from "./types.ts";

// The type cases are checked by `tsc -p packages/content-client`; at run time they only echo input.
const asFilter = (filter: Filter) => filter;
const asQuery = (query: DataQuery) => query;

describe("Filter typing", () => {
  it("accepts field conditions, dates and logical operators", () => {
    const filter = asFilter({
      title_fld: "MainTitle",
      order: { $gte: 1, $lt: 5 },
      _createdDate: { $gt: new Date(0) },
      tags: { $hasSome: ["a", 1] },
      gone: null,
      $or: [{ a: { $exists: false } }, { b: { $not: { $eq: 2 } } }],
      $not: [{ c: { $startsWith: "x" } }],
    });
    expect(filter.order).toEqual({ $gte: 1, $lt: 5 });
  });

  it("rejects operands of the wrong type", () => {
    // @ts-expect-error ordering operators take no null
    asFilter({ n: { $gt: null } });
    // @ts-expect-error string operators take strings only
    asFilter({ s: { $startsWith: 1 } });
    // @ts-expect-error unknown operators are not part of the language
    asFilter({ s: { $regex: "a.*" } });
    // @ts-expect-error $and takes a list of filters
    asFilter({ $and: { a: 1 } });
  });
});

describe("DataQuery typing", () => {
  it("rejects offset and cursor paging together", () => {
    // @ts-expect-error paging and cursorPaging are exclusive
    asQuery({ paging: { limit: 1 }, cursorPaging: { cursor: "c" } });
  });
});
