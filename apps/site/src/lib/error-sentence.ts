/**
 * @module Errors told to a person as sentences: the store's own words, capitalised and ending
 * with a full stop; a store that cannot be reached said in plain words, never as
 * "Network error on GET <url>".
 */
import { isHttpError, NetworkError, TimeoutError } from "@consultant/content-client";

export const UNREACHABLE =
  "The store could not be reached. Check your connection (or that the store is running), then try again.";
export const TOO_SLOW = "The store took too long to answer. Try again in a moment.";
export const FALLBACK = "That did not work. Try again.";

/** One sentence: a capital first letter and a full stop (or the ending it has). */
export function asSentence(text: string): string {
  const trimmed = text.trim().replace(/[\s:;,]+$/, "");
  if (trimmed === "") return FALLBACK;
  const capital = trimmed[0]?.toUpperCase() + trimmed.slice(1);
  return /[.!?…)]$/.test(capital) ? capital : `${capital}.`;
}

/** What to tell a person about a caught error. */
export function errorSentence(error: unknown): string {
  if (error instanceof NetworkError) return UNREACHABLE;
  if (error instanceof TimeoutError) return TOO_SLOW;
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) return UNREACHABLE;
  const violations = isHttpError(error) ? error.details?.validationError?.fieldViolations : [];
  if (violations && violations.length > 0) {
    return violations.map((violation) => asSentence(violation.description)).join(" ");
  }
  return asSentence(error instanceof Error ? error.message : String(error ?? ""));
}
