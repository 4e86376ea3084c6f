/**
 * @module Sends a CompressedBody: content coding by `Accept-Encoding`, an ETag, and `304 Not
 * Modified` when a GET or HEAD already holds these bytes (`If-None-Match`).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { CompressedBody } from "./compressed-body.ts";
import { negotiateEncoding } from "./content-encoding.ts";

export type BodyHeaders = {
  contentType: string;
  cacheControl: string;
  /** Request headers the bytes depend on besides `Accept-Encoding`. */
  vary?: readonly string[];
};

/** Weak comparison (RFC 9110 §13.1.2): any listed tag, or `*`, matching ours. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const ours = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === ours);
}

/** What a shared cache may do when the answer also sets a cookie: nothing. */
const PER_CALLER = "private, no-store";

function validatorHeaders(body: CompressedBody, headers: BodyHeaders): Record<string, string> {
  return {
    etag: body.etag,
    "cache-control": headers.cacheControl,
    vary: [...(headers.vary ?? []), "Accept-Encoding"].join(", "),
  };
}

/** The headers and bytes of a 200 carrying `body`, coded as `Accept-Encoding` allows. */
export function encodedResponse(
  body: CompressedBody,
  headers: BodyHeaders,
  acceptEncoding: string | undefined,
): { headers: Record<string, string>; bytes: Buffer } {
  const { encoding, bytes } = body.encode(negotiateEncoding(acceptEncoding));
  return {
    headers: {
      ...validatorHeaders(body, headers),
      "content-type": headers.contentType,
      ...(encoding === null ? {} : { "content-encoding": encoding }),
    },
    bytes,
  };
}

export function sendBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CompressedBody,
  bodyHeaders: BodyHeaders,
): FastifyReply {
  const headers = reply.hasHeader("set-cookie")
    ? { ...bodyHeaders, cacheControl: PER_CALLER }
    : bodyHeaders;
  const conditional = request.method === "GET" || request.method === "HEAD";
  if (conditional && etagMatches(request.headers["if-none-match"], body.etag)) {
    return reply.headers(validatorHeaders(body, headers)).code(304).send();
  }
  const response = encodedResponse(body, headers, request.headers["accept-encoding"]);
  return reply.headers(response.headers).send(response.bytes);
}
