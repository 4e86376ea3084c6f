import { describe, expect, it } from "vitest";
import { sortByOrder } from "./item-data.ts";

describe("sortByOrder", () => {
  it("orders items by ascending order field", () => {
    const items = [
      { _id: "c", order: 3 },
      { _id: "a", order: 1 },
      { _id: "b", order: 2 },
    ];
    expect(sortByOrder(items).map((item) => item._id)).toEqual(["a", "b", "c"]);
  });

  it("puts items without order last, keeping their store order", () => {
    const items = [{ _id: "x" }, { _id: "b", order: 2 }, { _id: "y" }, { _id: "a", order: 1 }];
    expect(sortByOrder(items).map((item) => item._id)).toEqual(["a", "b", "x", "y"]);
  });

  it("keeps store order between items with the same order", () => {
    const items = [
      { _id: "first", order: 1 },
      { _id: "second", order: 1 },
      { _id: "zero", order: 0 },
    ];
    expect(sortByOrder(items).map((item) => item._id)).toEqual(["zero", "first", "second"]);
  });

  it("treats a non-numeric order as missing", () => {
    const items = [
      { _id: "text", order: "1" },
      { _id: "number", order: 5 },
    ];
    expect(sortByOrder(items).map((item) => item._id)).toEqual(["number", "text"]);
  });

  it("leaves the input array untouched", () => {
    const items = [
      { _id: "b", order: 2 },
      { _id: "a", order: 1 },
    ];
    sortByOrder(items);
    expect(items.map((item) => item._id)).toEqual(["b", "a"]);
  });
});
