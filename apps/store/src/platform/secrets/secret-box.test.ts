/**
 * Sealed TOTP keys, as someone holding a copy of the database would try them: a box opens only
 * under the key and for the purpose it was sealed with, and any changed, cut or re-labelled part
 * opens to nothing rather than to a wrong secret.
 */
import { describe, expect, test } from "vitest";
import { openSecret, sealSecret } from "./secret-box.ts";

const KEY = new Uint8Array(32).fill(1);
const OTHER_KEY = new Uint8Array(32).fill(2);
const SECRET = "JBSWY3DPEHPK3PXP · ключ";

describe("a sealed secret", () => {
  test("opens to the same text under its key and purpose", () => {
    expect(openSecret(KEY, "totp", sealSecret(KEY, "totp", SECRET))).toBe(SECRET);
  });

  test("is four base64url parts after v1, with a 12-byte nonce and a 16-byte tag, never the text", () => {
    const sealed = sealSecret(KEY, "totp", SECRET);
    const [version, iv, data, tag, ...rest] = sealed.split(".");
    expect(version).toBe("v1");
    expect(rest).toEqual([]);
    expect(Buffer.from(iv ?? "", "base64url")).toHaveLength(12);
    expect(Buffer.from(data ?? "", "base64url")).toHaveLength(Buffer.byteLength(SECRET));
    expect(Buffer.from(tag ?? "", "base64url")).toHaveLength(16);
    expect(sealed).not.toContain("JBSWY3DP");
  });

  test("sealed twice, gives two different boxes (a fresh nonce each time)", () => {
    expect(sealSecret(KEY, "totp", SECRET)).not.toBe(sealSecret(KEY, "totp", SECRET));
  });
});

describe("a box that is not this key's, or was changed", () => {
  const sealed = sealSecret(KEY, "totp", SECRET);
  const parts = sealed.split(".");
  const flip = (part: string) => {
    const bytes = Buffer.from(part, "base64url");
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    return bytes.toString("base64url");
  };
  const withPart = (index: number, value: string) =>
    parts.map((part, i) => (i === index ? value : part)).join(".");

  test("opens to nothing under another key or for another purpose", () => {
    expect(openSecret(OTHER_KEY, "totp", sealed)).toBeNull();
    expect(openSecret(KEY, "recovery", sealed)).toBeNull();
  });

  test.each([
    ["another version", () => withPart(0, "v2")],
    ["a changed nonce", () => withPart(1, flip(parts[1] ?? ""))],
    ["changed text", () => withPart(2, flip(parts[2] ?? ""))],
    ["a changed tag", () => withPart(3, flip(parts[3] ?? ""))],
    ["no tag", () => parts.slice(0, 3).join(".")],
    ["only a version and nonce", () => parts.slice(0, 2).join(".")],
    ["only a version", () => "v1"],
    ["the plain secret", () => SECRET],
    ["nothing", () => ""],
  ])("%s opens to nothing", (_, box) => {
    expect(openSecret(KEY, "totp", box())).toBeNull();
  });
});
