/**
 * @module Several connections to one fresh PostgreSQL schema, as several store nodes on one
 * database would hold (STORE_TEST_DATABASE_URL; tests skip without it, whatever the adapter).
 */
import { openPgDb } from "../../platform/db/postgres/open-pg.ts";
import type { PgDb } from "../../platform/db/postgres/pg-db.ts";
import { quoteName } from "../../platform/db/sql-db.ts";
import { TEST_DATABASE_URL, testSchemaName } from "./test-db.ts";

/** Why a test that needs PostgreSQL is skipped, or null when it can run. */
export const NO_POSTGRES =
  TEST_DATABASE_URL === "" ? "needs PostgreSQL: set STORE_TEST_DATABASE_URL" : null;

export type SharedSchema = { schema: string; dbs: PgDb[]; close(): void };

/**
 * `count` connections to a new schema (migrated once), dropped by `close()`. `urlOf` may give a
 * connection its own URL (an application_name a test picks it out by).
 */
export function openSharedSchema(
  count: number,
  urlOf: (index: number, schema: string) => string = () => TEST_DATABASE_URL,
): SharedSchema {
  const schema = testSchemaName();
  const dbs = Array.from({ length: count }, (_, index) =>
    openPgDb({ url: urlOf(index, schema), schema }),
  );
  return {
    schema,
    dbs,
    close() {
      const [first, ...rest] = dbs;
      for (const db of rest) db.close();
      first?.query(`DROP SCHEMA IF EXISTS ${quoteName(schema)} CASCADE`);
      first?.close();
    },
  };
}
