/**
 * The edges of the redirect check (redirect-uris.test.ts has the common cases): credentials
 * alone, the length limit, configured entries that are not addresses, and the origins a
 * `web_message` code may be posted to, which must never be wider than the redirect check.
 */
import { describe, expect, test } from "vitest";
import { allowedOrigins, isAllowedRedirectUri } from "./redirect-uris.ts";

const OWN = "https://store.example";
const ALLOWED = ["https://site.example/callback", "https://app.example/auth/*"];

describe("redirect URIs", () => {
  test("a user name alone, or a password alone, on the store's own origin is refused", () => {
    expect(isAllowedRedirectUri("https://evil@store.example/callback", OWN, [])).toBe(false);
    expect(isAllowedRedirectUri("https://:secret@store.example/callback", OWN, [])).toBe(false);
  });

  test("an address of exactly 2048 characters is allowed; one more is refused", () => {
    const base = "https://store.example/";
    const at = (length: number) => base + "x".repeat(length - base.length);
    expect(isAllowedRedirectUri(at(2048), OWN, [])).toBe(true);
    expect(isAllowedRedirectUri(at(2049), OWN, [])).toBe(false);
  });

  test("configured entries that are not addresses allow nothing and break nothing", () => {
    const typos = ["site.example/callback", "site.example/auth/*", "https:/*"];
    expect(isAllowedRedirectUri("https://evil.example/callback", OWN, typos)).toBe(false);
    expect(isAllowedRedirectUri("https://site.example/callback", OWN, typos)).toBe(false);
    expect(isAllowedRedirectUri("https://store.example/callback", OWN, typos)).toBe(true);
  });
});

describe("web_message origins", () => {
  test("without a trusted origin, only the configured origins are allowed", () => {
    expect(allowedOrigins(null, ALLOWED)).toEqual(["https://site.example", "https://app.example"]);
    expect(allowedOrigins(null, [])).toEqual([]);
  });

  test("an entry without a path allows its origin as it is", () => {
    expect(allowedOrigins(OWN, ["https://site.example"])).toEqual([OWN, "https://site.example"]);
  });

  test("entries that are not addresses, or a malformed wildcard, add no origin to post codes to", () => {
    // "https:/*" without its "*" is no address; read whole it would be the origin "https://*".
    expect(allowedOrigins(OWN, ["site.example/callback", "https:/*", "http:/*"])).toEqual([OWN]);
    for (const typo of ["https:/*", "http:/*"]) {
      expect(isAllowedRedirectUri("https://*/x", OWN, [typo])).toBe(false);
    }
  });
});
