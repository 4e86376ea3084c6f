/**
 * Property test: on random documents, filters and sorts, the SQL compiler returns exactly what
 * the in-memory evaluator (the reference semantics) returns, in the same order; both for plain
 * fields and for declared ones (index-friendly SQL with residual type checks).
 */
import fc from "fast-check";
import { beforeAll, describe, expect, test } from "vitest";
import { createDeclaredFields } from "../db/declared-fields.ts";
import { createItemsStore, type ItemsStore } from "../db/items-store.ts";
import { type Db, openDb } from "../db/open.ts";
import { compareItems, evaluate } from "./evaluate.ts";
import { parseFilter } from "./parse-filter.ts";
import type { FilterNode, SortSpec } from "./types.ts";

const FIELDS = ["a", "b", "c.d", "tags"];
const TRICKY_STRINGS = [
  "",
  "a",
  "A",
  "ab",
  "aB",
  "é",
  "É",
  "ß",
  "SS",
  "İ",
  "i̇",
  "😀",
  "\u0000",
  "'",
  '"',
  "%_",
  "Ω",
  "ω",
];
const DATES = [
  "2024-01-01T00:00:00.000Z",
  "2024-01-01T01:00:00.000+01:00",
  "2024-06-01T12:30:00Z",
  "1999-12-31T23:59:59.999Z",
];

const stringValue = fc.oneof(
  fc.constantFrom(...TRICKY_STRINGS),
  fc.string({ unit: "grapheme", maxLength: 4 }),
  fc.string({ unit: "binary", maxLength: 3 }),
);
const numberValue = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0.1, 0.2, 0.30000000000000004, 1e21, -0),
);
const dateValue = fc.constantFrom(...DATES).map((iso) => ({ $date: iso }));
const scalar = fc.oneof(stringValue, numberValue, fc.boolean(), dateValue);
const fieldValue = fc.oneof(
  scalar,
  fc.constant(null),
  fc.array(scalar, { maxLength: 3 }),
  fc.record({ d: scalar }),
  fc.constant({ $date: "not a date" }),
);
const documentArb = fc.dictionary(fc.constantFrom("a", "b", "c", "tags"), fieldValue, {
  maxKeys: 4,
});

const field = fc.constantFrom(...FIELDS);
const leaf = fc.oneof(
  fc.record({ f: field, v: fc.oneof(scalar, fc.constant(null)) }).map(({ f, v }) => ({ [f]: v })),
  fc
    .record({
      f: field,
      op: fc.constantFrom("$eq", "$ne", "$gt", "$gte", "$lt", "$lte"),
      v: scalar,
    })
    .map(({ f, op, v }) => ({ [f]: { [op]: v } })),
  fc
    .record({
      f: field,
      op: fc.constantFrom("$in", "$hasSome", "$hasAll"),
      v: fc.array(scalar, { maxLength: 3 }),
    })
    .map(({ f, op, v }) => ({ [f]: { [op]: v } })),
  fc
    .record({
      f: field,
      op: fc.constantFrom("$startsWith", "$endsWith", "$contains"),
      v: stringValue,
    })
    .map(({ f, op, v }) => ({ [f]: { [op]: v } })),
  fc.record({ f: field, v: fc.boolean() }).map(({ f, v }) => ({ [f]: { $exists: v } })),
);
const filterArb = fc.letrec<{ filter: unknown }>((tie) => ({
  filter: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("filter"), { maxLength: 3 }).map((nodes) => ({ $and: nodes })),
    fc.array(tie("filter"), { maxLength: 3 }).map((nodes) => ({ $or: nodes })),
    tie("filter").map((node) => ({ $not: [node] })),
  ),
})).filter;
const sortArb = fc.array(
  fc.record({
    path: field.map((f) => f.split(".")),
    order: fc.constantFrom("ASC" as const, "DESC" as const),
  }),
  { maxLength: 2 },
);

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
  test("on random filters", () => {
    fc.assert(
      fc.property(fc.array(documentArb, { maxLength: 8 }), filterArb, (documents, filter) => {
        const stored = load(documents);
        const node = parseFilter(filter);
        const expected = stored.filter((item) => evaluate(item.data, node)).map((item) => item.id);
        for (const collectionId of COLLECTIONS) {
          expect(queryIdsIn(collectionId, node, [])).toEqual(expected);
        }
      }),
      { numRuns: 400 },
    );
  });

  test("on random sorts", () => {
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
      { numRuns: 300 },
    );
  });

  test("on random filters with sorts (ranges let declared fields sort by index)", () => {
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
      { numRuns: 300 },
    );
  });

  test("on a range and a sort on the same field (declared: sorted by the index)", () => {
    const rangeThenSort = fc.record({
      f: field,
      op: fc.constantFrom("$gt", "$gte", "$lt", "$lte"),
      v: fc.oneof(stringValue, numberValue),
      order: fc.constantFrom("ASC" as const, "DESC" as const),
      rest: fc.option(filterArb, { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(documentArb, { maxLength: 8 }), rangeThenSort, (documents, query) => {
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
      { numRuns: 300 },
    );
  });
});
