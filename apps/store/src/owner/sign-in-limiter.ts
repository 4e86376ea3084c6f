/**
 * @module Failed owner sign-ins per client in a window (IPv6 clients by /64, see
 * limits/client-key.ts), counted in the database (limits/attempt-counter.ts), so the limit holds
 * across every process serving the store and across restarts.
 *
 * Use: `beginAttempt(ip)` before verifying a password (it counts the attempt as a failure at
 * once and atomically, so parallel guesses through any process see each other), then `reset(ip)`
 * when the password was right.
 */
import type { Db } from "../platform/db/sql-db.ts";
import { createAttemptCounter } from "../platform/limits/attempt-counter.ts";
import { clientKey } from "../platform/limits/client-key.ts";

export type SignInLimiterOptions = { maxFailures: number; windowMs: number; now: () => number };

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;

export function createSignInLimiter(db: Db, { maxFailures, windowMs, now }: SignInLimiterOptions) {
  const failures = createAttemptCounter(db, {
    scope: "owner-sign-in",
    max: maxFailures,
    windowMs,
    now,
  });

  return {
    /** Seconds until the next attempt is allowed, or 0 when one is allowed now. */
    retryAfterSeconds(ip: string): number {
      return failures.wait(clientKey(ip));
    },

    /**
     * Starts an attempt: 0 when it may go ahead (and it is already counted as a failure, undone
     * by `reset` on success), else the seconds to wait (nothing counted).
     */
    beginAttempt(ip: string): number {
      return failures.take(clientKey(ip));
    },

    recordFailure(ip: string): void {
      failures.add(clientKey(ip));
    },

    /** Forgets the client's failures (after a right password). */
    reset(ip: string): void {
      failures.reset(clientKey(ip));
    },
  };
}
