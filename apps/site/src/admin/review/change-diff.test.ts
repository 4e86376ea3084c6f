import { expect, test } from "vitest";
import { changedFields } from "./change-diff.ts";

test("names each changed text with its before and after, never the system fields", () => {
  const live = {
    _id: "a",
    _updatedDate: { $date: "2026-01-01T00:00:00Z" },
    title_fld: "About",
    data: "Old",
  };
  const draft = { _id: "a", title_fld: "About", data: "New", order: 3 };
  expect(changedFields(live, draft)).toEqual([{ field: "data", before: "Old", after: "New" }]);
});

test("a nested list's text is named by its place; a new item has no before, a removed one no after", () => {
  const live = { itemData: { title: "Coaching", details: [{ heading: "One", text: "a" }] } };
  const draft = { itemData: { title: "Coaching", details: [{ heading: "One", text: "b" }] } };
  expect(changedFields(live, draft)).toEqual([
    { field: "itemData › details 1 › text", before: "a", after: "b" },
  ]);
  expect(changedFields(null, { data: "Hi" })).toEqual([{ field: "data", before: "", after: "Hi" }]);
  expect(changedFields({ data: "Bye" }, null)).toEqual([
    { field: "data", before: "Bye", after: "" },
  ]);
});
