import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { ItemData } from "./item-data.ts";
import { isSampleStandIn, SAMPLE_COLLECTIONS, SAMPLE_STAND_INS } from "./sample-content.ts";

const sampleFile = (name: string): ItemData[] =>
  JSON.parse(readFileSync(new URL(`../../../content/${name}.json`, import.meta.url), "utf8"));

describe("the sample content's stand-ins", () => {
  test("are the sample's client logos and client resources, as the content files hold them", () => {
    for (const collection of SAMPLE_COLLECTIONS) {
      const items = sampleFile(collection).filter(
        (item) => collection !== "Pictures" || item.slot === "client-logo",
      );
      expect(items.every((item) => isSampleStandIn(collection, item))).toBe(true);
      expect(items.length).toBe(SAMPLE_STAND_INS[collection].length);
    }
  });

  test("are the owner's once the field that shows them changed, and never another kind", () => {
    const pack = sampleFile("ClientResources")[0] ?? {};
    expect(isSampleStandIn("ClientResources", { ...pack, title: "Renamed" })).toBe(true);
    expect(isSampleStandIn("ClientResources", { ...pack, url: "https://ana.example/pack" })).toBe(
      false,
    );
    const [portrait] = sampleFile("Pictures");
    expect(isSampleStandIn("Pictures", portrait ?? {})).toBe(false);
    expect(isSampleStandIn("Services", pack)).toBe(false);
  });
});
