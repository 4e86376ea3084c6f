/**
 * @module What the bulk calls of items and references share (docs/protocol.md §2.9): the list of up
 * to 1000 entries, the per-entry error and the success counts.
 */
import { ApiError, validationError, violation } from "../../platform/errors.ts";

export const MAX_BULK_ITEMS = 1000;

/** The error of one failed entry of a bulk call. */
export type BulkEntryError = {
  /** The wire code (`WDE0074` for a duplicate id). */
  code: string;
  description: string;
  data: Record<string, unknown>;
};

/** The list at `field`: an array of 0 to 1000 entries. */
export function readBulkList(body: Record<string, unknown>, field: string): unknown[] {
  const list = body[field];
  if (!Array.isArray(list)) {
    throw validationError([violation(field, "must be an array", "REQUIRED_FIELD")]);
  }
  if (list.length > MAX_BULK_ITEMS) {
    throw validationError([
      violation(field, `must have at most ${MAX_BULK_ITEMS} entries`, "MAX_SIZE", {
        threshold: MAX_BULK_ITEMS,
      }),
    ]);
  }
  return list;
}

/** The per-item error of a failed write; anything but an ApiError is a real fault and rethrown. */
export function itemError(error: unknown): BulkEntryError {
  if (!(error instanceof ApiError)) throw error;
  const data =
    error.violations.length > 0 ? { ...error.data, fieldViolations: error.violations } : error.data;
  return { code: error.wireCode, description: error.message, data };
}

/** The counts of a bulk answer's `bulkActionMetadata`. */
export function bulkActionMetadata(results: readonly { success: boolean }[]) {
  const totalSuccesses = results.filter((result) => result.success).length;
  return { totalSuccesses, totalFailures: results.length - totalSuccesses };
}
