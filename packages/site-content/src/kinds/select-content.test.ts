import { describe, expect, it } from "vitest";
import { selectClientLines, selectServices, selectText } from "../index.ts";

describe("selectText", () => {
  it("returns the data of the item with the matching title_fld", () => {
    const items = [
      { title_fld: "MainTitle", data: "Main" },
      { title_fld: "SubTitle", data: "Sub" },
    ];
    expect(selectText(items, "SubTitle")).toBe("Sub");
  });

  it("is undefined while the collection is loading or has no such key", () => {
    expect(selectText(undefined, "MainTitle")).toBeUndefined();
    expect(selectText([{ title_fld: "Other", data: "x" }], "MainTitle")).toBeUndefined();
  });

  it("is undefined for blank or non-text data", () => {
    expect(selectText([{ title_fld: "About", data: "  " }], "About")).toBeUndefined();
    expect(selectText([{ title_fld: "About", data: 42 }], "About")).toBeUndefined();
  });
});

describe("selectServices", () => {
  it("maps itemData to services sorted by order", () => {
    const services = selectServices([
      { _id: "b", order: 2, itemData: { title: "B", subtitle: "b", details: [] } },
      {
        _id: "a",
        order: 1,
        itemData: { title: "A", subtitle: "a", details: [{ heading: "H", text: "T" }] },
      },
    ]);
    expect(services).toEqual([
      {
        id: "a",
        title: "A",
        subtitle: "a",
        details: [{ key: "detail-0", heading: "H", text: "T" }],
      },
      { id: "b", title: "B", subtitle: "b", details: [] },
    ]);
  });

  it("skips items without a title and malformed details", () => {
    const services = selectServices([
      { _id: "none", itemData: { subtitle: "no title" } },
      {
        _id: "ok",
        itemData: { title: "Ok", details: [null, "text", { heading: "H", text: "T" }] },
      },
    ]);
    expect(services).toEqual([
      {
        id: "ok",
        title: "Ok",
        subtitle: "",
        details: [{ key: "detail-2", heading: "H", text: "T" }],
      },
    ]);
  });
});

describe("selectClientLines", () => {
  it("returns the itemData lines sorted by order, skipping blank ones", () => {
    const lines = selectClientLines([
      { _id: "late", itemData: "Unordered" },
      { _id: "two", order: 2, itemData: "Second" },
      { _id: "blank", order: 0, itemData: " " },
      { _id: "one", order: 1, itemData: "First" },
    ]);
    expect(lines).toEqual([
      { id: "one", text: "First" },
      { id: "two", text: "Second" },
      { id: "late", text: "Unordered" },
    ]);
  });
});
