/**
 * The recent sign-in a sensitive change asks for (delete the account, change the password,
 * turn the second factor off), at its edges: a sign-in exactly 10 minutes old still counts, one
 * a millisecond older does not, a caller without a live session is refused the same way, not
 * with a server error, and proving the password again in the session makes it recent again.
 */
import { afterEach, beforeEach, expect, test } from "vitest";
import { identityRow } from "../main/test-kit/identity-rows.ts";
import { openTestDb } from "../main/test-kit/test-db.ts";
import { thrownBy } from "../main/test-kit/thrown-by.ts";
import type { Db } from "../platform/db/sql-db.ts";
import { createSessions, REAUTHENTICATION_WINDOW_MS, type Sessions } from "./sessions.ts";
import { createIdentityStore } from "./storage/identity-store.ts";

const T0 = Date.UTC(2026, 10, 27, 9, 0, 0);
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

const refusal = (sid: string | undefined) => thrownBy(() => sessions.requireRecentSignIn(sid));

test("a sign-in exactly 10 minutes old is recent; a millisecond older is not, and says so", () => {
  const sid = sessions.start({ identityId: "ada", channel: "token", authAt: T0, client: {} });
  clock.ms = T0 + REAUTHENTICATION_WINDOW_MS;
  expect(sessions.requireRecentSignIn(sid).id).toBe(sid);
  clock.ms += 1;
  expect(refusal(sid)).toMatchObject({
    code: "IDENTITY_REAUTHENTICATION_REQUIRED",
    message: "Sign in again: this change needs a sign-in within the last 10 minutes",
  });
});

test("no session, or one that ended, is refused as not recent, not as a server error", () => {
  const sid = sessions.start({ identityId: "ada", channel: "token", authAt: T0, client: {} });
  sessions.end(sid, "sign_out");
  for (const caller of [undefined, sid, "no-such-session"]) {
    expect(refusal(caller)).toMatchObject({ code: "IDENTITY_REAUTHENTICATION_REQUIRED" });
  }
});

test("proving the password again in an 11-minute-old session makes it recent again", () => {
  const sid = sessions.start({ identityId: "ada", channel: "page", authAt: T0, client: {} });
  clock.ms = T0 + 11 * 60_000;
  expect(refusal(sid)).toMatchObject({ code: "IDENTITY_REAUTHENTICATION_REQUIRED" });
  sessions.reauthenticate(sid);
  clock.ms += REAUTHENTICATION_WINDOW_MS;
  expect(sessions.requireRecentSignIn(sid).id).toBe(sid);
});
