/**
 * @module One collection editor's state as a reducer: what was loaded, the owner's draft, the
 * save and its answer, conflicts and their resolution, restored versions. Pure: the requests,
 * focus and announcements are the save hook's and the view's.
 */
import type { Kind } from "@consultant/site-content";
import { formatTime } from "../items/item-summary.tsx";
import { bringBackIntoConflicts, bringBackIntoDraft } from "../model/bring-back.ts";
import { type Draft, rowFromItem } from "../model/draft.ts";
import type { ItemData } from "../model/item-data.ts";
import { hasChanges } from "../model/plan-save.ts";
import { type Conflict, keepMine, takeStored } from "../model/rebase.ts";

export type Notice = { tone: "ok" | "error" | "info"; text: string };

export type EditorState = {
  kind: Kind;
  status: "loading" | "ready" | "failed";
  draft: Draft;
  /** Field messages show once a save was refused for them. */
  showErrors: boolean;
  conflicts: Conflict[];
  conflictsOpen: boolean;
  busy: "saving" | "preview" | null;
  notice: Notice | null;
  preview: { title: string; html: string } | null;
  /** The row whose history is open. */
  historyKey: string | null;
  /** The owner kept their version in a conflict still being resolved. */
  keptMine: boolean;
  /** The last conflict is resolved with the owner's version kept: save the draft again. */
  saveAgain: boolean;
};

export type EditorAction =
  | { type: "load started" }
  | { type: "loaded"; draft: Draft }
  | { type: "load failed"; text: string }
  | { type: "changed"; draft: Draft }
  | { type: "discarded" }
  | { type: "save refused" }
  | { type: "nothing to save" }
  | { type: "save started" }
  | {
      type: "save finished";
      draft: Draft;
      conflicts: Conflict[];
      messages: readonly string[];
      savedAt: string;
      /** The collection is on the public page (client resources are not: members see them). */
      onPage?: boolean;
    }
  | { type: "save failed"; text: string }
  | { type: "preview started" }
  | { type: "preview ready"; title: string; html: string }
  | { type: "preview failed"; text: string }
  | { type: "preview closed" }
  | { type: "conflicts shown"; open: boolean }
  | { type: "conflict resolved"; conflict: Conflict; choice: "mine" | "stored" }
  | { type: "history shown"; rowKey: string | null }
  | { type: "history conflict"; conflict: Conflict }
  | { type: "restored"; item: ItemData; savedAt: string }
  | { type: "brought back"; item: ItemData };

export function initialEditorState(kind: Kind): EditorState {
  return {
    kind,
    status: "loading",
    draft: { rows: [], removed: [] },
    showErrors: false,
    conflicts: [],
    conflictsOpen: false,
    busy: null,
    notice: null,
    preview: null,
    historyKey: null,
    keptMine: false,
    saveAgain: false,
  };
}

function savedNotice(action: Extract<EditorAction, { type: "save finished" }>): Notice {
  if (action.conflicts.length > 0)
    return {
      tone: "error",
      text: "Some changes were not saved: a newer version exists. Choose which to keep.",
    };
  if (action.messages.length > 0)
    return { tone: "error", text: `Some changes were not saved: ${action.messages.join("; ")}` };
  return {
    tone: "ok",
    text:
      action.onPage === false
        ? `Saved at ${formatTime(action.savedAt)}. Signed-in clients see it on their next load.`
        : `Saved at ${formatTime(action.savedAt)}. The public page shows it on its next load.`,
  };
}

function resolveConflict(
  state: EditorState,
  conflict: Conflict,
  choice: "mine" | "stored",
): EditorState {
  const draft =
    choice === "mine" ? keepMine(state.draft, conflict) : takeStored(state.draft, conflict);
  const conflicts = state.conflicts.filter((entry) => entry.rowKey !== conflict.rowKey);
  const keptMine = state.keptMine || choice === "mine";
  if (conflicts.length > 0) return { ...state, draft, conflicts, keptMine, saveAgain: false };
  const saveAgain = keptMine && hasChanges(state.kind, draft);
  return {
    ...state,
    draft,
    conflicts,
    conflictsOpen: false,
    keptMine: false,
    saveAgain,
    notice: saveAgain
      ? state.notice
      : { tone: "info", text: "Conflicts resolved: the stored versions are shown." },
  };
}

function restore(draft: Draft, item: ItemData): Draft {
  const restoredRow = rowFromItem(item);
  const exists = draft.rows.some((row) => row.id === restoredRow.id);
  return {
    ...draft,
    rows: exists
      ? draft.rows.map((row) => (row.id === restoredRow.id ? restoredRow : row))
      : [...draft.rows, restoredRow],
  };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case "load started":
      return { ...state, status: "loading" };
    case "loaded":
      return { ...state, status: "ready", draft: action.draft, conflicts: [], showErrors: false };
    case "load failed":
      return { ...state, status: "failed", notice: { tone: "error", text: action.text } };
    case "changed":
      // The form is locked while saving; a late edit would be lost under the save's answer.
      return state.busy === "saving" ? state : { ...state, draft: action.draft };
    case "discarded":
      return { ...state, notice: { tone: "info", text: "Changes discarded." } };
    case "save refused":
      return { ...state, showErrors: true, notice: null, saveAgain: false };
    case "nothing to save":
      return {
        ...state,
        notice: { tone: "info", text: "Nothing to save: no changes." },
        saveAgain: false,
      };
    case "save started":
      return {
        ...state,
        busy: "saving",
        notice: { tone: "info", text: "Saving…" },
        saveAgain: false,
      };
    case "save finished":
      return {
        ...state,
        busy: null,
        draft: action.draft,
        showErrors: false,
        conflicts: action.conflicts,
        conflictsOpen: action.conflicts.length > 0 ? true : state.conflictsOpen,
        notice: savedNotice(action),
      };
    case "save failed":
      return { ...state, busy: null, notice: { tone: "error", text: action.text } };
    case "preview started":
      return { ...state, busy: "preview" };
    case "preview ready":
      return { ...state, busy: null, preview: { title: action.title, html: action.html } };
    case "preview failed":
      return {
        ...state,
        busy: null,
        notice: { tone: "error", text: `Preview failed: ${action.text}` },
      };
    case "preview closed":
      return { ...state, preview: null };
    case "conflicts shown":
      return { ...state, conflictsOpen: action.open };
    case "conflict resolved":
      return resolveConflict(state, action.conflict, action.choice);
    case "history shown":
      return { ...state, historyKey: action.rowKey };
    case "history conflict":
      return { ...state, historyKey: null, conflicts: [action.conflict], conflictsOpen: true };
    case "restored":
      return {
        ...state,
        draft: restore(state.draft, action.item),
        historyKey: null,
        notice: {
          tone: "ok",
          text: `Restored the version saved ${formatTime(action.savedAt)}. It is live now; the replaced version is in the history.`,
        },
      };
    case "brought back":
      return {
        ...state,
        draft: bringBackIntoDraft(state.draft, action.item),
        conflicts: bringBackIntoConflicts(state.conflicts, action.item),
        notice: { tone: "ok", text: "Brought back. It is live now." },
      };
  }
}

/** The save bar's notice: the count of fields needing attention while they show, else the last. */
export function shownNotice(state: EditorState, errorCount: number): Notice | null {
  const count = state.showErrors ? errorCount : 0;
  if (count === 0) return state.notice;
  return {
    tone: "error",
    text: `Not saved: ${count === 1 ? "1 field needs" : `${count} fields need`} attention.`,
  };
}
