/**
 * @module The headers and bytes of a cached answer for each `Accept-Encoding` value seen, ready
 * for `writeHead`: the same few combinations repeat until the content changes (and the answer
 * with it), so the paths in front of Fastify build each once.
 */
import type { CompressedBody } from "./compressed-body.ts";
import { type BodyHeaders, encodedResponse } from "./send-body.ts";

/** Distinct Accept-Encoding values kept per answer (any client may send any value). */
const MAX_PREPARED_PER_ANSWER = 16;

/** Header names and values alternating, as `writeHead` takes them. */
export type PreparedResponse = { headers: string[]; bytes: Buffer };

export function createPreparedResponses(headers: BodyHeaders) {
  const prepared = new WeakMap<CompressedBody, Map<string, PreparedResponse>>();
  return function prepare(body: CompressedBody, acceptEncoding = ""): PreparedResponse {
    let forBody = prepared.get(body);
    if (forBody === undefined) {
      forBody = new Map();
      prepared.set(body, forBody);
    }
    let response = forBody.get(acceptEncoding);
    if (response === undefined) {
      const encoded = encodedResponse(body, headers, acceptEncoding);
      const all = { ...encoded.headers, "content-length": String(encoded.bytes.byteLength) };
      response = { headers: Object.entries(all).flat(), bytes: encoded.bytes };
      if (forBody.size < MAX_PREPARED_PER_ANSWER) forBody.set(acceptEncoding, response);
    }
    return response;
  };
}
