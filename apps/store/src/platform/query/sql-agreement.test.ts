/**
 * Property test: on random documents, filters and sorts, the SQL compiler returns exactly what
 * the in-memory evaluator (the reference semantics) returns, in the same order; both for plain
 * fields and for declared ones (index-friendly SQL with residual type checks).
 */
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { createDeclaredFields } from "../../data/storage/declared-fields.ts";
import { createItemsStore, type ItemsStore } from "../../data/storage/items-store.ts";
import {
  documentArb,
  filterArb,
  propertyRuns,
  rangeThenSortArb,
  sortArb,
} from "../../main/test-kit/query-arbitraries.ts";
import { openDb } from "../db/open.ts";
import type { Db } from "../db/sql-db.ts";
import { compareItems, evaluate } from "./evaluate.ts";
import { parseFilter } from "./parse-filter.ts";
import type { FilterNode, SortSpec } from "./types.ts";

// Hundreds of random cases each: generous on a shared, busy machine.
const PROPERTY_TIMEOUT_MS = 60_000;

let db: Db;
let store: ItemsStore;
// Every field declared, whatever kinds the random documents put in it.
const DECLARED = "Declared";
const COLLECTIONS = ["About", DECLARED];

beforeAll(() => {
  db = openDb(":memory:");
  store = createItemsStore(db);
  db.prepare("INSERT INTO collections (id, display_name) VALUES (?, ?)").run(DECLARED, DECLARED);
  const declared = createDeclaredFields(db);
  declared.declare(DECLARED, "a", "string");
  declared.declare(DECLARED, "b", "number");
  declared.declare(DECLARED, "c.d", "number");
  declared.declare(DECLARED, "tags", "string");
});

function load(documents: Record<string, unknown>[]) {
  db.prepare("DELETE FROM items").run();
  let stored: ReturnType<ItemsStore["insert"]>[] = [];
  for (const collectionId of COLLECTIONS) {
    stored = documents.map((doc, i) =>
      store.insert(collectionId, { ...doc, _id: `i${i}` }, { now: 0, ownerId: "o" }),
    );
  }
  return stored;
}

const queryIdsIn = (collectionId: string, filter: FilterNode, sort: SortSpec) =>
  store.query({ collectionId, filter, sort, offset: 0, limit: null }).map((item) => item.id);

describe("SQL agrees with the evaluator", () => {
  test("on random filters", { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(fc.array(documentArb, { maxLength: 8 }), filterArb, (documents, filter) => {
        const stored = load(documents);
        const node = parseFilter(filter);
        const expected = stored.filter((item) => evaluate(item.data, node)).map((item) => item.id);
        for (const collectionId of COLLECTIONS) {
          expect(queryIdsIn(collectionId, node, [])).toEqual(expected);
        }
      }),
      { numRuns: propertyRuns(400) },
    );
  });

  test("on random sorts", { timeout: PROPERTY_TIMEOUT_MS }, () => {
    fc.assert(
      fc.property(fc.array(documentArb, { maxLength: 8 }), sortArb, (documents, sort) => {
        const stored = load(documents);
        const expected = [...stored]
          .sort((x, y) => compareItems(x.data, y.data, sort))
          .map((item) => item.id);
        for (const collectionId of COLLECTIONS) {
          expect(queryIdsIn(collectionId, parseFilter({}), sort)).toEqual(expected);
        }
      }),
      { numRuns: propertyRuns(300) },
    );
  });

  test("on random filters with sorts (ranges let declared fields sort by index)", {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(
        fc.array(documentArb, { maxLength: 8 }),
        filterArb,
        sortArb,
        (documents, filter, sort) => {
          const stored = load(documents);
          const node = parseFilter(filter);
          const expected = stored
            .filter((item) => evaluate(item.data, node))
            .sort((x, y) => compareItems(x.data, y.data, sort))
            .map((item) => item.id);
          for (const collectionId of COLLECTIONS) {
            expect(queryIdsIn(collectionId, node, sort)).toEqual(expected);
          }
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  test("on a range and a sort on the same field (declared: sorted by the index)", {
    timeout: PROPERTY_TIMEOUT_MS,
  }, () => {
    fc.assert(
      fc.property(fc.array(documentArb, { maxLength: 8 }), rangeThenSortArb, (documents, query) => {
        const stored = load(documents);
        const range = { [query.f]: { [query.op]: query.v } };
        const node = parseFilter(query.rest === undefined ? range : { $and: [range, query.rest] });
        const sort: SortSpec = [{ path: query.f.split("."), order: query.order }];
        const expected = stored
          .filter((item) => evaluate(item.data, node))
          .sort((x, y) => compareItems(x.data, y.data, sort))
          .map((item) => item.id);
        for (const collectionId of COLLECTIONS) {
          expect(queryIdsIn(collectionId, node, sort)).toEqual(expected);
        }
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});
