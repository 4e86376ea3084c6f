import { describe, expect, it } from "vitest";
import { sha256 } from "./sha256.ts";

const hex = (bytes: ArrayBuffer | Uint8Array) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, "0")).join("");

describe("sha256", () => {
  // 55 and 56 bytes straddle the one-block padding limit; 64 and 119/120 the next ones.
  it.each([0, 1, 43, 55, 56, 63, 64, 119, 120, 128, 1000])(
    "matches Web Crypto for a %i-byte message",
    async (length) => {
      const message = Uint8Array.from({ length }, (_, i) => (i * 31 + 7) % 256);

      expect(hex(sha256(message))).toBe(hex(await crypto.subtle.digest("SHA-256", message)));
    },
  );
});
