/**
 * Moving a store between databases: every table arrives with its ids, history and sequence
 * positions, readers get the same answers, a target with content is refused, and a copy that
 * does not verify leaves the target as it was. SQLite to SQLite always; SQLite to PostgreSQL and
 * back with STORE_TEST_DATABASE_URL.
 */
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { runCopyCli } from "../main/commands/copy-cli.ts";
import {
  type Answers,
  NUL_TEXT,
  readAnswers,
  seedFixture,
  UNICODE_TITLE,
} from "../main/test-kit/copy-fixture.ts";
import { testSchemaName } from "../main/test-kit/test-db.ts";
import { openDb, storeDbFile } from "../platform/db/open.ts";
import { openPgDb } from "../platform/db/postgres/open-pg.ts";
import { PgDb } from "../platform/db/postgres/pg-db.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { quoteName } from "../platform/db/sql-db.ts";
import { loadSigningKey } from "../platform/secrets/signing-key.ts";
import { storeSigningKey } from "../platform/secrets/store-signing-key.ts";
import { tableChecksum } from "./copy-checksum.ts";
import { tableColumns } from "./copy-schema.ts";
import { CopyRefused, CopyVerificationFailed, copyStore } from "./copy-store.ts";
import { tablesBetween, tablesOf } from "./copy-tables.ts";

const PG_URL = process.env.STORE_TEST_DATABASE_URL ?? "";

const toClose: Db[] = [];
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const db of toClose.splice(0)) db.close();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function keep<T extends Db>(db: T): T {
  toClose.push(db);
  return db;
}

function freshDir(): string {
  return mkdtempSync(join(tmpdir(), "copy-store-"));
}

