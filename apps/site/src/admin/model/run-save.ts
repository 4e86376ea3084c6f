/**
 * Runs a save plan call by call. A refused call (conflict or error) does not stop the others:
 * each item is independent, and the failures are reported per row for the rebase.
 */

import type { WriteCondition } from "@consultant/content-client";
import type { EditorApi } from "../api/editor-api.ts";
import { errorMessage, isConflict, isSessionEnded } from "../api/store-errors.ts";
import type { SaveOp } from "./plan-save.ts";
import type { SaveFailure } from "./rebase.ts";

/** The stored item must still be the loaded version (or, with no version, must still exist). */
function versionCondition(id: string, expectedUpdatedDate: string | null): WriteCondition {
  return expectedUpdatedDate === null
    ? { filter: { _id: { $eq: id } } }
    : { filter: { _updatedDate: { $eq: new Date(expectedUpdatedDate) } } };
}

export type SaveResult = { failures: Map<string, SaveFailure>; messages: string[] };

export async function runSave(
  { items }: Pick<EditorApi, "items">,
  collectionId: string,
  ops: readonly SaveOp[],
): Promise<SaveResult> {
  const failures = new Map<string, SaveFailure>();
  const messages: string[] = [];
  for (const op of ops) {
    try {
      if (op.type === "remove") {
        await items.remove({
          dataCollectionId: collectionId,
          dataItemId: op.id,
          condition: versionCondition(op.id, op.expectedUpdatedDate),
        });
      } else if (op.type === "update") {
        await items.update({
          dataCollectionId: collectionId,
          dataItem: { id: op.id, data: op.data },
          condition: versionCondition(op.id, op.expectedUpdatedDate),
        });
      } else await items.insert({ dataCollectionId: collectionId, dataItem: { data: op.data } });
    } catch (error) {
      if (isSessionEnded(error)) throw error;
      if (isConflict(error)) failures.set(op.rowKey, "conflict");
      else {
        failures.set(op.rowKey, "error");
        messages.push(errorMessage(error));
      }
    }
  }
  return { failures, messages };
}
