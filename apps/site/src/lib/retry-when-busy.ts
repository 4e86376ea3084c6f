/**
 * @module A sign-in the store turned away as busy (SIGN_IN_BUSY, 429 with a short Retry-After:
 * its password checks are all taken, docs/security.md "Password-check flood") is tried again
 * after the wait it names, a few times, so a person is not asked to press the button again.
 */
import { isHttpError } from "@consultant/content-client";

const BUSY_CODE = "SIGN_IN_BUSY";
const DEFAULT_TRIES = 4;
/** The longest wait honoured between tries, whatever the answer asks. */
const MAX_WAIT_SECONDS = 5;

function busyWaitMs(caught: unknown): number | null {
  if (!isHttpError(caught) || caught.status !== 429 || caught.code !== BUSY_CODE) return null;
  const data = caught.data as { retryAfterSeconds?: unknown } | null;
  const seconds = typeof data?.retryAfterSeconds === "number" ? data.retryAfterSeconds : 1;
  return Math.min(Math.max(seconds, 0), MAX_WAIT_SECONDS) * 1000;
}

export type RetryOptions = {
  tries?: number;
  sleep?: (ms: number) => Promise<void>;
};

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `attempt`, again after each busy answer, at most `tries` times in all. */
export async function retryWhenBusy<T>(
  attempt: () => Promise<T>,
  { tries = DEFAULT_TRIES, sleep = pause }: RetryOptions = {},
): Promise<T> {
  for (let tried = 1; ; tried += 1) {
    try {
      return await attempt();
    } catch (caught) {
      const waitMs = busyWaitMs(caught);
      if (waitMs === null || tried >= tries) throw caught;
      await sleep(waitMs);
    }
  }
}
