/**
 * @module The security page's sessions: each person's live sign-ins with the device
 * (from the user agent stored at sign-in), address and last use, "this device" marked; ending
 * one, or every other. A token session started from a page sign-in is the same device: it is
 * shown and ended with its parent. Ending reaches every node through the sessions' notice.
 */
import type { AccountSession } from "@consultant/site-content/wire";
import type BowserModule from "bowser";
import { ApiError } from "../platform/errors.ts";
import { requireOnFirstUse } from "../platform/load-on-first-use.ts";
import type { Sessions } from "./sessions.ts";
import type { SessionRow } from "./storage/sessions-store.ts";

/** Loaded with the first session list, not at start (docs/benchmarks.md, idle memory). */
const bowser = requireOnFirstUse<typeof BowserModule>("bowser");

/** "Chrome 131 on Linux (desktop)", or "Unknown device" when the user agent says nothing. */
export function describeDevice(userAgent: string | null): string {
  if (userAgent === null || userAgent.trim() === "") return "Unknown device";
  const parser = bowser().getParser(userAgent);
  const browser = parser.getBrowserName();
  const major = parser.getBrowserVersion()?.split(".")[0] ?? "";
  const os = parser.getOSName();
  const platform = parser.getPlatformType();
  if (browser === "" && os === "") return userAgent.slice(0, 60);
  const name = [browser || "A browser", major].filter((part) => part !== "").join(" ");
  return `${name}${os ? ` on ${os}` : ""}${platform ? ` (${platform})` : ""}`;
}

/** The session the caller is in, and the page sign-in it came from: both are "this device". */
function currentIds(sessions: Sessions, sid: string | undefined): Set<string> {
  const row = sessions.read(sid);
  return new Set(row === null ? [] : [row.id, ...(row.parentId ? [row.parentId] : [])]);
}

function toView(row: SessionRow, current: Set<string>): AccountSession {
  return {
    id: row.id,
    device: describeDevice(row.userAgent),
    address: row.clientAddress,
    startedAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: new Date(row.lastUsedAt).toISOString(),
    current: current.has(row.id),
  };
}

/** The identity's live sessions, children folded into the page sign-in they came from. */
export function listSessions(
  sessions: Sessions,
  identityId: string,
  sid: string | undefined,
): AccountSession[] {
  const rows = sessions.liveOf(identityId);
  const live = new Set(rows.map((row) => row.id));
  const current = currentIds(sessions, sid);
  return rows
    .filter((row) => row.parentId === null || !live.has(row.parentId))
    .map((row) => toView(row, current));
}

/**
 * Ends one of the identity's sessions (with the token sessions started from it).
 * @throws ApiError SESSION_NOT_FOUND when it is not theirs or has already ended.
 */
export function endOwnSession(sessions: Sessions, identityId: string, target: string): void {
  const row = sessions.read(target);
  if (row === null || row.identityId !== identityId) {
    throw new ApiError("SESSION_NOT_FOUND", [target]);
  }
  sessions.end(target, "ended_by_user");
}

/** Ends every session of the identity but the caller's (and the page sign-in it came from). */
export function endOtherSessions(sessions: Sessions, identityId: string, sid: string): void {
  sessions.endAllOf(identityId, "ended_by_user", sid);
}
