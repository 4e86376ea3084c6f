/**
 * `npm run store -- members …` on a DATA_DIR database, as the owner runs it: the exact lines it
 * prints, its exit code, and what the store holds after. It changes members only, never the
 * owner or a collaborator, and a wrong usage changes nothing.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { createAuditLog } from "../../identity/audit/audit-log.ts";
import { createIdentityStore } from "../../identity/storage/identity-store.ts";
import { withStoreDb } from "../../platform/db/open.ts";
import type { Db } from "../../platform/db/sql-db.ts";
import { createOutboxStore } from "../../platform/mail/outbox-store.ts";
import { identityRow } from "../test-kit/identity-rows.ts";
import { runMembersCli } from "./members-cli.ts";

let dir: string;
let lines: string[];
const out = { log: (line: string) => lines.push(line), error: (line: string) => lines.push(line) };
const run = (...args: string[]) => runMembersCli("members", args, out);
const inStore = <T>(fn: (db: Db) => T) => withStoreDb({ dataDir: dir, databaseUrl: null }, fn);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "members-cli-"));
  process.env.DATA_DIR = dir;
  lines = [];
  inStore((db) => {
    createIdentityStore(db).insert(
      identityRow("id-1", "ada@example.com", {
        status: "PENDING",
        reasons: ["PENDING_ADMIN_APPROVAL_REQUIRED"],
      }),
    );
    createOutboxStore(db).add("ada@example.com", "Your verification code: 123456", "code", 0);
  });
});
afterEach(() => {
  delete process.env.DATA_DIR;
  rmSync(dir, { recursive: true, force: true });
});

const statusOf = (email = "ada@example.com") =>
  inStore((db) => createIdentityStore(db).byEmail(email)?.status ?? "gone");

describe("members list", () => {
  test("shows each member with status, reasons and two-step verification; no staff", () => {
    inStore((db) => {
      const store = createIdentityStore(db);
      store.insert(
        identityRow("id-2", "bob@example.com", {
          status: "PENDING",
          reasons: ["PENDING_EMAIL_VERIFICATION_REQUIRED", "PENDING_ADMIN_APPROVAL_REQUIRED"],
          now: 1,
        }),
      );
      store.insert(identityRow("id-3", "cy@example.com", { now: 2 }));
      store.setTotp("id-3", "sealed", 2);
      store.insert(identityRow("id-4", "dee@example.com", { now: 3 }));
      store.insert(identityRow("ed-1", "cleo@example.com", { role: "editor", now: 4 }));
    });
    expect(run("list")).toBe(0);
    expect(lines).toEqual([
      "ada@example.com\tPENDING (PENDING_ADMIN_APPROVAL_REQUIRED)\tid-1",
      "bob@example.com\tPENDING (PENDING_EMAIL_VERIFICATION_REQUIRED, PENDING_ADMIN_APPROVAL_REQUIRED)\tid-2",
      "cy@example.com\tACTIVE\tid-3 totp",
      "dee@example.com\tACTIVE\tid-4",
    ]);
  });

  test("says so when there are no members yet", () => {
    inStore((db) => createIdentityStore(db).remove("id-1"));
    expect(run("list")).toBe(0);
    expect(lines).toEqual(["members: none yet"]);
  });

  test("run as the command, prints to the console", () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      expect(runMembersCli("members", ["list"])).toBe(0);
      expect(log.mock.calls).toEqual([
        ["ada@example.com\tPENDING (PENDING_ADMIN_APPROVAL_REQUIRED)\tid-1"],
      ]);
    } finally {
      log.mockRestore();
    }
  });
});

describe("members approve, block, unblock, delete, reset-2fa", () => {
  test("approve lets a member waiting for approval in, whatever the e-mail's case", () => {
    expect(run("approve", "ADA@example.com")).toBe(0);
    expect(lines).toEqual(["members: ada@example.com is now ACTIVE"]);
    expect(statusOf()).toBe("ACTIVE");
  });

  test("block, unblock and delete say what they did; approving does not unblock", () => {
    expect(run("block", "ada@example.com")).toBe(0);
    expect(run("approve", "ada@example.com")).toBe(0);
    expect(statusOf()).toBe("BLOCKED");
    expect(run("unblock", "ada@example.com")).toBe(0);
    expect(statusOf()).toBe("ACTIVE");
    expect(run("delete", "ada@example.com")).toBe(0);
    expect(statusOf()).toBe("gone");
    expect(lines).toEqual([
      "members: ada@example.com is now BLOCKED",
      "members: ada@example.com is now BLOCKED",
      "members: ada@example.com is now ACTIVE",
      "members: deleted ada@example.com",
    ]);
  });

  test("delete erases the member's mails and is logged as the command's, naming no one", () => {
    expect(run("delete", "ada@example.com")).toBe(0);
    const { mails, audit } = inStore((db) => ({
      mails: createOutboxStore(db).latest(5),
      audit: createAuditLog(db, Date.now).page(null).entries,
    }));
    expect(mails).toEqual([]);
    expect(
      audit.map(({ actor, action, target, address }) => ({ actor, action, target, address })),
    ).toEqual([{ actor: "command", action: "member.delete", target: null, address: null }]);
  });

  test("reset-2fa turns the member's TOTP off and says so", () => {
    inStore((db) => createIdentityStore(db).setTotp("id-1", "sealed", 0));
    expect(run("reset-2fa", "ada@example.com")).toBe(0);
    expect(lines).toEqual(["members: two-step verification is off for ada@example.com"]);
    expect(inStore((db) => createIdentityStore(db).byId("id-1")?.totpSecret)).toBeNull();
  });

  test("a member the running store deletes meanwhile is reported gone, not a crash", () => {
    // The trigger stands in for the server deleting the member between the command's write
    // and its read back.
    inStore((db) =>
      db.exec(`CREATE TRIGGER meanwhile AFTER UPDATE OF status ON identities
        BEGIN DELETE FROM identities WHERE id = NEW.id; END`),
    );
    expect(run("block", "ada@example.com")).toBe(0);
    expect(lines).toEqual(["members: ada@example.com is now gone"]);
  });

  test("an unknown or malformed e-mail changes nothing and fails, naming it", () => {
    expect(run("block", "nobody@example.com")).toBe(1);
    expect(run("block", "ada-at-example")).toBe(1);
    expect(lines).toEqual([
      "members: no member with the e-mail nobody@example.com",
      "members: no member with the e-mail ada-at-example",
    ]);
    expect(statusOf()).toBe("PENDING");
  });

  test("the owner and collaborators are no members: block and delete leave them as they are", () => {
    inStore((db) => {
      createIdentityStore(db).insert(identityRow("ed-1", "cleo@example.com", { role: "editor" }));
      createIdentityStore(db).insert(identityRow("own-1", "me@example.com", { role: "owner" }));
    });
    expect(run("block", "cleo@example.com")).toBe(1);
    expect(run("delete", "me@example.com")).toBe(1);
    expect(lines).toEqual([
      "members: no member with the e-mail cleo@example.com",
      "members: no member with the e-mail me@example.com",
    ]);
    expect([statusOf("cleo@example.com"), statusOf("me@example.com")]).toEqual([
      "ACTIVE",
      "ACTIVE",
    ]);
  });
});

describe("a wrong usage", () => {
  test.each([
    ["no action", []],
    ["an unknown action", ["frobnicate"]],
    ["an unknown action with an e-mail", ["frobnicate", "ada@example.com"]],
    ["list with more", ["list", "ada@example.com"]],
    ["an action without an e-mail", ["delete"]],
    ["an action with two e-mails", ["delete", "ada@example.com", "bob@example.com"]],
  ])("%s prints the usage, fails with 2 and changes nothing", (_, args) => {
    expect(run(...args)).toBe(2);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Usage: npm run store -- members list\n/);
    expect(statusOf()).toBe("PENDING");
  });

  test.each(["help", "--help"])("%s prints the usage and succeeds", (arg) => {
    expect(run(arg)).toBe(0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain("reset-2fa turns the member's TOTP off");
  });
});
