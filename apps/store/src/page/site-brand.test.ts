import { describe, expect, test } from "vitest";
import { MEMBERS_CSS } from "../platform/pages/assets.ts";
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
  test("shows the dark-scheme logo in the dark scheme (the visitor's choice or the system's), the logo elsewhere", () => {
    const brand = siteBrandOf({
      SiteSettings: [{ _id: "site", name: "Ana Smith" }],
      Pictures: [picture("logo", "light"), picture("logo-dark", "dark")],
    });
    expect(brand).toEqual({
      name: "Ana Smith",
      logoSrc: "/media/light.svg",
      logoDarkSrc: "/media/dark.svg",
      email: "",
    });
    expect(siteFrame(brand)).toContain(
      '<img src="/media/light.svg" class="logo-light" alt="" width="32" height="32"><img src="/media/dark.svg" class="logo-dark" alt="" width="32" height="32">',
    );
    // The stylesheet shows one of the two: the dark one under the site's dark choice, or the
    // system's dark scheme when the visitor chose nothing.
    expect(MEMBERS_CSS).toContain(
      ':root[data-theme="dark"] .site-name .logo-dark {\n  display: block;',
    );
    expect(MEMBERS_CSS).toContain(
      ':root:not([data-theme="light"]) .site-name .logo-dark {\n    display: block;',
    );
  });

  test("without a dark-scheme logo, the one logo shows in both", () => {
    const brand = siteBrandOf({ Pictures: [picture("logo", "light")] });
    expect(brand.logoDarkSrc).toBeNull();
    expect(siteFrame(brand)).not.toContain("logo-dark");
    expect(siteFrame(brand)).toContain('<img src="/media/light.svg"');
  });
});