function count(db: Db, table: string): number {
  return Number(db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`).get()?.n);
}

function maxOf(db: Db, table: string, column: string): number {
  return Number(
    db.prepare<[], { n: number }>(`SELECT max(${column}) AS n FROM ${table}`).get()?.n ?? 0,
  );
}

function rowsOf(db: Db, table: string): Record<string, unknown>[] {
  const columns = table === "collections" ? "rowid, *" : "*";
  return db.prepare<[], Record<string, unknown>>(`SELECT ${columns} FROM ${table}`).all();
}

function sqliteSequence(db: Db, table: string): number {
  return Number(
    db
      .prepare<[string], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = ?")
      .get(table)?.seq,
  );
}

/** The seq a new item gets. */
function insertedSeq(db: Db): number {
  db.prepare(
    "INSERT INTO items (collection_id, id, data, created_at, updated_at) VALUES (?, ?, ?, 0, 0)",
  ).run("Clients", "new", "{}");
  const seq = db.prepare<[], { seq: number }>("SELECT seq FROM items WHERE id = 'new'").get()?.seq;
  db.prepare("DELETE FROM items WHERE id = 'new'").run();
  return Number(seq);
}

/** PostgreSQL cannot hold U+0000: it reads back as U+FFFD. */
function asPostgresStores(answers: Answers): Answers {
  return JSON.parse(JSON.stringify(answers).replaceAll("\\u0000", "\uFFFD"));
}

async function seededSqlite(): Promise<{ dir: string; db: Db; apiKey: string }> {
  const dir = freshDir();
  const db = keep(openDb(storeDbFile(dir)));
  const apiKey = await seedFixture(db);
  return { dir, db, apiKey };
}

describe("copying between SQLite databases", () => {
  test("every table arrives and verifies; readers get the same answers; ids continue after the source's", async () => {
    const source = await seededSqlite();
    const target = keep(openDb(":memory:"));
    const report = copyStore(source.db, target);
    expect(report.map((table) => table.table)).toEqual(
      tablesOf("sqlite").map((table) => table.name),
    );
    expect(report.every((table) => table.ok)).toBe(true);
    for (const table of ["item_history", "items", "identities", "owner_sessions"]) {
      const rows = report.find((entry) => entry.table === table)?.rows;
      expect(rows, table).toBe(count(source.db, table));
      expect(rows, table).toBeGreaterThan(0);
    }
    expect(await readAnswers(target, source.apiKey)).toEqual(
      await readAnswers(source.db, source.apiKey),
    );
    expect(
      target
        .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'index'")
        .all()
        .map((index) => index.name),
    ).toContain("items_field:title");
    // The newest item was removed: its seq is never handed out again.
    const highWater = sqliteSequence(source.db, "items");
    expect(highWater).toBeGreaterThan(maxOf(source.db, "items", "seq"));
    expect(insertedSeq(target)).toBe(highWater + 1);
  });

  test("a target with content is refused and left unchanged", async () => {
    const source = await seededSqlite();
    const target = (await seededSqlite()).db;
    target.prepare("DELETE FROM items WHERE id = 'c1'").run();
    const before = count(target, "items");
    expect(() => copyStore(source.db, target)).toThrow(CopyRefused);
    expect(() => copyStore(source.db, target)).toThrow(/not empty: it holds \d+ row\(s\) in items/);
    expect(count(target, "items")).toBe(before);
  });

  test("a copy that does not verify rolls back", async () => {
    const source = await seededSqlite();
    const target = keep(openDb(":memory:"));
    target.exec(
      "CREATE TRIGGER tamper AFTER INSERT ON mail_outbox BEGIN UPDATE mail_outbox SET subject = 'changed' WHERE id = NEW.id; END",
    );
    let failure: unknown;
    try {
      copyStore(source.db, target);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeInstanceOf(CopyVerificationFailed);
    expect(
      (failure as CopyVerificationFailed).tables.filter((t) => !t.ok).map((t) => t.table),
    ).toEqual(["mail_outbox"]);
    expect([
      count(target, "items"),
      count(target, "mail_outbox"),
      count(target, "identities"),
    ]).toEqual([0, 0, 0]);
  });

  test("a table the copy does not know stops it", async () => {
    const source = await seededSqlite();
    source.db.exec("CREATE TABLE later_feature (id INTEGER PRIMARY KEY)");
    expect(() => copyStore(source.db, keep(openDb(":memory:")))).toThrow(
      /source has table\(s\) this copy does not know: later_feature/,
    );
  });
});

function run(
  command: "copy-to-postgres" | "copy-to-sqlite",
  args: string[],
  env: NodeJS.ProcessEnv,
) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runCopyCli(command, args, {
    env,
    cwd: tmpdir(),
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

/**
 * DATABASE_URL of a new, empty schema in the test server (search_path through the URL's
 * `options`), dropped after the test: as good as a fresh database, and cheap.
 */
function freshPgUrl(): string {
  const name = testSchemaName();
  const admin = PgDb.open({ url: PG_URL });
  admin.exec(`CREATE SCHEMA ${quoteName(name)}`);
  cleanups.push(() => {
    admin.exec(`DROP SCHEMA IF EXISTS ${quoteName(name)} CASCADE`);
    admin.close();
  });
  const options = encodeURIComponent(`-c search_path=${name}`);
  return `${PG_URL}${PG_URL.includes("?") ? "&" : "?"}options=${options}`;
}

describe.skipIf(!PG_URL)("copy-to-postgres and copy-to-sqlite", () => {
  test("SQLite to PostgreSQL and back: counts, checksums, history and answers match", async () => {
    const source = await seededSqlite();
    const signingKey = loadSigningKey(source.dir);
    const expected = await readAnswers(source.db, source.apiKey);
    const url = freshPgUrl();

    const there = run("copy-to-postgres", [], { DATA_DIR: source.dir, DATABASE_URL: url });
    expect(there.err).toEqual([]);
    expect(there.code).toBe(0);
    expect(there.out).toHaveLength(tablesBetween("sqlite", "postgres").length + 3);
    expect(there.out).toContain(
      `  signing key: ${join(source.dir, "signing.key")} copied into store_secrets`,
    );
    expect(there.out.at(-1)).toMatch(
      /copied \d+ tables, \d+ rows; counts and checksums match\. The pictures' files were not copied/,
    );
    expect(there.out.find((line) => line.includes("item_history"))).toMatch(
      new RegExp(`item_history\\s+${count(source.db, "item_history")} rows .* ok$`),
    );

    // Opened without the store's start-up sync, which bumps the content version.
    const pg = keep(PgDb.open({ url }));
    for (const table of [
      "items",
      "item_history",
      "item_references",
      "identities",
      "identity_recovery_codes",
    ]) {
      expect(count(pg, table), table).toBe(count(source.db, table));
    }
    expect(pg.prepare("SELECT key, value FROM meta ORDER BY key").all()).toEqual(
      source.db.prepare("SELECT key, value FROM meta ORDER BY key").all(),
    );
    // The nodes sign with the SQLite store's key, so its tokens and sealed TOTP secrets still open.
    expect(storeSigningKey(pg, { dataDir: freshDir(), configured: null })).toEqual(signingKey);
    const answers = await readAnswers(pg, source.apiKey);
    expect(answers).toEqual(asPostgresStores(expected));
    expect(JSON.stringify(answers)).toContain(UNICODE_TITLE);
    expect(JSON.stringify(answers)).toContain(NUL_TEXT.replace("\u0000", "\uFFFD"));
    expect(
      pg
        .prepare<[], { name: string }>(
          "SELECT indexname AS name FROM pg_indexes WHERE tablename = 'items'",
        )
        .all()
        .some((index) => index.name === "items_field:title"),
    ).toBe(true);
    pg.close();

    const back = freshDir();
    const home = run("copy-to-sqlite", [back], { DATA_DIR: back, DATABASE_URL: url });
    expect(home.err).toEqual([]);
    expect(home.code).toBe(0);
    expect(loadSigningKey(back)).toEqual(signingKey);
    const roundTrip = keep(openDb(storeDbFile(back)));
    expect(await readAnswers(roundTrip, source.apiKey)).toEqual(asPostgresStores(expected));
    // Every table but meta (each store's start-up sync bumps the content version) as it was.
    for (const table of tablesOf("sqlite").filter((entry) => entry.name !== "meta")) {
      const columns = tableColumns(source.db, table);
      expect(tableChecksum(table, columns, rowsOf(roundTrip, table.name)), table.name).toEqual(
        tableChecksum(table, columns, rowsOf(source.db, table.name)),
      );
    }
    // Sequences continue after the source's highest ids, the removed newest item's included.
    const highWater = sqliteSequence(source.db, "items");
    expect(insertedSeq(keep(PgDb.open({ url })))).toBe(highWater + 1);
    expect(insertedSeq(roundTrip)).toBe(highWater + 1);
  });

  test("a PostgreSQL database with content is refused with one line, and left unchanged", async () => {
    const source = await seededSqlite();
    const url = freshPgUrl();
    expect(run("copy-to-postgres", [], { DATA_DIR: source.dir, DATABASE_URL: url }).code).toBe(0);
    const pg = keep(openPgDb({ url }));
    pg.prepare("DELETE FROM items WHERE id = 'n1'").run();
    const before = pg.prepare("SELECT * FROM items ORDER BY seq").all();

    const again = run("copy-to-postgres", [], { DATA_DIR: source.dir, DATABASE_URL: url });
    expect(again.code).toBe(1);
    expect(again.err).toHaveLength(1);
    expect(again.err[0]).toMatch(
      /^copy-to-postgres: refused: the target is not empty: it holds \d+ row\(s\) in items;/,
    );
    expect(pg.prepare("SELECT * FROM items ORDER BY seq").all()).toEqual(before);
  });

  test("a bad URL and an unreachable server each get one line, and nothing is written", async () => {
    const source = await seededSqlite();
    const bad = run("copy-to-postgres", [], { DATA_DIR: source.dir, DATABASE_URL: "mysql://x/y" });
    expect(bad.code).toBe(1);
    expect(bad.err).toEqual([
      expect.stringMatching(/^copy-to-postgres: DATABASE_URL must be a PostgreSQL URL/),
    ]);

    const unreachable = run("copy-to-postgres", [], {
      DATA_DIR: source.dir,
      DATABASE_URL: "postgres://root:secret@127.0.0.1:1/nowhere",
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.err).toHaveLength(1);
    expect(unreachable.err[0]).toMatch(
      /^copy-to-postgres: refused: cannot open PostgreSQL 127\.0\.0\.1:1\/nowhere: /,
    );
    expect(unreachable.err[0]).not.toContain("secret");

    const back = freshDir();
    const fromNowhere = run("copy-to-sqlite", [join(back, "copy.db")], {
      DATABASE_URL: "postgres://root:secret@127.0.0.1:1/nowhere",
    });
    expect(fromNowhere.code).toBe(1);
    expect(fromNowhere.err).toHaveLength(1);
    expect(existsSync(join(back, "copy.db"))).toBe(false);
  });

  test("a SIGNING_KEY that is not the store's key is refused, nothing written", async () => {
    const source = await seededSqlite();
    loadSigningKey(source.dir);
    const url = freshPgUrl();
    const other = Buffer.alloc(32, 1).toString("base64");
    const refused = run("copy-to-postgres", [], {
      DATA_DIR: source.dir,
      DATABASE_URL: url,
      SIGNING_KEY: other,
    });
    expect(refused.code).toBe(1);
    expect(refused.err).toEqual([
      expect.stringMatching(
        /^copy-to-postgres: refused: SIGNING_KEY is not the key in DATA_DIR\/signing\.key/,
      ),
    ]);
    // Refused before the database was touched: not even the tables exist.
    expect(
      count(
        keep(PgDb.open({ url })),
        "information_schema.tables WHERE table_schema = current_schema()",
      ),
    ).toBe(0);
  });

  test("with SIGNING_KEY the key stays outside the database, and the way back needs it", async () => {
    const source = await seededSqlite();
    const key = Buffer.from(loadSigningKey(source.dir)).toString("base64");
    const url = freshPgUrl();
    const env = { DATA_DIR: source.dir, DATABASE_URL: url, SIGNING_KEY: key };
    expect(run("copy-to-postgres", [], env).code).toBe(0);
    const pg = keep(PgDb.open({ url }));
    expect(pg.prepare("SELECT name FROM store_secrets").all()).toEqual([
      { name: "signing_key_check" },
    ]);

    const back = freshDir();
    const without = run("copy-to-sqlite", [back], { DATABASE_URL: url });
    expect(without.code).toBe(1);
    expect(without.err).toEqual([
      expect.stringMatching(
        /^copy-to-sqlite: refused: this database's nodes sign with SIGNING_KEY/,
      ),
    ]);
    expect([existsSync(storeDbFile(back)), existsSync(join(back, "signing.key"))]).toEqual([
      false,
      false,
    ]);
    expect(run("copy-to-sqlite", [back], { DATABASE_URL: url, SIGNING_KEY: key }).code).toBe(0);
    expect(Buffer.from(loadSigningKey(back)).toString("base64")).toBe(key);
  });

  test("copy-to-sqlite does not replace a store with content", async () => {
    const source = await seededSqlite();
    const url = freshPgUrl();
    expect(run("copy-to-postgres", [], { DATA_DIR: source.dir, DATABASE_URL: url }).code).toBe(0);
    const before = count(source.db, "items");
    const home = run("copy-to-sqlite", [source.dir], { DATABASE_URL: url });
    expect(home.code).toBe(1);
    expect(home.err).toEqual([
      expect.stringMatching(/^copy-to-sqlite: refused: .*store\.db is not empty: it holds/),
    ]);
    expect(count(source.db, "items")).toBe(before);
  });
});
