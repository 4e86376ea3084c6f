import { describe, expect, test } from "vitest";
import type { PendingChange } from "../api/drafts-api.ts";
import { addRow, draftFromItems, removeRow, setRowData } from "./draft.ts";
import { hasDraftChanges, planDraftSave, withPending } from "./pending.ts";

const LIVE = [
  { _id: "a", order: 1, itemData: "First" },
  { _id: "b", order: 2, itemData: "Second" },
];

function put(itemId: string, data: Record<string, unknown>, publishAt: string | null = null) {
  return {
    collectionId: "Clients",
    itemId,
    kind: "put",
    data: { _id: itemId, ...data },
    publishAt,
    savedBy: "owner",
    savedAt: "2026-11-27T10:00:00.000Z",
  } satisfies PendingChange;
}

const live = () => draftFromItems("clients", LIVE);

describe("the editor's drafts", () => {
  test("a pending put shows in its row, a new item joins in order, and nothing counts as unsaved", () => {
    const changes = [
      put("b", { order: 2, itemData: "Second, drafted" }),
      put("n", { order: 3, itemData: "New" }),
    ];
    const draft = withPending("clients", live(), changes);
    expect(draft.rows.map((row) => row.data.itemData)).toEqual(["First", "Second, drafted", "New"]);
    expect(draft.rows[1]?.base?.itemData).toBe("Second");
    expect(hasDraftChanges("clients", draft, changes)).toBe(false);
    expect(planDraftSave("clients", draft, changes)).toEqual({ changes: [], discardPuts: [] });
  });

  test("an edit of a drafted row is a put that keeps the draft's schedule", () => {
    const changes = [put("b", { order: 2, itemData: "Drafted" }, "2026-12-01T09:00:00.000Z")];
    const shown = withPending("clients", live(), changes);
    const edited = setRowData(shown, "b", { ...(shown.rows[1]?.data ?? {}), itemData: "Again" });
    expect(hasDraftChanges("clients", edited, changes)).toBe(true);
    expect(planDraftSave("clients", edited, changes).changes).toEqual([
      {
        itemId: "b",
        kind: "put",
        data: { _id: "b", order: 2, itemData: "Again" },
        publishAt: "2026-12-01T09:00:00.000Z",
      },
    ]);
  });

  test("a removed live row is a pending remove, and its drafted put is dropped", () => {
    const changes = [put("a", { order: 1, itemData: "Drafted" })];
    const removed = removeRow(withPending("clients", live(), changes), "a");
    expect(planDraftSave("clients", removed, changes)).toEqual({
      changes: [{ itemId: "a", kind: "remove" }],
      discardPuts: ["a"],
    });
  });

  test("a line added in the editor gets its own id; one only in a draft and taken out is discarded", () => {
    const changes = [put("n", { order: 3, itemData: "Only drafted" })];
    const shown = withPending("clients", live(), changes);
    const withoutNew = { ...shown, rows: shown.rows.filter((row) => row.key !== "n") };
    const added = addRow(withoutNew, "new-1", { itemData: "Added" });
    const plan = planDraftSave("clients", added, changes, () => "fresh-id");
    expect(plan.discardPuts).toEqual(["n"]);
    expect(plan.changes).toEqual([
      { itemId: "fresh-id", kind: "put", data: { _id: "fresh-id", order: 3, itemData: "Added" } },
    ]);
  });
});
