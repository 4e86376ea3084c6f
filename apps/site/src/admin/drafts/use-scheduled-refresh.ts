/**
 * @module The editor follows its scheduled changes: once the earliest one's time has passed it
 * asks the store again, so "Scheduled for …" gives way to the live content (and History's
 * "Current version" to what went live) without a reload. The store's scheduler runs a moment
 * after the time and the browser's clock may differ from the store's, so the question is asked
 * a little late, and again while the change is still pending.
 */
import { useEffect, useRef } from "react";
import type { PendingChange } from "../api/drafts-api.ts";

/** How long after a change's time the editor asks first. */
export const AFTER_DUE_MS = 1_500;
/** How often it asks again while a change past its time is still pending. */
export const STILL_PENDING_MS = 5_000;
/** The longest single wait (a timer cannot wait for weeks; it is set again after this). */
const LONGEST_WAIT_MS = 3_600_000;

/** The wait before asking the store again, or null when nothing is scheduled. */
export function refreshDelay(changes: readonly PendingChange[], now: number): number | null {
  const times = changes.flatMap((change) =>
    change.publishAt === null ? [] : [Date.parse(change.publishAt)],
  );
  if (times.length === 0) return null;
  const due = Math.min(...times);
  const wait = due > now ? due - now + AFTER_DUE_MS : STILL_PENDING_MS;
  return Math.min(wait, LONGEST_WAIT_MS);
}

/** Calls `refresh` when the next scheduled change is due; each new list of changes sets it again. */
export function useScheduledRefresh(
  changes: readonly PendingChange[],
  refresh: () => Promise<unknown>,
): void {
  // The latest `refresh` is called, but only a new list of changes sets the timer again.
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => {
    const delay = refreshDelay(changes, Date.now());
    if (delay === null) return;
    const timer = setTimeout(() => void latest.current().catch(() => {}), delay);
    return () => clearTimeout(timer);
  }, [changes]);
}
