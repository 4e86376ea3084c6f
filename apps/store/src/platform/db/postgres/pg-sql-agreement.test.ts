/**
 * Property test: on random documents, filters and sorts, the PostgreSQL compiler returns exactly
 * what the in-memory evaluator returns, in the same order, for plain and for declared (indexed)
 * fields; the same generators as the SQLite test (query/sql-agreement.test.ts). PostgreSQL holds
 * no NUL, so both sides see documents and filters with NUL replaced (without-nul.ts).
 * Needs STORE_TEST_DATABASE_URL; skipped without it.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { caseSkew, withoutSkew } from "../../../main/test-kit/pg-case-skew.ts";
import {
  openPgTestSchema,
  type PgTestSchema,
  TEST_DATABASE_URL,
} from "../../../main/test-kit/pg-test-schema.ts";
import {
  documentArb,
  FIELDS,
  filterArb,
  propertyRuns,
  rangeThenSortArb,
  sortArb,
} from "../../../main/test-kit/query-arbitraries.ts";
import {
  CASE_DOCUMENTS,
  DECLARED_CASE_FIELDS,
  FILTER_CASES,
  FILTER_SORT_CASES,
  SORT_CASES,
} from "../../../main/test-kit/query-cases.ts";
import { compareItems, evaluate } from "../../query/evaluate.ts";
import { parseFilter } from "../../query/parse-filter.ts";
import type { FilterNode, SortSpec } from "../../query/types.ts";
import { wellFormedJson } from "../../query/values.ts";
import { compileQuery, toJsonPath } from "../to-sql.ts";
import { declaredFieldIndexSql, PG_SQL } from "./to-pg-sql.ts";
import { withoutNul } from "./without-nul.ts";

// Hundreds of random cases each, every one a few round trips to the server.
const PROPERTY_TIMEOUT_MS = 120_000;

type Item = { id: string; data: Record<string, unknown> };

/** Characters this server's ICU folds unlike Node's (pg-case-skew.ts), kept out of both sides. */
let skew: ReadonlySet<number> = new Set();

/** The data as the PostgreSQL adapter stores it. */
function stored(document: Record<string, unknown>): Record<string, unknown> {
  return withoutSkew(withoutNul(wellFormedJson(document) as Record<string, unknown>), skew);
}

/** The filter as the PostgreSQL adapter parses it: NUL replaced, like in stored data. */
function parsed(filter: unknown): FilterNode {
  return parseFilter(withoutSkew(withoutNul(filter), skew));
}

/** A store of items in two collections, one plain and one declaring the given fields. */
function collections(declaredFields: readonly string[]) {
  const PLAIN = "Plain";
  const DECLARED = "Declared";
  const declared = new Set(declaredFields.map((field) => toJsonPath(field.split("."))));
  let db: PgTestSchema;

  return {
    names: [PLAIN, DECLARED],

    async open(url: string) {
      db = await openPgTestSchema(url);
      skew = await caseSkew(db);
      for (const field of declaredFields) {
        await db.query(declaredFieldIndexSql(field, field.split(".")));
      }
    },

    close: () => db?.close(),

    /** Replaces every item: the same documents, in order, in each collection. */
    async load(
      documents: readonly Record<string, unknown>[],
      ids = documents.map((_, i) => `i${i}`),
    ) {
      const items: Item[] = documents.map((document, i) => ({
        id: ids[i] ?? "",
        data: stored(document),
      }));
      await db.query("DELETE FROM items");
      for (const collectionId of [PLAIN, DECLARED]) {
        await db.query(
          `INSERT INTO items (collection_id, id, data)
           SELECT @collectionId, item ->> 'id', item -> 'data'
           FROM jsonb_array_elements(@items::jsonb) WITH ORDINALITY AS loaded(item, position)
           ORDER BY position`,
          { collectionId, items: JSON.stringify(items) },
        );
      }
      return items;
    },

    async queryIds(collectionId: string, node: FilterNode, sort: SortSpec): Promise<string[]> {
      const { where, orderBy, params } = compileQuery(PG_SQL, node, sort, {
        declared: collectionId === DECLARED ? declared : undefined,
        collectionId,
      });
      const rows = await db.query<{ id: string }>(
        `SELECT id FROM items WHERE collection_id = @collectionId AND ${where} ORDER BY ${orderBy ? `${orderBy}, ` : ""}seq`,
        { ...params, collectionId },
      );
      return rows.map((row) => row.id);
    },
  };
}

