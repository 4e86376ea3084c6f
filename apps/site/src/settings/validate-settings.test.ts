import { describe, expect, it } from "vitest";
import { siteConfig } from "../site.config.ts";
import { validateSettings } from "./validate-settings.ts";

const valid = { ...siteConfig, siteUrl: "https://www.example.com" };

describe("validateSettings", () => {
  it("accepts the build-time defaults", () => {
    expect(validateSettings(siteConfig)).toEqual({});
  });

  it("rejects an e-mail address without a domain", () => {
    expect(validateSettings({ ...valid, email: "alex@" }).email).toMatch(/e-mail address/);
  });

  it("rejects a phone number with letters", () => {
    expect(validateSettings({ ...valid, phone: "call me" }).phone).toMatch(/phone number/);
  });

  it("rejects a phone number too short to dial", () => {
    expect(validateSettings({ ...valid, phone: "+1 2" }).phone).toMatch(/5 to 15 digits/);
  });

  it("accepts a phone number written with spaces, dots and brackets", () => {
    expect(validateSettings({ ...valid, phone: "+44 (20) 7946.0958" })).toEqual({});
  });

  it("rejects a booking link that is not a web address", () => {
    expect(validateSettings({ ...valid, bookingUrl: "javascript:alert(1)" }).bookingUrl).toMatch(
      /https:\/\//,
    );
  });

  it("accepts an empty booking link (no booking offered)", () => {
    expect(validateSettings({ ...valid, bookingUrl: "" }).bookingUrl).toBeUndefined();
  });

  it("rejects a site address with a query", () => {
    expect(validateSettings({ ...valid, siteUrl: "https://example.com/?ref=x" }).siteUrl).toMatch(
      /after \?/,
    );
  });

  it("requires a page title", () => {
    expect(validateSettings({ ...valid, title: "  " }).title).toBe("This is required.");
  });

  it("rejects a description longer than search results show", () => {
    expect(validateSettings({ ...valid, description: "x".repeat(321) }).description).toMatch(
      /320 characters/,
    );
  });
});
