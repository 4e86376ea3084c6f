import { beforeAll, describe, expect, test } from "vitest";
import { createItemsStore, type ItemsStore } from "../db/items-store.ts";
import { openDb } from "../db/open.ts";
import { CASE_DOCUMENTS, FILTER_CASES, SORT_CASES } from "../test-helpers/query-cases.ts";
import { parseFilter } from "./parse-filter.ts";
import { compileFilter, toJsonPath } from "./to-sql.ts";

let store: ItemsStore;

beforeAll(() => {
  store = createItemsStore(openDb(":memory:"));
  for (const doc of CASE_DOCUMENTS) store.insert("HomePage", doc, { now: 0, ownerId: "o" });
});

function queryIds(filter: unknown, sort: { fieldName: string; order?: "ASC" | "DESC" }[] = []) {
  const spec = sort.map((s) => ({ path: s.fieldName.split("."), order: s.order ?? "ASC" }));
  return store
    .query({
      collectionId: "HomePage",
      filter: parseFilter(filter),
      sort: spec,
      offset: 0,
      limit: null,
    })
    .map((item) => item.id);
}

describe("compiled filters", () => {
  test.each(FILTER_CASES)("$name", ({ filter, ids }) => {
    expect(queryIds(filter)).toEqual(ids);
  });
});

describe("compiled sort", () => {
  test.each(SORT_CASES)("$name", ({ sort, ids }) => {
    expect(queryIds({}, sort)).toEqual(ids);
  });
});

describe("SQL safety", () => {
  test("binds values and paths as parameters, never in the SQL text", () => {
    const { sql, params } = compileFilter(
      parseFilter({ "x'); DROP TABLE items; --": "'; DELETE FROM items; --" }),
    );
    expect(sql).not.toContain("DROP");
    expect(sql).not.toContain("DELETE");
    expect(Object.values(params)).toContain("'; DELETE FROM items; --");
  });

  test("quotes path segments as JSON labels", () => {
    expect(toJsonPath(["a", 'b"c', "d.e"])).toBe('$."a"."b\\"c"."d.e"');
  });
});
