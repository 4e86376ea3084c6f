/**
 * The members' settings read from the environment, as a developer deploying the store sets them:
 * what each variable turns into, what unset leaves alone, and a one-line error naming the
 * variable and the value for every value the store would otherwise misread (a redirect address
 * that is not http(s) is an open door, a misspelt "true" a setting silently off).
 */
import { describe, expect, test } from "vitest";
import { readIdentityConfig } from "./identity-config.ts";

describe("an environment that sets nothing", () => {
  test("keeps the defaults: verification on, approval off, no links, no range service", () => {
    expect(readIdentityConfig({})).toEqual({
      breachedPasswordsUrl: null,
      publicUrl: null,
      allowedRedirectUris: [],
      requireEmailVerification: true,
      requireApproval: false,
    });
  });

  test("blank values are unset", () => {
    expect(
      readIdentityConfig({
        PUBLIC_URL: "  ",
        BREACHED_PASSWORDS_URL: " ",
        ALLOWED_REDIRECT_URIS: " , ,",
        MEMBER_EMAIL_VERIFICATION: " ",
        MEMBER_APPROVAL: "",
        MEMBER_SIGN_IN_MAX_PER_ADDRESS: "  ",
      }),
    ).toEqual(readIdentityConfig({}));
  });
});

describe("PUBLIC_URL", () => {
  test("is kept as its origin: a path or trailing slash never reaches a mailed link", () => {
    expect(readIdentityConfig({ PUBLIC_URL: " https://ada.example/some/path/ " }).publicUrl).toBe(
      "https://ada.example",
    );
    expect(readIdentityConfig({ PUBLIC_URL: "http://localhost:8080" }).publicUrl).toBe(
      "http://localhost:8080",
    );
  });

  test.each(["ada.example", "javascript:alert(1)", "ftp://ada.example"])(
    "%s is refused, named in the message",
    (value) => {
      expect(() => readIdentityConfig({ PUBLIC_URL: value })).toThrow(
        `PUBLIC_URL must be an http(s) URL, got "${value}"`,
      );
    },
  );
});

describe("ALLOWED_REDIRECT_URIS", () => {
  test("holds each comma-separated entry, trimmed, exact or ending in /*", () => {
    expect(
      readIdentityConfig({
        ALLOWED_REDIRECT_URIS: " https://app.example/callback ,http://localhost:3000/auth/*,",
      }).allowedRedirectUris,
    ).toEqual(["https://app.example/callback", "http://localhost:3000/auth/*"]);
  });

  test.each([
    "app.example/callback",
    "javascript:alert(1)",
    "ftp://app.example/x",
    "https://app.example/callback#fragment",
    "not a url/*",
    // One letter of fragment: refused whole, not read as if its last letter were a wildcard.
    "https://app.example/callback#a",
    // A wildcard in place of the host would let any site receive the members' codes.
    "https:///*",
    "https:/*",
  ])("an entry %s is refused, named in the message", (entry) => {
    expect(() =>
      readIdentityConfig({ ALLOWED_REDIRECT_URIS: `https://fine.example/cb,${entry}` }),
    ).toThrow(`ALLOWED_REDIRECT_URIS entries must be http(s) URLs, got "${entry}"`);
  });
});

describe("BREACHED_PASSWORDS_URL", () => {
  test("is kept without its trailing slashes, so /range/<prefix> is appended cleanly", () => {
    expect(
      readIdentityConfig({ BREACHED_PASSWORDS_URL: " https://api.pwnedpasswords.com// " })
        .breachedPasswordsUrl,
    ).toBe("https://api.pwnedpasswords.com");
  });

  test.each(["api.pwnedpasswords.com", "https://range service.example", "file:///etc/passwd"])(
    "%s is refused, named in the message",
    (value) => {
      expect(() => readIdentityConfig({ BREACHED_PASSWORDS_URL: value })).toThrow(
        `BREACHED_PASSWORDS_URL must be an http(s) URL, got "${value}"`,
      );
    },
  );

  test("a plain http mirror is kept: only the scheme's name is checked, not that it is https", () => {
    expect(
      readIdentityConfig({ BREACHED_PASSWORDS_URL: "http://range.internal:8080/" })
        .breachedPasswordsUrl,
    ).toBe("http://range.internal:8080");
  });

  test("an address with text before http is refused: the whole value must be the URL", () => {
    expect(() =>
      readIdentityConfig({ BREACHED_PASSWORDS_URL: "see https://range.example" }),
    ).toThrow("BREACHED_PASSWORDS_URL must be an http(s) URL");
  });
});

describe("the two switches", () => {
  test.each([
    ["true", true],
    ["ON", true],
    ["1", true],
    [" false ", false],
    ["off", false],
    ["0", false],
  ])("%s reads as %s", (value, expected) => {
    const config = readIdentityConfig({
      MEMBER_EMAIL_VERIFICATION: value,
      MEMBER_APPROVAL: value,
    });
    expect(config.requireEmailVerification).toBe(expected);
    expect(config.requireApproval).toBe(expected);
  });

  test.each(["yes", "ture", "2"])("a misspelt %s is refused, not read as off", (value) => {
    expect(() => readIdentityConfig({ MEMBER_APPROVAL: value })).toThrow(
      `MEMBER_APPROVAL must be true or false, got "${value}"`,
    );
    expect(() => readIdentityConfig({ MEMBER_EMAIL_VERIFICATION: value })).toThrow(
      `MEMBER_EMAIL_VERIFICATION must be true or false, got "${value}"`,
    );
  });
});

describe("MEMBER_SIGN_IN_MAX_PER_ADDRESS", () => {
  test("sets the guesses per address when it is a whole number of at least 1", () => {
    expect(readIdentityConfig({ MEMBER_SIGN_IN_MAX_PER_ADDRESS: " 1 " }).loginMaxPerAddress).toBe(
      1,
    );
    expect(readIdentityConfig({ MEMBER_SIGN_IN_MAX_PER_ADDRESS: "500" }).loginMaxPerAddress).toBe(
      500,
    );
    expect(readIdentityConfig({})).not.toHaveProperty("loginMaxPerAddress");
  });

  test.each(["0", "-5", "2.5", "ten", "1e3", "99999999999999999999", "12abc"])(
    "%s is refused, named in the message",
    (value) => {
      expect(() => readIdentityConfig({ MEMBER_SIGN_IN_MAX_PER_ADDRESS: value })).toThrow(
        `MEMBER_SIGN_IN_MAX_PER_ADDRESS must be a whole number of at least 1, got "${value}"`,
      );
    },
  );
});
