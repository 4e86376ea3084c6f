/** The PostgreSQL compiler's SQL text, without a server: what is bound, what is inlined. */
import { describe, expect, test } from "vitest";
import { parseFilter } from "../../query/parse-filter.ts";
import { compileFilter, compileQuery, toJsonPath } from "../to-sql.ts";
import { declaredFieldIndexSql, fieldExpression, PG_SQL } from "./to-pg-sql.ts";

describe("PostgreSQL SQL text", () => {
  test("binds values and paths as named parameters, never in the SQL text", () => {
    const { sql, params } = compileFilter(
      PG_SQL,
      parseFilter({ "x'); DROP TABLE items; --": "'; DELETE FROM items; --" }),
    );
    expect(sql).not.toContain("DROP");
    expect(sql).not.toContain("DELETE");
    expect(sql).toMatch(/@p0::text/);
    expect(Object.values(params)).toContain("x'); DROP TABLE items; --");
    expect(Object.values(params)).toContain(JSON.stringify("'; DELETE FROM items; --"));
  });

  test("replaces NUL in operands and paths, which PostgreSQL cannot hold", () => {
    const { params } = compileFilter(PG_SQL, parseFilter({ "a\u0000": { $startsWith: "\u0000" } }));
    expect(Object.values(params)).toEqual(["a\uFFFD", "\uFFFD"]);
  });

  test("a declared field's conditions and sort name the indexed expression", () => {
    const declared = new Set([toJsonPath(["meta", "order"])]);
    const { where, orderBy } = compileQuery(
      PG_SQL,
      parseFilter({ "meta.order": { $gt: 5 } }),
      [{ path: ["meta", "order"], order: "DESC" }],
      { declared },
    );
    const expression = fieldExpression(["meta", "order"]);
    expect(expression).toBe("store_index_key(data -> 'meta' -> 'order')");
    expect(where).toContain(`${expression} >= `);
    expect(orderBy.startsWith(`${expression} DESC`)).toBe(true);
    expect(declaredFieldIndexSql("meta.order", ["meta", "order"])).toBe(
      `CREATE INDEX IF NOT EXISTS "items_field:meta.order" ON items (collection_id, ${expression})`,
    );
  });

  test("under $not a declared field is compiled as a plain one", () => {
    const declared = new Set([toJsonPath(["order"])]);
    const { where } = compileQuery(PG_SQL, parseFilter({ $not: [{ order: 5 }] }), [], { declared });
    expect(where).not.toContain("store_index_key(data -> 'order')");
  });
});
