import { beforeEach, describe, expect, test } from "vitest";
import { openTestDb } from "../../main/test-kit/test-db.ts";
import type { Db, SqlStatement } from "../../platform/db/sql-db.ts";
import { parseFilter } from "../../platform/query/parse-filter.ts";
import { createDeclaredFields, type DeclaredFields } from "./declared-fields.ts";
import { createItemsStore, type ItemsStore } from "./items-store.ts";

let db: Db;
let store: ItemsStore;
let fields: DeclaredFields;
/** The SQL text and parameters of the last items query the store ran. */
let lastQuery: { sql: string; params: unknown[] } | undefined;

const COLLECTION = "Products";

function indexNames(): string[] {
  const sql =
    db.dialect === "sqlite"
      ? "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'items'"
      : "SELECT indexname AS name FROM pg_indexes WHERE tablename = 'items' AND schemaname = current_schema()";
  return (db.prepare(sql).all() as { name: string }[]).map((row) => row.name);
}

/** Records what the store runs, so its query plan can be asked for. */
function recordQueries(): void {
  const prepare = db.prepare.bind(db);
  Object.assign(db, {
    prepare(sql: string): SqlStatement<unknown[]> {
      const statement = prepare(sql);
      if (!sql.startsWith("SELECT id, collection_id, data FROM items")) return statement;
      const all = statement.all.bind(statement);
      return Object.assign(statement, {
        all: (...params: unknown[]) => {
          lastQuery = { sql, params };
          return all(...params);
        },
      });
    },
  });
}

/** SQLite's EXPLAIN QUERY PLAN details, or PostgreSQL's EXPLAIN lines, for the last query. */
function planOfLastQuery(): string {
  if (lastQuery === undefined) throw new Error("no query ran");
  if (db.dialect === "sqlite") {
    const rows = db.prepare(`EXPLAIN QUERY PLAN ${lastQuery.sql}`).all(...lastQuery.params) as {
      detail: string;
    }[];
    return rows.map((row) => row.detail).join("; ");
  }
  // The planner weighs the index by the table's statistics, as autovacuum would keep them.
  db.exec("ANALYZE items");
  const rows = db.prepare(`EXPLAIN ${lastQuery.sql}`).all(...lastQuery.params) as {
    "QUERY PLAN": string;
  }[];
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

beforeEach(() => {
  db = openTestDb();
  recordQueries();
  store = createItemsStore(db);
  fields = createDeclaredFields(db);
  db.prepare("INSERT INTO collections (id, display_name) VALUES (?, ?)").run(COLLECTION, "P");
});

describe("declaring fields", () => {
  test("records the field and creates its expression index", () => {
    fields.declare(COLLECTION, "price", "number");
    expect(fields.list(COLLECTION)).toEqual([{ field: "price", type: "number" }]);
    expect(fields.paths(COLLECTION)).toEqual(new Set(['$."price"']));
    expect(indexNames()).toContain("items_field:price");
  });

  test("declaring again changes the type and keeps one index", () => {
    fields.declare(COLLECTION, "code", "number");
    fields.declare(COLLECTION, "code", "string");
    expect(fields.list(COLLECTION)).toEqual([{ field: "code", type: "string" }]);
    expect(indexNames().filter((name) => name === "items_field:code")).toHaveLength(1);
  });

  test("accepts nested paths", () => {
    fields.declare(COLLECTION, "itemData.title", "string");
    expect(fields.paths(COLLECTION)).toEqual(new Set(['$."itemData"."title"']));
  });

  test.each(["", "a b", "a'b", "1st", "a..b", 'x"y', "a.", "$where"])(
    "refuses the field name %j",
    (name) => {
      expect(() => fields.declare(COLLECTION, name, "string")).toThrow("invalid request");
    },
  );

  test("refuses an unknown type", () => {
    expect(() => fields.declare(COLLECTION, "price", "date")).toThrow("invalid request");
  });

  test("refuses an unknown collection", () => {
    expect(() => fields.declare("Nope", "price", "number")).toThrow("does not exist");
  });

  test("the site's collections come with title_fld and order declared", () => {
    expect(fields.list("HomePage")).toEqual([{ field: "title_fld", type: "string" }]);
    expect(fields.list("Services")).toEqual([{ field: "order", type: "number" }]);
    expect(indexNames()).toEqual(
      expect.arrayContaining(["items_field:title_fld", "items_field:order"]),
    );
  });

  test("undeclaring drops the index once no collection declares the field", () => {
    db.prepare("INSERT INTO collections (id, display_name) VALUES ('Other', 'O')").run();
    fields.declare(COLLECTION, "price", "number");
    fields.declare("Other", "price", "number");
    expect(fields.undeclare(COLLECTION, "price")).toBe(true);
    expect(indexNames()).toContain("items_field:price");
    expect(fields.undeclare("Other", "price")).toBe(true);
    expect(indexNames()).not.toContain("items_field:price");
    expect(fields.undeclare("Other", "price")).toBe(false);
  });
});

describe("queries on declared fields", () => {
  beforeEach(() => {
    fields.declare(COLLECTION, "category", "string");
    fields.declare(COLLECTION, "price", "number");
    store.transaction(() => {
      for (let i = 0; i < 2000; i += 1) {
        store.insert(
          COLLECTION,
          { _id: `p${i}`, category: `c${i % 40}`, price: (i * 7919) % 2000 },
          { now: 0, ownerId: "o" },
        );
      }
    });
  });

  const run = (filter: unknown, sort: { field: string; order: "ASC" | "DESC" }[] = []) =>
    store.query({
      collectionId: COLLECTION,
      filter: parseFilter(filter),
      sort: sort.map(({ field, order }) => ({ path: [field], order })),
      offset: 0,
      limit: 50,
    });

  test("equality searches the field's index", () => {
    const items = run({ category: "c7" });
    expect(items).toHaveLength(50);
    expect(items.every((item) => item.data.category === "c7")).toBe(true);
    expect(planOfLastQuery()).toMatch(
      db.dialect === "sqlite"
        ? /SEARCH items USING INDEX items_field:category \(collection_id=\? AND <expr>=\?\)/
        : /Index (Only )?Scan using "items_field:category"|Bitmap Index Scan on "items_field:category"/,
    );
  });

  test("a range with a sort on the field searches its index and needs no sort step", () => {
    const items = run({ price: { $gte: 1000, $lt: 1100 } }, [{ field: "price", order: "ASC" }]);
    expect(items.map((item) => item.data.price)).toEqual(
      Array.from({ length: 50 }, (_, i) => 1000 + i),
    );
    const plan = planOfLastQuery();
    if (db.dialect === "sqlite") {
      expect(plan).toMatch(
        /SEARCH items USING INDEX items_field:price \(collection_id=\? AND <expr>>\? AND <expr><\?\)/,
      );
      expect(plan).not.toContain("TEMP B-TREE");
    } else {
      // In index order: at most an incremental sort of equal prices by insertion (seq).
      expect(plan).toMatch(/Index Scan using "items_field:price"/);
      expect(plan).not.toMatch(/^\s*(->\s+)?Sort\s+\(/m);
    }
  });

  test("the same conditions on an undeclared field scan the collection", () => {
    fields.undeclare(COLLECTION, "category");
    run({ category: "c7" });
    expect(planOfLastQuery()).not.toContain("items_field:category");
  });
});
