/**
 * @module Member attempts per key (an address, an e-mail) in a window, recorded BEFORE the
 * expensive work, in the database (limits/attempt-counter.ts): parallel guesses are all counted,
 * through every process on the database.
 */
import type { Db } from "../db/sql-db.ts";
import { createAttemptCounter } from "./attempt-counter.ts";

export type AttemptLimiterOptions = {
  /** Which limit this is; each scope counts its keys apart. */
  scope: string;
  max: number;
  windowMs: number;
  now: () => number;
};

export type AttemptLimiter = ReturnType<typeof createAttemptLimiter>;

/** Thrown inside the transaction to undo the attempts counted before a key turned out full. */
class Refused extends Error {
  readonly wait: number;
  constructor(wait: number) {
    super("refused");
    this.wait = wait;
  }
}

export function createAttemptLimiter(db: Db, options: AttemptLimiterOptions) {
  const counter = createAttemptCounter(db, options);
  const takeAll = db.transaction((keys: string[]) => {
    let wait = 0;
    for (const key of keys) wait = Math.max(wait, counter.take(key));
    if (wait > 0) throw new Refused(wait);
  });

  return {
    /**
     * Records an attempt for every key and answers 0, or, when any key is at its limit, records
     * nothing and answers the seconds until an attempt is allowed again.
     */
    take(...keys: string[]): number {
      if (keys.length === 1) return counter.take(keys[0] as string);
      // Always in one order, so two processes taking the same keys never wait on each other.
      try {
        takeAll([...new Set(keys)].sort());
        return 0;
      } catch (error) {
        if (error instanceof Refused) return error.wait;
        throw error;
      }
    },

    /** Forgets a key's attempts (after a success). */
    reset(key: string): void {
      counter.reset(key);
    },
  };
}