function expectedIds(items: readonly Item[], node: FilterNode, sort: SortSpec): string[] {
  return items
    .filter((item) => evaluate(item.data, node))
    .sort((x, y) => compareItems(x.data, y.data, sort))
    .map((item) => item.id);
}

describe.skipIf(TEST_DATABASE_URL === undefined)("PostgreSQL agrees with the evaluator", () => {
  // Every field declared, whatever kinds the random documents put in it.
  const store = collections(FIELDS);
  beforeAll(() => store.open(TEST_DATABASE_URL ?? ""));
  afterAll(() => store.close());

  async function expectAgreement(
    documents: Record<string, unknown>[],
    node: FilterNode,
    sort: SortSpec,
  ) {
    const items = await store.load(documents);
    const expected = expectedIds(items, node, sort);
    for (const collectionId of store.names) {
      expect(await store.queryIds(collectionId, node, sort)).toEqual(expected);
    }
  }

  test("a path never indexes into an array, as lookup() does not", async () => {
    const documents = [{ tags: ["x", "y"] }, { tags: { "0": "x" } }, { tags: "x" }];
    for (const filter of [{ "tags.0": "x" }, { "tags.0": { $exists: true } }, { "tags.-1": "y" }]) {
      await expectAgreement(documents, parsed(filter), [{ path: ["tags", "0"], order: "DESC" }]);
    }
  });

  test("on random filters", { timeout: PROPERTY_TIMEOUT_MS }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(documentArb, { maxLength: 8 }), filterArb, (documents, filter) =>
        expectAgreement(documents, parsed(filter), []),
      ),
      { numRuns: propertyRuns(400) },
    );
  });

  test("on random sorts", { timeout: PROPERTY_TIMEOUT_MS }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(documentArb, { maxLength: 8 }), sortArb, (documents, sort) =>
        expectAgreement(documents, parsed({}), sort),
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  test("on random filters with sorts", { timeout: PROPERTY_TIMEOUT_MS }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(documentArb, { maxLength: 8 }),
        filterArb,
        sortArb,
        (documents, filter, sort) => expectAgreement(documents, parsed(filter), sort),
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  test("on a range and a sort on the same field", { timeout: PROPERTY_TIMEOUT_MS }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(documentArb, { maxLength: 8 }),
        rangeThenSortArb,
        (documents, query) => {
          const range = { [query.f]: { [query.op]: query.v } };
          const node = parsed(query.rest === undefined ? range : { $and: [range, query.rest] });
          const sort: SortSpec = [{ path: query.f.split("."), order: query.order }];
          return expectAgreement(documents, node, sort);
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });
});

describe.skipIf(TEST_DATABASE_URL === undefined)("PostgreSQL on the example table", () => {
  const store = collections(DECLARED_CASE_FIELDS.map(({ field }) => field));
  beforeAll(async () => {
    await store.open(TEST_DATABASE_URL ?? "");
    await store.load(
      CASE_DOCUMENTS,
      CASE_DOCUMENTS.map((document) => String(document._id)),
    );
  });
  afterAll(() => store.close());

  const toSort = (sort: { fieldName: string; order?: "ASC" | "DESC" }[]): SortSpec =>
    sort.map((s) => ({ path: s.fieldName.split("."), order: s.order ?? "ASC" }));

  describe.each(store.names)("on %s fields", (collectionId) => {
    test.each(FILTER_CASES)("$name", async ({ filter, ids }) => {
      expect(await store.queryIds(collectionId, parsed(filter), [])).toEqual(ids);
    });

    test.each(SORT_CASES)("$name", async ({ sort, ids }) => {
      expect(await store.queryIds(collectionId, parsed({}), toSort(sort))).toEqual(ids);
    });

    test.each(FILTER_SORT_CASES)("$name", async ({ filter, sort, ids }) => {
      expect(await store.queryIds(collectionId, parsed(filter), toSort(sort))).toEqual(ids);
    });
  });
});
