import { useEffect } from "react";
import type { EditorApi } from "../api/editor-api.ts";
import { isSessionEnded } from "../api/store-errors.ts";

const PING_EVERY_MS = 5 * 60_000;

/** An ended session is expected (the next call asks to sign in again); anything else is logged. */
function reportKeepAliveFailure(error: unknown): void {
  if (isSessionEnded(error)) return;
  console.error("Keeping the editor session alive failed:", error);
}

/**
 * Typing is activity too: while the owner edits, the session is refreshed at most every five
 * minutes, so a long edit does not end in a signed-out save. Idle tabs still expire.
 */
export function useKeepAlive(api: EditorApi): void {
  useEffect(() => {
    let last = Date.now();
    const onActivity = () => {
      if (Date.now() - last < PING_EVERY_MS) return;
      last = Date.now();
      api.session().catch(reportKeepAliveFailure);
    };
    document.addEventListener("input", onActivity);
    document.addEventListener("keydown", onActivity);
    return () => {
      document.removeEventListener("input", onActivity);
      document.removeEventListener("keydown", onActivity);
    };
  }, [api]);
}
