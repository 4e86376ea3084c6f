import { describe, expect, it } from "vitest";
import { base64ToBytes, bytesToBase64, textToBase64Url } from "./base64.ts";

describe("base64", () => {
  it("encodes bytes as padded standard base64", () => {
    expect(bytesToBase64(new Uint8Array([0xfb, 0xff, 0x00, 0x41]))).toBe("+/8AQQ==");
  });

  it("decodes standard and URL-safe base64, padded or not", () => {
    const bytes = new Uint8Array([0xfb, 0xff, 0x00, 0x41]);

    expect(base64ToBytes("+/8AQQ==")).toEqual(bytes);
    expect(base64ToBytes("-_8AQQ")).toEqual(bytes);
  });

  it("round-trips a buffer larger than one encoding chunk", () => {
    const bytes = Uint8Array.from({ length: 100_000 }, (_, index) => (index * 7) % 256);

    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
  });

  it("encodes text as UTF-8 base64url without padding", () => {
    expect(textToBase64Url("ü?")).toBe("w7w_");
    expect(textToBase64Url("ü")).toBe("w7w");
  });
});
