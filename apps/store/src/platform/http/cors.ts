/**
 * @module CORS on the API prefixes only (docs/protocol.md §1.3): browsers on the allowed origins
 * may call the data, token, identity and GraphQL routes. The SDK sends the raw token in
 * `Authorization` (no cookies), so the default, any origin (`*`), is safe and is what a page served
 * from another host (static mode, or the SDK on the consultant's other sites) needs. `CORS_ORIGINS`
 * narrows it to a list. The page, its assets and `/admin` get no CORS headers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/**
 * Where the API lives: data items v2 and its alias, OAuth, identity, GraphQL, and the Bookings
 * paths without `/_api` (docs/protocol.md §14.1).
 */
export const API_PREFIXES: readonly string[] = [
  "/wix-data",
  "/v2",
  "/oauth2",
  "/_api",
  "/graphql",
  "/bookings",
  "/v1/anonymous-bookings",
];

/** `*` for any origin, or the exact origins (`https://example.com`) allowed. */
export type CorsOrigins = "*" | readonly string[];

// wix-site-id: the SDK's API-key strategy sends it beside the key (the store ignores it).
// idempotency-key: a booking's creation, sent once (docs/protocol.md §14.4).
const ALLOWED_HEADERS =
  "authorization, content-type, x-wix-bi-gateway, x-wix-consistent, wix-site-id, idempotency-key";
const ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS";
const PREFLIGHT_MAX_AGE_SECONDS = "86400";
const EXPOSE_HEADERS = "x-wix-request-id";
const ANY_ORIGIN_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": EXPOSE_HEADERS,
};

/** True for a request URL under one of the API prefixes. */
export function isApiPath(url: string): boolean {
  return API_PREFIXES.some(
    (prefix) =>
      url.startsWith(prefix) &&
      (url.length === prefix.length || url[prefix.length] === "/" || url[prefix.length] === "?"),
  );
}

/**
 * Reads `CORS_ORIGINS`: unset, empty or `*` allows any origin; else comma-separated origins.
 * @throws Error with a one-line message when an entry is not a bare origin.
 */
export function readCorsOrigins(value: string | undefined): CorsOrigins {
  const text = value?.trim() ?? "";
  if (text === "" || text === "*") return "*";
  return text.split(",").map((entry) => {
    const origin = entry.trim().replace(/\/$/, "");
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {}
    if (parsed === undefined || parsed.origin !== origin || !/^https?:$/.test(parsed.protocol)) {
      throw new Error(
        `CORS_ORIGINS must be * or origins such as https://example.com separated by commas, got "${entry.trim()}"`,
      );
    }
    return origin;
  });
}

export type CorsPolicy = ReturnType<typeof createCorsPolicy>;

export function createCorsPolicy(origins: CorsOrigins) {
  const allowed = origins === "*" ? null : new Set(origins);
  const perOrigin = new Map<string, Readonly<Record<string, string>>>();
  return {
    /** The CORS headers a response to this request carries, or null for none. */
    responseHeaders(
      origin: string | undefined,
      url: string,
    ): Readonly<Record<string, string>> | null {
      if (origin === undefined || !isApiPath(url)) return null;
      if (allowed === null) return ANY_ORIGIN_HEADERS;
      if (!allowed.has(origin)) return null;
      let headers = perOrigin.get(origin);
      if (headers === undefined) {
        headers = {
          "access-control-allow-origin": origin,
          "access-control-expose-headers": EXPOSE_HEADERS,
        };
        perOrigin.set(origin, headers);
      }
      return headers;
    },
    /** With a list of origins, API answers depend on Origin: caches must keep one per origin. */
    variesByOrigin: allowed !== null,
  };
}

/** Adds the response CORS headers when the request comes from an allowed browser origin. */
export function applyCorsHeaders(
  policy: CorsPolicy,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const headers = policy.responseHeaders(request.headers.origin, request.url);
  if (headers !== null) reply.headers(headers);
}

/** The CORS hook and the preflight answers (`OPTIONS` under the API prefixes). */
export function registerCors(app: FastifyInstance, policy: CorsPolicy): void {
  app.addHook("onRequest", function corsHook(request, reply, done) {
    applyCorsHeaders(policy, request, reply);
    done();
  });
  if (policy.variesByOrigin) {
    app.addHook("onSend", function corsVaryHook(request, reply, payload, done) {
      if (isApiPath(request.url)) {
        const vary = reply.getHeader("vary");
        reply.header("vary", vary ? `${String(vary)}, Origin` : "Origin");
      }
      done(null, payload);
    });
  }
  const preflight = async (_request: FastifyRequest, reply: FastifyReply) => {
    reply
      .header("access-control-allow-methods", ALLOWED_METHODS)
      .header("access-control-allow-headers", ALLOWED_HEADERS)
      .header("access-control-max-age", PREFLIGHT_MAX_AGE_SECONDS)
      .code(204)
      .send();
  };
  for (const prefix of API_PREFIXES) {
    app.options(prefix, preflight);
    app.options(`${prefix}/*`, preflight);
  }
}
