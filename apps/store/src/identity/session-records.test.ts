/**
 * What a session record keeps and for how long: whose sign-in it is, the client's user agent
 * (bounded, so a client cannot bloat the record), and an ended session for 30 days, forgotten by
 * a sweep that a sign-in runs at most once an hour.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { identityRow } from "../main/test-kit/identity-rows.ts";
import { openTestDb } from "../main/test-kit/test-db.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { createSessions, type Sessions } from "./sessions.ts";
import { createIdentityStore } from "./storage/identity-store.ts";

const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);
const HOUR = 3_600_000;
const KEPT_MS = 30 * 24 * HOUR;

let db: Db;
let sessions: Sessions;
const clock = { ms: T0 };

beforeEach(() => {
  db = openTestDb();
  clock.ms = T0;
  sessions = createSessions(db, () => clock.ms);
  createIdentityStore(db).insert(identityRow("ada", "ada@example.com", { now: T0 }));
});
afterEach(() => db.close());

const signIn = (client: { userAgent?: string } = {}) =>
  sessions.start({ identityId: "ada", channel: "page", authAt: clock.ms, client });

/** Whether the store still keeps the session's record, ended or not. */
const kept = (sid: string) =>
  db.prepare("SELECT id FROM sessions WHERE id = ?").get(sid) !== undefined;

test("a member's sign-in is recorded as the member's, whatever role is not named", () => {
  const sid = signIn();
  expect(sessions.read(sid)).toMatchObject({ identityId: "ada", role: "member", channel: "page" });
});

test("a client sending a 10 KB user agent has it kept cut to 256 characters", () => {
  const sid = signIn({ userAgent: `Mozilla/5.0 ${"x".repeat(10_000)}` });
  const userAgent = sessions.read(sid)?.userAgent ?? "";
  expect(userAgent).toHaveLength(256);
  expect(userAgent.startsWith("Mozilla/5.0 x")).toBe(true);
});

describe("an ended session's record", () => {
  test("is kept through the sweeps of its 30 days", () => {
    const ended = signIn();
    sessions.end(ended, "sign_out");
    for (const after of [HOUR, 24 * HOUR, KEPT_MS - HOUR]) {
      clock.ms = T0 + after;
      signIn();
      expect(kept(ended)).toBe(true);
    }
  });

  test("is forgotten by the first sweep past its 30 days; sweeps run at most once an hour", () => {
    const ended = signIn();
    sessions.end(ended, "sign_out");
    // A sweep half an hour before the 30 days are over keeps it: the next is due an hour later.
    clock.ms = T0 + KEPT_MS - HOUR / 2;
    signIn();
    clock.ms = T0 + KEPT_MS + HOUR / 2 - 1;
    signIn();
    expect(kept(ended)).toBe(true);
    clock.ms += 1;
    signIn();
    expect(kept(ended)).toBe(false);
  });
});
