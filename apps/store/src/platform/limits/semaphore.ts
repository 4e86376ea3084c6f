/**
 * @module A counting semaphore with a short, ranked wait: a caller takes a free slot at once, or
 * waits in a bounded queue, best rank first and in arrival order within a rank, until a slot is
 * handed on or its wait ends. Used to cap expensive work that holds a shared resource (argon2
 * holds a libuv thread); who may wait, and with which rank, is the caller's rule
 * (limits/password-check-gate.ts).
 */
import { availableParallelism } from "node:os";

/** Gives a slot back; calling it more than once gives back one slot only. */
export type Release = () => void;

export type Semaphore = {
  /** A slot, or null when all `limit` slots are taken (or others wait for one). */
  tryAcquire(): Release | null;
  /**
   * A slot now, or after waiting at most `maxWaitMs` behind the waiters of a better (lower) rank
   * and the earlier ones of the same rank; null when the wait ends first or the queue is full of
   * waiters ranked as well or better. A better-ranked newcomer pushes the last of the worst out.
   */
  acquire(rank: number, maxWaitMs: number): Promise<Release | null>;
  /** Slots taken now. */
  readonly inUse: number;
  /** Callers waiting now. */
  readonly waiting: number;
  readonly limit: number;
};

type Waiter = { rank: number; hand: (release: Release | null) => void };

/** Callers that may wait at once: a bound on memory and on the longest wait. */
export const DEFAULT_MAX_WAITING = 32;

export function createSemaphore(limit: number, maxWaiting = DEFAULT_MAX_WAITING): Semaphore {
  if (!Number.isInteger(limit) || limit < 1) throw new Error("a semaphore needs at least 1 slot");
  let inUse = 0;
  /** Sorted: best rank first, arrival order within a rank. */
  const queue: Waiter[] = [];

  function slot(): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      // The slot passes straight to the next waiter: nobody arriving meanwhile can take it.
      if (next === undefined) inUse -= 1;
      else next.hand(slot());
    };
  }

  function enqueue(waiter: Waiter): boolean {
    if (queue.length >= maxWaiting) {
      const last = queue[queue.length - 1] as Waiter;
      if (last.rank <= waiter.rank) return false;
      queue.pop();
      last.hand(null);
    }
    const at = queue.findIndex((queued) => queued.rank > waiter.rank);
    queue.splice(at === -1 ? queue.length : at, 0, waiter);
    return true;
  }

  return {
    tryAcquire() {
      if (inUse >= limit) return null;
      inUse += 1;
      return slot();
    },
    acquire(rank, maxWaitMs) {
      if (inUse < limit) {
        inUse += 1;
        return Promise.resolve(slot());
      }
      return new Promise((resolve) => {
        const waiter: Waiter = {
          rank,
          hand(release) {
            clearTimeout(timer);
            resolve(release);
          },
        };
        const timer = setTimeout(() => {
          const at = queue.indexOf(waiter);
          if (at !== -1) queue.splice(at, 1);
          resolve(null);
        }, maxWaitMs);
        if (!enqueue(waiter)) {
          clearTimeout(timer);
          resolve(null);
        }
      });
    },
    get inUse() {
      return inUse;
    },
    get waiting() {
      return queue.length;
    },
    limit,
  };
}

/**
 * Password verifications (argon2id, 19 MiB, about 20-50 ms of one libuv thread each) running
 * at once in this process. libuv has 4 threads by default and the public page's static files are
 * read on them too, so sign-in floods may take at most half; and at most half the cores, so a
 * flood leaves the page a core of its own (one check at once on a 2-core machine).
 */
export const passwordVerifications: Semaphore = createSemaphore(
  Math.max(1, Math.min(2, Math.floor(availableParallelism() / 2))),
);
