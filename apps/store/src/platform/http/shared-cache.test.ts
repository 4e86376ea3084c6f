import { describe, expect, test } from "vitest";
import { readSharedCache, sharedCacheControl } from "./shared-cache.ts";

describe("shared-cache configuration", () => {
  test("defaults to a minute in shared caches and five minutes stale while revalidating", () => {
    const cache = readSharedCache({});
    expect(sharedCacheControl(cache, "no-cache")).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=300",
    );
  });

  test("CDN_S_MAXAGE_SECONDS=0 turns it off: the fallback stays", () => {
    expect(sharedCacheControl(readSharedCache({ CDN_S_MAXAGE_SECONDS: "0" }), "no-cache")).toBe(
      "no-cache",
    );
  });

  test("a stale window of 0 drops the directive", () => {
    const cache = readSharedCache({
      CDN_S_MAXAGE_SECONDS: "600",
      CDN_STALE_WHILE_REVALIDATE_SECONDS: "0",
    });
    expect(sharedCacheControl(cache, "")).toBe("public, max-age=0, s-maxage=600");
  });

  test.each(["-1", "1.5", "ten", "86401"])("refuses %s with a one-line message", (value) => {
    expect(() => readSharedCache({ CDN_S_MAXAGE_SECONDS: value })).toThrow(
      /^CDN_S_MAXAGE_SECONDS must be an integer from 0 to 86400/,
    );
    expect(() => readSharedCache({ CDN_STALE_WHILE_REVALIDATE_SECONDS: value })).toThrow(
      /^CDN_STALE_WHILE_REVALIDATE_SECONDS must be/,
    );
  });
});
