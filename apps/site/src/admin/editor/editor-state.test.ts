import { describe, expect, test } from "vitest";
import { draftFromItems, setRowData } from "../model/draft.ts";
import type { Conflict } from "../model/rebase.ts";
import {
  type EditorAction,
  type EditorState,
  editorReducer,
  initialEditorState,
  shownNotice,
} from "./editor-state.ts";

const v = (n: number) => ({ $date: `2025-01-01T00:00:0${n}.000Z` });
const stored = [
  { _id: "a", _updatedDate: v(1), title_fld: "About", data: "stored a" },
  { _id: "b", _updatedDate: v(1), title_fld: "Title", data: "stored b" },
];
const loaded = draftFromItems("texts", stored);
const edited = setRowData(loaded, "a", { ...stored[0], data: "mine" });

const run = (...actions: EditorAction[]): EditorState =>
  actions.reduce(editorReducer, initialEditorState("texts"));

const conflictOn = (rowKey: "a" | "b"): Conflict => {
  const index = rowKey === "a" ? 0 : 1;
  const mine = { ...stored[index], data: `mine ${rowKey}` };
  return { rowKey, mine, stored: { ...stored[index], _updatedDate: v(2), data: "theirs" } };
};

const withConflicts = (...conflicts: Conflict[]): EditorAction[] => [
  { type: "loaded", draft: loaded },
  { type: "save started" },
  {
    type: "save finished",
    draft: conflicts.reduce(
      (draft, c) => (c.mine ? setRowData(draft, c.rowKey, c.mine) : draft),
      loaded,
    ),
    conflicts,
    messages: [],
    savedAt: "2025-01-01T00:00:05.000Z",
  },
];

describe("loading", () => {
  test("a loaded collection is ready with its stored items and no messages", () => {
    const state = run({ type: "save refused" }, { type: "loaded", draft: loaded });
    expect(state).toMatchObject({ status: "ready", draft: loaded, showErrors: false });
  });

  test("a failed load says why", () => {
    expect(run({ type: "load failed", text: "Could not load About: offline" })).toMatchObject({
      status: "failed",
      notice: { tone: "error", text: "Could not load About: offline" },
    });
  });
});

describe("editing and saving", () => {
  test("an edit while the save runs is ignored: the form is locked", () => {
    const state = run(
      { type: "loaded", draft: loaded },
      { type: "save started" },
      { type: "changed", draft: edited },
    );
    expect(state.draft).toBe(loaded);
    expect(run({ type: "loaded", draft: loaded }, { type: "changed", draft: edited }).draft).toBe(
      edited,
    );
  });

  test("a refused save shows the field count until a save passes", () => {
    const refused = run({ type: "loaded", draft: edited }, { type: "save refused" });
    expect(shownNotice(refused, 2)).toEqual({
      tone: "error",
      text: "Not saved: 2 fields need attention.",
    });
    expect(shownNotice(refused, 1)?.text).toBe("Not saved: 1 field needs attention.");
    expect(shownNotice(refused, 0)).toBeNull();
    const saved = editorReducer(editorReducer(refused, { type: "save started" }), {
      type: "save finished",
      draft: loaded,
      conflicts: [],
      messages: [],
      savedAt: "2025-01-01T00:00:05.000Z",
    });
    expect(shownNotice(saved, 2)).toMatchObject({ tone: "ok" });
    expect(saved.busy).toBeNull();
  });

  test("a saved collection the public page does not show (client resources) does not say the page shows it", () => {
    const finished = (onPage: boolean) =>
      shownNotice(
        run(
          { type: "loaded", draft: edited },
          { type: "save started" },
          {
            type: "save finished",
            draft: edited,
            conflicts: [],
            messages: [],
            savedAt: "",
            onPage,
          },
        ),
        0,
      )?.text;
    expect(finished(false)).not.toContain("public page");
    expect(finished(false)).toContain("Signed-in clients see it");
    expect(finished(true)).toContain("The public page shows it");
  });

  test("a save with refused calls names them and keeps the draft it was given", () => {
    const state = run(
      { type: "loaded", draft: edited },
      { type: "save started" },
      { type: "save finished", draft: edited, conflicts: [], messages: ["x", "y"], savedAt: "" },
    );
    expect(state.notice).toEqual({ tone: "error", text: "Some changes were not saved: x; y" });
    expect(state.draft).toBe(edited);
  });

  test("a stale save opens the conflicts", () => {
    const state = run(...withConflicts(conflictOn("a")));
    expect(state).toMatchObject({ conflictsOpen: true, busy: null });
    expect(state.notice?.text).toMatch(/a newer version exists/);
  });

  test("a failed save frees the form and keeps the draft", () => {
    const state = run(
      { type: "loaded", draft: edited },
      { type: "save started" },
      { type: "save failed", text: "Not saved: offline." },
    );
    expect(state).toMatchObject({ busy: null, draft: edited, notice: { tone: "error" } });
  });
});

describe("resolving conflicts", () => {
  test("keeping mine in the last conflict asks to save again", () => {
    const state = editorReducer(run(...withConflicts(conflictOn("a"))), {
      type: "conflict resolved",
      conflict: conflictOn("a"),
      choice: "mine",
    });
    expect(state).toMatchObject({ conflicts: [], conflictsOpen: false, saveAgain: true });
    expect(state.draft.rows[0]?.data.data).toBe("mine a");
    expect(editorReducer(state, { type: "save started" }).saveAgain).toBe(false);
  });

  test("mine kept in an earlier conflict still saves after the last is resolved", () => {
    const first = editorReducer(run(...withConflicts(conflictOn("a"), conflictOn("b"))), {
      type: "conflict resolved",
      conflict: conflictOn("a"),
      choice: "mine",
    });
    expect(first).toMatchObject({ conflictsOpen: true, saveAgain: false, keptMine: true });
    const last = editorReducer(first, {
      type: "conflict resolved",
      conflict: conflictOn("b"),
      choice: "stored",
    });
    expect(last).toMatchObject({ conflictsOpen: false, saveAgain: true, keptMine: false });
  });

  test("taking every stored version saves nothing and says so", () => {
    const state = editorReducer(run(...withConflicts(conflictOn("a"))), {
      type: "conflict resolved",
      conflict: conflictOn("a"),
      choice: "stored",
    });
    expect(state).toMatchObject({ saveAgain: false, conflictsOpen: false });
    expect(state.notice?.text).toBe("Conflicts resolved: the stored versions are shown.");
    expect(state.draft.rows[0]?.data.data).toBe("theirs");
  });
});

describe("restoring", () => {
  test("a restored version replaces its row and closes the history", () => {
    const version = { ...stored[1], data: "older b" };
    const state = run(
      { type: "loaded", draft: loaded },
      { type: "history shown", rowKey: "b" },
      { type: "restored", item: version, savedAt: "2025-01-01T00:00:00.000Z" },
    );
    expect(state.historyKey).toBeNull();
    expect(state.draft.rows.map((row) => row.data.data)).toEqual(["stored a", "older b"]);
    expect(state.notice?.text).toMatch(/^Restored the version saved .+ It is live now/);
  });

  test("a removed item brought back joins the draft once", () => {
    const gone = { _id: "c", _updatedDate: v(1), title_fld: "Gone", data: "back" };
    const state = run(
      { type: "loaded", draft: loaded },
      { type: "brought back", item: gone },
      { type: "brought back", item: gone },
    );
    expect(state.draft.rows.map((row) => row.id)).toEqual(["a", "b", "c"]);
    expect(state.notice).toEqual({ tone: "ok", text: "Brought back. It is live now." });
  });
});
