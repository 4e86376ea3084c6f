/** `npm run store -- members …` and `outbox` on a DATA_DIR database. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { createIdentityStore } from "../db/identity-store.ts";
import { withStoreDb } from "../db/open.ts";
import { createOutboxStore } from "../db/outbox-store.ts";
import { runMembersCli } from "./members-cli.ts";

let dir: string;
let lines: string[];
const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
const run = (command: "members" | "outbox", ...args: string[]) => runMembersCli(command, args, out);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "members-cli-"));
  process.env.DATA_DIR = dir;
  lines = [];
  withStoreDb({ dataDir: dir, databaseUrl: null }, (db) => {
    createIdentityStore(db).insert({
      id: "id-1",
      email: "ada@example.com",
      emailVerified: true,
      passwordHash: null,
      status: "PENDING",
      reasons: ["PENDING_ADMIN_APPROVAL_REQUIRED"],
      profile: {},
      now: 0,
    });
    createOutboxStore(db).add(
      "ada@example.com",
      "Your verification code: 123456",
      "code 123456",
      0,
    );
  });
});
afterEach(() => {
  delete process.env.DATA_DIR;
  rmSync(dir, { recursive: true, force: true });
});

const statusOf = () =>
  withStoreDb(
    { dataDir: dir, databaseUrl: null },
    (db) => createIdentityStore(db).byEmail("ada@example.com")?.status ?? "gone",
  );

describe("members command", () => {
  test("list shows each member with status and reasons", () => {
    expect(run("members", "list")).toBe(0);
    expect(lines).toEqual(["ada@example.com\tPENDING (PENDING_ADMIN_APPROVAL_REQUIRED)\tid-1"]);
  });

  test("approve lets a member waiting for approval in", () => {
    expect(run("members", "approve", "ADA@example.com")).toBe(0);
    expect(statusOf()).toBe("ACTIVE");
  });

  test("block, unblock and delete change the member; approving does not unblock", () => {
    run("members", "block", "ada@example.com");
    expect(statusOf()).toBe("BLOCKED");
    run("members", "approve", "ada@example.com");
    expect(statusOf()).toBe("BLOCKED");
    run("members", "unblock", "ada@example.com");
    expect(statusOf()).toBe("ACTIVE");
    run("members", "delete", "ada@example.com");
    expect(statusOf()).toBe("gone");
  });

  test("reset-2fa turns the member's TOTP off", () => {
    withStoreDb({ dataDir: dir, databaseUrl: null }, (db) =>
      createIdentityStore(db).setTotp("id-1", "sealed", 0),
    );
    expect(run("members", "reset-2fa", "ada@example.com")).toBe(0);
    const secret = withStoreDb(
      { dataDir: dir, databaseUrl: null },
      (db) => createIdentityStore(db).byId("id-1")?.totpSecret,
    );
    expect(secret).toBeNull();
  });

  test("an unknown e-mail changes nothing and fails", () => {
    expect(run("members", "block", "nobody@example.com")).toBe(1);
    expect(statusOf()).toBe("PENDING");
  });

  test("a wrong usage prints the usage", () => {
    expect(run("members", "frobnicate")).toBe(2);
    expect(lines[0]).toContain("Usage");
  });
});

describe("outbox command", () => {
  test("prints the latest messages with their codes", () => {
    expect(run("outbox")).toBe(0);
    expect(lines.join("\n")).toContain("Subject: Your verification code: 123456");
  });

  test("says which folder it reads, and that it is the default one when DATA_DIR is unset", () => {
    run("outbox");
    expect(lines[0]).toBe(`outbox: reading the store in ${dir} (DATA_DIR)`);
    delete process.env.DATA_DIR;
    lines = [];
    // Stryker's runner uses worker threads, where process.chdir() is refused.
    const cwd = vi.spyOn(process, "cwd").mockReturnValue(dir);
    try {
      run("outbox");
    } finally {
      cwd.mockRestore();
    }
    expect(lines[0]).toContain(`reading the store in ${join(dir, "data")}: DATA_DIR is not set`);
  });

  test("refuses a count that is not a number", () => {
    expect(run("outbox", "lots")).toBe(2);
  });
});
