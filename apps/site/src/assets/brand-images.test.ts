import { describe, expect, test } from "vitest";
import { logoUrl, portraitUrl } from "./brand-images.ts";

describe("brand images", () => {
  test("are inlined as SVG data URLs, so the first paint needs no image request", () => {
    expect(logoUrl).toMatch(/^data:image\/svg\+xml,/);
    expect(portraitUrl).toMatch(/^data:image\/svg\+xml,/);
  });
});
