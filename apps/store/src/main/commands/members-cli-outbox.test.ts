/**
 * `npm run store -- outbox [COUNT]`, as a developer reads the mails the store would have sent:
 * which store it reads (a server on another DATA_DIR keeps its mail elsewhere), the latest
 * messages newest last, and a COUNT outside 1 to 500 refused. On PostgreSQL too, with
 * STORE_TEST_DATABASE_URL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { createIdentityStore } from "../../identity/storage/identity-store.ts";
import { withStoreDb } from "../../platform/db/open.ts";
import { PgDb } from "../../platform/db/postgres/pg-db.ts";
import { quoteName } from "../../platform/db/sql-db.ts";
import { createOutboxStore } from "../../platform/mail/outbox-store.ts";
import { identityRow } from "../test-kit/identity-rows.ts";
import { testSchemaName } from "../test-kit/test-db.ts";
import { runMembersCli } from "./members-cli.ts";

const PG_URL = process.env.STORE_TEST_DATABASE_URL ?? "";

let dir: string;
let lines: string[];
const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
const outbox = (...args: string[]) => runMembersCli("outbox", args, out);
const addMail = (to: string, subject: string, text: string, at: number) =>
  withStoreDb({ dataDir: dir, databaseUrl: process.env.DATABASE_URL ?? null }, (db) =>
    createOutboxStore(db).add(to, subject, text, at),
  );
const FIRST = "--- 1970-01-01T00:00:00.000Z to ada@example.com\nSubject: Your code\n\ncode 123456";
const SECOND = "--- 1970-01-01T00:01:00.000Z to bob@example.com\nSubject: Your link\n\nlink";

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "members-cli-outbox-"));
  process.env.DATA_DIR = dir;
  lines = [];
});
afterEach(() => {
  delete process.env.DATA_DIR;
  rmSync(dir, { recursive: true, force: true });
});

describe("outbox", () => {
  beforeEach(() => {
    addMail("ada@example.com", "Your code", "code 123456", 0);
    addMail("bob@example.com", "Your link", "link", 60_000);
  });

  test("prints the latest five messages, newest last, after naming the store it reads", () => {
    expect(outbox()).toBe(0);
    expect(lines).toEqual([`outbox: reading the store in ${dir} (DATA_DIR)`, FIRST, SECOND]);
  });

  test("COUNT 1 prints only the newest", () => {
    expect(outbox("1")).toBe(0);
    expect(lines.slice(1)).toEqual([SECOND]);
  });

  test("COUNT up to 500 is read", () => {
    expect(outbox("500")).toBe(0);
    expect(lines.slice(1)).toEqual([FIRST, SECOND]);
  });

  test.each(["0", "501", "-1", "1.5", "lots"])("COUNT %s is refused with 2", (count) => {
    expect(outbox(count)).toBe(2);
    expect(lines.slice(1)).toEqual(["outbox: COUNT must be a whole number from 1 to 500"]);
  });

  test("more than one argument prints the usage and fails with 2", () => {
    expect(outbox("1", "2")).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Usage: npm run store -- members list\n/);
  });
});

test("an empty outbox says so", () => {
  expect(outbox()).toBe(0);
  expect(lines.slice(1)).toEqual(["outbox: empty"]);
});

describe("without DATA_DIR", () => {
  // Stryker's runner uses worker threads, where process.chdir() is refused.
  const inFolder = (fn: () => void) => {
    const cwd = vi.spyOn(process, "cwd").mockReturnValue(dir);
    try {
      fn();
    } finally {
      cwd.mockRestore();
    }
  };
  const DEFAULT_LINE = () =>
    `outbox: reading the store in ${join(dir, "data")}: DATA_DIR is not set, so this is the default folder; if the server runs with another DATA_DIR, set the same one here`;

  test("says it reads the default folder, and to set the server's DATA_DIR", () => {
    delete process.env.DATA_DIR;
    inFolder(() => expect(outbox()).toBe(0));
    expect(lines).toEqual([DEFAULT_LINE(), "outbox: empty"]);
  });

  test("a DATA_DIR of blanks is not set", () => {
    process.env.DATA_DIR = "   ";
    inFolder(() => expect(outbox()).toBe(0));
    expect(lines[0]).toBe(DEFAULT_LINE());
  });
});

describe.skipIf(!PG_URL)("on PostgreSQL (DATABASE_URL)", () => {
  let admin: PgDb;
  let schema: string;
  beforeEach(() => {
    schema = testSchemaName();
    admin = PgDb.open({ url: PG_URL });
    admin.exec(`CREATE SCHEMA ${quoteName(schema)}`);
    const options = encodeURIComponent(`-c search_path=${schema}`);
    process.env.DATABASE_URL = `${PG_URL}${PG_URL.includes("?") ? "&" : "?"}options=${options}`;
  });
  afterEach(() => {
    delete process.env.DATABASE_URL;
    admin.exec(`DROP SCHEMA IF EXISTS ${quoteName(schema)} CASCADE`);
    admin.close();
  });

  test("outbox names the database it reads and prints its mail", () => {
    addMail("ada@example.com", "Your code", "code 123456", 0);
    expect(outbox()).toBe(0);
    expect(lines).toEqual(["outbox: reading the PostgreSQL database of DATABASE_URL", FIRST]);
  });

  test("members list and block work on the same database", () => {
    withStoreDb({ dataDir: dir, databaseUrl: process.env.DATABASE_URL ?? null }, (db) =>
      createIdentityStore(db).insert(identityRow("id-1", "ada@example.com")),
    );
    expect(runMembersCli("members", ["block", "ada@example.com"], out)).toBe(0);
    expect(runMembersCli("members", ["list"], out)).toBe(0);
    expect(lines).toEqual([
      "members: ada@example.com is now BLOCKED",
      "ada@example.com\tBLOCKED\tid-1",
    ]);
  });
});
