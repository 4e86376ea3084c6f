/**
 * @module Failed sign-ins per client in a sliding window (IPv6 clients by /64, see
 * limits/client-key.ts). Kept in memory: a restart forgets them, which costs an attacker a
 * restart per few guesses at most.
 *
 * Use: `beginAttempt(ip)` before verifying a password (it counts the attempt as a failure at
 * once, so parallel guesses see each other), then `reset(ip)` when the password was right.
 */
import { clientKey } from "../limits/client-key.ts";

export type SignInLimiterOptions = { maxFailures: number; windowMs: number; now: () => number };

// Bounds the memory an attacker spraying addresses can take.
const MAX_TRACKED_ADDRESSES = 10_000;

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;

export function createSignInLimiter({ maxFailures, windowMs, now }: SignInLimiterOptions) {
  const failures = new Map<string, number[]>();

  function recent(key: string): number[] {
    const cutoff = now() - windowMs;
    const times = (failures.get(key) ?? []).filter((time) => time > cutoff);
    if (times.length === 0) failures.delete(key);
    else failures.set(key, times);
    return times;
  }

  function waitSeconds(key: string): number {
    const times = recent(key);
    if (times.length < maxFailures) return 0;
    const oldest = times[times.length - maxFailures] ?? now();
    return Math.max(1, Math.ceil((oldest + windowMs - now()) / 1000));
  }

  function record(key: string): void {
    const times = recent(key);
    if (!failures.has(key) && failures.size >= MAX_TRACKED_ADDRESSES) {
      const oldest = failures.keys().next().value;
      if (oldest !== undefined) failures.delete(oldest);
    }
    failures.set(key, [...times, now()]);
  }

  return {
    /** Seconds until the next attempt is allowed, or 0 when one is allowed now. */
    retryAfterSeconds(ip: string): number {
      return waitSeconds(clientKey(ip));
    },

    /**
     * Starts an attempt: 0 when it may go ahead (and it is already counted as a failure, undone
     * by `reset` on success), else the seconds to wait (nothing counted).
     */
    beginAttempt(ip: string): number {
      const key = clientKey(ip);
      const wait = waitSeconds(key);
      if (wait === 0) record(key);
      return wait;
    },

    recordFailure(ip: string): void {
      record(clientKey(ip));
    },

    /** Forgets the client's failures (after a right password). */
    reset(ip: string): void {
      failures.delete(clientKey(ip));
    },
  };
}
