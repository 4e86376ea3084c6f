/**
 * @module The database a test runs on: in-memory SQLite, or, with STORE_TEST_ADAPTER=postgres, a
 * fresh schema in STORE_TEST_DATABASE_URL's PostgreSQL, dropped when the database is closed.
 * `npm test` runs the store's suite both ways when a server is available (scripts/test-postgres.mjs).
 * A test file's databases still open when it ends are closed then (close-test-dbs.ts), so no
 * schema outlives its file.
 */
import { randomBytes } from "node:crypto";
import { openDb } from "../../platform/db/open.ts";
import { openPgDb } from "../../platform/db/postgres/open-pg.ts";
import type { Db } from "../../platform/db/sql-db.ts";
import { quoteName } from "../../platform/db/sql-db.ts";

export const TEST_ADAPTER = process.env.STORE_TEST_ADAPTER === "postgres" ? "postgres" : "sqlite";
export const TEST_DATABASE_URL = process.env.STORE_TEST_DATABASE_URL ?? "";

if (TEST_ADAPTER === "postgres" && TEST_DATABASE_URL === "") {
  throw new Error("STORE_TEST_ADAPTER=postgres needs STORE_TEST_DATABASE_URL");
}

/** A new schema name per database, unique across the test workers. */
export function testSchemaName(): string {
  return `test_${process.pid}_${randomBytes(4).toString("hex")}`;
}

const openPgTestDbs = new Set<Db>();

export function openTestDb(): Db {
  if (TEST_ADAPTER === "sqlite") return openDb(":memory:");
  const schema = testSchemaName();
  const db = openPgDb({ url: TEST_DATABASE_URL, schema });
  openPgTestDbs.add(db);
  db.onClose(() => {
    openPgTestDbs.delete(db);
    db.query(`DROP SCHEMA IF EXISTS ${quoteName(schema)} CASCADE`);
  });
  return db;
}

/** Closes (and so drops) every PostgreSQL test database still open. */
export function closeOpenTestDbs(): void {
  for (const db of openPgTestDbs) db.close();
}
