/**
 * The copy's table list names every table of the store's schema, in both engines: a migration
 * that adds a table fails here until copy-tables.ts copies it too.
 */
import { describe, expect, test } from "vitest";
import { testSchemaName } from "../main/test-kit/test-db.ts";
import { openDb } from "../platform/db/open.ts";
import { openPgDb } from "../platform/db/postgres/open-pg.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { quoteName } from "../platform/db/sql-db.ts";
import { storeTables, tableColumns } from "./copy-schema.ts";
import { COPY_TABLES, tablesBetween, tablesOf } from "./copy-tables.ts";

const PG_URL = process.env.STORE_TEST_DATABASE_URL ?? "";
const listed = COPY_TABLES.map((table) => table.name).sort();
const names = (dialect: "sqlite" | "postgres") =>
  tablesOf(dialect)
    .map((table) => table.name)
    .sort();

function columnsByTable(db: Db): Record<string, string[]> {
  return Object.fromEntries(
    tablesBetween("sqlite", "postgres").map((table) => [
      table.name,
      tableColumns(db, table).sort(),
    ]),
  );
}

test("only the signing key's and the content version counters' tables are one engine's alone", () => {
  expect(COPY_TABLES.filter((table) => table.only).map((table) => table.name)).toEqual([
    "store_secrets",
    "content_version_slots",
  ]);
});

test("every table of the SQLite schema is in the copy's list", () => {
  const db = openDb(":memory:");
  try {
    expect(storeTables(db).sort()).toEqual(names("sqlite"));
  } finally {
    db.close();
  }
});

test("the list names each table once, with a key", () => {
  expect(new Set(listed).size).toBe(listed.length);
  for (const table of COPY_TABLES) expect(table.key.length, table.name).toBeGreaterThan(0);
});

describe.skipIf(!PG_URL)("on PostgreSQL", () => {
  test("every table of the PostgreSQL schema is in the list, with the same columns as SQLite's", () => {
    const schema = testSchemaName();
    const pg = openPgDb({ url: PG_URL, schema });
    const sqlite = openDb(":memory:");
    try {
      expect(storeTables(pg).sort()).toEqual(names("postgres"));
      expect(columnsByTable(pg)).toEqual(columnsByTable(sqlite));
    } finally {
      pg.query(`DROP SCHEMA ${quoteName(schema)} CASCADE`);
      pg.close();
      sqlite.close();
    }
  });
});
