/**
 * @module A fresh PostgreSQL database for one bench run, on the server of the given URL, dropped
 * (connections and all) when the run ends: store nodes connect to it as they would to a real one.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { quoteName } from "../../apps/store/src/main/testing.ts";

export interface BenchDatabase {
  /** The server's URL with the new database's name. */
  readonly url: string;
  /** Drops it; may take a while (a checkpoint), so it runs without a statement timeout. */
  drop(): Promise<void>;
}

/** The URL of `database` on the server `url` points to. */
export function databaseUrlFor(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${encodeURIComponent(database)}`;
  return next.toString();
}

async function onServer(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: "bench-admin" });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createBenchDatabase(url: string, prefix: string): Promise<BenchDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
  await onServer(url, `CREATE DATABASE ${quoteName(name)}`);
  return {
    url: databaseUrlFor(url, name),
    drop: () => onServer(url, `DROP DATABASE IF EXISTS ${quoteName(name)} WITH (FORCE)`),
  };
}
