/**
 * @module A response body computed once and sent many times: its bytes, a weak ETag, and its
 * brotli and gzip forms, each made on first demand and kept. Bodies below `minBytes` are never
 * compressed (the headers would cost more than the saving).
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Encoding } from "./content-encoding.ts";

/** Smaller bodies go out as they are. */
export const MIN_COMPRESS_BYTES = 1024;
// Dynamic bodies are compressed on the request path: these levels cost a few ms for 100 KB.
const BROTLI_QUALITY = 6;
const GZIP_LEVEL = 6;

export type CompressedBody = {
  readonly body: Buffer;
  /** Weak: the same validator stands for every content coding of these bytes. */
  readonly etag: string;
  /** The bytes to send for the coding the client accepts; `identity` when not worth it. */
  encode(encoding: Encoding | null): { encoding: Encoding | null; bytes: Buffer };
  /** Bytes held, counting the compressed forms made so far. */
  readonly size: number;
};

export function weakEtag(body: Buffer): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzipSync(body, { level: GZIP_LEVEL });
}

export function createCompressedBody(
  content: string | Buffer,
  minBytes = MIN_COMPRESS_BYTES,
): CompressedBody {
  const body = typeof content === "string" ? Buffer.from(content) : content;
  const forms = new Map<Encoding, Buffer>();
  return {
    body,
    etag: weakEtag(body),
    encode(encoding) {
      if (encoding === null || body.byteLength < minBytes) return { encoding: null, bytes: body };
      let bytes = forms.get(encoding);
      if (bytes === undefined) {
        bytes = compress(body, encoding);
        forms.set(encoding, bytes);
      }
      return { encoding, bytes };
    },
    get size() {
      let total = body.byteLength;
      for (const bytes of forms.values()) total += bytes.byteLength;
      return total;
    },
  };
}
