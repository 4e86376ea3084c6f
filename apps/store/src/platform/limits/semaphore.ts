/**
 * @module A counting semaphore that never queues: a caller gets a slot or is told to come back.
 * Used to cap expensive work that holds a shared resource (argon2 holds a libuv thread).
 */

/** Gives a slot back; calling it more than once gives back one slot only. */
export type Release = () => void;

export type Semaphore = {
  /** A slot, or null when all `limit` slots are taken. */
  tryAcquire(): Release | null;
  /** Slots taken now. */
  readonly inUse: number;
  readonly limit: number;
};

export function createSemaphore(limit: number): Semaphore {
  if (!Number.isInteger(limit) || limit < 1) throw new Error("a semaphore needs at least 1 slot");
  let inUse = 0;
  return {
    tryAcquire() {
      if (inUse >= limit) return null;
      inUse += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inUse -= 1;
      };
    },
    get inUse() {
      return inUse;
    },
    limit,
  };
}

/**
 * Password verifications (argon2id, 19 MiB, about 20-50 ms of one libuv thread each) running
 * at once in this process. libuv has 4 threads by default and the public page's static files are
 * read on them too, so sign-in floods may take at most half.
 */
export const passwordVerifications: Semaphore = createSemaphore(2);
