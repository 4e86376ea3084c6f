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

export function sendBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: CompressedBody,
  headers: BodyHeaders,
): FastifyReply {
  reply
    .header("etag", body.etag)
    .header("cache-control", headers.cacheControl)
    .header("vary", [...(headers.vary ?? []), "Accept-Encoding"].join(", "));
  const conditional = request.method === "GET" || request.method === "HEAD";
  if (conditional && etagMatches(request.headers["if-none-match"], body.etag)) {
    return reply.code(304).send();
  }
  const { encoding, bytes } = body.encode(negotiateEncoding(request.headers["accept-encoding"]));
  if (encoding !== null) reply.header("content-encoding", encoding);
  return reply.type(headers.contentType).send(bytes);
}
