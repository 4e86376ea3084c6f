/**
 * Property test through the real query path (POST /wix-data/v2/items/query and count): for
 * random items, filters, sorts and pages, the store's SQL answer equals the in-memory
 * evaluator's (query/evaluate.ts) filtered, stably sorted and sliced the same way.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestApp, type TestApp } from "../../main/test-kit/test-app.ts";
import { compareItems, evaluate } from "../../platform/query/evaluate.ts";
import { parseFilter } from "../../platform/query/parse-filter.ts";
import type { SortSpec } from "../../platform/query/types.ts";

const C = "About";
const CASE_VARIANTS = [
  "paris",
  "Paris",
  "PARIS",
  "pAris",
  "oslo",
  "Oslo",
  "ß",
  "SS",
  "İ",
  "i",
  "é",
  "É",
  "😀",
  "",
];
const DATES = [
  "2024-01-01T00:00:00.000Z",
  "2024-01-01T01:00:00.000+01:00",
  "2023-06-30T12:00:00Z",
  "1999-12-31T23:59:59.999Z",
];

const text = fc.oneof(
  fc.constantFrom(...CASE_VARIANTS),
  fc.string({ unit: "grapheme", maxLength: 5 }),
  fc.string({ maxLength: 3 }),
);
const num = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const date = fc.constantFrom(...DATES).map((iso) => ({ $date: iso }));
const scalar = fc.oneof(text, num, fc.boolean(), date);
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.record(
      { x: scalar, y: fc.array(scalar, { maxLength: 2 }) },
      { requiredKeys: [] },
    ),
  },
);
const item = fc.record(
  {
    name: text,
    n: num,
    flag: fc.boolean(),
    when: date,
    tags: fc.array(text, { maxLength: 3 }),
    nested: value,
    any: value,
  },
  { requiredKeys: [] },
);

const FIELDS = [
  "name",
  "n",
  "flag",
  "when",
  "tags",
  "nested",
  "nested.x",
  "nested.y",
  "any",
  "missing",
];
const field = fc.constantFrom(...FIELDS);
const leaf = fc.oneof(
  fc.tuple(field, fc.oneof(scalar, fc.constant(null))).map(([f, v]) => ({ [f]: v })),
  fc
    .tuple(
      field,
      fc.constantFrom("$eq", "$ne", "$gt", "$gte", "$lt", "$lte"),
      fc.oneof(scalar, fc.constant(null)),
    )
    .map(([f, op, v]) =>
      op === "$eq" || op === "$ne" || v !== null ? { [f]: { [op]: v } } : { [f]: { $ne: null } },
    ),
  fc
    .tuple(field, fc.constantFrom("$in", "$hasSome", "$hasAll"), fc.array(scalar, { maxLength: 3 }))
    .map(([f, op, v]) => ({ [f]: { [op]: v } })),
  fc
    .tuple(field, fc.constantFrom("$startsWith", "$endsWith", "$contains"), text)
    .map(([f, op, v]) => ({ [f]: { [op]: v } })),
  fc.tuple(field, fc.boolean()).map(([f, v]) => ({ [f]: { $exists: v } })),
  fc
    .tuple(field, fc.constantFrom("$gt", "$lt"), scalar, scalar)
    .map(([f, op, a, b]) => ({ [f]: { [op]: a, $ne: b } })),
);
const filter = fc.letrec<{ f: unknown }>((tie) => ({
  f: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("f"), { maxLength: 3 }).map((nodes) => ({ $and: nodes })),
    fc.array(tie("f"), { maxLength: 3 }).map((nodes) => ({ $or: nodes })),
    tie("f").map((node) => ({ $not: [node] })),
    fc.tuple(leaf, leaf).map(([a, b]) => ({ ...a, ...b })),
  ),
})).f;
const sort = fc.array(
  fc.record({ fieldName: field, order: fc.constantFrom("ASC" as const, "DESC" as const) }),
  { maxLength: 3 },
);
const paging = fc.record({
  limit: fc.integer({ min: 1, max: 12 }),
  offset: fc.integer({ min: 0, max: 14 }),
});

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.app.close());

function load(items: Record<string, unknown>[]) {
  t.db.prepare("DELETE FROM items WHERE collection_id = ?").run(C);
  return items.map((data, i) =>
    t.store.insert(C, { ...data, _id: `i${i}` }, { now: 0, ownerId: "o" }),
  );
}

async function post(url: string, payload: unknown) {
  const response = await t.app.inject({
    method: "POST",
    url: `/wix-data/v2/items/${url}`,
    headers: { authorization: t.apiKey },
    payload: payload as object,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe("the query route agrees with the in-memory evaluator", () => {
  // 200 random cases through the whole route: generous on a shared, busy machine.
  test("on random items, filters, sorts and pages", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(item, { maxLength: 14 }),
        filter,
        sort,
        paging,
        async (items, raw, rawSort, page) => {
          const stored = load(items);
          const node = parseFilter(raw);
          const spec: SortSpec = rawSort.map((s) => ({
            path: s.fieldName.split("."),
            order: s.order,
          }));
          const matching = stored.filter((x) => evaluate(x.data, node));
          const expected = [...matching].sort((a, b) => compareItems(a.data, b.data, spec));
          const body = await post("query", {
            dataCollectionId: C,
            query: { filter: raw, sort: rawSort, paging: page },
            returnTotalCount: true,
          });
          const window = expected.slice(page.offset, page.offset + page.limit);
          expect(body.dataItems.map((x: { id: string }) => x.id)).toEqual(window.map((x) => x.id));
          expect(body.dataItems.map((x: { data: unknown }) => x.data)).toEqual(
            window.map((x) => x.data),
          );
          expect(body.pagingMetadata).toMatchObject({
            count: window.length,
            total: matching.length,
            hasNext: matching.length > page.offset + page.limit,
          });
          const count = await post("count", { dataCollectionId: C, filter: raw });
          expect(count.totalCount).toBe(matching.length);
        },
      ),
      { numRuns: Number(process.env.RUNS ?? 200) },
    );
  });
});
