/**
 * @module Failed sign-ins per client IP in a sliding window. Kept in memory: a restart forgets
 * them, which costs an attacker a restart per few guesses at most.
 */

export type SignInLimiterOptions = { maxFailures: number; windowMs: number; now: () => number };

// Bounds the memory an attacker spraying addresses can take.
const MAX_TRACKED_ADDRESSES = 10_000;

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;

export function createSignInLimiter({ maxFailures, windowMs, now }: SignInLimiterOptions) {
  const failures = new Map<string, number[]>();

  function recent(ip: string): number[] {
    const cutoff = now() - windowMs;
    const times = (failures.get(ip) ?? []).filter((time) => time > cutoff);
    if (times.length === 0) failures.delete(ip);
    else failures.set(ip, times);
    return times;
  }

  return {
    /** Seconds until the next attempt is allowed, or 0 when one is allowed now. */
    retryAfterSeconds(ip: string): number {
      const times = recent(ip);
      if (times.length < maxFailures) return 0;
      const oldest = times[times.length - maxFailures] ?? now();
      return Math.max(1, Math.ceil((oldest + windowMs - now()) / 1000));
    },

    recordFailure(ip: string): void {
      const times = recent(ip);
      if (!failures.has(ip) && failures.size >= MAX_TRACKED_ADDRESSES) {
        const oldest = failures.keys().next().value;
        if (oldest !== undefined) failures.delete(oldest);
      }
      failures.set(ip, [...times, now()]);
    },

    reset(ip: string): void {
      failures.delete(ip);
    },
  };
}
