/**
 * What the editor makes of the content client's errors, by the store's codes
 * (apps/store/ERRORS.md).
 */
import { isHttpError, StoreErrorCode } from "@consultant/content-client";
import { errorSentence } from "../../lib/error-sentence.ts";

/** Refusals that mean "the stored item is not the one you loaded". */
const CONFLICT_CODES: ReadonlySet<string> = new Set([
  StoreErrorCode.CONDITION_NOT_MET,
  StoreErrorCode.ITEM_NOT_FOUND,
  StoreErrorCode.ITEM_ALREADY_EXISTS,
  "OWNER_VERSION_CONFLICT",
]);

/** Refusals that mean "sign in again". */
const SESSION_CODES: ReadonlySet<string> = new Set(["OWNER_SIGN_IN_REQUIRED", "UNAUTHENTICATED"]);

/** The store refused a write because the item is no longer the version that was loaded. */
export function isConflict(error: unknown): boolean {
  return isHttpError(error) && CONFLICT_CODES.has(error.code);
}

/** The session ended (sign-out elsewhere, inactivity, password change): sign in again. */
export function isSessionEnded(error: unknown): boolean {
  return isHttpError(error) && SESSION_CODES.has(error.code);
}

/** Refusals that a password typed again puts right (an old sign-in, a mistyped password). */
const PASSWORD_CODES: ReadonlySet<string> = new Set([
  "IDENTITY_REAUTHENTICATION_REQUIRED",
  "IDENTITY_PASSWORD_WRONG",
]);

/** The change needs the password again: the sign-in is older than 10 minutes (or it was wrong). */
export function needsPassword(error: unknown): boolean {
  return isHttpError(error) && PASSWORD_CODES.has(error.code);
}

/** The sign-in is older than the store allows for this change (10 minutes). */
export function isOldSignIn(error: unknown): boolean {
  return isHttpError(error) && error.code === "IDENTITY_REAUTHENTICATION_REQUIRED";
}

/** The stored item a conflict names (`data.currentItem`), or null when there is none. */
export function conflictingItem(error: unknown): Record<string, unknown> | null {
  if (!isHttpError(error)) return null;
  const data = error.data as { currentItem?: unknown } | null;
  const item = data?.currentItem;
  return typeof item === "object" && item !== null && !Array.isArray(item)
    ? (item as Record<string, unknown>)
    : null;
}

/** What to tell the owner about a caught error: the store's own words, as sentences. */
export function errorMessage(error: unknown): string {
  return errorSentence(error);
}
