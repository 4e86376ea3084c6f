/**
 * Declared fields on PostgreSQL: the compiled equality, range and sort on a declared field are
 * served by its expression index (declaredFieldIndexSql), on a table large enough for the
 * planner to prefer it. Needs STORE_TEST_DATABASE_URL; skipped without it.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  openPgTestSchema,
  type PgTestSchema,
  TEST_DATABASE_URL,
} from "../../../main/test-kit/pg-test-schema.ts";
import { parseFilter } from "../../query/parse-filter.ts";
import type { SortSpec } from "../../query/types.ts";
import { compileQuery, toJsonPath } from "../to-sql.ts";
import { declaredFieldIndexSql, PG_SQL, pgFieldIndexName } from "./to-pg-sql.ts";

const ROWS_PER_COLLECTION = 5000;
const COLLECTIONS = ["Posts", "Pages"];
const DECLARED = new Set([toJsonPath(["order"]), toJsonPath(["meta", "title"])]);

describe.skipIf(TEST_DATABASE_URL === undefined)("declared fields on PostgreSQL", () => {
  let db: PgTestSchema;
  beforeAll(async () => {
    db = await openPgTestSchema(TEST_DATABASE_URL ?? "");
    await db.query(declaredFieldIndexSql("order", ["order"]));
    await db.query(declaredFieldIndexSql("meta.title", ["meta", "title"]));
    await db.query(
      `INSERT INTO items (collection_id, id, data)
       SELECT collection, collection || n,
         jsonb_build_object('order', n, 'meta', jsonb_build_object('title', 'title ' || lpad(n::text, 4, '0')))
       FROM unnest(@collections::text[]) AS collection, generate_series(1, @rows::int) AS n`,
      { collections: COLLECTIONS, rows: ROWS_PER_COLLECTION },
    );
    await db.query("ANALYZE items");
  });
  afterAll(() => db?.close());

  async function planAndCount(
    filter: unknown,
    sort: SortSpec = [],
    limit = ROWS_PER_COLLECTION,
    collectionId = "Posts",
  ) {
    const { where, orderBy, params } = compileQuery(PG_SQL, parseFilter(filter), sort, {
      declared: DECLARED,
      collectionId,
    });
    const sql = `SELECT id FROM items WHERE collection_id = @collectionId AND ${where} ORDER BY ${orderBy ? `${orderBy}, ` : ""}seq LIMIT ${limit}`;
    const namedParams = { ...params, collectionId };
    const plan = await db.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`, namedParams);
    const rows = await db.query<{ id: string }>(sql, namedParams);
    return {
      plan: plan.map((row) => row["QUERY PLAN"]).join("\n"),
      ids: rows.map((row) => row.id),
    };
  }

  test("equality, ranges and a sort with a limit search the field's index", async () => {
    const orderIndex = pgFieldIndexName("order");
    const titleIndex = pgFieldIndexName("meta.title");

    const equal = await planAndCount({ order: { $in: [42, 4242] } });
    expect(equal.plan).toContain(orderIndex);
    expect(equal.ids).toEqual(["Posts42", "Posts4242"]);

    const range = await planAndCount({ order: { $gt: ROWS_PER_COLLECTION - 10 } });
    expect(range.plan).toContain(orderIndex);
    expect(range.ids).toHaveLength(10);

    const stringRange = await planAndCount({ "meta.title": { $gte: "title 4995" } });
    expect(stringRange.plan).toContain(titleIndex);
    expect(stringRange.ids).toEqual([
      "Posts4995",
      "Posts4996",
      "Posts4997",
      "Posts4998",
      "Posts4999",
      "Posts5000",
    ]);

    const sorted = await planAndCount({}, [{ path: ["order"], order: "DESC" }], 3);
    expect(sorted.plan).toContain(orderIndex);
    expect(sorted.ids).toEqual(["Posts5000", "Posts4999", "Posts4998"]);

    for (const { plan } of [equal, range, stringRange, sorted]) {
      expect(plan).not.toContain("Seq Scan");
    }
  });

  test("strings longer than an index entry holds compare in full", async () => {
    // The index keeps a key's first 1024 bytes; these share 1100, and the last is incompressible.
    const prefix = "x".repeat(1100);
    const titles = {
      L1: `${prefix}b`,
      L2: `${prefix}a`,
      L3: prefix,
      L4: `z${randomBytes(3000).toString("base64")}`,
    };
    await db.query(
      `INSERT INTO items (collection_id, id, data)
       SELECT 'Long', entry.key, jsonb_build_object('meta', jsonb_build_object('title', entry.value))
       FROM jsonb_each_text(@titles::jsonb) AS entry`,
      { titles: JSON.stringify(titles) },
    );
    const ids = async (filter: unknown, sort: SortSpec = []) =>
      (await planAndCount(filter, sort, 10, "Long")).ids;
    expect(await ids({ "meta.title": { $gt: titles.L2 } })).toEqual(["L1", "L4"]);
    expect(await ids({ "meta.title": { $lte: titles.L2 } })).toEqual(["L2", "L3"]);
    expect(await ids({ "meta.title": titles.L2 })).toEqual(["L2"]);
    expect(await ids({}, [{ path: ["meta", "title"], order: "ASC" }])).toEqual([
      "L3",
      "L2",
      "L1",
      "L4",
    ]);
  });

  test("index names past PostgreSQL's 63 bytes stay distinct", () => {
    const long = `${"a".repeat(70)}.x`;
    const other = `${"a".repeat(70)}.y`;
    expect(Buffer.byteLength(pgFieldIndexName(long))).toBeLessThanOrEqual(63);
    expect(pgFieldIndexName(long)).not.toBe(pgFieldIndexName(other));
    expect(pgFieldIndexName("order")).toBe("items_field:order");
  });
});
