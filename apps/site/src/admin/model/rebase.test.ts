import { describe, expect, test } from "vitest";
import { draftFromItems, removeRow, setRowData } from "./draft.ts";
import { planSave } from "./plan-save.ts";
import { keepMine, rebaseDraft, takeStored } from "./rebase.ts";

const v = (n: number) => ({ $date: `2025-01-01T00:00:0${n}.000Z` });
const loaded = [{ _id: "a", _updatedDate: v(1), title_fld: "About", data: "loaded" }];

describe("after a save", () => {
  test("the stored items become the draft when every call succeeded", () => {
    const fresh = [{ _id: "a", _updatedDate: v(2), title_fld: "About", data: "mine" }];
    const mine = setRowData(draftFromItems("texts", loaded), "a", { ...loaded[0], data: "mine" });
    const { draft, conflicts } = rebaseDraft("texts", mine, fresh, new Map());
    expect(conflicts).toEqual([]);
    expect(draft.rows[0]?.base).toEqual(fresh[0]);
    expect(planSave("texts", draft)).toEqual([]);
  });

  test("a refused row keeps the owner's text and reports both versions", () => {
    const fresh = [{ _id: "a", _updatedDate: v(3), title_fld: "About", data: "other tab" }];
    const mine = setRowData(draftFromItems("texts", loaded), "a", { ...loaded[0], data: "mine" });
    const { draft, conflicts } = rebaseDraft("texts", mine, fresh, new Map([["a", "conflict"]]));
    expect(draft.rows[0]?.data.data).toBe("mine");
    expect(conflicts).toEqual([
      { rowKey: "a", mine: expect.objectContaining({ data: "mine" }), stored: fresh[0] },
    ]);
  });

  test("a refusal is no conflict when the stored item already says the same", () => {
    const fresh = [{ _id: "a", _updatedDate: v(3), title_fld: "About", data: "mine" }];
    const mine = setRowData(draftFromItems("texts", loaded), "a", { ...loaded[0], data: "mine" });
    const { conflicts } = rebaseDraft("texts", mine, fresh, new Map([["a", "conflict"]]));
    expect(conflicts).toEqual([]);
  });

  test("a refused removal stays removed in the draft and is a conflict", () => {
    const fresh = [{ _id: "a", _updatedDate: v(3), title_fld: "About", data: "changed" }];
    const mine = removeRow(draftFromItems("texts", loaded), "a");
    const { draft, conflicts } = rebaseDraft("texts", mine, fresh, new Map([["a", "conflict"]]));
    expect(draft.rows).toEqual([]);
    expect(conflicts).toEqual([{ rowKey: "a", mine: null, stored: fresh[0] }]);
  });
});

describe("resolving a conflict", () => {
  const stored = { _id: "a", _updatedDate: v(3), title_fld: "About", data: "other tab" };
  const conflict = { rowKey: "a", mine: { data: "mine" }, stored };
  const mine = setRowData(draftFromItems("texts", loaded), "a", { ...loaded[0], data: "mine" });

  test("keeping mine saves it conditioned on the stored version", () => {
    const [op] = planSave("texts", keepMine(mine, conflict));
    expect(op).toMatchObject({
      type: "update",
      data: { data: "mine" },
      expectedUpdatedDate: "2025-01-01T00:00:03.000Z",
    });
  });

  test("using the stored version drops mine", () => {
    const draft = takeStored(mine, conflict);
    expect(draft.rows[0]?.data.data).toBe("other tab");
    expect(planSave("texts", draft)).toEqual([]);
  });

  test("keeping mine over a removal elsewhere inserts it again under its id", () => {
    const [op] = planSave("texts", keepMine(mine, { ...conflict, stored: null }));
    expect(op).toMatchObject({ type: "insert", data: { _id: "a", data: "mine" } });
  });
});
