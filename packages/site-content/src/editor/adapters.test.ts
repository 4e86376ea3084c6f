import { describe, expect, test } from "vitest";
import { withResource } from "../kinds/resources.ts";
import { KIND_ADAPTERS, summarize } from "./adapters.ts";

const resources = KIND_ADAPTERS.resources;

describe("client resources", () => {
  test("a resource needs a title; its text, link and member may stay empty", () => {
    expect(resources.validate(resources.empty())).toEqual({ title: "Enter a title" });
    expect(resources.validate({ title: "Notes" })).toEqual({});
  });

  test("a link must be a full web address", () => {
    expect(resources.validate({ title: "Notes", url: "example.com/notes" })).toEqual({
      url: "Enter a full web address starting with https://",
    });
    expect(resources.validate({ title: "Notes", url: "javascript:alert(1)" })).toEqual({
      url: "Enter a full web address starting with https://",
    });
    expect(resources.validate({ title: "Notes", url: "https://example.com/n" })).toEqual({});
  });

  test("a member id has no spaces", () => {
    expect(resources.validate({ title: "Notes", memberId: "ann smith" })).toEqual({
      memberId: "A member id has no spaces",
    });
  });

  test("an emptied member id is left out of the item", () => {
    const shared = withResource({ _id: "r", title: "Notes" }, { memberId: "m-1" });
    expect(shared).toEqual({ _id: "r", title: "Notes", text: "", url: "", memberId: "m-1" });
    expect(withResource(shared, { memberId: " " })).not.toHaveProperty("memberId");
  });

  test("is listed by title and link", () => {
    expect(summarize("resources", { title: "Notes", url: "https://example.com/n" })).toBe(
      "Notes — https://example.com/n",
    );
  });
});

test("a summary is one line of at most 140 characters", () => {
  const line = summarize("clients", { itemData: `a\n${"x".repeat(200)}` });
  expect(line).toHaveLength(140);
  expect(line).toMatch(/^a x+…$/);
});

test("a list kind sorts by order, texts by the page's key order", () => {
  expect(
    KIND_ADAPTERS.clients.sort([
      { order: 2, itemData: "b" },
      { order: 1, itemData: "a" },
    ]),
  ).toEqual([
    { order: 1, itemData: "a" },
    { order: 2, itemData: "b" },
  ]);
  expect(
    KIND_ADAPTERS.texts
      .sort([{ title_fld: "SubTitle" }, { title_fld: "MainTitle" }])
      .map((item) => item.title_fld),
  ).toEqual(["MainTitle", "SubTitle"]);
});
