/** @module Opens a PostgreSQL database (DATABASE_URL) for the store: connection, schema, site collections. */
import { syncSiteCollections } from "../site-collections.ts";
import { migratePg } from "./migrate-pg.ts";
import { PgDb, type PgOpenOptions } from "./pg-db.ts";

export function openPgDb(options: PgOpenOptions): PgDb {
  const db = PgDb.open(options);
  try {
    migratePg(db);
    syncSiteCollections(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
