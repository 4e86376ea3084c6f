import { describe, expect, test } from "vitest";
import { SITE_IMAGES } from "./brand-images.ts";

describe("brand images", () => {
  test("are inlined as SVG data URLs, so the first paint needs no image request", () => {
    expect(SITE_IMAGES.logo.url).toMatch(/^data:image\/svg\+xml,/);
    expect(SITE_IMAGES.portrait.url).toMatch(/^data:image\/svg\+xml,/);
  });
});
