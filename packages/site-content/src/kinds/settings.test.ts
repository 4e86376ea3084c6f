import { describe, expect, it } from "vitest";
import {
  bookingHref,
  readSettings,
  type SiteSettings,
  selectSettings,
  siteOrigin,
} from "./settings.ts";

const defaults: SiteSettings = {
  name: "Alex Sample",
  company: "Sample Consulting LLC",
  email: "hello@example.com",
  phone: "+1 555 0100",
  profileUrl: "https://www.linkedin.com/in/example",
  profileLabel: "LinkedIn",
  bookingUrl: "",
  bookingPage: "",
  title: "Alex Sample | Consultant",
  description: "Strategy and operations.",
  siteUrl: "",
  shareImageUrl: "",
  showClientSignIn: false,
};

describe("readSettings", () => {
  it("takes every stored field of the right type", () => {
    const settings = readSettings({ name: "Sam Owner", showClientSignIn: true }, defaults);
    expect(settings.name).toBe("Sam Owner");
    expect(settings.showClientSignIn).toBe(true);
    expect(settings.company).toBe(defaults.company);
  });

  it("falls back to the default for a field of the wrong type", () => {
    expect(readSettings({ phone: 5550100 }, defaults).phone).toBe(defaults.phone);
  });

  it("uses the defaults when there is no stored item", () => {
    expect(readSettings(undefined, defaults)).toEqual(defaults);
  });
});

describe("selectSettings", () => {
  it("reads the item with the settings id before any other", () => {
    const items = [
      { _id: "other", name: "Stray" },
      { _id: "site", name: "Sam Owner" },
    ];
    expect(selectSettings(items, defaults).name).toBe("Sam Owner");
  });

  it("uses the defaults while the collection is loading", () => {
    expect(selectSettings(undefined, defaults)).toEqual(defaults);
  });
});

describe("siteOrigin", () => {
  it("drops trailing slashes", () => {
    expect(siteOrigin({ siteUrl: "https://example.com/" })).toBe("https://example.com");
  });

  it("is undefined while the address is not set", () => {
    expect(siteOrigin({ siteUrl: " " })).toBeUndefined();
  });
});

describe("bookingHref", () => {
  it("leads to the built-in page on a new site and to the link a site from before keeps", () => {
    expect(bookingHref({ bookingPage: "", bookingUrl: "" })).toEqual({
      href: "/book",
      external: false,
    });
    expect(bookingHref({ bookingPage: "", bookingUrl: " https://cal.example.com/a " })).toEqual({
      href: "https://cal.example.com/a",
      external: true,
    });
  });

  it("follows the owner's choice, and shows no button for the external choice without a link", () => {
    const link = "https://cal.example.com/a";
    expect(bookingHref({ bookingPage: "builtIn", bookingUrl: link })?.href).toBe("/book");
    expect(bookingHref({ bookingPage: "external", bookingUrl: link })?.href).toBe(link);
    expect(bookingHref({ bookingPage: "external", bookingUrl: "" })).toBeNull();
  });
});
