import { describe, expect, test } from "vitest";
import { bringBackIntoConflicts, bringBackIntoDraft } from "./bring-back.ts";
import { draftFromItems, removeRow, setRowData } from "./draft.ts";
import { planSave } from "./plan-save.ts";

const v = (n: number) => ({ $date: `2025-01-01T00:00:0${n}.000Z` });
const first = { _id: "a", _updatedDate: v(1), order: 1, itemData: "First" };
const second = { _id: "b", _updatedDate: v(1), order: 2, itemData: "Second" };
const broughtBack = { ...second, _updatedDate: v(5) };

describe("bringing back a deleted item", () => {
  test("adds it as a stored row when the draft has none for it", () => {
    const draft = bringBackIntoDraft(draftFromItems("clients", [first]), broughtBack);
    expect(draft.rows.map((row) => row.id)).toEqual(["a", "b"]);
    expect(planSave("clients", draft)).toEqual([]);
  });

  test("keeps the owner's edit of it as the one row, now saved over the item brought back", () => {
    const edited = setRowData(draftFromItems("clients", [first, second]), "b", {
      ...second,
      itemData: "Mine",
    });
    const draft = bringBackIntoDraft(edited, broughtBack);
    expect(draft.rows.filter((row) => row.id === "b")).toHaveLength(1);
    expect(draft.rows[1]?.data.itemData).toBe("Mine");
    expect(planSave("clients", draft)).toEqual([
      expect.objectContaining({
        type: "update",
        id: "b",
        expectedUpdatedDate: "2025-01-01T00:00:05.000Z",
      }),
    ]);
  });

  test("replaces an unedited row for it with the item brought back", () => {
    const draft = bringBackIntoDraft(draftFromItems("clients", [first, second]), broughtBack);
    expect(draft.rows).toHaveLength(2);
    expect(draft.rows[1]?.base).toEqual(broughtBack);
  });

  test("is no longer a pending removal", () => {
    const removed = removeRow(draftFromItems("clients", [first, second]), "b");
    const draft = bringBackIntoDraft(removed, broughtBack);
    expect(draft.removed).toEqual([]);
    expect(draft.rows.map((row) => row.id)).toEqual(["a", "b"]);
  });

  test("an open conflict about it names it as the stored version", () => {
    const conflicts = [
      { rowKey: "b", mine: { ...second, itemData: "Mine" }, stored: null },
      { rowKey: "a", mine: { ...first, itemData: "Other" }, stored: null },
    ];
    expect(bringBackIntoConflicts(conflicts, broughtBack)).toEqual([
      { rowKey: "b", mine: conflicts[0]?.mine, stored: broughtBack },
      conflicts[1],
    ]);
  });

  test("a conflict whose text equals the item brought back is settled", () => {
    const conflicts = [{ rowKey: "b", mine: { ...second }, stored: null }];
    expect(bringBackIntoConflicts(conflicts, broughtBack)).toEqual([]);
  });
});
