/**
 * @module Attempts per key (an address, an e-mail) in a sliding window, recorded BEFORE the
 * expensive work in one synchronous step, so parallel guesses are all counted. In memory.
 */

export type AttemptLimiterOptions = { max: number; windowMs: number; now: () => number };

// Bounds the memory an attacker spraying keys can take.
const MAX_TRACKED_KEYS = 10_000;

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;

export function createAttemptLimiter({ max, windowMs, now }: AttemptLimiterOptions) {
  const attempts = new Map<string, number[]>();

  function recent(key: string): number[] {
    const cutoff = now() - windowMs;
    return (attempts.get(key) ?? []).filter((time) => time > cutoff);
  }

  return {
    /**
     * Records an attempt for every key and answers 0, or, when any key is at its limit, records
     * nothing and answers the seconds until an attempt is allowed again.
     */
    take(...keys: string[]): number {
      let wait = 0;
      for (const key of keys) {
        const times = recent(key);
        if (times.length >= max) {
          const oldest = times[times.length - max] ?? now();
          wait = Math.max(wait, Math.max(1, Math.ceil((oldest + windowMs - now()) / 1000)));
        }
      }
      if (wait > 0) return wait;
      for (const key of keys) {
        const times = recent(key);
        if (!attempts.has(key) && attempts.size >= MAX_TRACKED_KEYS) {
          const oldest = attempts.keys().next().value;
          if (oldest !== undefined) attempts.delete(oldest);
        }
        attempts.set(key, [...times, now()]);
      }
      return 0;
    },

    /** Forgets a key's attempts (after a success). */
    reset(key: string): void {
      attempts.delete(key);
    },
  };
}
