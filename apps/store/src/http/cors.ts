/**
 * @module CORS for browsers on another origin (protocol.md §1.3): the SDK sends the raw token in
 * `Authorization` (no cookies), so a wildcard origin is safe.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

// wix-site-id: the SDK's API-key strategy sends it beside the key (the store ignores it).
const ALLOWED_HEADERS =
  "authorization, content-type, x-wix-bi-gateway, x-wix-consistent, wix-site-id";
const ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS";
const PREFLIGHT_MAX_AGE_SECONDS = "86400";

/** The CORS headers of a response to a request that names an `Origin`. */
export const CORS_RESPONSE_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "x-wix-request-id",
};

/** Adds the response CORS headers when the request comes from a browser on some origin. */
export function applyCorsHeaders(request: FastifyRequest, reply: FastifyReply): void {
  if (request.headers.origin !== undefined) reply.headers(CORS_RESPONSE_HEADERS);
}

export function registerCors(app: FastifyInstance): void {
  app.addHook("onRequest", function corsHook(request, reply, done) {
    applyCorsHeaders(request, reply);
    done();
  });
  app.options("*", async (_request, reply) => {
    reply
      .header("access-control-allow-methods", ALLOWED_METHODS)
      .header("access-control-allow-headers", ALLOWED_HEADERS)
      .header("access-control-max-age", PREFLIGHT_MAX_AGE_SECONDS)
      .code(204)
      .send();
  });
}
