/**
 * @module Attempts per key in a window, counted in the database (table `rate_limits`), so every
 * process on one database, SQLite or PostgreSQL, sees the same counts. The window is fixed: it
 * starts at the first attempt counted and lasts `windowMs`; once it ends the next attempt starts
 * a new one.
 *
 * `take` is one statement, `INSERT ... ON CONFLICT DO UPDATE ... WHERE count < max RETURNING`:
 * the database counts the attempt and checks the limit at once, so parallel attempts through any
 * number of processes are all counted and at most `max` per window are let through.
 */
import { createHash } from "node:crypto";
import type { Db } from "../db/sql-db.ts";

export type AttemptCounterOptions = {
  /** Which limit the keys belong to (`owner-sign-in`, `member-login-email`, ...). */
  scope: string;
  max: number;
  windowMs: number;
  now: () => number;
};

/** Rows of ended windows are deleted at most this often per counter. */
const PRUNE_EVERY_MS = 60_000;

type Window = { count: number; window_ends: number };

/**
 * Keys are kept as digests: the table holds no addresses or e-mails, and no long keys. Erasing a
 * member's counters deletes by this digest.
 */
export function limitKeyDigest(key: string): string {
  return createHash("sha256").update(key).digest("base64url");
}
const digest = limitKeyDigest;

export type AttemptCounter = ReturnType<typeof createAttemptCounter>;

export function createAttemptCounter(db: Db, { scope, max, windowMs, now }: AttemptCounterOptions) {
  const statements = {
    take: db.prepare<
      [{ scope: string; key: string; now: number; ends: number; max: number }],
      Window
    >(
      `INSERT INTO rate_limits (scope, key, count, window_ends) VALUES (@scope, @key, 1, @ends)
       ON CONFLICT (scope, key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_ends <= @now THEN 1 ELSE rate_limits.count + 1 END,
         window_ends = CASE WHEN rate_limits.window_ends <= @now THEN @ends ELSE rate_limits.window_ends END
       WHERE rate_limits.window_ends <= @now OR rate_limits.count < @max
       RETURNING count, window_ends`,
    ),
    add: db.prepare<[{ scope: string; key: string; now: number; ends: number }], Window>(
      `INSERT INTO rate_limits (scope, key, count, window_ends) VALUES (@scope, @key, 1, @ends)
       ON CONFLICT (scope, key) DO UPDATE SET
         count = CASE WHEN rate_limits.window_ends <= @now THEN 1 ELSE rate_limits.count + 1 END,
         window_ends = CASE WHEN rate_limits.window_ends <= @now THEN @ends ELSE rate_limits.window_ends END
       RETURNING count, window_ends`,
    ),
    read: db.prepare<[string, string], Window>(
      "SELECT count, window_ends FROM rate_limits WHERE scope = ? AND key = ?",
    ),
    reset: db.prepare<[string, string]>("DELETE FROM rate_limits WHERE scope = ? AND key = ?"),
    prune: db.prepare<[string, number]>(
      "DELETE FROM rate_limits WHERE scope = ? AND window_ends <= ?",
    ),
  };
  let prunedAt = Number.NEGATIVE_INFINITY;

  function pruneNow(time: number): void {
    if (time - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = time;
    statements.prune.run(scope, time);
  }

  /** Seconds until the window of a full count ends; 0 when an attempt is allowed now. */
  function waitOf(row: Window | undefined, time: number): number {
    if (row === undefined || row.window_ends <= time || row.count < max) return 0;
    return Math.max(1, Math.ceil((row.window_ends - time) / 1000));
  }

  return {
    /** Seconds until an attempt is allowed, or 0 when one is allowed now (nothing counted). */
    wait(key: string): number {
      const time = now();
      return waitOf(statements.read.get(scope, digest(key)), time);
    },

    /** Attempts counted in the key's current window (0 when none or the window ended). */
    used(key: string): number {
      const row = statements.read.get(scope, digest(key));
      return row === undefined || row.window_ends <= now() ? 0 : Number(row.count);
    },

    /**
     * Counts an attempt and answers 0, or, when the count is full, counts nothing and answers
     * the seconds until the window ends. Atomic across processes.
     */
    take(key: string): number {
      const time = now();
      pruneNow(time);
      const params = { scope, key: digest(key), now: time, ends: time + windowMs, max };
      if (statements.take.get(params) !== undefined) return 0;
      return Math.max(1, waitOf(statements.read.get(scope, params.key), time));
    },

    /** Counts an attempt whatever the count. */
    add(key: string): void {
      const time = now();
      statements.add.get({ scope, key: digest(key), now: time, ends: time + windowMs });
    },

    /** Forgets the key's attempts (after a success). */
    reset(key: string): void {
      statements.reset.run(scope, digest(key));
    },
  };
}
