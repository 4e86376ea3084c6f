/** Which redirect URIs may receive codes: never an open redirect. */
import { describe, expect, test } from "vitest";
import { allowedOrigins, isAllowedRedirectUri } from "./redirect-uris.ts";

const OWN = "https://store.example";
const ALLOWED = ["https://site.example/callback", "https://app.example/auth/*"];
const allowed = (uri: unknown) => isAllowedRedirectUri(uri, OWN, ALLOWED);

describe("redirect URIs", () => {
  test.each([
    "https://store.example/callback",
    "https://store.example/any/path?x=1",
    "https://site.example/callback",
    "https://site.example/callback?from=home",
    "https://app.example/auth/done",
  ])("%s is allowed", (uri) => {
    expect(allowed(uri)).toBe(true);
  });

  test.each([
    "https://evil.example/callback",
    "https://store.example.evil.example/callback",
    "https://store.example@evil.example/callback",
    "https://user:pass@store.example/callback",
    "http://store.example/callback",
    "https://store.example:8443/callback",
    "//evil.example/callback",
    "/relative",
    "javascript:alert(1)",
    "data:text/html,hi",
    "https://store.example/callback#fragment",
    "https://site.example/callback/extra",
    "https://app.example/authx",
    // The wildcard's path on another origin: an attacker's redirect session would get the code.
    "https://evil.example/auth/x",
    "http://app.example/auth/x",
    "https://app.example/auth/../evil",
    `https://store.example/${"x".repeat(3000)}`,
    5,
    null,
  ])("%s is refused", (uri) => {
    expect(allowed(uri)).toBe(false);
  });

  test("web_message may post to the store's origin and the configured ones only", () => {
    expect(allowedOrigins(OWN, ALLOWED)).toEqual([
      OWN,
      "https://site.example",
      "https://app.example",
    ]);
  });
});
