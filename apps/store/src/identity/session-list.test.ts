/**
 * The security page's list of sessions, read by the member whose sessions they are: each device
 * named from its user agent, a token session folded into the page sign-in it came from, "this
 * device" marked on that sign-in, and ending a session only for its own identity.
 */
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { openTestDb } from "../main/test-kit/test-db.ts";
import { thrownBy } from "../main/test-kit/thrown-by.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { ApiError } from "../platform/errors.ts";
import { describeDevice, endOtherSessions, endOwnSession, listSessions } from "./session-list.ts";
import { createSessions, type Sessions } from "./sessions.ts";
import { createIdentityStore } from "./storage/identity-store.ts";
import { REFRESH_TOKEN_TTL_SECONDS } from "./tokens.ts";

const CHROME_LINUX =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1";
const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);
const HOUR = 3_600_000;

describe("the device a session is shown as", () => {
  test.each([
    [CHROME_LINUX, "Chrome 131 on Linux (desktop)"],
    [SAFARI_IPHONE, "Safari 17 on iOS (mobile)"],
    ["Mozilla/5.0 (Windows NT 10.0)", "Mozilla 5 on Windows (desktop)"],
    ["(Windows NT 10.0)", "A browser on Windows (desktop)"],
    ["Chrome/120.0", "Chrome 120"],
    ["Mozilla/5.0 (X11; CrOS x86_64 14541.0.0)", "Mozilla 5 on Chrome OS"],
    ["Firefox", "Firefox"],
  ])("%s is shown as %s", (userAgent, shown) => {
    expect(describeDevice(userAgent)).toBe(shown);
  });

  test("no user agent, or only spaces, is an unknown device", () => {
    expect(describeDevice(null)).toBe("Unknown device");
    expect(describeDevice("")).toBe("Unknown device");
    expect(describeDevice("   ")).toBe("Unknown device");
  });

  test("a user agent naming no browser and no system is shown as sent, cut at 60 characters", () => {
    expect(describeDevice("lightMyRequest")).toBe("lightMyRequest");
    const long = `x${"y".repeat(99)}`;
    expect(describeDevice(long)).toBe(long.slice(0, 60));
  });
});

let db: Db;
let sessions: Sessions;
const clock = { ms: T0 };
const ADA = "ada-id";
const BOB = "bob-id";

beforeEach(() => {
  db = openTestDb();
  clock.ms = T0;
  sessions = createSessions(db, () => clock.ms);
  const identities = createIdentityStore(db);
  for (const [id, email] of [
    [ADA, "ada@example.com"],
    [BOB, "bob@example.com"],
  ] as const) {
    identities.insert({
      id,
      email,
      passwordHash: null,
      status: "ACTIVE",
      reasons: [],
      emailVerified: true,
      profile: {},
      now: T0,
    });
  }
});
afterEach(() => db.close());

const signIn = (identityId: string, userAgent?: string, address?: string) =>
  sessions.start({ identityId, channel: "page", authAt: clock.ms, client: { userAgent, address } });

