/**
 * Runs a save plan call by call. A refused call (conflict or error) does not stop the others:
 * each item is independent, and the failures are reported per row for the rebase.
 */
import type { AdminApi } from "../api/admin-api.ts";
import { errorMessage, isConflict, SessionEndedError } from "../api/api-errors.ts";
import type { SaveOp } from "./plan-save.ts";
import type { SaveFailure } from "./rebase.ts";

export type SaveResult = { failures: Map<string, SaveFailure>; messages: string[] };

export async function runSave(
  api: Pick<AdminApi, "insertItem" | "updateItem" | "removeItem">,
  collectionId: string,
  ops: readonly SaveOp[],
): Promise<SaveResult> {
  const failures = new Map<string, SaveFailure>();
  const messages: string[] = [];
  for (const op of ops) {
    try {
      if (op.type === "remove") await api.removeItem(collectionId, op.id, op.expectedUpdatedDate);
      else if (op.type === "update") {
        await api.updateItem(collectionId, op.id, op.data, op.expectedUpdatedDate);
      } else await api.insertItem(collectionId, op.data);
    } catch (error) {
      if (error instanceof SessionEndedError) throw error;
      if (isConflict(error)) failures.set(op.rowKey, "conflict");
      else {
        failures.set(op.rowKey, "error");
        messages.push(errorMessage(error));
      }
    }
  }
  return { failures, messages };
}
