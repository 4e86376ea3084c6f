/**
 * The sign-in history a member reads to notice what was not them: every field as recorded, the
 * newest first, bounded to the newest 50 and the last 90 days, so no one can flood it into
 * something else or keep it forever.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDb } from "../main/test-kit/test-db.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { createSignInHistory, SIGN_INS_KEPT, SIGN_INS_KEPT_MS } from "./sign-in-history.ts";
import { createSecurityStore } from "./storage/security-store.ts";

const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);
const HOUR = 3_600_000;
let db: Db;
const clock = { ms: T0 };
const history = () => createSignInHistory(createSecurityStore(db), () => clock.ms);
const rowsOf = (identityId: string) =>
  Number(
    (
      db.prepare("SELECT COUNT(*) AS n FROM sign_ins WHERE identity_id = ?").get(identityId) as {
        n: number | string;
      }
    ).n,
  );

beforeEach(() => {
  db = openTestDb();
  clock.ms = T0;
});
afterEach(() => db.close());

describe("what a member reads", () => {
  test("each sign-in as recorded, the newest first, and only their own", () => {
    const signIns = history();
    signIns.record({ identityId: "ada", outcome: "failure", method: "password" });
    clock.ms += 1_000;
    signIns.record({
      identityId: "ada",
      outcome: "success",
      method: "totp",
      address: "198.51.100.7",
      userAgent: "Firefox",
    });
    signIns.record({ identityId: "bob", outcome: "success", method: "passkey" });

    expect(signIns.listOf("ada")).toEqual([
      {
        at: new Date(T0 + 1_000).toISOString(),
        outcome: "success",
        method: "totp",
        address: "198.51.100.7",
        userAgent: "Firefox",
      },
      {
        at: new Date(T0).toISOString(),
        outcome: "failure",
        method: "password",
        address: null,
        userAgent: null,
      },
    ]);
  });

  test("a user agent is kept to its first 256 characters", () => {
    const signIns = history();
    const long = `Mozilla/${"x".repeat(400)}`;
    signIns.record({ identityId: "ada", outcome: "success", method: "password", userAgent: long });
    expect(signIns.listOf("ada")[0]?.userAgent).toBe(long.slice(0, 256));
  });
});

describe("a history that cannot be flooded or kept forever", () => {
  test("only the newest 50 of a member are kept; another member's stay whole", () => {
    const signIns = history();
    signIns.record({ identityId: "bob", outcome: "success", method: "password" });
    for (let i = 0; i < SIGN_INS_KEPT + 5; i++) {
      clock.ms += 1_000;
      signIns.record({ identityId: "ada", outcome: "failure", method: `try-${i}` });
    }
    const listed = signIns.listOf("ada");
    expect(listed).toHaveLength(SIGN_INS_KEPT);
    expect(listed[0]?.method).toBe(`try-${SIGN_INS_KEPT + 4}`);
    expect(listed.at(-1)?.method).toBe("try-5");
    expect(rowsOf("ada")).toBe(SIGN_INS_KEPT);
    expect(rowsOf("bob")).toBe(1);
  });

  test("a sign-in older than 90 days is not shown, one at 90 days is", () => {
    const signIns = history();
    signIns.record({ identityId: "ada", outcome: "success", method: "old" });
    clock.ms += 1;
    signIns.record({ identityId: "ada", outcome: "success", method: "newer" });
    clock.ms = T0 + 1 + SIGN_INS_KEPT_MS;
    expect(signIns.listOf("ada").map((row) => row.method)).toEqual(["newer"]);
    clock.ms = T0 + SIGN_INS_KEPT_MS;
    expect(signIns.listOf("ada").map((row) => row.method)).toEqual(["newer", "old"]);
  });

  test("sign-ins older than 90 days are deleted on a recording, at most once an hour", () => {
    const earlier = history();
    earlier.record({ identityId: "bob", outcome: "success", method: "old" });
    // A history's first recording prunes: bob's row, now older than 90 days, goes.
    clock.ms = T0 + SIGN_INS_KEPT_MS + 1;
    history().record({ identityId: "ada", outcome: "success", method: "first" });
    expect(rowsOf("bob")).toBe(0);

    const signIns = history();
    clock.ms = T0;
    signIns.record({ identityId: "bob", outcome: "success", method: "old again" });
    const pruned = T0 + SIGN_INS_KEPT_MS - HOUR / 2;
    clock.ms = pruned;
    signIns.record({ identityId: "ada", outcome: "success", method: "prunes nothing yet" });
    expect(rowsOf("bob")).toBe(1);
    // Bob's row is older than 90 days now, but the last pruning was less than an hour ago.
    clock.ms = pruned + HOUR - 1;
    signIns.record({ identityId: "ada", outcome: "success", method: "within the hour" });
    expect(rowsOf("bob")).toBe(1);
    clock.ms = pruned + HOUR;
    signIns.record({ identityId: "ada", outcome: "success", method: "an hour later" });
    expect(rowsOf("bob")).toBe(0);
  });
});