describe("the list", () => {
  test("each session shows its device, address and dates; the caller's is marked", () => {
    const laptop = signIn(ADA, CHROME_LINUX, "198.51.100.7");
    clock.ms += 60_000;
    const phone = signIn(ADA, SAFARI_IPHONE);
    signIn(BOB, CHROME_LINUX);

    expect(listSessions(sessions, ADA, laptop)).toEqual([
      {
        id: phone,
        device: "Safari 17 on iOS (mobile)",
        address: null,
        startedAt: new Date(T0 + 60_000).toISOString(),
        lastUsedAt: new Date(T0 + 60_000).toISOString(),
        current: false,
      },
      {
        id: laptop,
        device: "Chrome 131 on Linux (desktop)",
        address: "198.51.100.7",
        startedAt: new Date(T0).toISOString(),
        lastUsedAt: new Date(T0).toISOString(),
        current: true,
      },
    ]);
  });

  test("without a session of the caller's, none is marked as this device", () => {
    signIn(ADA);
    expect(listSessions(sessions, ADA, undefined).map((row) => row.current)).toEqual([false]);
    // Another identity's session is not this device either.
    const bobs = signIn(BOB);
    expect(listSessions(sessions, ADA, bobs).map((row) => row.current)).toEqual([false]);
  });

  test("the tokens an app got from a page sign-in are the same device: one row, marked current", () => {
    const page = signIn(ADA, CHROME_LINUX);
    const other = signIn(ADA, SAFARI_IPHONE);
    const tokens = sessions.startFromPage(page, { userAgent: "an app's server" });
    expect(tokens).not.toBeNull();

    const listed = listSessions(sessions, ADA, tokens ?? undefined);
    expect(listed.map((row) => [row.id, row.current])).toEqual(
      expect.arrayContaining([
        [page, true],
        [other, false],
      ]),
    );
    expect(listed).toHaveLength(2);
  });

  test("an app's tokens still in use after their page sign-in was forgotten are listed on their own", () => {
    const page = signIn(ADA, CHROME_LINUX);
    const tokens = sessions.startFromPage(page, { userAgent: SAFARI_IPHONE }) as string;
    // The app refreshes for a year; the page sign-in is never used again, and is pruned.
    clock.ms += REFRESH_TOKEN_TTL_SECONDS * 1000 - HOUR;
    sessions.rotateRefresh(tokens, ADA, 1);
    clock.ms += 2 * HOUR;
    signIn(BOB);
    expect(sessions.read(page)).toBeNull();

    expect(
      listSessions(sessions, ADA, tokens).map((row) => [row.id, row.device, row.current]),
    ).toEqual([[tokens, "Safari 17 on iOS (mobile)", true]]);
  });

  test("an ended session is not listed", () => {
    const kept = signIn(ADA);
    sessions.end(signIn(ADA), "sign_out");
    expect(listSessions(sessions, ADA, kept).map((row) => row.id)).toEqual([kept]);
  });
});

describe("ending sessions", () => {
  test("another member's session id cannot be ended, and names the id refused", () => {
    signIn(ADA);
    const bobs = signIn(BOB);
    const refused = thrownBy(() => endOwnSession(sessions, ADA, bobs));
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe("SESSION_NOT_FOUND");
    expect((refused as ApiError).message).toContain(bobs);
    expect(sessions.read(bobs)).not.toBeNull();
  });

  test("an id that is no session, or one already ended, is not found", () => {
    const ended = signIn(ADA);
    sessions.end(ended, "sign_out");
    for (const target of ["no-such-session", ended]) {
      expect(() => endOwnSession(sessions, ADA, target)).toThrow(
        expect.objectContaining({ code: "SESSION_NOT_FOUND" }),
      );
    }
  });

  test("a member's own session ends, with the tokens started from it, as ended by them", () => {
    const page = signIn(ADA);
    const tokens = sessions.startFromPage(page, {}) as string;
    const mine = signIn(ADA);
    endOwnSession(sessions, ADA, page);
    expect(sessions.read(page)).toBeNull();
    expect(sessions.read(tokens)).toBeNull();
    expect(sessions.read(mine)).not.toBeNull();
    const row = db.prepare("SELECT end_reason FROM sessions WHERE id = ?").get(page) as {
      end_reason: string;
    };
    expect(row.end_reason).toBe("ended_by_user");
  });

  test("ending every other session keeps the caller's and the page sign-in it came from", () => {
    const page = signIn(ADA);
    const tokens = sessions.startFromPage(page, {}) as string;
    const others = [signIn(ADA), signIn(ADA)];
    const bobs = signIn(BOB);
    endOtherSessions(sessions, ADA, tokens);
    expect(sessions.read(page)).not.toBeNull();
    expect(sessions.read(tokens)).not.toBeNull();
    for (const other of others) expect(sessions.read(other)).toBeNull();
    expect(sessions.read(bobs)).not.toBeNull();
    const reasons = db
      .prepare("SELECT DISTINCT end_reason FROM sessions WHERE end_reason IS NOT NULL")
      .all() as { end_reason: string }[];
    expect(reasons).toEqual([{ end_reason: "ended_by_user" }]);
  });
});
