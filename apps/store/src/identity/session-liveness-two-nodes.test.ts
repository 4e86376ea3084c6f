/**
 * Two store nodes' sessions (two connections) on one PostgreSQL schema, in this process so the
 * mutation run sees the code: each node keeps whether a session is live instead of reading it on
 * every request, and must still refuse a session the other node ended, one its own connection
 * ended by plain SQL, and one ended while its notices were down.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { identityRow } from "../main/test-kit/identity-rows.ts";
import {
  NO_POSTGRES,
  openSharedSchema,
  type SharedSchema,
} from "../main/test-kit/shared-pg-schema.ts";
import { TEST_DATABASE_URL } from "../main/test-kit/test-db.ts";
import type { PgDb } from "../platform/db/postgres/pg-db.ts";
import { pgNotices } from "../platform/db/postgres/pg-notices.ts";
import { createSessions, type Sessions } from "./sessions.ts";
import { createIdentityStore } from "./storage/identity-store.ts";

/** How long a notice may take before a test gives up on it (a failure bound, not a measure). */
const NOTICE_WAIT_MS = 5000;
const ADA = "ada";

let shared: SharedSchema;
/** Node B's connections carry this name, so the test can cut its notices and no one else's. */
let nameB: string;
let dbA: PgDb;
let dbB: PgDb;
let nodeA: Sessions;
let nodeB: Sessions;

/** Waits until `condition` holds; fails the test when a notice never comes. */
const until = (condition: () => boolean) =>
  vi.waitUntil(condition, { timeout: NOTICE_WAIT_MS, interval: 5 });

function named(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set("application_name", name);
  return url.toString();
}

beforeEach(async () => {
  if (NO_POSTGRES !== null) return;
  shared = openSharedSchema(2, (index, schema) =>
    index === 1 ? named(`${schema}_b`) : TEST_DATABASE_URL,
  );
  nameB = `${shared.schema}_b`;
  [dbA, dbB] = shared.dbs as [PgDb, PgDb];
  nodeA = createSessions(dbA, Date.now);
  nodeB = createSessions(dbB, Date.now);
  createIdentityStore(dbA).insert(identityRow(ADA, "ada@example.com", { now: Date.now() }));
  // Node B asks once (which starts its listener), then waits until it hears the notices.
  nodeB.isLive("none yet", ADA);
  await until(() => pgNotices(dbB).listening());
});

afterEach(() => {
  if (NO_POSTGRES !== null) return;
  shared.close();
});

const signIn = () =>
  nodeA.start({ identityId: ADA, channel: "token", authAt: Date.now(), client: {} });

/** Round trips node B makes to answer whether `sid` is live. */
function roundTripsOf(sid: string): number {
  const before = dbB.roundTrips;
  nodeB.isLive(sid, ADA);
  return dbB.roundTrips - before;
}

describe.skipIf(NO_POSTGRES !== null)(
  `each node keeps sessions' liveness${NO_POSTGRES ? ` (skipped: ${NO_POSTGRES})` : ""}`,
  () => {
    test("a session ended on node A is refused on node B, though B kept it live", async () => {
      const sid = signIn();
      expect(nodeB.isLive(sid, ADA)).toBe(true);
      expect(nodeB.isLive(sid, ADA)).toBe(true);
      nodeA.end(sid, "sign_out");
      expect(nodeA.isLive(sid, ADA)).toBe(false);
      await until(() => !nodeB.isLive(sid, ADA));
      expect(nodeB.isLive(sid, ADA)).toBe(false);
    });

    test("a kept session costs no round trip, not even after another member's session ends", async () => {
      const kept = signIn();
      const other = signIn();
      expect(roundTripsOf(kept)).toBe(1);
      expect(roundTripsOf(kept)).toBe(0);
      expect(nodeB.isLive(other, ADA)).toBe(true);
      nodeA.end(other, "sign_out");
      await until(() => !nodeB.isLive(other, ADA));
      expect(roundTripsOf(kept)).toBe(0);
    });

    test("a member blocked by plain SQL on node B's own connection is refused there at once", () => {
      const sid = signIn();
      expect(nodeB.isLive(sid, ADA)).toBe(true);
      // As the members command would, past the sessions code; no notice can arrive in between.
      dbB.query("UPDATE identities SET status = 'BLOCKED' WHERE id = $1", [ADA]);
      expect(nodeB.isLive(sid, ADA)).toBe(false);
    });

    test("while node B's notices are down it keeps nothing, so what A ends meanwhile is refused", async () => {
      const keptBefore = signIn();
      const readDuring = signIn();
      expect(nodeB.isLive(keptBefore, ADA)).toBe(true);
      dbA.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = $1 AND query LIKE 'LISTEN%'`,
        [nameB],
      );
      await until(() => !pgNotices(dbB).listening());
      expect(nodeB.isLive(readDuring, ADA)).toBe(true);
      nodeA.end(keptBefore, "sign_out");
      nodeA.end(readDuring, "sign_out");
      // B heard neither end: it must read both afresh.
      expect(nodeB.isLive(keptBefore, ADA)).toBe(false);
      expect(nodeB.isLive(readDuring, ADA)).toBe(false);
      await until(() => pgNotices(dbB).listening());
    });
  },
);
