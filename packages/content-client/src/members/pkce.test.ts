import { describe, expect, it } from "vitest";
import { bytesToBase64 } from "../base64.ts";
import {
  createCodeChallenge,
  createCodeVerifier,
  generateOAuthData,
  VERIFIER_ALPHABET,
} from "./pkce.ts";

const allowed = new RegExp(`^[${VERIFIER_ALPHABET.replace("-", "\\-")}]+$`);

describe("code verifier", () => {
  it("is 43 characters of the 66-character alphabet by default", () => {
    const verifier = createCodeVerifier();

    expect(VERIFIER_ALPHABET).toHaveLength(66);
    expect(verifier).toHaveLength(43);
    expect(verifier).toMatch(allowed);
  });

  it.each([43, 100, 128])("can be %i characters long", (length) => {
    expect(createCodeVerifier(length)).toHaveLength(length);
  });

  it.each([42, 129, 50.5])("refuses a length of %s", (length) => {
    expect(() => createCodeVerifier(length)).toThrow(
      `Expected a length between 43 and 128. Received ${length}.`,
    );
  });

  it("differs from one call to the next", () => {
    expect(createCodeVerifier()).not.toBe(createCodeVerifier());
  });
});

describe("S256 challenge", () => {
  it("is unpadded base64url of SHA-256 over the verifier", async () => {
    const verifier = createCodeVerifier(128);
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
    const base64 = bytesToBase64(new Uint8Array(digest));

    expect(createCodeChallenge(verifier)).toBe(
      base64.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""),
    );
  });
});

describe("generateOAuthData", () => {
  it("pairs the verifier with its challenge and adds an independent 43-character state", () => {
    const data = generateOAuthData("http://localhost/callback");

    expect(data).toEqual({
      redirectUri: "http://localhost/callback",
      originalUri: "",
      codeVerifier: expect.stringMatching(allowed),
      codeChallenge: createCodeChallenge(data.codeVerifier),
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(data.state).not.toBe(data.codeChallenge);
  });

  it("keeps the original URI when given", () => {
    expect(generateOAuthData("http://a/cb", "http://a/page").originalUri).toBe("http://a/page");
  });
});
