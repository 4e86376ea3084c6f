import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createDeclaredFields } from "../../data/storage/declared-fields.ts";
import { openDb } from "../../platform/db/open.ts";
import { runFieldsCli } from "./fields-cli.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "store-fields-cli-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function fields(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runFieldsCli(
    args,
    { DATA_DIR: dir },
    (line) => out.push(line),
    (line) => err.push(line),
  );
  return { code, out: out.join("\n"), err: err.join("\n") };
}

function declaredIn(collectionId: string) {
  const db = openDb(join(dir, "store.db"));
  try {
    return createDeclaredFields(db).list(collectionId);
  } finally {
    db.close();
  }
}

describe("npm run store -- fields", () => {
  test("declare records the field in the database", () => {
    const result = fields("declare", "Clients", "itemData", "string");
    expect(result.code).toBe(0);
    expect(result.out).toContain("Clients.itemData is declared as string");
    expect(declaredIn("Clients")).toContainEqual({ field: "itemData", type: "string" });
  });

  test("list prints one declaration per line, tab-separated", () => {
    const result = fields("list", "Services");
    expect(result.code).toBe(0);
    expect(result.out).toBe("Services\torder\tnumber");
  });

  test("undeclare removes the declaration", () => {
    fields("declare", "Clients", "itemData", "string");
    expect(fields("undeclare", "Clients", "itemData").out).toContain("is no longer declared");
    expect(declaredIn("Clients")).toEqual([{ field: "order", type: "number" }]);
  });

  test("a bad type fails with the reason and exit code 1", () => {
    const result = fields("declare", "Clients", "order", "date");
    expect(result.code).toBe(1);
    expect(result.err).toContain("type must be one of string, number");
  });

  test("an unknown collection fails with exit code 1", () => {
    const result = fields("declare", "Nope", "order", "number");
    expect(result.code).toBe(1);
    expect(result.err).toContain("Collection [Nope] does not exist");
  });

  test("wrong arguments print the usage with exit code 2", () => {
    const result = fields("declare", "Clients");
    expect(result.code).toBe(2);
    expect(result.err).toContain("Usage: npm run store -- fields");
  });
});
