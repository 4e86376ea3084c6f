import type { BulkDataItemsResult } from "../../packages/content-client/src/index.ts";

/** The parts of the SDK's bulk summary that our result must match (errors by code and index). */
export interface BulkSummary {
  inserted: number;
  updated: number;
  removed: number;
  skipped: number;
  errors: { code: string | undefined; originalIndex: number | undefined }[];
  insertedItemIds: (string | undefined)[];
  updatedItemIds: (string | undefined)[];
  removedItemIds: (string | undefined)[];
}

interface SdkBulkResult extends Omit<BulkSummary, "errors"> {
  errors: { code?: string | number; originalIndex?: number }[];
}

/** The SDK's bulk summary with its errors reduced to code and index. */
export function fromSdkBulk(result: SdkBulkResult): BulkSummary {
  const errors = result.errors.map((error) => ({
    code: error.code === undefined ? undefined : String(error.code),
    originalIndex: error.originalIndex,
  }));
  return { ...result, errors };
}

/**
 * Our bulk result summarised by the SDK's rules (docs/protocol.md §2.9): successes by action,
 * failures with an `ignoredCodes` code (`WDE0074` on insert, `WDE0073` on update/remove) skipped.
 */
export function summarizeBulk(
  { results }: BulkDataItemsResult,
  ignoredCodes: readonly string[],
): BulkSummary {
  const succeeded = results.filter((result) => result.itemMetadata.success);
  const failed = results.filter((result) => !result.itemMetadata.success);
  const errors = failed
    .filter((result) => !ignoredCodes.includes(result.itemMetadata.error?.code ?? ""))
    .map((result) => ({
      code: result.itemMetadata.error?.code,
      originalIndex: result.itemMetadata.originalIndex,
    }));
  const ids = (action: string) =>
    succeeded.filter((result) => result.action === action).map((result) => result.itemMetadata.id);
  return {
    inserted: ids("INSERT").length,
    updated: ids("UPDATE").length,
    removed: ids("DELETE").length,
    skipped: results.length - succeeded.length - errors.length,
    errors,
    insertedItemIds: ids("INSERT"),
    updatedItemIds: ids("UPDATE"),
    removedItemIds: ids("DELETE"),
  };
}
