import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { listMigrations, migrate } from "./migrate.ts";
import { openDb } from "./open.ts";

describe("openDb", () => {
  test("uses WAL, foreign keys and a busy timeout on a file database", () => {
    const dir = mkdtempSync(join(tmpdir(), "store-open-"));
    try {
      const db = openDb(join(dir, "store.db"));
      expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
      expect(db.pragma("busy_timeout", { simple: true })).toBe(5000);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("creates the five collections with a permissions column", () => {
    const db = openDb(":memory:");
    const rows = db.prepare("SELECT id, permissions FROM collections ORDER BY id").all() as {
      id: string;
      permissions: string;
    }[];
    expect(rows.map((row) => row.id)).toEqual([
      "About",
      "Clients",
      "HomePage",
      "Services",
      "WhyWorkWithMe",
    ]);
    expect(JSON.parse(rows[0]?.permissions ?? "")).toHaveProperty("read");
  });

  test("records the latest migration in user_version", () => {
    const db = openDb(":memory:");
    expect(db.pragma("user_version", { simple: true })).toBe(listMigrations().at(-1)?.version);
  });

  test("migrating again changes nothing", () => {
    const db = openDb(":memory:");
    expect(() => migrate(db)).not.toThrow();
    expect(db.prepare("SELECT count(*) AS n FROM collections").get()).toEqual({ n: 5 });
  });

  test("refuses a database newer than the code", () => {
    const db = openDb(":memory:");
    db.pragma("user_version = 999");
    expect(() => migrate(db)).toThrow(/newer than this store/);
  });
});
