import { expect, test } from "vitest";
import { changedFields } from "./change-diff.ts";

test("names each changed text as the editor labels it, never the system fields", () => {
  const live = {
    _id: "a",
    _updatedDate: { $date: "2026-01-01T00:00:00Z" },
    title_fld: "About",
    data: "Old",
  };
  const draft = { _id: "a", title_fld: "About", data: "New", order: 3 };
  expect(changedFields(live, draft)).toEqual([{ field: "Text", before: "Old", after: "New" }]);
});

test("a nested list's text is named by its place; a new item has no before, a removed one no after", () => {
  const live = { itemData: { title: "Coaching", details: [{ heading: "One", text: "a" }] } };
  const draft = { itemData: { title: "Coaching", details: [{ heading: "One", text: "b" }] } };
  expect(changedFields(live, draft)).toEqual([{ field: "Detail 1 text", before: "a", after: "b" }]);
  expect(changedFields(null, { data: "Hi" })).toEqual([{ field: "Text", before: "", after: "Hi" }]);
  expect(changedFields({ data: "Bye" }, null)).toEqual([
    { field: "Text", before: "Bye", after: "" },
  ]);
});

test("a replaced picture is one line, its file's name, not its processed sizes", () => {
  const live = { slot: "portrait", alt: "Me", src: "/media/aa.jpg", width: 480, srcset: "x" };
  const draft = { slot: "portrait", alt: "Me", src: "/media/bb.jpg", width: 400, srcset: "y" };
  expect(changedFields(live, draft)).toEqual([
    { field: "Picture file", before: "aa.jpg", after: "bb.jpg" },
  ]);
});
