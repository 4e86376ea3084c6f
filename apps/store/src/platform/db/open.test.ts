import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { COLLECTION_NAMES, COLLECTIONS } from "@consultant/site-content";
import Database from "better-sqlite3";
import { describe, expect, test } from "vitest";
import { listMigrations, migrate } from "./migrate.ts";
import { openDb } from "./open.ts";

describe("openDb", () => {
  test("uses WAL, foreign keys and a busy timeout on a file database", () => {
    const dir = mkdtempSync(join(tmpdir(), "store-open-"));
    try {
      const db = openDb(join(dir, "store.db"));
      expect(db.sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(db.sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
      expect(db.sqlite.pragma("busy_timeout", { simple: true })).toBe(5000);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("creates every registry collection with its read role, written by admins", () => {
    const db = openDb(":memory:");
    const rows = db
      .prepare("SELECT * FROM collection_permissions ORDER BY collection_id")
      .all() as { collection_id: string }[];
    expect(rows).toEqual(
      [...COLLECTION_NAMES].sort().map((id) => ({
        collection_id: id,
        read_role: COLLECTIONS[id].read,
        insert_role: "admin",
        update_role: "admin",
        remove_role: "admin",
      })),
    );
  });

  test("0300 keeps the permissions a database had and still versions their changes", () => {
    const db = new Database(":memory:");
    db.pragma("foreign_keys = ON");
    const all = listMigrations();
    migrate(
      db,
      all.filter((migration) => migration.version < 300),
    );
    db.prepare(
      "UPDATE collection_permissions SET insert_role = 'member' WHERE collection_id = 'Clients'",
    ).run();
    migrate(db, all);
    expect(
      db
        .prepare("SELECT insert_role FROM collection_permissions WHERE collection_id = 'Clients'")
        .get(),
    ).toEqual({ insert_role: "member" });
    const version = () =>
      db.prepare("SELECT value FROM meta WHERE key = 'content_version'").pluck().get() as number;
    const before = version();
    db.prepare(
      "UPDATE collection_permissions SET update_role = 'author' WHERE collection_id = 'Clients'",
    ).run();
    expect(version()).toBe(before + 1);
  });

  test("refuses a permission role outside anyone, member, author and admin", () => {
    const db = openDb(":memory:");
    expect(() =>
      db.prepare("UPDATE collection_permissions SET read_role = 'everyone'").run(),
    ).toThrow(/CHECK constraint/);
  });

  test("records the latest migration in user_version", () => {
    const db = openDb(":memory:");
    expect(db.sqlite.pragma("user_version", { simple: true })).toBe(
      listMigrations().at(-1)?.version,
    );
  });

  test("migrating again changes nothing", () => {
    const db = openDb(":memory:");
    expect(() => migrate(db.sqlite)).not.toThrow();
    expect(db.prepare("SELECT count(*) AS n FROM collections").get()).toEqual({
      n: COLLECTION_NAMES.length,
    });
  });

  test("applies a low-numbered migration added after higher ones were applied", () => {
    const db = new Database(":memory:");
    const [first, second, third] = [
      { version: 1, name: "0001-a.sql", sql: "CREATE TABLE a (x INTEGER);" },
      { version: 2, name: "0002-b.sql", sql: "CREATE TABLE b (x INTEGER);" },
      { version: 100, name: "0100-c.sql", sql: "CREATE TABLE c (x INTEGER);" },
    ];
    migrate(
      db,
      [first, third].flatMap((m) => (m ? [m] : [])),
    );
    migrate(
      db,
      [first, second, third].flatMap((m) => (m ? [m] : [])),
    );
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    expect(tables).toContainEqual({ name: "b" });
    expect(db.pragma("user_version", { simple: true })).toBe(100);
  });

  test("a database tracked only by user_version keeps its applied migrations", () => {
    const db = new Database(":memory:");
    db.exec("CREATE TABLE a (x INTEGER)");
    db.pragma("user_version = 1");
    migrate(db, [
      { version: 1, name: "0001-a.sql", sql: "CREATE TABLE a (x INTEGER);" },
      { version: 2, name: "0002-b.sql", sql: "CREATE TABLE b (x INTEGER);" },
    ]);
    expect(db.prepare("SELECT version FROM schema_migrations ORDER BY version").all()).toEqual([
      { version: 1 },
      { version: 2 },
    ]);
  });

  test("refuses a database newer than the code", () => {
    const db = openDb(":memory:");
    db.sqlite.pragma("user_version = 999");
    expect(() => migrate(db.sqlite)).toThrow(/newer than this store/);
  });
});

describe("listMigrations", () => {
  test("refuses two migration files with the same number instead of skipping one", () => {
    const dir = mkdtempSync(join(tmpdir(), "store-migrations-"));
    try {
      writeFileSync(join(dir, "0300-data-collections.sql"), "SELECT 1;");
      writeFileSync(join(dir, "0300-pictures.sql"), "SELECT 2;");
      expect(() => listMigrations(dir)).toThrow(/share version 300/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the store's own migrations have distinct numbers", () => {
    const versions = listMigrations().map((migration) => migration.version);
    expect(new Set(versions).size).toBe(versions.length);
  });
});
