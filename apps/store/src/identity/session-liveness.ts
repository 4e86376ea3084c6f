/**
 * @module Whether a session is live, asked on every request a member token makes. SQLite reads
 * the row each time (a primary-key lookup in process; another process, such as the members
 * command, may end sessions). PostgreSQL, where a read is a round trip, keeps the answer per
 * node and forgets a session as soon as any node ends it or blocks or removes its member
 * (LISTEN store_session_ended), and everything on its own writes; while that connection is
 * down nothing is kept, so a missed notice cannot keep an ended session.
 */

import type { Db } from "../platform/db/sql-db.ts";
import { createLruCache } from "../platform/http/lru-cache.ts";
import type { SessionRow, SessionsStore } from "./storage/sessions-store.ts";

/** Sessions whose liveness one node keeps (about 100 bytes each). */
const KEPT_SESSIONS = 50_000;

export type SessionLiveness = {
  /** The identity a live session belongs to; null when it ended, is unknown, or its member is not active. */
  identityOf(sid: string): string | null;
  /** This node ended these sessions: forget them now (other nodes hear it from the database). */
  forget(ids: readonly string[]): void;
};

/** Live: not ended, and (for a member) the member is active. */
export function isLiveRow(row: SessionRow | null): row is SessionRow {
  return row !== null && row.endedAt === null && row.identityStatus === "ACTIVE";
}

export function createSessionLiveness(db: Db, store: SessionsStore): SessionLiveness {
  const read = (sid: string) => {
    const row = store.byId(sid);
    return isLiveRow(row) ? row.identityId : null;
  };
  const notices = db.changeNotices();
  if (notices === null) return { identityOf: read, forget() {} };

  // `false` keeps "not live": an ended session never comes back.
  const kept = createLruCache<string, string | false>(KEPT_SESSIONS);
  // Any write of this node's connection (the members command's SQL, a test's) may end one.
  notices.onOwnWrite(() => kept.clear());
  notices.on("store_session_ended", (sid) => {
    if (sid === null) kept.clear();
    else kept.delete(sid);
  });
  return {
    identityOf(sid) {
      const hit = kept.get(sid);
      if (hit !== undefined) return hit === false ? null : hit;
      const identityId = read(sid);
      if (notices.listening()) kept.set(sid, identityId ?? false);
      return identityId;
    },
    forget(ids) {
      for (const id of ids) kept.delete(id);
    },
  };
}
