import { expect, expectTypeOf, test } from "vitest";
import {
  COLLECTION_NAMES,
  COLLECTIONS,
  isPageCollection,
  PAGE_COLLECTIONS,
  type PageCollection,
} from "./index.ts";

test("PAGE_COLLECTIONS lists exactly the collections marked onPage, in registry order", () => {
  expectTypeOf<(typeof PAGE_COLLECTIONS)[number]>().toEqualTypeOf<PageCollection>();
  expect(PAGE_COLLECTIONS).toEqual(COLLECTION_NAMES.filter((name) => COLLECTIONS[name].onPage));
});

test("every collection the page shows is readable by anyone", () => {
  for (const name of PAGE_COLLECTIONS) expect(COLLECTIONS[name].read).toBe("anyone");
});

test("the page leaves out the client resources", () => {
  expect(COLLECTION_NAMES).toContain("ClientResources");
  expect(PAGE_COLLECTIONS).not.toContain("ClientResources");
  expect(isPageCollection("ClientResources")).toBe(false);
});

test("a name outside the registry is no page collection", () => {
  expect(isPageCollection("constructor")).toBe(false);
  expect(isPageCollection("HomePage")).toBe(true);
});
