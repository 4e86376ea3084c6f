/**
 * @module A fresh PostgreSQL database for one bench run, on the server of the given URL, dropped
 * (connections and all) when the run ends: store nodes connect to it as they would to a real one.
 */
import { randomBytes } from "node:crypto";
import { PgDb, quoteName } from "../../apps/store/src/db/postgres/pg-db.ts";

export interface BenchDatabase {
  /** The server's URL with the new database's name. */
  readonly url: string;
  drop(): void;
}

/** The URL of `database` on the server `url` points to. */
export function databaseUrlFor(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${encodeURIComponent(database)}`;
  return next.toString();
}

export function createBenchDatabase(url: string, prefix: string): BenchDatabase {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = PgDb.open({ url, applicationName: "bench-admin" });
  try {
    admin.exec(`CREATE DATABASE ${quoteName(name)}`);
  } catch (error) {
    admin.close();
    throw error;
  }
  return {
    url: databaseUrlFor(url, name),
    drop() {
      try {
        admin.exec(`DROP DATABASE IF EXISTS ${quoteName(name)} WITH (FORCE)`);
      } finally {
        admin.close();
      }
    },
  };
}
