import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { createCompressedBody } from "./compressed-body.ts";

const LARGE = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i, text: "x" })) });

describe("createCompressedBody", () => {
  test("brotli and gzip forms decode to the original bytes", () => {
    const body = createCompressedBody(LARGE);
    const br = body.encode("br");
    const gzip = body.encode("gzip");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.bytes).toString()).toBe(LARGE);
    expect(gunzipSync(gzip.bytes).toString()).toBe(LARGE);
    expect(br.bytes.byteLength).toBeLessThan(LARGE.length / 4);
  });

  test("compresses each form once", () => {
    const body = createCompressedBody(LARGE);
    expect(body.encode("br").bytes).toBe(body.encode("br").bytes);
  });

  test("sends a small body as it is", () => {
    const body = createCompressedBody("{}");
    expect(body.encode("br")).toEqual({ encoding: null, bytes: Buffer.from("{}") });
  });

  test("gives equal bytes the same weak ETag and different bytes another", () => {
    expect(createCompressedBody("a").etag).toBe(createCompressedBody(Buffer.from("a")).etag);
    expect(createCompressedBody("a").etag).not.toBe(createCompressedBody("b").etag);
    expect(createCompressedBody("a").etag).toMatch(/^W\/".+"$/);
  });

  test("size counts the compressed forms made", () => {
    const body = createCompressedBody(LARGE);
    const before = body.size;
    body.encode("gzip");
    expect(body.size).toBeGreaterThan(before);
  });
});
