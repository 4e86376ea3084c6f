import { describe, expect, test } from "vitest";
import { siteFrame } from "../platform/pages/site-frame.ts";
import { siteBrandOf } from "./site-brand.ts";

const picture = (slot: string, file: string) => ({
  _id: slot,
  slot,
  alt: "Ana Smith Consulting",
  src: `/media/${file}.svg`,
  width: 64,
  height: 64,
});

describe("the members' pages' brand", () => {
  test("shows the dark-scheme logo in the dark scheme, the logo elsewhere", () => {
    const brand = siteBrandOf({
      SiteSettings: [{ _id: "site", name: "Ana Smith" }],
      Pictures: [picture("logo", "light"), picture("logo-dark", "dark")],
    });
    expect(brand).toEqual({
      name: "Ana Smith",
      logoSrc: "/media/light.svg",
      logoDarkSrc: "/media/dark.svg",
    });
    expect(siteFrame(brand)).toContain(
      '<picture><source media="(prefers-color-scheme: dark)" srcset="/media/dark.svg"><img src="/media/light.svg"',
    );
  });

  test("without a dark-scheme logo, the one logo shows in both", () => {
    const brand = siteBrandOf({ Pictures: [picture("logo", "light")] });
    expect(brand.logoDarkSrc).toBeNull();
    expect(siteFrame(brand)).not.toContain("<picture>");
    expect(siteFrame(brand)).toContain('<img src="/media/light.svg"');
  });
});
