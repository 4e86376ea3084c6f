/**
 * @module All SQL for the owner's calendar feed (migrations 0663, postgres/0213): one row with
 * its address, the last good copy, what the last read found and `next_read_at`, the schedule's
 * claim: a node takes a tick by moving it forward, and only one node's UPDATE can.
 */
import type { Db } from "../platform/db/sql-db.ts";

type Raw = {
  url: string;
  body: string | null;
  version: number | string;
  event_count: number | string;
  last_read_at: number | string | null;
  last_good_at: number | string | null;
  last_error: string | null;
  next_read_at: number | string;
};

export type FeedRow = {
  url: string;
  body: string | null;
  version: number;
  eventCount: number;
  lastReadAt: number | null;
  lastGoodAt: number | null;
  lastError: string | null;
  nextReadAt: number;
};

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

export type CalendarFeedStore = ReturnType<typeof createCalendarFeedStore>;

export function createCalendarFeedStore(db: Db) {
  const statements = {
    row: db.prepare<[], Raw>("SELECT * FROM booking_calendar_feed WHERE id = 1"),
    version: db.prepare<[], { version: number | string }>(
      "SELECT version FROM booking_calendar_feed WHERE id = 1",
    ),
    setUrl: db.prepare(
      `INSERT INTO booking_calendar_feed (id, url, body, version, event_count, last_read_at,
         last_good_at, last_error, next_read_at, updated_at)
       VALUES (1, ?, NULL, 1, 0, NULL, NULL, NULL, 0, ?)
       ON CONFLICT (id) DO UPDATE SET url = excluded.url, body = NULL,
         version = booking_calendar_feed.version + 1, event_count = 0, last_read_at = NULL,
         last_good_at = NULL, last_error = NULL, next_read_at = 0, updated_at = excluded.updated_at`,
    ),
    claim: db.prepare(
      `UPDATE booking_calendar_feed SET next_read_at = ?
       WHERE id = 1 AND url <> '' AND next_read_at <= ?`,
    ),
    good: db.prepare(
      `UPDATE booking_calendar_feed SET body = ?, version = version + 1, event_count = ?,
         last_read_at = ?, last_good_at = ?, last_error = NULL
       WHERE id = 1 AND url = ?`,
    ),
    bad: db.prepare(
      `UPDATE booking_calendar_feed SET last_read_at = ?, last_error = ? WHERE id = 1 AND url = ?`,
    ),
  };
  return {
    row(): FeedRow | null {
      const row = statements.row.get();
      if (row === undefined) return null;
      return {
        url: row.url,
        body: row.body,
        version: Number(row.version),
        eventCount: Number(row.event_count),
        lastReadAt: numberOrNull(row.last_read_at),
        lastGoodAt: numberOrNull(row.last_good_at),
        lastError: row.last_error,
        nextReadAt: Number(row.next_read_at),
      };
    },
    /** Bumped whenever the busy time may have changed (a new address, a good read). */
    version(): number {
      const row = statements.version.get();
      return row === undefined ? 0 : Number(row.version);
    },
    /** A new address ('' for none): the old copy is dropped and the feed is due at once. */
    setUrl(url: string, now: number): void {
      statements.setUrl.run(url, now);
    },
    /** Takes the read due at `now`, putting the next one at `next`; false when another did. */
    claim(now: number, next: number): boolean {
      return statements.claim.run(next, now).changes === 1;
    },
    /** Keeps a good read of `url` (unless the owner has set another since). */
    recordGood(url: string, body: string, eventCount: number, at: number): void {
      statements.good.run(body, eventCount, at, at, url);
    },
    recordBad(url: string, error: string, at: number): void {
      statements.bad.run(at, error, url);
    },
  };
}
