/**
 * @module Saving one collection's draft: validate (messages shown, focus on the first), plan the
 * writes, send them conditioned on the loaded versions, and rebase the draft on what is stored
 * now, conflicts included. The editor's state takes each step as an action.
 */
import type { EditorCollection } from "@consultant/site-content/editor";
import { type Dispatch, useRef } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { useFocusLater } from "../../components/ui/use-focus-later.ts";
import type { PendingChange } from "../api/drafts-api.ts";
import type { EditorApi } from "../api/editor-api.ts";
import { errorMessage, isSessionEnded } from "../api/store-errors.ts";
import { fieldIdForError } from "../forms/field-ids.ts";
import type { Draft } from "../model/draft.ts";
import { idOf } from "../model/item-data.ts";
import { editedRowKeys, relayPending } from "../model/pending.ts";
import { planSave } from "../model/plan-save.ts";
import { rebaseDraft } from "../model/rebase.ts";
import { runSave } from "../model/run-save.ts";
import { validateDraft } from "../model/validate.ts";
import type { EditorAction } from "./editor-state.ts";

export type SaveDrafts = {
  changes: readonly PendingChange[];
  /** Drops the drafts of items that went live; answers the pending changes left. */
  superseded: (itemIds: string[]) => Promise<PendingChange[]>;
};

/** The drafts left once `saved` went live (the save is live even if dropping their drafts fails). */
async function draftsLeft(drafts: SaveDrafts | undefined, saved: string[]) {
  if (!drafts) return [];
  return drafts
    .superseded(saved)
    .catch(() => drafts.changes.filter((change) => !saved.includes(change.itemId)));
}

export function useCollectionSave(
  api: EditorApi,
  { id, kind, label, onPage }: EditorCollection,
  dispatch: Dispatch<EditorAction>,
  /** The collection's drafts: a save sends only the owner's new edits and keeps the other drafts. */
  drafts?: SaveDrafts,
): (draft: Draft) => Promise<void> {
  // Read before the next render: a second submit must not start a second save.
  const saving = useRef(false);
  const focusLater = useFocusLater();
  const announce = useAnnounce();

  return async function saveDraft(target: Draft) {
    if (saving.current) return;
    const errors = validateDraft(kind, target);
    const [first] = Object.keys(errors);
    if (first) {
      dispatch({ type: "save refused" });
      focusLater(fieldIdForError(id, first));
      return;
    }
    const edited = drafts ? editedRowKeys(kind, target, drafts.changes) : null;
    const ops = planSave(kind, target).filter((op) => edited?.has(op.rowKey) ?? true);
    if (ops.length === 0) {
      dispatch({ type: "nothing to save" });
      return;
    }
    dispatch({ type: "save started" });
    saving.current = true;
    try {
      const result = await runSave(api, id, ops);
      const saved = ops.flatMap((op) =>
        result.failures.has(op.rowKey) || op.type === "remove"
          ? []
          : [op.type === "insert" ? (idOf(op.data) ?? "") : op.id],
      );
      const left = await draftsLeft(drafts, saved.filter(Boolean));
      const rebased = rebaseDraft(kind, target, await api.collectionItems(id), result.failures);
      dispatch({
        type: "save finished",
        ...rebased,
        draft: relayPending(rebased.draft, left, new Set(result.failures.keys())),
        messages: result.messages,
        savedAt: new Date().toISOString(),
        onPage,
      });
      if (rebased.conflicts.length === 0 && result.messages.length === 0) {
        announce(`${label} saved`);
      }
    } catch (error) {
      dispatch({
        type: "save failed",
        text: isSessionEnded(error)
          ? "Not saved: your session ended. Sign in again, then save; your changes are still here."
          : `Not saved: ${errorMessage(error)}. Your changes are still here.`,
      });
    } finally {
      saving.current = false;
    }
  };
}
