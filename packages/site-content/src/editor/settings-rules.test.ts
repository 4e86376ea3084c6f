import { describe, expect, it } from "vitest";
import { validateSettings } from "./settings-rules.ts";

const valid = {
  _id: "site",
  name: "Alex Sample",
  company: "Sample Consulting LLC",
  email: "hello@example.com",
  phone: "+1 555 0100",
  profileUrl: "https://www.linkedin.com/in/example",
  profileLabel: "LinkedIn",
  bookingUrl: "",
  title: "Alex Sample | Consultant",
  description: "Strategy and operations.",
  siteUrl: "https://www.example.com",
  shareImageUrl: "",
  showClientSignIn: false,
};

describe("validateSettings", () => {
  it("accepts complete settings", () => {
    expect(validateSettings(valid)).toEqual({});
  });

  it("accepts an item that holds no settings yet (the defaults apply)", () => {
    expect(validateSettings({ _id: "site" })).toEqual({});
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

  it("rejects a booking link that is a script instead of a web address", () => {
    expect(validateSettings({ ...valid, bookingUrl: "javascript:alert(1)" }).bookingUrl).toMatch(
      /https:\/\//,
    );
  });

  it("accepts an empty booking link (no booking offered)", () => {
    expect(validateSettings({ ...valid, bookingUrl: "" })).toEqual({});
  });

  it("rejects a site address with a query", () => {
    expect(validateSettings({ ...valid, siteUrl: "https://example.com/?ref=x" }).siteUrl).toMatch(
      /from \?/,
    );
  });

  it("requires a page title", () => {
    expect(validateSettings({ ...valid, title: "  " }).title).toBe("Enter the page title");
  });

  it("rejects a description longer than search results show", () => {
    expect(validateSettings({ ...valid, description: "x".repeat(321) }).description).toMatch(
      /at most 320/,
    );
  });

  it("rejects a sign-in switch that is not true or false", () => {
    expect(validateSettings({ ...valid, showClientSignIn: "yes" }).showClientSignIn).toMatch(
      /client sign-in/,
    );
  });
});
