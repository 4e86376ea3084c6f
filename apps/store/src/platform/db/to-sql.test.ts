import { beforeAll, describe, expect, test } from "vitest";
import { createDeclaredFields } from "../../data/storage/declared-fields.ts";
import { createItemsStore, type ItemsStore } from "../../data/storage/items-store.ts";
import {
  CASE_DOCUMENTS,
  DECLARED_CASE_FIELDS,
  FILTER_CASES,
  FILTER_SORT_CASES,
  SORT_CASES,
} from "../../main/test-kit/query-cases.ts";
import { parseFilter } from "../query/parse-filter.ts";
import { openDb } from "./open.ts";
import type { Db } from "./sql-db.ts";
import { SQLITE_SQL } from "./sqlite-sql.ts";
import { compileFilter, toJsonPath } from "./to-sql.ts";

let db: Db;
let store: ItemsStore;
// The same documents twice: as plain JSON, and in a collection that declares their fields, whose
// conditions compile to the index-friendly SQL. Both must give the table's answers.
const PLAIN = "HomePage";
const DECLARED = "CaseDeclared";

beforeAll(() => {
  db = openDb(":memory:");
  store = createItemsStore(db);
  db.prepare("INSERT INTO collections (id, display_name) VALUES (?, ?)").run(DECLARED, DECLARED);
  const declared = createDeclaredFields(db);
  for (const { field, type } of DECLARED_CASE_FIELDS) declared.declare(DECLARED, field, type);
  for (const collectionId of [PLAIN, DECLARED]) {
    for (const doc of CASE_DOCUMENTS) store.insert(collectionId, doc, { now: 0, ownerId: "o" });
  }
});

function queryIds(
  collectionId: string,
  filter: unknown,
  sort: { fieldName: string; order?: "ASC" | "DESC" }[] = [],
) {
  const spec = sort.map((s) => ({ path: s.fieldName.split("."), order: s.order ?? "ASC" }));
  return store
    .query({ collectionId, filter: parseFilter(filter), sort: spec, offset: 0, limit: null })
    .map((item) => item.id);
}

describe.each([
  ["plain fields", PLAIN],
  ["declared fields", DECLARED],
])("on %s", (_name, collectionId) => {
  describe("compiled filters", () => {
    test.each(FILTER_CASES)("$name", ({ filter, ids }) => {
      expect(queryIds(collectionId, filter)).toEqual(ids);
    });
  });

  describe("compiled sort", () => {
    test.each(SORT_CASES)("$name", ({ sort, ids }) => {
      expect(queryIds(collectionId, {}, sort)).toEqual(ids);
    });
  });

  describe("compiled filter with sort", () => {
    test.each(FILTER_SORT_CASES)("$name", ({ filter, sort, ids }) => {
      expect(queryIds(collectionId, filter, sort)).toEqual(ids);
    });
  });

  test("counts what the query returns", () => {
    for (const { filter, ids } of FILTER_CASES) {
      expect(store.count(collectionId, parseFilter(filter))).toBe(ids.length);
    }
  });
});

describe("SQL safety", () => {
  test("binds values and paths as parameters, never in the SQL text", () => {
    const { sql, params } = compileFilter(
      SQLITE_SQL,
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
