/**
 * @module Saving one collection's draft: validate (messages shown, focus on the first), plan the
 * writes, send them conditioned on the loaded versions, and rebase the draft on what is stored
 * now, conflicts included. The editor's state takes each step as an action.
 */
import type { EditorCollection } from "@consultant/site-content/editor";
import { type Dispatch, useRef } from "react";
import { useAnnounce } from "../../components/ui/announcer.tsx";
import { useFocusLater } from "../../components/ui/use-focus-later.ts";
import type { EditorApi } from "../api/editor-api.ts";
import { errorMessage, isSessionEnded } from "../api/store-errors.ts";
import { fieldIdForError } from "../forms/field-ids.ts";
import type { Draft } from "../model/draft.ts";
import { idOf } from "../model/item-data.ts";
import { planSave } from "../model/plan-save.ts";
import { rebaseDraft } from "../model/rebase.ts";
import { runSave } from "../model/run-save.ts";
import { validateDraft } from "../model/validate.ts";
import type { EditorAction } from "./editor-state.ts";

export function useCollectionSave(
  api: EditorApi,
  { id, kind, label, onPage }: EditorCollection,
  dispatch: Dispatch<EditorAction>,
  /** Told which items went live, so their drafts (now out of date) can go. */
  onSaved: (itemIds: string[]) => Promise<void> = async () => {},
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
    const ops = planSave(kind, target);
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
      // The save is live whatever happens to the drafts; one left over keeps its badge.
      await onSaved(saved.filter(Boolean)).catch(() => undefined);
      const rebased = rebaseDraft(kind, target, await api.collectionItems(id), result.failures);
      dispatch({
        type: "save finished",
        ...rebased,
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
