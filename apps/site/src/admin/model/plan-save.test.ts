import { describe, expect, test } from "vitest";
import { addRow, draftFromItems, moveRow, removeRow, rowFromItem, setRowData } from "./draft.ts";
import { assignOrders, hasChanges, planSave, previewItems } from "./plan-save.ts";

const at = (iso: string) => ({ $date: iso });
const line = (id: string, order: number | undefined, itemData: string) => ({
  _id: id,
  _updatedDate: at(`2025-01-01T00:00:0${order ?? 9}.000Z`),
  ...(order === undefined ? {} : { order }),
  itemData,
});

describe("assignOrders", () => {
  test("keeps values that are already increasing", () => {
    expect(assignOrders([1, 2, 5])).toEqual([1, 2, 5]);
  });

  test("renumbers only what breaks the order", () => {
    expect(assignOrders([3, 1, 2])).toEqual([3, 4, 5]);
    expect(assignOrders([1, 3, 2, 4])).toEqual([1, 3, 4, 5]);
  });

  test("gives rows without an order the next number", () => {
    expect(assignOrders([undefined, undefined])).toEqual([1, 2]);
    expect(assignOrders([2, undefined])).toEqual([2, 3]);
  });
});

describe("planSave", () => {
  const items = [line("a", 1, "A"), line("b", 2, "B"), line("c", 3, "C")];

  test("an untouched draft saves nothing", () => {
    expect(planSave("clients", draftFromItems("clients", items))).toEqual([]);
  });

  test("an edit updates that item only, conditioned on the loaded version", () => {
    const draft = setRowData(draftFromItems("clients", items), "b", { ...line("b", 2, "B!") });
    expect(planSave("clients", draft)).toEqual([
      {
        type: "update",
        rowKey: "b",
        id: "b",
        data: { _id: "b", order: 2, itemData: "B!" },
        expectedUpdatedDate: "2025-01-01T00:00:02.000Z",
      },
    ]);
  });

  test("a removal removes with a condition and leaves the others' order alone", () => {
    const draft = removeRow(draftFromItems("clients", items), "b");
    expect(planSave("clients", draft)).toEqual([
      { type: "remove", rowKey: "b", id: "b", expectedUpdatedDate: "2025-01-01T00:00:02.000Z" },
    ]);
  });

  test("a new line is inserted after the last one", () => {
    const draft = addRow(draftFromItems("clients", items), "new-1", { itemData: "D" });
    expect(planSave("clients", draft)).toEqual([
      { type: "insert", rowKey: "new-1", data: { itemData: "D", order: 4 } },
    ]);
  });

  test("moving a line up rewrites the orders that no longer increase", () => {
    const draft = moveRow(draftFromItems("clients", items), "c", -1);
    const ops = planSave("clients", draft);
    expect(
      ops.map((op) => [op.type, op.rowKey, op.type === "update" ? op.data.order : null]),
    ).toEqual([["update", "b", 4]]);
    expect(previewItems("clients", draft).map((item) => item.itemData)).toEqual(["A", "C", "B"]);
  });

  test("texts never get an order field", () => {
    const draft = draftFromItems("texts", [{ _id: "t", title_fld: "About", data: "x" }]);
    expect(previewItems("texts", draft)).toEqual([{ _id: "t", title_fld: "About", data: "x" }]);
  });
});

describe("hasChanges", () => {
  // Items inserted through the API carry no order; a save would give them one.
  const unordered = [line("a", undefined, "A"), line("b", undefined, "B")];

  test("a fresh draft of items stored without an order has none, though a save would number them", () => {
    const draft = draftFromItems("clients", unordered);
    expect(planSave("clients", draft)).not.toEqual([]);
    expect(hasChanges("clients", draft)).toBe(false);
  });

  test("moving, editing, adding or removing such an item is a change", () => {
    const draft = draftFromItems("clients", unordered);
    expect(hasChanges("clients", moveRow(draft, "b", -1))).toBe(true);
    expect(hasChanges("clients", setRowData(draft, "a", line("a", undefined, "A!")))).toBe(true);
    expect(hasChanges("clients", addRow(draft, "new-1", { itemData: "C" }))).toBe(true);
    expect(hasChanges("clients", removeRow(draft, "a"))).toBe(true);
  });

  test("an edit put back as it was is no change", () => {
    const draft = draftFromItems("clients", unordered);
    const edited = setRowData(draft, "a", line("a", undefined, "A!"));
    expect(hasChanges("clients", setRowData(edited, "a", line("a", undefined, "A")))).toBe(false);
  });

  test("rows rebuilt from a save's answers (no load position) still see a move", () => {
    const saved = [line("a", 1, "A"), line("b", 2, "B")].map(rowFromItem);
    const draft = { rows: saved, removed: [] };
    expect(hasChanges("clients", draft)).toBe(false);
    expect(hasChanges("clients", moveRow(draft, "b", -1))).toBe(true);
  });
});
