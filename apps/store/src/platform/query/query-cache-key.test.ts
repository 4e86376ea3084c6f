import { describe, expect, test } from "vitest";
import { parseQueryRequest } from "./parse-query.ts";
import { queryCacheKey } from "./query-cache-key.ts";

const KEY = new Uint8Array(32).fill(1);
const keyOf = (body: unknown, role = "visitor") =>
  queryCacheKey(parseQueryRequest(body, KEY), role);

describe("queryCacheKey", () => {
  test("is the same for a request with the defaults spelled out", () => {
    expect(keyOf({ dataCollectionId: "About" })).toBe(
      keyOf({
        dataCollectionId: "About",
        returnTotalCount: false,
        query: { paging: { limit: 50, offset: 0 }, filter: {}, sort: [] },
      }),
    );
  });

  test("ignores fields the response does not depend on", () => {
    expect(keyOf({ dataCollectionId: "About", consistentRead: true })).toBe(
      keyOf({ dataCollectionId: "About" }),
    );
  });

  test.each([
    ["collection", { dataCollectionId: "Clients" }],
    ["filter", { dataCollectionId: "About", query: { filter: { a: 1 } } }],
    ["sort", { dataCollectionId: "About", query: { sort: [{ fieldName: "a" }] } }],
    ["page", { dataCollectionId: "About", query: { paging: { offset: 1 } } }],
    ["limit", { dataCollectionId: "About", query: { paging: { limit: 2 } } }],
    ["projection", { dataCollectionId: "About", query: { fields: ["a"] } }],
    ["total count", { dataCollectionId: "About", returnTotalCount: true }],
    ["cursor paging", { dataCollectionId: "About", query: { cursorPaging: { limit: 50 } } }],
  ])("differs when the %s differs", (_name, body) => {
    expect(keyOf(body)).not.toBe(keyOf({ dataCollectionId: "About" }));
  });

  test("differs by role", () => {
    expect(keyOf({ dataCollectionId: "About" }, "admin")).not.toBe(
      keyOf({ dataCollectionId: "About" }, "visitor"),
    );
  });
});

describe("queryCacheKey with included references", () => {
  test("differs when the included references differ", () => {
    const query = parseQueryRequest({ dataCollectionId: "About" }, KEY);
    expect(queryCacheKey(query, "visitor", [{ field: "ref", limit: 50 }])).not.toBe(
      queryCacheKey(query, "visitor", []),
    );
  });
});
