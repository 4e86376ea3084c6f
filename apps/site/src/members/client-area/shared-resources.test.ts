import { describe, expect, test } from "vitest";
import { safeHref, toSharedResources } from "./shared-resources.ts";

describe("the client area's resources", () => {
  test("only http and https links are followed", () => {
    expect(safeHref("https://example.com/notes")).toBe("https://example.com/notes");
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("data:text/html,hi")).toBeNull();
    expect(safeHref("not a link")).toBeNull();
  });

  test("come in the owner's order with missing fields empty", () => {
    const resources = toSharedResources([
      { _id: "b", order: 2, title: "Second" },
      { _id: "a", order: 1, title: "First", url: "javascript:void(0)" },
    ]);
    expect(resources.map((resource) => resource.title)).toEqual(["First", "Second"]);
    expect(resources[0]).toMatchObject({ id: "a", text: "", href: null });
  });
});
