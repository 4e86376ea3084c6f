import { describe, expect, it } from "vitest";
import { siteConfig } from "../site.config.ts";
import { decodeSettings, siteOrigin, toTelHref } from "./site-settings.ts";

describe("decodeSettings", () => {
  it("takes every stored field of the right type", () => {
    const settings = decodeSettings({ name: "Sam Owner", showClientSignIn: true }, siteConfig);
    expect(settings.name).toBe("Sam Owner");
    expect(settings.showClientSignIn).toBe(true);
    expect(settings.company).toBe(siteConfig.company);
  });

  it("falls back to the default for a field of the wrong type", () => {
    expect(decodeSettings({ phone: 5550100 }, siteConfig).phone).toBe(siteConfig.phone);
  });

  it("uses the defaults when there is no stored item", () => {
    expect(decodeSettings(undefined, siteConfig)).toEqual(siteConfig);
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

describe("toTelHref", () => {
  it("keeps only digits and the leading plus", () => {
    expect(toTelHref("+1 (555) 01-00")).toBe("tel:+15550100");
  });
});
